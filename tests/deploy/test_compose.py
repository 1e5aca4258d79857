"""docker-compose.yml, deploy/nginx.conf, the Dockerfile and .env.example, checked without
Docker (no engine runs on the CI machines): the services, their commands and health checks,
the proxy in front of the web replicas, and that every variable they pass is one the
settings read, which .env.example lists exactly."""

import ast
import json
import re
from pathlib import Path
from typing import NamedTuple

import pytest
import yaml
from django.urls import reverse

from tournaments.services import live
from whistdrive import server

ROOT = Path(__file__).resolve().parents[2]
SETTINGS_DIR = ROOT / "whistdrive" / "settings"
WEB_REPLICAS = ("web1", "web2")  # one definition, behind the proxy
APP_SERVICES = ("migrate", *WEB_REPLICAS, "worker")  # built from our image: they run our settings
WEB_COMMAND = server.command(bind="0.0.0.0:8000")
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
    assert set(services) == {"db", "redis", "migrate", *WEB_REPLICAS, "proxy", "worker"}
    assert services["db"]["image"] == "postgres:16"
    assert services["redis"]["image"] == "redis:7"
    for name in APP_SERVICES:
        assert services[name]["build"] == "."


def test_commands(services):
    for name in WEB_REPLICAS:
        web = services[name]["command"]
        assert web == WEB_COMMAND  # the one production server command
        assert "whistdrive.asgi:application" in web and "--bind=0.0.0.0:8000" in web
    # the replicas are exactly the services that run the web server
    assert {name for name, s in services.items() if s.get("command") == WEB_COMMAND} == {
        *WEB_REPLICAS
    }
    assert services["worker"]["command"][:4] == ["celery", "-A", "whistdrive", "worker"]
    assert services["migrate"]["command"] == ["python", "manage.py", "migrate", "--noinput"]
    assert services["migrate"]["restart"] == "no"


def test_db_and_redis_are_health_checked(services):
    assert "pg_isready" in " ".join(services["db"]["healthcheck"]["test"])
    assert services["redis"]["healthcheck"]["test"] == ["CMD", "redis-cli", "ping"]
    for name in (*WEB_REPLICAS, "proxy"):
        assert "/healthz" in " ".join(services[name]["healthcheck"]["test"]), name


def test_app_services_wait_for_healthy_db_and_redis(services):
    for name in APP_SERVICES:
        depends = services[name]["depends_on"]
        assert depends["db"] == {"condition": "service_healthy"}, name
        assert depends["redis"] == {"condition": "service_healthy"}, name
    for name in (*WEB_REPLICAS, "worker"):
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


# ---- the proxy in front of the web replicas (deploy/nginx.conf, read as text)


class Directive(NamedTuple):
    name: str
    args: list[str]
    children: list["Directive"]  # a block's directives; [] for a simple directive


def nginx_config(text: str) -> list[Directive]:
    """nginx's configuration as nested directives: enough syntax to read ours."""
    text = re.sub(r"#[^\n]*", "", text)  # ours has no '#' inside a value
    tokens = re.findall(r'"[^"]*"|[{};]|[^\s{};"]+', text)

    def block(pos: int) -> tuple[list[Directive], int]:
        items: list[Directive] = []
        words: list[str] = []
        while pos < len(tokens):
            token, pos = tokens[pos], pos + 1
            if token == "}":
                assert not words, f"unterminated directive {words}"
                return items, pos
            if token in ";{":
                children, pos = block(pos) if token == "{" else ([], pos)
                items.append(Directive(words[0], words[1:], children))
                words = []
            else:
                words.append(token.strip('"'))
        assert not words, f"unterminated directive {words}"
        return items, pos

    items, _end = block(0)
    return items


def only(items: list[Directive], name: str) -> Directive:
    found = [item for item in items if item.name == name]
    assert len(found) == 1, f"expected one {name}, found {len(found)}"
    return found[0]


def effective(name: str, location: Directive, server_block: Directive) -> list[list[str]]:
    """A directive as it applies in a location: its own, else the server's (nginx inheritance)."""
    own = [item.args for item in location.children if item.name == name]
    return own or [item.args for item in server_block.children if item.name == name]


def seconds(value: str) -> int:
    number, unit = re.fullmatch(r"(\d+)([smhd]?)", value).groups()
    return int(number) * {"": 1, "s": 1, "m": 60, "h": 3600, "d": 86400}[unit]


@pytest.fixture(scope="module")
def nginx() -> list[Directive]:
    return nginx_config((ROOT / "deploy" / "nginx.conf").read_text())


@pytest.fixture(scope="module")
def site(nginx) -> Directive:
    return only(nginx, "server")


