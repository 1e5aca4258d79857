"""Bid Whist: partnership games to a target, one session of successive games a table and round."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _l

from tournaments.games.base import MatchState, Partnership, Templates, event_defaults
from tournaments.games.fields import SIDES, Field, auction_field, calls, choice, named_sides

# Bid Whist numbers the seats 1 to 4 clockwise; team A (seats 1 and 3) is N/S.
SEAT_NUMBERS = (
    ("", "-"),
    ("1", _l("North")),
    ("2", _l("East")),
    ("3", _l("South")),
    ("4", _l("West")),
)


BID_TYPES = (("uptown", _l("uptown")), ("downtown", _l("downtown")), ("notrump", _l("no trump")))


def _contract_words(level, kind: str, side: str | None, books) -> str:
    """"4 no trump by N/S, 10 books": the bid type in the reader's words, not its code; all
    thirteen books are a Boston, which the room calls out (and a tournament may pay)."""
    words = {
        "bid": f"{level} {dict(BID_TYPES).get(kind, kind)}",
        "side": dict(SIDES).get(side, "?"),
        "books": books,
    }
    if books == 13:
        return _("%(bid)s by %(side)s, 13 books: a Boston") % words
    return _("%(bid)s by %(side)s, %(books)s books") % words


class BidWhist(Partnership):
    system = "bidwhist"
    kinds = ("bidwhist",)
    kind_help = {"bidwhist": _l("Teams of two bid for the contract; a game to 5 or 7.")}
    data_keys = frozenset({"bid", "bidder", "books", "dealer", "auction"})
    error_fields = {
        "E_GAME_OVER": "bid",
        "E_CONTRACT_MISMATCH": "auction",
        "E_BID_NOT_HIGHER": "auction",
        "E_DEALER_MUST_BID": "auction",
        "E_BID_RANGE": "bid",
        "E_BID_FORMAT": "bid",
        "E_BID_DISABLED": "bid",
        "E_BOOKS_RANGE": "books",
    }
    defaults = {"bidwhist": event_defaults(24, 8, "round_robin", rules={"preset": "seed"})}
    movements = {"bidwhist": frozenset({"mitchell", "howell", "round_robin"})}
    templates = Templates.under("bidwhist")
    ranking = ("total", "games")
    presets = (  # the rules the organizer picks from, by the engine's preset names
        ("seed", _l("Club rules: books over six; a set loses only the shortfall; game to 5")),
        (
            "parlett",
            _l("Parlett: the bid's value, won or lost in full; no trump counts double; game to 7"),
        ),
    )
    export_fields = ("total", "games", "played")
    card_heads = ("bid", "points")  # no trump schedule: the contract is written in
    pairs_kinds = frozenset({"bidwhist"})
    round_robin_league = True
    tournament_formats = True
    match_title = _l("Game")
    hand_figure = "points"
    over_code = "E_GAME_OVER"

    def fields(self, players=None, names=None) -> list[Field]:
        return [
            Field("bid_level", _l("Bid (books over six)"), minimum=1, maximum=7, errors=("bid",)),
            choice("bid_type", _l("Bid type"), BID_TYPES),
            choice("bidder", _l("Bidding side"), named_sides(players, names)),
            # the kitty is the bidders' first book: 1 to 13 (docs/rules.md, E_BOOKS_RANGE)
            Field("books", _l("Books won by the bidders"), minimum=1, errors=("books",)),
            Field("dealer", _l("Dealer"), "choice", SEAT_NUMBERS, required=False, more=True),
            auction_field(),
        ]

    def build(self, values: dict) -> dict:
        data = {
            "bid": f"{values['bid_level']} {values['bid_type']}",
            "bidder": values["bidder"],
            "books": values["books"],
        }
        if values["auction"]:
            data["auction"] = calls(values["auction"])
            data["dealer"] = int(values["dealer"]) if values["dealer"] else None
        return data

    def initial(self, data: dict) -> dict:
        level, _sep, kind = str(data["bid"]).partition(" ")
        return {
            "bid_level": level,
            "bid_type": kind or "uptown",
            "bidder": data.get("bidder"),
            "books": data["books"],
            "dealer": data.get("dealer"),
            "auction": ", ".join(data.get("auction") or []),
        }

    def summary(self, data: dict, names) -> str:
        level, _sep, kind = str(data["bid"]).partition(" ")
        return _contract_words(level, kind or "uptown", data.get("bidder"), data["books"])

    def hand_words(self, line: dict, names) -> str:
        """The contract and the books, from the engine's hand (the round-by-round page)."""
        hand = line.get("detail") or {}
        contract = hand.get("contract")
        if not contract:
            return ""
        return _contract_words(contract["level"], contract["type"], contract["team"], hand["books"])

    def chains(self, event) -> bool:
        """A Bid Whist session always plays on: a hand after a won game starts the next."""
        return True

    def ends_early(self, event) -> bool:
        """A tournament's match played to the target ends with its first game."""
        fmt = getattr(event, "tournament_format", None)  # None when not a tournament
        return bool(fmt and fmt.match_to == fmt.MatchTo.GAME)

    def decided(self, outputs: list[dict]) -> bool:
        return bool(outputs) and outputs[0]["game"]["over"]

    def state(self, event, outputs, numbers, names) -> MatchState:
        state = MatchState(self.system)
        hands = iter(numbers)
        total = {"A": 0, "B": 0}
        won = {"A": 0, "B": 0}
        for k, out in enumerate(outputs, 1):
            for hand in out["hands"]:
                state.lines[next(hands)] = {
                    "game": k,
                    "contract": hand["contract"],
                    "made": hand["made"],
                    "points": hand["points"],
                    "score": hand["score"],
                }
            if out["hands"]:
                for side in total:
                    total[side] += out["hands"][-1]["score"][side]
            if out["game"]["winner"]:
                won[out["game"]["winner"]] += 1
        last = outputs[-1] if outputs else None
        current = {"A": 0, "B": 0}
        if last and last["hands"] and not last["game"]["over"]:
            current = last["hands"][-1]["score"]
        state.summary = {
            "games_won": won,
            "game": len(outputs) + (0 if last and not last["game"]["over"] else 1),
            "game_score": current,
            "points": total,
        }
        return state

    def empty_stats(self) -> dict:
        return {"total": 0, "games": 0, "played": 0}

    def side_gains(self, games, side):
        return {
            "total": sum(g["hands"][-1]["score"][side] if g["hands"] else 0 for g in games),
            "games": sum(g["game"]["winner"] == side for g in games),
        }

    def standings(self, inp, rules: dict, own: dict) -> dict:
        """Match-play standings; a tournament's teams in the tournament's order (playoff
        placings, then qualifying by its ranking), with its pot and Boston prizes."""
        standings = super().standings(inp, rules, own)
        if not hasattr(inp.event, "tournament_format"):
            return standings
        from tournaments.selectors.tournament import tournament_standings

        return tournament_standings(standings, event=inp.event)
