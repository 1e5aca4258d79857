"""Acceptance cases derived by hand from docs/rules.md and docs/scoring.md.

Every expected value below was worked out from the spec text (the derivation is in
the case's comment), not by running the engines; the cases go through the public
``scoring.score`` contract and compare only the contract's output keys.
"""

from __future__ import annotations

import itertools
import json
import subprocess
import sys
from pathlib import Path

import pytest

from scoring import ScoringError, score

ROOT = Path(__file__).resolve().parents[2]


def dig(out, path: str):
    """``dig(out, "hands.0.winner")``: follow dict keys and list indices."""
    for part in path.split("."):
        out = out[int(part)] if isinstance(out, list) else out[part]
    return out


def check(out: dict, expected: dict) -> None:
    for path, want in expected.items():
        got = dig(out, path)
        if isinstance(want, set):  # a tie group: order within it is not part of the contract
            got = set(got)
        assert got == want, f"{path}: got {got!r}, want {want!r}"


def refused(system: str, record: dict) -> ScoringError:
    with pytest.raises(ScoringError) as info:
        score(system, record)
    return info.value


# --- drive (docs/rules.md §B1) -----------------------------------------------------------------


def row(hand, table, ns, ew, tns, tew, **extra):
    return {"hand": hand, "table": table, "ns": list(ns), "ew": list(ew),
            "tricks": {"ns": tns, "ew": tew}, **extra}


def drive(rows, players=None, **rules):
    record = {"rules": rules, "hands": rows}
    if players is not None:
        record["players"] = players
    return record


AB, CD = ("Ann", "Bob"), ("Cat", "Dan")


def one_hand(tns, tew, **extra):
    return drive([row(1, 1, AB, CD, tns, tew, **extra)])


def standing(out: dict, player: str) -> dict:
    return next(s for s in out["standings"] if s["player"] == player)


def positions(out: dict) -> dict:
    return {s["player"]: (s["position"], s["tied"]) for s in out["standings"]}


def countback_drive(**rules):
    """8 players, 4 hands (half = 2), pairs fixed at two tables.

    Table 1 NS P+P2 take 7,7,4,4 (EW P3+P4: 6,6,9,9); table 2 NS Q+Q2 take 5,5,6,6
    (EW Q3+Q4: 8,8,7,7). Totals: P 22 (2nd half 8, won 2), Q 22 (12, won 0),
    P3 30 (18, won 2), Q3 30 (14, won 4).
    """
    rows = []
    for h, (p, q) in enumerate(zip((7, 7, 4, 4), (5, 5, 6, 6), strict=True), 1):
        rows.append(row(h, 1, ("P", "P2"), ("P3", "P4"), p, 13 - p))
        rows.append(row(h, 2, ("Q", "Q2"), ("Q3", "Q4"), q, 13 - q))
    return drive(rows, hands=4, **rules)


def spread_drive(**rules):
    """1,2,2,4: hand 1 Ann+Bob 8 v Cat+Dan 5; hand 2 Ann+Cat 8 v Bob+Dan 5.

    Ann 16, Bob 13 (8+5), Cat 13 (5+8), Dan 10.
    """
    return drive([row(1, 1, AB, CD, 8, 5), row(2, 1, ("Ann", "Cat"), ("Bob", "Dan"), 8, 5)],
                 hands=2, **rules)


def t09_drive(sit_out):
    """T09: 24 hands, X sits out hands 1-3 and takes 7 in hands 4-17, 6 in 18-24: 140 in 21."""
    others = ["A", "B", "C", "D"]
    rows = []
    for h in range(1, 25):
        if h <= 3:
            rows.append(row(h, 1, ("A", "B"), ("C", "D"), 7, 6))
            continue
        out = others[h % 4]
        p, q, r = [o for o in others if o != out]
        x = 7 if h <= 17 else 6
        rows.append(row(h, 1, ("X", p), (q, r), x, 13 - x))
    return drive(rows, sit_out=sit_out)


def small_sit_out(sit_out):
    """4 hands, X sits out hand 1 and takes 7, 7, 6 (20 in 3)."""
    rows = [row(1, 1, ("A", "B"), ("C", "D"), 7, 6)]
    for h, x in ((2, 7), (3, 7), (4, 6)):
        rows.append(row(h, 1, ("X", "A"), ("B", "C"), x, 13 - x))
    return drive(rows, hands=4, sit_out=sit_out)


