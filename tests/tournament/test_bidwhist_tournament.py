"""A 24-team Bid Whist tournament end to end through the services: 6 Swiss rounds of 7 hands
ranked by wins then points, an 8-team single-elimination playoff seeded from the standings,
the pot split 50/30/20 and the Boston prize, published on the public bracket page."""

from __future__ import annotations

import html
import random
from decimal import Decimal

import pytest
from django.urls import reverse

from tests.factories import UserFactory
from tests.services.organizer_helpers import make_event
from tournaments import pairings
from tournaments.errors import DomainError
from tournaments.models import Event, Round, Seating
from tournaments.selectors.tournament import qualifying, tournament_summary
from tournaments.services import entries, events, results, rounds, tournament

pytestmark = pytest.mark.django_db


def random_hand(rng: random.Random) -> dict:
    level = rng.randint(1, 4)
    books = 13 if rng.random() < 0.04 else rng.randint(4, 13)
    return {"bid": f"{level} uptown", "bidder": rng.choice("AB"), "books": books}


def play_round(event: Event, number: int, rng: random.Random, organizer) -> None:
    rnd = rounds.round_open(event_id=event.pk)
    assert rnd.number == number
    tables = sorted(
        set(
            Seating.objects.filter(round=rnd, table__isnull=False).values_list(
                "table__number", flat=True
            )
        )
    )
    cells = [
        results.GridCell(table, hand.number, random_hand(rng))
        for table in tables
        for hand in rnd.hands.order_by("number")
    ]
    results.results_save_grid(event=event, round_number=number, cells=cells, actor=organizer)
    rounds.round_close(event_id=event.pk, round_number=number)


def setup_tournament(teams: int = 24, rounds: int = 6, **options) -> Event:
    event = make_event(players=2 * teams, kind="bidwhist")
    entries.entries_pair(event_id=event.pk)
    settings = {
        "rounds": rounds,
        "hands_per_round": 7,
        "ranking": "wins_points",
        "playoff": "single",
        "playoff_teams": 8,
        "pot": 1200,
        "prize_split": [50, 30, 20],
        "boston_prize": 60,
    }
    tournament.tournament_configure(event_id=event.pk, **{**settings, **options})
    return Event.objects.get(pk=event.pk)


