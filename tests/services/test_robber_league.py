"""A 6-pair robber league played through the services, hand by hand, from docs/rules.md's examples.

Every match is one rubber (the default). The rubbers are built from docs/rules.md §C: T22
(A wins 5-4, B 5-1, A 5-0: net +4), T13 (7 tricks and 4 honours carry a side to game
from 0-0, twice: a bumper, +8), T12 (9 tricks from 0-0 score 3, no game; net +5), a
T17-style hand (honours barred at the point before game under the club policy; +7),
and two rubbers the round's 6 hands leave unfinished (value so far: 3-3 is a draw,
one game up is +3). The league table is then checked against figures worked out here.
"""

from __future__ import annotations

import csv
import io

import pytest
from django.urls import reverse

import scoring
from tests.services.organizer_helpers import make_event
from tournaments.errors import DomainError
from tournaments.models import Event, Result, Round, Seating
from tournaments.selectors import league, matches, standings
from tournaments.selectors.rounds import missing_results, round_state, round_tables
from tournaments.services import entries, events, results, rounds, seating

pytestmark = pytest.mark.django_db


def hand(a: int, honours: dict | None = None, revokes: list | None = None) -> dict:
    """A rubber hand from side A's tricks (the contract's data)."""
    return {"tricks": {"A": a, "B": 13 - a}, "honours": honours or {}, "revokes": revokes or []}


def flip(data: dict) -> dict:
    """The same hand with the sides swapped (the winner sits E/W)."""
    swap = {"A": "B", "B": "A"}
    return {
        "tricks": {swap[s]: n for s, n in data["tricks"].items()},
        "honours": {swap[s]: n for s, n in data["honours"].items()},
        "revokes": [{**r, "side": swap[r["side"]]} for r in data["revokes"]],
    }


# Rubbers from side A's point of view, with A's net rubber points.
T22 = [hand(8), hand(3), hand(9), hand(7), hand(2), hand(11)]  # 5-4, 4-5 ... +4
T13 = [hand(7, {"A": 4}), hand(7, {"A": 4})]  # two trebles and the bonus: +8
T12 = [hand(9), hand(8), hand(4), hand(5), hand(13)]  # 3-0 first; +5
BARRED = [hand(10), hand(6, {"A": 4}), hand(8), hand(12)]  # honours barred at 4: +7
DRAW = [hand(7), hand(6)] * 3  # unfinished at 3-3: 0
PART = [hand(11), hand(6), hand(7), hand(6), hand(7), hand(6)]  # a game up, unfinished: +3
NET = {"T22": 4, "T13": 8, "T12": 5, "BARRED": 7, "DRAW": 0, "PART": 3}
RUBBERS = {"T22": T22, "T13": T13, "T12": T12, "BARRED": BARRED, "DRAW": DRAW, "PART": PART}

# Every pairing of the league: (winner or None for a draw, the rubber it played).
LEAGUE = {
    (1, 2): (1, "T22"),
    (1, 3): (1, "T12"),
    (1, 4): (1, "T13"),
    (1, 5): (1, "T22"),
    (1, 6): (None, "DRAW"),
    (2, 3): (2, "T22"),
    (2, 4): (2, "T12"),
    (2, 5): (5, "T22"),
    (2, 6): (2, "T22"),
    (3, 4): (3, "T22"),
    (3, 5): (3, "BARRED"),
    (3, 6): (3, "PART"),
    (4, 5): (5, "T13"),
    (4, 6): (6, "T12"),
    (5, 6): (None, "DRAW"),
}