DRIVE_CASES = [
    # T01: each player scores the side's tricks; NS (8 >= 7) won.
    ("T01", one_hand(8, 5), {
        "hands.0.winner": "ns", "hands.0.tricks": {"ns": 8, "ew": 5}, "hands.0.trump": "H",
        "hands.0.hand": 1, "hands.0.table": 1,
        "prizes.first": {"Ann", "Bob"}, "prizes.booby": {"Cat", "Dan"},
        "prizes.half_time": {"Ann", "Bob"},
    }),
    # T05 transfer: k = min(3, offender tricks) per revoke.
    ("T05 ns revoked once", one_hand(8, 5, revokes={"ns": 1, "ew": 0}),
     {"hands.0.tricks": {"ns": 5, "ew": 8}, "hands.0.winner": "ew"}),
    ("T05 ns revoked twice", one_hand(8, 5, revokes={"ns": 2}),
     {"hands.0.tricks": {"ns": 2, "ew": 11}, "hands.0.winner": "ew"}),
    ("T05 transfer capped", one_hand(2, 11, revokes={"ns": 1}),
     {"hands.0.tricks": {"ns": 0, "ew": 13}}),
    ("transfer ew revoked", one_hand(8, 5, revokes={"ew": 1}),
     {"hands.0.tricks": {"ns": 11, "ew": 2}, "hands.0.winner": "ns"}),
    ("rules.md revoke list form", one_hand(8, 5, revokes=[{"side": "ns", "count": 1}]),
     {"hands.0.tricks": {"ns": 5, "ew": 8}}),
    # add_only: "+3 to the claimants", nothing taken from the offender.
    ("add_only", drive([row(1, 1, AB, CD, 8, 5, revokes={"ns": 1})], revoke="add_only"),
     {"hands.0.tricks": {"ns": 8, "ew": 8}, "standings.0.total": 8}),
    ("add_only ew", drive([row(1, 1, AB, CD, 8, 5, revokes={"ew": 1})], revoke="add_only"),
     {"hands.0.tricks": {"ns": 11, "ew": 5}, "hands.0.winner": "ns"}),
    ("revoke off", drive([row(1, 1, AB, CD, 8, 5, revokes={"ns": 1})], revoke="off"),
     {"hands.0.tricks": {"ns": 8, "ew": 5}, "hands.0.winner": "ns"}),
    ("revoke_mode alias", drive([row(1, 1, AB, CD, 8, 5, revokes={"ns": 1})], revoke_mode="off"),
     {"hands.0.tricks": {"ns": 8, "ew": 5}}),
    # T04: rot[(h-1) % len(rot)].
    ("T04 trumps", drive([row(h, 1, AB, CD, t, 13 - t) for h, t in zip(
        (1, 2, 3, 4, 7, 24), (8, 5, 7, 9, 7, 7), strict=True)]),
     {"hands.0.trump": "H", "hands.1.trump": "C", "hands.2.trump": "D", "hands.3.trump": "S",
      "hands.4.trump": "D", "hands.5.trump": "S"}),
    ("T04 NT rotation", drive([row(h, 1, AB, CD, 7, 6) for h in (5, 7)],
                              trumps=["H", "C", "D", "S", "NT"]),
     {"hands.0.trump": "NT", "hands.1.trump": "C"}),
    ("trump_rotation alias", drive([row(1, 1, AB, CD, 7, 6)], trump_rotation=["NT", "S"]),
     {"hands.0.trump": "NT"}),
    # share: tied players share the position, the next one skips (1, 2, 2, 4).
    ("share 1,2,2,4", spread_drive(ties="share"), {
        "standings.0.player": "Ann", "standings.0.position": 1, "standings.0.tied": False,
        "standings.1.position": 2, "standings.1.tied": True,
        "standings.2.position": 2, "standings.2.tied": True,
        "standings.3.player": "Dan", "standings.3.position": 4, "standings.3.tied": False,
        "prizes.first": ["Ann"], "prizes.booby": ["Dan"],
    }),
    # countback (default): second half (hand 2) Cat 8 > Bob 5, so no tie.
    ("countback splits 2nd", spread_drive(), {
        "standings.1.player": "Cat", "standings.1.position": 2, "standings.1.tied": False,
        "standings.2.player": "Bob", "standings.2.position": 3, "standings.2.tied": False,
        "standings.1.second_half": 8, "standings.1.first_half": 5,
        "standings.0.hands_won": 2, "standings.3.hands_won": 0,
        "prizes.half_time": {"Ann", "Bob"},
    }),
    # One hand: partners are level on every countback key -> tied, positions 1,1,3,3.
    ("unresolved countback ties", one_hand(8, 5), {
        "standings.0.position": 1, "standings.0.tied": True, "standings.1.position": 1,
        "standings.2.position": 3, "standings.2.tied": True, "standings.3.position": 3,
    }),
    # Countback second_half first: P3 (18) above Q3 (14); Q (12) above P (8).
    ("countback second_half, hands_won", countback_drive(), {
        "prizes.first": {"P3", "P4"}, "prizes.booby": {"P", "P2"},
        "prizes.half_time": {"Q3", "Q4"},  # after hand 2: Q3 16, P 14, P3 12, Q 10
    }),
    # hands_won first: Q3 (4) above P3 (2); P (2) above Q (0).
    ("countback hands_won first", countback_drive(countback=["hands_won", "second_half"]),
     {"prizes.first": {"Q3", "Q4"}, "prizes.booby": {"Q", "Q2"}}),
    ("countback long alias", countback_drive(countback=["second_half_total", "hands_won"]),
     {"prizes.first": {"P3", "P4"}}),
    ("tie_policy alias share", countback_drive(tie_policy="share"),
     {"prizes.first": {"P3", "P4", "Q3", "Q4"}, "prizes.booby": {"P", "P2", "Q", "Q2"}}),
    # T09: own_average 140 x 24/21 = 160; first half = 9 x 7 + 3 x 20/3 = 83, second 77.
    ("T09 own_average", t09_drive("own_average"), {}),
    ("T09 fixed:7", t09_drive("fixed:7"), {}),
    ("T09 fixed object", t09_drive({"fixed": 7}), {}),
    ("T09 none", t09_drive("none"), {}),
    ("sit-out rounding", small_sit_out("own_average"), {}),
    # docs/rules.md §B1 per-hand input: tricks_ns / tricks_ew and revokes [{side, count}].
    ("rules.md input form", drive([{"hand": 1, "table": 1, "ns": list(AB), "ew": list(CD),
                                    "tricks_ns": 8, "tricks_ew": 5,
                                    "revokes": [{"side": "ns", "count": 1}]}]),
     {"hands.0.tricks": {"ns": 5, "ew": 8}, "hands.0.winner": "ew"}),
    # Odd hands: first_half is hands 1..floor(3/2) = 1; 8 then 5 + 7 for Ann.
    ("odd number of hands", drive([row(h, 1, AB, CD, t, 13 - t) for h, t in
                                   ((1, 8), (2, 5), (3, 7))], hands=3),
     {"standings.0.player": "Ann", "standings.0.total": 20, "standings.0.first_half": 8,
      "standings.0.second_half": 12, "standings.0.hands_won": 2}),
]

T09_X = {  # player X's standing: total, played, sat_out, first_half, second_half
    "T09 own_average": (160, 21, 3, 83, 77),
    "T09 fixed:7": (161, 21, 3, 84, 77),
    "T09 fixed object": (161, 21, 3, 84, 77),
    "T09 none": (140, 21, 3, 63, 77),
    # 20 x 4/3 = 26.666.. -> 26.67; first half = 7 + 20/3 = 13.67, second 13.
    "sit-out rounding": (26.67, 3, 1, 13.67, 13),
}


@pytest.mark.parametrize(("name", "record", "expected"), DRIVE_CASES, ids=[c[0] for c in DRIVE_CASES])
def test_drive_acceptance(name, record, expected):
    out = score("drive", record)
    check(out, expected)
    if name in T09_X:
        x = standing(out, "X")
        got = (x["total"], x["played"], x["sat_out"], x["first_half"], x["second_half"])
        assert got == T09_X[name]
        assert type(x["total"]) is type(T09_X[name][0])  # int where whole, else 2 dp


def test_drive_countback_full_order():
    out = score("drive", countback_drive())
    assert positions(out) == {
        "P3": (1, True), "P4": (1, True), "Q3": (3, True), "Q4": (3, True),
        "Q": (5, True), "Q2": (5, True), "P": (7, True), "P2": (7, True),
    }
    p = standing(out, "P")
    assert (p["total"], p["first_half"], p["second_half"], p["hands_won"], p["played"]) == (
        22, 14, 8, 2, 4)


def test_drive_running_totals_t04():
    """T04: Ann's running total after hands 1..k is 8, 13, 20, 29."""
    tricks = (8, 5, 7, 9)
    rows = [row(h, 1, AB, CD, t, 13 - t) for h, t in enumerate(tricks, 1)]
    totals = [standing(score("drive", drive(rows[:k])), "Ann")["total"] for k in range(1, 5)]
    assert totals == [8, 13, 20, 29]


def test_drive_totals_are_integers_when_whole():
    out = score("drive", one_hand(8, 5))
    assert all(type(s["total"]) is int for s in out["standings"])


def test_drive_players_listed_but_never_seated_sit_out():
    out = score("drive", drive([row(1, 1, AB, CD, 8, 5)], players=["Ann", "Bob", "Cat", "Dan", "Eve"]))
    eve = standing(out, "Eve")
    assert (eve["played"], eve["sat_out"], eve["total"]) == (0, 1, 0)
    assert out["prizes"]["booby"] == ["Eve"]


