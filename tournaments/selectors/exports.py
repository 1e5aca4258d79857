"""Standings and every hand of an event as CSV, XLSX or JSON (from the cached standings).

CSV and XLSX are for people: headers in words of the event's language, yes/no, trumps
spelled out, membership numbers beside the names (tournaments.selectors.spreadsheet).
JSON is for programs and keeps its keys and codes whatever the language.
"""

from __future__ import annotations

import json

from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _l

from tournaments.errors import NotFound
from tournaments.games import game_for
from tournaments.models import Entry, Event, Player
from tournaments.selectors.spreadsheet import (
    CONTENT_TYPES,
    FORMULA_STARTS,
    Sheet,
    safe_cell,
    write,
)
from tournaments.selectors.standings import event_detail, event_standings
from tournaments.trump_words import trump_name

__all__ = ["FORMATS", "FORMULA_STARTS", "event_results_export", "membership_numbers", "safe_cell"]

FORMATS = {**CONTENT_TYPES, "json": "application/json"}

# The standings columns a game exports (Game.export_fields), as a person reads them.
COLUMNS = {
    "total": _l("Total"),
    "plus_minus": _l("Plus/minus"),
    "played": _l("Hands played"),
    "sat_out": _l("Hands sat out"),
    "hands_won": _l("Hands won"),
    "first_half": _l("1st half"),
    "second_half": _l("2nd half"),
    "ten_plus": _l("Hands of 10+ tricks"),
    "net": _l("Net"),
    "rubbers": _l("Rubbers"),
    "games": _l("Games"),
    "wins": _l("Wins"),
    "points": _l("League points"),
}
# The hands: a line per table and hand, N/S against E/W; in a game without partnerships
# (Es-makker: the declarer calls a partner each hand, five may sit at a table) a line per
# player and hand. The fourth column is the scheduled trump, or in a game that bids for it
# (Bid Whist, Es-makker) the contract in words.
HAND_KEYS = ["round", "hand", "table", "trump", "ns", "ew", "ns_score", "ew_score"]
PLAYER_HAND_KEYS = ["round", "hand", "table", "trump", "player", "points"]


def _bids(event: Event) -> bool:
    """Whether the game's hands are played to a contract rather than a scheduled trump."""
    return game_for(event).card_heads[0] == "bid"


def _hand_keys(event: Event) -> list[str]:
    keys = HAND_KEYS if game_for(event).partnerships else PLAYER_HAND_KEYS
    return [("contract" if k == "trump" and _bids(event) else k) for k in keys]


def membership_numbers(player_ids) -> dict[int, str]:
    """Each player's membership number in their club (those who have one)."""
    return dict(
        Player.objects.filter(pk__in=set(player_ids))
        .exclude(membership_number="")
        .values_list("id", "membership_number")
    )


def _hand_rows(event: Event) -> list[list]:
    """The hands, laid out as HAND_KEYS or PLAYER_HAND_KEYS say."""
    what = "what" if _bids(event) else "trump"
    played = [
        ([rnd["round"], hand["hand"], table["table"], hand[what]], table, hand)
        for rnd in event_detail(event=event)["rounds"]
        for table in rnd["tables"]
        for hand in table["hands"]
    ]
    if not game_for(event).partnerships:
        return [[*at, name, points] for at, _t, hand in played for name, points in hand["players"]]
    return [
        [*at, " & ".join(table["ns"]), " & ".join(table["ew"]), hand["ns"], hand["ew"]]
        for at, table, hand in played
    ]


