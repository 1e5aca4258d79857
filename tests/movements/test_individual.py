"""Individual movements: seating rules for every size, perfect play where a design exists."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.movements import generate
from tournaments.movements.errors import MovementError
from tournaments.movements.grade import grade, validate
from tournaments.movements.individual import _design_prefix, default_rounds, individual_movement
from tournaments.movements.polish import spread
from tournaments.movements.whist import (
    design_defects,
    develop,
    field_design,
    shipped_starters,
    starter_cost,
    whist_design,
)

DESIGN_RANGE = [v for v in range(8, 65) if v % 4 in (0, 1)]
FULL_RANGE = [v for v in range(8, 201) if v % 4 in (0, 1)]
# Sizes 8..200 with v = 0, 1 (mod 4) for which no construction (field, product, PBD) and no
# shipped starter gives a whist tournament yet: scripts/find_starters.py searched the
# small ones (4 to 10 minutes each, with multiplier patterns where Z_m has them) and found
# none.  They fall back to the local search; a longer search may shrink the list.
NO_DESIGN_UP_TO_200 = [
    93, 104, 108, 132, 140, 152, 164, 168, 180, 192, 200,
]  # fmt: skip
NO_DESIGN = [v for v in NO_DESIGN_UP_TO_200 if v <= 64]
WITH_DESIGN = [v for v in DESIGN_RANGE if v not in NO_DESIGN]


def tables_of(doc: dict):
    """(a, b, c, d) per table per round: a, c partners (N/S) against b, d (E/W)."""
    for rnd in doc["rounds"]:
        yield rnd, [(t["ns"][0], t["ew"][0], t["ns"][1], t["ew"][1]) for t in rnd["tables"]]


def relation_counts(doc: dict) -> tuple[Counter, Counter]:
    partners: Counter = Counter()
    opponents: Counter = Counter()
    for _rnd, tables in tables_of(doc):
        for a, b, c, d in tables:
            partners.update([frozenset((a, c)), frozenset((b, d))])
            opponents.update(frozenset(p) for p in ((a, b), (a, d), (c, b), (c, d)))
    return partners, opponents


def assert_well_seated(doc: dict, players: int, rounds: int) -> dict:
    """The seating rules every individual movement keeps, whatever its size."""
    validate(doc)
    assert doc["kind"] == "individual"
    assert (doc["players"], doc["tables"], len(doc["rounds"])) == (players, players // 4, rounds)
    for rnd, tables in tables_of(doc):
        seated = [x for table in tables for x in table]
        assert all(len(set(table)) == 4 for table in tables)
        assert len(rnd["sit_out"]) == players % 4
        assert sorted(seated + rnd["sit_out"]) == list(range(1, players + 1))
    result = grade(doc)
    assert result["sit_out_spread"] <= 1
    # Short or one-table movements cannot always do better (4 players over 3 rounds need 3).
    assert result["direction_spread"] <= (2 if players >= 8 and rounds >= 8 else 3)
    return result


def consecutive_partner_repeats(doc: dict) -> int:
    previous: set = set()
    repeats = 0
    for _rnd, tables in tables_of(doc):
        now = {frozenset(p) for a, b, c, d in tables for p in ((a, c), (b, d))}
        repeats += len(now & previous)
        previous = now
    return repeats


# ----------------------------------------------------------------------- designs


def test_wh8_from_the_shared_docs_is_a_whist_tournament() -> None:
    # docs/movements.md: on Z7 ∪ {∞}, starter (∞, 2 v 4, 5)(0, 3 v 6, 1), written partners, partners.
    infinity = 7
    starter = [(infinity, 4, 2, 5), (0, 6, 3, 1)]  # as (a, b, c, d): a, c partners
    rounds = develop(8, starter)
    assert design_defects(8, rounds) == []
    assert starter_cost(8, starter) == 0
    # Its first round, numbered from 1 (∞ = player 8), is the JSON example of docs/movements.md.
    assert rounds[0] == [(7, 4, 2, 5), (0, 6, 3, 1)]


def test_a_broken_starter_is_caught() -> None:
    starter = [(7, 4, 2, 5), (0, 3, 6, 1)]  # 0 now partners 6, not 3: no longer a design
    assert starter_cost(8, starter) > 0
    assert design_defects(8, develop(8, starter))


@pytest.mark.parametrize("v", [4, 5, 8, 9, 13, 16, 25, 49, 81, 101, 125, 128])
def test_field_constructions_are_whist_tournaments(v: int) -> None:
    assert design_defects(v, field_design(v)) == []


def test_shipped_starters_are_whist_tournaments() -> None:
    assert shipped_starters(), "data/starters.json should ship starters"
    for v, starter in shipped_starters().items():
        assert starter_cost(v, starter) == 0
        assert design_defects(v, develop(v, starter)) == []


def test_the_sizes_without_a_design_are_exactly_the_listed_ones() -> None:
    assert [v for v in FULL_RANGE if whist_design(v) is None] == NO_DESIGN_UP_TO_200


@pytest.mark.parametrize("v", [v for v in FULL_RANGE if v > 64 and v not in NO_DESIGN_UP_TO_200])
def test_large_designs_partner_everyone_once_and_oppose_twice(v: int) -> None:
    """The command line's movement for every known Wh(v) above 64: v − 1 rounds (v = 0 mod 4)
    or v rounds with one sitter (v = 1 mod 4), counted from the document itself."""
    rounds = v - 1 if v % 4 == 0 else v
    doc = generate("individual", players=v, rounds=rounds, seed=1)
    partners, opponents = relation_counts(doc)
    pairs = v * (v - 1) // 2
    assert len(partners) == pairs and set(partners.values()) == {1}
    assert len(opponents) == pairs and set(opponents.values()) == {2}
    assert doc["grade"]["repeat_partners"] == 0
    assert doc["grade"]["max_opponent_meetings"] == 2
    sitters = Counter(x for rnd in doc["rounds"] for x in rnd["sit_out"])
    assert sitters == (Counter(range(1, v + 1)) if v % 4 else Counter())


@pytest.mark.parametrize("v", WITH_DESIGN)
def test_every_design_size_partners_everyone_once_and_opposes_twice(v: int) -> None:
    rounds = v - 1 if v % 4 == 0 else v
    assert default_rounds(v) == rounds
    doc = individual_movement(v)
    result = assert_well_seated(doc, v, rounds)
    partners, opponents = relation_counts(doc)
    pairs = v * (v - 1) // 2
    assert len(partners) == pairs and set(partners.values()) == {1}
    assert len(opponents) == pairs and set(opponents.values()) == {2}
    assert result["repeat_partners"] == 0
    assert result["max_opponent_meetings"] == 2
    assert result["never_met"] == 0
    assert result["sit_out_spread"] == 0


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(WITH_DESIGN).flatmap(lambda v: st.tuples(st.just(v), st.integers(1, v - 1))))
def test_the_first_rounds_of_a_design_repeat_no_partner(size_rounds: tuple[int, int]) -> None:
    players, rounds = size_rounds
    result = assert_well_seated(individual_movement(players, rounds), players, rounds)
    assert result["repeat_partners"] == 0
    assert result["max_opponent_meetings"] <= 2


@pytest.mark.parametrize(
    ("players", "rounds", "design_never_met", "never_met"), [(25, 12, 36, 12), (61, 24, 366, 126)]
)
def test_equal_figures_go_to_the_seating_where_fewer_pairs_never_meet(
    players: int, rounds: int, design_never_met: int, never_met: int
) -> None:
    """Wh(61)'s best 24 rounds leave 366 pairs who never share a table; a polished seating
    as good by the most partnered, opposed and met leaves 126, so it is the one dealt."""
    design = _design_prefix(players, rounds)
    doc = individual_movement(players, rounds)
    dealt = [[x - 1 for table in tables for x in table] for _rnd, tables in tables_of(doc)]
    assert spread(players, design)[3] == design_never_met
    assert spread(players, dealt) == (*spread(players, design)[:3], never_met)
    assert grade(doc)["never_met"] == never_met


# ----------------------------------------------------------------- any other size


@settings(max_examples=60, deadline=None)
@given(st.integers(4, 80), st.integers(1, 14), st.integers(0, 3))
def test_every_size_seats_everyone_once_a_round(players: int, rounds: int, seed: int) -> None:
    result = assert_well_seated(individual_movement(players, rounds, seed), players, rounds)
    bounds = result["lower_bounds"]
    assert result["repeat_partners"] <= bounds["partner_excess"] + 1
    assert result["max_partner_meetings"] <= bounds["max_partner"] + 1


@pytest.mark.parametrize(
    ("players", "rounds"), [(6, 10), (7, 12), (10, 12), (15, 14), (22, 21), (43, 24)]
)
def test_sizes_two_and_three_mod_four_repeat_partners_near_the_bound(
    players: int, rounds: int
) -> None:
    doc = individual_movement(players, rounds)
    result = assert_well_seated(doc, players, rounds)
    assert result["repeat_partners"] <= result["lower_bounds"]["partner_excess"] + 1
    assert consecutive_partner_repeats(doc) == 0


@pytest.mark.parametrize(("players", "rounds"), [(8, 20), (12, 30), (9, 24), (13, 40)])
def test_beyond_the_design_partners_repeat_no_more_than_needed(players: int, rounds: int) -> None:
    doc = individual_movement(players, rounds)
    result = assert_well_seated(doc, players, rounds)
    bounds = result["lower_bounds"]
    assert result["repeat_partners"] == bounds["partner_excess"]
    assert result["max_partner_meetings"] <= bounds["max_partner"] + 1
    assert consecutive_partner_repeats(doc) == 0


@pytest.mark.parametrize(
    ("players", "rounds"), [(101, 6), (150, 5), (203, 4), (256, 3), (333, 3), (400, 2)]
)
def test_large_fields_are_seated_well(players: int, rounds: int) -> None:
    result = assert_well_seated(individual_movement(players, rounds), players, rounds)
    assert result["repeat_partners"] == 0
    assert result["max_opponent_meetings"] <= 2


@pytest.mark.parametrize("players", [76, 88, 105])
def test_a_long_evening_of_a_large_design_size_meets_no_opponent_twice(players: int) -> None:
    """24 rounds of 76 to 105 players: the polished seating (no opponent twice) beats the
    design's rounds, which oppose some pairs twice."""
    result = assert_well_seated(individual_movement(players, 24), players, 24)
    assert result["repeat_partners"] == 0
    assert result["max_opponent_meetings"] == result["lower_bounds"]["max_opponent"] == 1


def test_the_default_length_without_a_design_is_an_evening() -> None:
    assert default_rounds(30) == 24
    assert default_rounds(11) == 10
    assert default_rounds(200) == 24


# ------------------------------------------------------------------ determinism


@pytest.mark.parametrize(("players", "rounds"), [(13, 13), (14, 10), (30, 8)])
def test_a_seed_always_gives_the_same_movement(players: int, rounds: int) -> None:
    first = individual_movement(players, rounds, seed=7)
    assert individual_movement(players, rounds, seed=7) == first
    assert individual_movement(players, rounds, seed=8) != first


def test_another_seed_relabels_a_design_without_losing_quality() -> None:
    result = grade(individual_movement(20, seed=3))
    assert (result["repeat_partners"], result["max_opponent_meetings"]) == (0, 2)
    assert individual_movement(20, seed=3) != individual_movement(20)


# ----------------------------------------------------------------------- errors


@pytest.mark.parametrize(
    ("players", "rounds"), [(3, None), (401, None), (True, None), (8, 0), (8, 101), (9, "3")]
)
def test_impossible_requests_are_refused(players, rounds) -> None:
    with pytest.raises(MovementError) as caught:
        individual_movement(players, rounds)
    assert caught.value.code == "E_MOVEMENT"
