"""``POST /api/v1/events/import/``: an event's export (from ``event_export`` or a hall
laptop's ``event_push``) becomes an event of the organizer's club, exactly once.

``?club=<slug>`` (optional when the organizer has one club) and ``?slug=`` (a new slug).
A retry with the same ``Idempotency-Key`` (or, without one, the same export) answers
200 with the event the first push made; a first import answers 201.
"""

from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, OpenApiTypes, extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.selectors.events import club_for_organizer
from tournaments.services.imports import event_import_once

from . import serializers as s
from .schemas import errors


class EventImportView(APIView):
    @extend_schema(
        request=OpenApiTypes.OBJECT,
        responses={201: s.EventDetailSerializer, 200: s.EventDetailSerializer, **errors(404, 409)},
        summary="Import an event export (idempotent)",
        parameters=[
            OpenApiParameter("club", str, OpenApiParameter.QUERY, required=False),
            OpenApiParameter("slug", str, OpenApiParameter.QUERY, required=False),
            OpenApiParameter("Idempotency-Key", str, OpenApiParameter.HEADER, required=False),
        ],
    )
    def post(self, request: Request) -> Response:
        club = club_for_organizer(user=request.user, slug=request.query_params.get("club"))
        event, created = event_import_once(
            document=request.data,
            club=club,
            key=request.headers.get("Idempotency-Key"),
            slug=request.query_params.get("slug") or None,
            actor=request.user,
        )
        return Response(
            s.EventDetailSerializer(event).data,
            status=status.HTTP_201_CREATED if created else status.HTTP_200_OK,
        )
