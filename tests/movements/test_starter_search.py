"""The starter searches: multiplier patterns, the annealer's incremental cost, --matched."""

from __future__ import annotations

import importlib.util
import json
import random
import shutil
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.movements.starter_search import (
    _Annealer,
    multiplier_pattern,
    multiplier_patterns,
    search_starter,
)
from tournaments.movements.whist import (
    STARTERS_PATH,
    design_defects,
    develop,
    shipped_starters,
    starter_cost,
)

SIZES = [v for v in range(8, 65) if v % 4 in (0, 1)]


def test_the_pattern_of_wh40_under_16_has_three_representative_tables() -> None:
    pattern = multiplier_pattern(40, 16)  # 16 = 1 (mod 3), 16^3 = 1 (mod 39)
    assert pattern is not None
    assert (pattern.order, pattern.short, pattern.free_orbits) == (3, (39, 0, 13, 26), 0)
    assert (len(pattern.orbits), pattern.representatives) == (12, 3)


def test_multipliers_that_reach_minus_one_or_share_a_factor_are_refused() -> None:
    assert multiplier_pattern(13, 5) is None  # 5^2 = -1 (mod 13): T and -T repeat differences
    assert multiplier_pattern(40, 3) is None  # not a unit mod 39
    assert multiplier_pattern(14, 1) is None  # no whist tournament on 14 players


@pytest.mark.parametrize("v", SIZES)
def test_every_pattern_seats_each_point_once(v: int) -> None:
    m = v - 1 if v % 4 == 0 else v
    points = set(range(m + 1) if v % 4 == 0 else range(1, m))
    patterns = multiplier_patterns(v)
    assert patterns[0].mu == 1
    for p in patterns:
        seated = list(p.short) + [x for orbit in p.orbits for x in orbit]
        assert sorted(seated) == sorted(points)
        assert all(len(orbit) == p.order for orbit in p.orbits)
        assert p.free_seats % 4 == 0
        assert p.free_seats + 4 * p.order * p.representatives == len(points)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(SIZES), st.integers(0, 10**6), st.data())
def test_the_incremental_cost_is_the_cost_of_the_state(v: int, seed: int, data) -> None:
    pattern = data.draw(st.sampled_from(multiplier_patterns(v)))
    annealer = _Annealer(pattern, random.Random(seed))
    for _ in range(200):
        move = annealer.propose()
        change, touched = annealer.delta(move)
        annealer.apply(move, touched, change)
    pos = annealer.pos
    starter = [tuple(pos[i : i + 4]) for i in range(0, len(pos), 4)]
    assert annealer.cost == starter_cost(v, starter)
    assert sorted(pos) == sorted(list(pattern.short) + [x for o in pattern.orbits for x in o])
    # Every representative table still carries its whole orbit under x -> mu*x.
    m, k = pattern.modulus, pattern.order
    for table in range(pattern.representatives):
        base = pattern.free_seats + 4 * k * table
        for j in range(k):
            copy = pos[base + 4 * j : base + 4 * j + 4]
            assert copy == [x * pow(pattern.mu, j, m) % m for x in pos[base : base + 4]]


@pytest.mark.parametrize(("v", "mu"), [(12, 1), (20, 1), (40, 16), (56, 6)])
def test_the_search_finds_whist_tournaments(v: int, mu: int) -> None:
    starter = next(s for seed in range(20) if (s := search_starter(v, seed, 100_000, mu)))
    assert starter_cost(v, starter) == 0
    assert design_defects(v, develop(v, starter)) == []


def _script(name: str):
    """A module of scripts/ (not a package), loaded from its file."""
    path = Path(__file__).resolve().parents[2] / "scripts" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(name, path)
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    return script


def _find_starters():
    return _script("find_starters")


