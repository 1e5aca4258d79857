"""Team events end to end through the services: a 6-team league home and away (two tables a
match, match points 3/1/0, the league table) and an 8-team knockout cup."""

from __future__ import annotations

import html
import io
import random

import pytest
from django.urls import reverse
from pypdf import PdfReader

from tests.factories import UserFactory, drive_data
from tests.services.organizer_helpers import make_event
from tournaments.errors import DomainError
from tournaments.models import Event, Seating, Team, TeamMatch
from tournaments.selectors.standings import event_standings
from tournaments.selectors.teams import team_cup, team_league_table, team_matches
from tournaments.services import entries, events, printing, results, rounds, teams
from tournaments.services import prizes as prizes_services

pytestmark = pytest.mark.django_db


def team_event(count: int) -> Event:
    event = make_event(players=4 * count, kind="team_match")
    entries.entries_pair(event_id=event.pk)
    teams.teams_make(event_id=event.pk, names=[f"Team {chr(64 + k)}" for k in range(1, count + 1)])
    return Event.objects.get(pk=event.pk)


def play_round(event: Event, number: int, tricks, organizer) -> None:
    """Open, enter every table's hands in the organizer's grid (N/S tricks from ``tricks``), close."""
    rnd = rounds.round_open(event_id=event.pk)
    tables = sorted(
        set(
            Seating.objects.filter(round=rnd, table__isnull=False).values_list(
                "table__number", flat=True
            )
        )
    )
    cells = [
        results.GridCell(t, h.number, drive_data(tricks(t, h.number)))
        for t in tables
        for h in rnd.hands.order_by("number")
    ]
    results.results_save_grid(event=event, round_number=number, cells=cells, actor=organizer)
    rounds.round_close(event_id=event.pk, round_number=number)


def test_six_team_league_home_and_away(client):
    organizer = UserFactory()
    event = team_event(6)
    teams.team_league_seat(event_id=event.pk, hands_per_round=4, home_and_away=True)
    event = Event.objects.get(pk=event.pk)
    assert (event.round_count, event.hands) == (10, 40)
    matches = TeamMatch.objects.filter(event=event)
    assert matches.count() == 30  # 15 pairings, home and away
    legs = {(m.home_id, m.away_id) for m in matches}
    assert all((a, h) in legs for h, a in legs)
    # each team's pairs sit N/S at one table of the match and E/W at the other
    m = matches.order_by("round__number", "first_table__number").first()
    seat = {(s.table_id, s.seat): s.entry.pair_id for s in Seating.objects.filter(round=m.round)}
    assert seat[(m.first_table_id, "N")] == m.home.first_pair_id
    assert seat[(m.first_table_id, "E")] == m.away.second_pair_id
    assert seat[(m.second_table_id, "N")] == m.away.first_pair_id
    assert seat[(m.second_table_id, "E")] == m.home.second_pair_id
    events.event_start(event_id=event.pk)
    rng = random.Random(6)
    for number in range(1, 11):
        play_round(event, number, lambda t, h: rng.randint(3, 10), organizer)
    played = team_matches(event=event)
    assert all(p["played"] for p in played) and len(played) == 30
    one = played[0]
    assert one["home_tricks"] + one["away_tricks"] == 4 * 26  # two tables, four hands
    assert sum(line["home"] + line["away"] == 26 for line in one["lines"]) == 4
    for p in played:
        expected = (
            (3, 0)
            if p["home_tricks"] > p["away_tricks"]
            else ((0, 3) if p["home_tricks"] < p["away_tricks"] else (1, 1))
        )
        assert (p["home_points"], p["away_points"]) == expected
    table = team_league_table(event=event)
    assert [r["position"] for r in table] == [1, 2, 3, 4, 5, 6]
    assert all(r["played"] == 10 for r in table)
    by_team = {r["name"]: r["points"] for r in table}
    for name in by_team:
        own = sum(p["home_points"] for p in played if p["home"].name == name)
        own += sum(p["away_points"] for p in played if p["away"].name == name)
        assert by_team[name] == own
    keys = [(r["points"], r["tricks_for"] - r["tricks_against"]) for r in table]
    assert keys == sorted(keys, reverse=True)
    # the prizes go to the teams by the league table (a team walk: the pairs' order crowned
    # a pair, a half-time leader and a booby pair), and the pages show the table
    prizes = event_standings(event=event)["prizes"]
    assert [(p["label"], [w["name"] for w in p["winners"]]) for p in prizes] == [
        (label, [row["name"]]) for label, row in zip(("1st", "2nd", "3rd"), table, strict=False)
    ]
    top = table[0]
    reason = f"{top['points']} match points, tricks {top['tricks_for']}–{top['tricks_against']}"
    assert prizes[0]["reason"] == reason
    events.event_finish(event_id=event.pk)
    events.event_publish(event_id=event.pk)
    live = html.unescape(client.get(reverse("public:event", args=[event.slug])).content.decode())
    assert f"<strong>1st</strong>: {top['name']}" in live and 'data-testid="team-table"' in live
    # the export has it too, between the pairs and the hands (a team walk found no teams)
    csv = client.get(reverse("public:export", args=[event.slug, "csv"])).content.decode()
    league = csv.split("League table")[1].split("Hands")[0]
    assert f"1,no,{top['name']},10,{top['won']}," in league
    screen = html.unescape(
        client.get(reverse("public:projector", args=[event.slug])).content.decode()
    )
    # the printed results sheet has the table too (a team walk: only the pairs' order)
    pdf = printing.document_pdf(event=event, document="results", options={"language": "en"})
    sheet = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages)
    league = sheet.index("League table")
    assert league < sheet.index(f"1 {top['name']} 10") < sheet.index("Standings so far")
    head = "League table · Match points · Trick difference</li>"
    difference = top["tricks_for"] - top["tricks_against"]
    team_cell = (
        f'<span class="name" title="{top["name"]}">{top["name"]}</span>'
        f'<span class="score">{top["points"]}</span><span class="played">{difference:+d}</span>'
    )
    assert screen.index(head) < screen.index(team_cell) < screen.index("Pairs</li>")
    page = html.unescape(client.get(reverse("public:teams", args=[event.slug])).content.decode())
    top = table[0]
    row = (
        f"<td>1</td><td>{top['name']}</td><td>10</td><td>{top['won']}</td><td>{top['drawn']}</td>"
        f"<td>{top['lost']}</td><td>{top['tricks_for']}–{top['tricks_against']}</td>"
        f"<td>{top['points']}</td>"
    )
    assert row in page


