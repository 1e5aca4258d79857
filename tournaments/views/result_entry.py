"""The entry fields of a hand's result per engine: shared by the table page and the grid.

Parsing only: it turns posted fields into the engine's ``data`` (docs/architecture.md)
and back, so the phone form and the organizer's grid cannot drift apart. Checking
the data is the engine's job, through ``services.results``.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _l
from django.utils.translation import pgettext_lazy

from tournaments.error_messages import danish_spelling
from tournaments.errors import DomainError

SUITS = (
    ("hearts", pgettext_lazy("suit", "hearts")),
    ("diamonds", pgettext_lazy("suit", "diamonds")),
    ("clubs", pgettext_lazy("suit", "clubs")),
    ("spades", pgettext_lazy("suit", "spades")),
)
SIDES = (("A", _l("N/S")), ("B", _l("E/W")))
SEAT_LETTERS = {"N": _l("N"), "E": _l("E"), "S": _l("S"), "W": _l("W")}  # Danish: N, Ø, S, V
ESMAKKER_BIDS = tuple(
    [
        f"{n}{' ' + kind if kind else ''}"
        for n in range(7, 14)
        for kind in ("", "halve", "gode", "staerke", "vip", "kvarte")
    ]
    + ["sol", "ren sol", "bordlaegger", "ren bordlaegger", "dobbelt bordlaegger"]
)


# Bid Whist numbers the seats 1 to 4 clockwise; team A (seats 1 and 3) is N/S.
BIDWHIST_SEATS = (
    ("", "-"),
    ("1", _l("North")),
    ("2", _l("East")),
    ("3", _l("South")),
    ("4", _l("West")),
)


@dataclass(frozen=True)
class Field:
    """One input. ``more`` fields sit behind a "more" control; ``errors`` are the service's fields."""

    name: str
    label: str
    kind: str = "int"  # int | choice | text
    choices: tuple = ()
    required: bool = True
    more: bool = False
    minimum: int = 0
    maximum: int = 13
    errors: tuple = ()


def _auction_field() -> Field:
    """The optional auction: the calls from the dealer's left, the engine checks it."""
    return Field(
        "auction",
        _l("Auction: the calls from the dealer's left, separated by commas"),
        "text",
        required=False,
        more=True,
        errors=("auction",),
    )


def _calls(text: str) -> list[str]:
    return [call.strip() for call in text.split(",") if call.strip()]


def fields_for(system: str, players: dict[str, str] | None = None) -> list[Field]:
    """The fields of ``system``; ``players`` (seat -> entry number) fill Es-makker's choices."""
    if system == "drive":
        return [
            Field("tricks_ns", _l("Tricks won by N/S"), errors=("tricks",)),
            Field("revokes_ns", _l("Revokes by N/S"), required=False, more=True, maximum=4),
            Field("revokes_ew", _l("Revokes by E/W"), required=False, more=True, maximum=4),
        ]
    if system == "rubber":
        return [
            Field("tricks_a", _l("Tricks won by N/S"), errors=("tricks",)),
            Field(
                "honours_side",
                _l("Honours held by"),
                "choice",
                (("", _l("nobody")), *SIDES),
                required=False,
                errors=("honours",),
            ),
            Field("honours_count", _l("Number of honours"), required=False, maximum=4),
            Field(
                "revoke_side",
                _l("Revoke by"),
                "choice",
                (("", _l("nobody")), *SIDES),
                required=False,
                more=True,
                errors=("revokes",),
            ),
            Field(
                "revoke_penalty",
                _l("Revoke penalty"),
                "choice",
                (
                    ("", _l("as the rules say")),
                    ("tricks", _l("3 tricks")),
                    ("deduct", _l("deduct 3 points")),
                    ("add", _l("add 3 points")),
                ),
                required=False,
                more=True,
            ),
        ]
    if system == "bidwhist":
        return [
            Field("bid_level", _l("Bid (books over six)"), minimum=1, maximum=7, errors=("bid",)),
            Field(
                "bid_type",
                _l("Bid type"),
                "choice",
                (
                    ("uptown", _l("uptown")),
                    ("downtown", _l("downtown")),
                    ("notrump", _l("no trump")),
                ),
            ),
            Field("bidder", _l("Bidding side"), "choice", SIDES),
            Field("books", _l("Books won by the bidders"), errors=("books",)),
            Field("dealer", _l("Dealer"), "choice", BIDWHIST_SEATS, required=False, more=True),
            _auction_field(),
        ]
    people = tuple(
        (number, _("Player %(n)s (%(seat)s)") % {"n": number, "seat": SEAT_LETTERS.get(seat, seat)})
        for seat, number in (players or {}).items()
    )
    return [
        Field("declarer", _l("Declarer"), "choice", people),
        Field("bid", _l("Bid"), "choice", tuple((b, danish_spelling(b)) for b in ESMAKKER_BIDS), errors=("bid",)),
        Field(
            "trump",
            _l("Trump"),
            "choice",
            (("", "-"), *SUITS, ("none", _l("no trump"))),
            required=False,
            errors=("contract.trump",),
        ),
        Field("partner_ace", _l("Partner ace"), "choice", (("", "-"), *SUITS), required=False),
        Field(
            "partner",
            _l("Partner (holds the ace)"),
            "choice",
            (("", "-"), *people, ("kitty", _l("the ace is in the kitty"))),
            required=False,
            errors=("contract.partner",),
        ),
        Field(
            "kitty_exchanged",
            _l("Cards exchanged with the kitty"),
            required=False,
            maximum=3,
            errors=("contract.kitty_exchanged",),
        ),
        Field("tricks", _l("Tricks won by the declarer's side"), errors=("tricks",)),
        Field("dealer", _l("Dealer"), "choice", (("", "-"), *people), required=False, more=True),
        _auction_field(),
    ]


