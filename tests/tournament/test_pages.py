"""The tournament and team pages as an organizer and a visitor use them."""

from __future__ import annotations

import html

import pytest
from django.urls import reverse

from tests.factories import ClubFactory, UserFactory
from tests.services.organizer_helpers import make_event
from tournaments.models import Event, Seating, TeamMatch
from tournaments.services import entries

pytestmark = pytest.mark.django_db


SETUP = {
    "rounds": 4,
    "hands_per_round": 7,
    "qualifying": "swiss",
    "ranking": "wins_points",
    "match_to": "hands",
    "playoff": "single",
    "playoff_teams": 4,
    "final_best_of": 3,
    "pot": "300",
    "prize_split": "50 30 20",
    "boston_prize": "20",
}


def signed_in(client, event: Event):
    user = UserFactory()
    event.club.organizers.add(user)
    client.force_login(user)
    return user


def paired_event_page(client, kind: str, players: int, page: str) -> tuple[Event, str, str]:
    """A paired event of ``kind`` with its organizer signed in: the event, the address of its
    organizer ``page`` and the event's dashboard as HTML."""
    event = make_event(players=players, kind=kind, club=ClubFactory())
    entries.entries_pair(event_id=event.pk)
    signed_in(client, event)
    dashboard = client.get(reverse("organizer:event", args=[event.slug])).content.decode()
    return event, reverse(page, args=[event.slug]), dashboard


def text_of(response) -> str:
    return html.unescape(response.content.decode())


def test_organizer_sets_up_and_pairs_a_bid_whist_tournament(client):
    event, url, dashboard = paired_event_page(client, "bidwhist", 12, "organizer:tournament")
    assert f'href="{url}"' in dashboard  # the event's menu leads to the tournament page
    form = text_of(client.get(url))
    assert "Save the tournament" in form and "In GBP (the Money page changes it)." in form
    bad = client.post(url, {**SETUP, "rounds": 9})
    assert "must be 1 to 60 hands" in text_of(bad)  # shown beside the field, nothing stored
    assert not Event.objects.get(pk=event.pk).rounds.exists()
    good = client.post(url, SETUP, follow=True)
    page = text_of(good)
    assert "Tournament saved." in page and "Pair the next round" in page
    dashboard = text_of(client.get(reverse("organizer:event", args=[event.slug])))
    assert "Pair the rounds" in dashboard and "Seat the players" not in dashboard
    advice = dashboard.split('data-testid="movement-advice">')[1].split("</p>")[0]
    assert advice.startswith("A tournament's rounds are paired on the Tournament page")
    paired = client.post(
        reverse("organizer:tournament_action", args=[event.slug, "pair"]), follow=True
    )
    assert "Round 1 is paired: open it when the room is ready." in text_of(paired)
    assert (
        Seating.objects.filter(round__event=event, round__number=1, table__isnull=False).count()
        == 12
    )
    again = client.post(
        reverse("organizer:tournament_action", args=[event.slug, "playoff"]), follow=True
    )
    assert "Cannot draw the playoff while the event is draft" in text_of(again)


def test_the_tournament_form_shows_what_was_saved_and_a_second_save_keeps_it(client):
    """A walk saved a playoff and a Boston prize, then re-saved to change the pot: the form
    had shown the defaults, so the second save quietly dropped the playoff."""
    from tests.views.test_organizer_pages import form_as_sent

    event, url, _dashboard = paired_event_page(client, "bidwhist", 12, "organizer:tournament")
    client.post(url, {**SETUP, "ranking": "wins_head_to_head", "prize_split": "60 40"})
    page = client.get(url).content.decode()
    sent = form_as_sent(page, "tournament-form")
    assert {k: sent[k] for k in ("rounds", "playoff", "playoff_teams", "final_best_of", "ranking")} == {
        "rounds": "4", "playoff": "single", "playoff_teams": "4", "final_best_of": "3",
        "ranking": "wins_head_to_head",
    }  # fmt: skip
    assert sent["prize_split"] == "60 40" and sent["boston_prize"] == "20.00"
    client.post(url, {**sent, "pot": "700"})
    fmt = event.tournament_format
    fmt.refresh_from_db()
    assert (fmt.pot, fmt.playoff, fmt.boston_prize, fmt.prize_split) == (700, "single", 20, [60, 40])


