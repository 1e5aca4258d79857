"""A player's own page: where they sit now and next, and their running card.

Reached from the link or QR code on their movement card: the event's slug, the entry
number and a short code derived from the secret key (``player_code``), so a player sees
their own page without an account and cannot guess another's.
"""

from __future__ import annotations

from collections import Counter

from django.utils.crypto import constant_time_compare, salted_hmac
from django.utils.translation import gettext as _

from tournaments.errors import NotFound
from tournaments.games import game_for
from tournaments.models import ALL_SEATS, Entry, Event, Round, Seating
from tournaments.selectors.standings import event_detail, event_standings
from tournaments.selectors.standings.cards import sit_out_credit

CODE_LENGTH = 6


def player_code(event_id: int, number: int) -> str:
    return salted_hmac("whistdrive.player-page", f"{event_id}:{number}").hexdigest()[:CODE_LENGTH]


def player_for_code(*, slug: str, number: int, code: str) -> Entry:
    """The entry the link names, or NotFound (the same answer for a wrong code)."""
    entry = (
        Entry.objects.select_related("event", "player", "pair")
        .filter(event__slug=slug, number=number)
        .first()
    )
    if entry is None or not constant_time_compare(code, player_code(entry.event_id, number)):
        raise NotFound("E_NOT_FOUND", _("This player link is not valid."))
    return entry


def _places(entry: Entry) -> list[dict]:
    """Each seated round of the entry: table, seat, partner and opponents (or sitting out)."""
    mine = list(
        Seating.objects.filter(entry=entry)
        .select_related("round", "table")
        .order_by("round__number")
    )
    at_tables = Seating.objects.filter(
        round_id__in=[s.round_id for s in mine if s.table_id],
        table_id__in=[s.table_id for s in mine if s.table_id],
    ).select_related("entry__player")
    people = {(s.round_id, s.table_id, s.seat): s.entry for s in at_tables}
    game = game_for(entry.event)
    places = []
    for s in mine:
        place = {"round": s.round.number, "status": s.round.status, "table": None, "seat": ""}
        if s.table_id:
            at = {seat: people.get((s.round_id, s.table_id, seat)) for seat in ALL_SEATS}
            place.update(table=s.table.number, seat=s.seat, opponents=[], others=[])
            if game.partnerships:  # partners by seat, as the game says for a hand
                mates, others = game.hand_sides(None, {}, s.seat)
                partner = at[mates[0]]
                place.update(
                    partner=partner,
                    ghost=partner is None and entry.event.ghost_seats,  # partners the ghost
                    opponents=[at[o] for o in others if at[o]],
                )
            else:  # Es-makker: partners change by the hand, so everyone at the table
                place["others"] = [at[o] for o in ALL_SEATS if at[o] and o != s.seat]
        places.append(place)
    return places


def _marked(entry: Entry) -> bool:
    """Cannot move: the player, or in a pairs event either player of the pair."""
    if entry.stationary:
        return True
    if not (entry.event.uses_pairs and entry.pair_id):
        return False
    return Entry.objects.filter(pair_id=entry.pair_id, stationary=True).exists()


def _home(entry: Entry, places: list[dict]) -> tuple[bool, list[dict]]:
    """For someone who cannot move: (the seating keeps them at one table and seat, or a
    pair on one side; the rounds in which it cannot, which they must be told)."""
    seated = [p for p in places if p["table"]]
    if not seated or not _marked(entry):
        return False, []
    pairs = entry.event.uses_pairs

    def spot(p: dict) -> tuple:
        return p["table"], p["seat"] in "NS" if pairs else p["seat"]

    home = Counter(spot(p) for p in seated).most_common(1)[0][0]
    away = [p for p in seated if spot(p) != home]
    return not away, away


def player_page(*, entry: Entry) -> dict:
    event: Event = entry.event
    places = _places(entry)
    keeps_seat, away = _home(entry, places)
    now = next((p for p in places if p["status"] == Round.Status.OPEN), None)
    upcoming = [p for p in places if p["status"] == Round.Status.PENDING]
    standings = event_standings(event=event)
    rows = standings["standings"] + standings["withdrawn"]
    unit = next((r for r in rows if entry.number in r.get("numbers", [])), None)
    card, paper = None, []  # a paper-card evening has no hands: the totals off the card
    if event.paper_cards:
        paper = list(
            entry.card_totals.order_by("round_number").values_list("round_number", "tricks")
        )
    elif unit:
        card = event_detail(event=event)["cards"].get(unit["key"])
    return {
        "event": event,
        "entry": entry,
        "now": now,
        "next": upcoming[0] if upcoming else None,
        "later": upcoming[1:],  # a fixed movement's whole evening, there to look ahead
        "moves_by_result": event.is_progressive,
        "keeps_seat": keeps_seat,
        "away": away,
        "finished": event.status in (Event.Status.FINISHED, Event.Status.PUBLISHED),
        "unit": unit,
        "card": card or [],
        "paper": paper,
        "credit": sit_out_credit(unit, card) if card else None,
        "s": standings,
    }
