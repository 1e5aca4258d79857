"""``POST /api/v1/scoring/<system>/``: the scoring engines over HTTP (a thin wrapper)."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.exceptions import ParseError
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

import scoring

from .parsers import load_json
from .schemas import body, ref


class ScoreView(APIView):
    """Score one record with one engine; the contract of docs/scoring.md. No login needed."""

    permission_classes = [AllowAny]
    authentication_classes: list = []

    @extend_schema(
        request=body("ScoringRecord"),
        responses={200: ref("ScoringOutput")},
        parameters=[
            OpenApiParameter("system", str, OpenApiParameter.PATH, enum=list(scoring.SYSTEMS))
        ],
        summary="Score a record with one system's engine (docs/scoring.md)",
    )
    def post(self, request, system: str):
        try:
            record = load_json(request.body)
        except ParseError as exc:  # the scoring contract answers E_JSON with 422
            raise scoring.ScoringError("E_JSON", f"malformed JSON: {exc.detail}") from exc
        return Response(scoring.score(system, record))
