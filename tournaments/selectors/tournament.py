"""Reading a Bid Whist tournament: qualifying matches, standings by the event's ranking order,
the bracket filled from the playoff winners, the prizes (pot split and Boston prize).

A qualifying match is one table's hands in a round: the team with more points over those
hands wins it, then the one that won more hands, then the winner of the last hand. A hand
is won by the bidders when they make their contract, else by the defenders; a Boston is a
made contract with all 13 books. A bye counts as a win with nothing else.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from decimal import Decimal

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _l

from scoring.errors import ScoringError
from tournaments import pairings
from tournaments.errors import DomainError, NotFound
from tournaments.games import game_for
from tournaments.models import Event, Pair, Result, Round, Seating, TournamentFormat
from tournaments.pairings.brackets import BYE, PENDING
from tournaments.pairings.money import split_pot
from tournaments.selectors.matches import score_sequence
from tournaments.selectors.money import event_currency, money_format

SIDE_SEATS = {"A": "N", "B": "E"}  # Bid Whist team A sits N/S, team B E/W
CRITERION_LABELS = {
    "wins": _l("wins"),
    "hands": _l("hands won"),
    "points": _l("points"),
    "head_to_head": _l("head to head"),
    "bostons": _l("Bostons"),
}


def tournament_format(*, event: Event) -> TournamentFormat:
    fmt = TournamentFormat.objects.filter(event=event).first()
    if fmt is None:
        raise NotFound("E_NO_FORMAT", _("This event is not run as a tournament."))
    return fmt


@dataclass
class Qualifying:
    """The qualifying rounds so far: matches, byes and every team's record."""

    matches: list[dict] = field(default_factory=list)  # round, table, A, B, winner, per side
    byes: dict[int, int] = field(default_factory=dict)  # pair number -> byes
    records: dict[int, dict] = field(default_factory=dict)  # pair number -> record
    sat_out: dict[int, set[int]] = field(default_factory=dict)  # closed round -> pair numbers

    def played(self) -> list[tuple[int, int, int]]:
        return [(m["A"], m["B"], m["winner"]) for m in self.matches if m["winner"]]


def _blank() -> dict:
    return {"wins": 0, "losses": 0, "hands": 0, "points": 0, "bostons": 0, "byes": 0, "played": 0}


def qualifying_match(event: Event, hands: list[dict]) -> dict:
    """Per side (A, B): points, hands won, Bostons; and the winning side.

    A match played to the target (``match_to`` game) is won by the winner of its first game.
    """
    try:
        games = score_sequence(event, hands)
    except ScoringError as exc:  # stored results were checked when entered
        raise DomainError(exc.code, exc.message) from exc
    game = game_for(event)
    first = None
    if game.ends_early(event) and game.decided(games):
        games, first = games[:1], games[0]["game"]["winner"]
    tally = {side: {"points": 0, "hands": 0, "bostons": 0} for side in ("A", "B")}
    last = None
    for hand in (h for game in games for h in game["hands"]):
        bidders = hand["contract"]["team"]
        winner = bidders if hand["made"] else ("B" if bidders == "A" else "A")
        for side in tally:
            tally[side]["points"] += hand["points"][side]
        tally[winner]["hands"] += 1
        tally[bidders]["bostons"] += int(hand["made"] and hand["books"] == 13)
        last = winner

    def key(side: str) -> tuple:
        return (tally[side]["points"], tally[side]["hands"], side == last)

    return {"sides": tally, "winner": first or (max(("A", "B"), key=key) if last else None)}