def _raw(post, prefix: str, name: str) -> str:
    return (post.get(f"{prefix}{name}") or "").strip()


def _int(post, prefix: str, f: Field) -> int | None:
    raw = _raw(post, prefix, f.name)
    if raw == "":
        if f.required:
            raise DomainError(
                "E_REQUIRED", _("%(label)s is required.") % {"label": f.label}, field=f.name
            )
        return None
    try:
        return int(raw)
    except ValueError as exc:
        raise DomainError(
            "E_NUMBER", _("%(label)s must be a whole number.") % {"label": f.label}, field=f.name
        ) from exc


def parse_entry(system: str, post, prefix: str = "") -> dict | None:
    """The engine's ``data`` from posted fields, or None when every field is blank.

    The players only fill choices, which the engine checks, so parsing needs none.
    """
    fields = fields_for(system)
    if all(_raw(post, prefix, f.name) == "" for f in fields if f.kind == "int" or f.required):
        return None
    values = {}
    for f in fields:
        if f.kind == "int":
            values[f.name] = _int(post, prefix, f)
        else:
            value = _raw(post, prefix, f.name)
            if f.required and not value:
                raise DomainError(
                    "E_REQUIRED", _("%(label)s is required.") % {"label": f.label}, field=f.name
                )
            values[f.name] = value
    return BUILDERS[system](values)


def _drive(v: dict) -> dict:
    ns = v["tricks_ns"]
    return {
        "tricks": {"ns": ns, "ew": 13 - ns},
        "revokes": {"ns": v["revokes_ns"] or 0, "ew": v["revokes_ew"] or 0},
    }


def _rubber(v: dict) -> dict:
    a = v["tricks_a"]
    data = {"tricks": {"A": a, "B": 13 - a}, "honours": {}, "revokes": []}
    if v["honours_side"] and v["honours_count"]:
        data["honours"] = {v["honours_side"]: v["honours_count"]}
    if v["revoke_side"]:
        revoke = {"side": v["revoke_side"]}
        if v["revoke_penalty"]:
            revoke["penalty"] = v["revoke_penalty"]
        data["revokes"] = [revoke]
    return data


def _bidwhist(v: dict) -> dict:
    data = {"bid": f"{v['bid_level']} {v['bid_type']}", "bidder": v["bidder"], "books": v["books"]}
    if v["auction"]:
        data["auction"] = _calls(v["auction"])
        data["dealer"] = int(v["dealer"]) if v["dealer"] else None
    return data


