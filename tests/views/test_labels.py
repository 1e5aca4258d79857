"""Codes become words: the event log, trumps, statuses; form errors are tied to their input."""

import re

import pytest

from tests.services.organizer_helpers import confirm, started_event
from tournaments.services import rounds
from tournaments.templatetags.whist_labels import result_status, round_status, trump_name

pytestmark = pytest.mark.django_db


@pytest.fixture
def client(organizer_client):
    return organizer_client


def test_dashboard_log_reads_as_sentences_not_codes(client, club, organizer):
    event = started_event(club=club)
    confirm(event, 1)
    rounds.round_close(event_id=event.pk, round_number=1, actor=organizer)
    html = client.get(f"/events/{event.slug}/").content.decode()
    log = html.split('id="log"')[1]
    assert "Round 1 opened" in log and "Round 1 closed" in log and "Players seated" in log
    assert "round_open" not in log and "round_close" not in log


def test_dashboard_shows_the_trump_rotation_by_name(client, club):
    event = started_event(club=club)
    html = client.get(f"/events/{event.slug}/").content.decode()
    rotation = ", ".join(trump_name(t) for t in event.trumps)
    assert rotation.startswith("Hearts ♥") and f"<dd>{rotation}</dd>" in html


def test_form_error_and_help_are_announced_with_the_input(client, club):
    html = client.post(
        "/events/new/",
        {"club": club.pk, "name": "", "date": "2026-11-27", "kind": "individual_drive"},
    ).content.decode()
    described = re.search(r'<input[^>]*name="name"[^>]*aria-describedby="([^"]+)"', html)
    assert described, "the name input names its error"
    for ref in described.group(1).split():
        assert f'id="{ref}"' in html


def test_labels_for_codes():
    assert trump_name("H") == "Hearts ♥"
    assert trump_name("NT") == "No trumps"
    assert trump_name("") == "" and trump_name("X") == "X"
    assert round_status("open") == "open" and round_status("weird") == "weird"
    assert result_status("entered") == "entered, awaiting confirmation"


def test_seat_letters_are_the_table_plans_in_each_language():
    from django.utils import translation

    from tournaments.templatetags.whist_labels import seat_letter

    with translation.override("nl"):
        assert [seat_letter(s) for s in "NESW"] == ["N", "O", "Z", "W"]
    with translation.override("en"):
        assert [seat_letter(s) for s in "NESW"] == ["N", "E", "S", "W"]
    assert seat_letter("X") == "X" and seat_letter("") == ""  # the fifth seat, nobody's
