"""The API's OpenAPI contract beyond what serializers give: the one error shape, added to
every operation, and the per-system bodies of results and the scoring engines.

Nothing here validates anything (the services and engines do); it only documents. The
per-system schemas are built from the engines' own rules dataclasses and presets, so a
new rule shows up in the contract without an edit here.
"""

from __future__ import annotations

import dataclasses
from importlib import import_module

from drf_spectacular.openapi import AutoSchema
from drf_spectacular.utils import OpenApiResponse
from rest_framework.permissions import AllowAny

import scoring

SYSTEMS = list(scoring.SYSTEMS)
ENGINE_RULES = {
    "drive": "DriveRules",
    "rubber": "RubberRules",
    "bidwhist": "BidWhistRules",
    "esmakker": "EsmakkerRules",
}
TITLES = {"drive": "Drive", "rubber": "Rubber", "bidwhist": "BidWhist", "esmakker": "Esmakker"}


def ref(name: str) -> dict:
    return {"$ref": f"#/components/schemas/{name}"}


def _obj(properties: dict, required=(), extra=True) -> dict:
    schema = {"type": "object", "properties": properties, "additionalProperties": extra}
    if required:
        schema["required"] = list(required)
    return schema


INT = {"type": "integer"}
STR = {"type": "string"}
NUMBER = {"type": "number"}
NULL_STR = {"type": "string", "nullable": True}
SIDES_NS = _obj({"ns": INT, "ew": INT})
SIDES_AB = _obj({"A": INT, "B": INT})
AUCTION = {"type": "array", "items": STR}

ERROR = _obj(
    {
        "error": _obj(
            {
                "code": {**STR, "example": "E_INVALID"},
                "message": STR,
                "field": NULL_STR,
                "hand": {**INT, "nullable": True},
                "fields": {"type": "object", "additionalProperties": True},
                "cells": {"type": "object", "additionalProperties": True},
                "current": {"type": "object", "nullable": True, "additionalProperties": True},
            },
            required=["code", "message"],
        )
    },
    required=["error"],
)

# What a result's ``data`` holds per system (docs/architecture.md); the engine checks it.
# Nothing is required: a hand marked not played has empty data.
RESULT_DATA = {
    # "credit": what the players of a table that never reported score (set at round close)
    "drive": _obj(
        {"tricks": SIDES_NS, "revokes": SIDES_NS, "credit": {"oneOf": [NUMBER, STR]}},
        extra=False,
    ),
    "rubber": _obj(
        {
            "tricks": SIDES_AB,
            "honours": SIDES_AB,
            "revokes": {
                "type": "array",
                "items": _obj({"side": {"type": "string", "enum": ["A", "B"]}, "penalty": STR}),
            },
        },
        extra=False,
    ),
    "bidwhist": _obj(
        {"bid": STR, "bidder": STR, "books": INT, "dealer": INT, "auction": AUCTION},
        extra=False,
    ),
    "esmakker": _obj(
        {
            "contract": _obj(
                {
                    "declarer": STR,
                    "bid": STR,
                    "trump": NULL_STR,
                    "partner_ace": NULL_STR,
                    "partner": NULL_STR,
                    "kitty_exchanged": INT,
                }
            ),
            "tricks": INT,
            "dealer": STR,
            "auction": AUCTION,
        },
        extra=False,
    ),
}

# The top level of each engine's answer (docs/scoring.md).
ENGINE_OUTPUT = {
    "drive": {"hands": "array", "standings": "array", "prizes": "object", "warnings": "array"},
    "rubber": {"hands": "array", "games": "array", "rubber": "object"},
    "bidwhist": {"hands": "array", "game": "object"},
    "esmakker": {"hands": "array", "totals": "object"},
}

_RULE_TYPES = {
    "bool": {"type": "boolean"},
    "int": INT,
    "str": STR,
    "str | None": NULL_STR,
    "int | float | None": {"type": "number", "nullable": True},
}


def rules_schema(system: str) -> dict:
    """The ``rules`` object of ``system``: its preset names and its rules' JSON types."""
    engine = import_module(f"scoring.{system}")
    fields = dataclasses.fields(getattr(engine, ENGINE_RULES[system]))
    properties = {f.name: _RULE_TYPES.get(str(f.type), {}) for f in fields}
    presets = sorted(getattr(engine, "PRESETS", {}))
    if presets:
        properties["preset"] = {"type": "string", "enum": presets}
    return _obj(properties)


