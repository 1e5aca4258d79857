"""Reading team events: each match's tricks per hand over its two tables, match points by the
event's scale, the league table and the cup bracket.

In a match the home team holds N/S at its first table and E/W at its second, so its tricks
on a hand are N/S's at the first table plus E/W's at the second; the away team has the rest.
A hand is won by the team with more tricks on it. A cup match level on tricks goes to the
team that won more hands, then to the home team (the higher draw position).
"""

from __future__ import annotations

from collections import defaultdict

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments import pairings
from tournaments.errors import DomainError
from tournaments.models import Event, Result, Round, Team, TeamMatch, TournamentFormat
from tournaments.selectors.prize_settings import settings_of
from tournaments.selectors.tournament import bracket_view

DEFAULT_SCALE = "3-1-0"


def scale_of(fmt: TournamentFormat | None):
    return (fmt.match_points if fmt and fmt.match_points else None) or DEFAULT_SCALE


def _tricks(event: Event) -> dict[tuple[int, int], dict[str, int]]:
    """Confirmed tricks per (table id, hand number): {"ns", "ew"}."""
    rows = Result.objects.filter(event=event, status=Result.Status.CONFIRMED)
    out = {}
    for table_id, hand, data in rows.values_list("table_id", "hand__number", "data"):
        tricks = data.get("tricks") or {}
        out[(table_id, hand)] = {"ns": tricks.get("ns", 0), "ew": tricks.get("ew", 0)}
    return out


def team_matches(*, event: Event, fmt: TournamentFormat | None = None) -> list[dict]:
    """Every match with its hands compared: home/away tricks, hands won, match points."""
    scale = scale_of(fmt)
    tricks = _tricks(event)
    matches = TeamMatch.objects.filter(event=event).select_related("round", "home", "away")
    hands_of = defaultdict(list)
    for round_id, number in event.hand_set.values_list("round_id", "number"):
        hands_of[round_id].append(number)
    out = []
    for m in matches.order_by("round__number", "first_table_id"):
        lines = []
        for hand in sorted(hands_of[m.round_id]):
            one, two = tricks.get((m.first_table_id, hand)), tricks.get((m.second_table_id, hand))
            if one is None or two is None:
                continue
            lines.append(
                {"hand": hand, "home": one["ns"] + two["ew"], "away": one["ew"] + two["ns"]}
            )
        home = sum(line["home"] for line in lines)
        away = sum(line["away"] for line in lines)
        won = {
            "home": sum(line["home"] > line["away"] for line in lines),
            "away": sum(line["away"] > line["home"] for line in lines),
        }
        # every hand in, or the round closed without some (they count nothing)
        played = bool(lines) and (
            len(lines) == len(hands_of[m.round_id]) or m.round.status == Round.Status.CLOSED
        )
        points = pairings.match_points(home, away, scale) if played else (0, 0)
        if home != away:
            winner = m.home if home > away else m.away
        else:
            winner = m.away if won["away"] > won["home"] else m.home
        out.append(
            {
                "match": m,
                "round": m.round.number,
                "stage": m.stage,
                "cup_match": m.cup_match,
                "home": m.home,
                "away": m.away,
                "home_tricks": home,
                "away_tricks": away,
                "hands_won": won,
                "lines": lines,
                "played": played,
                "home_points": points[0],
                "away_points": points[1],
                "winner": winner if played else None,
            }
        )
    return out


def team_league_table(*, event: Event) -> list[dict]:
    """The league table: match points, then trick difference, then tricks won."""
    fmt = TournamentFormat.objects.filter(event=event).first()
    teams = {t.number: t for t in Team.objects.filter(event=event)}
    played = [
        {
            "home": m["home"].number,
            "away": m["away"].number,
            "home_tricks": m["home_tricks"],
            "away_tricks": m["away_tricks"],
        }
        for m in team_matches(event=event, fmt=fmt)
        if m["played"] and m["stage"] == TeamMatch.Stage.LEAGUE
    ]
    try:
        rows = pairings.league_table(sorted(teams), played, scale_of(fmt))
    except pairings.PairingError as exc:
        raise DomainError(exc.code, exc.message) from exc
    return [{**row, "name": teams[row["team"]].name} for row in rows]


def team_cup(*, event: Event) -> dict | None:
    """The cup bracket resolved from the played cup matches (winners by team number)."""
    fmt = TournamentFormat.objects.filter(event=event).first()
    if fmt is None or fmt.bracket is None:
        return None
    results = {
        m["cup_match"]: m["winner"].number
        for m in team_matches(event=event, fmt=fmt)
        if m["stage"] == TeamMatch.Stage.CUP and m["winner"] is not None
    }
    names = dict(Team.objects.filter(event=event).values_list("number", "name"))
    return bracket_view(pairings.resolve(fmt.bracket, results), names)


def team_results(*, event: Event) -> dict:
    """What the team pages show: the matches, the league table and the cup."""
    return {
        "matches": team_matches(event=event),
        "table": team_league_table(event=event)
        if event.team_matches.filter(stage="league").exists()
        else [],
        "cup": team_cup(event=event),
    }


