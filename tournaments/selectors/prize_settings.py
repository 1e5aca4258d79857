"""Who gets a prize, as the organizer set it up: ``Event.prize_settings``.

Kept apart from ``Event.rules`` because it never rescores a hand, so it stays editable
until the results are published. ``overlay`` turns it into the standings' prize options
(the keys ``Event.rules`` used to carry), so old events without settings rank as before.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _l

from tournaments.errors import DomainError

# One list, an overall list plus one per role, or the role lists alone (many UK drives give
# only ladies' and gents' prizes); the organizer page and the API offer these, for games
# whose players have roles (drives).
CATEGORIES = (
    ("", _l("one list for everybody")),
    ("role", _l("overall, plus ladies' and gents' lists")),
    ("role_only", _l("ladies' and gents' prizes only (no overall places)")),
)
ROLE_LISTS = ("role", "role_only")  # the settings that give ladies' and gents' lists
TIES = ("share", "lot")  # tied players share the prizes they cover, or a recorded draw splits them
MAX_PLACES = 20
MAX_SPECIALS = 10
DEFAULTS: dict[str, Any] = {
    "places": 3,
    "categories": "",  # "role": ladies' and gents' lists besides the overall one; "role_only"
    "half_time": False,
    "booby": False,
    "ten_plus": False,
    "no_double": False,
    "half_time_apart": False,  # with no_double: the half-time prize does not count
    "ties": "share",
    "specials": [],  # [{"name": ..., "winner": standings key or ""}]
    "consolation": False,
    "seed": 0,  # the recorded seed of every draw by lot (ties, consolation)
    "draw": None,  # the consolation draw: {"seed", "pool", "winner"}
}


def settings_of(event) -> dict:
    """The event's prize settings with defaults filled in; none stored yet: what its rules
    and game give today (a drive's half-time and booby prizes are on by default)."""
    if event.prize_settings:
        return {**DEFAULTS, **event.prize_settings}
    from tournaments.games import game_for

    rules = event.rules or {}
    prizes = {**game_for(event).prize_defaults, **(rules.get("prizes") or {})}
    return {
        **DEFAULTS,
        "places": prizes.get("places", DEFAULTS["places"]),
        "half_time": bool(prizes.get("half_time")),
        "booby": bool(prizes.get("booby")),
        "ten_plus": prizes.get("special") == "ten_plus",
        "categories": rules.get("categories") or "",
        "no_double": bool(rules.get("no_double_prizes")),
        "half_time_apart": bool(rules.get("half_time_apart")),
    }


def overlay(rules: dict | None, settings: dict | None) -> dict:
    """``Event.rules`` with the prize settings in place of its own prize keys."""
    merged = dict(rules or {})
    if not settings:
        return merged
    s = {**DEFAULTS, **settings}
    merged["prizes"] = {
        "places": s["places"],
        "half_time": s["half_time"],
        "booby": s["booby"],
        **({"special": "ten_plus"} if s["ten_plus"] else {}),
    }
    merged.pop("categories", None)
    if s["categories"]:
        merged["categories"] = s["categories"]
    merged["no_double_prizes"] = bool(s["no_double"])
    merged["half_time_apart"] = bool(s["half_time_apart"])
    return merged


def refuse_unknown(data: dict, known, code: str) -> None:
    """A key nobody reads is a typing slip: say which, rather than store it."""
    unknown = sorted(set(data) - set(known))
    if unknown:
        raise DomainError(code, _("Unknown field: %(f)s.") % {"f": ", ".join(unknown)})


def clean(data: dict) -> dict:
    """Checked settings from the organizer's form or the API (clear errors, nothing guessed)."""
    refuse_unknown(data, DEFAULTS, "E_PRIZES")
    s = {**DEFAULTS, **data}
    places = s["places"]
    if not isinstance(places, int) or isinstance(places, bool) or not 0 <= places <= MAX_PLACES:
        raise DomainError(
            "E_PRIZES",
            _("The number of places must be a whole number from 0 to %(n)d.") % {"n": MAX_PLACES},
            field="places",
        )
    if s["categories"] not in dict(CATEGORIES):
        raise DomainError(
            "E_PRIZES", _("Choose one list or ladies' and gents' lists."), field="categories"
        )
    if s["ties"] not in TIES:
        raise DomainError("E_PRIZES", _("Choose how ties are settled."), field="ties")
    specials = s["specials"] or []
    if len(specials) > MAX_SPECIALS or not all(
        isinstance(x, dict) and str(x.get("name", "")).strip() for x in specials
    ):
        raise DomainError(
            "E_PRIZES",
            _("Each special prize needs a name (at most %(n)d prizes).") % {"n": MAX_SPECIALS},
            field="specials",
        )
    s["specials"] = [
        {"name": str(x["name"]).strip()[:80], "winner": str(x.get("winner") or "")}
        for x in specials
    ]
    for key in ("half_time", "booby", "ten_plus", "no_double", "half_time_apart", "consolation"):
        s[key] = bool(s[key])
    return s
