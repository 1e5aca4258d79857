"""ETag / If-Match per RFC 9110 (13.1.1), for results and events alike.

Our ETags are strong: ``"<version>"``. ``If-Match`` takes ``*`` or a comma-separated
list of strong tags; a weak tag (``W/"3"``) never matches under strong comparison and
is refused with a message, as is anything that is not a quoted version number.
"""

from __future__ import annotations

import re

from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter

from tournaments.errors import Conflict, DomainError

ANY = "*"
TAG = re.compile(r'"(\d{1,9})"')


IF_MATCH = OpenApiParameter(
    "If-Match",
    str,
    OpenApiParameter.HEADER,
    required=False,
    description='The ETag you saw, e.g. "3" (or "*", or a comma-separated list).',
)
IF_MATCH_REQUIRED = OpenApiParameter(
    "If-Match",
    str,
    OpenApiParameter.HEADER,
    required=True,
    description='The ETag you saw, e.g. "3": required (428 without it, 409 when stale).',
)


def etag(version: int) -> str:
    return f'"{version}"'


def parse_if_match(request) -> str | frozenset[int] | None:
    """None (no header), ``ANY`` or the set of versions listed."""
    raw = request.headers.get("If-Match")
    if raw is None:
        return None
    raw = raw.strip()
    if raw == ANY:
        return ANY
    versions = set()
    for part in raw.split(","):
        part = part.strip()
        match = TAG.fullmatch(part)
        if match is None:
            message = (
                _("If-Match takes strong ETags only; a weak tag (W/) never matches.")
                if part.startswith("W/")
                else _('If-Match must be "*" or ETags such as "3", comma-separated.')
            )
            raise DomainError("E_IF_MATCH", message, field="If-Match")
        versions.add(int(match[1]))
    return frozenset(versions)


def require_condition(condition, current_body: dict) -> None:
    """A write that must say which version it saw (RFC 6585: 428 when it does not)."""
    if condition is None:
        raise DomainError(
            "E_VERSION_REQUIRED",
            _("Say which version you are changing: send If-Match with its ETag."),
            field="If-Match",
            current=current_body,
        )


def expected_version(condition, current: int | None, current_body=None) -> int | None:
    """The one version to hand a service for ``condition``, given the ``current`` one
    (None when nothing exists yet): a listed tag that matches, else one that does not
    (the service answers 409 with the current version)."""
    if condition is None:
        return None
    if condition == ANY:
        if current is None:
            raise Conflict(
                "E_STALE",
                _('Nothing exists yet, so If-Match: "*" does not match.'),
                field="If-Match",
                current=current_body,
            )
        return current
    return current if current in condition else min(condition)
