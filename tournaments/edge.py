"""Edge concerns shared by the table pages and the API: the client's address and the
wrong-table-link throttle.

The throttle is fair on shared Wi-Fi: a table link is looked up first, and a valid
one is never refused because of other people's mistakes. Only wrong links count,
per client address, over a generous window; past the limit that address gets 429
for wrong links (and a log line). The counter lives in the cache; when the cache
(Redis) is down, counting is skipped with a warning and nothing raises.
"""

from __future__ import annotations

import ipaddress
import logging
import re

from django.conf import settings
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.errors import DomainError, NotFound
from tournaments.middleware import use_event_language
from tournaments.models import Table
from tournaments.selectors.results import table_for_token
from whistdrive.cache import cache_incr

log = logging.getLogger(__name__)

DEFAULT_FAILURE_RATE = "100/h"
PERIODS = {"s": 1, "m": 60, "h": 3600, "d": 86400}
TOKEN_SHAPE = re.compile(r"[A-Za-z0-9_-]{1,40}")  # what models.new_token makes


class Throttled(DomainError):
    """Too many wrong table links from one address (HTTP 429 at the edge)."""


def client_ip(request) -> str | None:
    """The caller's address: ``REMOTE_ADDR``, or the ``X-Forwarded-For`` entry added by
    the outermost of ``TRUSTED_PROXIES`` proxies (entries further left are the client's
    own claims and are ignored). None when there is no valid address (an internal request)."""
    address = request.META.get("REMOTE_ADDR")
    hops = getattr(settings, "TRUSTED_PROXIES", 0)
    if hops > 0:
        forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")
        chain = [part.strip() for part in forwarded if part.strip()]
        if len(chain) >= hops:
            address = chain[-hops]
    return _valid_ip(address)


def _valid_ip(address: str | None) -> str | None:
    try:
        return str(ipaddress.ip_address(address)) if address else None
    except ValueError:
        return None


def failure_rate() -> tuple[int, int]:
    """(wrong links allowed, per seconds) from the ``TABLE_TOKEN_FAILURE_RATE`` setting, e.g. "100/h"."""
    raw = getattr(settings, "TABLE_TOKEN_FAILURE_RATE", "") or DEFAULT_FAILURE_RATE
    count, _sep, period = raw.partition("/")
    return int(count), PERIODS[period.strip()[0]]


def _count_failure(address: str) -> int:
    """This address's wrong links in the current window, this one included (0: not counted)."""
    _limit, period = failure_rate()
    key = f"table-token-fail:{address}:{int(timezone.now().timestamp()) // period}"
    return cache_incr(key, period) or 0  # the cache is down: the room keeps playing, uncounted


def table_for_link(request, token: str, *, hand_number: int | None = None) -> Table:
    """The table whose secret is ``token``; NotFound for a wrong one, Throttled past the rate.

    With ``hand_number`` the same query reads that hand when the table may enter it, for
    ``selectors.results.hand_for_token``."""
    table = None
    if TOKEN_SHAPE.fullmatch(token or ""):
        table = table_for_token(token=token, hand_number=hand_number)
    if table is not None:
        use_event_language(request, table.event.language)
        return table
    address = client_ip(request) or "unknown"
    count = _count_failure(address)
    log.info("wrong table link from %s (%d in this window)", address, count)
    limit, _period = failure_rate()
    if count > limit:
        if count == limit + 1:
            log.warning("too many wrong table links from %s (over %d)", address, limit)
        raise Throttled(
            "E_THROTTLED", _("Too many wrong table links from this address; wait a while.")
        )
    raise NotFound("E_TOKEN", _("This table link is not valid (any more)."))
