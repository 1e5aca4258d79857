"""Renumbering a re-planned movement around the rounds already played (movements.relabel)."""

from tournaments.movements import generate, grade, history_of, relabel


def _again(doc: dict, history: dict, kind: str) -> int:
    """How many of ``doc``'s contacts of ``kind`` are already in ``history``."""
    return sum(key[0] == kind and key in history for key in history_of(doc))


def test_a_howell_renumbered_meets_no_pair_played_before():
    played = {"rounds": [{"tables": [{"ns": 1, "ew": 2}, {"ns": 3, "ew": 4}, {"ns": 5, "ew": 6}]}]}
    history = history_of(played)
    assert history == {("opponents", 1, 2): 1, ("opponents", 3, 4): 1, ("opponents", 5, 6): 1}
    fresh = generate("howell", pairs=6, rounds=2)
    assert _again(fresh, history, "opponents") > 0  # as generated: meetings played again
    moved = relabel(fresh, history)
    assert _again(moved, history, "opponents") == 0
    assert grade({k: v for k, v in moved.items() if k != "grade"}) == fresh["grade"]


def test_partners_again_weigh_most_and_fixed_players_keep_their_number():
    fresh = generate("individual", players=8, rounds=3, seed=1)
    history = history_of({"rounds": fresh["rounds"][:1]})  # round 1 as if already played
    moved = relabel(fresh, history, fixed=[8])
    assert _again(fresh, history, "partners") == 4  # round 1 again, as generated
    assert _again(moved, history, "partners") == 0
    seats_of_8 = [
        (t["table"], t["ns"].index(8) if 8 in t["ns"] else None)
        for r in fresh["rounds"]
        for t in r["tables"]
        if 8 in [*t["ns"], *t["ew"]]
    ]
    moved_8 = [
        (t["table"], t["ns"].index(8) if 8 in t["ns"] else None)
        for r in moved["rounds"]
        for t in r["tables"]
        if 8 in [*t["ns"], *t["ew"]]
    ]
    assert seats_of_8 == moved_8


def test_nothing_played_leaves_the_movement_as_it_is():
    fresh = generate("round_robin", pairs=7, rounds=4)
    assert relabel(fresh, {}) == fresh
