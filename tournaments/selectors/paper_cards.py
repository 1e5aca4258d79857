"""Reading a paper-card evening: the totals typed in, the MC's flags, the cards to check."""

from __future__ import annotations

from collections import defaultdict

from django.utils.translation import gettext as _

from tournaments.models import CardTotal, Entry, Event, Hand, Seating
from tournaments.selectors.standings import event_standings

FINAL = 0  # CardTotal.round_number of a final total


def card_round_hands(event: Event, round_number: int) -> int:
    """Hands a card total covers: the whole event, or one round's hands."""
    if round_number == FINAL:
        return event.hands
    return Hand.objects.filter(event=event, round__number=round_number).count() or (
        event.hands_per_round
    )


def card_sheet(*, event: Event, round_number: int) -> list[dict]:
    """Every player with the total typed in for the round (None: not yet)."""
    typed = dict(
        CardTotal.objects.filter(event=event, round_number=round_number).values_list(
            "entry_id", "tricks"
        )
    )
    return [
        {"number": e.number, "name": e.player.name, "tricks": typed.get(e.pk)}
        for e in Entry.objects.filter(event=event).select_related("player").order_by("number")
    ]


def card_flags(*, event: Event, round_number: int) -> list[str]:
    """What the MC should look at in a round's totals: partners whose cards disagree, and
    tables whose two sides do not add up to 13 tricks a hand. Final totals have no check."""
    if round_number == FINAL:
        return []
    typed = {
        c.entry_id: c.tricks
        for c in CardTotal.objects.filter(event=event, round_number=round_number)
    }
    tables: dict[int, dict[str, tuple[int, int | None]]] = defaultdict(dict)
    for s in Seating.objects.filter(
        event=event, round__number=round_number, table__isnull=False
    ).select_related("table", "entry"):
        tables[s.table.number][s.seat] = (s.entry.number, typed.get(s.entry_id))
    most = 13 * card_round_hands(event, round_number)
    flags = []
    for table, seats in sorted(tables.items()):
        sides = []
        for a, b in (("N", "S"), ("E", "W")):
            (na, ta), (nb, tb) = seats.get(a, (None, None)), seats.get(b, (None, None))
            if ta is not None and tb is not None and ta != tb:
                flags.append(
                    _("Table %(t)d: partners %(a)s and %(b)s disagree (%(x)d and %(y)d).")
                    % {"t": table, "a": na, "b": nb, "x": ta, "y": tb}
                )
            sides.append(ta if ta is not None else tb)
        if None not in sides and len(sides) == 2 and sum(sides) != most:
            flags.append(
                _("Table %(t)d: the two sides make %(sum)d tricks, not %(most)d.")
                % {"t": table, "sum": sum(sides), "most": most}
            )
    return flags


def card_check_list(*, event: Event) -> list[dict]:
    """The top of the standings (the MC's ``card_check_top``, ties included) to check."""
    rows = event_standings(event=event)["standings"]
    top = [r for r in rows if r["position"] <= event.card_check_top]
    unchecked = set(
        CardTotal.objects.filter(event=event, checked=False).values_list("entry_id", flat=True)
    )
    return [
        {**r, "entry_id": r["entries"][0], "checked": not unchecked.intersection(r["entries"])}
        for r in top
    ]