def test_eight_team_knockout_cup(client):
    organizer = UserFactory()
    event = team_event(8)
    fmt = teams.team_cup_draw(event_id=event.pk, hands_per_round=3, seed=4)
    event = Event.objects.get(pk=event.pk)
    assert (event.round_count, event.hands) == (3, 9)
    assert sorted(fmt.bracket["seeds"]) == list(range(1, 9))
    events.event_start(event_id=event.pk)
    for number in range(1, 4):
        if number > 1:
            teams.team_cup_seat_round(event_id=event.pk)
        count = TeamMatch.objects.filter(event=event, round__number=number).count()
        assert count == {1: 4, 2: 2, 3: 1}[number]
        # N/S win 8 tricks at odd tables, 6 at even: the home team takes 8 + 7 of 26 a hand
        play_round(event, number, lambda t, h: 8 if t % 2 else 6, organizer)
    state = team_cup(event=event)
    final = state["matches"][-1]
    assert final["status"] == "played"
    assert state["champion"] == final["home_team"]  # the home team wins every match
    assert state["champion_name"].startswith("Team ")
    with pytest.raises(DomainError) as refused:
        teams.team_cup_seat_round(event_id=event.pk)
    assert refused.value.code == "E_NO_ROUND_LEFT"
    event.club.organizers.add(organizer)  # the final played: no next round is offered
    client.force_login(organizer)
    teams_page = client.get(f"/events/{event.slug}/teams/").content.decode()
    assert "Cup winner" in teams_page and "Seat the next cup round" not in teams_page
    page = html.unescape(client.get(reverse("public:teams", args=[event.slug])).content.decode())
    assert f"Cup winner: {state['champion_name']}" in page
    # the cup's placings take the prizes: the final's two teams, then the semi-finalists
    prizes = event_standings(event=event)["prizes"]
    first, second, third = prizes
    champion = Team.objects.get(event=event, number=state["champion"])
    assert first["winners"] == [
        {
            "key": f"t{state['champion']}",
            "name": state["champion_name"],
            "members": [f"p{champion.first_pair.number}", f"p{champion.second_pair.number}"],
        }
    ]
    assert (first["reason"], second["reason"]) == ("Won the cup final", "Lost the cup final")
    assert second["winners"][0]["name"] == final["away_name"]
    assert len(third["winners"]) == 2 and third["reason"].startswith("Reached the last 4")
    # the consolation is drawn among the pairs of teams with no prize (8 pairs of 16)
    events.event_finish(event_id=event.pk)
    prizes_services.prize_settings_update(event_id=event.pk, settings={"consolation": True})
    draw = prizes_services.prize_consolation_draw(event_id=event.pk, seed=3)
    holders = {key for p in prizes for w in p["winners"] for key in w["members"]}
    assert len(draw["pool"]) == 8 and not holders & set(draw["pool"])
    consolation = event_standings(event=Event.objects.get(pk=event.pk))["prizes"][-1]
    assert consolation["reason"] == "Drawn by lot from 8 pairs"  # not "players" (a team walk)


def test_teams_need_an_even_number_of_pairs():
    event = make_event(players=6, kind="team_match")
    entries.entries_pair(event_id=event.pk)
    with pytest.raises(DomainError) as refused:
        teams.teams_make(event_id=event.pk)
    assert refused.value.code == "E_TEAMS"


