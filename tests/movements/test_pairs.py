"""Pairs movements: Mitchell, Howell and round robin for 2..20 pairs and beyond."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.movements import MovementError, generate, validate
from tournaments.movements.pairs import howell, mitchell, round_robin

SIZES = range(2, 21)


def meetings(doc: dict) -> Counter:
    return Counter(frozenset((t["ns"], t["ew"])) for rnd in doc["rounds"] for t in rnd["tables"])


def byes(doc: dict) -> Counter:
    return Counter(p for rnd in doc["rounds"] for p in rnd["sit_out"])


def everyone_accounted(doc: dict) -> None:
    """Each round seats or byes every pair exactly once."""
    for rnd in doc["rounds"]:
        present = [p for t in rnd["tables"] for p in (t["ns"], t["ew"])] + rnd["sit_out"]
        assert sorted(present) == list(range(1, doc["pairs"] + 1))


def check_complete_circle(doc: dict, n: int) -> None:
    validate(doc)
    everyone_accounted(doc)
    assert len(doc["rounds"]) == (n - 1 if n % 2 == 0 else n)  # the fewest possible
    met = meetings(doc)
    assert len(met) == n * (n - 1) // 2 and set(met.values()) == {1}
    if n % 2:
        assert byes(doc) == Counter(range(1, n + 1))  # one bye each
    else:
        assert not byes(doc)
    assert doc["tables"] == n // 2


@pytest.mark.parametrize("n", SIZES)
@pytest.mark.parametrize("build", [howell, round_robin])
def test_howell_and_round_robin_are_complete(build, n):
    check_complete_circle(build(n), n)


@settings(max_examples=25, deadline=None)
@given(n=st.integers(2, 200), build=st.sampled_from([howell, round_robin]))
def test_complete_for_any_size(build, n):
    check_complete_circle(build(n), n)


@pytest.mark.parametrize("n", SIZES)
def test_howell_formula_and_stationary_pair(n):
    doc = howell(n)
    m = n - 1 + n % 2

    def label(x):
        return (x - 1) % m + 1

    for r, rnd in enumerate(doc["rounds"], start=1):
        games = {frozenset((t["ns"], t["ew"])) for t in rnd["tables"]}
        expected = {frozenset((label(r + k), label(r - k))) for k in range(1, (m + 1) // 2)}
        if n % 2 == 0:
            expected.add(frozenset((n, label(r))))
            table_one = next(t for t in rnd["tables"] if t["table"] == 1)
            assert n in (table_one["ns"], table_one["ew"])  # pair "infinity" stays at table 1
        else:
            assert rnd["sit_out"] == [label(r)]
        assert games == expected


def test_round_robin_follows_the_berger_tables():
    doc = round_robin(6)
    assert [[(t["ns"], t["ew"]) for t in rnd["tables"]] for rnd in doc["rounds"]] == [
        [(1, 6), (2, 5), (3, 4)],
        [(6, 4), (5, 3), (1, 2)],
        [(2, 6), (3, 1), (4, 5)],
        [(6, 5), (1, 4), (2, 3)],
        [(3, 6), (4, 2), (5, 1)],
    ]


@pytest.mark.parametrize("n", SIZES)
@pytest.mark.parametrize("build", [howell, round_robin])
def test_directions_balanced(build, n):
    assert generate(build.__name__, pairs=n)["grade"]["direction_spread"] <= 1


@pytest.mark.parametrize("build", [howell, round_robin])
def test_partial_and_repeated_cycles(build):
    partial = build(10, rounds=4)
    assert len(partial["rounds"]) == 4 and max(meetings(partial).values()) == 1
    double = generate(build.__name__, pairs=7, rounds=14)
    assert set(meetings(double).values()) == {2}
    assert double["grade"]["direction_spread"] == 0  # the second cycle swaps directions
    assert double["grade"]["sit_out_spread"] == 0


@pytest.mark.parametrize("n", SIZES)
def test_mitchell_every_stationary_pair_meets_every_moving_pair(n):
    doc = mitchell(n)
    validate(doc)
    everyone_accounted(doc)
    tables = (n + 1) // 2
    assert doc["tables"] == tables and len(doc["rounds"]) == tables
    ns_pairs, ew_pairs = range(1, tables + 1), range(tables + 1, n + 1)
    assert meetings(doc) == Counter(frozenset((s, m)) for s in ns_pairs for m in ew_pairs)
    for rnd in doc["rounds"]:
        for t in rnd["tables"]:
            assert t["ns"] == t["table"]  # N/S stationary
    for r, rnd in enumerate(doc["rounds"][:-1], start=1):  # E/W move up one table, T wraps to 1
        here = {t["ew"]: t["table"] for t in rnd["tables"]}
        there = {t["ew"]: t["table"] for t in doc["rounds"][r]["tables"]}
        for pair in here.keys() & there.keys():
            assert there[pair] == here[pair] % tables + 1
    if n % 2:  # the phantom E/W pair: each N/S pair has one bye
        assert byes(doc) == Counter(ns_pairs)
    grade = generate("mitchell", pairs=n)["grade"]
    assert grade["stationary"] == list(ns_pairs) and grade["moving"] == list(ew_pairs)
    assert grade["stationary_moving_met"] == grade["stationary_moving_pairs"]


def test_mitchell_skip_for_even_tables():
    doc = generate("mitchell", pairs=8, relay_or_skip="skip")
    assert doc["skip"] == {"after_round": 2} and doc["relay"] is None
    assert len(doc["rounds"]) == 3
    assert max(meetings(doc).values()) == 1
    # after the skip E/W pair 5 jumps from table 2 to table 4
    at = [next(t["table"] for t in rnd["tables"] if t["ew"] == 5) for rnd in doc["rounds"]]
    assert at == [1, 2, 4]
    assert doc["grade"]["skip"] == {"after_round": 2}


def test_mitchell_relay_keeps_seating():
    doc = mitchell(8, relay_or_skip="relay")
    assert doc["relay"] == {"shared_tables": [1, 4], "bye_stand_after_table": 2}
    assert doc["rounds"] == mitchell(8)["rounds"]


def test_skip_or_relay_need_an_even_table_count():
    with pytest.raises(MovementError, match="even table count"):
        mitchell(6, relay_or_skip="skip")
    with pytest.raises(MovementError, match="relay_or_skip"):
        mitchell(8, relay_or_skip="jump")


def test_mitchell_arrow_switch():
    plain, switched = mitchell(8), mitchell(8, arrow_switch=True)
    assert switched["arrow_switch"] == [4]
    assert switched["rounds"][:3] == plain["rounds"][:3]
    assert [(t["ns"], t["ew"]) for t in switched["rounds"][3]["tables"]] == [
        (t["ew"], t["ns"]) for t in plain["rounds"][3]["tables"]
    ]
    assert mitchell(8, arrow_switch=[1, 2])["arrow_switch"] == [1, 2]
    with pytest.raises(MovementError, match="arrow_switch round"):
        mitchell(8, arrow_switch=9)


@pytest.mark.parametrize(
    ("kwargs", "fragment"),
    [
        ({"kind": "howell", "pairs": 1}, "pairs must be 2..200"),
        ({"kind": "howell", "pairs": 201}, "pairs must be 2..200"),
        ({"kind": "howell", "pairs": 8, "rounds": 0}, "rounds must be"),
        ({"kind": "howell", "pairs": 8, "arrow_switch": True}, "no option arrow_switch"),
        ({"kind": "mitchell", "players": 8}, "takes pairs, not players"),
        ({"kind": "round_robin"}, "needs pairs"),
        ({"kind": "swiss", "pairs": 8}, "unknown movement kind"),
    ],
)
def test_bad_requests(kwargs, fragment):
    with pytest.raises(MovementError, match=fragment) as caught:
        generate(**kwargs)
    assert caught.value.code == "E_MOVEMENT"
