"""The options of a whist drive (docs/rules.md §B1, §F): constants, prize and drive rules.

Split from ``scoring/drive.py`` so each file reads in one sitting; ``drive`` imports them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .checks import require_choice, require_int
from .errors import ScoringError
from .rules import build_rules

SIDES = ("ns", "ew")
TRUMPS = ("H", "C", "D", "S", "NT")
SIT_OUT_MODES = ("own_average", "none")
GHOST_PARTNER_MODES = ("tricks", "sit_out")  # what the ghost's live partner scores
REVOKE_MODES = ("transfer", "add_only", "off")
TIE_POLICIES = ("countback", "share")
COUNTBACK_KEYS = ("second_half", "hands_won", "ten_plus")
SPECIAL_PRIZES = ("ten_plus",)
MOVEMENTS = (
    "winners_split",
    "losers_split",
    "losers_split_progressive",
    "head_table",
    "ladies_stay",
    "foster",
    "ew_move",
    "fixed_schedule",
)
REVOKE_TRICKS = 3  # S1 "Abzug von 3 Stichen", [CL81], [ABD]
TEN_PLUS = 10  # the special prize counts hands of ten or more tricks [GOA]

# docs/rules.md's descriptive names, accepted beside the contract's keys.
ALIASES = {
    "tie_policy": "ties",
    "sit_out_score": "sit_out",
    "revoke_mode": "revoke",
    "trump_rotation": "trumps",
}
COUNTBACK_ALIASES = {"second_half_total": "second_half"}


def other_side(side: str) -> str:
    return "ew" if side == "ns" else "ns"


@dataclass(frozen=True)
class PrizeRules:
    """Which prizes a drive gives: the first ``places`` places, half-time, booby, a special."""

    places: int = 3
    half_time: bool = True
    booby: bool = True
    special: str | None = None

    def __post_init__(self) -> None:
        require_int(self.places, 0, None, "E_RULES", "prizes.places")
        for name in ("half_time", "booby"):
            if not isinstance(getattr(self, name), bool):
                raise ScoringError("E_RULES", f"prizes.{name} must be true or false")
        if self.special is not None:
            require_choice(self.special, SPECIAL_PRIZES, "E_RULES", "prizes.special")

    @classmethod
    def from_raw(cls, raw: Any) -> PrizeRules:
        if isinstance(raw, cls):
            return raw
        if not isinstance(raw, Mapping):
            raise ScoringError("E_RULES", 'prizes must be an object such as {"places": 3}')
        unknown = set(raw) - {"places", "half_time", "booby", "special"}
        if unknown:
            raise ScoringError(
                "E_RULES",
                f"unknown prize rule(s) {sorted(unknown)}; known: booby, half_time, places, special",
            )
        return cls(**raw)


@dataclass(frozen=True)
class DriveRules:
    """Options of a drive; defaults are docs/rules.md §B1 and §F."""

    hands: int = 24
    hands_per_round: int = 1
    trumps: tuple[str, ...] = ("H", "C", "D", "S")
    sit_out: Any = "own_average"  # "own_average" | "none" | {"fixed": N}
    revoke: str = "transfer"
    ties: str = "countback"
    countback: tuple[str, ...] = ("second_half", "hands_won")
    prizes: PrizeRules = field(default_factory=PrizeRules)
    categories: Mapping[str, str] | None = None  # player -> category, for separate prize lists
    movement: str | None = None  # informational here: the movement engine moves players
    # A hand played beside the ghost (a null seat): the side's tricks, or a hand sat out.
    ghost_partner: str = "tricks"

    def __post_init__(self) -> None:
        set_ = object.__setattr__  # frozen: normalise once, here
        require_int(self.hands, 1, 60, "E_RULES", "hands")
        require_int(self.hands_per_round, 1, self.hands, "E_RULES", "hands_per_round")
        if (
            isinstance(self.trumps, str)
            or not isinstance(self.trumps, Iterable)
            or not list(self.trumps)
        ):
            raise ScoringError(
                "E_RULES", 'trumps must be a non-empty list such as ["H", "C", "D", "S"]'
            )
        set_(
            self,
            "trumps",
            tuple(require_choice(t, TRUMPS, "E_RULES", "each trump") for t in self.trumps),
        )
        set_(self, "sit_out", _sit_out_rule(self.sit_out))
        require_choice(self.revoke, REVOKE_MODES, "E_RULES", "revoke")
        require_choice(self.ties, TIE_POLICIES, "E_RULES", "ties")
        if isinstance(self.countback, str) or not isinstance(self.countback, Iterable):
            raise ScoringError(
                "E_RULES", 'countback must be a list such as ["second_half", "hands_won"]'
            )
        keys = tuple(
            require_choice(
                COUNTBACK_ALIASES.get(k, k), COUNTBACK_KEYS, "E_RULES", "each countback key"
            )
            for k in self.countback
        )
        if len(set(keys)) != len(keys):
            raise ScoringError("E_RULES", "countback names a key twice")
        set_(self, "countback", keys)
        set_(self, "prizes", PrizeRules.from_raw(self.prizes))
        if self.categories is not None:
            cats = self.categories
            if not isinstance(cats, Mapping) or not all(
                isinstance(k, str) and isinstance(v, str) and v for k, v in cats.items()
            ):
                raise ScoringError("E_RULES", "categories must map each player to a category name")
            set_(self, "categories", dict(cats))
        if self.movement is not None:
            require_choice(self.movement, MOVEMENTS, "E_RULES", "movement")
        require_choice(self.ghost_partner, GHOST_PARTNER_MODES, "E_RULES", "ghost_partner")

    @property
    def fixed_credit(self) -> int | None:
        """Tricks credited per hand sat out under ``{"fixed": N}``, else None."""
        return self.sit_out["fixed"] if isinstance(self.sit_out, dict) else None

    @property
    def half(self) -> int:
        """Last hand of the first half: ⌊hands/2⌋ (half-time prize, ``first_half``)."""
        return self.hands // 2

    def trump(self, hand: int) -> str:
        return self.trumps[(hand - 1) % len(self.trumps)]


def _sit_out_rule(raw: Any) -> Any:
    """Accept "own_average", "none", {"fixed": N} and docs/rules.md's "fixed:N"."""
    if isinstance(raw, str) and raw.startswith("fixed:"):
        number = raw.removeprefix("fixed:")
        raw = {"fixed": int(number)} if number.isdigit() else raw
    if isinstance(raw, Mapping):
        if set(raw) != {"fixed"}:
            raise ScoringError("E_RULES", 'sit_out as an object must be {"fixed": N}')
        return {"fixed": require_int(raw["fixed"], 0, 13, "E_RULES", "sit_out fixed credit")}
    if raw not in SIT_OUT_MODES:
        raise ScoringError(
            "E_RULES", f'sit_out must be own_average, none or {{"fixed": N}}; got {raw!r}'
        )
    return raw


def parse_rules(raw: Any) -> DriveRules:
    """The record's ``rules`` as ``DriveRules`` (unknown keys: ``E_RULES``)."""
    return build_rules(DriveRules, raw, {}, aliases=ALIASES)


# --- one table's result for one hand ------------------------------------------------------