def location_for(site: Directive, path: str) -> Directive:
    """The location nginx picks for ``path``: ours has only prefix and regex locations, and a
    matching regex wins over a prefix."""
    locations = [item for item in site.children if item.name == "location"]
    assert all(loc.args[0] in ("~", "/") for loc in locations), "add the other kinds here"
    regex = [loc for loc in locations if loc.args[0] == "~" and re.search(loc.args[1], path)]
    if regex:
        return regex[0]
    return max(
        (loc for loc in locations if path.startswith(loc.args[0])), key=lambda loc: len(loc.args[0])
    )


def test_the_nginx_reader_reads_blocks_and_quotes():
    config = nginx_config('a 1; b { c "" d; # x { ;\n e; }')
    assert config == [
        Directive("a", ["1"], []),
        Directive("b", [], [Directive("c", ["", "d"], []), Directive("e", [], [])]),
    ]


def test_the_replicas_share_one_definition_and_only_the_proxy_publishes_a_port(services):
    first, *others = (services[name] for name in WEB_REPLICAS)
    assert others and all(other == first for other in others)
    published = {name for name, service in services.items() if service.get("ports")}
    assert published == {"proxy"}


def test_the_proxy_is_nginx_with_our_config_after_healthy_replicas(services, site):
    proxy = services["proxy"]
    image, tag = proxy["image"].split(":")
    # the `resolve` parameter of an upstream server is in open-source nginx since 1.27.3
    assert image == "nginx" and tuple(map(int, tag.split("-")[0].split("."))) >= (1, 27, 3)
    assert "./deploy/nginx.conf:/etc/nginx/conf.d/default.conf:ro" in proxy["volumes"]
    assert proxy["ports"] == [f"8000:{only(site.children, 'listen').args[0]}"]
    assert proxy["depends_on"] == {name: {"condition": "service_healthy"} for name in WEB_REPLICAS}
    assert "environment" not in proxy  # it reads none of the app's variables
    assert proxy["restart"] == "unless-stopped"


def test_the_upstream_lists_the_replicas_and_every_request_goes_to_it(nginx, site):
    upstream = only(nginx, "upstream")
    servers = [item.args for item in upstream.children if item.name == "server"]
    port = WEB_COMMAND[3].rsplit(":", 1)[1]  # --bind=0.0.0.0:8000
    assert [args[0] for args in servers] == [f"{name}:{port}" for name in WEB_REPLICAS]
    for args in servers:  # re-resolved when a replica comes back; skipped while it fails
        assert "resolve" in args and "max_fails=3" in args, args
    assert only(nginx, "resolver").args[0] == "127.0.0.11"  # Docker's DNS
    assert only(upstream.children, "zone").args  # `resolve` needs shared memory
    locations = [item for item in site.children if item.name == "location"]
    assert locations
    for location in locations:
        assert effective("proxy_pass", location, site) == [[f"http://{upstream.args[0]}"]]


def test_the_health_check_reaches_the_replicas_through_the_proxy(services, site):
    assert "http://127.0.0.1/healthz" in services["proxy"]["healthcheck"]["test"]
    assert location_for(site, "/healthz").args == ["/"]


def test_the_projector_stream_passes_through_unbuffered_over_http_1_1(site):
    path = reverse("public:stream", kwargs={"slug": "club-night"})
    stream = location_for(site, path)
    assert stream.args[0] == "~", "the stream needs its own location"
    assert (
        location_for(site, reverse("public:event_fragment", kwargs={"slug": "club-night"}))
        != stream
    )
    assert effective("proxy_buffering", stream, site) == [["off"]]
    assert effective("proxy_cache", stream, site) == [["off"]]
    assert effective("gzip", stream, site) == [["off"]]
    (timeout,) = effective("proxy_read_timeout", stream, site)
    assert seconds(timeout[0]) >= 60 > live.STREAM_LIFETIME > live.HEARTBEAT
    assert effective("proxy_http_version", stream, site) == [["1.1"]]
    assert ["Connection", ""] in effective("proxy_set_header", stream, site)


def test_the_proxy_forwards_the_host_and_the_client(services, site):
    headers = {
        args[0]: args[1] for args in effective("proxy_set_header", location_for(site, "/"), site)
    }
    assert headers["Host"] == "$http_host"  # with the port: CSRF origins and SITE_URL match
    assert headers["X-Forwarded-For"] == "$proxy_add_x_forwarded_for"
    assert headers["X-Forwarded-Proto"] == "$forwarded_proto"
    # It appends the caller to X-Forwarded-For, so the app counts it as one trusted proxy.
    for name in WEB_REPLICAS:
        assert services[name]["environment"]["TRUSTED_PROXIES"] == "${TRUSTED_PROXIES:-1}"
