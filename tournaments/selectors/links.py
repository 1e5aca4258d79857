"""Absolute links to table and player pages: what QR codes, table cards and the grid hold.

One place decides the address phones use to reach this server: ``SITE_URL`` when it is
set (a public name, a reverse proxy, or the laptop's hall address that ``manage.py hall``
sets), else the address the organizer's own browser used (``request.build_absolute_uri``),
so a laptop serving a hall on ``http://192.168.1.20:8000`` prints cards that point there.
Print jobs store the address they were asked with (``options["site"]``), since a worker
has no request.
"""

from __future__ import annotations

import functools
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


def absolute_url(path: str, request=None) -> str:
    """``path`` (from ``reverse``) on the site's address."""
    return site_address(request) + path


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


def table_link(table, request=None) -> str:
    """A table's entry page on the site's address: its printed QR code and its link in the grid."""
    return table_url(table, site_address(request))


def player_url(event, number: int, base: str) -> str:
    """A player's own page (where they sit next, their running card) under ``base``."""
    from tournaments.selectors.player import player_code

    path = reverse("public:player", args=[event.slug, number, player_code(event.pk, number)])
    return base + path


@functools.lru_cache(maxsize=4096)
def qr_code(text: str):
    """The QR code of ``text`` (segno), made once per process for both drawings below.

    Choosing the mask is most of the cost of a printed card or page, and a player's link
    outlives the event's changes: printing again after a change reuses the codes."""
    import segno

    return segno.make(text, error="m")


def qr_svg_data_uri(text: str, *, scale: int = 4) -> str:
    """A QR code of ``text`` as an SVG data URI (printable, and needs no request to show)."""
    return qr_code(text).svg_data_uri(scale=int(scale), border=4, dark="#000", light="#fff")


def hall_address() -> dict | None:
    """The address phones open in hall mode (with its QR code), or None outside hall mode."""
    if not settings.HALL_MODE:
        return None
    url = absolute_url("/")
    return {"url": url, "qr": qr_svg_data_uri(url, scale=6)}


def qr_matrix(text: str) -> tuple:
    """The QR code of ``text`` as rows of dark (1) and light (0) modules, without a border:
    the same code as ``qr_svg_data_uri`` draws, for ReportLab's movement cards."""
    return qr_code(text).matrix
