"""Standings of a paper-card evening: the players' own card totals, ranked as the drive
engine ranks (ties share), with the same prizes. No hand-by-hand record exists, so no
countback, half-time or ten-trick prizes: the MC's check of the top cards is the safeguard."""

from __future__ import annotations

from collections import Counter

from scoring import drive as drive_engine
from scoring.checks import plain_number
from tournaments.models import Event
from tournaments.selectors.standings.loading import EventInput
from tournaments.selectors.standings.prizes import finish
from tournaments.selectors.standings.units import build_units, rank_rows, unit_row


def card_total(inp: EventInput, numbers: list[int]) -> tuple[int | None, int]:
    """A unit's total and how many hands it covers (the first partner with a card)."""
    final = inp.event.paper_cards == Event.PaperCards.FINAL
    per_round = Counter(round_no for _number, round_no, _trump in inp.hands.values())
    for number in numbers:
        by_round = inp.card_totals.get(str(number))
        if not by_round:
            continue
        if final:
            if 0 in by_round:
                return by_round[0], inp.event.hands
            continue
        rounds = {r: t for r, t in by_round.items() if r > 0}
        if rounds:
            hands = sum(per_round.get(r, inp.event.hands_per_round) for r in rounds)
            return sum(rounds.values()), hands
    return None, 0


def _sat_out_hands(inp: EventInput) -> Counter:
    """Per engine name, the hands of the rounds sat out (no table) that the room has played:
    rounds with card totals typed, or every round once the final totals are in. Not the
    rounds before a late arrival joined nor after a withdrawal (docs/rules.md §F24), nor a
    round with a total typed for it anyway (that counts as played)."""
    final = inp.event.paper_cards == Event.PaperCards.FINAL
    typed = {r for by_round in inp.card_totals.values() for r in by_round if r > 0}
    per_round = Counter(round_no for _number, round_no, _trump in inp.hands.values())
    sat: Counter = Counter()
    for r, names in inp.sit_outs.items():
        if not (final or r in typed):
            continue
        for name in names:
            entry = inp.entries[name]
            own = inp.card_totals.get(name, {})
            if r not in own and entry.joined_round <= r < (entry.withdrawn_round or r + 1):
                sat[name] += per_round[r]
    return sat


def paper_standings(inp: EventInput, rules: dict) -> tuple[list[dict], list[dict], dict]:
    """The ranked rows and the prize rules of a paper-card evening. A round sat out is
    credited by the drive's rule, as on a hand-by-hand evening (a Dutch walk's sit-out took
    the booby prize, 12 hands against everyone's 16)."""
    parsed = drive_engine.parse_rules(rules)
    final = inp.event.paper_cards == Event.PaperCards.FINAL
    rows = []
    sat_out = _sat_out_hands(inp)
    for unit in build_units(inp).values():
        total, hands = card_total(inp, unit["numbers"])
        if total is None:
            continue
        sat = sat_out[str(unit["numbers"][0])]
        played = hands - sat if final else hands  # a final card covers the hands played
        credit = drive_engine.sit_out_credit(total, played, sat, parsed)
        rows.append(
            unit_row(
                unit,
                total=plain_number(total + credit),
                played=played,
                sat_out=sat,
                hands_won=None,  # no hands on paper: not "0 hands won"
                first_half=None,
                second_half=None,
                ten_plus=0,
                not_played=0,
                half_time=None,
                half_position=None,
                half_hands_won=None,
            )
        )
    eligible = rank_rows([r for r in rows if not r["withdrawn"]], "total", (), "share")
    prize_rules = {
        "places": parsed.prizes.places,
        "half_time": False,
        "booby": parsed.prizes.booby,
        "special": None,
        "half": parsed.half,
    }
    return rows, eligible, prize_rules


def paper_drive_standings(inp: EventInput, rules: dict, own: dict) -> dict:
    rows, eligible, prize_rules = paper_standings(inp, rules)
    out = finish(inp, eligible, rows, prize_rules, own, score_field="total", engine_hands=[])
    top = [r for r in eligible if r["position"] <= inp.event.card_check_top]
    for row in eligible:
        row["card_checked"] = not any(str(n) in inp.card_unchecked for n in row["numbers"])
    out["cards"] = {
        "mode": inp.event.paper_cards,
        "entered": len(rows),
        "top": inp.event.card_check_top,
        "to_check": sum(1 for r in top if not r["card_checked"]),
    }
    return out
