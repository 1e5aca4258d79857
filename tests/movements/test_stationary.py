"""Players who cannot move: one table and one seat all evening, the grade reported."""

from __future__ import annotations

import pytest

from tournaments.movements import MovementError, generate, progress

GRADED = ("repeat_partners", "max_partner_meetings", "max_opponent_meetings", "never_met")


def seats_of(doc: dict, player: int) -> set[tuple[int, str]]:
    """Every (table, seat) the player takes over the movement."""
    found = set()
    for rnd in doc["rounds"]:
        for t in rnd["tables"]:
            for seat, p in zip("NSEW", [*t["ns"], *t["ew"]], strict=True):
                if p == player:
                    found.add((t["table"], seat))
    return found


@pytest.mark.parametrize(
    ("players", "rounds", "fixed"),
    [(32, 31, [5]), (21, 21, [4]), (24, 8, [1, 2, 3]), (40, 6, [3, 7]), (30, 12, [2, 30])],
)
def test_marked_players_keep_one_seat_and_the_grade_is_reported(players, rounds, fixed):
    free = generate("individual", players=players, rounds=rounds, seed=1)
    doc = generate("individual", players=players, rounds=rounds, seed=1, stationary=fixed)
    for i, player in enumerate(fixed, start=1):
        assert seats_of(doc, player) == {(i, "N")}
    grade = doc["grade"]
    assert grade["stationary_moves"] == 0
    assert doc["stationary"] == fixed
    assert not any(set(fixed) & set(rnd["sit_out"]) for rnd in doc["rounds"])
    if (len(fixed) == 1 and players % 4 == 0) or rounds <= players // 4:
        # one fixed point (∞ of a cyclic design, who never sits out), or hosts who never
        # meet: nothing is lost
        assert [grade[k] for k in GRADED] == [free["grade"][k] for k in GRADED]


def test_two_fixed_players_in_a_whole_design_never_meet_and_that_is_all_it_costs():
    doc = generate("individual", players=40, rounds=39, stationary=[3, 7])
    grade = doc["grade"]
    assert seats_of(doc, 3) == {(1, "N")} and seats_of(doc, 7) == {(2, "N")}
    # they cannot meet: 1 pair never meets; the swaps that separate them repeat a few partners
    assert grade["never_met"] >= 1
    assert grade["max_partner_meetings"] <= 2 and grade["max_opponent_meetings"] <= 3


@pytest.mark.parametrize(
    ("players", "rounds", "fixed"),
    [(17, 3, [5, 6, 7, 8]), (17, 17, [5]), (17, 17, [5, 6, 7, 8]), (13, 13, [1, 2, 3])],
)
def test_a_marked_player_never_sits_out_and_never_moves(players, rounds, fixed):
    """Everyone sits out in turn, but not the marked: a player sits out in their place."""
    doc = generate("individual", players=players, rounds=rounds, seed=3, stationary=fixed)
    for i, player in enumerate(fixed, start=1):
        assert seats_of(doc, player) == {(i, "N")}
    for rnd in doc["rounds"]:
        assert not set(fixed) & set(rnd["sit_out"])
        assert len(rnd["sit_out"]) == players % 4
        seated = [p for t in rnd["tables"] for p in (*t["ns"], *t["ew"])]
        assert sorted(seated + rnd["sit_out"]) == list(range(1, players + 1))
    assert doc["grade"]["sit_out_spread"] <= 2  # the marked sit out less than the others


def test_more_fixed_players_than_tables_is_refused():
    with pytest.raises(MovementError):
        generate("individual", players=8, rounds=4, stationary=[1, 2, 3])
    with pytest.raises(MovementError) as caught:  # 8 pairs play at 4 tables
        generate("howell", pairs=8, stationary=[1, 2, 3, 4, 5])
    assert caught.value.code == "E_STATIONARY"


def round_of(tables: list[list[str]], winners: list[int], fixed: list[str]) -> dict:
    return {
        "partners": "changed",
        "stationary": fixed,
        "tables": [
            {"table": n, "pairs": [t[:2], t[2:]], "winner": w}
            for n, (t, w) in enumerate(zip(tables, winners, strict=True), 1)
        ],
    }