def test_24_teams_six_swiss_rounds_then_an_eight_team_playoff(client):
    rng = random.Random(18)
    organizer = UserFactory()
    event = setup_tournament()
    type(event.club).objects.filter(pk=event.club_id).update(currency="USD")  # a US tournament
    assert (event.hands, event.hands_per_round, event.round_count) == (42, 7, 6)
    tournament.tournament_pair_round(event_id=event.pk)
    events.event_start(event_id=event.pk)
    for number in range(1, 7):
        if number > 1:
            tournament.tournament_pair_round(event_id=event.pk)
        play_round(event, number, rng, organizer)
    with pytest.raises(DomainError) as refused:
        tournament.tournament_pair_round(event_id=event.pk)
    assert refused.value.code == "E_NO_ROUND_LEFT"

    q = qualifying(event=event)
    assert len(q.matches) == 6 * 12  # every team every round, no byes with 24
    met = [frozenset((m["A"], m["B"])) for m in q.matches]
    assert len(set(met)) == len(met)  # no rematch in the Swiss rounds
    for number in range(1, 7):
        seated = [t for m in q.matches if m["round"] == number for t in (m["A"], m["B"])]
        assert sorted(seated) == list(range(1, 25))
    summary = tournament_summary(event=event)
    rows = summary["standings"]
    keys = [(r["wins"], r["points"]) for r in rows]
    assert keys == sorted(keys, reverse=True)  # ranked by wins, then points
    assert sum(r["wins"] for r in rows) == 72 and all(r["played"] == 6 for r in rows)

    fmt = tournament.tournament_playoff_draw(event_id=event.pk)
    top8 = [r["team"] for r in rows[:8]]
    assert fmt.bracket["seeds"] == top8  # the bracket fills from the standings
    first = {
        m["id"]: (m["home"]["seed"], m["away"]["seed"])
        for m in fmt.bracket["matches"]
        if m["round"] == 1
    }
    assert first == {"W1-1": (1, 8), "W1-2": (4, 5), "W1-3": (2, 7), "W1-4": (3, 6)}
    while True:  # the higher seed wins every quarter- and semi-final; the final goes to seed 2
        state = pairings.resolve(fmt.bracket, fmt.playoff_results)
        ready = [m for m in state["matches"] if m["status"] == "ready"]
        if not ready:
            break
        m = ready[0]
        winner = (
            top8[1] if m["id"] == "W3-1" else min((m["home_team"], m["away_team"]), key=top8.index)
        )
        tournament.tournament_playoff_result(event_id=event.pk, match=m["id"], winner=winner)
        fmt.refresh_from_db()
    events.event_finish(event_id=event.pk)
    # finished, not yet published: the bracket page keeps the champion and the money back
    # for the prize-giving, as the public page and the projector do (a US walk read them)
    held = html.unescape(client.get(reverse("public:bracket", args=[event.slug])).content.decode())
    assert "The prize-giving follows." in held
    assert "Champion:" not in held and "Place 1:" not in held and "Boston prize" not in held
    assert ">Bracket</a>" in held  # the menu names the page as what it shows
    events.event_publish(event_id=event.pk)

    summary = tournament_summary(event=Event.objects.get(pk=event.pk))
    names = {r["team"]: r["name"] for r in rows}
    assert summary["champion"] == names[top8[1]]
    assert [(p["place"], p["teams"], p["each"]) for p in summary["prizes"]] == [
        (1, [top8[1]], Decimal("600.00")),
        (2, [top8[0]], Decimal("360.00")),
        (3, top8[2:4], Decimal("120.00")),
    ]
    most = max(q.records[n]["bostons"] for n in q.records)
    assert most > 0 and summary["bostons"]["most"] == most
    page = client.get(reverse("public:bracket", args=[event.slug]))
    assert page.status_code == 200
    text = html.unescape(page.content.decode())
    assert f"Champion: {names[top8[1]]}" in text
    assert "Boston prize" in text and summary["bostons"]["teams"][0] in text
    assert f"Place 2: {names[top8[0]]} — $360.00" in text
    projector = client.get(reverse("public:bracket_fragment", args=[event.slug])).json()
    assert projector["changed"] and f"Champion: {names[top8[1]]}" in html.unescape(
        projector["html"]
    )
    again = client.get(
        reverse("public:bracket_fragment", args=[event.slug]), {"v": projector["version"]}
    )
    assert again.json() == {"version": projector["version"], "changed": False}
    # The event's own standings, the public page, the projector's prize-giving and the
    # results sheet read: the champion first, the final's loser second, the semi-finalists
    # level third (a walk found them ranked by points, a semi-final loser on top).
    from tournaments.selectors.standings import event_standings

    final = event_standings(event=Event.objects.get(pk=event.pk))
    top = [(r["position"], r["key"]) for r in final["standings"][:4]]
    assert top == [(1, f"p{top8[1]}"), (2, f"p{top8[0]}"), (3, f"p{top8[2]}"), (3, f"p{top8[3]}")]
    assert [r["key"] for r in final["standings"][4:8]] == [f"p{n}" for n in top8[4:]]
    places = [(p["label"], [w["key"] for w in p["winners"]], p["reason"]) for p in final["prizes"]]
    assert places[:3] == [
        ("1st", [f"p{top8[1]}"], "$600.00"),
        ("2nd", [f"p{top8[0]}"], "$360.00"),
        ("3rd", [f"p{top8[2]}", f"p{top8[3]}"], "$120.00 each"),
    ]
    assert places[3][0] == "Boston prize" and places[3][2].startswith(f"Most Bostons ({most}): ")
    public = html.unescape(client.get(reverse("public:event", args=[event.slug])).content.decode())
    assert f"1st</strong>: {names[top8[1]]}" in public


def test_a_team_that_leaves_gets_no_more_tables_and_byes_are_spread():
    rng = random.Random(5)
    organizer = UserFactory()
    event = setup_tournament(teams=7)
    tournament.tournament_pair_round(event_id=event.pk)
    events.event_start(event_id=event.pk)
    play_round(event, 1, rng, organizer)
    tournament.tournament_pair_round(event_id=event.pk)
    play_round(event, 2, rng, organizer)
    q = qualifying(event=event)
    assert sorted(q.byes.values()) == [1, 1]  # two different teams sat out
    leaver = event.pairs.get(number=3)
    entries.entry_withdraw(event_id=event.pk, entry_id=leaver.entries.first().pk)
    later = Seating.objects.filter(round__event=event, round__number__gte=3)
    assert not later.exists()  # no movement is laid over the rounds still to pair
    rnd = tournament.tournament_pair_round(event_id=event.pk)
    seated = {s.entry.pair.number for s in Seating.objects.filter(round=rnd, table__isnull=False)}
    assert 3 not in seated and len(seated) == 6  # six teams left: three tables, no bye


