"""The shared prize allocator (scoring/prizes.py), without a database."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from scoring.prizes import Prize, allocate, groups


def ranked(*positions: int) -> list[tuple[str, int]]:
    """Keys a, b, c, ... at the given positions."""
    return [(chr(ord("a") + i), pos) for i, pos in enumerate(positions)]


def test_places_in_order():
    out = allocate(ranked(1, 2, 3, 4), places=3)
    assert out == [
        Prize("place", ("a",), place=1),
        Prize("place", ("b",), place=2),
        Prize("place", ("c",), place=3),
    ]


def test_a_tie_takes_the_places_it_covers():
    out = allocate(ranked(1, 2, 2, 4), places=3)
    assert [(p.place, p.winners) for p in out] == [(1, ("a",)), (2, ("b", "c"))]


def test_a_tie_beyond_the_last_place_gets_nothing():
    out = allocate(ranked(1, 2, 3, 3), places=2)
    assert [p.winners for p in out] == [("a",), ("b",)]


def test_half_time_special_and_booby():
    out = allocate(
        ranked(1, 2, 3),
        places=1,
        half_ranked=[("c", 1), ("a", 2), ("b", 3)],
        half_time=True,
        booby=True,
        special=("ten_plus", {"a": 0, "b": 2, "c": 2}),
    )
    assert out == [
        Prize("place", ("a",), place=1),
        Prize("half_time", ("c",)),
        Prize("ten_plus", ("b", "c"), count=2),
        Prize("booby", ("c",)),
    ]


def test_no_special_prize_when_nobody_scored_it():
    out = allocate(ranked(1, 2), places=0, special=("ten_plus", {"a": 0, "b": 0}))
    assert out == []


def test_booby_needs_two_entries_unless_lone_booby():
    assert allocate(ranked(1), places=0, booby=True) == []
    assert allocate(ranked(1), places=0, booby=True, lone_booby=True) == [Prize("booby", ("a",))]


# Three units; "a" leads at half-time and at the end.
LEADER_ALL_ALONG = {
    "places": 1,
    "half_ranked": [("a", 1), ("b", 2), ("c", 3)],
    "half_time": True,
    "booby": True,
}


def test_a_unit_may_win_twice_by_default():
    out = allocate(ranked(1, 2, 3), **LEADER_ALL_ALONG)
    assert [(p.code, p.winners) for p in out] == [
        ("place", ("a",)),
        ("half_time", ("a",)),
        ("booby", ("c",)),
    ]


def test_no_double_keeps_the_half_time_prize_with_the_half_time_leader():
    """A walk: the half-time prize is handed out with the tea, so the leader after the first
    half keeps it and the end prizes pass down the line (it went to the next player)."""
    out = allocate(ranked(1, 2, 3), **LEADER_ALL_ALONG, no_double=True)
    assert [(p.code, p.winners) for p in out] == [
        ("place", ("b",)),
        ("half_time", ("a",)),
        ("booby", ("c",)),
    ]


def test_a_half_time_prize_apart_does_not_pass_its_winner_over_at_the_end():
    """The club gives a small prize at the tea break: the leader all along also takes 1st."""
    out = allocate(ranked(1, 2, 3), **LEADER_ALL_ALONG, no_double=True, half_time_apart=True)
    assert [(p.code, p.winners) for p in out] == [
        ("place", ("a",)),
        ("half_time", ("a",)),
        ("booby", ("c",)),
    ]


def test_no_double_passes_the_half_time_leaders_over_in_every_list():
    out = allocate(
        ranked(1, 2, 3, 4),
        places=2,
        half_ranked=[("c", 1), ("a", 2), ("b", 3), ("d", 4)],
        half_time=True,
        categories={"lady": [("a", 1), ("c", 2)], "gent": [("b", 1), ("d", 2)]},
        no_double=True,
    )
    assert [(p.code, p.category, p.place, p.winners) for p in out] == [
        ("place", None, 1, ("a",)),
        ("place", None, 2, ("b",)),
        ("place", "gent", 1, ("d",)),
        ("half_time", None, None, ("c",)),
    ]


def test_categories_get_their_own_places():
    out = allocate(
        ranked(1, 2, 3),
        places=1,
        categories={"lady": [("b", 1), ("c", 2)], "gent": [("a", 1)]},
        no_double=True,
    )
    # "a" already holds 1st overall, so the gents' list has no one left to win.
    assert [(p.category, p.winners) for p in out] == [(None, ("a",)), ("lady", ("b",))]


def test_groups_runs_of_equal_position():
    assert groups(ranked(1, 1, 3, 4, 4)) == [["a", "b"], ["c"], ["d", "e"]]


@st.composite
def finishing_orders(draw):
    """A competition ranking (1, 2, 2, 4, ...) of up to 12 keys."""
    sizes = draw(st.lists(st.integers(1, 4), max_size=6))
    order, position = [], 1
    for size in sizes:
        order.extend((f"k{n}", position) for n in range(len(order), len(order) + size))
        position += size
    return order


@given(finishing_orders(), st.integers(0, 6), st.booleans())
def test_places_never_exceed_places_plus_ties(order, places, no_double):
    out = allocate(order, places=places, booby=True, no_double=no_double)
    place_prizes = [p for p in out if p.code == "place"]
    for prize in place_prizes:
        assert prize.place <= places
    # The last group to win may run past the last place, never more than that.
    tail = len(place_prizes[-1].winners) - 1 if place_prizes else 0
    assert sum(len(p.winners) for p in place_prizes) <= places + tail


@given(finishing_orders(), finishing_orders(), st.integers(0, 6))
def test_no_double_gives_no_key_two_prizes(order, half, places):
    keys = [key for key, _ in order]
    half = [(keys[i], pos) for i, (_, pos) in enumerate(half[: len(keys)])]
    out = allocate(
        order,
        places=places,
        half_ranked=half,
        half_time=True,
        booby=True,
        special=("ten_plus", {key: len(key) % 3 for key in keys}),
        no_double=True,
    )
    winners = [key for prize in out for key in prize.winners]
    assert len(winners) == len(set(winners))


def test_ladies_and_gents_prizes_only_give_no_overall_place():
    # a, c ladies; b, d, e gents; overall a b c d e
    out = allocate(
        ranked(1, 2, 3, 4, 5),
        places=2,
        booby=True,
        categories={"lady": [("a", 1), ("c", 2)], "gent": [("b", 1), ("d", 2), ("e", 3)]},
        overall=False,
        no_double=True,
    )
    assert [(p.category, p.place, p.winners) for p in out] == [
        ("lady", 1, ("a",)),  # read out place by place: backwards, the 1st prizes come last
        ("gent", 1, ("b",)),
        ("lady", 2, ("c",)),
        ("gent", 2, ("d",)),
        (None, None, ("e",)),
    ]
    assert out[-1].code == "booby"
