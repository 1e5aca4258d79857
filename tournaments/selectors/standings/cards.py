"""Score cards (hand by hand, running total) and round-by-round tables of an event."""

from __future__ import annotations

from tournaments.games import game_for
from tournaments.models import ALL_SEATS
from tournaments.selectors.standings.loading import EventInput
from tournaments.selectors.standings.units import build_units, unit_keys


def build_detail(inp: EventInput, standings: dict) -> dict:
    """Per-unit score cards (hand by hand, running total) and each round's tables."""
    names = {n: e.player.name for n, e in inp.entries.items()}
    units = build_units(inp)
    unit_of = unit_keys(units)
    trumps = {number: trump for number, _r, trump in inp.hands.values()}
    cards: dict[str, list[dict]] = {}
    game = game_for(inp.event)
    ghost = inp.event.ghost_seats
    lines = game.card_lines(standings)
    rounds = _round_tables(inp, names)
    hand_round = {number: r for number, r, _t in inp.hands.values()}
    for line in lines:
        hand, table_no = line["hand"], line["table"]
        round_no = game.card_round(line, hand_round)
        seats = inp.seats.get((round_no, table_no), {})
        ns, ew, points = game.card_points(line, seats)
        table = rounds[round_no]["tables"].get(table_no)
        if table is not None:
            played = {
                "hand": hand,
                "trump": trumps.get(hand, ""),
                "what": game.hand_words(line, names),
                "ns": ns,
                "ew": ew,
            }
            if not game.partnerships:  # no sides: each player's points (the hands export)
                played["players"] = [(r["name"], points.get(r["key"])) for r in table["players"]]
            table["hands"].append(played)
            for row in table["players"]:
                if row["key"] in points:
                    row["points"] = (row["points"] or 0) + points[row["key"]]
        for seat, name in seats.items():
            key = unit_of[name]
            if key.startswith("p") and name != units[key]["rep"]:
                continue  # one card per pair
            cards.setdefault(key, []).append(
                {
                    "hand": hand,
                    "round": round_no,
                    "table": table_no,
                    "trump": trumps.get(hand, ""),
                    **_sides(game, line, seats, seat, names, ghost),
                    "score": points.get(name),
                    "sat_out": name == game.sat_out_of(line),  # dealt at a table of five
                }
            )
    _add_not_played(inp, units, unit_of, names, cards, trumps)
    _add_sit_outs(inp, units, cards, trumps, hand_round)
    return {"cards": cards, "rounds": _listed(rounds)}


def build_rounds(inp: EventInput) -> list[dict]:
    """Each round's status, tables (who sits where) and sit-outs, without the hands played:
    the seating the room is shown, with no score card built."""
    return _listed(_round_tables(inp, {n: e.player.name for n, e in inp.entries.items()}))


def _round_tables(inp: EventInput, names: dict[str, str]) -> dict[int, dict]:
    rounds: dict[int, dict] = {}
    for round_no, status in sorted(inp.rounds):
        rounds[round_no] = {
            "round": round_no,
            "status": status,
            "tables": {},
            "sit_out": [names[n] for n in inp.sit_outs.get(round_no, [])],
        }
    for (round_no, table_no), seats in sorted(inp.seats.items()):
        rounds.setdefault(round_no, {"round": round_no, "status": "", "tables": {}, "sit_out": []})
        rounds[round_no]["tables"][table_no] = {
            "table": table_no,
            "ns": [names[seats[s]] for s in ("N", "S") if s in seats],
            "ew": [names[seats[s]] for s in ("E", "W") if s in seats],
            # everyone in seat order, with their points at the table so far (Es-makker's view)
            "players": [
                {"key": seats[s], "name": names[seats[s]], "points": None}
                for s in ALL_SEATS
                if s in seats
            ],
            "hands": [],
        }
    return rounds


def _listed(rounds: dict[int, dict]) -> list[dict]:
    return [
        {**r, "tables": [r["tables"][t] for t in sorted(r["tables"])]}
        for _n, r in sorted(rounds.items())
    ]