def test_more_swiss_rounds_than_opponents_is_refused():
    event = setup_tournament(teams=6)  # six rounds, five opponents each
    with pytest.raises(DomainError) as refused:
        tournament.tournament_pair_round(event_id=event.pk)
    assert refused.value.code == "E_RANGE" and "at most 5 Swiss rounds" in refused.value.message


def test_pairing_waits_for_the_round_before_to_close():
    event = setup_tournament(teams=4, rounds=3)
    tournament.tournament_pair_round(event_id=event.pk)
    events.event_start(event_id=event.pk)
    rounds.round_open(event_id=event.pk)
    with pytest.raises(DomainError) as refused:
        tournament.tournament_pair_round(event_id=event.pk)
    assert refused.value.code == "E_ROUND_OPEN"
    assert Round.objects.get(event=event, number=2).seatings.count() == 0
    Round.objects.filter(event=event, number=1).update(status=Round.Status.CLOSED)
    with pytest.raises(DomainError) as unpaired:  # "Open round 2" before pairing it
        rounds.round_open(event_id=event.pk)
    assert (
        unpaired.value.message
        == "Round 2 has no seating yet: pair it on the Tournament page first."
    )


def test_configuration_is_checked():
    event = make_event(players=8, kind="bidwhist")
    for bad, code in (
        ({"rounds": 9, "hands_per_round": 7}, "E_HANDS"),
        ({"rounds": 4, "hands_per_round": 7, "ranking": ["luck"]}, "E_PAIRING"),
        ({"rounds": 4, "hands_per_round": 7, "prize_split": [60, 50]}, "E_PRIZE_SPLIT"),
        ({"rounds": 4, "hands_per_round": 7, "final_best_of": 2}, "E_PLAYOFF"),
    ):
        with pytest.raises(DomainError) as refused:
            tournament.tournament_configure(event_id=event.pk, **bad)
        assert refused.value.code == code
    drive = make_event(players=8)
    with pytest.raises(DomainError) as refused:
        tournament.tournament_configure(event_id=drive.pk, rounds=3, hands_per_round=4)
    assert refused.value.code == "E_KIND"


def test_winners_move_up_losers_stay():
    rng = random.Random(3)
    organizer = UserFactory()
    event = setup_tournament(teams=8, qualifying="ladder")
    tournament.tournament_pair_round(event_id=event.pk)
    events.event_start(event_id=event.pk)
    play_round(event, 1, rng, organizer)
    before = sorted(
        (m for m in qualifying(event=event).matches if m["round"] == 1), key=lambda m: m["table"]
    )
    tournament.tournament_pair_round(event_id=event.pk)
    rnd = Round.objects.get(event=event, number=2)
    at = {}
    for s in Seating.objects.filter(round=rnd, seat__in=("N", "E")).select_related(
        "table", "entry__pair"
    ):
        at[s.table.number] = (*at.get(s.table.number, ()), s.entry.pair.number)
    won = [m["winner"] for m in before]
    lost = [m["A"] if m["winner"] == m["B"] else m["B"] for m in before]
    expected = {
        1: {won[0], won[1]},
        2: {lost[1], won[2]},
        3: {lost[2], won[3]},
        4: {lost[3], lost[0]},
    }
    assert {t: set(p) for t, p in at.items()} == expected


