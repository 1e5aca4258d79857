"""The league table of a robber league: matches won, then net rubber points, then head-to-head.

Built on the standings selector's engine input (``load_input``: the event's seatings and
confirmed results in a constant number of queries) and scored match by match through
``matches.score_sequence``, so the rubber engine does every sum. A match counts once it
is over: its round is closed, or (one rubber a match) the rubber is decided. The winner
of a match is the side with more rubbers, then more net rubber points (an unfinished
rubber scores its value so far); equal is a draw.

Ranking (``Event.rules["league"]``, see ``matches``): ``points: "league"`` ranks by
league points (``win``/``draw``/``loss``, 3/1/0 by default), then net rubber points;
``points: "rubber"`` by net rubber points, then league points. Pairs still level are
ordered by the same two figures over the matches among themselves only (head-to-head);
pairs level even then share a position.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from django.utils.translation import gettext as _

import scoring
from tournaments.error_messages import engine_message
from tournaments.errors import DomainError
from tournaments.games import game_for
from tournaments.games.robber import Robber
from tournaments.models import Event, Round
from tournaments.selectors.matches import LeagueOptions, league_options, score_sequence
from tournaments.selectors.standings.loading import load_input
from tournaments.selectors.standings.matchplay import matches_of

SIDES = ("A", "B")


@dataclass
class Match:
    """One pair against another at a table in a round, scored by the rubber engine."""

    round: int
    table: int
    pairs: dict[str, int]  # side -> pair number
    rubbers: dict[str, int]
    games: dict[str, int]
    net: dict[str, int]
    hands: int
    counts: bool  # over: it enters the table
    error: str = ""

    @property
    def winner(self) -> str | None:
        """Side "A", "B" or None (a draw): more rubbers, then more net rubber points."""
        a = (self.rubbers["A"], self.net["A"])
        b = (self.rubbers["B"], self.net["B"])
        if a == b:
            return None
        return "A" if a > b else "B"


def _score_match(event: Event, hands: list[dict]) -> tuple[dict, dict, dict, bool]:
    """(rubbers won, games won, net rubber points) per side, and whether the last rubber ended."""
    rubbers, games, net = dict.fromkeys(SIDES, 0), dict.fromkeys(SIDES, 0), dict.fromkeys(SIDES, 0)
    outputs = score_sequence(event, hands)
    for out in outputs:
        rubber = out["rubber"]
        for side in SIDES:
            games[side] += rubber["games_won"][side]
            net[side] += rubber["net"][side]
        if rubber["winner"]:
            rubbers[rubber["winner"]] += 1
    decided = bool(outputs) and outputs[-1]["rubber"]["complete"]
    return rubbers, games, net, decided


def league_matches(event: Event, inp=None) -> tuple[list[Match], dict[int, int]]:
    """Every match with a confirmed hand, and the byes per pair number."""
    inp = inp or load_input(event)
    options = league_options(event.rules)
    closed = {number for number, status in inp.rounds if status == Round.Status.CLOSED}
    pair_of = {name: e.pair.number for name, e in inp.entries.items() if e.pair_id}
    matches = []
    for (round_no, table_no), played in matches_of(inp).items():
        seats = inp.seats.get((round_no, table_no), {})
        pairs = {"A": pair_of.get(seats.get("N")), "B": pair_of.get(seats.get("E"))}
        if None in pairs.values():
            continue  # not a pairs seating: nothing to put in a league table
        zero = dict.fromkeys(SIDES, 0)
        try:
            rubbers, games, net, decided = _score_match(event, [d for _n, d in played])
        except (scoring.ScoringError, DomainError) as exc:
            message = (
                engine_message(exc.code, exc.message)
                if isinstance(exc, scoring.ScoringError)
                else exc.message
            )
            matches.append(
                Match(round_no, table_no, pairs, zero, zero, zero, len(played), False, message)
            )
            continue
        over = round_no in closed or (decided and options.match == "rubber")
        matches.append(Match(round_no, table_no, pairs, rubbers, games, net, len(played), over))
    byes: dict[int, int] = defaultdict(int)
    for round_no, names in inp.sit_outs.items():
        if round_no not in closed:  # a bye to come is not yet had (a walk saw it early)
            continue
        for number in {pair_of[n] for n in names if n in pair_of}:
            byes[number] += 1
    return matches, dict(byes)


def tally(matches: list[Match], options: LeagueOptions, among: set[int] | None = None) -> dict:
    """Per pair: played, won, drawn, lost, league points, net, rubbers and games."""
    rows: dict[int, dict] = defaultdict(
        lambda: dict.fromkeys(
            ("played", "won", "drawn", "lost", "points", "net", "rubbers", "games"), 0
        )
    )
    for m in matches:
        if not m.counts or (among is not None and not set(m.pairs.values()) <= among):
            continue
        winner = m.winner
        for side in SIDES:
            row = rows[m.pairs[side]]
            row["played"] += 1
            row["net"] += m.net[side]
            row["rubbers"] += m.rubbers[side]
            row["games"] += m.games[side]
            if winner is None:
                row["drawn"] += 1
                row["points"] += options.draw
            elif winner == side:
                row["won"] += 1
                row["points"] += options.win
            else:
                row["lost"] += 1
                row["points"] += options.loss
    return rows


def _key(row: dict, options: LeagueOptions) -> tuple[int, int]:
    if options.points == "rubber":
        return (row["net"], row["points"])
    return (row["points"], row["net"])


def rank_pairs(numbers: list[int], rows: dict, matches: list[Match], options: LeagueOptions):
    """Pair numbers in finishing order, grouped where even head-to-head leaves them level."""
    groups: dict[tuple, list[int]] = defaultdict(list)
    for n in numbers:
        groups[_key(rows[n], options)].append(n)
    order: list[list[int]] = []
    for key in sorted(groups, reverse=True):
        level = sorted(groups[key])
        if len(level) == 1:
            order.append(level)
            continue
        mini = tally(matches, options, among=set(level))
        by_h2h: dict[tuple, list[int]] = defaultdict(list)
        for n in level:
            by_h2h[_key(mini[n], options)].append(n)
        order += [sorted(by_h2h[k]) for k in sorted(by_h2h, reverse=True)]
    return order


def league_table(*, event: Event, inp=None) -> dict:
    """The league table and its matches, for the public page and the organizer."""
    if not game_for(event).league_table:
        raise DomainError("E_KIND", _("Only a robber league has a league table."))
    options = league_options(event.rules)
    inp = inp or load_input(event)
    matches, byes = league_matches(event, inp)
    rows = tally(matches, options)
    names: dict[int, str] = {}
    gone: set[int] = set()  # pairs withdrawn: still in the table with what they played
    for entry in sorted(inp.entries.values(), key=lambda e: e.number):
        if entry.pair_id:
            names.setdefault(entry.pair.number, str(entry.pair))  # its name, else "Pair 3"
            if entry.withdrawn_round is not None:
                gone.add(entry.pair.number)
    table, position = [], 1
    for group in rank_pairs(sorted(names), rows, matches, options):
        for number in group:
            row = rows[number]
            table.append(
                {
                    "position": position,
                    "tied": len(group) > 1,
                    "pair": number,
                    "name": names[number],
                    "byes": byes.get(number, 0),
                    "withdrawn": number in gone,
                    **row,
                }
            )
        position += len(group)
    return {
        "options": options,
        "table": table,
        "matches": sorted(matches, key=lambda m: (m.round, m.table)),
        "in_progress": sum(1 for m in matches if not m.counts),
    }


def league_prizes(*, league: dict, places: int = 3) -> list[dict]:
    """Prizes for a robber league, from its league table: what the table shows is what wins.

    Only matches that are over count, so before the first one ends there is no prize
    to show. Tied pairs share the places they cover, as in the standings.
    """
    from tournaments.selectors.standings.prizes import (  # the standings' own wording
        ordinal,
        sharing_note,
    )

    table = [row for row in league["table"] if row["played"]]
    prizes, slot, index = [], 1, 0
    rubber_first = league["options"].points == "rubber"
    while index < len(table) and slot <= places:
        group = [r for r in table[index:] if r["position"] == table[index]["position"]]
        top = group[0]
        robber = Robber()  # a league is robber's: its words for net and league points
        net = robber.amount("net", top["net"], str(top["net"]))
        if rubber_first:
            reason = _("%(place)s in the league table: %(net)s") % {
                "place": ordinal(slot),
                "net": net,
            }
        else:
            points = robber.amount("points", top["points"], str(top["points"]))
            reason = _("%(place)s in the league table: %(points)s, %(net)s") % {
                "place": ordinal(slot),
                "points": points,
                "net": net,
            }
        if len(group) > 1:
            reason += sharing_note(len(group), slot, places)
        winners = [{"key": f"p{r['pair']}", "name": r["name"]} for r in group]
        prizes.append(
            {"code": "place", "label": ordinal(slot), "winners": winners, "reason": reason}
        )
        slot += len(group)
        index += len(group)
    return prizes


def league_standings(standings: dict, *, inp, places: int) -> dict:
    """``standings`` (match play, by net rubber points) in the league table's order when it
    ranks by league points: the prizes, the results sheet, the projector and the exports
    then agree with the table the page shows (a Dutch walk's 2nd in the league won nothing,
    the prizes going by net points)."""
    from tournaments.selectors.standings.units import reposition

    league = league_table(event=inp.event, inp=inp)
    if league["options"].points == "rubber" or not any(m.counts for m in league["matches"]):
        return standings  # the same order (net rubber points first), or no match over yet
    by_key = {r["key"]: r for r in standings["standings"]}
    table = [r for r in league["table"] if f"p{r['pair']}" in by_key]  # not the withdrawn
    rows = reposition(
        [
            {
                **by_key[f"p{r['pair']}"],
                "position": r["position"],
                "points": r["points"],
                "split": False,
            }
            for r in table
        ]
    )
    listed = {r["key"] for r in rows}
    points = {f"p{r['pair']}": r["points"] for r in league["table"]}  # the withdrawn's too
    return {
        **standings,
        "standings": rows + [r for r in standings["standings"] if r["key"] not in listed],
        "withdrawn": [{**r, "points": points.get(r["key"])} for r in standings["withdrawn"]],
        "prizes": league_prizes(league=league, places=places)
        + [p for p in standings["prizes"] if p["code"] != "place"],
        "score_field": "points",
        "unit_label": _("league points"),
    }
