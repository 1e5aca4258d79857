"""The seeded draw of a progressive round: who sits out and who fills which seat.

Sit-outs go to whoever has sat out least (ties by the seeded draw); players (or pairs) who
cannot move sit out only when nobody else can, and are spread over the tables so that two
of them share a table only when they must (docs/movements.md). Pure apart from the
DomainError it raises; ``tournaments.services.seating`` writes the result, and the print
selectors plan a fixed-path movement ahead with it (``print_data._plan_ahead``).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable

from django.utils.translation import gettext as _

from tournaments.errors import DomainError
from tournaments.movements.ghosts import ghost_tables, spread_ghosts

SLOT_ROLES = ("lady", "gent", "lady", "gent")  # a progressive table: [lady, gent] v [lady, gent]


def fill_tables(
    tables: list[list[int | None]],
    active: list[int],
    *,
    roles: dict[int, str],
    sat_out: dict[int, int],
    rng: random.Random,
    size: int = 4,
    ghosts: bool = False,
    stationary: Iterable[int] = (),
) -> tuple[list[list[int | None]], list[int]]:
    """Complete tables of ``size`` units from a base seating: (tables, sit-outs).

    ``tables`` holds slots [N, S, E, W] of players, or [N/S, E/W] of pairs with size 2
    (None = empty); units not in ``active`` are removed, tables are added or dropped to
    fit, the least-sat-out sit out, and the unseated fill the gaps, each into a slot of
    their own role where one is free. With ``ghosts`` (players only) the odd players sit at
    three-handed tables instead: the slots left empty (None, one a table at most) are the
    ghost's (movements/ghosts.py). Units in ``stationary`` (who cannot move) never sit out
    while another can; more of them than seats at the tables is refused.
    """
    active_set = set(active)
    count = ghost_tables(len(active)) if ghosts else len(active) // size
    if count == 0:
        raise DomainError("E_TOO_FEW", _("A drive needs at least 4 players."), field="entries")
    fixed = active_set.intersection(stationary)
    require_seats_for_fixed(len(fixed), min(size * count, len(active_set)), pairs=size == 2)
    tables = [[p if p in active_set else None for p in t] for t in tables]
    while len(tables) > count:
        tables.pop()
    tables += [[None] * size for _ in range(count - len(tables))]
    draw = {p: rng.random() for p in sorted(active)}
    use_roles = any(roles.get(p) for p in active)
    candidates = set(active)
    out: list[int] = []
    for _turn in range(len(active) - size * count):
        tally = Counter(roles.get(p, "") for p in candidates)
        excess = {role: tally[role] - 2 * count for role in ("lady", "gent")}

        def key(p: int, excess=excess) -> tuple:
            # a role with more players than chairs sits out first, the fewest sit-outs of
            # it first: another would leave one of them in the other role's chair all night
            surplus = use_roles and excess.get(roles.get(p, ""), 0) > 0
            return (p in fixed, 0 if surplus else 1, sat_out.get(p, 0), draw[p])

        pick = min(candidates, key=key)
        candidates.remove(pick)
        out.append(pick)
    seated = {p for t in tables for p in t if p is not None and p not in out}
    tables = [[p if p in seated else None for p in t] for t in tables]
    pool = sorted((p for p in candidates if p not in seated), key=draw.__getitem__)
    vacant = [(ti, si) for ti, t in enumerate(tables) for si, p in enumerate(t) if p is None]
    for p in [q for q in pool if q in fixed]:  # spread out: two who never move never meet

        def crowding(v: tuple[int, int], p=p) -> tuple:
            ti, si = v
            clash = use_roles and roles.get(p, "") != SLOT_ROLES[si]
            return (sum(x in fixed for x in tables[ti]), clash, v)

        free = [v for v in vacant if tables[v[0]][v[1]] is None]
        if free:
            ti, si = min(free, key=crowding)
            tables[ti][si] = p
            pool.remove(p)
    for strict in (True, False):
        for ti, si in vacant:
            if tables[ti][si] is not None:
                continue
            fit = next((p for p in pool if not strict or roles.get(p, "") == SLOT_ROLES[si]), None)
            if fit is not None:
                pool.remove(fit)
                tables[ti][si] = fit
    if use_roles:
        _uncross(tables, roles, fixed)
    if ghosts:
        tables = spread_ghosts(tables)
    return tables, sorted(out)  # type: ignore[return-value]


def _uncross(tables: list[list[int | None]], roles: dict[int, str], fixed: set[int]) -> None:
    """Swap each lady in a gent's chair with a gent in a lady's (a re-plan keeps the seated
    where they were and fills the chairs left free): a UK walk's late couple sat crossed all
    evening, each moving as the other role. Who cannot move keeps their chair."""
    crossed: dict[str, list[tuple[int, int]]] = {"lady": [], "gent": []}
    for ti, table in enumerate(tables):
        for si, p in enumerate(table):
            role = roles.get(p, "") if p is not None and p not in fixed else ""
            if role in crossed and role != SLOT_ROLES[si]:
                crossed[role].append((ti, si))
    for (lt, ls), (gt, gs) in zip(crossed["lady"], crossed["gent"], strict=False):
        tables[lt][ls], tables[gt][gs] = tables[gt][gs], tables[lt][ls]


def require_seats_for_fixed(marked: int, seats: int, *, pairs: bool = False) -> None:
    """Refuse more players (or pairs) marked "cannot move" than the seats that keep them."""
    if marked <= seats:
        return
    if pairs:
        message = _(
            "%(marked)s pairs have a player who cannot move, but only %(seats)s pairs can "
            "keep their table all evening. Unmark some on the players page."
        )
    else:
        message = _(
            "%(marked)s are marked as cannot move, but only %(seats)s can keep their "
            "seat all evening. Unmark some on the players page."
        )
    raise DomainError("E_STATIONARY", message % {"marked": marked, "seats": seats}, field="entries")
