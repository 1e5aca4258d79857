"""Rubber whist: short, American and long whist and the German Robber (docs/rules.md §B2).

Two sides, A and B, play hands that run on through games: points for odd tricks
(and, by the rules chosen, honours) until a side reaches the target; the first
side to win two games wins the rubber. Revoke penalties are settled before the
tricks are scored, and a side that revoked cannot reach game in that hand.

Record extras beyond the contract (all optional):
- ``"start": {"A": 6, "B": 6}`` — the score at which the first game starts (for
  a rubber entered part-way, or examples such as docs/rules.md T17); docs/rules.md's per-hand
  ``"score_before"`` does the same for any hand, and ``offender`` names a revoke's side;
- ``"late": {"honours": true}`` / ``{"revokes": true}`` on a hand, or ``"late": true``
  on one revoke — the claim came after the next deal started: refused with
  ``E_HONOURS_LATE`` / ``E_REVOKE_LATE`` (docs/rules.md §B2 step 1).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .checks import (
    check_tricks,
    contract_fields,
    record_parts,
    require_choice,
    require_int,
    require_mapping,
)
from .errors import ScoringError
from .rules import build_rules

SIDES = ("A", "B")
HONOURS_POLICIES = ("club", "never_decisive", "none")
GAME_VALUES = ("short_whist", "american", "flat")
REVOKE_PENALTIES = ("tricks", "deduct", "add", "deduct_only_tricks")
DOUBLE_REVOKE = ("redeal", "club81")
REVOKE_SIZE = 3  # tricks or points a revoke costs [CL81 law 72], S1 "Abzug von 3 Stichen"
GAMES_TO_WIN = 2  # a rubber is the best of three [CL61 law 1]; S1 "2 gewonnene Einzelspiele"
BOOK = 6  # tricks beyond the book of six score one point each (S0)


def _other(side: str) -> str:
    return "B" if side == "A" else "A"


@dataclass(frozen=True)
class RubberRules:
    """Options of a rubber; the presets are docs/rules.md §B2's table."""

    target: int = 5
    honours: str = "club"
    game_value: str = "short_whist"
    rubber_bonus: int = 2
    revoke_penalty: str = "tricks"
    double_revoke: str = "redeal"

    def __post_init__(self) -> None:
        require_int(self.target, 1, 100, "E_RULES", "target")
        require_choice(self.honours, HONOURS_POLICIES, "E_RULES", "honours")
        require_choice(self.game_value, GAME_VALUES, "E_RULES", "game_value")
        require_int(self.rubber_bonus, 0, None, "E_RULES", "rubber_bonus")
        require_choice(self.revoke_penalty, REVOKE_PENALTIES, "E_RULES", "revoke_penalty")
        require_choice(self.double_revoke, DOUBLE_REVOKE, "E_RULES", "double_revoke")

    def game_value_for(self, loser_score: int) -> int:
        """What a won game is worth, from the loser's score when it ended (§B2 step 7).

        ``short_whist`` is treble/double/single at 0 / 1–2 / 3–4 for a game of 5 [CL61 law 8];
        for other targets the same shape is kept: treble at 0, double below half the target.
        """
        if self.game_value == "flat":
            return 1
        if self.game_value == "american":
            return self.target - loser_score
        if loser_score == 0:
            return 3
        return 2 if 2 * loser_score < self.target else 1


PRESETS: dict[str, dict[str, Any]] = {
    "seed_short": {"target": 5, "honours": "none", "game_value": "flat", "rubber_bonus": 0},
    "seed_american": {
        "target": 7,
        "honours": "never_decisive",
        "game_value": "flat",
        "rubber_bonus": 0,
    },
    "seed_long": {
        "target": 9,
        "honours": "never_decisive",
        "game_value": "flat",
        "rubber_bonus": 0,
    },
    "club_short": {"target": 5, "honours": "club", "game_value": "short_whist", "rubber_bonus": 2},
    # No source gives long whist's rubber points (§F 8): flat games and the short-whist bonus.
    "club_long": {"target": 10, "honours": "club", "game_value": "flat", "rubber_bonus": 2},
    "american_club": {"target": 7, "honours": "none", "game_value": "american", "rubber_bonus": 0},
    # S1 counts games won only: flat games, no bonus; "game_value": "short_whist" is the option.
    "german_robber": {"target": 5, "honours": "none", "game_value": "flat", "rubber_bonus": 0},
}
DEFAULT_PRESET = "club_short"
ALIASES = {"honours_policy": "honours"}


def parse_rules(raw: Any) -> RubberRules:
    """The record's ``rules`` as ``RubberRules``: ``club_short`` unless a preset is named."""
    return build_rules(RubberRules, raw, PRESETS, default_preset=DEFAULT_PRESET, aliases=ALIASES)


