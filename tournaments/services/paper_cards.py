"""Paper-card evenings: the players keep their own score cards and the MC types in totals.

Either each player's total per round (the selectors flag partners who disagree and tables
whose sides do not add up to 13 tricks a hand) or only the final totals; the standings
rank whatever is entered. The MC then checks the top few against the cards themselves.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.errors import DomainError, NotFound
from tournaments.games import game_for
from tournaments.models import CardTotal, Entry, Event
from tournaments.selectors.paper_cards import FINAL, card_check_list, card_round_hands
from tournaments.services.common import event_lock, event_log, event_mark_changed


def _require_mode(event: Event, round_number: int) -> None:
    if not event.paper_cards:
        raise DomainError(
            "E_PAPER_CARDS", _("This event takes every hand's result, not card totals.")
        )
    if event.status == Event.Status.PUBLISHED:
        raise DomainError(
            "E_EVENT_STATUS", _("The results are published: reopen the event to change it.")
        )
    final = event.paper_cards == Event.PaperCards.FINAL
    if final and round_number != FINAL:
        raise DomainError("E_ROUND", _("This event takes final totals only."), field="round")
    if not final and not 1 <= round_number <= event.round_count:
        raise DomainError(
            "E_ROUND",
            _("Choose a round from 1 to %(n)d.") % {"n": event.round_count},
            field="round",
        )


@transaction.atomic
def card_totals_enter(
    *, event_id: int, round_number: int, totals: dict[int, int | None], actor=None
) -> int:
    """Store the totals typed in for a round (or the final), by entry number; None clears one.

    A total that changes loses its check. Returns how many totals the round now has.
    """
    event = event_lock(event_id=event_id)
    _require_mode(event, round_number)
    most = 13 * card_round_hands(event, round_number)
    entries = dict(Entry.objects.filter(event=event).values_list("number", "pk"))
    unknown = sorted(set(totals) - set(entries))
    if unknown:
        raise DomainError(
            "E_ENTRY", _("No player number %(n)s in this event.") % {"n": unknown[0]}
        )
    for number, tricks in totals.items():
        if tricks is not None and not 0 <= tricks <= most:
            raise DomainError(
                "E_TRICKS",
                _("Player %(n)s: a total is 0 to %(most)d tricks.") % {"n": number, "most": most},
                field=f"p{number}",
            )
    existing = {
        c.entry_id: c for c in CardTotal.objects.filter(event=event, round_number=round_number)
    }
    changed = 0
    for number, tricks in totals.items():
        row = existing.get(entries[number])
        if tricks is None:
            if row is not None:
                row.delete()
                changed += 1
        elif row is None:
            CardTotal.objects.create(
                event=event, entry_id=entries[number], round_number=round_number, tricks=tricks
            )
            changed += 1
        elif row.tricks != tricks:
            row.tricks, row.checked = tricks, False
            row.save(update_fields=["tricks", "checked"])
            changed += 1
    if changed:
        event_log(event=event, action="cards", actor=actor, round=round_number, changed=changed)
        event_mark_changed(event=event)
    return CardTotal.objects.filter(event=event, round_number=round_number).count()


@transaction.atomic
def card_check(*, event_id: int, entry_id: int, tricks: int, actor=None) -> bool:
    """The MC reads a player's card: ``tricks`` is its total. Returns True if it matched.

    With final totals a differing card corrects the total (the card is the record); with
    round totals the MC must correct the round that is wrong, so nothing is marked.
    """
    event = event_lock(event_id=event_id)
    _require_mode(event, FINAL if event.paper_cards == Event.PaperCards.FINAL else 1)
    rows = list(CardTotal.objects.filter(event=event, entry_id=entry_id).order_by("round_number"))
    if not rows:
        raise NotFound("E_NOT_FOUND", _("No card total for that player."))
    entered = sum(r.tricks for r in rows)
    if entered != tricks and event.paper_cards == Event.PaperCards.ROUNDS:
        raise DomainError(
            "E_CARD_DIFFERS",
            _("The card says %(card)d but the rounds add up to %(entered)d: correct the round.")
            % {"card": tricks, "entered": entered},
            field="tricks",
        )
    if entered != tricks:
        if not 0 <= tricks <= 13 * event.hands:
            raise DomainError(
                "E_TRICKS",
                _("A total is 0 to %(most)d tricks.") % {"most": 13 * event.hands},
                field="tricks",
            )
        rows[0].tricks = tricks
        number = Entry.objects.get(pk=entry_id).number
        event_log(
            event=event, action="card_corrected", actor=actor, entry=number, old=entered, to=tricks
        )
    for row in rows:
        row.checked = True
        row.save(update_fields=["tricks", "checked"])
    event_mark_changed(event=event)
    return entered == tricks


@transaction.atomic
def event_paper_cards_set(*, event_id: int, mode: str, check_top: int, actor=None) -> Event:
    """Choose how results come in. Totals already typed in stay (they count again if the
    mode comes back); switching to hands entered at the tables ranks by those alone."""
    event = event_lock(event_id=event_id)
    if mode not in Event.PaperCards.values:
        raise DomainError("E_PAPER_CARDS", _("Unknown way of taking results."), field="mode")
    if mode and not game_for(event).paper_cards:
        raise DomainError(
            "E_PAPER_CARDS",
            _("Paper cards are for drives; this game is scored hand by hand."),
            field="mode",
        )
    if not 1 <= check_top <= 50:
        raise DomainError("E_CHECK_TOP", _("Check 1 to 50 cards."), field="check_top")
    if event.status == Event.Status.PUBLISHED:
        raise DomainError(
            "E_EVENT_STATUS", _("The results are published: reopen the event to change it.")
        )
    if (event.paper_cards, event.card_check_top) != (mode, check_top):
        event.paper_cards, event.card_check_top = mode, check_top
        event.save(update_fields=["paper_cards", "card_check_top"])
        event_log(event=event, action="paper_cards", actor=actor, mode=mode)
        event_mark_changed(event=event)
    return event


def paper_cards_require_entered(event: Event) -> None:
    """Finishing a paper-card evening needs totals, not closed rounds (no hands are entered)."""
    if not CardTotal.objects.filter(event=event).exists():
        raise DomainError("E_NOTHING_PLAYED", _("No card totals have been typed in yet."))


def paper_cards_require_checked(event: Event) -> None:
    """Publishing needs the MC's check of the top cards: a prize never goes on a typo."""
    waiting = [r["name"] for r in card_check_list(event=event) if not r["checked"]]
    if waiting:
        raise DomainError(
            "E_CARDS_UNCHECKED",
            _("Check the top cards first: %(names)s.") % {"names": ", ".join(waiting[:5])},
        )