def test_the_worked_examples_are_what_the_engine_says():
    """The fixtures are docs/rules.md's examples: checked against the engine once, directly."""
    first = scoring.score("rubber", {"rules": {"preset": "club_short"}, "hands": T12[:1]})
    assert first["hands"][0]["score"] == {"A": 3, "B": 0}  # T12
    assert not first["hands"][0]["game_over"]
    t13 = scoring.score("rubber", {"rules": {"preset": "club_short"}, "hands": T13[:1]})
    assert t13["games"] == [{"winner": "A", "score": {"A": 5, "B": 0}, "value": 3}]
    t22 = scoring.score("rubber", {"rules": {"preset": "club_short"}, "hands": T22})
    assert [(g["winner"], g["score"]) for g in t22["games"]] == [
        ("A", {"A": 5, "B": 4}),
        ("B", {"A": 1, "B": 5}),
        ("A", {"A": 5, "B": 0}),
    ]
    for name, rubber in RUBBERS.items():
        out = scoring.score("rubber", {"rules": {"preset": "club_short"}, "hands": rubber})
        assert out["rubber"]["net"]["A"] == NET[name], name


def start_league(**fields) -> Event:
    event = make_event(players=12, kind="robber", **fields)
    entries.entries_pair(event_id=event.pk)
    seating.event_seat(event_id=event.pk)
    events.event_start(event_id=event.pk)
    return Event.objects.get(pk=event.pk)


def table_pairs(event: Event, round_number: int) -> dict[int, tuple[int, int]]:
    """{table: (N/S pair, E/W pair)} of a round."""
    found: dict[int, dict[str, int]] = {}
    for s in Seating.objects.filter(round__event=event, round__number=round_number).select_related(
        "table", "entry__pair"
    ):
        if s.table is not None:
            found.setdefault(s.table.number, {})[s.seat] = s.entry.pair.number
    return {t: (seats["N"], seats["E"]) for t, seats in found.items()}


def play_round(event: Event, number: int) -> None:
    rnd = rounds.round_open(event_id=event.pk)
    hands = list(rnd.hands.order_by("number"))
    for table in round_tables(rnd):
        ns, ew = table_pairs(event, number)[table.number]
        winner, name = LEAGUE[tuple(sorted((ns, ew)))]
        rubber = RUBBERS[name] if winner in (ns, None) else [flip(h) for h in RUBBERS[name]]
        for h, data in zip(hands, rubber, strict=False):
            results.result_submit(table=table, hand=h, data=data)  # the table's phone
            results.result_confirm(table=table, hand=h)  # the opponents
        if len(rubber) < len(hands):  # decided early: the next hand is refused, not needed
            with pytest.raises(DomainError) as refused:
                results.result_submit(table=table, hand=hands[len(rubber)], data=hand(7))
            assert refused.value.code == "E_RUBBER_OVER"
            assert refused.value.field == "tricks"
    assert round_state(event=event, round_number=number).all_in  # the organizer sees it done
    rounds.round_close(event_id=event.pk, round_number=number)  # no force: nothing missing