# --- one hand -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Revoke:
    side: str
    penalty: str


@dataclass(frozen=True)
class Deal:
    """A validated hand: tricks, honours held per side and the revokes claimed."""

    tricks: Mapping[str, int]
    honours: Mapping[str, int]
    revokes: tuple[Revoke, ...]


def _honours(raw: Any, pos: int) -> dict[str, int]:
    """Honours held per side: ``{"A": 3}`` or ``{"side": "A", "count": 3}`` (docs/rules.md §B2)."""
    if raw is None:
        return dict.fromkeys(SIDES, 0)
    raw = require_mapping(raw, "honours", pos)
    if "side" in raw:
        side = require_choice(raw["side"], SIDES, "E_JSON", "honours side", pos)
        raw = {side: raw.get("count")}
    unknown = set(raw) - set(SIDES)
    if unknown:
        raise ScoringError(
            "E_JSON", f"honours has unknown sides {sorted(unknown)}; use A and B", pos
        )
    held = {
        s: require_int(raw.get(s, 0), 0, 4, "E_HONOURS_RANGE", f"honours for {s}", pos)
        for s in SIDES
    }
    if all(held[s] >= 3 for s in SIDES):
        raise ScoringError(
            "E_HONOURS_BOTH", "both sides claim honours; only one side can hold 3 or 4", pos
        )
    if sum(held.values()) > 4:
        raise ScoringError("E_HONOURS_RANGE", f"there are only 4 honours, got {held}", pos)
    return held


def _revokes(raw: Any, rules: RubberRules, pos: int) -> tuple[Revoke, ...]:
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise ScoringError("E_JSON", 'revokes must be a list of {"side": ..., "penalty": ...}', pos)
    revokes = []
    for item in raw:
        item = contract_fields(require_mapping(item, "each revoke", pos), {"offender": "side"})
        if item.get("late") is True:
            raise ScoringError(
                "E_REVOKE_LATE", "a revoke cannot be claimed after the next deal has started", pos
            )
        side = require_choice(item.get("side"), SIDES, "E_JSON", "revoke side", pos)
        penalty = item.get("penalty", rules.revoke_penalty)
        require_choice(penalty, REVOKE_PENALTIES, "E_REVOKE_PENALTY", "revoke penalty", pos)
        revokes.append(Revoke(side, penalty))
    return tuple(revokes)


def parse_deal(raw: Any, rules: RubberRules, pos: int) -> Deal:
    """Validate one hand (§B2 step 1)."""
    raw = require_mapping(raw, "each hand", pos)
    late = raw.get("late") or {}
    late = require_mapping(late, "late", pos)
    if late.get("honours") is True and raw.get("honours"):
        raise ScoringError(
            "E_HONOURS_LATE", "honours must be claimed before the next deal starts", pos
        )
    if late.get("revokes") is True and raw.get("revokes"):
        raise ScoringError(
            "E_REVOKE_LATE", "a revoke must be claimed before the next deal starts", pos
        )
    return Deal(
        check_tricks(raw.get("tricks"), SIDES, pos),
        _honours(raw.get("honours"), pos),
        _revokes(raw.get("revokes"), rules, pos),
    )


@dataclass
class _Hand:
    """The arithmetic of one hand on a game score, steps 2–5 of §B2."""

    rules: RubberRules
    score: dict[str, int]
    capped: frozenset[str]  # sides that may not reach game in this hand
    winner: str | None = None  # set once a side reaches the target

    def add(self, side: str, points: int) -> int:
        """Credit ``points`` unless the game is over; returns what was actually scored."""
        if self.winner is not None or points <= 0:
            return 0
        before = self.score[side]
        score = before + points
        if side in self.capped:
            score = max(before, min(score, self.rules.target - 1))
        self.score[side] = score
        if score >= self.rules.target:
            self.winner = side
        return score - before


