"""One prize allocator for every game: places, ties, half-time, special, booby, categories.

Pure and free of wording: it takes finishing orders as ``(key, position)`` pairs
(positions as ranked: 1, 2, 2, 4) and returns ``Prize`` records with the codes,
winners and the figures a reason needs; the Django side words them, the drive
engine turns them into its JSON contract.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

Ranked = Sequence[tuple[str, int]]  # (key, position), best first


@dataclass(frozen=True)
class Prize:
    """One prize: ``code`` is "place", "half_time", "booby" or the special's name ("ten_plus").

    ``place`` is the first place a place prize covers (a tie for 2nd between two
    covers 2nd and 3rd: ``place`` 2, two winners); ``category`` names the separate
    list a place prize belongs to; ``count`` is the special prize's best count.
    """

    code: str
    winners: tuple[str, ...]
    place: int | None = None
    category: str | None = None
    count: int | None = None


def groups(ranked: Ranked) -> list[list[str]]:
    """The keys in runs of equal position, best first."""
    out: list[list[str]] = []
    last = None
    for key, position in ranked:
        if out and position == last:
            out[-1].append(key)
        else:
            out.append([key])
        last = position
    return out


def allocate(
    ranked: Ranked,
    *,
    places: int,
    half_ranked: Ranked = (),
    half_time: bool = False,
    booby: bool = False,
    special: tuple[str, Mapping[str, int]] | None = None,
    categories: Mapping[str, Ranked] | None = None,
    overall: bool = True,
    no_double: bool = False,
    half_time_apart: bool = False,
    lone_booby: bool = False,
    lot_seed: int | None = None,
) -> list[Prize]:
    """Prizes in the order they are read out: places, category places, half-time, special, booby.

    With ``overall`` off there are no overall places, only the ``categories``' own (a drive
    with ladies' and gents' prizes only): they are read out place by place, each list in
    turn at each place (1st lady, 1st gent, 2nd lady...), so read backwards, from the booby,
    the 1st prizes come last.

    A tie for a place takes the places it covers, and a tie beyond the last place
    gets none. The half-time prize is decided first, as it is handed out at the
    interval: with ``no_double`` its winner keeps it and is passed over for the end
    prizes, unless ``half_time_apart`` (a small prize at the tea break that does not count
    against the end prizes). With ``no_double`` a key already holding a prize is passed over and
    the prize goes to the next in line. ``special`` is the special prize's code and
    each key's count for it (most wins; none if the best is 0). The booby prize needs two
    entries unless ``lone_booby``. With ``lot_seed`` ties are settled by lot
    (``split_ties``) as each prize is awarded, so only the drawn keys count as holding one.
    """
    taken: set[str] = set()
    prizes: list[Prize] = []

    def pool(rows: Ranked) -> Ranked:
        return [row for row in rows if not (no_double and row[0] in taken)]

    def award(prize: Prize, *, counts: bool = True) -> list[Prize]:
        out = [prize] if lot_seed is None else split_ties([prize], places, lot_seed)
        for one in out:
            if counts:
                taken.update(one.winners)
        return out

    def place_prizes(rows: Ranked, category: str | None) -> None:
        slot = 1
        for group in groups(pool(rows)):
            if slot > places:
                break
            prizes.extend(award(Prize("place", tuple(group), place=slot, category=category)))
            slot += len(group)

    leaders = groups(half_ranked) if half_time else []
    at_half_time = (
        award(Prize("half_time", tuple(leaders[0])), counts=not half_time_apart) if leaders else []
    )
    if overall:
        place_prizes(ranked, None)
    for name, rows in (categories or {}).items():
        place_prizes(rows, name)
    if not overall:  # the lists are apart, so this order changes no winner
        prizes.sort(key=lambda prize: prize.place or 0)
    prizes.extend(at_half_time)
    if special is not None:
        code, counts = special
        candidates = [key for key, _ in pool(ranked)]
        best = max((counts[key] for key in candidates), default=0)
        if best:
            winners = tuple(key for key in candidates if counts[key] == best)
            prizes.extend(award(Prize(code, winners, count=best)))
    if booby and (lone_booby or len(ranked) > 1):
        candidates = groups(pool(ranked))
        if candidates:
            prizes.extend(award(Prize("booby", tuple(candidates[-1]))))
    return prizes


def draw_lot(pool: Sequence[str], seed: int) -> str | None:
    """The consolation prize's winner, drawn by lot from ``pool``: the same pool and seed
    always draw the same key (the pool is sorted first, so its order does not matter)."""
    keys = sorted(set(pool))
    return random.Random(seed).choice(keys) if keys else None


def split_ties(prizes: Sequence[Prize], places: int, seed: int) -> list[Prize]:
    """Ties settled by lot instead of shared: the tied keys of a place prize take the places
    it covers one each, in an order drawn from ``seed`` (only up to ``places``); a tied
    half-time, special or booby prize goes to one drawn key. The same seed, the same draw."""
    out: list[Prize] = []
    for prize in prizes:
        if len(prize.winners) < 2:
            out.append(prize)
            continue
        order = sorted(prize.winners)
        random.Random(f"{seed}:{prize.code}:{prize.category}:{prize.place}").shuffle(order)
        if prize.code != "place":
            out.append(Prize(prize.code, (order[0],), count=prize.count))
            continue
        for offset, key in enumerate(order):
            if prize.place + offset > places:
                break
            out.append(Prize("place", (key,), place=prize.place + offset, category=prize.category))
    return out


__all__ = ["Prize", "allocate", "draw_lot", "groups", "split_ties"]
