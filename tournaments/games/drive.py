"""Progressive (individual) and pairs whist drives: every hand stands alone, scored in tricks."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _l
from django.utils.translation import ngettext, ngettext_lazy

import scoring
from scoring.errors import ScoringError
from tournaments.error_messages import engine_error
from tournaments.games.base import (
    SEATS,
    Game,
    HandToCheck,
    RuleOption,
    Templates,
    TricksFirst,
    event_defaults,
    prize_rules,
)
from tournaments.games.fields import Field, named
from tournaments.movements import PAIR_RULES, RULES

# Players move by results, partners changing (the progressive rules that are not pairs rules).
PROGRESSIVE = frozenset(RULES) - frozenset(PAIR_RULES)
PAIRS_MOVEMENTS = frozenset({"mitchell", "howell", "round_robin"})


class Drive(TricksFirst, Game):
    system = "drive"
    kinds = ("individual_drive", "pairs_drive")
    data_keys = frozenset({"tricks", "revokes"})
    defaults = {
        "individual_drive": event_defaults(24, 1, "winners_split", trumps="HCDS"),
        "pairs_drive": event_defaults(24, 4, "mitchell", trumps="HCDS"),
    }
    # Drives for individuals move by results or a fixed plan; a pairs drive needs pairs, which
    # move by a fixed plan or, partners kept, by results (Foster) or N/S staying (docs/rules.md).
    movements = {
        "individual_drive": PROGRESSIVE | {"individual"},
        "pairs_drive": PAIRS_MOVEMENTS | frozenset(PAIR_RULES),
    }
    templates = Templates.under("drive", match_play=False)
    export_fields = (
        "total",
        "played",
        "sat_out",
        "hands_won",
        "first_half",
        "second_half",
        "ten_plus",
    )
    documents = frozenset({"score_cards"})
    hand_prizes = True
    prize_defaults = {"half_time": True, "booby": True}  # the engine's PrizeRules defaults
    pairs_kinds = frozenset({"pairs_drive"})
    needs_trumps = True
    paper_cards = True
    odd_numbers = frozenset({"sit_out", "ghost"})
    ghost_scoring = {  # the first is the engine's default (docs/rules.md §B1, the ghost seat)
        "tricks": _l("the tricks their side takes, as usual"),
        "sit_out": _l("the hand counts as sat out for them"),
    }
    credits_unreported = True
    # The rules page (docs/rules.md §B1); the first choice is the engine's default.
    rule_options = (
        RuleOption(
            "sit_out",
            _l("A hand sat out scores"),
            (
                ("own_average", _l("the player's own average per hand played")),
                ("fixed:7", _l("7 tricks")),
                ("fixed:6", _l("6 tricks")),
                ("none", _l("nothing")),
            ),
            _l(
                "The average is fair whoever sits out, but gives totals with fractions; a fixed "
                "number of tricks is easy to check on a card."
            ),
        ),
        RuleOption(
            "ties",
            _l("Players level on tricks"),
            (
                ("countback", _l("are split by the second half, then by hands won")),
                ("share", _l("share the place")),
            ),
        ),
        RuleOption(
            "revoke",
            _l("A revoke"),
            (
                ("transfer", _l("moves 3 tricks from the offenders to the other side")),
                ("add_only", _l("gives the other side 3 more tricks")),
                ("off", _l("is not penalised")),
            ),
        ),
    )
    uses_roles = True
    kind_help = {
        "individual_drive": _l(
            "The classic whist drive: everyone for themselves, partners change, scored by tricks."
        ),
        "pairs_drive": _l("Fixed pairs move between tables, scored by tricks."),
    }
    simulatable = True
    unit_labels = {
        "total": _l("tricks"),
        "plus_minus": _l("tricks against the direction average"),
    }
    counted_units = {
        "total": ngettext_lazy("%(value)s trick", "%(value)s tricks", "n"),
        "plus_minus": ngettext_lazy(
            "%(value)s trick against the direction average",
            "%(value)s tricks against the direction average",
            "n",
        ),
    }
    card_score_label = _l("Tricks")

    def fields(self, players=None, names=None) -> list[Field]:
        who = (players, names)
        revokes = {"required": False, "more": True, "maximum": 4}
        return [
            Field("tricks_ns", named(_l("Tricks won by N/S"), *who, "NS"), errors=("tricks",)),
            Field("revokes_ns", named(_l("Revokes by N/S"), *who, "NS"), **revokes),
            Field("revokes_ew", named(_l("Revokes by E/W"), *who, "EW"), **revokes),
        ]

    def build(self, values: dict) -> dict:
        ns = values["tricks_ns"]
        return {
            "tricks": {"ns": ns, "ew": 13 - ns},
            "revokes": {"ns": values["revokes_ns"] or 0, "ew": values["revokes_ew"] or 0},
        }

    def initial(self, data: dict) -> dict:
        return {
            "tricks_ns": data["tricks"]["ns"],
            "revokes_ns": data.get("revokes", {}).get("ns", 0),
            "revokes_ew": data.get("revokes", {}).get("ew", 0),
        }

    def summary(self, data: dict, names) -> str:
        """The tricks, and any revoke: the side asked to confirm must see what it is charged."""
        said = _("N/S %(ns)s, E/W %(ew)s") % data["tricks"]
        revokes = data.get("revokes") or {}
        for side, label in (("ns", _("N/S")), ("ew", _("E/W"))):
            if revokes.get(side):
                said += ", " + ngettext(
                    "%(n)d revoke by %(side)s", "%(n)d revokes by %(side)s", revokes[side]
                ) % {"n": revokes[side], "side": label}
        return said

    def tricks_ns(self, data: dict) -> int | None:
        return data["tricks"]["ns"]

    def split_rules(self, rules):
        """The drive engine also awards the prizes, so it gets the ``prizes`` option too."""
        raw, own = super().split_rules(rules)
        if "prizes" in own:
            raw["prizes"] = own["prizes"]
        return raw, own

    def event_rules(self, event):
        raw, own = self.split_rules(prize_rules(event))
        raw["hands"] = event.hands
        raw["hands_per_round"] = event.hands_per_round
        if event.trumps:
            raw["trumps"] = list(event.trumps)
        return raw, own

    def check(self, event, hand: HandToCheck) -> None:
        """A one-hand drive record with the table's seated players (a drive's hands stand alone)."""
        rules, _own = self.split_rules(event.rules)
        rules.setdefault("hands", event.hands)
        seat = hand.players
        row = {
            **hand.data,
            "hand": hand.number,
            "table": hand.table,
            "ns": [seat.get("N"), seat.get("S")],  # a seat nobody holds is the ghost
            "ew": [seat.get("E"), seat.get("W")],
        }
        try:
            scoring.score(self.system, {"rules": rules, "hands": [row]})
        except ScoringError as exc:
            raise engine_error(exc, field=self.field_of(exc.code)) from exc

    def running_state(self, event, counted, players):
        """A drive's table has no running match."""
        return None

    def against_direction(self, event) -> bool:
        """Whether pairs rank against the average of their direction (a Mitchell pairs drive)."""
        return event.kind == "pairs_drive" and event.movement_kind == "mitchell"

    def empty_stats(self) -> dict:
        return {}

    def standings(self, inp, rules: dict, own: dict) -> dict:
        from tournaments.selectors.standings.drive import drive_standings

        return drive_standings(inp, rules, own)

    def card_lines(self, standings: dict) -> list[dict]:
        return standings["_hands"]

    def card_round(self, line, hand_round):
        return hand_round.get(line["hand"])

    def card_points(self, line, seats):
        ns, ew = line["tricks"]["ns"], line["tricks"]["ew"]
        return ns, ew, {seats.get(s): (ns if s in "NS" else ew) for s in SEATS}
