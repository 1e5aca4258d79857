"""Schemathesis against the running app (issue 14): every operation of the OpenAPI contract,
as an organizer and anonymously, with bounded examples.

Checks: no server error, every status code documented, bodies, headers and content types
as the schema says. It runs in CI pass 2 (PostgreSQL enforces what SQLite does not, such as
field lengths). ``SCHEMATHESIS_EXAMPLES`` raises or lowers the examples per operation.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from rest_framework.authtoken.models import Token

from tests.factories import UserFactory
from tests.services.organizer_helpers import started_event
from tournaments.models import PrintJob

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

CHECKS = ",".join(
    [
        "not_a_server_error",
        "status_code_conformance",
        "content_type_conformance",
        "response_headers_conformance",
        "response_schema_conformance",
    ]
)
ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = os.environ.get("SCHEMATHESIS_EXAMPLES", "10")


def run_schemathesis(
    base_url: str, config: Path, *headers: str, phases: str = "coverage,fuzzing"
) -> subprocess.CompletedProcess:
    st = Path(sys.executable).with_name("st")
    command = [
        str(st), "--config-file", str(config), "run", f"{base_url}/api/schema/",
        "--checks", CHECKS, "--phases", phases,
        "--max-examples", EXAMPLES, "--workers", "1", "--seed", "14", "--no-shrink",
        "--generation-database", "none", "--request-timeout", "30", "--no-color",
    ]  # fmt: skip
    for header in headers:
        command += ["-H", header]
    done = subprocess.run(  # in the config's folder, where Schemathesis keeps its cache
        command, cwd=config.parent, capture_output=True, text=True, timeout=900, check=False
    )
    report = Path(os.environ.get("SCHEMATHESIS_REPORT", ROOT / "var")) / f"schemathesis-{len(headers)}.txt"
    report.parent.mkdir(exist_ok=True)
    report.write_text(done.stdout + done.stderr)  # the whole run, for whoever reads a failure
    return done


@pytest.fixture
def app(live_server, tmp_path, settings):
    """A running event (round 1 open) whose ids the path parameters name, and its organizer."""
    settings.TABLE_TOKEN_FAILURE_RATE = "100000/h"  # the fuzzer guesses many table tokens
    organizer = UserFactory()
    event = started_event(players=8)
    event.club.organizers.add(organizer)
    job = PrintJob.objects.create(event=event, document="results", options={}, content_hash="x")
    config = tmp_path / "schemathesis.toml"
    config.write_text(
        # other methods on each path only ever get 405: not worth a third of the run
        "[phases.coverage]\nunexpected-methods = []\n\n"
        "[parameters]\n"
        f'"path.slug" = "{event.slug}"\n'
        '"path.hand" = 1\n"path.table" = 1\n"path.number" = 1\n'
        f'"path.entry_id" = {event.entries.order_by("pk").first().pk}\n'
        f'"path.job_id" = {job.pk}\n'
    )
    return live_server.url, config, Token.objects.create(user=organizer).key


def test_as_an_organizer(app):
    base_url, config, key = app
    done = run_schemathesis(base_url, config, f"Authorization: Token {key}")
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-2000:]


def test_anonymously(app):
    base_url, config, _key = app
    # anonymously most operations stop at 401/403: random cases are enough there
    done = run_schemathesis(base_url, config, phases="fuzzing")
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-2000:]
