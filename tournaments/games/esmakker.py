"""Es-makker: a Danish individual game; each hand a declarer calls a partner by an ace."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _l

import scoring
from tournaments.error_messages import danish_spelling
from tournaments.games import base
from tournaments.games.base import ALL_SEATS, Game, MatchState, Templates
from tournaments.games.fields import SEAT_LETTERS, SUITS, Field, auction_field, calls, choice

BIDS = tuple(
    [
        f"{n}{' ' + kind if kind else ''}"
        for n in range(7, 14)
        for kind in ("", "halve", "gode", "staerke", "vip", "kvarte")
    ]
    # plain Bordlægger is left out: S2 gives it no rank, and no preset ranks it, so the engine
    # would refuse it (an API caller whose rules set bordlaegger_rank may still send it)
    + ["sol", "ren sol", "ren bordlaegger", "dobbelt bordlaegger"]
)
NONE = ("", "-")
TRUMPS = (NONE, *SUITS, ("none", _l("no trump")))


class EsMakker(Game):
    system = "esmakker"
    kinds = ("esmakker",)
    kind_help = {
        "esmakker": _l(
            "Four or five players a table (the dealer of five sits out), the declarer calls a "
            "partner; points per player."
        )
    }
    data_keys = frozenset({"contract", "tricks", "dealer", "auction"})
    error_fields = {
        "E_CONTRACT_MISMATCH": "auction",
        "E_BID_NOT_HIGHER": "auction",
        "E_DEALER_MUST_BID": "auction",
        "E_PLAYER_UNKNOWN": "contract.declarer",
        "E_BID_RANGE": "bid",
        "E_BID_FORMAT": "bid",
        "E_BID_DISABLED": "bid",
        "E_TRUMP_RULE": "contract.trump",
        "E_KITTY_EXCHANGE": "contract.kitty_exchanged",
        "E_PARTNER_RULE": "contract.partner",
    }
    # five at a table where numbers demand, the dealer sitting out each deal [TAN]: nobody
    # sits out a whole round of twenty deals (a late arrival at twelve made a leader do so)
    defaults = {"esmakker": base.event_defaults(24, 4, "individual", odd_numbers="fives")}
    # No sides win a table, so only a fixed individual plan.
    movements = {"esmakker": frozenset({"individual"})}
    templates = Templates.under("esmakker")
    # the table's deals this round: a player's evening total is on the standings and the card
    match_title = _l("Totals this round")
    card_heads = ("bid", "points")  # no trump schedule: the contract is written in
    odd_numbers = frozenset({"sit_out", "fives"})  # at five the dealer sits out [TAN]
    documents = frozenset({"settlement"})
    settles_in_money = True  # zero-sum points, often settled at a stake per point
    partnerships = False  # the declarer calls a partner each hand: nobody keeps one
    presets = (  # the rules the organizer picks from, by the engine's preset names
        ("seed", _l("Club rules: Halve, Gode, Staerke and Vip rank equal")),
        ("tan", _l("Vip, then Gode, then Halve")),
    )

    def fields(self, players=None, names=None) -> list[Field]:
        people = tuple(
            (
                number,
                _("%(name)s (%(seat)s)")
                % {
                    "name": (names or {}).get(number) or _("Player %(n)s") % {"n": number},
                    "seat": SEAT_LETTERS.get(seat, seat),
                },
            )
            for seat, number in sorted(
                (players or {}).items(), key=lambda item: ALL_SEATS.index(item[0])
            )
        )
        optional = {"required": False}
        kitty = ("kitty", _l("the ace is in the kitty"))
        return [
            choice("declarer", _l("Declarer"), (NONE, *people)),  # nobody chosen until someone is
            choice(  # no bid until someone picks one: an untouched hand is not a 7
                "bid", _l("Bid"), (NONE, *((b, danish_spelling(b)) for b in BIDS)), errors=("bid",)
            ),
            choice("trump", _l("Trump"), TRUMPS, errors=("contract.trump",), **optional),
            choice("partner_ace", _l("Partner ace"), (NONE, *SUITS), **optional),
            choice(
                "partner",
                _l("Partner (holds the ace)"),
                (NONE, *people, kitty),
                errors=("contract.partner",),
                **optional,
            ),
            Field(
                "kitty_exchanged",
                _l("Cards exchanged with the kitty"),
                maximum=3,
                errors=("contract.kitty_exchanged",),
                **optional,
            ),
            Field("tricks", _l("Tricks won by the declarer's side"), errors=("tricks",)),
            # at a table of five the dealer sits out, so say who deals up front
            choice("dealer", _l("Dealer"), (NONE, *people), more=len(people) < 5, **optional),
            auction_field(),
        ]

    def build(self, values: dict) -> dict:
        contract = {
            "declarer": values["declarer"],
            "bid": values["bid"],
            "kitty_exchanged": values["kitty_exchanged"] or 0,
        }
        for key in ("trump", "partner_ace"):
            if values[key]:
                contract[key] = values[key]
        if values["partner"]:
            contract["partner"] = None if values["partner"] == "kitty" else values["partner"]
        data = {"contract": contract, "tricks": values["tricks"]}
        if values["dealer"]:  # at a table of five it says who sat out, auction or not
            data["dealer"] = values["dealer"]
        if values["auction"]:
            data["auction"] = calls(values["auction"])
        return data

    def initial(self, data: dict) -> dict:
        contract = data["contract"]
        partner = contract.get("partner", "")
        return {
            **{
                k: contract.get(k, "")
                for k in ("declarer", "bid", "trump", "partner_ace", "kitty_exchanged")
            },
            "partner": "kitty" if "partner" in contract and partner is None else partner or "",
            "tricks": data["tricks"],
            "dealer": data.get("dealer"),
            "auction": ", ".join(data.get("auction") or []),
        }

    def summary(self, data: dict, names) -> str:
        c = data["contract"]
        words = {"bid": danish_spelling(str(c["bid"])), "tricks": data["tricks"]}
        name = names.get(str(c["declarer"]))
        if name:  # the table page knows who sits there: the declarer by name
            return _("%(name)s: %(bid)s, %(tricks)s tricks") % {"name": name, **words}
        return _("player %(declarer)s: %(bid)s, %(tricks)s tricks") % {
            "declarer": c["declarer"],
            **words,
        }

    def score_sequence(self, event, hands, players=None):
        """One session document: Es-makker scores each player, there are no games to split."""
        if not hands:
            return []
        rules, _own = self.split_rules(event.rules)
        return [scoring.score(self.system, {"rules": rules, "players": players, "hands": hands})]

    def state(self, event, outputs, numbers, names) -> MatchState:
        state = MatchState(self.system)
        running = dict.fromkeys(names, 0)
        out = outputs[0] if outputs else {"hands": [], "totals": running}
        for number, hand in zip(numbers, out["hands"], strict=True):
            for player, points in hand["points"].items():
                running[player] += points
            state.lines[number] = {
                "made": hand["made"],
                "points": hand["points"],
                # (player, points, running total, deals and sits out this hand)
                "rows": [
                    (p, hand["points"].get(p, 0), running[p], p == hand.get("sitting_out"))
                    for p in names
                ],
            }
        totals = out["totals"]
        state.summary = {
            "totals": [(p, totals.get(p, 0)) for p in names],
            "sum": sum(totals.values()),
        }
        return state

    def hand_words(self, line, names) -> str:
        """The declarer by name, the bid and whether it was made; a hand everyone passed."""
        hand = line.get("detail") or {}
        contract = hand.get("contract")
        if not contract:
            return _("everyone passed") if "made" in hand else ""
        words = {
            "name": names.get(contract["declarer"], contract["declarer"]),
            "bid": danish_spelling(str(contract["bid"])),
        }
        if hand["made"]:
            return _("%(name)s: %(bid)s, made") % words
        return _("%(name)s: %(bid)s, lost") % words

    def sat_out_of(self, line):
        return (line.get("detail") or {}).get("sitting_out")

    def hand_sides(self, line, seats, seat):
        """The declarer's side (the declarer and the called partner, if any) against the
        others; nobody's side in a hand all passed or sat out by its dealer."""
        hand = (line or {}).get("detail") or {}
        contract, resting = hand.get("contract"), hand.get("sitting_out")
        if not contract or seats[seat] == resting:
            return [], []
        side = {contract["declarer"], contract.get("partner")}
        playing = [s for s in ALL_SEATS if s in seats and seats[s] != resting]
        mine = seats[seat] in side
        return (
            [s for s in playing if s != seat and (seats[s] in side) == mine],
            [s for s in playing if (seats[s] in side) != mine],
        )

    def score_match(self, rules, seats, played):
        names = [seats[s] for s in ALL_SEATS if s in seats]
        record = {"rules": rules, "players": names, "hands": [d for _n, d in played]}
        out = scoring.score(self.system, record)
        lines = [
            (number, hand["points"], hand)
            for (number, _data), hand in zip(played, out["hands"], strict=True)
        ]
        # at a table of five the dealer sits the hand out: it is not one they played
        sat = [hand.get("sitting_out") for hand in out["hands"]]
        return lines, {
            name: {"total": total, "played": len(played) - sat.count(name)}
            for name, total in out["totals"].items()
        }
