"""The organizer API: events, their workflow, entries, rounds, tables and seatings.

Thin views: validate input with a serializer, call one service or selector, serialize.
Another club's event is a 404 (``event_for_organizer``); errors take the one format of
``tournaments.api.errors``.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.errors import NotFound
from tournaments.models import Event
from tournaments.selectors.events import club_for_organizer, event_for_organizer, events_for_user
from tournaments.selectors.rounds import round_state
from tournaments.selectors.seating import plan_summary
from tournaments.services import entries as entry_services
from tournaments.services import events as event_services
from tournaments.services import rounds as round_services
from tournaments.services import seating as seating_services

from . import serializers as s
from .preconditions import (
    IF_MATCH_REQUIRED,
    etag,
    expected_version,
    parse_if_match,
    require_condition,
)
from .schemas import errors

ACTIONS = {
    "open": event_services.event_open,
    "start": event_services.event_start,
    "seat": seating_services.event_seat,
    "redraw": seating_services.event_redraw,
    "finish": event_services.event_finish,
    "publish": event_services.event_publish,
}


def _valid(serializer_class, request: Request, **kwargs) -> dict:
    serializer = serializer_class(data=request.data, **kwargs)
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)


class EventScoped(APIView):
    """Views under /events/<slug>/: the event, or 404 for anyone who does not organize it."""

    def event(self, request: Request, slug: str) -> Event:
        return event_for_organizer(user=request.user, slug=slug)


class EventCommandView(EventScoped):
    """POST: validate ``request_serializer``, call ``service`` for the event, the URL's ids and
    the caller, and answer with ``response_serializer``: one shape for every workflow command."""

    request_serializer = None
    response_serializer = None
    many = False
    status_code = status.HTTP_200_OK
    url_kwargs: dict[str, str] = {}  # URL keyword -> service keyword, where they differ

    @staticmethod
    def service(**kwargs):
        raise NotImplementedError

    def post(self, request: Request, slug: str, **ids) -> Response:
        data = _valid(self.request_serializer, request) if self.request_serializer else {}
        ids = {self.url_kwargs.get(name, name): value for name, value in ids.items()}
        done = self.service(
            event_id=self.event(request, slug).pk, actor=request.user, **ids, **data
        )
        return Response(
            self.response_serializer(done, many=self.many).data, status=self.status_code
        )


class EventListView(APIView):
    @extend_schema(responses=s.EventSerializer(many=True), summary="Events of my clubs")
    def get(self, request: Request) -> Response:
        events = events_for_user(user=request.user).order_by("-date", "name")
        return Response(s.EventSerializer(events, many=True).data)

    @extend_schema(
        request=s.EventCreateSerializer,
        responses={201: s.EventDetailSerializer, **errors(404)},
        summary="Create an event",
    )
    def post(self, request: Request) -> Response:
        data = _valid(s.EventCreateSerializer, request)
        club = club_for_organizer(user=request.user, slug=data.pop("club", None))
        event = event_services.event_create(club=club, actor=request.user, **data)
        return Response(s.EventDetailSerializer(event).data, status=status.HTTP_201_CREATED)


class EventDetailView(EventScoped):
    @extend_schema(responses=s.EventDetailSerializer, summary="An event (ETag: its version)")
    def get(self, request: Request, slug: str) -> Response:
        event = self.event(request, slug)
        return Response(s.EventDetailSerializer(event).data, headers={"ETag": etag(event.version)})

    @extend_schema(
        request=s.EventWriteSerializer,
        responses={200: s.EventDetailSerializer, **errors(409, 428)},
        summary="Edit an event (If-Match: the ETag you saw)",
        parameters=[IF_MATCH_REQUIRED],
    )
    def patch(self, request: Request, slug: str) -> Response:
        condition = parse_if_match(request)
        event = self.event(request, slug)
        require_condition(condition, {"version": event.version})
        data = _valid(s.EventWriteSerializer, request, partial=True)
        event = event_services.event_update(
            event_id=event.pk,
            actor=request.user,
            expected_version=expected_version(condition, event.version),
            **data,
        )
        return Response(s.EventDetailSerializer(event).data, headers={"ETag": etag(event.version)})


class EventActionView(EventScoped):
    @extend_schema(
        request=None,
        responses=s.EventDetailSerializer,
        summary="Workflow: open, start, seat, redraw, finish, publish",
        operation_id="v1_events_action",
        parameters=[OpenApiParameter("action", str, OpenApiParameter.PATH, enum=list(ACTIONS))],
    )
    def post(self, request: Request, slug: str, action: str) -> Response:
        service = ACTIONS.get(action)
        if service is None:
            raise NotFound("E_NOT_FOUND", _("No such action."))
        event = service(event_id=self.event(request, slug).pk, actor=request.user)
        event.refresh_from_db()
        return Response(s.EventDetailSerializer(event).data)


@extend_schema(
    request=s.ReopenSerializer, responses=s.EventDetailSerializer, summary="Reopen (logged)"
)
class EventReopenView(EventCommandView):
    request_serializer = s.ReopenSerializer
    response_serializer = s.EventDetailSerializer
    service = staticmethod(event_services.event_reopen)


class EntryListView(EventScoped):
    @extend_schema(
        responses=s.EntryListSerializer, summary="Entries, with tables and sit-outs per round"
    )
    def get(self, request: Request, slug: str) -> Response:
        event = self.event(request, slug)
        entries = event.entries.select_related("player", "pair").order_by("number")
        summary = plan_summary(event=event)
        return Response(s.EntryListSerializer({"summary": summary, "entries": entries}).data)

    @extend_schema(
        request=s.RegisterSerializer,
        responses={201: s.EntrySerializer(many=True)},
        summary="Register players",
    )
    def post(self, request: Request, slug: str) -> Response:
        data = _valid(s.RegisterSerializer, request)
        added = entry_services.players_register(
            event_id=self.event(request, slug).pk,
            player_ids=data["player_ids"],
            names=data["names"],
            text=data["text"],
            csv_content=data["csv"],
            actor=request.user,
        )
        return Response(s.EntrySerializer(added, many=True).data, status=status.HTTP_201_CREATED)


class EntryPairView(EventScoped):
    @extend_schema(
        request=s.PairSerializer, responses=s.EntrySerializer(many=True), summary="Make the pairs"
    )
    def post(self, request: Request, slug: str) -> Response:
        data = _valid(s.PairSerializer, request)
        event = self.event(request, slug)
        entry_services.entries_pair(event_id=event.pk, mapping=data["mapping"], actor=request.user)
        return Response(
            s.EntrySerializer(event.entries.select_related("player", "pair"), many=True).data
        )


@extend_schema(
    request=s.LateSerializer, responses={201: s.EntrySerializer(many=True)}, summary="Late arrival"
)
class EntryLateView(EventCommandView):
    request_serializer = s.LateSerializer
    response_serializer = s.EntrySerializer
    many = True
    status_code = status.HTTP_201_CREATED
    service = staticmethod(entry_services.entry_add_late)


@extend_schema(request=s.RoleSerializer, responses=s.EntrySerializer, summary="Set a role")
class EntryRoleView(EventCommandView):
    request_serializer = s.RoleSerializer
    response_serializer = s.EntrySerializer
    service = staticmethod(entry_services.entry_set_role)


@extend_schema(
    request=s.ArrivedSerializer, responses=s.EntrySerializer, summary="Mark arrived (or not)"
)
class EntryArriveView(EventCommandView):
    request_serializer = s.ArrivedSerializer
    response_serializer = s.EntrySerializer
    service = staticmethod(entry_services.entry_mark_arrived)


@extend_schema(
    request=s.PaidSerializer, responses=s.EntrySerializer, summary="Tick who paid at the door"
)
class EntryPaidView(EventCommandView):
    request_serializer = s.PaidSerializer
    response_serializer = s.EntrySerializer
    service = staticmethod(entry_services.entry_mark_paid)


@extend_schema(request=None, responses=s.EntrySerializer, summary="Withdraw a player")
class EntryWithdrawView(EventCommandView):
    response_serializer = s.EntrySerializer
    service = staticmethod(entry_services.entry_withdraw)


class RoundListView(EventScoped):
    @extend_schema(responses=s.RoundSerializer(many=True), summary="Rounds")
    def get(self, request: Request, slug: str) -> Response:
        return Response(
            s.RoundSerializer(self.event(request, slug).rounds.order_by("number"), many=True).data
        )


class RoundDetailView(EventScoped):
    @extend_schema(
        responses=s.RoundStateSerializer, summary="A round: every table's seats and state"
    )
    def get(self, request: Request, slug: str, number: int) -> Response:
        view = round_state(event=self.event(request, slug), round_number=number)
        if view is None:
            raise NotFound("E_NOT_FOUND", _("No such round."), field="round")
        return Response(s.RoundStateSerializer(view).data)


@extend_schema(
    request=None, responses=s.RoundSerializer, summary="Open a round (hands and trumps fixed)"
)
class RoundOpenView(EventCommandView):
    response_serializer = s.RoundSerializer
    url_kwargs = {"number": "round_number"}
    service = staticmethod(round_services.round_open)


@extend_schema(request=s.RoundCloseSerializer, responses=s.RoundSerializer, summary="Close a round")
class RoundCloseView(EventCommandView):
    request_serializer = s.RoundCloseSerializer
    response_serializer = s.RoundSerializer
    url_kwargs = {"number": "round_number"}
    service = staticmethod(round_services.round_close)


class TableListView(EventScoped):
    @extend_schema(
        responses=s.TableSerializer(many=True), summary="Tables (with their entry tokens)"
    )
    def get(self, request: Request, slug: str) -> Response:
        return Response(
            s.TableSerializer(self.event(request, slug).tables.order_by("number"), many=True).data
        )


class SeatingListView(EventScoped):
    @extend_schema(
        responses=s.SeatingSerializer(many=True),
        summary="Seatings (optionally of one round)",
        parameters=[OpenApiParameter("round", int, OpenApiParameter.QUERY, required=False)],
    )
    def get(self, request: Request, slug: str) -> Response:
        rows = self.event(request, slug).seatings.select_related("round", "table", "entry__player")
        number = request.query_params.get("round", "")
        if number.isdigit():
            rows = rows.filter(round__number=int(number))
        return Response(
            s.SeatingSerializer(
                rows.order_by("round__number", "table__number", "seat"), many=True
            ).data
        )