def test_a_withdrawal_leaves_the_fixtures_as_they_are():
    event = team_event(4)
    teams.team_league_seat(event_id=event.pk, hands_per_round=2, home_and_away=False)
    events.event_start(event_id=event.pk)
    before = list(
        Seating.objects.filter(round__event=event).values_list(
            "round_id", "table_id", "seat", "entry_id"
        )
    )
    leaver = event.entries.order_by("number").first()
    entries.entry_withdraw(event_id=event.pk, entry_id=leaver.pk)
    after = list(
        Seating.objects.filter(round__event=event).values_list(
            "round_id", "table_id", "seat", "entry_id"
        )
    )
    assert sorted(after) == sorted(before)
    # its pair keeps its seats: the hands it plays past the withdrawal are no minus sit-outs
    # (a team walk's export read "Hands sat out -12")
    from tournaments.selectors.standings import compute_standings

    play_round(Event.objects.get(pk=event.pk), 1, lambda t, h: 7, UserFactory())
    play_round(Event.objects.get(pk=event.pk), 2, lambda t, h: 7, UserFactory())
    out = compute_standings(Event.objects.get(pk=event.pk))
    assert all(r["sat_out"] >= 0 for r in out["standings"] + out["withdrawn"])


def test_the_round_page_names_the_match_each_table_plays_in(client):
    """A team walk: the round page read "N/S pair 1 · E/W pair 12" and no teams."""
    event = team_event(4)
    teams.team_league_seat(event_id=event.pk, hands_per_round=2, home_and_away=False)
    events.event_start(event_id=event.pk)
    rounds.round_open(event_id=event.pk)
    organizer = UserFactory()
    event.club.organizers.add(organizer)
    client.force_login(organizer)
    page = html.unescape(client.get(f"/events/{event.slug}/rounds/1/").content.decode())
    m = TeamMatch.objects.filter(event=event, round__number=1).first()
    for table in (m.first_table, m.second_table):
        said = f'data-testid="match-{table.number}">{m.home.name} – {m.away.name}</p>'
        assert said in page


def test_a_team_leagues_dashboard_does_not_call_it_swiss(client):
    """A team walk: once running, the settings read "Pairing: Swiss pairing" for a league."""
    event = team_event(4)
    teams.team_league_seat(event_id=event.pk, hands_per_round=2, home_and_away=False)
    organizer = UserFactory()
    event.club.organizers.add(organizer)
    client.force_login(organizer)
    events.event_start(event_id=event.pk)
    page = client.get(f"/events/{event.slug}/").content.decode()
    assert "Swiss" not in page and "<dt>Pairing</dt>" not in page


def test_withdrawing_a_team_pair_says_the_fixtures_stay(client):
    """A team walk: the confirmation promised a re-planned seating that a team event never
    makes (its fixtures stay)."""
    event = team_event(4)
    teams.team_league_seat(event_id=event.pk, hands_per_round=2, home_and_away=False)
    events.event_start(event_id=event.pk)
    organizer = UserFactory()
    event.club.organizers.add(organizer)
    client.force_login(organizer)
    leaver = event.entries.order_by("number").first()
    asked = client.post(f"/events/{event.slug}/players/{leaver.pk}/withdraw/").content.decode()
    assert "The fixtures stay as they are" in html.unescape(asked) and "re-planned" not in asked


def test_the_organizer_names_the_teams_when_making_them(client):
    """A team walk: an inter-club night could only be "Team 1" to "Team 6"."""
    event = make_event(players=16, kind="team_match")
    entries.entries_pair(event_id=event.pk)
    organizer = UserFactory()
    event.club.organizers.add(organizer)
    client.force_login(organizer)
    url = f"/events/{event.slug}/teams/"
    names = "Lille  Whist\nRoubaix\n\nTourcoing"
    page = client.post(url, {"action": "teams", "team_names": names}, follow=True).content.decode()
    assert [t.name for t in event.teams.order_by("number")] == [
        "Lille Whist", "Roubaix", "Team 3", "Tourcoing"
    ]  # fmt: skip
    assert "Lille Whist" in page
    long = client.post(url, {"action": "teams", "team_names": "x" * 161}, follow=True)
    assert long.status_code == 200 and "at most 160 characters" in long.content.decode()


def test_a_team_nights_prize_form_asks_nothing_of_pairs(client):
    """A team walk: the form offered a booby prize and "one prize per person" to the pairs."""
    event = team_event(4)
    organizer = UserFactory()
    event.club.organizers.add(organizer)
    client.force_login(organizer)
    form = client.get(f"/events/{event.slug}/prizes/").context["form"]
    assert set(form.fields) & {"booby", "no_double", "ties", "half_time"} == set()
    assert "The places go to the teams" in str(form.fields["places"].help_text)