def qualifying(*, event: Event) -> Qualifying:
    """The matches and byes of the closed rounds: a round counts once it is closed (a table
    half-way through its hands has not won or lost yet)."""
    pairs = dict(Pair.objects.filter(event=event).values_list("pk", "number"))
    out = Qualifying(records={number: _blank() for number in pairs.values()})
    sides: dict[tuple[int, int], dict[str, int]] = {}
    sat_out: dict[int, set[int]] = defaultdict(set)
    rows = Seating.objects.filter(event=event).values_list(
        "round__number", "round__status", "table__number", "seat", "entry__pair_id"
    )
    for round_no, status, table_no, seat, pair_id in rows:
        if pair_id is None:
            continue
        if table_no is None:
            if status == Round.Status.CLOSED:
                sat_out[round_no].add(pairs[pair_id])
        elif seat in SIDE_SEATS.values():
            side = "A" if seat == "N" else "B"
            sides.setdefault((round_no, table_no), {})[side] = pairs[pair_id]
    hands: dict[tuple[int, int], list[dict]] = defaultdict(list)
    results = Result.objects.filter(
        event=event, status=Result.Status.CONFIRMED, hand__round__status=Round.Status.CLOSED
    ).order_by("hand__number")
    for round_no, table_no, data in results.values_list(
        "hand__round__number", "table__number", "data"
    ):
        hands[(round_no, table_no)].append(data)
    for (round_no, table_no), played in sorted(hands.items()):
        teams = sides.get((round_no, table_no), {})
        if set(teams) != {"A", "B"}:
            continue
        match = qualifying_match(event, played)
        row = {
            "round": round_no,
            "table": table_no,
            "A": teams["A"],
            "B": teams["B"],
            "winner": teams[match["winner"]] if match["winner"] else None,
            "tally": match["sides"],
        }
        out.matches.append(row)
        for side in ("A", "B"):
            record = out.records[teams[side]]
            record["played"] += 1
            for key in ("points", "hands", "bostons"):
                record[key] += match["sides"][side][key]
            won = row["winner"] == teams[side]
            record["wins" if won else "losses"] += 1
    out.sat_out = dict(sat_out)
    for numbers in sat_out.values():
        for number in numbers:
            out.byes[number] = out.byes.get(number, 0) + 1
            out.records[number]["byes"] += 1
            out.records[number]["wins"] += 1
    return out


def ranked(*, event: Event, fmt: TournamentFormat, q: Qualifying | None = None) -> list[int]:
    """Active pair numbers, best first, by the format's ranking order."""
    return [n for group in ranked_groups(event=event, fmt=fmt, q=q) for n in group]


def ranked_groups(
    *, event: Event, fmt: TournamentFormat, q: Qualifying | None = None
) -> list[list[int]]:
    """``ranked`` in groups of teams level on every criterion (they share a place)."""
    q = q or qualifying(event=event)
    withdrawn = set(
        event.entries.filter(withdrawn_round__isnull=False).values_list("pair__number", flat=True)
    )
    records = {n: r for n, r in sorted(q.records.items()) if n not in withdrawn}
    try:
        return pairings.rank_groups(records, fmt.ranking or "wins_hands_points", q.played())
    except pairings.PairingError as exc:
        raise DomainError(exc.code, exc.message, field="ranking") from exc


def _names(event: Event) -> dict[int, str]:
    names = {}
    for pair in Pair.objects.filter(event=event).prefetch_related("entries__player"):
        members = " & ".join(
            e.player.name for e in sorted(pair.entries.all(), key=lambda e: e.number)
        )
        names[pair.number] = pair.name or members or str(pair)
    return names


def _label(names: dict[int, str], team) -> str:
    if team == BYE:
        return _("bye")
    if team in (PENDING, None):
        return ""
    return names.get(team, str(team))


def bracket_view(state: dict, names: dict) -> dict:
    """A resolved bracket with names and its columns (one per bracket round) for the pages."""
    columns = defaultdict(list)
    for m in state["matches"]:
        m["home_name"] = _label(names, m["home_team"])
        m["away_name"] = _label(names, m["away_team"])
        m["winner_name"] = _label(names, m["winner"])
        if m["status"] != "not_needed":
            columns[(m["bracket"], m["round"])].append(m)
    state["columns"] = [{"key": k, "matches": v} for k, v in columns.items()]
    state["champion_name"] = names.get(state["champion"]) if state["champion"] else None
    return state