def _league_reason(row: dict) -> str:
    points = ngettext("%(n)d match point", "%(n)d match points", row["points"]) % {
        "n": row["points"]
    }
    return _("%(points)s, tricks %(won)d–%(lost)d") % {
        "points": points,
        "won": row["tricks_for"],
        "lost": row["tricks_against"],
    }


def _cup_reason(tier: int, reached: int) -> str:
    if tier == 0:
        return _("Won the cup final")
    if tier == 1:
        return _("Lost the cup final")
    return _("Reached the last %(n)d of the cup") % {"n": reached}


def _team_places(results: dict, names: dict[int, str], places: int) -> list[dict]:
    """The place prizes of a team night: the cup's placings once its final is played, else
    the league table's places (played teams only; level teams share a place)."""
    from tournaments.selectors.standings.prizes import ordinal, sharing_note

    cup = results["cup"]
    if cup and cup["champion"]:
        tiers, reached = [], 0
        for i, tier in enumerate(cup["placings"]):
            reached += len(tier)
            teams = [n for n in tier if n in names]  # not a bye
            if teams:
                tiers.append((teams, _cup_reason(i, reached)))
    else:
        rows = [r for r in results["table"] if r["played"]]
        tiers = []
        for i, row in enumerate(rows):
            if i and rows[i - 1]["position"] == row["position"]:
                tiers[-1][0].append(row["team"])
            else:
                tiers.append(([row["team"]], _league_reason(row)))
    prizes, slot = [], 1
    for teams, reason in tiers:
        if slot > places:
            break
        if len(teams) > 1:
            reason += sharing_note(len(teams), slot, places)
        winners = [{"key": f"t{n}", "name": names[n]} for n in teams]
        prizes.append(
            {"code": "place", "label": ordinal(slot), "winners": winners, "reason": reason}
        )
        slot += len(teams)
    return prizes


def team_standings(standings: dict, *, event: Event) -> dict:
    """A team night's standings: the pairs' tricks as played, but the place prizes go to the
    teams (the pairs' own order crowned a pair of a losing team), beside the organizer's
    special prizes and draw; ``teams``: the league table and the cup winner for the pages."""
    results = team_results(event=event)
    teams = Team.objects.filter(event=event).values_list(
        "number", "name", "first_pair__number", "second_pair__number"
    )
    names = {number: name for number, name, _one, _two in teams}
    places = _team_places(results, names, settings_of(event)["places"])
    pairs = {f"t{number}": [f"p{one}", f"p{two}"] for number, _name, one, two in teams}
    for prize in places:  # its pairs hold the prize: none is drawn for the consolation
        for winner in prize["winners"]:
            winner["members"] = pairs[winner["key"]]
    own = [p for p in standings["prizes"] if p["code"] in ("special", "consolation")]
    cup = results["cup"]
    return {
        **standings,
        "prizes": places + own,
        "teams": {
            # the difference beside the points: what parts teams level on points
            "table": [
                {**row, "difference": row["tricks_for"] - row["tricks_against"]}
                for row in results["table"]
            ],
            "champion": cup["champion_name"] if cup else None,
        },
    }


def round_matches(*, event: Event, round_number: int) -> dict[int, str]:
    """Each table of a round's team matches -> "Home – Away": the round page names the
    match a table plays in (it read "N/S pair 1 · E/W pair 12", no teams)."""
    out = {}
    matches = TeamMatch.objects.filter(event=event, round__number=round_number).select_related(
        "home", "away", "first_table", "second_table"
    )
    for m in matches:
        out[m.first_table.number] = out[m.second_table.number] = f"{m.home.name} – {m.away.name}"
    return out


def _pair_name(pair) -> str:
    people = sorted(pair.entries.all(), key=lambda e: e.number)
    return pair.name or " & ".join(e.player.name for e in people)


def team_match_cards(*, event: Event) -> list[dict]:
    """One printable card a match: who sits where at its two tables, and a line a hand."""
    per = event.hands_per_round
    matches = TeamMatch.objects.filter(event=event).select_related(
        "round", "home", "away", "first_table", "second_table"
    )
    pairs = {p.pk: p for p in event.pairs.prefetch_related("entries__player")}
    cards = []
    for m in matches.order_by("round__number", "first_table__number"):
        first = (m.round.number - 1) * per + 1
        hands = range(first, min(m.round.number * per, event.hands) + 1)
        home = [pairs[m.home.first_pair_id], pairs[m.home.second_pair_id]]
        away = [pairs[m.away.first_pair_id], pairs[m.away.second_pair_id]]
        cards.append(
            {
                "round": m.round.number,
                "home": m.home.name,
                "away": m.away.name,
                "tables": [
                    {
                        "number": m.first_table.number,
                        "ns": _pair_name(home[0]),
                        "ew": _pair_name(away[1]),
                    },
                    {
                        "number": m.second_table.number,
                        "ns": _pair_name(away[0]),
                        "ew": _pair_name(home[1]),
                    },
                ],
                "hands": list(hands),
            }
        )
    return cards