def test_drive_players_omitted_means_everyone_seated():
    # Eve plays only hand 2, so she sat hand 1 out; her own average is 8 -> 16.
    rows = [row(1, 1, AB, CD, 8, 5), row(2, 1, ("Eve", "Bob"), ("Cat", "Dan"), 8, 5)]
    out = score("drive", drive(rows, hands=2))
    assert {s["player"] for s in out["standings"]} == {"Ann", "Bob", "Cat", "Dan", "Eve"}
    eve, ann = standing(out, "Eve"), standing(out, "Ann")
    assert (eve["played"], eve["sat_out"], eve["total"]) == (1, 1, 16)
    assert (ann["played"], ann["sat_out"], ann["total"]) == (1, 1, 16)


DRIVE_ERRORS = [
    ("T02 total", one_hand(8, 6), "E_TRICKS_TOTAL", 1),
    ("range 14", one_hand(14, -1), "E_TRICKS_RANGE", 1),
    ("not an integer", one_hand(7.5, 5.5), "E_TRICKS_RANGE", 1),
    ("same player twice at a table", drive([row(1, 1, ("Ann", "Ann"), CD, 7, 6)]), "E_SEATING", 1),
    ("player at two tables", drive([row(1, 1, AB, CD, 7, 6), row(1, 2, ("Ann", "Eve"),
                                                              ("Fay", "Gus"), 7, 6)]),
     "E_PLAYER_DUP", 2),
    ("error in 3rd hand", drive([row(1, 1, AB, CD, 7, 6), row(2, 1, AB, CD, 7, 6),
                                 row(3, 1, AB, CD, 7, 7)]), "E_TRICKS_TOTAL", 3),
    ("unknown rule key", drive([row(1, 1, AB, CD, 7, 6)], colour="red"), "E_RULES", None),
    ("bad ties", drive([row(1, 1, AB, CD, 7, 6)], ties="coin"), "E_RULES", None),
    ("bad countback key", drive([row(1, 1, AB, CD, 7, 6)], countback=["luck"]), "E_RULES", None),
    ("hands over 60", drive([row(1, 1, AB, CD, 7, 6)], hands=61), "E_RULES", None),
]


@pytest.mark.parametrize(("name", "record", "code", "hand"), DRIVE_ERRORS,
                         ids=[c[0] for c in DRIVE_ERRORS])
def test_drive_errors(name, record, code, hand):
    err = refused("drive", record)
    assert (err.code, err.hand) == (code, hand)


# --- rubber (docs/rules.md §B2) ----------------------------------------------------------------


def rh(a, b, honours=None, revokes=None):
    hand = {"tricks": {"A": a, "B": b}}
    if honours is not None:
        hand["honours"] = honours
    if revokes is not None:
        hand["revokes"] = [{"side": s, "penalty": p} if p else {"side": s} for s, p in revokes]
    return hand


def rubber(hands, **rules):
    return {"rules": rules, "hands": hands}


