"""Turning a record's ``rules`` object into a frozen rules dataclass.

Every engine keeps its options as a frozen dataclass plus a dict of named presets;
this module is the single place that merges preset, overrides and defaults and
refuses unknown keys with ``E_RULES``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, TypeVar

from .errors import ScoringError

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
        if name not in presets:
            choices = ", ".join(sorted(presets))
            raise ScoringError("E_RULES", f"unknown preset {name!r}; choose one of: {choices}")
        values.update(presets[name])
    known = {f.name for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
    for key, value in raw.items():
        key = (aliases or {}).get(key, key)
        if key not in known:
            raise ScoringError("E_RULES", f"unknown rule {key!r}; known rules: {', '.join(sorted(known))}")
        values[key] = value
    try:
        return cls(**values)
    except TypeError as exc:  # a preset missing a required field is our bug, not the user's
        raise ScoringError("E_RULES", str(exc)) from exc


def rules_to_dict(rules: Any) -> dict[str, Any]:
    """The rules as plain JSON data (tuples become lists), e.g. to echo them in output."""
    def plain(value: Any) -> Any:
        if isinstance(value, tuple | list):
            return [plain(v) for v in value]
        if isinstance(value, dict):
            return {k: plain(v) for k, v in value.items()}
        return value

    return {f.name: plain(getattr(rules, f.name)) for f in dataclasses.fields(rules)}
