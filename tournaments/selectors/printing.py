"""What each printed document shows, as plain data, in a constant number of queries.

A document is a list of *cards* (one per player, pair, table or table-round) or, for
the results sheet and the league schedule, one flowing page. Cards are plain dicts
(JSON-serialisable) so the print service can hash exactly what goes on paper and
render any slice of them (a chunk) on its own.
"""

from __future__ import annotations

from django.utils.formats import date_format
from django.utils.translation import get_language, gettext_lazy, pgettext_lazy
from django.utils.translation import gettext as _

from tournaments.errors import DomainError
from tournaments.games import game_for
from tournaments.games.fields import seat_letter
from tournaments.models import (
    ALL_SEATS,
    FIFTH,
    PARTNER_SEAT,
    SEATS,
    Entry,
    Event,
)
from tournaments.selectors import money
from tournaments.selectors.links import player_url, site_address, table_url
from tournaments.selectors.movement_advice import rule_line
from tournaments.selectors.print_data import Loaded, load_event
from tournaments.selectors.standings import event_standings, has_place
from tournaments.selectors.standings.prizes import prize_lines
from tournaments.trump_words import TRUMPS, show_trumps

SEAT_LABELS = {
    "N": gettext_lazy("North"),
    "E": gettext_lazy("East"),
    "S": gettext_lazy("South"),
    "X": gettext_lazy("Fifth player"),
    "W": gettext_lazy("West"),
}
# The fifth seat in a movement card's narrow seat column ("Fifth player" would not fit).
CARD_SEAT_LABELS = {FIFTH: pgettext_lazy("the fifth seat, in a narrow column", "5th")}
# A movement card's columns to write each hand in, by the game's codes (``Game.card_heads``).
CARD_HEADS = {
    "trump": gettext_lazy("Trump"),
    "tricks": gettext_lazy("Tricks"),
    "bid": pgettext_lazy("a movement card's narrow column", "Bid"),
    "points": gettext_lazy("Points"),
    "games": pgettext_lazy("a movement card's narrow column", "Games"),
    "net": pgettext_lazy("a movement card's narrow column: net rubber points", "Net"),
}


def card_heads(card: dict) -> list[str]:
    """The card's two hand columns in the active language (a job stored before the game
    named them: a drive's)."""
    return [str(CARD_HEADS[code]) for code in card.get("heads") or ("trump", "tricks")]


def _hands(data: Loaded, round_no: int) -> list[dict]:
    """The round's hands with their trumps: the Hand row's if dealt, else the rotation's,
    each with its mark as the print language writes it (♥, or no trumps as "SA")."""
    language = get_language()
    event = data.event
    first = (round_no - 1) * event.hands_per_round + 1
    out = []
    for number in range(first, min(round_no * event.hands_per_round, event.hands) + 1):
        rot = event.trumps[(number - 1) % len(event.trumps)] if event.trumps else ""
        trump = data.trumps.get(number, rot) or ""
        _symbol, label = TRUMPS.get(trump, ("", ""))
        symbol = show_trumps([trump], language) if label else ""
        out.append({"number": number, "trump": trump, "symbol": symbol, "label": str(label)})
    return out


def _one_line(hands: list[dict]) -> list[dict]:
    """A robber round on a movement card: one line for its rubber, the hands as "1–6"."""
    if len(hands) < 2:
        return hands
    span = f"{hands[0]['number']}–{hands[-1]['number']}"
    return [{"number": span, "trump": "", "symbol": "", "label": ""}]


def _person(entry: Entry) -> str:
    return f"{entry.number} {entry.player.name}"


def _empty_seat(data: Loaded, *, short: bool = False) -> str:
    """What a seat nobody holds shows: the ghost with a ghost seat, else nothing."""
    return (_("Ghost") if short else _("Ghost (dummy)")) if data.event.ghost_seats else ""


def _pair_label(data: Loaded, pair_id: int | None) -> str:
    return data.pair_labels.get(pair_id, "") if pair_id else ""


def _require_seated(data: Loaded) -> None:
    if not data.tables:
        raise DomainError(
            "E_NOT_SEATED", _("Seat the players first: there are no tables yet."), field="document"
        )


# --- documents -------------------------------------------------------------------------------