def test_double_elimination_playoff_with_byes():
    rng = random.Random(9)
    organizer = UserFactory()
    event = make_event(players=12, kind="bidwhist")
    entries.entries_pair(event_id=event.pk)
    tournament.tournament_configure(
        event_id=event.pk, rounds=2, hands_per_round=3, playoff="double", playoff_teams=5
    )
    tournament.tournament_pair_round(event_id=event.pk)
    events.event_start(event_id=event.pk)
    play_round(event, 1, rng, organizer)
    tournament.tournament_pair_round(event_id=event.pk)
    play_round(event, 2, rng, organizer)
    fmt = tournament.tournament_playoff_draw(event_id=event.pk)
    seeds = fmt.bracket["seeds"]
    assert len(seeds) == 5 and fmt.bracket["size"] == 8
    while True:  # the lower seed number always wins: seed 1 never loses
        state = pairings.resolve(fmt.bracket, fmt.playoff_results)
        ready = [m for m in state["matches"] if m["status"] == "ready"]
        if not ready:
            break
        m = ready[0]
        winner = min((m["home_team"], m["away_team"]), key=seeds.index)
        tournament.tournament_playoff_result(event_id=event.pk, match=m["id"], winner=winner)
        fmt.refresh_from_db()
    summary = tournament_summary(event=Event.objects.get(pk=event.pk))
    assert [tier[0] for tier in summary["bracket"]["placings"][:2]] == seeds[:2]
    assert summary["bracket"]["matches"][-1]["status"] == "not_needed"  # no reset needed
    with pytest.raises(DomainError) as refused:
        tournament.tournament_playoff_result(event_id=event.pk, match="W1-2", winner=seeds[0])
    assert refused.value.code == "E_RESULT"


def test_a_match_played_to_the_target_ends_with_its_first_game():
    organizer = UserFactory()
    event = make_event(players=4, kind="bidwhist")
    entries.entries_pair(event_id=event.pk)
    tournament.tournament_configure(
        event_id=event.pk, rounds=1, hands_per_round=6, match_to="game", playoff="none"
    )
    tournament.tournament_pair_round(event_id=event.pk)
    events.event_start(event_id=event.pk)
    rnd = rounds.round_open(event_id=event.pk)
    won = [{"bid": "4", "bidder": "A", "books": 10}, {"bid": "1", "bidder": "A", "books": 7}]
    cells = [results.GridCell(1, n, data) for n, data in enumerate(won, start=1)]
    results.results_save_grid(event=event, round_number=rnd.number, cells=cells, actor=organizer)
    rounds.round_close(event_id=event.pk, round_number=rnd.number)  # hands 3-6 are not needed
    (match,) = qualifying(event=event).matches
    assert match["winner"] == match["A"] and match["tally"]["A"]["points"] == 5


def test_winners_move_up_with_an_odd_number_of_teams():
    rng = random.Random(4)
    organizer = UserFactory()
    event = setup_tournament(teams=7, rounds=3, qualifying="ladder")
    tournament.tournament_pair_round(event_id=event.pk)
    events.event_start(event_id=event.pk)
    for number in (1, 2, 3):
        if number > 1:
            tournament.tournament_pair_round(event_id=event.pk)
        play_round(event, number, rng, organizer)
        q = qualifying(event=event)
        (bye,) = q.sat_out[number]
        if number > 1:  # a loser of the round before sits out
            before = [m for m in q.matches if m["round"] == number - 1]
            losers = {m["A"] if m["winner"] == m["B"] else m["B"] for m in before}
            assert bye in losers
    assert sorted(q.byes.values()) == [1, 1, 1]  # three different teams sat out


def test_a_round_counts_in_the_standings_once_it_is_closed():
    event = setup_tournament(teams=2, rounds=1)
    tournament.tournament_pair_round(event_id=event.pk)
    events.event_start(event_id=event.pk)
    rnd = rounds.round_open(event_id=event.pk)
    cell = results.GridCell(1, 1, {"bid": "3", "bidder": "A", "books": 10})
    results.results_save_grid(
        event=event, round_number=rnd.number, cells=[cell], actor=UserFactory()
    )
    assert qualifying(event=event).matches == []  # one hand of seven: nobody has won yet
    rounds.round_close(event_id=event.pk, round_number=rnd.number, force=True)
    (match,) = qualifying(event=event).matches
    assert match["winner"] == match["A"]


def first_round_entered(event: Event) -> Round:
    """Four teams paired, started and round 1 entered in the grid, N/S winning at both
    tables (10 and 9 books), not yet closed."""
    tournament.tournament_pair_round(event_id=event.pk)
    events.event_start(event_id=event.pk)
    rnd = rounds.round_open(event_id=event.pk)
    cells = [
        results.GridCell(table, hand, {"bid": "3", "bidder": "A", "books": 10 - table})
        for table in (1, 2)
        for hand in range(1, 8)
    ]
    results.results_save_grid(
        event=event, round_number=rnd.number, cells=cells, actor=UserFactory()
    )
    return rnd


