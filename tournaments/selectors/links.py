"""Absolute links to table and player pages: what QR codes, table cards and the grid hold.

One place decides the address phones use to reach this server: ``SITE_URL`` when the
organizer set it (a public name, a reverse proxy), else the address the organizer's own
browser used (``request.build_absolute_uri``), so a laptop serving a hall on
``http://192.168.1.20:8000`` prints cards that point there. Print jobs store the address
they were asked with (``options["site"]``), since a worker has no request.
"""

from __future__ import annotations

import ipaddress
from urllib.parse import urlsplit

from django.conf import settings
from django.urls import reverse

FALLBACK = "http://127.0.0.1:8000"  # a command-line print with no SITE_URL and no browser


def site_address(request=None) -> str:
    """The server's base address as phones should use it, without a trailing slash."""
    if settings.SITE_URL:
        return settings.SITE_URL.rstrip("/")
    if request is not None:
        return request.build_absolute_uri("/").rstrip("/")
    return FALLBACK


def clean_address(raw: str) -> str:
    """``raw`` as a base address (scheme and host, optional port and path), or "" if it is not one."""
    parts = urlsplit(str(raw or "").strip())
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return ""
    return f"{parts.scheme}://{parts.netloc}{parts.path}".rstrip("/")


def is_loopback(address: str) -> bool:
    """True when ``address`` names this machine only (127.x, ::1, localhost): phones cannot reach it."""
    host = (urlsplit(address).hostname or "").lower()
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def table_url(table, base: str) -> str:
    """The table's entry page under ``base`` (from ``site_address``)."""
    return base + reverse("table:page", args=[table.token])


def player_url(event, number: int, base: str) -> str:
    """A player's own page (where they sit next, their running card) under ``base``."""
    from tournaments.selectors.player import player_code

    path = reverse("public:player", args=[event.slug, number, player_code(event.pk, number)])
    return base + path
