"""Prizes handed out from the ranked units, each with its reason, and the standings result."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.models import Event
from tournaments.selectors.standings.units import reposition


def ordinal(n: int) -> str:
    return _("%(n)d. place") % {"n": n} if n > 3 else {1: _("1st"), 2: _("2nd"), 3: _("3rd")}[n]


def _winners(rows: list[dict]) -> list[dict]:
    return [{"key": r["key"], "name": r["name"]} for r in rows]


def _groups(rows: list[dict], field_name: str = "position") -> list[list[dict]]:
    groups: list[list[dict]] = []
    for row in rows:
        if groups and groups[-1][0][field_name] == row[field_name]:
            groups[-1].append(row)
        else:
            groups.append([row])
    return groups


def _allocate(
    ranked: list[dict],
    half_ranked: list[dict],
    categories: dict[str, list[dict]],
    rules: dict,
    *,
    no_double: bool,
    score_field: str,
    unit_label: str,
) -> list[dict]:
    """Prizes in order (places, category places, half-time, special, booby), each with a reason.

    A tie for a place takes the places it covers (two tied 2nd share 2nd and 3rd).
    With ``no_double`` a unit already holding a prize is passed over and the prize
    goes to the next in line.
    """
    taken: set[str] = set()
    prizes: list[dict] = []

    def pool(rows: list[dict]) -> list[dict]:
        return [r for r in rows if not (no_double and r["key"] in taken)]

    def award(code: str, label: str, rows: list[dict], reason: str) -> None:
        taken.update(r["key"] for r in rows)
        prizes.append({"code": code, "label": label, "winners": _winners(rows), "reason": reason})

    def places(rows: list[dict], prefix: str, code: str) -> None:
        slot = 1
        for group in _groups(pool(rows)):
            if slot > rules["places"]:
                break
            value = group[0][score_field]
            reason = _("%(place)s with %(value)s %(unit)s") % {
                "place": ordinal(slot),
                "value": _fmt(value),
                "unit": unit_label,
            }
            if len(group) > 1:
                reason += " " + _("(tied, sharing %(n)d prizes)") % {"n": len(group)}
            award(code, f"{prefix}{ordinal(slot)}", group, reason)
            slot += len(group)

    places(ranked, "", "place")
    for role, rows in categories.items():
        places(rows, f"{_category_label(role)}: ", f"category:{role}")
    if rules.get("half_time") and half_ranked:
        field_name = "half_plus_minus" if score_field == "plus_minus" else "half_time"
        candidates = pool(half_ranked)
        if candidates:
            group = _groups(candidates)[0]
            award(
                "half_time",
                _("Half-time leader"),
                group,
                _("Leading after hand %(hand)d with %(value)s %(unit)s")
                % {"hand": rules["half"], "value": _fmt(group[0][field_name]), "unit": unit_label},
            )
    if rules.get("special") == "ten_plus":
        candidates = pool(ranked)
        best = max((r["ten_plus"] for r in candidates), default=0)
        if best:
            award(
                "ten_plus",
                _("Special prize"),
                [r for r in candidates if r["ten_plus"] == best],
                _("Most hands with 10 or more tricks (%(n)d)") % {"n": best},
            )
    if rules.get("booby"):
        candidates = pool(ranked)
        if candidates and len(ranked) > 1:
            group = _groups(candidates)[-1]
            award(
                "booby",
                _("Booby prize"),
                group,
                _("Lowest score: %(value)s %(unit)s")
                % {"value": _fmt(group[0][score_field]), "unit": unit_label},
            )
    return prizes


def _fmt(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:+g}" if value < 0 else f"{value:g}"
    return str(value)


def _category_label(role: str) -> str:
    return {"lady": _("Ladies"), "gent": _("Gents")}.get(role, role)


UNIT_LABELS = {  # what a drive's score field counts; other systems count points (or net)
    "total": gettext_lazy("tricks"),
    "plus_minus": gettext_lazy("tricks against the direction average"),
    "net": gettext_lazy("net rubber points"),
}


def finish(
    inp,
    eligible,
    rows,
    prize_rules,
    own,
    *,
    score_field,
    half_ranked=(),
    engine_hands=None,
    hand_lines=None,
):
    event = inp.event
    categories: dict[str, list[dict]] = {}
    if own.get("categories") == "role":
        for role in sorted({r["role"] for r in eligible if r["role"]}):
            categories[role] = reposition([r for r in eligible if r["role"] == role])
    label = (
        UNIT_LABELS.get(score_field) if event.system == "drive" or score_field == "net" else None
    )
    unit_label = str(label or _("points"))
    prizes = (
        []
        if not inp.results
        else _allocate(
            eligible,
            list(half_ranked),
            categories,
            prize_rules,
            no_double=bool(own.get("no_double_prizes")),
            score_field=score_field,
            unit_label=unit_label,
        )
    )
    positions = {r["key"]: r for r in eligible}
    withdrawn = [r for r in rows if r["withdrawn"]]
    return {
        "event": event.slug,
        "kind": event.kind,
        "version": event.version,
        "final": event.status in (Event.Status.FINISHED, Event.Status.PUBLISHED),
        "published": event.status == Event.Status.PUBLISHED,
        "score_field": score_field,
        "unit_label": unit_label,
        "standings": [positions[r["key"]] for r in eligible],
        "categories": categories,
        "withdrawn": withdrawn,
        "prizes": prizes,
        "pending": inp.pending,
        "confirmed": len(inp.results),
        "_hands": engine_hands,
        "_hand_lines": hand_lines,
    }
