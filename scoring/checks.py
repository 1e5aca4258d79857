"""Small validators shared by the engines, so every engine words and codes its refusals alike.

Each raises ``ScoringError`` with the caller's code and the 1-based hand position,
which is what lets an organizer find the offending row.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from typing import Any

from .errors import ScoringError, brief


def is_int(value: Any) -> bool:
    """True for a JSON integer; ``True``/``False`` are not numbers here."""
    return isinstance(value, int) and not isinstance(value, bool)


def require_int(
    value: Any, lo: int, hi: int | None, code: str, what: str, hand: int | None = None
) -> int:
    """``value`` as an int in ``lo..hi`` (``hi=None``: no upper bound), else ``code``."""
    if not is_int(value) or value < lo or (hi is not None and value > hi):
        bound = f"{lo}..{hi}" if hi is not None else f">= {lo}"
        raise ScoringError(code, f"{what} must be an integer {bound}, got {brief(value)}", hand)
    return value


def require_choice(
    value: Any, choices: Iterable[str], code: str, what: str, hand: int | None = None
) -> str:
    """``value`` if it is one of ``choices``, else ``code`` naming the choices."""
    choices = tuple(choices)
    if not isinstance(value, str) or value not in choices:
        raise ScoringError(code, f"{what} must be one of {', '.join(choices)}; got {brief(value)}", hand)
    return value


def require_mapping(value: Any, what: str, hand: int | None = None) -> Mapping:
    """``value`` if it is a JSON object; a wrong shape is ``E_JSON``."""
    if not isinstance(value, Mapping):
        raise ScoringError("E_JSON", f"{what} must be a JSON object, got {brief(value)}", hand)
    return value


def record_parts(record: Any, parse_rules: Callable[[Any], Any]) -> tuple[Mapping, Any, list]:
    """A record's checked shape: the record, its parsed rules and its list of hands."""
    record = require_mapping(record, "the record")
    rules = parse_rules(record.get("rules"))
    rows = record.get("hands", [])
    if not isinstance(rows, list):
        raise ScoringError("E_JSON", "'hands' must be a list")
    return record, rules, rows


def contract_fields(row: Mapping, aliases: Mapping[str, str]) -> Mapping:
    """``row`` with docs/rules.md's per-hand field names renamed to the contract's.

    docs/rules.md §B1-B3 show each hand's input with descriptive names (``books_bidder``,
    ``offender``, ...); the contract's name wins when a row gives both.
    """
    if not any(old in row for old in aliases):
        return row
    renamed = dict(row)
    for old, new in aliases.items():
        if old in renamed:
            value = renamed.pop(old)
            renamed.setdefault(new, value)
    return renamed


def check_tricks(raw: Any, sides: tuple[str, str], hand: int | None = None) -> dict[str, int]:
    """The two sides' tricks of one deal: each 0..13 (``E_TRICKS_RANGE``), summing to 13."""
    raw = require_mapping(raw, "tricks", hand)
    tricks = {}
    for side in sides:
        tricks[side] = require_int(
            raw.get(side), 0, 13, "E_TRICKS_RANGE", f"tricks for {side}", hand
        )
    extra = set(raw) - set(sides)
    if extra:
        raise ScoringError(
            "E_JSON", f"tricks has unknown sides {sorted(extra)}; use {list(sides)}", hand
        )
    total = sum(tricks.values())
    if total != 13:
        detail = " + ".join(str(tricks[s]) for s in sides)
        raise ScoringError("E_TRICKS_TOTAL", f"tricks must sum to 13, got {detail} = {total}", hand)
    return tricks


def plain_number(value: Fraction | int) -> int | float:
    """An exact score as JSON: an int where whole, else rounded to 2 places (docs/rules.md)."""
    if isinstance(value, Fraction):
        if value.denominator == 1:
            return int(value)
        return round(float(value), 2)
    return value