def _sides(game, line, seats, seat, names, ghost: bool) -> dict:
    """A card row's partner (names joined: Es-makker's declarer's side or defenders) and
    opponents; with a ghost seat, an empty partner's seat is the ghost's."""
    mine, theirs = game.hand_sides(line, seats, seat)
    return {
        "partner": " & ".join(names[seats[s]] for s in mine if s in seats),
        "ghost": ghost and any(s not in seats for s in mine),
        "opponents": [names[seats[s]] for s in theirs if s in seats],
    }


def _add_not_played(inp, units, unit_of, names, cards, trumps) -> None:
    """A hand whose table never reported shows on the card with the credit chosen at close."""
    game = game_for(inp.event)
    for hand, round_no, table_no, credit in inp.not_played:
        seats = inp.seats.get((round_no, table_no), {})
        for seat, name in seats.items():
            key = unit_of[name]
            if key.startswith("p") and name != units[key]["rep"]:
                continue  # one card per pair
            cards.setdefault(key, []).append(
                {
                    "hand": hand,
                    "round": round_no,
                    "table": table_no,
                    "trump": trumps.get(hand, ""),
                    **_sides(game, None, seats, seat, names, False),
                    "score": None,
                    "sat_out": False,
                    "not_played": True,
                    "credit": credit,
                }
            )


def _add_sit_outs(inp, units, cards, trumps, hand_round) -> None:
    """A hand a unit sat out shows on its card with no score (credit is only known at the end);
    a hand its table has not reported yet shows as waiting, not as sat out; a hand before the
    unit came or after it left is not on its card."""
    running = game_for(inp.event).running_totals
    played_hands = sorted(
        {number for number, *_rest in inp.results} | {row[0] for row in inp.not_played}
    )
    resting = {(r, name) for r, names in inp.sit_outs.items() for name in names}
    table_of = {(r, name): t for (r, t), seats in inp.seats.items() for name in seats.values()}
    for unit in units.values():
        rows = cards.setdefault(unit["key"], [])
        have = {row["hand"] for row in rows}
        came, gone = unit["joined_round"], unit["withdrawn_round"] or float("inf")
        for hand in (h for h in played_hands if h not in have):
            round_no = hand_round.get(hand)
            if round_no is not None and not came <= round_no < gone:
                continue  # before the unit came or after it left
            names = [str(n) for n in unit["numbers"]]
            sat = any((round_no, n) in resting for n in names)
            table = next(
                (table_of[(round_no, n)] for n in names if (round_no, n) in table_of), None
            )
            rows.append(
                {
                    "hand": hand,
                    "round": round_no,
                    "table": None if sat else table,
                    "trump": trumps.get(hand, ""),
                    "partner": "",
                    "opponents": [],
                    "score": None,
                    "sat_out": sat,
                    "waiting": not sat,
                }
            )
        rows.sort(key=lambda r: r["hand"])
        total = 0
        for row in rows:
            credit = row.get("credit")  # a fixed credit counts as it goes; an average at the end
            total += row["score"] or (credit if isinstance(credit, int | float) else 0)
            if isinstance(total, float) and total.is_integer():
                total = int(total)  # 5.5 + 5.5 is 11, as the standings print it
            row["running_total"] = total if running else None


def sit_out_credit(unit: dict, card: list[dict]):
    """How much of a unit's total is credit for its hands sat out (its card shows them with no
    score, so the card says the amount), or None when no figure can be told apart (no hand
    sat out, or a hand not reported credited with an average)."""
    if not unit.get("sat_out") or any(r.get("credit") == "own_average" for r in card):
        return None
    played = sum(
        r["score"] or (r["credit"] if isinstance(r.get("credit"), int | float) else 0) for r in card
    )
    credit = round(unit["total"] - played, 2)
    return int(credit) if float(credit).is_integer() else credit
