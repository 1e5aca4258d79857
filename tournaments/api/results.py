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

from tournaments.edge import client_ip, table_for_link
from tournaments.errors import Forbidden, NotFound
from tournaments.models import Source, Table
from tournaments.selectors import results as selectors
from tournaments.selectors.events import event_for_organizer
from tournaments.selectors.links import site_address, table_url
from tournaments.services import results as services

from .errors import write_status
from .preconditions import ANY, IF_MATCH, IF_MATCH_REQUIRED, etag, expected_version, parse_if_match
from .schemas import body, errors, ref


class TableTokenAuthentication(BaseAuthentication):
    """``Authorization: Table <token>``: the table's secret from its card; ``request.auth`` is the Table."""

    keyword = "table"

    def authenticate(self, request):
        parts = get_authorization_header(request).split()
        if not parts or parts[0].lower() != self.keyword.encode():
            return None
        if len(parts) != 2:
            raise exceptions.AuthenticationFailed(_("Give the table token after 'Table'."))
        hand = getattr(request, "parser_context", None) or {}
        hand = hand.get("kwargs", {}).get("hand")  # read with the table when the URL names one
        try:
            table = table_for_link(request, parts[1].decode(errors="replace"), hand_number=hand)
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
        return Response(outcome.body, status=write_status(outcome.created), headers=headers)

    def write(self, service, request, slug: str, hand: int, table: int, **fields) -> Response:
        """Call one result service as the resolved caller, with the request's headers."""
        condition = parse_if_match(request)
        table_obj, hand_obj, source, actor = self.resolve(request, slug, hand, table)
        if condition is None or condition == ANY or len(condition) > 1:
            live = selectors.result_current(table=table_obj, hand=hand_obj) if condition else None
            expected = expected_version(condition, live.version if live else None)
        else:  # one tag, the usual case: it is the version the service checks, no read needed
            (expected,) = condition
        outcome = service(
            table=table_obj,
            hand=hand_obj,
            source=source,
            actor=actor,
            expected_version=expected,
            remote_addr=client_ip(request),
            idempotency_key=request.headers.get("Idempotency-Key"),
            **fields,
        )
        return self.answer(outcome)


IDEMPOTENCY_KEY = OpenApiParameter(
    "Idempotency-Key",
    str,
    OpenApiParameter.HEADER,
    required=False,
    description="Any 1..100 characters; a retry with the same key replays the first answer.",
)
HEADERS = [IDEMPOTENCY_KEY, IF_MATCH]
RESULT = ref("Result")
NOTE = {"application/json": {"type": "object", "properties": {"note": {"type": "string"}}}}


class HandResultView(_HandResultBase):
    @extend_schema(responses={200: RESULT}, summary="A table's result for a hand (ETag)")
    def get(self, request, slug: str, hand: int, table: int):
        table_obj, hand_obj, _source, _actor = self.resolve(request, slug, hand, table)
        result = selectors.result_current(table=table_obj, hand=hand_obj)
        if result is None:
            raise NotFound("E_NO_RESULT", _("No result has been entered yet."))
        body = selectors.result_as_dict(
            result, event=table_obj.event, table=table_obj, hand=hand_obj
        )
        return Response(body, headers={"ETag": etag(result.version)})

    @extend_schema(
        request=body("ResultData"),
        responses={201: RESULT, 200: RESULT, **errors(409)},
        parameters=HEADERS,
        summary="Enter a result (201; 200 when re-entering the version in If-Match)",
    )
    def post(self, request, slug: str, hand: int, table: int):
        return self.write(services.result_submit, request, slug, hand, table, data=request.data)

    @extend_schema(
        request=body("ResultData"),
        responses={200: RESULT, **errors(409, 428)},
        parameters=[IDEMPOTENCY_KEY, IF_MATCH_REQUIRED],
        summary="Correct a result (If-Match required)",
    )
    def put(self, request, slug: str, hand: int, table: int):
        return self.write(services.result_correct, request, slug, hand, table, data=request.data)


class HandResultDecisionView(_HandResultBase):
    """The opponents' confirm or dispute (``op`` from the URL)."""

    op = "confirm"

    @extend_schema(
        request=NOTE,
        responses={200: RESULT, **errors(409, 428)},
        parameters=[IDEMPOTENCY_KEY, IF_MATCH_REQUIRED],
        summary="The opponents confirm or dispute (If-Match required)",
    )
    def post(self, request, slug: str, hand: int, table: int):
        if self.op == "confirm":
            return self.write(
                services.result_confirm, request, slug, hand, table, version_required=True
            )
        note = request.data.get("note", "") if isinstance(request.data, dict) else ""
        return self.write(
            services.result_dispute,
            request,
            slug,
            hand,
            table,
            note=str(note),
            version_required=True,
        )


class TableTokenView(APIView):
    """``POST /api/v1/events/<slug>/tables/<t>/token/``: a new secret for the table (organizers)."""

    @extend_schema(
        request=None,
        responses={
            200: {
                "type": "object",
                "properties": {"table": {"type": "integer"}, "token": {"type": "string"}, "url": {"type": "string"}},
                "required": ["table", "token", "url"],
            }
        },
        summary="A new secret for the table",
    )
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