@pytest.mark.parametrize("m", [31, 47, 57, 69])
def test_a_drawn_starter_pairs_every_point_once_with_every_class_once(m: int) -> None:
    pairs = _find_starters().random_starter(m, random.Random(3))
    assert sorted(x for pair in pairs for x in pair) == list(range(1, m))
    assert sorted(min((a - b) % m, (b - a) % m) for a, b in pairs) == list(range(1, m // 2 + 1))


def test_the_seating_search_says_no_for_a_draw_without_a_seating() -> None:
    """Wh(33)'s first draw has no seating: the search proves it rather than giving up."""
    script = _find_starters()
    assert script.seat_pairs(33, script.random_starter(33, random.Random(0)), 200_000) is False


@pytest.mark.skipif(shutil.which("cc") is None, reason="needs a C compiler")
def test_the_compiled_seating_search_answers_as_the_python_one_node_for_node() -> None:
    """scripts/seat_pairs.c (--compiled) is the same search: Wh(33)'s draws 130 to 139 take
    2,900 to 4,100 nodes to refute (139: 1,133 to seat), so a limit between those counts
    separates "none" from "unknown" only if both count the same nodes."""
    script = _find_starters()
    seat = script.CompiledSeater()
    try:
        answers = set()
        for seed in range(130, 140):
            pairs = script.random_starter(33, random.Random(seed))
            for limit in (1_000, 3_300, 200_000):
                answer = seat(33, pairs, limit)
                assert answer == script.seat_pairs(33, pairs, limit)
                answers.add(answer if answer in (None, False) else "found")
        assert answers == {None, False, "found"}
    finally:
        seat.close()


@pytest.mark.parametrize("v", [33, 48])
def test_the_matched_search_reproduces_the_shipped_starter(v: int) -> None:
    """scripts/find_starters.py --matched: the recorded seed gives the shipped starter."""
    entry = json.loads(STARTERS_PATH.read_text())["starters"][str(v)]
    found_v, found = _find_starters().matched((v, 120))
    assert (found_v, found["seed"]) == (v, entry["seed"])
    assert sorted(map(tuple, found["tables"])) == sorted(shipped_starters()[v])
    assert design_defects(v, develop(v, shipped_starters()[v])) == []


def _starter_cpsat():
    return _script("starter_cpsat")


@pytest.mark.parametrize(("v", "mu"), [(112, 7), (160, 10)])
def test_cpsat_finds_the_small_multiplier_patterns(v: int, mu: int) -> None:
    """--cpsat: three representative tables and one free table, decided in seconds, and the
    find is a whist tournament (so is the shipped one, found this way)."""
    starter = _starter_cpsat().pattern_starter(multiplier_pattern(v, mu), 120)
    assert starter_cost(v, starter) == 0
    assert design_defects(v, develop(v, starter)) == []
    assert json.loads(STARTERS_PATH.read_text())["starters"][str(v)]["method"] == "cpsat"


def test_cpsat_proves_a_pattern_without_a_starter() -> None:
    """Wh(20) under x -> 7x (one representative, two free tables) has none: CP-SAT says so."""
    assert _starter_cpsat().pattern_starter(multiplier_pattern(20, 7), 120) is False


def test_the_patterned_exact_cover_gives_wh77() -> None:
    starter = _starter_cpsat().patterned_starter(77, 120)
    assert starter_cost(77, starter) == 0
    assert design_defects(77, develop(77, starter)) == []


def test_cpsat_splits_a_one_table_pattern_by_what_the_table_covers() -> None:
    """Wh(21) under x -> 4x: one representative table; split by what it covers (240
    signatures) CP-SAT proves every part empty in seconds.  Under x -> 13x a part has a
    starter, and under x -> 7x Wh(29) (its four orbits all at the one table) too."""
    script = _starter_cpsat()
    pattern = multiplier_pattern(21, 4)
    assert pattern.representatives == 1
    assert len(script.representatives(pattern)) == 240
    assert script.pattern_starter(pattern, 240) is False
    for v, mu in ((21, 13), (29, 7)):
        starter = script.pattern_starter(multiplier_pattern(v, mu), 120)
        assert starter_cost(v, starter) == 0
        assert design_defects(v, develop(v, starter)) == []


@pytest.mark.parametrize(("v", "mu"), [(20, 7), (32, 2), (80, 23), (132, 53), (164, 38)])
def test_no_free_tables_complete_the_small_patterns_of_a_prime_n_minus_1(v: int, mu: int) -> None:
    """N - 1 prime: the free tables hold ∞, 0 and two orbits and must give one whole class
    orbit among partners and whole ones among opponents.  No seating of them does, for
    orders 3, 5 and 9 (an exhaustive enumeration), so CP-SAT is not even asked."""
    script = _starter_cpsat()
    pattern = multiplier_pattern(v, mu)
    assert pattern.free_orbits == 2 and pattern.free_seats <= 24
    assert script.free_parts(pattern) == []
    assert script.pattern_starter(pattern, 60) is False


def test_the_free_seatings_are_all_counted() -> None:
    """The enumeration behind the proofs above, checked against brute force: Wh(20) under
    x -> 7x, free points ∞, 0 and the orbits of 1 and of g^j (j = 1..3, g a primitive
    root): every perfect matching whose finite classes are one whole class orbit, times
    the 3 ways to seat its pairs at two tables, is one seating."""
    script = _starter_cpsat()
    pattern = multiplier_pattern(20, 7)
    model = script._PatternModel(pattern)
    m, g = 19, 2

    def matchings(points):
        if not points:
            yield []
            return
        for i in range(1, len(points)):
            for rest in matchings(points[1:i] + points[i + 1 :]):
                yield [(points[0], points[i]), *rest]

    expected = 0
    for j in (1, 2, 3):
        points = [m, 0, *pattern.orbits[model.orbit_of[1]]]
        points += pattern.orbits[model.orbit_of[pow(g, j, m)]]
        for pairs in matchings(points):
            classes = [model._class(a - b) for a, b in pairs if m not in (a, b)]
            orbits = {model.class_orbit_of[c] for c in classes}
            expected += 3 * (len(set(classes)) == 3 and len(orbits) == 1)
    assert expected > 0
    assert len(script.free_parts(pattern, keep=lambda _model, _tables: True)) == expected


@pytest.mark.skipif(shutil.which("cc") is None, reason="needs a C compiler")
def test_the_seating_search_with_its_first_table_fixed_answers_alike_compiled() -> None:
    """``first``: pairs 0 and 1 share a table before the search; the C program counts the
    same nodes (Wh(24)'s quadratic draws, each limit below and above what they take)."""
    script = _find_starters()
    seat = script.CompiledSeater()
    try:
        for _lam, pairs in script.quadratic_draws(23):
            for limit in (10, 60, 10_000):
                assert seat(23, pairs, limit, first=True) == script.seat_pairs(23, pairs, limit, first=True)
    finally:
        seat.close()


@pytest.mark.skipif(shutil.which("cc") is None, reason="needs a C compiler")
def test_the_quadratic_starters_give_wh48_and_none_for_wh20(capsys) -> None:
    """Pairs {x, lambda x} over the squares of Z_p, ∞'s table fixed by their symmetry: for
    p = 47 the eleventh lambda (39) seats, for p = 19 the search proves every lambda empty."""
    script = _find_starters()
    v, found = script.quadratic((48, 60), nodes=5_000_000)
    assert v == 48 and found["lambda"] == 39 and script.verified(48, [tuple(t) for t in found["tables"]])
    v, none = script.quadratic((20, 60), nodes=5_000_000)
    said = capsys.readouterr().out.splitlines()
    assert none["attempts"] == len(script.quadratic_draws(19)) == 4 and "tables" not in none
    assert [line.split()[-1] for line in said if line.startswith("20 ")] == ["none"] * 4
