"""Issue 14, defect 9: production settings pass ``check --deploy``, refuse to start without
a SECRET_KEY, drop the test client's host; every page carries a Content-Security-Policy
and no template needs an inline script."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PRODUCTION = {
    "DJANGO_SETTINGS_MODULE": "whistdrive.settings.production",
    "SECRET_KEY": "a-long-random-secret-for-this-test-only-0123456789abcdefghijklmnop",
    "DEBUG": "0",
    "ALLOWED_HOSTS": "whist.example.org,testserver",
}


def manage(*args, **env) -> subprocess.CompletedProcess:
    skip = ("DATABASE_URL", "REDIS_URL", "DJANGO_ALLOW_ASYNC_UNSAFE")  # the browser tests set the last
    environment = {k: v for k, v in os.environ.items() if k not in skip}
    environment.pop("SECRET_KEY", None)
    environment.update(env)
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=environment,
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip


def test_check_deploy_is_clean_under_production_settings():
    done = manage("check", "--deploy", "--fail-level", "WARNING", **PRODUCTION)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "no issues" in done.stdout


def test_production_refuses_to_start_without_a_secret_key():
    env = {k: v for k, v in PRODUCTION.items() if k != "SECRET_KEY"}
    done = manage("check", **env)
    assert done.returncode != 0 and "SECRET_KEY" in done.stderr


def test_production_drops_the_test_client_host():
    code = "from django.conf import settings; print(settings.ALLOWED_HOSTS)"
    done = manage("shell", "-c", code, **PRODUCTION)
    assert done.stdout.strip().splitlines()[-1] == "['whist.example.org']", done.stderr


@pytest.mark.django_db
def test_pages_carry_a_content_security_policy(client):
    policy = client.get("/accounts/login/")["Content-Security-Policy"]
    assert "script-src 'self'" in policy and "frame-ancestors 'none'" in policy
    assert "unsafe-inline" not in policy.split("script-src")[1].split(";")[0]


def test_no_template_has_an_inline_script_or_handler():
    inline = []
    for path in (ROOT / "templates").rglob("*.html"):
        text = path.read_text()
        for match in re.finditer(r"<script(?![^>]*\bsrc=)[^>]*>", text):
            inline.append(f"{path.name}: {match.group(0)}")
        for match in re.finditer(r"\son[a-z]+=\"", text):
            inline.append(f"{path.name}: {match.group(0)}")
    assert inline == []


@pytest.mark.django_db
def test_api_lists_its_versions(client):
    body = client.get("/api/").json()
    assert [v["version"] for v in body["versions"]] == ["v1"]
    assert body["versions"][0]["url"].endswith("/api/v1/") and body["docs"].endswith("/api/docs/")