def stationary_note(card: dict) -> str:
    """The line a movement card of someone who keeps one seat carries (page and PDF alike)."""
    if not card.get("stationary"):
        return ""
    if card.get("pairs") and card.get("by_rule"):
        return _(
            "Your pair keeps one table and side all evening: where the rule would move you,"
            " the other pair moves on in your place."
        )
    if card.get("pairs"):
        return _("Your pair keeps one table and side all evening: the others come to you.")
    return _("You keep one seat all evening: the others come to you.")


def _movement_cards(data: Loaded) -> list[dict]:
    event = data.event
    pairs_mode = event.uses_pairs
    where: dict[tuple[int, int], tuple[int, str]] = {}  # (round, unit id) -> (table, seat)
    for (round_no, table_no), seats in data.seats.items():
        for seat, entry_id in seats.items():
            unit = data.entries[entry_id].pair_id if pairs_mode else entry_id
            where[(round_no, unit)] = (table_no, seat)
    resting = {
        (round_no, data.entries[e].pair_id if pairs_mode else e)
        for round_no, ids in data.sit_outs.items()
        for e in ids
    }
    # someone withdrawn before the first round never sits anywhere: no card for them
    playing = [e for e in data.entries.values() if (e.withdrawn_round or 2) > 1]
    if pairs_mode:
        in_play = {e.pair_id for e in playing}
        units = [
            (p.id, _pair_label(data, p.id), p.number)
            for p in sorted(data.pairs.values(), key=lambda p: p.number)
            if p.id in in_play
        ]
    else:
        units = [(e.id, _person(e), e.number) for e in sorted(playing, key=lambda e: e.number)]
    rule = rule_line(event)
    by_seat = game_for(event).partnerships  # else (Es-makker) the card lists the table's others
    heads = list(game_for(event).card_heads)  # codes: a chunk says them in the job's language
    lines = _one_line if game_for(event).card_per_round else list
    fixed = {e.pair_id if pairs_mode else e.id for e in data.entries.values() if e.stationary}
    cards = []
    for unit_id, label, number in units:
        rows = []
        for round_no in data.rounds:
            table_no, seat = where.get((round_no, unit_id), (None, ""))
            row = {
                "round": round_no,
                "table": table_no,
                "seat": seat_letter(seat),  # as the table plan shows it: O, not E, in Dutch
                "seat_label": "",
                "partner": "",
                "partner_no": "",
                "opponents": [],
                "opponent_nos": [],
                "also": [],  # no partner by seat (Es-makker): the table's others after the first
                "sit_out": table_no is None and (round_no, unit_id) in resting,
                "hands": lines(_hands(data, round_no)),
            }
            if table_no is not None:
                at = data.seats[(round_no, table_no)]
                ns = seat in ("N", "S")
                if pairs_mode:
                    row["seat_label"] = _("N/S") if ns else _("E/W")
                    other = at.get("E" if ns else "N")
                    row["opponents"] = (
                        [_pair_label(data, data.entries[other].pair_id)] if other else []
                    )
                elif not by_seat or seat not in PARTNER_SEAT:  # no partner: the others, by seat
                    row["seat_label"] = str(CARD_SEAT_LABELS.get(seat, SEAT_LABELS[seat]))
                    others = [at[s] for s in ALL_SEATS if s in at and s != seat]
                    names = [_person(data.entries[e]) for e in others]  # "with A", "& B", ...
                    row["partner"], row["also"] = (names[0], names[1:]) if names else ("", [])
                    row["partner_no"] = ", ".join(str(data.entries[e].number) for e in others)
                else:
                    row["seat_label"] = str(SEAT_LABELS[seat])
                    mate = PARTNER_SEAT[seat]
                    others = [at[s] for s in (("E", "W") if ns else ("N", "S")) if s in at]
                    row["partner"] = (
                        _person(data.entries[at[mate]]) if mate in at else _empty_seat(data)
                    )
                    ghost = _empty_seat(data, short=True)
                    row["partner_no"] = data.entries[at[mate]].number if mate in at else ghost
                    row["opponents"] = [_person(data.entries[e]) for e in others]
                    row["opponent_nos"] = [data.entries[e].number for e in others]
                    if len(others) == 1 and data.event.ghost_seats:  # the ghost opposes them
                        row["opponents"].append(_empty_seat(data))
                        row["opponent_nos"].append(ghost)  # "v 5, Ghost", as "with Ghost"
            rows.append(row)
        # a pair's card: the page of its first player, which shows the pair's seats and card
        first = min(e.number for e in playing if e.pair_id == unit_id) if pairs_mode else number
        link = player_url(event, first, data.site or site_address())
        places = {(r["table"], r["seat_label"]) for r in rows if r["table"]}  # a pair: its side
        cards.append(
            {
                "key": f"u{number}",
                "number": number,
                "label": label,
                "link": link,
                "rows": rows,
                "rule": rule,
                # the by-results layout (seat and partner written in); a pairs card keeps the
                # pairs layout, its rows filled in as the rounds are seated
                "progressive": event.is_progressive and not pairs_mode and not data.planned,
                "pairs": pairs_mode,
                # a pair: either player cannot move; said only where the seating keeps them
                "stationary": unit_id in fixed and len(places) <= 1,
                "by_rule": event.is_progressive,  # a pairs drive moves them by the results
                "by_seat": by_seat,  # partners by seat; else the column lists the table's others
                "heads": heads,
                "per_round": game_for(event).card_per_round,  # a rubber a line: names wrap
            }
        )
    return cards