def test_organizer_makes_teams_and_a_league_and_the_public_sees_the_table(client):
    event, url, dashboard = paired_event_page(client, "team_match", 16, "organizer:teams")
    assert f'href="{url}"' in dashboard and "/tournament/" not in dashboard
    assert "Teams and fixtures" in dashboard and "Seat the players" not in dashboard
    made = client.post(url, {"action": "teams"}, follow=True)
    assert "Team 1" in text_of(made) and "Team 2" in text_of(made)
    fixtures = client.post(
        url,
        {"action": "league", "hands_per_round": 4, "match_points": "3-1-0", "home_and_away": "on"},
        follow=True,
    )
    assert "Fixtures made." in text_of(fixtures)
    assert TeamMatch.objects.filter(event=event).count() == 12  # 4 teams, 6 rounds, 2 a round
    public = client.get(reverse("public:teams", args=[event.slug]))
    page = text_of(public)
    assert f'href="{reverse("public:teams", args=[event.slug])}"' in page
    assert "League table" in page  # every team on 0 before play
    assert "Round 1: Team 1 – Team 4" in page
    cards = text_of(client.get(reverse("organizer:team_cards", args=[event.slug])))
    first = TeamMatch.objects.order_by("round__number", "first_table__number").first()
    assert f"Round 1: {first.home.name} (home) v {first.away.name}" in cards
    assert "Table 1 N/S tricks" in cards and "Table 2 E/W tricks" in cards


def test_seat_and_redraw_refuse_an_event_that_pairs_its_own_rounds():
    from tournaments.errors import DomainError
    from tournaments.services import seating, tournament

    event = make_event(players=8, kind="bidwhist")
    entries.entries_pair(event_id=event.pk)
    tournament.tournament_configure(event_id=event.pk, rounds=3, hands_per_round=4)
    teams_event = make_event(players=8, kind="team_match")
    for service in (seating.event_seat, seating.event_redraw):
        for target in (event, teams_event):
            with pytest.raises(DomainError) as refused:
                service(event_id=target.pk)
            assert refused.value.code == "E_OWN_PLAN"


def test_the_round_page_pairs_the_next_round_of_a_tournament_and_stays(client):
    """A walk of a US night: after round 1 closed, the round page offered "Open round 2",
    which only said to pair it on the Tournament page; pairing there said "Done."."""
    from tests.tournament.test_bidwhist_tournament import play_round, setup_tournament
    from tournaments.services import events, tournament

    event = setup_tournament(teams=4, rounds=2)
    user = signed_in(client, event)
    tournament.tournament_pair_round(event_id=event.pk)
    events.event_start(event_id=event.pk)
    play_round(event, 1, __import__("random").Random(1), user)
    round2 = reverse("organizer:round", args=[event.slug, 2])
    page = text_of(client.get(round2))
    assert "Pair round 2 from the standings" in page and "Open round 2" not in page
    done = client.post(
        reverse("organizer:tournament_action", args=[event.slug, "pair"]), {"next": round2}, follow=True
    )
    assert done.redirect_chain[-1][0] == round2
    page = text_of(done)
    assert "Round 2 is paired: open it when the room is ready." in page and "Open round 2" in page
    last = text_of(client.get(reverse("organizer:tournament", args=[event.slug])))
    assert "Pair the next round" not in last  # both rounds are paired


def test_a_bid_whist_dashboard_offers_the_tournament_beside_seating_the_players(client):
    """A new US organizer saw only "Seat the players" (a round robin) as the next step."""
    _event, url, dashboard = paired_event_page(client, "bidwhist", 8, "organizer:tournament")
    assert f'href="{url}" data-testid="run-a-tournament"' in dashboard
    _drive, _url, drive_dashboard = paired_event_page(client, "pairs_drive", 8, "organizer:tournament")
    assert "run-a-tournament" not in drive_dashboard


def test_a_tournaments_table_plan_offers_no_re_draw_and_the_service_refuses_one(client):
    """A US walk: the table plan of a paired tournament offered "Re-draw the seating", which
    would have thrown the Swiss pairing away for a movement; the dashboard named a movement."""
    from tournaments.errors import DomainError
    from tournaments.services import seating

    event, url, _dashboard = paired_event_page(client, "bidwhist", 12, "organizer:tournament")
    client.post(url, SETUP)
    client.post(reverse("organizer:tournament_action", args=[event.slug, "pair"]))
    plan = text_of(client.get(reverse("organizer:seating", args=[event.slug])))
    assert "Re-draw the seating" not in plan and "Seat the players" not in plan
    assert "A tournament's rounds are paired on the Tournament page" in plan
    with pytest.raises(DomainError) as info:
        seating.event_redraw(event_id=event.pk)
    assert info.value.code == "E_OWN_PLAN"
    assert Seating.objects.filter(round__event=event, round__number=1, table__isnull=False).count() == 12
