"""Turning a record's ``rules`` object into a frozen rules dataclass.

Every engine keeps its options as a frozen dataclass plus a dict of named presets;
this module is the single place that merges preset, overrides and defaults and
refuses unknown keys with ``E_RULES``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, TypeVar

from .errors import ScoringError, brief

R = TypeVar("R")


def build_rules(
    cls: type[R],
    raw: Any,
    presets: Mapping[str, Mapping[str, Any]],
    *,
    default_preset: str | None = None,
    aliases: Mapping[str, str] | None = None,
) -> R:
    """Build ``cls`` from ``raw``: the named preset first, then the explicit keys.

    ``aliases`` maps alternative key names (e.g. docs/rules.md's long names) to the
    contract's key. A bad value is reported by the dataclass's ``__post_init__``
    raising ``ScoringError('E_RULES', ...)``.
    """
    if raw is None:
        raw = {}
    if not isinstance(raw, Mapping):
        raise ScoringError("E_RULES", "rules must be a JSON object")
    raw = dict(raw)
    name = raw.pop("preset", default_preset)
    values: dict[str, Any] = {}
    if name is not None:
        if not isinstance(name, str) or name not in presets:
            choices = ", ".join(sorted(presets))
            raise ScoringError("E_RULES", f"unknown preset {brief(name)}; choose one of: {choices}")
        values.update(presets[name])
    fields = {f.name: f for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
    for key, value in raw.items():
        key = (aliases or {}).get(key, key)
        if key not in fields:
            known = ", ".join(sorted(fields))
            raise ScoringError("E_RULES", f"unknown rule {brief(key)}; known rules: {known}")
        _check_type(key, value, fields[key].type)
        values[key] = value
    try:
        return cls(**values)
    except ScoringError:
        raise
    except (TypeError, ValueError, KeyError, AttributeError) as exc:
        # a value of the right JSON type that the dataclass still cannot use
        raise ScoringError("E_RULES", f"rules: {brief(str(exc), 120)}") from exc


# A rule declared as a plain JSON type takes only that type (a bool is no number here);
# other rules (tuples, nested rules, Any) are checked by the dataclass itself.
_JSON_TYPES = {
    "bool": (bool,),
    "int": (int,),
    "str": (str,),
    "str | None": (str, type(None)),
    "int | float | None": (int, float, type(None)),
}


def _check_type(key: str, value: Any, annotation: Any) -> None:
    accepted = _JSON_TYPES.get(str(annotation))
    if accepted is None:
        return
    if (isinstance(value, bool) and bool not in accepted) or not isinstance(value, accepted):
        raise ScoringError("E_RULES", f"rule {key!r} must be {annotation}, got {brief(value)}")
