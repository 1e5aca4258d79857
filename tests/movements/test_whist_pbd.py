"""Whist tournaments from pairwise balanced designs (``whist_pbd.py``)."""

from __future__ import annotations

import importlib.util
import json
from collections import Counter
from itertools import combinations
from pathlib import Path

import pytest

from tournaments.movements.transversal import matrix_defects, shipped_matrices
from tournaments.movements.whist import design_defects
from tournaments.movements.whist_pbd import (
    FAMILIES_PATH,
    design_from_pbd,
    family_blocks,
    pbd_blocks,
    pbd_defects,
    pbd_recipe,
    shipped_families,
    td_exists,
    transversal_design,
)


@pytest.mark.parametrize(
    ("k", "m"), [(5, 4), (5, 20), (4, 12), (9, 8), (5, 15), (5, 12), (5, 60), (5, 75)]
)
def test_transversal_designs_cover_each_cross_pair_once(k: int, m: int) -> None:
    blocks = transversal_design(k, m)
    assert len(blocks) == m * m
    pairs = Counter(
        (i, x, j, y) for b in blocks for (i, x), (j, y) in combinations(enumerate(b), 2)
    )
    assert len(pairs) == k * (k - 1) // 2 * m * m and set(pairs.values()) == {1}


def test_macneish_bound_and_the_shipped_difference_matrices() -> None:
    assert td_exists(5, 28) and td_exists(5, 36) and td_exists(9, 8)
    assert not td_exists(5, 3) and not td_exists(10, 8) and not td_exists(5, 6)
    # 12 and 15 have a prime-power part below 4; difference matrices of 5 rows cover them
    # (and their products with fields, 48 = 12·4, 75 = 15·5), not 6 rows, nor 18 or 30.
    assert td_exists(5, 12) and td_exists(5, 15) and td_exists(5, 48) and td_exists(5, 75)
    assert not td_exists(6, 15) and not td_exists(5, 18) and not td_exists(5, 30)


def test_the_shipped_difference_matrices_are_difference_matrices() -> None:
    assert set(shipped_matrices()) >= {12, 15}
    for moduli, rows in shipped_matrices().values():
        assert matrix_defects(moduli, [list(row) for row in rows]) == []
    # Z_15 rows 0 and 1 with a repeated entry: the difference 0 twice, 7 never.
    assert matrix_defects((15,), [[0] * 15, [0, 0, *range(2, 15)]])
    assert matrix_defects((2, 6), [[0] * 12, list(range(12))]) == []  # Z_2 × Z_6


def assert_pbd(v: int, blocks) -> None:
    """Every two points in exactly one block; blocks through ∞ (v = 0 mod 4) of size 0 mod 4,
    the others 1 mod 4."""
    pairs = Counter(frozenset(p) for b in blocks for p in combinations(b, 2))
    assert len(pairs) == v * (v - 1) // 2 and set(pairs.values()) == {1}
    infinity = v - 1 if v % 4 == 0 else None
    assert all(len(b) % 4 == (0 if infinity in b else 1) for b in blocks)
    assert pbd_defects(v, list(blocks)) == []


@pytest.mark.parametrize("v", [76, 105, 136, 141, 148, 156, 189, 285, 301, 376, 385])
def test_recipes_give_pairwise_balanced_designs(v: int) -> None:
    assert_pbd(v, pbd_blocks(pbd_recipe(v)))


def test_the_shipped_difference_families_give_pairwise_balanced_designs() -> None:
    assert {124, 129, 133, 161, 165, 177, 184, 196} <= set(shipped_families())
    for v, blocks in shipped_families().items():
        assert_pbd(v, blocks)


def test_a_family_with_a_repeated_difference_is_caught() -> None:
    # Z_21 with {0, 1, 4, 14, 16} is the projective plane of order 4; {0, 1, 2, 7, 12} repeats 1.
    assert pbd_defects(21, family_blocks(21, 21, 1, [(0, 1, 4, 14, 16)])) == []
    assert pbd_defects(21, family_blocks(21, 21, 1, [(0, 1, 2, 7, 12)]))


@pytest.mark.parametrize(
    ("v", "recipe"),
    [
        (105, (5, 20, 5, (5, 5, 0, None))),  # groups + 5 points filled by TD(5, 5) and its groups
        (136, (5, 27, 1, None)),  # v = 0 (mod 4): ∞ on every group of 27, Wh(28)
        (148, (5, 28, 8, (5, 7, 1, None))),  # every group + W filled by TD(5, 7) + ∞
        (76, (5, 15, 1, None)),  # TD(5, 15) from the Z_15 difference matrix, Wh(16) + ∞
    ],
)
def test_pbd_designs_are_whist_tournaments(v: int, recipe: tuple) -> None:
    assert pbd_recipe(v) == recipe
    assert design_defects(v, design_from_pbd(v, pbd_blocks(recipe))) == []


@pytest.mark.parametrize("v", [213, 232, 253])
def test_an_ingredient_block_of_the_right_size_becomes_the_hole(v: int) -> None:
    # 213 = 13·16 + 5: each group plus 5 covered by TD(5, 4) + ∞, whose hole is a group + ∞;
    # 232 = 5·44 + 12: each group plus 12 (∞ among them) by TD(5, 11) + ∞;
    # 253 = 5·48 + 13: TD(5, 48) = TD(5, 12) × TD(5, 4), each group plus 13 by TD(5, 12) + 1.
    recipe = pbd_recipe(v)
    assert recipe[2] > 1
    assert design_defects(v, design_from_pbd(v, pbd_blocks(recipe))) == []


def test_a_family_design_is_a_whist_tournament() -> None:
    # ∞ and Z_123: blocks of 4 through ∞ (Wh(4)) on the cosets of {0, 41, 82}, blocks of 5.
    assert design_defects(124, design_from_pbd(124, shipped_families()[124])) == []


def test_a_block_without_a_whist_tournament_is_refused() -> None:
    with pytest.raises(AssertionError):
        design_from_pbd(12, [tuple(range(6)), tuple(range(6, 12))])


def test_the_family_search_finds_wh184s_family_under_its_multiplier() -> None:
    """scripts/find_difference_families.py: three 5-blocks over Z_183 whose images under
    x -> 13x make a family beside H = {0, 61, 122}, found by seed 0 as recorded."""
    path = Path(__file__).resolve().parents[2] / "scripts" / "find_difference_families.py"
    spec = importlib.util.spec_from_file_location("find_difference_families", path)
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    base = script.anneal(183, 3, [5, 5, 5], seed=0, budget=30, mu=13)
    assert base is not None and len(base) == 9
    assert pbd_defects(184, family_blocks(184, 183, 3, [tuple(b) for b in base])) == []
    assert base == shipped_family_base(184)


def shipped_family_base(v: int) -> list[list[int]]:
    return json.loads(FAMILIES_PATH.read_text())["families"][str(v)]["base"]


def test_the_matrix_search_finds_the_shipped_z15_matrix() -> None:
    """scripts/find_difference_matrices.py: a (15, 5, 1) difference matrix over Z_15 with
    D[r][−c] = −D[r][c], found by seed 0 as recorded, gives TD(5, 15) and so Wh(76)."""
    path = Path(__file__).resolve().parents[2] / "scripts" / "find_difference_matrices.py"
    spec = importlib.util.spec_from_file_location("find_difference_matrices", path)
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    rows = script.search((15,), 5, seed=0, budget=30, symmetric=True)
    assert rows is not None and matrix_defects((15,), rows) == []
    assert tuple(map(tuple, rows)) == shipped_matrices()[15][1]
