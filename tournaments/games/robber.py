"""Rubber bridge-style whist: robber matches and robber leagues, one rubber (or timed night) a match."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _l
from django.utils.translation import ngettext_lazy

from scoring import rubber
from tournaments.games.base import MatchState, Partnership, Templates, TricksFirst, event_defaults
from tournaments.games.fields import SIDES, Field, choice, named, named_sides

PENALTIES = (
    ("", _l("as the rules say")),
    ("tricks", _l("3 tricks")),
    ("deduct", _l("deduct 3 points")),
    ("add", _l("add 3 points")),
)


def _league_match(event) -> str:
    from tournaments.selectors.matches import league_options

    return league_options(event.rules).match


class Robber(TricksFirst, Partnership):
    system = "rubber"
    kinds = ("robber",)
    kind_help = {
        "robber": _l("A pair against a pair, rubber by rubber; over several rounds, a league.")
    }
    data_keys = frozenset({"tricks", "honours", "revokes"})
    error_fields = {
        **dict.fromkeys(("E_HONOURS_BOTH", "E_HONOURS_RANGE", "E_HONOURS_LATE"), "honours"),
        **dict.fromkeys(("E_REVOKE_PENALTY", "E_REVOKE_LATE"), "revokes"),
        "E_RUBBER_OVER": "tricks",
    }
    defaults = {"robber": event_defaults(30, 6, "round_robin", rules={"preset": "club_short"})}
    movements = {"robber": frozenset({"mitchell", "howell", "round_robin"})}
    templates = Templates.under("robber")
    ranking = ("net", "rubbers", "games")
    presets = (  # the rules the organizer picks from, by the engine's preset names
        ("club_short", _l("Short whist, club rules: 5 points, honours, treble/double/single")),
        ("seed_short", _l("Short whist, plain: 5 points, no honours, 1 a game")),
        ("seed_american", _l("American whist: 7 points, honours never decide a game")),
        ("american_club", _l("American whist, club rules: a game is worth 7 minus the loser's")),
        ("seed_long", _l("Long whist: 9 points, honours never decide a game")),
        ("club_long", _l("Long whist, club rules: 10 points, honours")),
        ("german_robber", _l("German robber: 5 points, games won only")),
    )
    export_fields = ("net", "rubbers", "games", "played")
    card_heads = ("games", "net")  # a round is a rubber: its games won and net points
    card_per_round = True
    documents = frozenset({"score_pads"})
    pairs_kinds = frozenset({"robber"})
    league_table = True
    round_robin_league = True
    running_totals = False
    match_title = _l("Rubber")
    unit_labels = {"net": _l("net rubber points")}
    counted_units = {
        "net": ngettext_lazy("%(value)s net rubber point", "%(value)s net rubber points", "n"),
        "points": ngettext_lazy("%(value)s league point", "%(value)s league points", "n"),
    }
    card_score_label = _l("Game score")
    hand_figure = "score"
    over_code = "E_RUBBER_OVER"

    def fields(self, players=None, names=None) -> list[Field]:
        nobody = (("", _l("nobody")), *named_sides(players, names))
        return [
            Field(
                "tricks_a", named(_l("Tricks won by N/S"), players, names, "NS"), errors=("tricks",)
            ),
            Field(
                "honours_side",
                _l("Honours held by"),
                "choice",
                nobody,
                required=False,
                errors=("honours",),
            ),
            Field("honours_count", _l("Number of honours"), required=False, maximum=4),
            Field(
                "revoke_side",
                _l("Revoke by"),
                "choice",
                nobody,
                required=False,
                more=True,
                errors=("revokes",),
            ),
            choice("revoke_penalty", _l("Revoke penalty"), PENALTIES, required=False, more=True),
        ]

    def engine_options(self, event) -> rubber.RubberRules:
        return rubber.parse_rules(self.split_rules(event.rules)[0])

    def event_fields(self, event, players=None, names=None) -> list[Field]:
        """No honours asked where they never score (German robber): players would think
        the honours they typed counted."""
        fields = self.fields(players, names)
        if self.engine_options(event).honours == "none":
            fields = [f for f in fields if not f.name.startswith("honours")]
        return fields

    def pad_line(self, event) -> str:
        """What a score pad's above-the-line part is for, by the rules."""
        options = self.engine_options(event)
        honours, bonus = options.honours != "none", options.rubber_bonus > 0
        if honours and bonus:
            return _("above the line: honours, penalties, rubber bonus")
        if honours:
            return _("above the line: honours, penalties")
        if bonus:
            return _("above the line: penalties, rubber bonus")
        return _("above the line: penalties")

    def build(self, values: dict) -> dict:
        a = values["tricks_a"]
        data = {"tricks": {"A": a, "B": 13 - a}, "honours": {}, "revokes": []}
        if values["honours_side"] and values["honours_count"]:
            data["honours"] = {values["honours_side"]: values["honours_count"]}
        if values["revoke_side"]:
            revoke = {"side": values["revoke_side"]}
            if values["revoke_penalty"]:
                revoke["penalty"] = values["revoke_penalty"]
            data["revokes"] = [revoke]
        return data

    def initial(self, data: dict) -> dict:
        values = {"tricks_a": data["tricks"]["A"]}
        for side, count in (data.get("honours") or {}).items():
            values.update(honours_side=side, honours_count=count)
        for revoke in (data.get("revokes") or [])[:1]:
            values.update(revoke_side=revoke["side"], revoke_penalty=revoke.get("penalty", ""))
        return values

    def summary(self, data: dict, names) -> str:
        text = _("N/S %(A)s, E/W %(B)s") % data["tricks"]
        for side, count in (data.get("honours") or {}).items():
            text += ", " + _("honours %(side)s %(count)s") % {
                "side": dict(SIDES)[side],
                "count": count,
            }
        return text

    def standings(self, inp, rules: dict, own: dict) -> dict:
        """Match-play standings; a league ranked by league points in its table's order."""
        from tournaments.selectors.league import league_standings

        places = (own.get("prizes") or {}).get("places", 3)
        return league_standings(super().standings(inp, rules, own), inp=inp, places=places)

    def chains(self, event) -> bool:
        """A robber league plays on after a decided rubber only on timed nights (``hands``)."""
        return _league_match(event) == "hands"

    def ends_early(self, event) -> bool:
        return not self.chains(event)

    def decided(self, outputs: list[dict]) -> bool:
        return bool(outputs) and outputs[-1]["rubber"]["complete"]

    def state(self, event, outputs, numbers, names) -> MatchState:
        state = MatchState(self.system)
        hands = iter(numbers)
        total = {"A": 0, "B": 0}
        rubbers = []
        for k, out in enumerate(outputs, 1):
            games_won = {"A": 0, "B": 0}
            for hand in out["hands"]:
                if hand["game_over"]:
                    games_won[hand["game_winner"]] += 1
                number = next(hands)
                state.lines[number] = {
                    "rubber": k,
                    "game": hand["game"],
                    "score": hand["score"],
                    "game_over": hand["game_over"],
                    "game_winner": hand["game_winner"],
                    "games_won": dict(games_won),
                    "void": hand["void"],
                    "rubber_over": False,
                }
            rubber = out["rubber"]
            if rubber["complete"] and out["hands"]:
                state.lines[number]["rubber_over"] = True
                state.lines[number]["rubber_winner"] = rubber["winner"]
            for side in total:
                total[side] += rubber["net"][side]
            rubbers.append({"number": k, **rubber})
        last = outputs[-1] if outputs else None
        current = {"A": 0, "B": 0}
        if last and last["hands"] and not last["hands"][-1]["game_over"]:
            current = last["hands"][-1]["score"]
        game = (len(last["games"]) + 1) if last else 1
        if last and last["rubber"]["complete"]:  # no "game 4 so far" after a decided rubber
            game = 1 if self.chains(event) else None  # a timed night's next rubber, or none
        state.summary = {
            "rubbers": rubbers,
            "current": rubbers[-1] if rubbers else None,
            "game_score": current,
            "game": game,
            "net": total,
        }
        if last and last["rubber"]["complete"] and not self.chains(event):
            state.over = True
            state.over_after = numbers[-1]
        return state

    def empty_stats(self) -> dict:
        return {"net": 0, "rubbers": 0, "games": 0, "played": 0}

    def side_gains(self, games, side):
        return {
            "games": sum(1 for g in games for w in g["games"] if w["winner"] == side),
            "rubbers": sum(g["rubber"]["winner"] == side for g in games),
            "net": sum(g["rubber"]["net"][side] for g in games),
        }