RUBBER_CASES = [
    # T12: 9 tricks = 3 odd tricks.
    ("T12", rubber([rh(9, 4)]), {
        "hands.0.score": {"A": 3, "B": 0}, "hands.0.game": 1, "hands.0.game_over": False,
        "hands.0.void": False,
        "games": [], "rubber": {"complete": False, "winner": None, "games_won": {"A": 0, "B": 0},
                                "net": {"A": 0, "B": 0}},
    }),
    # T13: 1 odd trick + 4 honours = 5: game; B at 0 -> treble.
    ("T13", rubber([rh(7, 6, {"A": 4})], preset="club_short"), {
        "hands.0.score": {"A": 5, "B": 0}, "hands.0.game_over": True,
        "games": [{"winner": "A", "score": {"A": 5, "B": 0}, "value": 3}],
    }),
    # club: "h = 0 if score_before[S] = target - 1": A at 4, B takes 7, A's 4 honours barred.
    ("club barred at 4", rubber([rh(10, 3), rh(6, 7, {"A": 4})]),
     {"hands.1.score": {"A": 4, "B": 1}, "hands.1.game_over": False}),
    # club at 3: "Otherwise honours may carry S to game": 3 + 4 = 7; B at 1 -> double.
    ("club carries from 3", rubber([rh(9, 4), rh(6, 7, {"A": 4})]), {
        "hands.1.score": {"A": 7, "B": 1}, "hands.1.game_over": True,
        "games": [{"winner": "A", "score": {"A": 7, "B": 1}, "value": 2}],
    }),
    # never_decisive: h = min(4, max(0, 5 - 1 - 3)) = 1.
    ("never_decisive", rubber([rh(9, 4), rh(6, 7, {"A": 4})], honours="never_decisive"),
     {"hands.1.score": {"A": 4, "B": 1}, "hands.1.game_over": False}),
    ("honours_policy alias", rubber([rh(9, 4), rh(6, 7, {"A": 4})], honours_policy="never_decisive"),
     {"hands.1.score": {"A": 4, "B": 1}}),
    # Step 4: tricks reach game -> "Stop: honours are not scored" (B's 4 honours lost).
    ("tricks end game first", rubber([rh(10, 3), rh(8, 5, {"B": 4})]), {
        "hands.1.score": {"A": 6, "B": 0},
        "games": [{"winner": "A", "score": {"A": 6, "B": 0}, "value": 3}],
    }),
    # T16: the side without the odd trick still scores its honours.
    ("T16", rubber([rh(5, 8, {"A": 4})]), {"hands.0.score": {"A": 4, "B": 2}}),
    ("T16 honours win game", rubber([rh(8, 5), rh(5, 8, {"A": 4})]), {
        "hands.1.score": {"A": 6, "B": 2},
        "games": [{"winner": "A", "score": {"A": 6, "B": 2}, "value": 2}],
    }),
    ("three honours score 2", rubber([rh(5, 8, {"A": 3, "B": 1})]),
     {"hands.0.score": {"A": 2, "B": 2}}),
    ("divided honours score 0", rubber([rh(5, 8, {"A": 2, "B": 2})]),
     {"hands.0.score": {"A": 0, "B": 2}}),
    # T17 (seed_long, 9): 6-6, A 7 tricks + 3 honours -> 7 + min(2, 8 - 7) = 8.
    ("T17 seed_long", rubber([rh(12, 1), rh(1, 12), rh(7, 6, {"A": 3})], preset="seed_long"),
     {"hands.1.score": {"A": 6, "B": 6}, "hands.2.score": {"A": 8, "B": 6},
      "hands.2.game_over": False}),
    ("T17 club", rubber([rh(12, 1), rh(1, 12), rh(7, 6, {"A": 3})], preset="seed_long",
                        honours="club"),
     {"hands.2.score": {"A": 9, "B": 6},
      "games": [{"winner": "A", "score": {"A": 9, "B": 6}, "value": 1}]}),
    # seed_short: honours none.
    ("seed_short no honours", rubber([rh(7, 6, {"A": 4})], preset="seed_short"),
     {"hands.0.score": {"A": 1, "B": 0}}),
    # seed_american (7, never_decisive): 1 + min(4, 6 - 1) = 5; then 5 + 2 = 7, flat 1.
    ("seed_american", rubber([rh(7, 6, {"A": 4}), rh(8, 5, {"A": 4})], preset="seed_american"),
     {"hands.0.score": {"A": 5, "B": 0}, "hands.0.game_over": False,
      "games": [{"winner": "A", "score": {"A": 7, "B": 0}, "value": 1}]}),
    # club_long (10, club barred at 9): 7, 9, then B 1 and A's honours barred; 10 wins, flat.
    ("club_long barred at 9", rubber([rh(13, 0), rh(8, 5), rh(6, 7, {"A": 4}), rh(7, 6)],
                                     preset="club_long"),
     {"hands.2.score": {"A": 9, "B": 1},
      "games": [{"winner": "A", "score": {"A": 10, "B": 1}, "value": 1}]}),
    ("club_long carries from 8", rubber([rh(13, 0), rh(7, 6), rh(6, 7, {"A": 4})],
                                        preset="club_long"),
     {"games": [{"winner": "A", "score": {"A": 12, "B": 1}, "value": 1}]}),
    # american_club: value = 7 - loser's score; honours none.
    ("american_club value", rubber([rh(12, 1), rh(4, 9), rh(8, 5)], preset="american_club"),
     {"games": [{"winner": "A", "score": {"A": 8, "B": 3}, "value": 4}]}),
    ("american_club no honours", rubber([rh(7, 6, {"A": 4})], preset="american_club"),
     {"hands.0.score": {"A": 1, "B": 0}}),
    # german_robber: target 5, flat games, no bonus -> 2-0 nets 2.
    ("german_robber", rubber([rh(11, 2), rh(11, 2)], preset="german_robber"),
     {"games.0.value": 1, "rubber": {"complete": True, "winner": "A",
                                     "games_won": {"A": 2, "B": 0}, "net": {"A": 2, "B": -2}}}),
    ("german_robber short_whist", rubber([rh(11, 2), rh(11, 2)], preset="german_robber",
                                         game_value="short_whist"),
     {"rubber.net": {"A": 6, "B": -6}}),
    # club_short 2-0 with trebles: 3 + 3 + 2 = 8, the "bumper".
    ("bumper", rubber([rh(11, 2), rh(11, 2)]),
     {"rubber.net": {"A": 8, "B": -8}, "rubber.complete": True}),
    # short_whist single: loser at 3.
    ("single", rubber([rh(4, 9), rh(11, 2)]),
     {"games": [{"winner": "A", "score": {"A": 5, "B": 3}, "value": 1}]}),
    # T22: A 5-4 (1), B 5-1 (2), A 5-0 (3): 1 + 3 + 2 - 2 = 4.
    ("T22", rubber([rh(3, 10), rh(11, 2), rh(7, 6), rh(2, 11), rh(11, 2)]), {
        "games": [{"winner": "A", "score": {"A": 5, "B": 4}, "value": 1},
                  {"winner": "B", "score": {"A": 1, "B": 5}, "value": 2},
                  {"winner": "A", "score": {"A": 5, "B": 0}, "value": 3}],
        "rubber": {"complete": True, "winner": "A", "games_won": {"A": 2, "B": 1},
                   "net": {"A": 4, "B": -4}},
        "hands.2.game": 2, "hands.4.game": 3,
    }),
    # Unfinished: value so far, no bonus.
    ("unfinished", rubber([rh(11, 2), rh(4, 9)]), {
        "hands.1.game": 2, "hands.1.score": {"A": 0, "B": 3},
        "rubber": {"complete": False, "winner": None, "games_won": {"A": 1, "B": 0},
                   "net": {"A": 3, "B": -3}},
    }),
    # Contract example input: B's revoke moves 3 tricks -> A 11 -> 5 odd tricks: game, treble.
    ("contract example input", {"rules": {"preset": "club_short", "target": 5,
                                          "honours": "club", "game_value": "short_whist",
                                          "rubber_bonus": 2, "revoke_penalty": "tricks",
                                          "double_revoke": "redeal"},
                                "hands": [{"tricks": {"A": 8, "B": 5}, "honours": {"A": 4},
                                           "revokes": [{"side": "B", "penalty": "tricks"}]}]},
     {"hands.0.score": {"A": 5, "B": 0},
      "games": [{"winner": "A", "score": {"A": 5, "B": 0}, "value": 3}]}),
    # tricks penalty capped at the offender's tricks (DD): B 2 -> 0, A 13.
    ("tricks capped", rubber([rh(11, 2, revokes=[("B", "tricks")])]),
     {"hands.0.score": {"A": 7, "B": 0}}),
    ("two revokes by one side", rubber([rh(8, 5, revokes=[("B", "tricks"), ("B", "tricks")])]),
     {"hands.0.score": {"A": 7, "B": 0}}),
    # deduct: 3 - 3 = 0, then 1 odd trick (capped at 4, no effect).
    ("deduct", rubber([rh(9, 4), rh(7, 6, revokes=[("A", "deduct")])]),
     {"hands.1.score": {"A": 1, "B": 0}}),
    ("deduct floor 0", rubber([rh(8, 5), rh(7, 6, revokes=[("A", "deduct")])]),
     {"hands.1.score": {"A": 1, "B": 0}}),
    # add reaching game: "C wins the game now"; A's tricks are not scored.
    ("add wins game", rubber([rh(4, 9), rh(8, 5, revokes=[("A", "add")])]), {
        "hands.1.score": {"A": 0, "B": 6}, "hands.1.game_over": True,
        "games": [{"winner": "B", "score": {"A": 0, "B": 6}, "value": 3}],
    }),
    ("add short of game", rubber([rh(8, 5, revokes=[("A", "add")])]),
     {"hands.0.score": {"A": 2, "B": 3}}),
    ("rules default penalty", rubber([rh(7, 6, revokes=[("B", None)])], revoke_penalty="add"),
     {"hands.0.score": {"A": 4, "B": 0}}),
    # Revoking side capped at target - 1: 3 + 3 = 6 -> 4.
    ("revoker capped", rubber([rh(9, 4), rh(12, 1, revokes=[("A", "tricks")])]),
     {"hands.1.score": {"A": 4, "B": 0}, "hands.1.game_over": False, "games": []}),
    # Cap applies to honours too: 2 -> 0 (deduct), +1, +4 honours = 5 -> 4.
    ("revoker honours capped", rubber([rh(8, 5), rh(7, 6, {"A": 4}, [("A", "deduct")])]),
     {"hands.1.score": {"A": 4, "B": 0}, "hands.1.game_over": False}),
    # Both sides revoked: redeal -> void, nothing scored.
    ("double revoke redeal", rubber([rh(9, 4), rh(8, 5, revokes=[("A", "tricks"),
                                                                  ("B", "tricks")])]),
     {"hands.1.void": True, "hands.1.score": {"A": 3, "B": 0}, "hands.1.game_over": False}),
    # club81: both penalties (they cancel: A 9 -> 6 -> 9), neither may reach game: 4+3 -> 4.
    ("double revoke club81", rubber([rh(10, 3), rh(9, 4, revokes=[("A", "tricks"),
                                                                   ("B", "tricks")])],
                                    double_revoke="club81"),
     {"hands.1.void": False, "hands.1.score": {"A": 4, "B": 0}, "hands.1.game_over": False}),
    # club81 with add: B 4 + 3 -> capped 4; A 0 + 3 + 1 = 4.
    # docs/rules.md §B2 per-hand input: score_before, honours {side, count}, revokes {offender}.
    ("T17 rules.md input", rubber([{"score_before": {"A": 6, "B": 6}, "tricks": {"A": 7, "B": 6},
                                    "honours": {"side": "A", "count": 3}, "revokes": []}],
                                  preset="seed_long"),
     {"hands.0.score": {"A": 8, "B": 6}}),
    ("offender", rubber([{"tricks": {"A": 8, "B": 5},
                          "revokes": [{"offender": "B", "penalty": "deduct"}]}]),
     {"hands.0.score": {"A": 2, "B": 0}}),
    ("club81 add", rubber([rh(3, 10), rh(7, 6, revokes=[("A", "add"), ("B", "add")])],
                          double_revoke="club81"),
     {"hands.1.score": {"A": 4, "B": 4}, "hands.1.game_over": False}),
]