def test_six_pair_robber_league_through_the_services():
    event = start_league()
    assert event.hands_per_round == 6
    assert event.round_count == 5  # 6 pairs: five rounds, three tables
    plan = {tuple(sorted(p)) for r in range(1, 6) for p in table_pairs(event, r).values()}
    assert plan == set(LEAGUE)  # every pair meets every other exactly once
    for number in range(1, 6):
        play_round(event, number)
    assert not Result.objects.filter(status=Result.Status.NOT_PLAYED).exists()
    events.event_finish(event_id=event.pk)

    out = league.league_table(event=Event.objects.get(pk=event.pk))
    table = [
        (r["position"], r["pair"], r["won"], r["drawn"], r["lost"], r["points"], r["net"])
        for r in out["table"]
    ]
    assert table == [
        (1, 1, 4, 1, 0, 13, 21),
        (2, 2, 3, 0, 2, 9, 5),  # level with pair 3 on 9 and +5: beat pair 3 head-to-head
        (3, 3, 3, 0, 2, 9, 5),
        (4, 5, 2, 1, 2, 7, 1),
        (5, 6, 1, 2, 2, 5, -2),
        (6, 4, 0, 0, 5, 0, -30),
    ]
    assert sum(r["net"] for r in out["table"]) == 0
    assert [r["tied"] for r in out["table"]] == [False] * 6
    assert out["in_progress"] == 0 and len(out["matches"]) == 15

    # The standings selector scores the same rubbers: the same net rubber points per pair.
    rows = standings.compute_standings(Event.objects.get(pk=event.pk))["standings"]
    by_pair = {r["key"]: r["net"] for r in rows}
    assert by_pair == {f"p{r['pair']}": r["net"] for r in out["table"]}
    # ...and ranks them as the league table does (league points, then head to head): by net
    # points alone pairs 2 and 3 were =2, and a Dutch walk's 2nd in the league won nothing
    final = standings.compute_standings(Event.objects.get(pk=event.pk))
    assert [(r["position"], r["key"], r["points"]) for r in final["standings"]] == [
        (1, "p1", 13), (2, "p2", 9), (3, "p3", 9), (4, "p5", 7), (5, "p6", 5), (6, "p4", 0),
    ]  # fmt: skip
    assert final["score_field"] == "points" and final["unit_label"] == "league points"
    places = [(p["label"], [w["key"] for w in p["winners"]]) for p in final["prizes"]]
    assert places == [("1st", ["p1"]), ("2nd", ["p2"]), ("3rd", ["p3"])]


def test_rubber_points_ranking_and_head_to_head_by_option():
    """``points: rubber`` ranks by net rubber points first; here the order stays, pair 5 (+1)
    still ahead of pair 6 (-2), and the level pairs 2 and 3 are split by their match."""
    event = start_league(rules={"preset": "club_short", "league": {"points": "rubber"}})
    for number in range(1, 6):
        play_round(event, number)
    out = league.league_table(event=Event.objects.get(pk=event.pk))
    assert [(r["pair"], r["net"]) for r in out["table"]] == [
        (1, 21),
        (2, 5),
        (3, 5),
        (5, 1),
        (6, -2),
        (4, -30),
    ]


def test_odd_number_of_pairs_gets_a_bye_each_round_and_fewest_rounds():
    event = make_event(players=10, kind="robber")
    entries.entries_pair(event_id=event.pk)
    seating.event_seat(event_id=event.pk)
    event = Event.objects.get(pk=event.pk)
    assert event.round_count == 5 and event.hands == 30  # 5 pairs: 5 rounds, a bye in each
    met = set()
    byes = []
    for r in range(1, 6):
        met |= {tuple(sorted(p)) for p in table_pairs(event, r).values()}
        out = Seating.objects.filter(round__event=event, round__number=r, table__isnull=True)
        byes.append({s.entry.pair.number for s in out})
    assert len(met) == 10  # every pair met every other
    assert [len(b) for b in byes] == [1] * 5 and set().union(*byes) == {1, 2, 3, 4, 5}


def test_a_bye_counts_once_its_round_is_over_not_before():
    """A Dutch walk: after round 3 the league table read "(1 bye)" for a pair whose bye was
    in round 5."""
    event = make_event(players=10, kind="robber")
    entries.entries_pair(event_id=event.pk)
    seating.event_seat(event_id=event.pk)
    events.event_start(event_id=event.pk)
    assert league.league_table(event=Event.objects.get(pk=event.pk))["table"][0]["byes"] == 0
    rounds.round_open(event_id=event.pk)
    rounds.round_close(event_id=event.pk, round_number=1, force=True)
    byes = [r["byes"] for r in league.league_table(event=Event.objects.get(pk=event.pk))["table"]]
    assert sorted(byes) == [0, 0, 0, 0, 1]  # round 1's bye only
    # a pair that goes home stays in the table with what it played, marked (a Dutch walk)
    leaving = Event.objects.get(pk=event.pk).entries.get(number=1)
    entries.entry_withdraw(event_id=event.pk, entry_id=leaving.pk)
    table = league.league_table(event=Event.objects.get(pk=event.pk))["table"]
    assert [r["pair"] for r in table if r["withdrawn"]] == [leaving.pair.number]


