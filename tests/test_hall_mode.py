"""Hall mode in-process: its settings, the laptop's addresses, the address on the dashboard,
backups that never fail the room, restore and push. The real server is in test_hall_server.py."""

from __future__ import annotations

import json
import logging
import sqlite3
import subprocess
import sys
from contextlib import closing

import pytest
from django.core.management import CommandError, call_command
from django.db import connection
from rest_framework.authtoken.models import Token

from tests.factories import ClubFactory, build_seated_event
from tests.hall_server import ROOT
from tournaments.models import Event, Round
from tournaments.selectors.transfer import event_export
from tournaments.services import rounds
from tournaments.services.backup import backup_write
from whistdrive import hall


def test_hall_settings_are_for_plain_http_on_the_laptops_addresses():
    code = (
        "import json, django; django.setup(); from django.conf import settings as s; print(json.dumps("
        "[s.DEBUG, s.SESSION_COOKIE_SECURE, s.CSRF_COOKIE_SECURE, s.SECURE_SSL_REDIRECT,"
        " s.SECURE_HSTS_SECONDS, s.ALLOWED_HOSTS, s.SITE_URL, s.HALL_MODE]))"
    )
    env = {"PATH": "/usr/bin:/bin", "DJANGO_SETTINGS_MODULE": hall.SETTINGS,
           "HALL_HOSTS": "192.168.1.20", "SITE_URL": "http://192.168.1.20:8000"}  # fmt: skip
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    debug, session, csrf, redirect, hsts, hosts, site, hall_mode = json.loads(done.stdout)
    assert (debug, session, csrf, redirect, hsts, hall_mode) == (False, False, False, False, 0, True)
    assert hosts[0] == "192.168.1.20" and "127.0.0.1" in hosts and "*" not in hosts
    assert site == "http://192.168.1.20:8000"


def test_addresses_put_the_hall_network_first_and_the_loopback_last(monkeypatch):
    monkeypatch.setattr(hall, "_from_ip_command", lambda: ["127.0.0.1", "10.0.0.5", "192.168.1.20"])
    monkeypatch.setattr(hall, "_from_sockets", lambda: ["192.168.1.20"])
    found = hall.network_addresses()
    assert found == ["10.0.0.5", "192.168.1.20", "127.0.0.1"]
    assert hall.choose_address(found) == "10.0.0.5"
    assert hall.choose_address(found, "192.168.1.20") == "192.168.1.20"


@pytest.mark.django_db
def test_dashboard_shows_the_hall_address_only_in_hall_mode(client, organizer, settings):
    ClubFactory(organizers=[organizer])
    client.force_login(organizer)
    assert 'data-testid="hall-url"' not in client.get("/").content.decode()
    settings.HALL_MODE, settings.SITE_URL = True, "http://192.168.1.20:8000"
    page = client.get("/").content.decode()
    assert '<p class="hall-url" data-testid="hall-url">http://192.168.1.20:8000/</p>' in page
    assert 'src="data:image/svg+xml' in page


@pytest.mark.django_db(transaction=True)  # a backup is taken outside any transaction
def test_a_backup_holds_the_database_and_the_events_export(tmp_path):
    event = build_seated_event(players=8, rounds=2, open_rounds=1)
    written = backup_write(folder=str(tmp_path))
    copies = [p for p in written if p.suffix == ".sqlite3"]
    if connection.vendor == "sqlite":
        with closing(sqlite3.connect(copies[0])) as db:
            assert db.execute("SELECT slug FROM tournaments_event").fetchall() == [(event.slug,)]
    else:
        assert copies == []  # PostgreSQL has its own backups; the export is still written
    export = next(p for p in written if p.suffix == ".json")
    assert json.loads(export.read_text()) == json.loads(json.dumps(event_export(event=event)))


@pytest.mark.django_db
def test_a_failing_backup_never_fails_the_round_close(tmp_path, settings, caplog, django_capture_on_commit_callbacks):
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("a file where the USB stick should be")
    settings.BACKUP_DIR = str(blocked)
    event = build_seated_event(players=8, rounds=2, open_rounds=1)
    with caplog.at_level(logging.ERROR), django_capture_on_commit_callbacks(execute=True):
        rounds.round_close(event_id=event.pk, round_number=1, force=True)
    assert Round.objects.get(event=event, number=1).status == "closed"
    assert "backup to" in caplog.text and "failed" in caplog.text


def test_restore_refuses_a_file_that_is_not_a_database_copy(tmp_path):
    bogus = tmp_path / "whistdrive-x.sqlite3"
    bogus.write_text("not a database")
    with pytest.raises(CommandError, match="E_RESTORE"):
        call_command("hall_restore", str(bogus))


@pytest.mark.django_db(transaction=True)
def test_event_push_sends_the_event_once(live_server, organizer, capsys):
    event = build_seated_event(players=8, rounds=2, open_rounds=1)
    online = ClubFactory(slug="online", organizers=[organizer])
    token = Token.objects.create(user=organizer).key
    args = [event.slug, "--to", live_server.url, "--token", token, "--club", online.slug, "--as", "pushed"]
    call_command("event_push", *args)
    assert "Pushed" in capsys.readouterr().out
    call_command("event_push", *args)
    assert "Already there" in capsys.readouterr().out
    pushed = Event.objects.get(slug="pushed")
    assert pushed.club == online
    mine = {k: v for k, v in event_export(event=event)["event"].items() if k != "slug"}
    assert {k: v for k, v in event_export(event=pushed)["event"].items() if k != "slug"} == mine
    with pytest.raises(CommandError, match="E_AUTH"):
        call_command("event_push", event.slug, "--to", live_server.url, "--token", "wrong")


@pytest.mark.django_db
def test_an_organizer_uploads_the_halls_export_once(client, organizer):
    from django.core.files.uploadedfile import SimpleUploadedFile

    event = build_seated_event(players=8, rounds=2, open_rounds=1)
    club = ClubFactory(organizers=[organizer])
    client.force_login(organizer)
    raw = json.dumps(event_export(event=event)).encode()

    def upload(content, slug="from-the-hall"):
        return client.post("/events/import/", {"club": club.pk, "slug": slug,
                                               "file": SimpleUploadedFile("night.json", content)}, follow=True)  # fmt: skip

    page = upload(raw).content.decode()
    assert "Event imported." in page
    imported = Event.objects.get(slug="from-the-hall")
    assert imported.club == club and imported.results.count() == event.results.count()
    assert "This event was already imported." in upload(raw).content.decode()
    assert Event.objects.filter(slug="from-the-hall").count() == 1
    refused = upload(b"not json", slug="other").content.decode()
    assert "This file is not JSON" in refused and not Event.objects.filter(slug="other").exists()
