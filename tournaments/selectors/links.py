"""Absolute links, built in one place from ``SITE_URL``.

Printed QR codes, the grid's table links and the hall address on the dashboard all come
from here, so ``manage.py hall`` changes every one of them by setting ``SITE_URL`` to the
laptop's address on the hall network.
"""

from __future__ import annotations

from django.conf import settings
from django.urls import reverse

from tournaments.models import Table


def absolute_url(path: str) -> str:
    """``path`` (from ``reverse``) on the site's address."""
    return settings.SITE_URL.rstrip("/") + path


def table_link(table: Table) -> str:
    """A table's entry page: what its printed QR code and its link in the grid hold."""
    return absolute_url(reverse("table:page", args=[table.token]))


def qr_svg_data_uri(text: str, *, scale: int = 4) -> str:
    """A QR code of ``text`` as an SVG data URI (printable, and needs no request to show)."""
    import segno

    return segno.make(text, error="m").svg_data_uri(scale=scale, border=4, dark="#000", light="#fff")


def hall_address() -> dict | None:
    """The address phones open in hall mode (with its QR code), or None outside hall mode."""
    if not settings.HALL_MODE:
        return None
    url = absolute_url("/")
    return {"url": url, "qr": qr_svg_data_uri(url, scale=6)}