@pytest.mark.parametrize(
    "rule", ["winners_split", "losers_split", "losers_split_progressive", "head_table"]
)
def test_a_progressive_drive_moves_everyone_around_the_fixed_players(rule):
    tables = [[f"L{2 * t - 1}", f"G{2 * t - 1}", f"L{2 * t}", f"G{2 * t}"] for t in range(1, 6)]
    fixed = ["G1", "L6"]  # table 1, second seat; table 3, third seat
    homes = {"G1": (0, 1), "L6": (2, 2)}
    for round_number in range(6):
        winners = [(round_number + t) % 2 for t in range(5)]
        moved = progress(rule, round_of(tables, winners, fixed))
        free = progress(rule, round_of(tables, winners, []))
        new = [[*t["pairs"][0], *t["pairs"][1]] for t in moved["tables"]]
        for player, (t, s) in homes.items():
            assert new[t][s] == player
        assert sorted(p for t in new for p in t) == sorted(p for t in tables for p in t)
        # everyone else goes where the rule sends them, or to a fixed player's rule seat
        plain = [[*t["pairs"][0], *t["pairs"][1]] for t in free["tables"]]
        differ = sum(
            a != b for x, y in zip(new, plain, strict=True) for a, b in zip(x, y, strict=True)
        )
        assert differ <= 2 * len(fixed)
        for t, row in enumerate(new):  # roles are kept: ladies in lady seats
            assert [p[0] for p in row] == ["L", "G", "L", "G"], (t, row)
        tables = new


def pairs_round(tables: list[list[int]], winners: list[int], fixed: list[int]) -> dict:
    return {**round_of(tables, winners, fixed), "partners": "kept"}


def meetings(tables: list[dict]) -> set[frozenset]:
    return {frozenset((tuple(t["pairs"][0]), tuple(t["pairs"][1]))) for t in tables}


@pytest.mark.parametrize("rule", ["foster", "ew_move"])
@pytest.mark.parametrize("fixed", [[1], [2], [3], [4], [1, 7]])
def test_a_pairs_drive_moves_the_other_pair_in_place_of_a_fixed_one(rule, fixed):
    """The pair the rule moves cannot: the other pair takes its path, so nobody replays."""
    tables = [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]]
    for round_number in range(4):
        winners = [(round_number + t) % 2 for t in range(3)]
        moved = progress(rule, pairs_round(tables, winners, fixed))
        new = [[*t["pairs"][0], *t["pairs"][1]] for t in moved["tables"]]
        for player in fixed:  # one table, one seat, the partner kept
            t = next(i for i, row in enumerate(tables) if player in row)
            assert new[t].index(player) == tables[t].index(player)
        before = meetings(pairs_round(tables, winners, [])["tables"])
        assert not meetings(moved["tables"]) & before  # new opponents at every table
        pairs = {frozenset(row[i : i + 2]) for row in tables for i in (0, 2)}
        assert {frozenset(row[i : i + 2]) for row in new for i in (0, 2)} == pairs
        tables = new


def test_foster_winners_who_cannot_move_stay_and_the_losers_take_their_path():
    tables = [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]]
    moved = progress("foster", pairs_round(tables, [0, 0, 0], [2]))
    assert [t["pairs"] for t in moved["tables"]] == [
        [[1, 2], [9, 10]],  # the fixed winners stay; the winners of table 3 come round
        [[7, 8], [3, 4]],  # the losers of table 1 went up in their place
        [[11, 12], [5, 6]],
    ]


def test_two_fixed_pairs_at_one_table_stay_and_the_movers_pass_it_by():
    tables = [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]]
    moved = progress("foster", pairs_round(tables, [0, 0, 0], [1, 3]))
    assert [t["pairs"] for t in moved["tables"]] == [
        [[1, 2], [3, 4]],
        [[7, 8], [9, 10]],
        [[11, 12], [5, 6]],
    ]