def _seat_names(data: Loaded, round_no: int, table_no: int) -> dict[str, str]:
    """Who sits where (and at a table of five, who has the fifth seat); a round not seated
    yet (a progressive drive's later rounds) leaves every seat blank to write in, not four
    ghosts."""
    at = data.seats.get((round_no, table_no), {})
    empty = _empty_seat(data) if at else ""
    names = {seat: _person(data.entries[at[seat]]) if seat in at else empty for seat in SEATS}
    fifth = at.get(FIFTH)
    if fifth is not None:
        names |= {FIFTH: _person(data.entries[fifth])}
    return names


def _side_lines(data: Loaded, round_no: int, table_no: int) -> tuple[list[str], list[str]]:
    """The N/S and E/W sides, a line each: a pair's label in a pairs event, else its two
    players (a narrow cell cuts each name on its own line, never the second player away)."""
    at = data.seats.get((round_no, table_no), {})
    if data.event.uses_pairs:

        def side(seat: str) -> list[str]:
            return [_pair_label(data, data.entries[at[seat]].pair_id)] if seat in at else []

        return side("N"), side("E")
    names = _seat_names(data, round_no, table_no)
    return [n for n in (names["N"], names["S"]) if n], [n for n in (names["E"], names["W"]) if n]


def _sides(data: Loaded, round_no: int, table_no: int) -> tuple[str, str]:
    """The N/S and E/W sides as printed in a line: "6 Gwen & 26 Norman", or a pair's label."""
    ns, ew = _side_lines(data, round_no, table_no)
    return " & ".join(ns), " & ".join(ew)


def _table_cards(data: Loaded) -> list[dict]:
    _require_seated(data)
    fixed = not data.event.is_progressive or data.planned
    cards = []
    for table in data.tables:
        # on paper cards nobody enters results at the table: no QR code inviting them to
        url = "" if data.event.paper_cards else table_url(table, data.site or site_address())
        rounds = []
        if fixed:
            for round_no in data.rounds:
                ns, ew = _sides(data, round_no, table.number)
                rounds.append(
                    {
                        "round": round_no,
                        "seats": _seat_names(data, round_no, table.number),
                        "ns": ns,
                        "ew": ew,
                    }
                )
        cards.append(
            {
                "key": f"t{table.number}",
                "number": table.number,
                "url": url,
                "rounds": rounds,
                "fixed": fixed,
                "fifth": any(FIFTH in r["seats"] for r in rounds),  # a table of five
                "rule": rule_line(data.event),  # by results: the table says how they move
                "pairs": data.event.uses_pairs,
            }
        )
    return cards


def _score_cards(data: Loaded) -> list[dict]:
    """Travellers. With one hand a round (a drive of 24 one-hand rounds) a card per table
    and round would be 24 cards a table: one sheet per table instead, a line per round."""
    if data.event.hands_per_round > 1 or len(data.rounds) < 2:
        return _table_round_cards(data)
    _require_seated(data)
    hands = {r: _hands(data, r) for r in data.rounds}  # the same for every table
    cards = []
    for table in data.tables:
        lines = []
        for r in data.rounds:
            ns, ew = _side_lines(data, r, table.number)
            lines += [{"round": r, "ns": ns, "ew": ew, **hand} for hand in hands[r]]
        cards.append(
            {"key": f"t{table.number}", "table": table.number, "lines": lines, "sheet": True}
        )
    return cards


