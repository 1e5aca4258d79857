"""docker-compose.yml, the Dockerfile and .env.example, checked without Docker (no engine
runs on the CI machines): the services, their commands and health checks, and that every
variable they pass is one the settings read, which .env.example lists exactly."""

import ast
import json
import re
from pathlib import Path

import pytest
import yaml

from whistdrive import server

ROOT = Path(__file__).resolve().parents[2]
SETTINGS_DIR = ROOT / "whistdrive" / "settings"
APP_SERVICES = ("migrate", "web", "worker")  # built from our image: they run our settings
ENV_READERS = {"bool", "int", "float", "str", "list", "tuple", "dict", "json", "url", "db_url",
               "cache_url", "email_url", "path"}  # fmt: skip


def settings_variables() -> set[str]:
    """Names the settings read: the first argument of every env(...) / env.<kind>(...) call."""
    names = set()
    for source in SETTINGS_DIR.glob("*.py"):
        for node in ast.walk(ast.parse(source.read_text())):
            if not (isinstance(node, ast.Call) and node.args):
                continue
            func = node.func
            direct = isinstance(func, ast.Name) and func.id == "env"
            typed = (
                isinstance(func, ast.Attribute)
                and func.attr in ENV_READERS
                and isinstance(func.value, ast.Name)
                and func.value.id == "env"
            )
            first = node.args[0]
            if (direct or typed) and isinstance(first, ast.Constant):
                names.add(first.value)
    return names


@pytest.fixture(scope="module")
def compose() -> dict:
    return yaml.safe_load((ROOT / "docker-compose.yml").read_text())


@pytest.fixture(scope="module")
def services(compose) -> dict:
    return compose["services"]


def test_the_scan_finds_what_the_issue_requires():
    """Guards the scanner itself: an empty set would make the checks below vacuous."""
    assert {
        "DATABASE_URL", "REDIS_URL", "SECRET_KEY", "DEBUG", "ALLOWED_HOSTS", "TIME_ZONE",
        "LANGUAGE_CODE",
    } <= settings_variables()  # fmt: skip


def test_the_services_exist(services):
    assert set(services) == {"db", "redis", "migrate", "web", "worker"}
    assert services["db"]["image"] == "postgres:16"
    assert services["redis"]["image"] == "redis:7"
    for name in APP_SERVICES:
        assert services[name]["build"] == "."


def test_commands(services):
    web = services["web"]["command"]
    assert web == server.command(bind="0.0.0.0:8000")  # the one production server command
    assert "whistdrive.asgi:application" in web and "--bind=0.0.0.0:8000" in web
    assert services["worker"]["command"][:4] == ["celery", "-A", "whistdrive", "worker"]
    assert services["migrate"]["command"] == ["python", "manage.py", "migrate", "--noinput"]
    assert services["migrate"]["restart"] == "no"


def test_db_and_redis_are_health_checked(services):
    assert "pg_isready" in " ".join(services["db"]["healthcheck"]["test"])
    assert services["redis"]["healthcheck"]["test"] == ["CMD", "redis-cli", "ping"]
    assert "/healthz" in " ".join(services["web"]["healthcheck"]["test"])


def test_app_services_wait_for_healthy_db_and_redis(services):
    for name in APP_SERVICES:
        depends = services[name]["depends_on"]
        assert depends["db"] == {"condition": "service_healthy"}, name
        assert depends["redis"] == {"condition": "service_healthy"}, name
    for name in ("web", "worker"):
        assert services[name]["depends_on"]["migrate"] == {
            "condition": "service_completed_successfully"
        }


def test_the_database_lives_on_a_named_volume(compose, services):
    mounts = {volume.split(":")[0]: volume.split(":")[1] for volume in services["db"]["volumes"]}
    assert mounts["pgdata"] == "/var/lib/postgresql/data"
    assert "pgdata" in compose["volumes"]


def test_app_services_run_production_mode_against_db_and_redis(services):
    for name in APP_SERVICES:
        environment = services[name]["environment"]
        assert environment["DEBUG"] == "0"
        assert re.fullmatch(r"postgres://\w+:\w+@db:5432/\w+", environment["DATABASE_URL"])
        assert environment["REDIS_URL"].startswith("redis://redis:6379/")
        # Compose must refuse to start without a real key rather than fall back to one.
        assert environment["SECRET_KEY"].startswith("${SECRET_KEY:?")
        assert "ALLOWED_HOSTS" in environment


def test_every_variable_the_app_services_use_is_read_by_the_settings(compose, services):
    known = settings_variables()
    for name in APP_SERVICES:
        unknown = set(services[name]["environment"]) - known
        assert not unknown, f"{name} passes variables the settings never read: {unknown}"
    # ${NAME} substitutions come from .env, so they too must be settings variables.
    substituted = set(re.findall(r"\$\{([A-Z0-9_]+)", (ROOT / "docker-compose.yml").read_text()))
    assert substituted and substituted <= known


def test_dockerfile_runs_gunicorn_under_production_settings():
    dockerfile = (ROOT / "Dockerfile").read_text()
    assert dockerfile.startswith("#") and "FROM python:3.11-slim-bookworm" in dockerfile
    for package in ("libpango-1.0-0", "libpangoft2-1.0-0", "libharfbuzz0b", "fonts-dejavu-core"):
        assert package in dockerfile
    assert "DJANGO_SETTINGS_MODULE=whistdrive.settings.production" in dockerfile
    assert "collectstatic --noinput" in dockerfile
    cmd = re.search(r"^CMD (\[.*\])$", dockerfile, re.M)
    assert cmd and json.loads(cmd.group(1)) == server.command(bind="0.0.0.0:8000")


def test_env_example_lists_exactly_the_settings_variables():
    listed = re.findall(r"^#? ?([A-Z][A-Z0-9_]*)=", (ROOT / ".env.example").read_text(), re.M)
    assert len(listed) == len(set(listed)), "a variable is listed twice"
    assert set(listed) == settings_variables()
