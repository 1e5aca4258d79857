"""The prize settings and the money of an event: GET, and PUT or PATCH with If-Match.

The organizer pages edit the same two objects through the same services
(services/prizes.py, services/money.py). The ETag is the event's version: a write that
changes something bumps it, and a stale If-Match is a 409. PUT replaces the object (what
is left out takes its default); PATCH changes only the fields it sends. A field nobody
reads is refused, as the services refuse it, rather than ignored.
"""

from __future__ import annotations

from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments.models import Event
from tournaments.selectors.money import event_currency, money_of
from tournaments.selectors.prize_settings import refuse_unknown, settings_of
from tournaments.services.money import event_money_update
from tournaments.services.prizes import prize_settings_update

from . import serializers as s
from .events import EventScoped, _valid
from .preconditions import (
    IF_MATCH_REQUIRED,
    etag,
    expected_version,
    parse_if_match,
    require_condition,
)
from .schemas import errors


class EventObjectView(EventScoped):
    """One settings object of an event: ``read`` gives it, ``write`` stores it (one service)."""

    serializer = s.PrizeSettingsSerializer
    code = "E_INVALID"  # the code of a refused unknown field

    def read(self, event: Event) -> dict:
        raise NotImplementedError

    def write(self, *, event: Event, actor, data: dict, version: int | None) -> Event:
        raise NotImplementedError

    def answer(self, event: Event) -> Response:
        return Response(
            self.serializer(self.read(event)).data, headers={"ETag": etag(event.version)}
        )

    def get(self, request: Request, slug: str) -> Response:
        return self.answer(self.event(request, slug))

    def put(self, request: Request, slug: str) -> Response:
        return self._write(request, slug, partial=False)

    def patch(self, request: Request, slug: str) -> Response:
        return self._write(request, slug, partial=True)

    def _write(self, request: Request, slug: str, *, partial: bool) -> Response:
        condition = parse_if_match(request)
        event = self.event(request, slug)
        require_condition(condition, {"version": event.version})
        data = _valid(self.serializer, request, partial=partial)
        refuse_unknown(request.data, self.serializer().fields, self.code)
        if partial:
            data = {**self.read(event), **data}
        event = self.write(
            event=event,
            actor=request.user,
            data={k: v for k, v in data.items() if not self.serializer().fields[k].read_only},
            version=expected_version(condition, event.version),
        )
        event.refresh_from_db()
        return self.answer(event)


def _documented(serializer, what: str):
    """The three operations of an ``EventObjectView`` in the schema."""
    write = {
        "request": serializer,
        "responses": {200: serializer, **errors(409, 428)},
        "parameters": [IF_MATCH_REQUIRED],
    }
    return extend_schema_view(
        get=extend_schema(responses=serializer, summary=f"{what} (ETag: the event's version)"),
        put=extend_schema(summary=f"Replace {what.lower()} (If-Match: the ETag you saw)", **write),
        patch=extend_schema(summary=f"Change {what.lower()} (If-Match: the ETag you saw)", **write),
    )


@_documented(s.PrizeSettingsSerializer, "The prize settings")
class PrizeSettingsView(EventObjectView):
    serializer = s.PrizeSettingsSerializer
    code = "E_PRIZES"

    def read(self, event: Event) -> dict:
        return settings_of(event)

    def write(self, *, event, actor, data, version):
        return prize_settings_update(
            event_id=event.pk, actor=actor, settings=data, expected_version=version
        )


@_documented(s.MoneySerializer, "The money")
class MoneyView(EventObjectView):
    serializer = s.MoneySerializer
    code = "E_MONEY"

    def read(self, event: Event) -> dict:
        return {**money_of(event), "currency": event_currency(event)}

    def write(self, *, event, actor, data, version):
        currency = data.pop("currency", None)
        return event_money_update(
            event_id=event.pk, actor=actor, money=data, currency=currency, expected_version=version
        )