def test_the_league_decides_its_own_number_of_rounds():
    """4 pairs need 3 rounds: the event's 30 hands become 3 x 6."""
    event = make_event(players=8, kind="robber")
    entries.entries_pair(event_id=event.pk)
    seating.event_seat(event_id=event.pk)
    event = Event.objects.get(pk=event.pk)
    assert (event.hands, event.round_count, event.rounds.count()) == (18, 3, 3)


def test_honours_claimed_by_both_sides_are_refused_beside_the_field():
    event = start_league()
    rnd = rounds.round_open(event_id=event.pk)
    table = round_tables(rnd)[0]
    first = rnd.hands.order_by("number").first()
    with pytest.raises(DomainError) as refused:
        results.result_submit(table=table, hand=first, data=hand(7, {"A": 3, "B": 3}))
    assert (refused.value.code, refused.value.field) == ("E_HONOURS_BOTH", "honours")
    assert not Result.objects.exists()


def test_timed_league_night_plays_every_hand_and_scores_the_value_so_far():
    """``match: hands``: a decided rubber is followed by the next; the last one unfinished."""
    event = start_league(rules={"preset": "club_short", "league": {"match": "hands"}})
    rnd = rounds.round_open(event_id=event.pk)
    table = round_tables(rnd)[0]
    hands = list(rnd.hands.order_by("number"))
    played = [*T13, hand(11), hand(6), hand(7), hand(6)]  # a bumper, then one game up
    for h, data in zip(hands, played, strict=True):
        results.result_submit(table=table, hand=h, data=data)
        results.result_confirm(table=table, hand=h)
    state = matches.running_state(
        event=event,
        rows=[(r.hand.number, r) for r in Result.objects.filter(table=table)],
        players={},
    )
    assert [r["number"] for r in state.summary["rubbers"]] == [1, 2]
    assert state.summary["net"] == {"A": 8 + 3, "B": -11}
    assert state.summary["game_score"] == {"A": 1, "B": 2}
    assert not state.over
    assert missing_results(Round.objects.get(pk=rnd.pk)) == {
        2: [1, 2, 3, 4, 5, 6],
        3: [1, 2, 3, 4, 5, 6],
    }


def test_revoke_penalty_chosen_by_the_claimants_is_scored_by_the_engine():
    event = start_league()
    rnd = rounds.round_open(event_id=event.pk)
    table = round_tables(rnd)[0]
    first, second = rnd.hands.order_by("number")[:2]
    # E/W revoked; N/S chose to add 3 points: 7 tricks (1) + 3 = 4.
    results.result_submit(
        table=table, hand=first, data=hand(7, revokes=[{"side": "B", "penalty": "add"}])
    )
    # N/S revoked; E/W chose 3 tricks: 8-5 becomes 5-8, E/W score 2.
    results.result_submit(
        table=table, hand=second, data=hand(8, revokes=[{"side": "A", "penalty": "tricks"}])
    )
    state = matches.running_state(
        event=event,
        rows=[(r.hand.number, r) for r in Result.objects.filter(table=table)],
        players={},
    )
    assert state.lines[first.number]["score"] == {"A": 4, "B": 0}
    assert state.lines[second.number]["score"] == {"A": 4, "B": 2}
    with pytest.raises(DomainError) as refused:
        results.result_submit(
            table=table,
            hand=rnd.hands.order_by("number")[2],
            data=hand(7, revokes=[{"side": "A", "penalty": "forfeit"}]),
        )
    assert (refused.value.code, refused.value.field) == ("E_REVOKE_PENALTY", "revokes")


@pytest.mark.parametrize(
    "league_rules",
    [{"match": "sudden_death"}, {"points": "goals"}, {"win": -1}, {"bonus": 1}, "3/1/0"],
)
def test_bad_league_options_are_refused_beside_the_rules(league_rules):
    with pytest.raises(DomainError) as refused:
        make_event(players=0, kind="robber", rules={"preset": "club_short", "league": league_rules})
    assert (refused.value.code, refused.value.field) == ("E_RULES", "rules")