def test_live_standings_share_places_until_a_round_counts_and_show_the_wins(client):
    """A walk of a US night: during round 1 the public page ranked the teams 1st to 20th
    in number order (nobody had a win yet) and no page showed the wins it ranked by."""
    from django.urls import reverse

    from tournaments.selectors.standings import event_standings

    event = setup_tournament(teams=4, rounds=2)
    rnd = first_round_entered(event)
    live = event_standings(event=Event.objects.get(pk=event.pk))
    assert live["score_field"] == "wins"
    assert [(r["position"], r["tied"], r["wins"]) for r in live["standings"]] == [(1, True, 0)] * 4
    page = client.get(reverse("public:event", args=[event.slug])).content.decode()
    assert '<th scope="col" class="num">Wins</th>' in page and (
        '<span aria-hidden="true">=</span><span class="visually-hidden">tied </span>1</td>' in page
    )

    rounds.round_close(event_id=event.pk, round_number=rnd.number)
    after = event_standings(event=Event.objects.get(pk=event.pk))["standings"]
    assert [r["wins"] for r in after] == [1, 1, 0, 0]
    assert [r["position"] for r in after] == [1, 2, 3, 4]  # table 1's winners made more points
    projector = client.get(reverse("public:projector", args=[event.slug])).content.decode()
    assert "Wins" in projector
    assert "Ranked by wins, then points, then hands won" in projector


def test_teams_level_on_wins_show_the_hands_won_and_the_order_that_placed_them(client):
    """A US walk: a team with more points stood below one with fewer and no page said why
    (the ranking is wins, then hands won, then points)."""
    from tournaments.selectors.exports import event_results_export
    from tournaments.selectors.standings import event_standings

    event = setup_tournament(teams=4, rounds=2, ranking="wins_hands_points")
    tournament.tournament_pair_round(event_id=event.pk)
    events.event_start(event_id=event.pk)
    rnd = rounds.round_open(event_id=event.pk)
    # table 1: A wins 4 hands with big bids; table 2: A wins 6 hands with small ones
    hands = {1: [(4, 11)] * 4 + [(1, 6)] * 3, 2: [(1, 7)] * 6 + [(4, 8)]}
    cells = [
        results.GridCell(table, n, {"bid": f"{level} uptown", "bidder": "A", "books": books})
        for table, played in hands.items()
        for n, (level, books) in enumerate(played, 1)
    ]
    results.results_save_grid(
        event=event, round_number=rnd.number, cells=cells, actor=UserFactory()
    )
    rounds.round_close(event_id=event.pk, round_number=rnd.number)
    rows = event_standings(event=Event.objects.get(pk=event.pk))["standings"]
    first, second = rows[0], rows[1]
    assert (first["wins"], second["wins"]) == (1, 1)
    assert first["hands_won"] > second["hands_won"] and first["total"] < second["total"]
    assert first["split"] and second["split"]
    page = html.unescape(client.get(reverse("public:event", args=[event.slug])).content.decode())
    assert "Ranked by wins, then hands won, then points, then head to head, then Bostons." in page
    assert f"{first['hands_won']} hands won" in page and "placed by the tie-break" in page
    csv, _type, _name = event_results_export(event=Event.objects.get(pk=event.pk), fmt="csv")
    assert "Place,Tied,Name,Number this evening,Total,Wins,Hands won,Games" in csv.decode()


def test_hands_a_table_did_not_play_count_as_reported_in_after_hand_n():
    """The projector said "After hand 5 of 14" for the rest of the night once a team had
    left in round 1 with two hands unplayed (closed as not played, no credit: match play)."""
    from tournaments.selectors.standings import event_standings

    event = setup_tournament(teams=4, rounds=2)
    tournament.tournament_pair_round(event_id=event.pk)
    events.event_start(event_id=event.pk)
    rnd = rounds.round_open(event_id=event.pk)
    cells = [
        results.GridCell(table, hand, {"bid": "3", "bidder": "A", "books": 9})
        for table in (1, 2)
        for hand in range(1, 8)
        if table == 1 or hand <= 5
    ]
    results.results_save_grid(
        event=event, round_number=rnd.number, cells=cells, actor=UserFactory()
    )
    assert event_standings(event=Event.objects.get(pk=event.pk))["after_hand"] == 5
    rounds.round_close(event_id=event.pk, round_number=rnd.number, force=True)
    assert event_standings(event=Event.objects.get(pk=event.pk))["after_hand"] == 7


