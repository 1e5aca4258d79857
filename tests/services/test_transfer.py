"""A whole event out as JSON and back in: the same event."""

from __future__ import annotations

import json

import pytest
from django.core.management import CommandError, call_command

from tests.factories import ClubFactory
from tests.selectors.test_standings import confirm, nine_player_drive
from tournaments.errors import DomainError
from tournaments.models import Entry, Pair
from tournaments.selectors.standings import compute_all
from tournaments.services.transfer import event_export, event_import


def without_slug(doc):
    return {**doc, "event": {k: v for k, v in doc["event"].items() if k != "slug"}}


@pytest.mark.django_db
def test_round_trip_gives_an_identical_event():
    event = nine_player_drive(no_double_prizes=True)
    pair = Pair.objects.create(event=event, number=1, name="Smiths")
    Entry.objects.filter(event=event, number__in=(1, 2)).update(pair=pair, role="lady")
    Entry.objects.filter(event=event, number=9).update(withdrawn_round=3)
    # A corrected result: version 1 superseded by version 2.
    event.results.filter(hand__number=3, table__number=1).update(version=2)
    confirm(event, 3, 1, {"tricks": {"ns": 4, "ew": 9}}, 4, status="superseded")
    exported = event_export(event=event)
    copy = event_import(
        document=json.loads(json.dumps(exported)), club_slug=event.club.slug, slug="copy"
    )
    again = event_export(event=copy)
    assert without_slug(again) == without_slug(exported)
    assert len(exported["results"]) == 7 and exported["event"]["version"] == event.version

    def table(e):
        return [
            (r["position"], r["name"], r["total"]) for r in compute_all(e)["standings"]["standings"]
        ]

    assert table(copy) == table(event)


@pytest.mark.django_db
def test_import_refuses_bad_documents_and_writes_nothing():
    event = nine_player_drive()
    doc = event_export(event=event)
    with pytest.raises(DomainError) as exc:
        event_import(document={"format": "other"}, club_slug=event.club.slug, slug="x")
    assert exc.value.code == "E_IMPORT"
    with pytest.raises(DomainError) as exc:
        event_import(document=doc, club_slug=event.club.slug)  # the slug is taken
    assert exc.value.code == "E_SLUG"
    broken = {**doc, "seatings": [*doc["seatings"], doc["seatings"][0]]}  # a seat twice
    with pytest.raises(DomainError) as exc:
        event_import(document=broken, club_slug=event.club.slug, slug="broken")
    assert exc.value.code == "E_IMPORT"
    from tournaments.models import Event

    assert not Event.objects.filter(slug__in=["x", "broken"]).exists()


@pytest.mark.django_db
def test_commands_round_trip_and_exit_2_on_bad_input(tmp_path):
    event = nine_player_drive()
    other = ClubFactory(slug="elsewhere")
    path = tmp_path / "event.json"
    call_command("event_export", event.slug, output=str(path))
    call_command("event_import", str(path), club="elsewhere", slug="moved")
    assert other.events.get(slug="moved").results.count() == 6
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    for args in (
        [str(bad), "--club", "elsewhere"],
        [str(path), "--club", "nowhere", "--slug", "z"],
    ):
        with pytest.raises(CommandError) as exc:
            call_command("event_import", *args)
        assert exc.value.returncode == 2
    with pytest.raises(CommandError) as exc:
        call_command("event_export", "no-such-event")
    assert exc.value.returncode == 2
