"""League ranking: matches won, net rubber points, head-to-head (no database needed)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tournaments.selectors.league import Match, rank_pairs, tally
from tournaments.selectors.matches import LeagueOptions


def match(a: int, b: int, net_a: int, rubbers_a: int = 0, rubbers_b: int = 0, counts=True):
    return Match(
        round=1,
        table=1,
        pairs={"A": a, "B": b},
        rubbers={"A": rubbers_a, "B": rubbers_b},
        games={"A": 0, "B": 0},
        net={"A": net_a, "B": -net_a},
        hands=6,
        counts=counts,
    )


DEFAULT = LeagueOptions()


def order(matches, numbers, options=DEFAULT):
    return rank_pairs(numbers, tally(matches, options), matches, options)


def test_a_match_is_won_by_rubbers_first_then_net_points():
    assert match(1, 2, net_a=-3, rubbers_a=1).winner == "A"  # a rubber beats a bigger lead
    assert match(1, 2, net_a=3).winner == "A"  # unfinished: the value so far decides
    assert match(1, 2, net_a=0).winner is None  # a draw


def test_league_points_then_net_then_head_to_head():
    games = [
        match(1, 2, 4, 1, 0),  # 1 beats 2
        match(2, 3, 5, 1, 0),  # 2 beats 3
        match(3, 1, 5, 1, 0),  # 3 beats 1: a circle, all on 3 points
        match(1, 4, 2, 1, 0),
        match(2, 4, 1, 1, 0),
        match(3, 4, 2, 1, 0),
    ]
    rows = tally(games, LeagueOptions())
    assert [rows[n]["points"] for n in (1, 2, 3, 4)] == [6, 6, 6, 0]
    assert [rows[n]["net"] for n in (1, 2, 3, 4)] == [1, 2, 2, -5]
    # 2 and 3 are level on points and net: 2 beat 3, so 2 is ahead.
    assert order(games, [1, 2, 3, 4]) == [[2], [3], [1], [4]]


def test_rubber_points_option_ranks_net_first():
    games = [match(1, 2, 8, 1, 0), match(2, 3, 1, 1, 0), match(3, 1, 1, 1, 0)]
    assert order(games, [1, 2, 3]) == [[1], [3], [2]]  # all 3 points: net 7, -7, 0
    rubber = LeagueOptions(points="rubber")
    assert order(games, [1, 2, 3], rubber) == [[1], [3], [2]]
    custom = LeagueOptions(win=2, draw=1)
    games.append(match(1, 3, 0))  # a draw now counts 1
    assert tally(games, custom)[1]["points"] == 2 + 0 + 1


def test_level_even_head_to_head_share_a_position_and_unfinished_matches_wait():
    games = [match(1, 2, 0), match(3, 4, 9, 1, 0, counts=False)]
    assert order(games, [1, 2, 3, 4]) == [[1, 2], [3, 4]]


@given(st.lists(st.tuples(st.integers(1, 5), st.integers(1, 5), st.integers(-8, 8)), max_size=12))
def test_every_pair_is_ranked_once_and_net_points_sum_to_zero(raw):
    games = [match(a, b, n) for a, b, n in raw if a != b]
    groups = order(games, [1, 2, 3, 4, 5])
    assert sorted(n for g in groups for n in g) == [1, 2, 3, 4, 5]
    rows = tally(games, LeagueOptions())
    assert sum(r["net"] for r in rows.values()) == 0
    keys = [(rows[g[0]]["points"], rows[g[0]]["net"]) for g in groups]
    assert keys == sorted(keys, reverse=True)


def test_a_tie_for_the_last_prize_shares_one_prize():
    """A walk: two pairs level for 3rd of 3 places read "(tied, sharing 2 prizes)"."""
    from tournaments.selectors.league import league_prizes

    def row(pair: int, position: int, points: int) -> dict:
        return {
            "pair": pair,
            "name": f"Pair {pair}",
            "position": position,
            "played": 1,
            "points": points,
            "net": points,
        }

    table = [row(1, 1, 9), row(2, 2, 6), row(3, 3, 3), row(4, 3, 3), row(5, 5, 0)]
    prizes = league_prizes(league={"table": table, "options": DEFAULT}, places=3)
    assert prizes[-1]["label"] == "3rd" and [w["name"] for w in prizes[-1]["winners"]] == [
        "Pair 3",
        "Pair 4",
    ]
    assert prizes[-1]["reason"].endswith("(tied, sharing 1 prize)")
    two = league_prizes(league={"table": table[:1] + table[2:], "options": DEFAULT}, places=3)
    assert two[-1]["reason"].endswith("(tied, sharing 2 prizes)")  # level for 2nd: 2nd and 3rd


def test_one_point_is_said_in_the_singular_in_each_language():
    """A German walk's prizes read "1 Netto-Robberpunkte" (and English "1 league points")."""
    from django.utils import translation

    from tournaments.selectors.league import league_prizes

    table = [
        {"pair": 1, "name": "Pair 1", "position": 1, "played": 1, "points": 1, "net": 1},
        {"pair": 2, "name": "Pair 2", "position": 2, "played": 1, "points": 0, "net": -1},
    ]
    said = {}
    for language in ("en", "de"):
        with translation.override(language):
            said[language] = [
                p["reason"]
                for p in league_prizes(league={"table": table, "options": DEFAULT}, places=2)
            ]
    assert said["en"] == [
        "1st in the league table: 1 league point, 1 net rubber point",
        "2nd in the league table: 0 league points, -1 net rubber point",
    ]
    assert said["de"][0] == "1. Platz in der Ligatabelle: 1 Ligapunkt, 1 Netto-Robberpunkt"
