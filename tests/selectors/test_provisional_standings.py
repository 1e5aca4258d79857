"""Live standings that do not mislead (issue 15 item 4): "after hand N", tables not yet in
are not "sat out", and the half-time and booby prizes wait for the hands they depend on."""

from __future__ import annotations

import pytest

from tests.factories import build_seated_event, confirmed_drive_result
from tournaments.models import Hand, Table
from tournaments.selectors.standings import event_detail, event_standings

pytestmark = pytest.mark.django_db


def _confirm(event, hand_number: int, table_number: int, ns: int) -> None:
    confirmed_drive_result(
        event=event,
        hand=Hand.objects.get(event=event, number=hand_number),
        table=Table.objects.get(event=event, number=table_number),
        ns=ns,
    ).save()
    event.version += 1
    event.save(update_fields=["version"])


def _codes(standings) -> list[str]:
    return [p["code"] for p in standings["prizes"]]


def test_one_result_in_says_no_hand_complete_and_gives_no_booby_or_half_time():
    # 13 players: 3 tables and one sitting out each round; 4 rounds of 1 hand, all open.
    event = build_seated_event(players=13, rounds=4, open_rounds=4)
    _confirm(event, 1, 1, ns=9)
    s = event_standings(event=event)
    assert s["after_hand"] == 0 and not s["all_in"]
    assert "booby" not in _codes(s) and "half_time" not in _codes(s)
    rows = {r["name"]: r for r in s["standings"]}
    # P1..P4 played at table 1; P5..P12 wait for their tables; P13 really sat out.
    assert rows["P1"]["played"] == 1 and rows["P1"]["sat_out"] == 0
    assert rows["P5"]["played"] == 0 and rows["P5"]["sat_out"] == 0 and rows["P5"]["waiting"] == 1
    assert rows["P13"]["sat_out"] == 1 and rows["P13"]["waiting"] == 0
    card = event_detail(event=event)["cards"]["e5"]
    assert card == [{**card[0], "sat_out": False, "waiting": True}]


def test_half_time_after_the_first_half_is_in_and_booby_after_the_last_hand():
    event = build_seated_event(players=8, rounds=4, open_rounds=4)
    for table in (1, 2):
        _confirm(event, 1, table, ns=7 + table)
    _confirm(event, 2, 1, ns=6)
    s = event_standings(event=event)
    assert s["after_hand"] == 1
    assert "half_time" not in _codes(s) and "booby" not in _codes(s)
    _confirm(event, 2, 2, ns=5)
    s = event_standings(event=event)
    assert s["after_hand"] == 2
    assert "half_time" in _codes(s) and "booby" not in _codes(s)
    for hand in (3, 4):
        for table in (1, 2):
            _confirm(event, hand, table, ns=4 + hand + table)
    s = event_standings(event=event)
    assert s["after_hand"] == 4 and s["all_in"]
    assert "booby" in _codes(s)


def test_the_public_page_says_after_which_hand(client):
    event = build_seated_event(players=8, rounds=4, open_rounds=4, is_public=True)
    for table in (1, 2):
        _confirm(event, 1, table, ns=8)
    _confirm(event, 2, 1, ns=8)
    page = client.get(f"/e/{event.slug}/").content.decode()
    assert "provisional, after hand 1 of 4" in page
    assert "Booby" not in page and "Half-time" not in page
    assert "1 not in yet" in page and "(+1 sat out)" not in page