def _result(system: str) -> dict:
    return _obj(
        {
            "system": {"type": "string", "enum": [system]},
            "event": STR,
            "hand": INT,
            "table": INT,
            "version": INT,
            "status": {
                "type": "string",
                "enum": ["entered", "confirmed", "disputed", "not_played"],
            },
            "counts": {"type": "boolean"},
            "data": ref(f"{TITLES[system]}ResultData"),
            "tricks_ns": {**INT, "nullable": True},
            "source": STR,
            "created_at": {**NULL_STR, "format": "date-time"},
            "confirmed_at": {**NULL_STR, "format": "date-time"},
        },
        required=["system", "event", "hand", "table", "version", "status", "data"],
    )


def components() -> dict:
    """Schemas added to ``components.schemas`` (SPECTACULAR_SETTINGS' APPEND_COMPONENTS)."""
    schemas = {"Error": ERROR}
    for system in SYSTEMS:
        title = TITLES[system]
        schemas[f"{title}ResultData"] = RESULT_DATA[system]
        schemas[f"{title}Result"] = _result(system)
        schemas[f"{title}Rules"] = rules_schema(system)
        schemas[f"{title}Record"] = _obj(
            {
                "rules": ref(f"{title}Rules"),
                "players": {"type": "array", "items": {}},
                "hands": {"type": "array", "items": {"type": "object"}},
            }
        )
        schemas[f"{title}Score"] = _obj(
            {key: {"type": kind} for key, kind in ENGINE_OUTPUT[system].items()},
            required=list(ENGINE_OUTPUT[system]),
        )
    schemas["Result"] = {
        "oneOf": [ref(f"{TITLES[s]}Result") for s in SYSTEMS],
        "discriminator": {
            "propertyName": "system",
            "mapping": {s: f"#/components/schemas/{TITLES[s]}Result" for s in SYSTEMS},
        },
    }
    schemas["ResultData"] = {"anyOf": [ref(f"{TITLES[s]}ResultData") for s in SYSTEMS]}
    schemas["ScoringRecord"] = {"anyOf": [ref(f"{TITLES[s]}Record") for s in SYSTEMS]}
    schemas["ScoringOutput"] = {"anyOf": [ref(f"{TITLES[s]}Score") for s in SYSTEMS]}
    return {"schemas": schemas}


def body(name: str) -> dict:
    """A request or response body given as one of the components above."""
    return {"application/json": ref(name)}


# ---------------------------------------------------------------- error answers


DESCRIPTIONS = {
    400: "Malformed or invalid input (E_JSON, E_INVALID)",
    401: "Not logged in, or a wrong token (E_AUTH)",
    403: "Logged in but not allowed (E_FORBIDDEN)",
    404: "No such thing, or not yours (E_NOT_FOUND)",
    409: "The state or version changed (E_STALE, ...); ETag: the current version",
    412: "Precondition failed",
    413: "The body is too big (E_TOO_BIG)",
    415: "Not JSON (E_MEDIA_TYPE)",
    422: "Refused by a rule (a domain or engine error code)",
    428: "Say which version you change: If-Match (E_VERSION_REQUIRED); ETag: the current version",
    429: "Too many wrong table links from this address (E_THROTTLED)",
}


def errors(*statuses: int) -> dict:
    """``extend_schema(responses=...)`` entries for a view's own error answers (409, 428, ...),
    in the one error shape; the common ones come from ``ApiAutoSchema``."""
    return {
        status: OpenApiResponse(response=ref("Error"), description=DESCRIPTIONS[status])
        for status in statuses
    }


def add_components(result, generator, request, public):
    """drf-spectacular post-processing hook: append ``components()`` to the schema."""
    result.setdefault("components", {}).setdefault("schemas", {}).update(components()["schemas"])
    return result


class ApiAutoSchema(AutoSchema):
    """Adds to every operation the error answers any view of its kind can give, so that
    no view lists them by hand: 401/403 where a login is needed, 404 where the path names
    something, 400/413/415/422 where a body is read, 429 where a table token is accepted."""

    def _error_statuses(self) -> set[int]:
        view = self.view
        statuses = {400}
        if not any(p is AllowAny for p in getattr(view, "permission_classes", [])):
            statuses |= {401, 403}
        if "{" in self.path:
            statuses.add(404)
        if self.method in ("POST", "PUT", "PATCH"):
            statuses |= {413, 415, 422}
        names = {cls.__name__ for cls in getattr(view, "authentication_classes", [])}
        if "TableTokenAuthentication" in names:
            statuses.add(429)
        return statuses

    def _get_response_bodies(self, direction="response"):
        responses = super()._get_response_bodies(direction)
        if direction != "response":
            return responses
        for status in sorted(self._error_statuses()):
            if str(status) not in responses:
                responses[str(status)] = {
                    "description": DESCRIPTIONS[status],
                    "content": {"application/json": {"schema": ref("Error")}},
                }
        return responses