def _esmakker(v: dict) -> dict:
    contract = {
        "declarer": v["declarer"],
        "bid": v["bid"],
        "kitty_exchanged": v["kitty_exchanged"] or 0,
    }
    for key in ("trump", "partner_ace"):
        if v[key]:
            contract[key] = v[key]
    if v["partner"]:
        contract["partner"] = None if v["partner"] == "kitty" else v["partner"]
    data = {"contract": contract, "tricks": v["tricks"]}
    if v["auction"]:
        data["auction"] = _calls(v["auction"])
        data["dealer"] = v["dealer"] or None
    return data


BUILDERS = {"drive": _drive, "rubber": _rubber, "bidwhist": _bidwhist, "esmakker": _esmakker}


def initial_values(system: str, data: dict | None) -> dict[str, object]:
    """Field values that show ``data`` again (re-entry, the grid)."""
    if not data:
        return {}
    try:
        if system == "drive":
            return {
                "tricks_ns": data["tricks"]["ns"],
                "revokes_ns": data.get("revokes", {}).get("ns", 0),
                "revokes_ew": data.get("revokes", {}).get("ew", 0),
            }
        if system == "rubber":
            values = {"tricks_a": data["tricks"]["A"]}
            for side, count in (data.get("honours") or {}).items():
                values.update(honours_side=side, honours_count=count)
            for revoke in (data.get("revokes") or [])[:1]:
                values.update(revoke_side=revoke["side"], revoke_penalty=revoke.get("penalty", ""))
            return values
        if system == "bidwhist":
            level, _sep, kind = str(data["bid"]).partition(" ")
            return {
                "bid_level": level,
                "bid_type": kind or "uptown",
                "bidder": data.get("bidder"),
                "books": data["books"],
                "dealer": data.get("dealer"),
                "auction": ", ".join(data.get("auction") or []),
            }
        contract = data["contract"]
        partner = contract.get("partner", "")
        return {
            **{
                k: contract.get(k, "")
                for k in ("declarer", "bid", "trump", "partner_ace", "kitty_exchanged")
            },
            "partner": "kitty" if "partner" in contract and partner is None else partner or "",
            "tricks": data["tricks"],
            "dealer": data.get("dealer"),
            "auction": ", ".join(data.get("auction") or []),
        }
    except (KeyError, TypeError):
        return {}


class BoundFields(list):
    """Bound fields plus what the template needs about them as a whole."""

    has_more = False
    complement = ""  # 13 minus the first (tricks) field, for "the other side took"
    unplaced_error = ""  # an error that belongs beside no field


def bind(fields: list[Field], *, prefix: str = "", values=None, error: DomainError | None = None):
    """Fields ready for a template: name, id, value and the error that belongs beside it."""
    values = values or {}
    bound = BoundFields()
    for f in fields:
        mine = error is not None and (error.field == f.name or error.field in f.errors)
        bound.append(
            {
                "field": f,
                "name": f"{prefix}{f.name}",
                "id": f"id_{prefix}{f.name}",
                "value": "" if values.get(f.name) is None else str(values.get(f.name)),
                "error": error.message if mine else "",
            }
        )
    bound.has_more = any(f.more for f in fields)
    first = bound[0]["value"] if bound else ""
    bound.complement = str(13 - int(first)) if first.lstrip("-").isdigit() else ""
    if error is not None and not any(b["error"] for b in bound):
        bound.unplaced_error = error.message
    return bound


def describe(system: str, data: dict | None) -> str:
    """A short human line for a stored result (table page, grid, history)."""
    if not data:
        return _("not played")
    try:
        if system == "drive":
            return _("N/S %(ns)s, E/W %(ew)s") % data["tricks"]
        if system == "rubber":
            text = _("N/S %(A)s, E/W %(B)s") % data["tricks"]
            for side, count in (data.get("honours") or {}).items():
                text += ", " + _("honours %(side)s %(count)s") % {
                    "side": dict(SIDES)[side],
                    "count": count,
                }
            return text
        if system == "bidwhist":
            return _("%(bid)s by %(side)s, %(books)s books") % {
                "bid": data["bid"],
                "side": dict(SIDES).get(data.get("bidder"), "?"),
                "books": data["books"],
            }
        c = data["contract"]
        return _("player %(declarer)s: %(bid)s, %(tricks)s tricks") % {
            "declarer": c["declarer"],
            "bid": danish_spelling(str(c["bid"])),
            "tricks": data["tricks"],
        }
    except (KeyError, TypeError):
        return str(data)