@pytest.mark.parametrize(("name", "record", "expected"), RUBBER_CASES,
                         ids=[c[0] for c in RUBBER_CASES])
def test_rubber_acceptance(name, record, expected):
    check(score("rubber", record), expected)


def test_rubber_contract_example_output():
    """The contract's output, piece by piece: a 3-0 hand, a 5-1 game worth 2, A nets 4 at 2-1."""
    # Game 1: A 9 (3-0), B 7 (3-1), A 8 (5-1): value 2. Game 2: B 12 (0-6): value 3.
    # Game 3: A 12 (6-0): value 3. Net A = 2 + 3 + 2 - 3 = 4.
    out = score("rubber", rubber([rh(9, 4), rh(6, 7), rh(8, 5), rh(1, 12), rh(12, 1)],
                                 preset="club_short"))
    hand = out["hands"][0]
    assert {k: hand[k] for k in ("score", "game", "game_over", "void")} == {
        "score": {"A": 3, "B": 0}, "game": 1, "game_over": False, "void": False}
    assert out["games"][0] == {"winner": "A", "score": {"A": 5, "B": 1}, "value": 2}
    assert out["rubber"] == {"complete": True, "winner": "A", "games_won": {"A": 2, "B": 1},
                             "net": {"A": 4, "B": -4}}


RUBBER_ERRORS = [
    ("E_RUBBER_OVER", rubber([rh(11, 2), rh(11, 2), rh(7, 6)]), "E_RUBBER_OVER", 3),
    ("honours both", rubber([rh(7, 6, {"A": 3, "B": 3})]), "E_HONOURS_BOTH", 1),
    ("honours range", rubber([rh(7, 6, {"A": 5})]), "E_HONOURS_RANGE", 1),
    ("error in 3rd hand", rubber([rh(7, 6), rh(7, 6), rh(7, 5)]), "E_TRICKS_TOTAL", 3),
    ("tricks range", rubber([rh(14, -1)]), "E_TRICKS_RANGE", 1),
    ("unknown rule key", rubber([rh(7, 6)], trumps="H"), "E_RULES", None),
    ("unknown preset", rubber([rh(7, 6)], preset="bridge"), "E_RULES", None),
]


@pytest.mark.parametrize(("name", "record", "code", "hand"), RUBBER_ERRORS,
                         ids=[c[0] for c in RUBBER_ERRORS])
def test_rubber_errors(name, record, code, hand):
    err = refused("rubber", record)
    assert (err.code, err.hand) == (code, hand)


# --- bidwhist (docs/rules.md §B3) --------------------------------------------------------------


def bw(bid, bidder, books):
    return {"bid": bid, "bidder": bidder, "books": books}


def auction(dealer, calls, books):
    return {"dealer": dealer, "auction": calls, "books": books}


def bidwhist(hands, **rules):
    return {"rules": rules, "hands": hands}


def pts(a, b):
    return {"A": a, "B": b}


BIDWHIST_CASES = [
    # Seed (S3): made scores every book over six; set loses n - max(0, books - 6).
    ("T27", bidwhist([bw("4 uptown", "A", 10)]), {
        "hands.0.made": True, "hands.0.points": pts(4, 0), "hands.0.score": pts(4, 0),
        "hands.0.contract": {"level": 4, "type": "uptown", "team": "A", "seat": None},
    }),
    ("made with overtricks", bidwhist([bw("4", "A", 12)]), {"hands.0.points": pts(6, 0)}),
    ("set by one", bidwhist([bw("4", "A", 9)]),
     {"hands.0.made": False, "hands.0.points": pts(-1, 0)}),
    ("T30", bidwhist([bw("7", "A", 9)]), {"hands.0.points": pts(-4, 0)}),
    ("under six loses all", bidwhist([bw("3", "A", 5)]), {"hands.0.points": pts(-3, 0)}),
    ("exactly six", bidwhist([bw("3", "A", 6)]), {"hands.0.points": pts(-3, 0)}),
    ("seed notrump not doubled", bidwhist([bw("3 notrump", "B", 10)]),
     {"hands.0.points": pts(0, 4),
      "hands.0.contract": {"level": 3, "type": "notrump", "team": "B", "seat": None}}),
    ("downtown", bidwhist([bw("2 downtown", "B", 8)]),
     {"hands.0.points": pts(0, 2), "hands.0.contract.type": "downtown"}),
    # Parlett: made +n; set -n and opponents books_opp - 6 when >= 7; NT x2; Boston x4.
    ("parlett made", bidwhist([bw("4", "A", 11)], preset="parlett"), {"hands.0.points": pts(4, 0)}),
    ("parlett set, opp 5 books", bidwhist([bw("4", "A", 8)], preset="parlett"),
     {"hands.0.points": pts(-4, 0)}),
    ("parlett set, opp 8 books", bidwhist([bw("4", "A", 5)], preset="parlett"),
     {"hands.0.points": pts(-4, 2)}),
    ("parlett notrump made", bidwhist([bw("3 notrump", "A", 10)], preset="parlett"),
     {"hands.0.points": pts(6, 0)}),
    ("parlett notrump set", bidwhist([bw("3 notrump", "A", 5)], preset="parlett"),
     {"hands.0.points": pts(-6, 4)}),
    ("parlett boston", bidwhist([bw("4", "A", 13)], preset="parlett"),
     {"hands.0.points": pts(16, 0)}),
    ("parlett notrump boston", bidwhist([bw("7 notrump", "B", 13)], preset="parlett"),
     {"hands.0.points": pts(0, 56)}),
    # Game end at +/-5 (S3).
    ("wins at +5", bidwhist([bw("5", "A", 11)]),
     {"game": {"over": True, "winner": "A", "after_hand": 1}}),
    ("loses at -5", bidwhist([bw("5", "A", 5)]),
     {"hands.0.points": pts(-5, 0), "game": {"over": True, "winner": "B", "after_hand": 1}}),
    ("runs to +5", bidwhist([bw("3", "A", 10), bw("2", "B", 8), bw("1", "A", 7)]),
     {"hands.2.score": pts(5, 2), "game": {"over": True, "winner": "A", "after_hand": 3}}),
    ("not over", bidwhist([bw("4", "A", 10)]),
     {"game": {"over": False, "winner": None, "after_hand": None}}),
    ("target override", bidwhist([bw("5", "A", 11)], target=7), {"game.over": False}),
    # Parlett plays to 7: A -4 (B +2), A -3 (B +2): A at -7 loses.
    ("parlett loses at -7", bidwhist([bw("4", "A", 5), bw("3", "A", 5)], preset="parlett"),
     {"hands.1.score": pts(-7, 4), "game": {"over": True, "winner": "B", "after_hand": 2}}),
    ("parlett +5 not over", bidwhist([bw("5", "A", 11)], preset="parlett"), {"game.over": False}),
    # Auction: from the dealer's left, dealer last; seat 4 is team B.
    ("T32 auction", bidwhist([auction(4, ["4", "4 downtown", "4 notrump", "5"], 11)]),
     {"hands.0.contract": {"level": 5, "type": "uptown", "team": "B", "seat": 4},
      "hands.0.points": pts(0, 5)}),
    ("dealer forced bid", bidwhist([auction(1, ["pass", "pass", "pass", "1"], 7)]),
     {"hands.0.contract": {"level": 1, "type": "uptown", "team": "A", "seat": 1},
      "hands.0.points": pts(1, 0)}),
    # Dealer 2: order 3, 4, 1, 2; the second caller is seat 4.
    ("dealer 2 order", bidwhist([auction(2, ["pass", "3", "pass", "pass"], 9)]),
     {"hands.0.contract.seat": 4, "hands.0.contract.team": "B"}),
    # docs/rules.md §B3 input: {bid: {n, type}, bidder_team, books_bidder}.
    ("rules.md input form", bidwhist([{"bid": {"n": 4, "type": "downtown"}, "bidder_team": "B",
                                       "books_bidder": 11}]),
     {"hands.0.points": pts(0, 5),
      "hands.0.contract": {"level": 4, "type": "downtown", "team": "B", "seat": None}}),
    ("dealer_can_match", bidwhist([auction(4, ["4", "pass", "pass", "4"], 10)],
                                  dealer_can_match=True),
     {"hands.0.contract.seat": 4}),
]


