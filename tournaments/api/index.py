"""``GET /api/``: the API versions and where their contract and docs are."""

from __future__ import annotations

from django.urls import reverse
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

VERSIONS = [{"version": "v1", "prefix": "/api/v1/", "status": "current"}]


class ApiIndexView(APIView):
    """The versions of this API; no login needed."""

    permission_classes = [AllowAny]
    authentication_classes: list = []

    @extend_schema(
        summary="API versions",
        responses=inline_serializer(
            "ApiIndex",
            {
                "versions": inline_serializer(
                    "ApiVersion",
                    {
                        "version": serializers.CharField(),
                        "url": serializers.URLField(),
                        "status": serializers.CharField(help_text="current or deprecated"),
                    },
                    many=True,
                ),
                "schema": serializers.URLField(),
                "docs": serializers.URLField(),
            },
        ),
    )
    def get(self, request):
        absolute = request.build_absolute_uri
        return Response(
            {
                "versions": [
                    {"version": v["version"], "url": absolute(v["prefix"]), "status": v["status"]}
                    for v in VERSIONS
                ],
                "schema": absolute(reverse("schema")),
                "docs": absolute(reverse("api-docs")),
            }
        )