def play(deal: Deal, before: Mapping[str, int], rules: RubberRules) -> tuple[_Hand, bool, dict]:
    """Score one hand from the game score ``before``.

    Returns the settled hand (score and game winner), whether the deal was void, and
    the detail: tricks after revokes and the points each side scored for odd tricks
    and for honours.
    """
    offenders = {r.side for r in deal.revokes}
    tricks = dict(deal.tricks)
    odd, honours = dict.fromkeys(SIDES, 0), dict.fromkeys(SIDES, 0)
    detail = {"tricks": tricks, "odd_tricks": odd, "honour_points": honours}
    if len(offenders) == 2 and rules.double_revoke == "redeal":
        # Both sides revoked: the deal is void and nothing is scored [EW xviii].
        return _Hand(rules, dict(before), frozenset()), True, detail
    # club81: both penalties stand and neither side may reach game this hand [CL137 law 81].
    hand = _Hand(rules, dict(before), frozenset(offenders))
    for revoke in deal.revokes:  # revokes first [CL61 law 5], each on its own [CL81 II]
        offender, claimants = revoke.side, _other(revoke.side)
        if revoke.penalty in ("tricks", "deduct_only_tricks"):
            moved = min(REVOKE_SIZE, tricks[offender])
            tricks[offender] -= moved
            if revoke.penalty == "tricks":
                tricks[claimants] += moved
        elif revoke.penalty == "deduct":
            hand.score[offender] = max(0, hand.score[offender] - REVOKE_SIZE)
        else:  # add: may win the game at once [CL81 law 72 V]
            hand.add(claimants, REVOKE_SIZE)
    for side in SIDES:  # odd tricks; honours only while the game is still open [CL61 law 5]
        odd[side] = hand.add(side, tricks[side] - BOOK)
    for side in SIDES:
        honours[side] = hand.add(
            side, _honour_points(deal.honours[side], before[side], hand.score[side], rules)
        )
    return hand, False, detail


def _honour_points(held: int, before: int, after_tricks: int, rules: RubberRules) -> int:
    """Honours scored by a side (§B2 step 5), before the revoke cap and the game check."""
    points = {4: 4, 3: 2}.get(held, 0)
    if rules.honours == "none":
        return 0
    if rules.honours == "club":
        return 0 if before == rules.target - 1 else points  # barred at the point before game
    return min(points, max(0, rules.target - 1 - after_tricks))  # never_decisive (S0)


def _start(
    raw: Any, rules: RubberRules, what: str = "start", pos: int | None = None
) -> dict[str, int]:
    """A game score to play on from: the record's ``start`` or a hand's ``score_before``."""
    if raw is None:
        return dict.fromkeys(SIDES, 0)
    raw = require_mapping(raw, what, pos)
    if set(raw) - set(SIDES):
        raise ScoringError("E_JSON", f"{what} names sides other than A and B", pos)
    return {
        s: require_int(
            raw.get(s, 0), 0, rules.target - 1, "E_SCORE_RANGE", f"{what} score of {s}", pos
        )
        for s in SIDES
    }


def score(record: Mapping) -> dict:
    """Score a rubber record (docs/scoring.md ``rubber``)."""
    record, rules, rows = record_parts(record, parse_rules)
    current = _start(record.get("start"), rules)
    games: list[dict] = []
    won = dict.fromkeys(SIDES, 0)
    hands = []
    rubber_winner: str | None = None
    for pos, row in enumerate(rows, start=1):
        if rubber_winner is not None:
            raise ScoringError(
                "E_RUBBER_OVER", f"the rubber was won by {rubber_winner} before this hand", pos
            )
        deal = parse_deal(row, rules, pos)
        if isinstance(row, Mapping) and row.get("score_before") is not None:
            # docs/rules.md §B2's per-hand input: the recorded game score before this deal stands.
            current = _start(row["score_before"], rules, "score_before", pos)
        hand, void, detail = play(deal, current, rules)
        after, winner = hand.score, hand.winner
        hands.append(
            {
                "score": dict(after),
                "game": len(games) + 1,
                "game_over": winner is not None,
                "void": void,
                "game_winner": winner,
                **detail,
            }
        )
        if winner is None:
            current = after
            continue
        loser = _other(winner)
        games.append(
            {"winner": winner, "score": dict(after), "value": rules.game_value_for(after[loser])}
        )
        won[winner] += 1
        current = dict.fromkeys(SIDES, 0)  # surplus points are not carried over (DD, [FOS-R])
        if won[winner] == GAMES_TO_WIN:
            rubber_winner = winner
    return {"hands": hands, "games": games, "rubber": _rubber(games, won, rubber_winner, rules)}


def _rubber(games: list[dict], won: dict[str, int], winner: str | None, rules: RubberRules) -> dict:
    """Net points (§B2 step 8): game values each way, plus the bonus once the rubber is won."""
    value = {s: sum(g["value"] for g in games if g["winner"] == s) for s in SIDES}
    net_a = value["A"] - value["B"]
    if winner is not None:
        net_a += rules.rubber_bonus if winner == "A" else -rules.rubber_bonus
    return {
        "complete": winner is not None,
        "winner": winner,
        "games_won": dict(won),
        "net": {"A": net_a, "B": -net_a},
    }


__all__ = ["PRESETS", "Deal", "RubberRules", "parse_deal", "parse_rules", "play", "score"]