def _table_round_cards(data: Loaded) -> list[dict]:
    """One card per table and round: a traveller, or a rubber pad."""
    _require_seated(data)
    cards = []
    for round_no in data.rounds:
        for table in data.tables:
            ns, ew = _sides(data, round_no, table.number)
            cards.append(
                {
                    "key": f"r{round_no}t{table.number}",
                    "round": round_no,
                    "table": table.number,
                    "seats": _seat_names(data, round_no, table.number),
                    "ns": ns,
                    "ew": ew,
                    "hands": _hands(data, round_no),
                    "pairs": data.event.uses_pairs,
                }
            )
    return cards


def _league_schedule(data: Loaded) -> list[dict]:
    _require_seated(data)
    rounds = []
    for round_no in data.rounds:
        matches = []
        for table in data.tables:
            if (round_no, table.number) in data.seats:
                ns, ew = _sides(data, round_no, table.number)
                matches.append({"table": table.number, "ns": ns, "ew": ew})
        byes = sorted(
            {_pair_label(data, data.entries[e].pair_id) for e in data.sit_outs.get(round_no, [])}
        )
        rounds.append({"round": round_no, "matches": matches, "byes": byes})
    return [{"key": "schedule", "rounds": rounds}]


def _results(data: Loaded) -> list[dict]:
    """The results sheet: the prizes, then the lists as the public page has them (with
    ladies' and gents' prizes only, their two lists first and everybody after)."""
    standings = event_standings(event=data.event)
    field = standings["score_field"]

    def rows(source: list[dict], placed: bool = True) -> list[dict]:
        return [
            {
                "position": r.get("position") if placed and has_place(r, standings) else None,
                "tied": bool(r.get("tied")),
                "split": bool(r.get("split")),  # level on the score, placed by the tie-break
                "name": r["name"],
                "numbers": [r["pair"]] if r.get("pair") else r.get("numbers", []),
                "score": r.get(field),
            }
            for r in source
        ]

    # a list's code: "" the standings, "all" everybody after the role lists, else a role
    roles = [(role, rows(listed)) for role, listed in standings["categories"].items()]
    overall = ("all" if standings["roles_only"] else "", rows(standings["standings"]))
    lists = [*roles, overall] if standings["roles_only"] else [overall, *roles]
    if standings["withdrawn"]:  # their scores too, with no place (as the public page has them)
        lists.append(("withdrawn", rows(standings["withdrawn"], placed=False)))  # "–"
    return [
        {
            "key": "results",
            "lists": [{"code": code, "rows": listed} for code, listed in lists],
            "prizes": prize_lines(standings),
            "unit_label": str(standings["unit_label"]),
            "ranked_by": standings.get("ranked_by", ""),
            "final": standings["final"],
            "after_hand": standings.get("after_hand", 0),
            "pending": standings["pending"],
            "teams": standings.get("teams"),  # a team night's league table and cup winner
        }
    ]


def _move_slips(data: Loaded) -> list[dict]:
    from tournaments.selectors.move_slips import move_slips

    return move_slips(data)


BUILDERS = {
    "move_slips": _move_slips,
    "movement_cards": _movement_cards,
    "table_cards": _table_cards,
    "score_cards": _score_cards,
    "score_pads": _table_round_cards,
    "league_schedule": _league_schedule,
    "results": _results,
    "cash_sheet": lambda data: [  # the money, and who takes the prizes home
        {"key": "cash", **money.cash_sheet(data.event)}
        | {"prizes": prize_lines(event_standings(event=data.event))}
    ],
    "settlement": lambda data: [
        {"key": "settlement", **money.settlement(data.event, event_standings(event=data.event))}
    ],
}


def print_document(*, event: Event, document: str, options: dict, site: str = "") -> dict:
    """The whole document's data: {"document", "options", "event", "cards"}.

    ``options`` must come from ``print_options.print_options``; ``site`` is the base of the
    links and QR codes (``links.site_address``). Five queries for the rows, plus the
    standings selector's own (cached) ones for the results sheet.
    """
    data = load_event(event)
    data.site = site
    if not data.rounds:
        raise DomainError("E_NOT_SEATED", _("The event has no rounds to print."), field="document")
    cards = BUILDERS[document](data)
    return {
        "document": document,
        "options": options,
        "event": {
            "name": event.name,
            "slug": event.slug,
            "date": date_format(event.date, "DATE_FORMAT"),  # in the print language
            "venue": event.venue,
            "kind": event.kind,
            "kind_label": str(event.get_kind_display()),
            "movement_label": str(event.get_movement_kind_display()),
            "version": event.version,
            "pad_line": game_for(event).pad_line(event),  # in the print language
        },
        "cards": cards,
    }
