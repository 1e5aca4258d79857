"""Pairs (and Es-makker players) who cannot move keep one table and seat: the pure movements."""

from collections import Counter

import pytest

from tournaments.movements import MovementError, generate
from tournaments.movements.fives import fives_movement


def places(doc: dict, pair: int) -> list[tuple[int, str]]:
    """(table, side) of every round the pair plays."""
    return [
        (t["table"], "NS" if t["ns"] == pair else "EW")
        for rnd in doc["rounds"]
        for t in rnd["tables"]
        if pair in (t["ns"], t["ew"])
    ]


def meetings(doc: dict) -> Counter:
    return Counter(frozenset((t["ns"], t["ew"])) for rnd in doc["rounds"] for t in rnd["tables"])


def shape(doc: dict) -> list:
    """How often each meeting happens, the pairs' names taken away."""
    return sorted(meetings(doc).values())


@pytest.mark.parametrize("pairs, marked", [(12, [8]), (12, [7, 9, 11, 12]), (11, [10, 2])])
def test_a_mitchell_seats_the_marked_pairs_north_south_where_they_stay(pairs, marked):
    plain = generate("mitchell", pairs=pairs)
    doc = generate("mitchell", pairs=pairs, stationary=marked)
    for i, pair in enumerate(marked, start=1):
        assert set(places(doc, pair)) == {(i, "NS")}  # the i-th marked at table i, all evening
    assert doc["grade"]["stationary_moves"] == 0 and doc["stationary_moved"] == []
    assert shape(doc) == shape(plain)  # only the names changed: every meeting is kept
    ns = {t["ns"] for rnd in doc["rounds"] for t in rnd["tables"]}
    ew = {t["ew"] for rnd in doc["rounds"] for t in rnd["tables"]}
    assert all(frozenset((a, b)) in meetings(doc) for a in marked for b in ew)
    assert set(marked) <= ns


def test_a_mitchell_arrow_switch_turns_the_room_but_moves_nobody_marked():
    doc = generate("mitchell", pairs=8, stationary=[6], arrow_switch=True)
    seen = places(doc, 6)
    assert {t for t, _side in seen} == {1}  # N/S at table 1, E/W there when the room turns
    assert seen[-1] == (1, "EW") and set(seen[:-1]) == {(1, "NS")}
    assert doc["grade"]["stationary_moves"] == 0


@pytest.mark.parametrize("kind, pairs", [("howell", 10), ("howell", 9), ("round_robin", 7)])
def test_a_howell_or_round_robin_keeps_one_marked_pair_at_one_table(kind, pairs):
    plain = generate(kind, pairs=pairs)
    doc = generate(kind, pairs=pairs, stationary=[3])
    assert len(set(places(doc, 3))) == 1 and places(doc, 3)[0][1] == "NS"
    assert doc["grade"]["complete"] and doc["grade"]["stationary_moves"] == 0
    assert shape(doc) == shape(plain)
    assert doc["grade"]["sit_out_spread"] == plain["grade"]["sit_out_spread"]


def test_an_even_howell_gives_the_marked_pair_its_fixed_position_at_table_1():
    doc = generate("howell", pairs=8, stationary=[5])
    assert set(places(doc, 5)) == {(1, "NS")}
    plain = generate("howell", pairs=8)
    name = {8: 5, 5: 8}  # the marked pair plays the part of the design's fixed pair 8
    for got, was in zip(doc["rounds"], plain["rounds"], strict=True):
        for a, b in zip(got["tables"], was["tables"], strict=True):
            ns, ew = name.get(b["ns"], b["ns"]), name.get(b["ew"], b["ew"])
            if b["table"] == 1:  # only table 1 turns (where the design alternates)
                ns, ew = sorted((ns, ew), key=lambda p: p != 5)
            assert (a["table"], a["ns"], a["ew"]) == (b["table"], ns, ew)


def test_two_marked_pairs_that_must_meet_are_reported_not_hidden():
    doc = generate("howell", pairs=8, stationary=[3, 5])  # a whole Howell: everyone meets
    assert set(places(doc, 3)) == {(1, "NS")}
    moved = doc["stationary_moved"]
    assert len(moved) == 1 and moved[0]["pair"] == 5 and moved[0]["table"] == 1
    assert places(doc, 5).count(places(doc, 5)[0]) == 6  # home six rounds, away one
    assert doc["grade"]["stationary_moves"] == 1 and doc["grade"]["complete"]


def test_two_marked_pairs_that_need_not_meet_in_a_short_howell_both_stay():
    doc = generate("howell", pairs=8, rounds=3, stationary=[3, 5])
    assert doc["stationary_moved"] == [] and doc["grade"]["stationary_moves"] == 0
    assert len(set(places(doc, 3))) == 1 and len(set(places(doc, 5))) == 1


def test_more_marked_pairs_than_tables_is_refused():
    with pytest.raises(MovementError) as caught:
        generate("mitchell", pairs=6, stationary=[1, 2, 3, 4])
    assert caught.value.code == "E_STATIONARY"
    with pytest.raises(MovementError):
        generate("howell", pairs=6, stationary=[2, 2])


def test_tables_of_five_keep_each_marked_player_at_table_i_seat_n():
    plain = fives_movement(14, 6, seed=4)
    assert fives_movement(14, 6, seed=4, stationary=[]) == plain  # no mark: the same draw
    doc = fives_movement(14, 6, seed=4, stationary=[9, 2])
    for rnd in doc["rounds"]:
        first, second = rnd["tables"][0], rnd["tables"][1]
        assert first["ns"][0] == 9 and second["ns"][0] == 2
        seated = [p for t in rnd["tables"] for p in (*t["ns"], *t["ew"], t.get("fifth"))]
        assert sorted(p for p in seated if p) == list(range(1, 15))
    assert doc["stationary"] == [9, 2]
    with pytest.raises(MovementError) as caught:
        fives_movement(10, 2, stationary=[1, 2, 3])  # two tables
    assert caught.value.code == "E_STATIONARY"