def tournament_summary(*, event: Event) -> dict:
    """Everything the bracket page, the projector and the printout show."""
    fmt = tournament_format(event=event)
    q = qualifying(event=event)
    groups = ranked_groups(event=event, fmt=fmt, q=q)
    names = _names(event)
    standings, position = [], 1
    for group in groups:
        tied = len(group) > 1
        standings += [
            {"position": position, "tied": tied, "team": n, "name": names[n], **q.records[n]}
            for n in group
        ]
        position += len(group)
    bracket = (
        bracket_view(pairings.resolve(fmt.bracket, fmt.playoff_results), names)
        if fmt.bracket
        else None
    )
    placings = bracket["placings"] if bracket and bracket["champion"] else []
    if not fmt.bracket and event.status in (Event.Status.FINISHED, Event.Status.PUBLISHED):
        placings = [list(group) for group in groups]  # level teams share a place and its prize
    currency = event_currency(event)

    def money(amount) -> str:  # "$400.00": the pages say the evening's currency, as the sheet does
        return money_format(int(amount * 100), currency)

    prizes = split_pot(fmt.pot, fmt.prize_split, placings) if fmt.pot and fmt.prize_split else []
    for prize in prizes:
        prize["names"] = [names[t] for t in prize["teams"]]
        prize["each_label"] = money(prize["each"])
    most = max((r["bostons"] for r in q.records.values()), default=0)
    boston = [n for n in sorted(q.records) if most and q.records[n]["bostons"] == most]
    boston_each = (
        (fmt.boston_prize / len(boston)).quantize(Decimal("0.01"))
        if boston and fmt.boston_prize
        else Decimal(0)
    )
    return {
        "event": event,
        "format": fmt,
        "ranking": [
            CRITERION_LABELS[c] for c in pairings.ranking_order(fmt.ranking or "wins_hands_points")
        ],
        "standings": standings,
        "matches": q.matches,
        "bracket": bracket,
        "champion": names[bracket["champion"]] if bracket and bracket["champion"] else None,
        "prizes": prizes,
        "bostons": {
            "most": most,
            "numbers": boston,
            "teams": [names[n] for n in boston],
            "each": boston_each,
            "each_label": money(boston_each),
        },
        "pot_label": money(fmt.pot),
    }


def tournament_settings(*, event: Event) -> dict:
    """The stored set-up as the tournament form shows it (empty before the first save), so
    saving the form again keeps what was not changed."""
    fmt = TournamentFormat.objects.filter(event=event).first()
    if fmt is None:
        return {}
    preset = next(
        (name for name, order in pairings.PRESETS.items() if list(order) == fmt.ranking), None
    )
    return {
        "rounds": event.round_count,
        "hands_per_round": event.hands_per_round,
        "qualifying": fmt.qualifying,
        "ranking": preset,
        "match_to": fmt.match_to,
        "playoff": fmt.playoff,
        "playoff_teams": fmt.playoff_teams,
        "final_best_of": fmt.final_best_of,
        "pot": fmt.pot,
        "prize_split": " ".join(f"{p:g}" for p in fmt.prize_split),
        "boston_prize": fmt.boston_prize,
    }