@pytest.mark.parametrize(("name", "record", "expected"), BIDWHIST_CASES,
                         ids=[c[0] for c in BIDWHIST_CASES])
def test_bidwhist_acceptance(name, record, expected):
    check(score("bidwhist", record), expected)


def test_bidwhist_contract_example_exactly():
    record = {"rules": {"preset": "seed", "min_bid": 1, "target": 5},
              "hands": [{"dealer": 4, "auction": ["4", "4 downtown", "pass", "5"], "books": 10},
                        {"bid": "3 notrump", "bidder": "B", "books": 4}]}
    out = score("bidwhist", record)
    keys = ("contract", "made", "points", "score")
    assert [{k: h[k] for k in keys} for h in out["hands"]] == [
        {"contract": {"level": 5, "type": "uptown", "team": "B", "seat": 4}, "made": False,
         "points": {"A": 0, "B": -1}, "score": {"A": 0, "B": -1}},
        {"contract": {"level": 3, "type": "notrump", "team": "B", "seat": None}, "made": False,
         "points": {"A": 0, "B": -3}, "score": {"A": 0, "B": -4}},
    ]
    assert out["game"] == {"over": False, "winner": None, "after_hand": None}


BIDWHIST_ERRORS = [
    ("T32 not higher", bidwhist([auction(4, ["4", "4 downtown", "4 uptown", "5"], 10)]),
     "E_BID_NOT_HIGHER", 1),
    ("T32 eight", bidwhist([auction(4, ["4", "pass", "pass", "8"], 10)]), "E_BID_RANGE", 1),
    ("eight first", bidwhist([auction(4, ["8", "pass", "pass", "pass"], 10)]), "E_BID_RANGE", 1),
    ("zero", bidwhist([bw("0", "A", 7)]), "E_BID_RANGE", 1),
    ("negative", bidwhist([bw("-1", "A", 7)]), "E_BID_RANGE", 1),
    ("min_bid 3", bidwhist([bw("2", "A", 8)], min_bid=3), "E_BID_RANGE", 1),
    ("dealer must bid", bidwhist([auction(3, ["pass"] * 4, 7)]), "E_DEALER_MUST_BID", 1),
    ("dealer may not match", bidwhist([auction(4, ["4", "pass", "pass", "4"], 10)]),
     "E_BID_NOT_HIGHER", 1),
    ("uptown below downtown", bidwhist([auction(4, ["4 downtown", "4", "pass", "pass"], 10)]),
     "E_BID_NOT_HIGHER", 1),
    ("downtown = uptown", bidwhist([auction(4, ["4", "4 downtown", "pass", "pass"], 10)],
                                   downtown_equals_uptown=True), "E_BID_NOT_HIGHER", 1),
    ("game over", bidwhist([bw("5", "A", 11), bw("1", "B", 7)]), "E_GAME_OVER", 2),
    ("books 0", bidwhist([bw("4", "A", 0)]), "E_BOOKS_RANGE", 1),
    ("books 14", bidwhist([bw("4", "A", 14)]), "E_BOOKS_RANGE", 1),
    ("error in 3rd hand", bidwhist([bw("1", "A", 6), bw("1", "B", 6), bw("1", "A", 14)]),
     "E_BOOKS_RANGE", 3),
    ("unknown rule key", bidwhist([bw("1", "A", 7)], jokers=2), "E_RULES", None),
]


@pytest.mark.parametrize(("name", "record", "code", "hand"), BIDWHIST_ERRORS,
                         ids=[c[0] for c in BIDWHIST_ERRORS])
def test_bidwhist_errors(name, record, code, hand):
    err = refused("bidwhist", record)
    assert (err.code, err.hand) == (code, hand)


# --- esmakker (docs/rules.md §B4) --------------------------------------------------------------

PLAYERS = ["P1", "P2", "P3", "P4"]
SUIT_OF = {"gode": "clubs", "staerke": "spades"}


def contract(declarer, bid, partner=..., trump=None, ace=None, **extra):
    """A valid contract for ``bid`` unless told otherwise: partner P2/P1 on a number bid."""
    words = bid.split()
    number = words[0].isdigit()
    suffix = words[1] if number and len(words) > 1 else None
    c = {"declarer": declarer, "bid": bid}
    if number and suffix != "kvarte":
        if partner is ...:
            partner = "P2" if declarer != "P2" else "P1"
        c["partner"] = partner
        c["partner_ace"] = ace or "diamonds"
        c["trump"] = trump or SUIT_OF.get(suffix, "hearts")
    elif number:
        c["trump"] = trump or "hearts"
    if partner is not ... and "partner" not in c:
        c["partner"] = partner
    if trump is not None:
        c["trump"] = trump
    c.update(extra)
    return c


def em(declarer, bid, tricks, players=PLAYERS, **kw):
    return {"rules": kw.pop("rules", {}), "players": players,
            "hands": [{"contract": contract(declarer, bid, **kw), "tricks": tricks}]}


def each(**points):
    return {"hands.0.points": {p: points.get(p, 0) for p in ("P1", "P2", "P3", "P4")}}


