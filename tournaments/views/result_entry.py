"""Binding a game's entry fields for a template: shared by the table page and the grid.

Which fields a game has, and how they parse into the engine's ``data`` and back, is the
game's (``tournaments.games``); this only pairs each field with its posted or stored
value and the error that belongs beside it.
"""

from __future__ import annotations

from tournaments.errors import DomainError
from tournaments.games.fields import Field


class BoundFields(list):
    """Bound fields plus what the template needs about them as a whole."""

    has_more = False
    complement = ""  # 13 minus the first (tricks) field, for "the other side took"
    unplaced_error = ""  # an error that belongs beside no field


def bind(fields: list[Field], *, prefix: str = "", values=None, error: DomainError | None = None):
    """Fields ready for a template: name, id, value and the error that belongs beside it."""
    values = values or {}
    bound = BoundFields()
    for f in fields:
        mine = error is not None and (error.field == f.name or error.field in f.errors)
        bound.append(
            {
                "field": f,
                "name": f"{prefix}{f.name}",
                "id": f"id_{prefix}{f.name}",
                "value": "" if values.get(f.name) is None else str(values.get(f.name)),
                "error": error.message if mine else "",
            }
        )
    bound.has_more = any(f.more for f in fields)
    first = bound[0]["value"] if bound else ""
    bound.complement = str(13 - int(first)) if first.lstrip("-").isdigit() else ""
    if error is not None and not any(b["error"] for b in bound):
        bound.unplaced_error = error.message
    return bound