def test_a_preset_the_engine_does_not_know_is_refused():
    with pytest.raises(DomainError) as refused:
        make_event(players=0, kind="robber", rules={"preset": "bridge"})
    assert refused.value.code == "E_RULES" and "german_robber" in refused.value.message


def test_a_robber_league_exports_its_league_figures(client):
    """The export asks the game for its columns (a robber's engine system is "rubber"); a
    role from a members' list means nothing for a pair (a Dutch walk's said "gent")."""
    event = start_league(roles=["lady", "gent"] * 6)
    play_round(event, 1)
    Event.objects.filter(pk=event.pk).update(status="published", is_public=True)
    response = client.get(reverse("public:export", args=[event.slug, "csv"]))
    assert response.status_code == 200
    head = next(csv.reader(io.StringIO(response.content.decode("utf-8-sig").split("\n", 1)[1])))
    assert head[:9] == [
        "Place",
        "Tied",
        "Name",
        "Number this evening",
        "Net",
        "League points",  # what the league ranks by (3/1/0 by default)
        "Rubbers",
        "Games",
        "Hands played",
    ]


def test_a_withdrawn_pair_keeps_its_league_points_on_the_page_and_in_the_export(client):
    """A German walk's public page listed a pair gone home as "... — None · 8 hands played",
    and the export left its league points blank where the league table said 1."""
    from tournaments.selectors.exports import event_results_export

    event = start_league()
    play_round(event, 1)
    leaving = Event.objects.get(pk=event.pk).entries.get(number=1)
    entries.entry_withdraw(event_id=event.pk, entry_id=leaving.pk)
    event = Event.objects.get(pk=event.pk)
    out = standings.compute_standings(event)
    table = {f"p{r['pair']}": r["points"] for r in league.league_table(event=event)["table"]}
    (gone,) = out["withdrawn"]
    assert out["score_field"] == "points" and gone["points"] == table[gone["key"]]
    Event.objects.filter(pk=event.pk).update(is_public=True)
    page = client.get(f"/e/{event.slug}/").content.decode()
    assert f"P1 &amp; P2</a> — {gone['points']} ·" in page and "None" not in page
    body, _name, _type = event_results_export(event=event, fmt="csv")
    rows = list(csv.reader(io.StringIO(body.decode("utf-8-sig"))))
    head = next(r for r in rows if "League points" in r)
    row = next(r for r in rows if "P1 & P2" in r)  # its standings line, before the hands
    assert row[head.index("League points")] == str(gone["points"])  # was blank


def test_a_decided_rubber_shows_no_next_game_and_german_robber_asks_no_honours(client):
    """A German walk's phone read "Game 4 so far: N/S 0 – E/W 0" above "N/S won the rubber",
    and asked for honours that German robber never scores."""
    event = start_league()
    rnd = rounds.round_open(event_id=event.pk)
    table = round_tables(rnd)[0]
    for h, data in zip(rnd.hands.order_by("number"), RUBBERS["T22"], strict=False):
        results.result_submit(table=table, hand=h, data=data)
        results.result_confirm(table=table, hand=h)
    page = client.get(f"/t/{table.token}/").content.decode()
    assert "N/S won the rubber" in page and "Games: N/S 2 – E/W 1" in page
    assert 'data-testid="game-now"' not in page and "so far" not in page
    for preset, honours in (("club_short", True), ("german_robber", False)):
        league_night = start_league(rules={"preset": preset})
        table = round_tables(rounds.round_open(event_id=league_night.pk))[0]
        page = client.get(f"/t/{table.token}/").content.decode()
        assert "Tricks won by" in page and ("Honours held by" in page) is honours
        assert ("Number of honours" in page) is honours
