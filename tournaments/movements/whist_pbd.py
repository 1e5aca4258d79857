"""Whist tournaments glued together from smaller ones along a pairwise balanced design.

A *pairwise balanced design* PBD(v) is a set of blocks (subsets of the v points) such that
every two points lie together in exactly one block.  Given a PBD whose blocks all have a
known whist tournament, a Wh(v) follows with no search (the PBD closure of whist
tournaments; I. Anderson, *Combinatorial Designs and Tournaments*, 1997):

* v = 1 (mod 4), every block of size = 1 (mod 4): round x, the round where player x sits
  out, is the union over the blocks B through x of the tables of the round of Wh(B) in
  which x sits out.  Two players meet only in the design of their one common block, and
  each round of Wh(B) is played exactly once (in the round of its sitter).
* v = 0 (mod 4), a point ∞ (the last one), every block through ∞ of size = 0 (mod 4)
  and every other block of size = 1 (mod 4): rounds are indexed by the points x ≠ ∞.
  A block B through ∞ gives its |B| − 1 rounds, one each, to the rounds of its points
  other than ∞; any other block B gives round x the round of Wh(B) in which x sits out.
  Round x then seats everyone: the block through x and ∞ seats x, ∞ and their block, and
  every other player y shares exactly one other block with x.

The PBDs come from transversal designs TD(k, m) (k groups of m points, every block one point
of each group, two points of different groups in exactly one block; ``transversal.py``
builds them from finite fields, shipped difference matrices and their Kronecker products),
with w extra points W:

* w = 0: the groups are blocks too (sizes k and m);
* w = 1: the extra point is added to every group (sizes k and m + 1);
* w >= 2: every group plus W is covered by a smaller PBD of this kind with a block of w
  points (through its ∞ for v = 0 mod 4), that block put on W; W is a block once.

Other PBDs are developed from a *relative difference family* over Z_n (``family_blocks``):
base blocks whose differences cover every element of Z_n outside a subgroup H once, the
cosets of H (plus ∞ when v = n + 1) being blocks too.  Such families are small and found by
``scripts/find_difference_families.py``; ``data/difference_families.json`` ships them and
they are re-verified on load.

``whist.whist_design`` calls ``pbd_design`` for sizes no field, starter or product covers
and verifies the result before use.
"""

from __future__ import annotations

import json
from functools import cache
from itertools import combinations
from pathlib import Path

from tournaments.movements.transversal import td_exists, transversal_design
from tournaments.movements.whist import Round

Block = tuple[int, ...]
# A PBD recipe: (k, m, w, ingredient) for TD(k, m) plus w points, the ingredient a recipe
# (or None for w <= 1) of the PBD on m + w points that fills each group plus W.
Recipe = tuple[int, int, int, "Recipe | None"]

FAMILIES_PATH = Path(__file__).with_name("data") / "difference_families.json"
LIMIT = 400  # the largest v searched for a recipe (individual movements stop at 400)
BLOCK_SIZES = range(5, 30, 4)  # k of the TD(k, m) tried: 1 (mod 4), and k <= m + 1


# ---------------------------------------------------------------------- PBDs


@cache
def pbd_blocks(recipe: Recipe) -> tuple[Block, ...]:
    """The blocks of the PBD on k·m + w points: group i holds points i·m .. i·m + m − 1, W the
    last w points (for v = 0 mod 4 the last point is ∞)."""
    k, m, w, ingredient = recipe
    blocks = [tuple(i * m + x for i, x in enumerate(b)) for b in transversal_design(k, m)]
    extra = tuple(range(k * m, k * m + w))
    if w <= 1:
        blocks += [tuple(range(i * m, i * m + m)) + extra for i in range(k)]
        return tuple(blocks)
    inner = pbd_blocks(ingredient)
    hole = _hole(ingredient, w)
    if hole is None:
        raise AssertionError(f"the ingredient {ingredient} has no block of {w} to put W on")
    # The hole's points become W (its ∞, if any, last: ∞ is the largest point), the others
    # the group.
    rest = iter(range(m))
    relabel = {x: m + sorted(hole).index(x) if x in hole else next(rest) for x in range(m + w)}
    for i in range(k):
        at = [i * m + relabel[x] if relabel[x] < m else extra[relabel[x] - m] for x in range(m + w)]
        blocks += [tuple(at[x] for x in b) for b in inner if b != hole]
    blocks.append(extra)
    return tuple(blocks)


def _hole(recipe: Recipe, size: int) -> Block | None:
    """A block of ``size`` points of the recipe's PBD (through ∞ when the PBD has one)."""
    order = recipe[0] * recipe[1] + recipe[2]
    infinity = order - 1 if order % 4 == 0 else None
    return next(
        (b for b in pbd_blocks(recipe) if len(b) == size and (infinity is None or infinity in b)),
        None,
    )


# ----------------------------------------------------------------- recipes


def _known(v: int) -> bool:
    from tournaments.movements.whist import whist_design  # it imports this module

    return whist_design(v) is not None


