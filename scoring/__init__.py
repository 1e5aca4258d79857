"""Pure scoring engines for whist: drive, rubber, bidwhist and esmakker.

Standard library only (house rule 1). One JSON contract for Python, the CLI and
REST: ``score(system, record) -> dict`` or ``ScoringError``.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from .errors import ScoringError, brief

SYSTEMS = ("drive", "rubber", "bidwhist", "esmakker")

__all__ = ["SYSTEMS", "ScoringError", "score"]


def score(system: str, record: Any) -> dict:
    """Score ``record`` (a dict: ``{"rules": ..., "hands": [...]}``) with ``system``'s engine."""
    if system not in SYSTEMS:
        raise ScoringError(
            "E_SYSTEM",
            f"unknown scoring system {brief(system)}; choose one of: {', '.join(SYSTEMS)}",
        )
    if not isinstance(record, dict):
        raise ScoringError("E_JSON", "the record must be a JSON object with 'rules' and 'hands'")
    hands = record.get("hands", [])
    if not isinstance(hands, list):
        raise ScoringError("E_JSON", "'hands' must be a list")
    engine = import_module(f"{__name__}.{system}")
    return engine.score(record)
