"""Whist tournaments from frame starters (``whist_frame.py``) and their search."""

from __future__ import annotations

import json
import random
import shutil
from collections import Counter
from itertools import combinations

import pytest

from tests.movements.test_starter_search import _script
from tournaments.movements.whist import design_defects, whist_design
from tournaments.movements.whist_frame import FRAMES_PATH, frame, shipped_frames


def _meetings(rounds) -> tuple[Counter, Counter]:
    partners, opponents = Counter(), Counter()
    for tables in rounds:
        for a, b, c, d in tables:
            partners.update(frozenset(p) for p in ((a, c), (b, d)))
            opponents.update(frozenset(p) for p in ((a, b), (a, d), (c, b), (c, d)))
    return partners, opponents


@pytest.mark.parametrize("v", [16, 20, 80, 17, 21, 69])
def test_the_fixed_rounds_give_the_subgroup_what_the_starter_does_not(v: int) -> None:
    """Within a coset of H (and among the ∞'s) the fixed rounds alone give what the frame's
    counts leave out of the starter (developed, a starter pair d = -d meets twice); across
    cosets they give nothing."""
    group = frame(v)
    fixed = group.fixed_rounds()
    partners, opponents = _meetings(fixed)
    h = group.subgroup()
    owed = group.counts()
    for x, y in combinations(range(group.order), 2):
        d = min(group.add(x, group.negate(y)), group.add(y, group.negate(x)))
        if d in h:
            part, opp = owed[d]
            each = 2 if d == group.negate(d) else 1  # an involution's starter pair meets twice
            meetings = (partners[frozenset((x, y))], opponents[frozenset((x, y))])
            assert meetings == (1 - each * part, 2 - each * opp)
        else:
            assert frozenset((x, y)) not in partners and frozenset((x, y)) not in opponents
    infinities = range(group.order, v)
    for pair in combinations(infinities, 2):  # the ∞'s play a Wh(4) among themselves
        assert (partners[frozenset(pair)], opponents[frozenset(pair)]) == (1, 2)
    assert len(fixed) == (3 if v % 4 == 0 else 1)


@pytest.mark.parametrize("v", [16, 17, 20, 21, 24, 25])
def test_a_searched_frame_starter_develops_into_a_whist_tournament(v: int) -> None:
    """The search itself: draws of partner pairs, each seated by the exact search, until one
    seats; the find is a Wh(v) (the script verifies it too)."""
    script = _script("find_frame_starters")
    found_v, entry = script.framed((v, 60.0), nodes=100_000)
    assert found_v == v and "tables" in entry
    starter = [tuple(t) for t in entry["tables"]]
    assert len(starter) == v // 4
    assert design_defects(v, frame(v).develop(starter)) == []


def test_a_drawn_frame_pairs_every_point_once() -> None:
    script = _script("find_frame_starters")
    for v in (80, 69):
        group = frame(v)
        pairs = next(
            p for seed in range(100) if (p := script.frame_pairs(group, random.Random(seed)))
        )
        points = sorted(x for pair in pairs for x in pair)
        assert points == list(range(0 if v % 4 == 0 else 1, v))  # 0 sits out when v = 1 mod 4
        classes = Counter(
            min(group.add(a, group.negate(b)), group.add(b, group.negate(a)))
            for a, b in pairs
            if max(a, b) < group.order
        )
        owed = group.counts()
        assert all(n == 1 for n in classes.values())
        assert all(owed.get(d, (1, 2))[0] == 1 for d in classes)


@pytest.mark.skipif(shutil.which("cc") is None, reason="needs a C compiler")
def test_the_compiled_search_seats_frames_as_the_python_one() -> None:
    """scripts/seat_pairs.c on Z_2 x Z_k with four ∞'s and on Z_(v - 1) with H's own counts:
    the same answers at the same node limits."""
    script, starters = _script("find_frame_starters"), _script("find_starters")
    seat = starters.CompiledSeater()
    try:
        answers = set()
        for v in (24, 28, 25, 29):
            group = frame(v)
            for seed in range(12):
                pairs = script.frame_pairs(group, random.Random(seed))
                if pairs is None:
                    continue
                for limit in (5, 60, 5_000):
                    answer = seat(group, pairs, limit)
                    assert answer == starters.seat_pairs(group, pairs, limit)
                    answers.add(answer if answer in (None, False) else "found")
        assert answers == {None, False, "found"}
    finally:
        seat.close()


def test_shipped_frame_starters_are_whist_tournaments_and_fill_gaps() -> None:
    shipped = shipped_frames()
    assert shipped, "data/frame_starters.json should ship starters"
    for v, starter in shipped.items():
        assert design_defects(v, frame(v).develop(starter)) == []
        assert whist_design(v) is not None


def test_a_broken_frame_starter_is_caught(tmp_path, monkeypatch) -> None:
    """A shipped starter is verified when loaded: one swapped seat and loading fails."""
    document = json.loads(FRAMES_PATH.read_text())
    v, entry = next(iter(document["starters"].items()))
    first, second = entry["tables"][:2]
    first[0], second[0] = second[0], first[0]  # two players change tables
    document["starters"] = {v: entry}
    broken = tmp_path / "frame_starters.json"
    broken.write_text(json.dumps(document))
    from tournaments.movements import whist_frame

    monkeypatch.setattr(whist_frame, "FRAMES_PATH", broken)
    whist_frame.shipped_frames.cache_clear()
    try:
        with pytest.raises(AssertionError, match="not a whist tournament"):
            whist_frame.shipped_frames()
    finally:
        monkeypatch.undo()
        whist_frame.shipped_frames.cache_clear()


def test_no_frame_starter_for_93_is_invariant_under_a_multiplier() -> None:
    """docs/movements.md's argument, checked: with mu = 1 (mod 4) every orbit keeps its
    residue mod 4, so two representative tables on the residues 0, 0, 1, 1, 2, 2, 3, 3 would
    need partner differences 0, 2 and two odd ones, and twice that among opponents."""
    from itertools import permutations

    def kinds(seats, pairs):
        return Counter(
            "odd" if (seats[b] - seats[a]) % 2 else (seats[b] - seats[a]) % 4 for a, b in pairs
        )

    group = frame(93)
    assert group.subgroup() == [0, 23, 46, 69] and group.order == 92
    residues = Counter(x % 4 for x in range(group.order) if x not in group.subgroup())
    assert residues == {0: 22, 1: 22, 2: 22, 3: 22}
    fits = [
        seats
        for seats in set(permutations((0, 0, 1, 1, 2, 2, 3, 3)))
        if kinds(seats, ((0, 2), (1, 3), (4, 6), (5, 7))) == {0: 1, 2: 1, "odd": 2}
        and kinds(
            seats, [(t + a, t + b) for t in (0, 4) for a, b in ((0, 1), (0, 3), (2, 1), (2, 3))]
        )
        == {0: 2, 2: 2, "odd": 4}
    ]
    assert fits == []
    # the counting is no artefact: ignoring the opponents, seatings with those partners exist
    assert any(
        kinds(seats, ((0, 2), (1, 3), (4, 6), (5, 7))) == {0: 1, 2: 1, "odd": 2}
        for seats in permutations((0, 0, 1, 1, 2, 2, 3, 3))
    )