def test_the_round_by_round_page_says_each_contract_in_words(client):
    """It showed "1 (): 0–7" (an empty trump) and the phone "7 notrump" (the code)."""
    from django.urls import reverse

    event = setup_tournament(teams=2, rounds=1)
    tournament.tournament_pair_round(event_id=event.pk)
    events.event_start(event_id=event.pk)
    rnd = rounds.round_open(event_id=event.pk)
    cell = results.GridCell(1, 1, {"bid": "4 notrump", "bidder": "B", "books": 7})
    results.results_save_grid(
        event=event, round_number=rnd.number, cells=[cell], actor=UserFactory()
    )
    page = client.get(reverse("public:rounds", args=[event.slug])).content.decode()
    assert '<span class="hand-score contract">1 (4 no trump by E/W, 7 books): ' in page
    assert "()" not in page
    # the hands export said the same, not an empty Trump column
    from tournaments.selectors.exports import event_results_export

    event.language = "nl"
    content, _type, _name = event_results_export(event=event, fmt="csv")
    text = content.decode("utf-8-sig")
    assert "Ronde;Spel;Tafel;Contract;" in text and ";4 sans door O/W, 7 slagen;" in text
    body, _type, _name = event_results_export(event=event, fmt="json")
    import json

    hand = json.loads(body)["hands"][0]
    assert hand["contract"] == "4 no trump by E/W, 7 books" and "trump" not in hand


def test_correcting_a_round_after_the_next_was_paired_says_the_pairings_stand():
    """A walk: round 1 corrected in the grid after round 2 was paired from it said only
    "Saved 1 result"."""
    from tournaments.models import Result

    event = setup_tournament(teams=4, rounds=2)
    user = UserFactory()
    tournament.tournament_pair_round(event_id=event.pk)
    events.event_start(event_id=event.pk)
    play_round(event, 1, random.Random(2), user)
    live = Result.objects.filter(hand__number=1, table__number=1).exclude(status="superseded").get()
    fix = {"bid": "2 uptown", "bidder": "A", "books": 9}
    before = results.results_save_grid(
        event=event, round_number=1, cells=[results.GridCell(1, 1, fix, live.version)], actor=user
    )
    assert before.paired_after == [] and not before.playoff_drawn  # round 2 not paired yet
    tournament.tournament_pair_round(event_id=event.pk)
    live = Result.objects.filter(hand__number=1, table__number=1).exclude(status="superseded").get()
    fix = {"bid": "3 uptown", "bidder": "A", "books": 9}
    after = results.results_save_grid(
        event=event, round_number=1, cells=[results.GridCell(1, 1, fix, live.version)], actor=user
    )
    assert after.paired_after == [2] and after.saved


def test_level_teams_share_a_place_and_its_prize_without_a_playoff(client):
    """The pages said "=1" for level teams: the pot's split must say the same."""
    from tournaments.selectors.tournament import tournament_summary

    event = make_event(players=8, kind="bidwhist")
    entries.entries_pair(event_id=event.pk)
    tournament.tournament_configure(
        event_id=event.pk, rounds=1, hands_per_round=1, ranking="wins_points", playoff="none",
        pot=100, prize_split=[50, 30, 20],
    )  # fmt: skip
    tournament.tournament_pair_round(event_id=event.pk)
    events.event_start(event_id=event.pk)
    rnd = rounds.round_open(event_id=event.pk)
    same = {"bid": "3 uptown", "bidder": "A", "books": 10}  # both tables alike: N/S win level
    cells = [results.GridCell(table, 1, same) for table in (1, 2)]
    results.results_save_grid(
        event=event, round_number=rnd.number, cells=cells, actor=UserFactory()
    )
    rounds.round_close(event_id=event.pk, round_number=rnd.number)
    events.event_finish(event_id=event.pk)
    summary = tournament_summary(event=Event.objects.get(pk=event.pk))
    assert [(r["position"], r["tied"]) for r in summary["standings"]] == [(1, True)] * 2 + [
        (3, True)
    ] * 2
    assert [(p["place"], len(p["teams"]), p["each"]) for p in summary["prizes"]] == [
        (1, 2, Decimal("40.00")),  # 50 + 30 shared
        (3, 2, Decimal("10.00")),  # 20 + nothing shared
    ]
    public = client.get(reverse("public:event", args=[event.slug])).content.decode()
    assert ">Tournament</a>" in public and ">Bracket</a>" not in public  # no playoff: no bracket
