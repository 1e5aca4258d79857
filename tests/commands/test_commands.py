"""Management commands: the organizer's essentials from the shell, and the demo loader."""

import json

import pytest
from django.contrib.auth import authenticate
from django.core.management import CommandError, call_command

from tests.factories import ClubFactory
from tournaments.models import Event, Result

pytestmark = pytest.mark.django_db


def test_load_demo_twice_is_idempotent_and_shows_a_drive_in_progress(capsys):
    call_command("load_demo")
    call_command("load_demo")
    out = capsys.readouterr().out
    assert "organizer / whistdrive" in out and "already loaded" in out
    event = Event.objects.get()
    assert event.club.name == "Demo Whist Club" and event.status == "running"
    assert event.entries.count() == 32 and event.hands == 24
    statuses = list(event.rounds.order_by("number").values_list("status", flat=True))
    assert statuses[:12] == ["closed"] * 12 and statuses[12] == "open"
    assert Result.objects.filter(event=event, status="confirmed").count() == 12 * 8
    assert authenticate(username="organizer", password="whistdrive") is not None
    assert "/admin/ as admin / whistdrive" in out


def test_the_demo_admin_login_opens_the_back_office(client):
    call_command("load_demo")
    assert client.login(username="admin", password="whistdrive")
    page = client.get("/admin/tournaments/event/")
    assert page.status_code == 200 and "Demo drive" in page.content.decode()
    client.logout()
    client.login(username="organizer", password="whistdrive")
    assert client.get("/admin/tournaments/event/").status_code == 302  # organizers use the app


def test_create_seat_open_simulate_close_from_the_shell(tmp_path, capsys):
    ClubFactory(slug="shell-club")
    spec = tmp_path / "event.yaml"
    spec.write_text(
        "club: shell-club\nname: Shell drive\ndate: 2026-11-27\nhands: 2\nplayers:\n"
        + "".join(f"  - Player {i}\n" for i in range(1, 9))
    )
    call_command("event_create", str(spec))
    slug = Event.objects.get().slug
    call_command("event_seat", slug)
    call_command("round_open", slug)
    call_command("round_simulate", slug, "1")
    call_command("round_close", slug, "1")
    out = capsys.readouterr().out
    assert "8 players" in out and "2 result(s) simulated" in out and "round 1 closed" in out
    assert Event.objects.get().rounds.get(number=2).seatings.count() == 8


def test_a_player_may_be_a_mapping_and_anything_else_is_refused(tmp_path):
    ClubFactory(slug="shell-club")
    spec = tmp_path / "event.yaml"
    head = "club: shell-club\nname: Roles\ndate: 2026-11-27\nplayers:\n"
    spec.write_text(head + "  - {name: Ann Smith, role: lady}\n  - Bob Jones, 1234, gent\n")
    call_command("event_create", str(spec))
    entries = Event.objects.get().entries.select_related("player").order_by("number")
    assert [(e.player.name, e.role) for e in entries] == [("Ann Smith", "lady"), ("Bob Jones", "gent")]
    for bad in ("  - {name: Cy, sex: f}\n", "  - [Cy, lady]\n"):
        spec.write_text(head.replace("Roles", "Bad") + bad)
        with pytest.raises(CommandError) as info:
            call_command("event_create", str(spec))
        assert info.value.returncode == 2 and "A player is a line such as" in str(info.value)
    spec.write_text(head.replace("players:\n", "players: Ann, Bob\n"))
    with pytest.raises(CommandError, match="'players' is a list"):
        call_command("event_create", str(spec))
    assert Event.objects.count() == 1


def test_json_spec_and_domain_errors_exit_2(tmp_path):
    ClubFactory(slug="shell-club")
    spec = tmp_path / "event.json"
    spec.write_text(
        json.dumps({"club": "shell-club", "name": "J", "date": "2026-11-27", "rules": {"bogus": 1}})
    )
    with pytest.raises(CommandError) as info:
        call_command("event_create", str(spec))
    assert info.value.returncode == 2 and "E_RULES" in str(info.value)
    spec.write_text(
        json.dumps({"club": "shell-club", "name": "J", "date": "2026-11-27", "hands": 1})
    )
    call_command("event_create", str(spec))
    slug = Event.objects.get().slug
    with pytest.raises(CommandError) as info:
        call_command("event_seat", slug)
    assert info.value.returncode == 2 and "at least 4 players" in str(info.value)
    with pytest.raises(CommandError) as info:
        call_command("round_close", "no-such-event", "1")
    assert info.value.returncode == 2
