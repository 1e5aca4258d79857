"""``POST /api/v1/scoring/<system>/``: the scoring engines over HTTP (a thin wrapper)."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework.exceptions import ParseError
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

import scoring

from .parsers import load_json


class ScoreView(APIView):
    """Score one record with one engine; the contract of docs/scoring.md. No login needed."""

    permission_classes = [AllowAny]
    authentication_classes: list = []

    @extend_schema(
        request={"application/json": {"type": "object"}},
        responses={200: OpenApiResponse(description="the engine's result"), 422: OpenApiResponse(description="error")},
    )
    def post(self, request, system: str):
        try:
            record = load_json(request.body)
        except ParseError as exc:  # the scoring contract answers E_JSON with 422
            raise scoring.ScoringError("E_JSON", f"malformed JSON: {exc.detail}") from exc
        return Response(scoring.score(system, record))