def tournament_standings(standings: dict, *, event: Event) -> dict:
    """``standings`` (match play, by points) as the tournament ranks the teams: the playoff's
    placings first, the champion on top, then the other teams in qualifying order (the
    format's ranking: wins first); the prizes are the pot's split and the Boston prize.
    By points alone the public page once crowned a team that lost its semi-final."""
    from tournaments.selectors.standings.prizes import ordinal
    from tournaments.selectors.standings.units import mark_tie_breaks

    summary = tournament_summary(event=event)
    by_key = {r["key"]: r for r in standings["standings"]}
    tiers = [list(t) for t in summary["bracket"]["placings"]] if summary["champion"] else []
    placed = {n for tier in tiers for n in tier}
    for position in sorted({r["position"] for r in summary["standings"]}):
        tier = [r["team"] for r in summary["standings"] if r["position"] == position]
        tiers.append([n for n in tier if n not in placed])
    records = {f"p{r['team']}": r for r in summary["standings"]}
    rows, position = [], 1
    for tier in tiers:
        members = [by_key[f"p{n}"] for n in tier if f"p{n}" in by_key]
        rows += [
            {
                **row,
                "position": position,
                "tied": len(members) > 1,
                "wins": records.get(row["key"], {}).get("wins"),
                "hands_won": records.get(row["key"], {}).get("hands"),
                "split": False,  # the points' tie-break mark does not apply to wins
            }
            for row in members
        ]
        position += len(members)
    # level on wins yet placed apart in qualifying: the page marks it and says the order
    mark_tie_breaks(rows[len(placed) :], "wins")
    ranked = {r["key"] for r in rows}
    rows += [r for r in standings["standings"] if r["key"] not in ranked]  # not in the draw

    def winners(teams) -> list[dict]:
        return [
            {"key": f"p{n}", "name": by_key[f"p{n}"]["name"]} for n in teams if f"p{n}" in by_key
        ]

    prizes = [
        {
            "code": "place",
            "label": ordinal(p["place"]),
            "winners": winners(p["teams"]),
            "reason": (_("%(amount)s each") if len(p["teams"]) > 1 else "%(amount)s")
            % {"amount": p["each_label"]},
            "amount": p["each_label"],  # a team's, printed on the cash sheet as paid
        }
        for p in summary["prizes"]
    ]
    bostons = summary["bostons"]
    if bostons["each"]:
        prizes.append(
            {
                "code": "boston",
                "label": _("Boston prize"),
                "winners": winners(bostons["numbers"]),
                "reason": _("Most Bostons (%(n)d): %(amount)s each")
                % {"n": bostons["most"], "amount": bostons["each_label"]},
                "amount": bostons["each_label"],
            }
        )
    # ranked by wins first (the format's order): the pages and the sheet show them as the score
    return {
        **standings,
        "standings": rows,
        "prizes": prizes,
        "score_field": "wins",
        "unit_label": str(CRITERION_LABELS["wins"]),
        "tie_fields": ["hands_won"],  # the exports' column after the wins
        "ranked_by": ranked_by(summary["ranking"]),
    }


def ranked_by(labels: list) -> str:
    """ "Ranked by wins, then hands won, then points.": said under the standings, where a
    team with more points may stand below one with fewer."""
    return _("Ranked by %(order)s.") % {"order": _(", then ").join(str(c) for c in labels)}


def payouts(*, event: Event) -> list[tuple[str, int]]:
    """What a tournament pays out in cash, as cost lines of the cash sheet (minor units): its
    pot, and the Boston prize once a team has made a Boston (no Boston, no prize paid)."""
    fmt = getattr(event, "tournament_format", None)
    if fmt is None:
        return []
    lines = [(_("Tournament pot (the places' prizes)"), int(fmt.pot * 100))] if fmt.pot else []
    if fmt.boston_prize and any(r["bostons"] for r in qualifying(event=event).records.values()):
        lines.append((_("Boston prize"), int(fmt.boston_prize * 100)))
    return lines


def drawn_from(*, event: Event, rnd: Round) -> tuple[list[int], bool]:
    """(later rounds paired, whether the playoff is drawn) from a tournament's closed round:
    a correction of it leaves those as drawn, and the organizer is told."""
    fmt = getattr(event, "tournament_format", None)
    if fmt is None or rnd.status != Round.Status.CLOSED:
        return [], False
    later = Seating.objects.filter(event=event, round__number__gt=rnd.number, table__isnull=False)
    return sorted(set(later.values_list("round__number", flat=True))), bool(fmt.bracket)
