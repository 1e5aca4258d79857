"""The API's JSON parser: size and nesting limits before any view sees the data.

A hostile body must get a 4xx in the one error shape, never reach a view as a
structure deep enough to exhaust the stack (``RecursionError``) or big enough to
hold a worker: larger than ``DATA_UPLOAD_MAX_MEMORY_SIZE`` is 413, nested deeper
than ``MAX_DEPTH`` or malformed is 400.
"""

from __future__ import annotations

import json

from django.conf import settings
from django.utils.translation import gettext as _
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser

from tournaments.errors import DomainError

MAX_DEPTH = 32


def refusal(value, limit: int = MAX_DEPTH) -> str | None:
    """Why ``value`` is refused, or None: nesting deeper than ``limit``, or a NUL
    character in a string (PostgreSQL cannot store one). Checked without recursion."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, str) and "\x00" in item:
            return _("The JSON contains a NUL character (\\u0000).")
        if isinstance(item, dict | list):
            if depth > limit:
                return _("The JSON nests deeper than %(n)d levels.") % {"n": limit}
            children = [*item.keys(), *item.values()] if isinstance(item, dict) else item
            stack.extend((child, depth + 1) for child in children)
    return None


def load_json(raw: bytes):
    """``raw`` as JSON within the size and depth limits, else the error to answer."""
    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    if limit is not None and len(raw) > limit:
        raise DomainError(
            "E_TOO_BIG", _("The request body is over %(n)d bytes.") % {"n": limit}
        )
    try:
        data = json.loads(raw.decode("utf-8")) if raw.strip() else None
    except (ValueError, RecursionError) as exc:
        raise ParseError(_("The body is not valid JSON.")) from exc
    problem = refusal(data)
    if problem:
        raise ParseError(problem)
    return data


class LimitedJSONParser(JSONParser):
    """JSONParser with ``load_json``'s limits."""

    def parse(self, stream, media_type=None, parser_context=None):
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        raw = stream.read(limit + 1) if (stream and limit is not None) else (stream.read() if stream else b"")
        return load_json(raw)
