"""The entry form's fields: what a game's form is made of, and reading a posted form.

A game lists its ``Field``s (``Game.fields``); ``parse_fields`` reads them from a POST
(the table page's form or one cell of the organizer's grid) before the game builds its
``data`` from the values.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _l
from django.utils.translation import pgettext_lazy

from tournaments.errors import DomainError

SIDES = (("A", _l("N/S")), ("B", _l("E/W")))
SUITS = (
    ("hearts", pgettext_lazy("suit", "hearts")),
    ("diamonds", pgettext_lazy("suit", "diamonds")),
    ("clubs", pgettext_lazy("suit", "clubs")),
    ("spades", pgettext_lazy("suit", "spades")),
)
SEAT_LETTERS = {"N": _l("N"), "E": _l("E"), "S": _l("S"), "W": _l("W"), "X": _l("5th")}  # Danish: N, Ø, S, V


def side_names(players: dict | None, names: dict | None, seats: str) -> str:
    """" (Ann & Bob)": a side's players by name where the form knows who sits there (the
    table's phone, the organizer's grid), so nobody has to work out which side is N/S."""
    numbers = [(players or {}).get(seat) for seat in seats]
    who = [(names or {}).get(n) for n in numbers if n is not None]
    return " ({})".format(" & ".join(w for w in who if w)) if any(who) else ""


def named(label, players: dict | None, names: dict | None, seats: str) -> str:
    """A field's label with the side's names: "Tricks won by N/S (Ann & Bob)"."""
    return f"{label}{side_names(players, names, seats)}" if players else label


def named_sides(players: dict | None, names: dict | None) -> tuple:
    """The N/S and E/W choices, each with its players' names where known."""
    return tuple(
        (code, named(label, players, names, seats))
        for (code, label), seats in zip(SIDES, ("NS", "EW"), strict=True)
    )


def seat_letter(code: str) -> str:
    """A seat's letter as the players read it (Dutch N/O/Z/W); the fifth seat's X stays X."""
    return str(SEAT_LETTERS[code]) if code in ("N", "E", "S", "W") else code


@dataclass(frozen=True)
class Field:
    """One input. ``more`` fields sit behind a "more" control; ``errors`` are the service's fields."""

    name: str
    label: str
    input: str = "int"  # int | choice | text
    choices: tuple = ()
    required: bool = True
    more: bool = False
    minimum: int = 0
    maximum: int = 13
    errors: tuple = ()


def auction_field() -> Field:
    """The optional auction: the calls from the dealer's left, the engine checks it."""
    return Field(
        "auction",
        _l("Auction: the calls from the dealer's left, separated by commas"),
        "text",
        required=False,
        more=True,
        errors=("auction",),
    )


def calls(text: str) -> list[str]:
    return [call.strip() for call in text.split(",") if call.strip()]


def _raw(post, prefix: str, name: str) -> str:
    return (post.get(f"{prefix}{name}") or "").strip()


def _required(f: Field) -> DomainError:
    return DomainError("E_REQUIRED", _("%(label)s is required.") % {"label": f.label}, field=f.name)


def _int(post, prefix: str, f: Field) -> int | None:
    raw = _raw(post, prefix, f.name)
    if raw == "":
        if f.required:
            raise _required(f)
        return None
    try:
        return int(raw)
    except ValueError as exc:
        raise DomainError(
            "E_NUMBER", _("%(label)s must be a whole number.") % {"label": f.label}, field=f.name
        ) from exc


def choice(name: str, label, choices, **options) -> Field:
    return Field(name, label, "choice", tuple(choices), **options)


def _may_be_blank(f: Field) -> bool:
    """A choice with no blank option always posts a value, so it says nothing about whether
    anyone filled the cell in (a grid's untouched Bid Whist cell still posts "uptown")."""
    return f.input != "choice" or any(value == "" for value, _label in f.choices)


def parse_fields(fields: list[Field], post, prefix: str = "") -> dict | None:
    """Each field's value from ``post`` (ints as int), or None when every field is blank."""
    asked = [f for f in fields if (f.input == "int" or f.required) and _may_be_blank(f)]
    if all(_raw(post, prefix, f.name) == "" for f in asked):
        return None
    values = {}
    for f in fields:
        if f.input == "int":
            values[f.name] = _int(post, prefix, f)
            continue
        values[f.name] = _raw(post, prefix, f.name)
        if f.required and not values[f.name]:
            raise _required(f)
    return values
