"""Results API: one hand's result for one table, with ETag/If-Match and Idempotency-Key.

``/api/v1/events/<slug>/hands/<n>/tables/<t>/result/``
- ``GET``: the live version, ``ETag: "<version>"``.
- ``POST``: enter it (``If-Match`` optional: re-enter the version you saw); 201.
- ``PUT``: correct it; ``If-Match`` required; a stale one is 409 with ``error.current``.
- ``.../result/confirm/`` and ``.../result/dispute/`` (``{"note": ...}``): the opponents.
An ``Idempotency-Key`` header makes any write safe to retry: the first answer is replayed.

Who may call: an organizer of the event (session or ``Authorization: Token <key>``),
or a table with ``Authorization: Table <table token>``, for its own table's hands
in an open round only (another table: 403; a closed or other round: 404).
"""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser
from django.utils.translation import gettext as _
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import exceptions
from rest_framework.authentication import (
    BaseAuthentication,
    SessionAuthentication,
    TokenAuthentication,
    get_authorization_header,
)
from rest_framework.permissions import BasePermission, IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.errors import DomainError, Forbidden, NotFound
from tournaments.models import Source, Table
from tournaments.selectors import results as selectors
from tournaments.selectors.events import event_for_organizer
from tournaments.selectors.links import site_address, table_url
from tournaments.services import results as services


class TableTokenAuthentication(BaseAuthentication):
    """``Authorization: Table <token>``: the table's secret from its card; ``request.auth`` is the Table."""

    keyword = "table"

    def authenticate(self, request):
        parts = get_authorization_header(request).split()
        if not parts or parts[0].lower() != self.keyword.encode():
            return None
        if len(parts) != 2:
            raise exceptions.AuthenticationFailed(_("Give the table token after 'Table'."))
        try:
            table = selectors.table_for_token(
                token=parts[1].decode(errors="replace"), client_ip=request.META.get("REMOTE_ADDR")
            )
        except NotFound as exc:
            raise exceptions.AuthenticationFailed(exc.message) from exc
        return AnonymousUser(), table

    def authenticate_header(self, request) -> str:
        return "Table"


class TableTokenScheme(OpenApiAuthenticationExtension):
    """Documents the table-token scheme in the OpenAPI schema."""

    target_class = TableTokenAuthentication
    name = "tableToken"

    def get_security_definition(self, auto_schema):
        return {
            "type": "apiKey",
            "in": "header",
            "name": "Authorization",
            "description": "`Table <token>`: the secret printed on the table card.",
        }


class OrganizerOrTable(BasePermission):
    def has_permission(self, request, view) -> bool:
        return isinstance(request.auth, Table) or IsAuthenticated().has_permission(request, view)


def parse_if_match(request) -> int | None:
    """``If-Match: "3"`` (or W/"3", or 3) -> 3."""
    raw = request.headers.get("If-Match")
    if raw is None:
        return None
    value = raw.strip().removeprefix("W/").strip('"')
    try:
        return int(value)
    except ValueError as exc:
        raise DomainError(
            "E_IF_MATCH",
            _('If-Match must be the ETag of the result, such as "3".'),
            field="If-Match",
        ) from exc


def etag(version: int) -> str:
    return f'"{version}"'


class _HandResultBase(APIView):
    authentication_classes = [TableTokenAuthentication, SessionAuthentication, TokenAuthentication]
    permission_classes = [OrganizerOrTable]

    def resolve(self, request, slug: str, hand: int, table: int):
        """(table, hand, source, actor) the caller may touch, or 403/404."""
        if isinstance(request.auth, Table):
            own = request.auth
            if own.event.slug != slug or own.number != table:
                raise Forbidden(
                    "E_FORBIDDEN",
                    _("This table token is for table %(n)d only.") % {"n": own.number},
                )
            return own, selectors.hand_for_token(table=own, hand_number=hand), Source.TABLE, None
        event = event_for_organizer(user=request.user, slug=slug)
        table_obj, hand_obj = selectors.table_and_hand(
            event=event, table_number=table, hand_number=hand
        )
        return table_obj, hand_obj, Source.API, request.user

    def answer(self, outcome: services.Outcome) -> Response:
        headers = {"ETag": etag(outcome.body["version"])}
        if outcome.replayed:
            headers["Idempotent-Replayed"] = "true"
        return Response(outcome.body, status=outcome.status_code, headers=headers)

    def write(self, service, request, slug: str, hand: int, table: int, **fields) -> Response:
        """Call one result service as the resolved caller, with the request's headers."""
        table_obj, hand_obj, source, actor = self.resolve(request, slug, hand, table)
        outcome = service(
            table=table_obj,
            hand=hand_obj,
            source=source,
            actor=actor,
            expected_version=parse_if_match(request),
            remote_addr=request.META.get("REMOTE_ADDR"),
            idempotency_key=request.headers.get("Idempotency-Key"),
            **fields,
        )
        return self.answer(outcome)


HEADERS = [
    OpenApiParameter("Idempotency-Key", str, OpenApiParameter.HEADER, required=False),
    OpenApiParameter("If-Match", str, OpenApiParameter.HEADER, required=False),
]


class HandResultView(_HandResultBase):
    @extend_schema(responses={200: dict})
    def get(self, request, slug: str, hand: int, table: int):
        table_obj, hand_obj, _source, _actor = self.resolve(request, slug, hand, table)
        result = selectors.result_current(table=table_obj, hand=hand_obj)
        if result is None:
            raise NotFound("E_NO_RESULT", _("No result has been entered yet."))
        body = selectors.result_as_dict(
            result, event=table_obj.event, table=table_obj, hand=hand_obj
        )
        return Response(body, headers={"ETag": etag(result.version)})

    @extend_schema(request=dict, responses={201: dict}, parameters=HEADERS)
    def post(self, request, slug: str, hand: int, table: int):
        return self.write(services.result_submit, request, slug, hand, table, data=request.data)

    @extend_schema(request=dict, responses={200: dict}, parameters=HEADERS)
    def put(self, request, slug: str, hand: int, table: int):
        return self.write(services.result_correct, request, slug, hand, table, data=request.data)


class HandResultDecisionView(_HandResultBase):
    """The opponents' confirm or dispute (``op`` from the URL)."""

    op = "confirm"

    @extend_schema(request=dict, responses={200: dict}, parameters=HEADERS)
    def post(self, request, slug: str, hand: int, table: int):
        if self.op == "confirm":
            return self.write(services.result_confirm, request, slug, hand, table)
        note = request.data.get("note", "") if isinstance(request.data, dict) else ""
        return self.write(services.result_dispute, request, slug, hand, table, note=str(note))


class TableTokenView(APIView):
    """``POST /api/v1/events/<slug>/tables/<t>/token/``: a new secret for the table (organizers)."""

    @extend_schema(request=None, responses={200: dict})
    def post(self, request, slug: str, table: int):
        event = event_for_organizer(user=request.user, slug=slug)
        table_obj = Table.objects.filter(event=event, number=table).first()
        if table_obj is None:
            raise NotFound("E_NOT_FOUND", _("No such table."))
        table_obj = services.table_regenerate_token(table=table_obj, actor=request.user)
        return Response(
            {
                "table": table_obj.number,
                "token": table_obj.token,
                "url": table_url(table_obj, site_address(request)),
            }
        )