ESMAKKER_CASES = [
    # rate(n) = 10 * 2**(n-7); A = R * (1 + T - n); partners +A, opponents -A.
    ("T36", em("P3", "8", 10, partner="P1"), {**each(P1=60, P2=-60, P3=60, P4=-60),
                                              "hands.0.made": True}),
    ("T37", em("P1", "10", 11, partner="P2"), each(P1=160, P2=160, P3=-160, P4=-160)),
    ("T39 selvmakker", em("P1", "9", 10, partner="P1"), each(P1=240, P2=-80, P3=-80, P4=-80)),
    ("7 exactly", em("P1", "7", 7), each(P1=10, P2=10, P3=-10, P4=-10)),
    ("13 exactly", em("P1", "13", 13), each(P1=640, P2=640, P3=-640, P4=-640)),
    # Påhæng doubles the rate: 8 -> 40.
    ("8 gode", em("P1", "8 gode", 8), each(P1=40, P2=40, P3=-40, P4=-40)),
    ("8 staerke", em("P1", "8 staerke", 8), each(P1=40, P2=40, P3=-40, P4=-40)),
    ("8 halve +1", em("P1", "8 halve", 9, trump="hearts", ace="spades"),
     each(P1=80, P2=80, P3=-80, P4=-80)),
    ("8 vip, trump = ace suit", em("P1", "8 vip", 8, trump="spades", ace="spades"),
     each(P1=40, P2=40, P3=-40, P4=-40)),
    ("7 vip, joker: no trump", em("P1", "7 vip", 7, trump="none"), each(P1=20, P2=20, P3=-20,
                                                                       P4=-20)),
    # Lost number bid: double -2R(n-T) (default), single -R(n-T), flat -R. 9 -> R 40, 2 under.
    ("lost double", em("P1", "9", 7), {**each(P1=-160, P2=-160, P3=160, P4=160),
                                       "hands.0.made": False}),
    ("lost single", em("P1", "9", 7, rules={"lost_bid": "single"}),
     each(P1=-80, P2=-80, P3=80, P4=80)),
    ("lost flat", em("P1", "9", 7, rules={"lost_bid": "flat"}), each(P1=-40, P2=-40, P3=40, P4=40)),
    ("lost gode", em("P1", "8 gode", 6), each(P1=-160, P2=-160, P3=160, P4=160)),
    # Kvarte: doubled rate, solo x3.
    ("7 kvarte", em("P1", "7 kvarte", 7), each(P1=60, P2=-20, P3=-20, P4=-20)),
    ("9 kvarte lost", em("P1", "9 kvarte", 8), each(P1=-480, P2=160, P3=160, P4=160)),
    # Ace in the katten: the declarer plays alone (DD: settles like selvmakker).
    ("ace in katten", em("P1", "8", 9, partner=None), each(P1=120, P2=-40, P3=-40, P4=-40)),
    ("ace in katten lost", em("P1", "8", 7, partner=None), each(P1=-120, P2=40, P3=40, P4=40)),
    ("selvmakker lost", em("P1", "9", 8, partner="P1"), each(P1=-240, P2=80, P3=80, P4=80)),
    # Nolo: won +3V / -V each; lost -6V / +2V each.
    ("sol won 1", em("P2", "sol", 1), each(P1=-50, P2=150, P3=-50, P4=-50)),
    ("sol won 0", em("P2", "sol", 0), each(P1=-50, P2=150, P3=-50, P4=-50)),
    ("sol lost", em("P2", "sol", 2), {**each(P1=100, P2=-300, P3=100, P4=100),
                                      "hands.0.made": False}),
    ("ren sol won", em("P2", "ren sol", 0), each(P1=-100, P2=300, P3=-100, P4=-100)),
    ("ren sol lost", em("P2", "ren sol", 1), each(P1=200, P2=-600, P3=200, P4=200)),
    ("ren bordlaegger won", em("P2", "ren bordlaegger", 0),
     each(P1=-200, P2=600, P3=-200, P4=-200)),
    ("ren bordlaegger lost", em("P2", "ren bordlægger", 1), each(P1=400, P2=-1200, P3=400, P4=400)),
    ("dobbelt bordlaegger won", em("P2", "dobbelt bordlaegger", 0),
     each(P1=-200, P2=600, P3=-200, P4=-200)),
    ("dobbelt bordlaegger lost", em("P2", "dobbelt bordlaegger", 3),
     each(P1=400, P2=-1200, P3=400, P4=400)),
    ("bordlaegger enabled won", em("P2", "bordlaegger", 1, rules={"bordlaegger_rank": 10.5}),
     each(P1=-200, P2=600, P3=-200, P4=-200)),
    ("bordlaegger enabled lost", em("P2", "bordlaegger", 2, rules={"bordlaegger_rank": 10.5}),
     each(P1=400, P2=-1200, P3=400, P4=400)),
    ("kitty 0", em("P1", "8", 8, kitty_exchanged=0), each(P1=20, P2=20, P3=-20, P4=-20)),
    ("kitty 3", em("P1", "8", 8, kitty_exchanged=3), each(P1=20, P2=20, P3=-20, P4=-20)),
    ("kitty 2 allowed by variant", em("P1", "8", 8, kitty_exchanged=2,
                                      rules={"kitty_exchange": "any"}),
     each(P1=20, P2=20, P3=-20, P4=-20)),
    # Five players: the dealer sits out and scores 0.
    ("five players", {"players": ["P1", "P2", "P3", "P4", "P5"],
                      "hands": [{"dealer": "P5", "contract": contract("P1", "8", partner="P3"),
                                 "tricks": 10}]},
     {"hands.0.points": {"P1": 60, "P2": -60, "P3": 60, "P4": -60, "P5": 0}}),
]


@pytest.mark.parametrize(("name", "record", "expected"), ESMAKKER_CASES,
                         ids=[c[0] for c in ESMAKKER_CASES])
def test_esmakker_acceptance(name, record, expected):
    out = score("esmakker", record)
    check(out, expected)
    assert sum(out["hands"][0]["points"].values()) == 0  # S2: a hand sums to zero
    assert out["totals"] == out["hands"][0]["points"]


def test_esmakker_contract_example_and_totals():
    record = {"rules": {"lost_bid": "double", "pahaeng_order": "equal"},
              "players": PLAYERS,
              "hands": [{"dealer": "P4", "auction": ["7", "7 gode", "8", "pass", "pass", "pass"],
                         "contract": {"declarer": "P3", "bid": "8", "trump": "hearts",
                                      "partner_ace": "spades", "partner": "P1",
                                      "kitty_exchanged": 3},
                         "tricks": 10},
                        # Everyone passes: redeal, nothing scored.
                        {"dealer": "P1", "auction": ["pass"] * 4},
                        # P2 sol lost: -300 / +100.
                        {"contract": contract("P2", "sol"), "tricks": 2}]}
    out = score("esmakker", record)
    assert out["hands"][0]["made"] is True
    assert out["hands"][0]["points"] == {"P1": 60, "P2": -60, "P3": 60, "P4": -60}
    assert out["hands"][1]["points"] == {"P1": 0, "P2": 0, "P3": 0, "P4": 0}
    assert out["totals"] == {"P1": 160, "P2": -360, "P3": 160, "P4": 40}


# S2's rank table, lowest first ("P" = gode here; all four påhæng rank equal).
RANK_TABLE = ["7", "7 gode", "8", "sol", "8 gode", "9", "7 kvarte", "ren sol", "9 gode", "10",
              "ren bordlaegger", "8 kvarte", "10 gode", "11", "9 kvarte", "11 gode", "12",
              "dobbelt bordlaegger", "10 kvarte", "12 gode", "13", "11 kvarte", "13 gode",
              "12 kvarte", "13 kvarte"]