@cache
def pbd_recipe(v: int, hole: int = 0) -> Recipe | None:
    """A recipe of a PBD(v) fit for a Wh(v) (above), or None.

    ``hole`` > 1 asks for a PBD with a block of ``hole`` points (an ingredient), through ∞
    when v = 0 (mod 4).
    """
    if v > LIMIT or v % 4 not in (0, 1):
        return None
    mod = v % 4  # blocks through ∞ (v = 0 mod 4) have size 0 (mod 4), the others 1 (mod 4)
    for k in BLOCK_SIZES:
        if not _known(k):
            continue
        for m in range(max(k - 1, 2), v // k + 1):
            w = v - k * m
            if w > m or not td_exists(k, m):
                continue
            if w == 0 and mod == 1 and m % 4 == 1 and _known(m):
                recipe: Recipe = (k, m, 0, None)
            elif w == 1 and (m + 1) % 4 == mod and _known(m + 1):
                recipe = (k, m, 1, None)
            elif w >= 2 and w % 4 == mod and _known(w) and pbd_recipe(m + w, w) is not None:
                recipe = (k, m, w, pbd_recipe(m + w, w))
            else:
                continue
            if hole <= 1 or _hole(recipe, hole) is not None:
                return recipe
    return None


# ------------------------------------------------------ difference families


def family_blocks(v: int, n: int, subgroup: int, base: list[Block]) -> list[Block]:
    """The PBD(v) developed from a relative difference family over (Z_n, H), |H| = subgroup.

    Points are Z_n, plus ∞ = n when v = n + 1.  Blocks: every translate B + t of every base
    block B, and every coset of H (with ∞ added when there is one).  The base blocks hold
    every element of Z_n outside H exactly once as a difference x − y, so two points of
    Z_n in different cosets share one translate and two in the same coset share its block.
    """
    infinity = (n,) if v == n + 1 else ()
    blocks = [tuple((x + t) % n for x in b) for b in base for t in range(n)]
    step = n // subgroup
    if subgroup > 1 or infinity:
        blocks += [tuple(t + i * step for i in range(subgroup)) + infinity for t in range(step)]
    return blocks


def pbd_defects(v: int, blocks: list[Block]) -> list[str]:
    """What keeps ``blocks`` from being a PBD(v) fit for a Wh(v); [] when nothing does."""
    infinity = v - 1 if v % 4 == 0 else None
    seen = [0] * (v * v)
    problems = [
        f"block {b}: size {len(b)}"
        for b in blocks
        if len(b) < 4 or len(b) % 4 != (0 if infinity in b else 1)
    ]
    for b in blocks:
        if not all(0 <= x < v for x in b) or len(set(b)) != len(b):
            problems.append(f"block {b}: bad points")
            continue
        for x, y in combinations(b, 2):
            seen[min(x, y) * v + max(x, y)] += 1
    bad = [(x, y) for x in range(v) for y in range(x + 1, v) if seen[x * v + y] != 1]
    if bad:
        problems.append(f"{len(bad)} pairs not in exactly one block, e.g. {bad[0]}")
    return problems


@cache
def shipped_families() -> dict[int, list[Block]]:
    """PBD(v) blocks from the difference families of ``data/difference_families.json``,
    each re-verified on load (``scripts/find_difference_families.py`` records them)."""
    if not FAMILIES_PATH.exists():
        return {}
    families: dict[int, list[Block]] = {}
    for key, entry in json.loads(FAMILIES_PATH.read_text())["families"].items():
        v = int(key)
        base = [tuple(b) for b in entry["base"]]
        blocks = family_blocks(v, entry["group"], entry["subgroup"], base)
        if entry["group"] not in (v, v - 1) or pbd_defects(v, blocks):
            raise AssertionError(f"the shipped difference family for {v} gives no PBD({v})")
        families[v] = blocks
    return families


# ------------------------------------------------------------- the design


def design_from_pbd(v: int, blocks: list[Block]) -> list[Round]:
    """Wh(v) from a PBD on 0..v-1 whose blocks all have a known Wh (see the module docstring)."""
    from tournaments.movements.whist import whist_design  # it imports this module

    infinity = v - 1 if v % 4 == 0 else None
    count = v - 1 if infinity is not None else v
    rounds: list[Round] = [[] for _ in range(count)]
    for block in blocks:
        block = tuple(sorted(block))
        through = infinity in block
        if len(block) % 4 != (0 if through else 1):
            raise AssertionError(f"block {block} cannot carry a whist tournament here")
        design = whist_design(len(block))
        for number, tables in enumerate(design):
            mapped = [tuple(block[x] for x in table) for table in tables]
            if through:  # round number goes to the number-th point other than ∞
                owner = block[number]
            else:  # the round in which block[sitter] sits out
                seated = {x for table in tables for x in table}
                owner = block[next(x for x in range(len(block)) if x not in seated)]
            rounds[owner].extend(mapped)
    return rounds


def pbd_design(v: int) -> list[Round] | None:
    """Wh(v) by the PBD closure (a recipe, else a shipped difference family), or None."""
    recipe = pbd_recipe(v)
    if recipe is not None:
        return design_from_pbd(v, pbd_blocks(recipe))
    if v in shipped_families():
        return design_from_pbd(v, shipped_families()[v])
    return None
