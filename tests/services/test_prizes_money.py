"""The prize settings and money services: what may change when, and clear errors."""

from __future__ import annotations

import pytest

from tests.services.organizer_helpers import confirm, make_event, started_event
from tournaments.errors import DomainError
from tournaments.models import Event, EventLog
from tournaments.selectors.standings import event_standings
from tournaments.services import events, money, prizes, rounds

pytestmark = pytest.mark.django_db


def finished(**kwargs) -> Event:
    event = started_event(players=8, hands=1, **kwargs)
    confirm(event, 1, {1: 9, 2: 9})  # two pairs of winners: ties everywhere
    rounds.round_close(event_id=event.pk, round_number=1)
    events.event_finish(event_id=event.pk)
    return Event.objects.get(pk=event.pk)


def test_prizes_change_while_running_but_the_rules_stay_frozen():
    event = started_event(players=8, hands=2)
    prizes.prize_settings_update(event_id=event.pk, settings={"places": 2, "categories": "role"})
    event.refresh_from_db()
    assert event.prize_settings["places"] == 2 and event.prize_settings["seed"] > 0
    with pytest.raises(DomainError) as exc:
        events.event_update(event_id=event.pk, rules={"preset": "x"})
    assert exc.value.code == "E_STARTED"
    # ladies' and gents' lists from the prize settings do not stop a round closing
    confirm(event, 1, {1: 9, 2: 3})
    rounds.round_close(event_id=event.pk, round_number=1)
    assert event.rounds.get(number=2).seatings.exists()


def test_bad_prize_settings_are_refused_with_the_field():
    event = started_event(players=8, hands=2)
    for bad, field in (
        ({"places": -1}, "places"),
        ({"ties": "coin"}, "ties"),
        ({"specials": [{}]}, "specials"),
    ):
        with pytest.raises(DomainError) as exc:
            prizes.prize_settings_update(event_id=event.pk, settings=bad)
        assert (exc.value.code, exc.value.field) == ("E_PRIZES", field)
    assert Event.objects.get(pk=event.pk).prize_settings == {}


@pytest.mark.parametrize("lists", ["role", "role_only"])
def test_ladies_and_gents_lists_only_where_players_have_roles(lists):
    robber = make_event(players=4, kind="robber")
    with pytest.raises(DomainError) as exc:
        prizes.prize_settings_update(event_id=robber.pk, settings={"categories": lists})
    assert (exc.value.field, exc.value.message) == (
        "categories",
        "Ladies' and gents' lists need players with roles (drives).",
    )
    assert Event.objects.get(pk=robber.pk).prize_settings == {}


def test_a_tie_settled_by_lot_is_the_same_every_time_and_says_so():
    event = finished()
    prizes.prize_settings_update(event_id=event.pk, settings={"places": 3, "ties": "lot"})
    first = event_standings(event=Event.objects.get(pk=event.pk))["prizes"]
    places = [p for p in first if p["code"] == "place"]
    assert [len(p["winners"]) for p in places] == [1, 1, 1]
    assert "(tie settled by lot)" in places[0]["reason"]
    # any later edit keeps the seed, so the draw stands
    prizes.prize_settings_update(
        event_id=event.pk, settings={"places": 3, "ties": "lot", "booby": True}
    )
    again = event_standings(event=Event.objects.get(pk=event.pk))["prizes"]
    assert [p["winners"] for p in again if p["code"] == "place"] == [p["winners"] for p in places]


def test_the_consolation_draw_is_recorded_and_can_be_redone_from_its_record():
    from scoring.prizes import draw_lot

    event = finished()
    with pytest.raises(DomainError):
        prizes.prize_consolation_draw(event_id=event.pk)  # not turned on
    prizes.prize_settings_update(event_id=event.pk, settings={"places": 1, "consolation": True})
    draw = prizes.prize_consolation_draw(event_id=event.pk, seed=12345)
    assert draw_lot(draw["pool"], draw["seed"]) == draw["winner"]
    standings = event_standings(event=Event.objects.get(pk=event.pk))
    holders = {w["key"] for p in standings["prizes"] if p["code"] == "place" for w in p["winners"]}
    assert not holders & set(draw["pool"])
    consolation = [p for p in standings["prizes"] if p["code"] == "consolation"]
    assert consolation[0]["winners"][0]["key"] == draw["winner"]
    # the room reads who it was drawn from; the log keeps the seed that repeats the draw
    assert consolation[0]["reason"] == f"Drawn by lot from {len(draw['pool'])} players"
    [logged] = EventLog.objects.filter(event=event, action="prizes_draw")
    from tournaments.selectors.events import event_log_label

    said = event_log_label(logged.action, logged.detail)
    assert said == "Consolation prize drawn (seed 12345, to repeat the draw)"


def test_published_results_keep_their_prizes_but_money_may_still_be_counted():
    event = finished()
    events.event_publish(event_id=event.pk)
    with pytest.raises(DomainError) as exc:
        prizes.prize_settings_update(event_id=event.pk, settings={"places": 5})
    assert exc.value.code == "E_EVENT_STATUS"
    money.event_money_update(event_id=event.pk, money={"raffle": 4550, "hall_hire": 2500})
    assert Event.objects.get(pk=event.pk).money["raffle"] == 4550


def test_bad_money_is_refused_with_the_field_and_nothing_stored():
    event = started_event(players=8, hands=2)
    for bad, field in (({"raffle": -5}, "raffle"), ({"entry_fee": 2.5}, "entry_fee")):
        with pytest.raises(DomainError) as exc:
            money.event_money_update(event_id=event.pk, money=bad)
        assert (exc.value.code, exc.value.field) == ("E_MONEY", field)
    with pytest.raises(DomainError) as exc:
        money.event_money_update(event_id=event.pk, money={}, currency="XYZ")
    assert exc.value.field == "currency"
    event.refresh_from_db()
    assert event.money == {} and event.club.currency == "GBP"
    money.event_money_update(event_id=event.pk, money={}, currency=" € ")  # a French walk typed it
    event.refresh_from_db()
    assert event.money["currency"] == "EUR" and event.club.currency == "EUR"


def test_prize_settings_and_money_travel_with_an_exported_event():
    from tournaments.selectors.transfer import event_export
    from tournaments.services.transfer import event_import

    event = finished()
    prizes.prize_settings_update(event_id=event.pk, settings={"places": 2, "consolation": True})
    prizes.prize_consolation_draw(event_id=event.pk, seed=99)
    money.event_money_update(event_id=event.pk, money={"raffle": 1200})
    document = event_export(event=Event.objects.get(pk=event.pk))
    copy = event_import(club=event.club, data=document, slug="copy").event
    original = Event.objects.get(pk=event.pk)
    assert (
        copy.prize_settings == original.prize_settings and copy.prize_settings["draw"]["seed"] == 99
    )
    assert copy.money == original.money
    document["event"]["money"] = {"raffle": -1}
    with pytest.raises(DomainError):
        event_import(club=event.club, data=document, slug="bad")


def test_season_totals_add_up_each_evenings_net():
    from tournaments.models import Season
    from tournaments.selectors.money import season_totals

    first = finished()
    season = Season.objects.create(club=first.club, name="2026", slug="2026")
    second = started_event(players=8, hands=2, club=first.club)
    for event, net in (
        (first, {"raffle": 4550, "hall_hire": 2500}),
        (second, {"table_money": 800}),
    ):
        money.event_money_update(event_id=event.pk, money=net)
        Event.objects.filter(pk=event.pk).update(season=season)
    totals = season_totals(season)
    assert [e["net"] for e in totals["events"]] == [2050, 800]
    assert totals["total"] == "£28.50"