STEPS = list(itertools.pairwise(RANK_TABLE))


def bidding(low, high, rules=None):
    """P1 bids ``low``, P2 ``high``, the others pass: P2 declares ``high`` (dealer P4)."""
    return {"rules": rules or {}, "players": PLAYERS,
            "hands": [{"dealer": "P4", "auction": [low, high, "pass", "pass", "pass"],
                       "contract": contract("P2", high), "tricks": 13}]}


@pytest.mark.parametrize(("low", "high"), STEPS, ids=[f"{a}<{b}" for a, b in STEPS])
def test_esmakker_rank_table_rows(low, high):
    out = score("esmakker", bidding(low, high))
    assert sum(out["hands"][0]["points"].values()) == 0
    assert refused("esmakker", bidding(high, low)).code == "E_BID_NOT_HIGHER"


@pytest.mark.parametrize(("low", "high"), [("7 halve", "7 gode"), ("7 gode", "7 staerke"),
                                           ("7 staerke", "7 vip"), ("9 vip", "9 halve")])
def test_esmakker_pahaeng_equal_rank(low, high):
    assert refused("esmakker", bidding(low, high)).code == "E_BID_NOT_HIGHER"


def test_esmakker_pahaeng_order_option():
    """Option Vip < Gode < Halve [TAN]."""
    rules = {"pahaeng_order": "vip_gode_halve"}
    record = bidding("7 vip", "7 gode", rules)
    assert score("esmakker", record)["hands"][0]["made"] is True
    halve = contract("P3", "7 halve", partner="P1", trump="hearts", ace="spades")
    record = {"rules": rules, "players": PLAYERS,
              "hands": [{"dealer": "P4", "auction": ["7 vip", "7 gode", "7 halve", "pass",
                                                     "pass", "pass"],
                         "contract": halve, "tricks": 7}]}
    assert score("esmakker", record)["hands"][0]["points"]["P3"] == 20
    assert refused("esmakker", bidding("7 halve", "7 vip", rules)).code == "E_BID_NOT_HIGHER"
    # docs/rules.md spells the option "pahaeng_order = Vip < Gode < Halve".
    written = {"pahaeng_order": "Vip < Gode < Halve"}
    assert score("esmakker", bidding("7 vip", "7 halve", written))["hands"][0]["made"] is True


ESMAKKER_ERRORS = [
    ("gode not clubs", em("P1", "8 gode", 8, trump="hearts"), "E_TRUMP_RULE"),
    ("staerke not spades", em("P1", "8 staerke", 8, trump="clubs"), "E_TRUMP_RULE"),
    ("halve on ace suit", em("P1", "8 halve", 8, trump="spades", ace="spades"), "E_TRUMP_RULE"),
    ("sol with trump", em("P1", "sol", 1, trump="hearts"), "E_TRUMP_RULE"),
    ("kitty 1", em("P1", "8", 8, kitty_exchanged=1), "E_KITTY_EXCHANGE"),
    ("kitty 2", em("P1", "8", 8, kitty_exchanged=2), "E_KITTY_EXCHANGE"),
    ("bordlaegger disabled", em("P1", "bordlaegger", 1), "E_BID_DISABLED"),
    ("kvarte with partner", em("P1", "7 kvarte", 7, partner="P2"), "E_PARTNER_RULE"),
    ("six", em("P1", "6", 7), "E_BID_RANGE"),
    ("fourteen", em("P1", "14", 13), "E_BID_RANGE"),
    ("tricks 14", em("P1", "8", 14), "E_TRICKS_RANGE"),
    ("unknown rule key", em("P1", "8", 8, rules={"jokers": 3}), "E_RULES"),
]
HANDLESS = {"E_RULES"}  # a rules error belongs to no hand


@pytest.mark.parametrize(("name", "record", "code"), ESMAKKER_ERRORS,
                         ids=[c[0] for c in ESMAKKER_ERRORS])
def test_esmakker_errors(name, record, code):
    err = refused("esmakker", record)
    assert (err.code, err.hand) == (code, None if code in HANDLESS else 1)


def test_esmakker_passed_player_may_not_bid():
    # Order from dealer P4: P1 7, P2 pass, P3 8, P4 pass, P1 9, then P2 (passed) bids 10.
    record = {"players": PLAYERS,
              "hands": [{"dealer": "P4", "auction": ["7", "pass", "8", "pass", "9", "10"],
                         "contract": contract("P2", "10"), "tricks": 10}]}
    assert refused("esmakker", record).code == "E_PLAYER_PASSED"


def test_esmakker_error_in_third_hand():
    ok = {"contract": contract("P1", "8"), "tricks": 8}
    record = {"players": PLAYERS, "hands": [ok, ok, {**ok, "tricks": 14}]}
    err = refused("esmakker", record)
    assert (err.code, err.hand) == ("E_TRICKS_RANGE", 3)


# --- contract plumbing: systems, JSON, CLI ------------------------------------------------


def test_unknown_system_and_malformed_record():
    assert refused("bridge", {"hands": []}).code == "E_SYSTEM"
    assert refused("drive", "not an object").code == "E_JSON"  # type: ignore[arg-type]
    assert refused("rubber", {"hands": "nope"}).code == "E_JSON"


def cli(*args, stdin=""):
    return subprocess.run([sys.executable, "-m", "scoring", *args], input=stdin,
                          capture_output=True, text=True, cwd=ROOT, timeout=60, check=False)


THIRD_HAND_BAD = {
    "drive": drive([row(1, 1, AB, CD, 7, 6), row(2, 1, AB, CD, 7, 6), row(3, 1, AB, CD, 8, 6)]),
    "rubber": rubber([rh(7, 6), rh(7, 6), rh(8, 6)]),
    "bidwhist": bidwhist([bw("1", "A", 7), bw("1", "B", 7), bw("1", "A", 0)]),
    "esmakker": {"players": PLAYERS, "hands": [{"contract": contract("P1", "8"), "tricks": 8}] * 2
                 + [{"contract": contract("P1", "8"), "tricks": -1}]},
}


@pytest.mark.parametrize("system", sorted(THIRD_HAND_BAD))
def test_cli_error_exit_2_with_hand_position(system):
    done = cli(system, stdin=json.dumps(THIRD_HAND_BAD[system]))
    assert done.returncode == 2
    error = json.loads(done.stdout)["error"]
    assert error["hand"] == 3
    assert error["code"].startswith("E_")
    assert error["message"] in done.stderr


@pytest.mark.parametrize(("args", "stdin", "code"), [
    (("bridge",), "{}", "E_SYSTEM"),
    (("drive",), "{not json", "E_JSON"),
    (("drive",), json.dumps(drive([row(1, 1, AB, CD, 7, 6)], colour="red")), "E_RULES"),
])
def test_cli_plumbing_errors(args, stdin, code):
    done = cli(*args, stdin=stdin)
    assert done.returncode == 2
    error = json.loads(done.stdout)["error"]
    assert (error["code"], error["hand"]) == (code, None)
    assert error["message"] in done.stderr