def _sheets(event: Event, standings: dict, hand_rows: list[list]) -> list[Sheet]:
    """The standings (the withdrawn last, with no place) and the hands, for people."""
    fields = list(game_for(event).export_fields)
    if standings["score_field"] not in fields:  # a pairs drive's ±, a tournament's wins
        fields[1:1] = [standings["score_field"], *standings.get("tie_fields", ())]
    everyone = [*standings["standings"], *standings["withdrawn"]]
    members = membership_numbers(p for row in everyone for p in row["players"])
    head = [_("Place"), _("Tied"), _("Name"), _("Number this evening")]
    if members:
        head.append(_("Membership number"))
    # a drive with ladies and gents (a pairs game's players may carry a role from a members'
    # list, but it means nothing there: a Dutch walk's robber export said "gent" for pairs)
    roles = game_for(event).roles_for(event) and any(row.get("role") for row in everyone)
    if roles:
        head.append(_("Role"))
    head += [str(COLUMNS.get(f, f)) for f in fields]

    def line(row: dict, placed: bool) -> list:
        cells = [
            row["position"] if placed else "",
            row["tied"] if placed else "",
            row["name"],
            " & ".join(map(str, row["numbers"])),
        ]
        if members:
            cells.append(" & ".join(members[p] for p in row["players"] if p in members))
        if roles:
            cells.append(str(Entry.Role(row["role"]).label) if row.get("role") else "")
        return cells + [row.get(f) for f in fields]

    rows = [line(r, True) for r in standings["standings"]]
    rows += [line(r, False) for r in standings["withdrawn"]]
    if _bids(event):
        hands, played = hand_rows, _("Contract")
    else:
        hands, played = [[*row[:3], trump_name(row[3]), *row[4:]] for row in hand_rows], _("Trump")
    hand_head = [_("Round"), _("Hand"), _("Table"), played]
    if game_for(event).partnerships:  # what a hand's figure is: tricks, points, a game score
        score = {"score": game_for(event).card_score_label}
        hand_head += [_("N/S"), _("E/W"), _("%(score)s N/S") % score, _("%(score)s E/W") % score]
    else:
        hand_head += [_("Player"), _("Points")]
    sheets = [
        Sheet(_("Standings"), head, rows, caption=[_("Standings"), event.name, event.date]),
        Sheet(_("Hands"), hand_head, hands),
    ]
    teams = (standings.get("teams") or {}).get("table")
    if teams:  # a team night: its prizes went by this table (a team walk found no teams)
        team_head = [_("Place"), _("Tied"), _("Team"), _("Played"), _("Won"), _("Drawn")]
        team_head += [_("Lost"), _("Tricks won"), _("Tricks lost"), _("Match points")]
        team_rows = [[t[key] for key in TEAM_COLUMNS] for t in teams]
        sheets.insert(1, Sheet(_("League table"), team_head, team_rows))
    return sheets


TEAM_COLUMNS = (
    "position", "tied", "name", "played", "won", "drawn", "lost",
    "tricks_for", "tricks_against", "points",
)  # fmt: skip


def event_results_export(*, event: Event, fmt: str) -> tuple[bytes, str, str]:
    """(content, content type, file name) of the event's standings and hands in ``fmt``.

    CSV and XLSX speak the event's language (else the page's)."""
    if fmt not in FORMATS:
        raise NotFound("E_FORMAT", _("Unknown export format; choose csv, xlsx or json."))
    standings = event_standings(event=event)
    name = f"{event.slug}-v{event.version}.{fmt}"
    if fmt == "json":
        with translation.override("en"):  # a contract in words, as programs read it
            hand_rows = _hand_rows(event)
        keys = _hand_keys(event)
        body = {
            "event": {
                "slug": event.slug,
                "name": event.name,
                "kind": event.kind,
                "date": event.date.isoformat(),
                "status": event.status,
                "version": event.version,
                "final": standings["final"],
            },
            "standings": standings["standings"],
            "withdrawn": standings["withdrawn"],
            "categories": standings["categories"],
            "prizes": standings["prizes"],
            "teams": standings.get("teams"),
            "pending": standings["pending"],
            "hands": [dict(zip(keys, row, strict=True)) for row in hand_rows],
        }
        return json.dumps(body, indent=2).encode(), FORMATS[fmt], name
    with translation.override(event.language or translation.get_language()):
        content, content_type = write(_sheets(event, standings, _hand_rows(event)), fmt)
    return content, content_type, name
