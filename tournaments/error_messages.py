"""Engine refusals in the player's words and language, keyed by the engine's error code.

What the table page, the grid and the services show: the one place an error code becomes
words a player reads (``engine_message``, or ``engine_error`` for a ready DomainError).

The pure engines (``scoring/``) and their CLI keep their English, developer-facing messages
(the scoring contract). The Django layer shows the plain message from ``RULES`` instead, in
the active language: each code has one or more (pattern, message) rules; the pattern's named
groups (numbers, bids, players) are read from the engine's message and kept in the
translation. The first rule whose pattern matches wins; a rule without a pattern always does.
A code with no rule falls back to a generic message naming the code.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _l
from django.utils.translation import pgettext_lazy

from tournaments.errors import DomainError

# The engine's suit names, as Es-makker and the trump rules write them.
SUIT_NAMES = {
    "hearts": pgettext_lazy("suit", "hearts"),
    "spades": pgettext_lazy("suit", "spades"),
    "clubs": pgettext_lazy("suit", "clubs"),
    "diamonds": pgettext_lazy("suit", "diamonds"),
    "none": pgettext_lazy("trump", "no trumps"),
}

GOT = r"got (?P<value>.+)$"
# The engine writes Danish bids in ASCII ("8 staerke"); people read them in Danish, in every language.
DANISH = (("staerke", "stærke"), ("laegger", "lægger"))


def danish_spelling(text: str) -> str:
    """An Es-makker bid as Danish clubs write it: "8 staerke" -> "8 stærke"."""
    for ascii_form, danish in DANISH:
        text = text.replace(ascii_form, danish)
    return text

RULES: dict[str, tuple[tuple[str | None, object], ...]] = {
    "E_TRICKS_TOTAL": (
        (
            r"got (?P<detail>.+) = (?P<total>\d+)$",
            _l("N/S and E/W tricks must add up to 13 (you entered %(detail)s = %(total)s)."),
        ),
        (None, _l("N/S and E/W tricks must add up to 13.")),
    ),
    "E_TRICKS_RANGE": (
        (GOT, _l("Tricks must be a whole number from 0 to 13 (you entered %(value)s).")),
        (None, _l("Tricks must be a whole number from 0 to 13.")),
    ),
    "E_HONOURS_RANGE": (
        (r"integer 0\.\.4, " + GOT, _l("A side can claim at most 4 honours (you entered %(value)s).")),
        (None, _l("There are only 4 honours: a side can claim at most 4.")),
    ),
    "E_TRICKS": ((None, _l("Enter the tricks each side took.")),),
    "E_HONOURS_BOTH": ((None, _l("Only one side can claim honours.")),),
    "E_HONOURS_LATE": ((None, _l("Honours must be claimed before the next deal starts.")),),
    "E_REVOKE_LATE": ((None, _l("A revoke must be claimed before the next deal starts.")),),
    "E_REVOKE_RANGE": (
        (GOT, _l("Revokes must be a whole number from 0 to 13 (you entered %(value)s).")),
        (None, _l("Revokes must be a whole number from 0 to 13.")),
    ),
    "E_REVOKE": ((None, _l("Say which side revoked and the penalty.")),),
    "E_REVOKE_PENALTY": ((None, _l("Choose one of the revoke penalties offered.")),),
    "E_RUBBER_OVER": ((None, _l("The rubber was already decided before this hand.")),),
    "E_GAME_OVER": (
        (
            r"after hand (?P<hand>\d+);",
            _l("The game ended after hand %(hand)s: this hand starts a new game."),
        ),
        (None, _l("The game is over: this hand starts a new game.")),
    ),
    "E_BOOKS_RANGE": (
        (
            GOT,
            _l("The bidding team's books (the kitty counts as one) must be from 1 to 13 (you entered %(value)s)."),
        ),
        (None, _l("The bidding team's books must be from 1 to 13.")),
    ),
    "E_BID_RANGE": (
        (
            r"integer (?P<low>\d+)\.\.(?P<high>\d+), " + GOT,
            _l("The bid must be from %(low)s to %(high)s (you entered %(value)s)."),
        ),
        (None, _l("The bid is out of range.")),
    ),
    "E_BID_FORMAT": (
        (
            r"^(?P<bid>.+?) is not an Es-makker bid",
            _l("%(bid)s is not an Es-makker bid: use 7 to 13, with halve, gode, stærke, vip or kvarte if need be, or sol, ren sol, bordlægger or pass."),
        ),
        (
            r"^(?P<bid>'.*?')",
            _l("%(bid)s is not a bid: use a number with uptown, downtown or no trumps, for example 4 downtown."),
        ),
        (None, _l("This is not a bid.")),
    ),
    "E_BID_NOT_HIGHER": (
        (r"^(?P<bid>'.*?') does", _l("%(bid)s is not higher than the highest bid so far.")),
        (None, _l("A bid must be higher than the highest bid so far.")),
    ),
    "E_PLAYER_PASSED": (
        (r"^(?P<bid>'.*?'):", _l("%(bid)s: this player has passed and may not bid again.")),
        (None, _l("A player who has passed may not bid again.")),
    ),
    "E_DEALER_MUST_BID": ((None, _l("Everyone else passed, so the dealer must bid.")),),
    "E_AUCTION": (
        (r"^call (?P<bid>'.*?') comes after", _l("The call %(bid)s comes after the auction ended.")),
        (None, _l("The auction is incomplete: record every call until it ends.")),
    ),
    "E_BID_DISABLED": (
        (None, _l("Plain bordlægger is not played here unless the organizer gives it a rank in the rules.")),
    ),
    "E_TRUMP_RULE": (
        (r"^trump (?P<value>'.*?') is not a suit", _l("%(value)s is not a trump: choose a suit or no trumps.")),
        (r"^(?P<bid>.+?): trump must be (?P<wanted>clubs|spades), got (?P<suit>\w+)$", _l("%(bid)s is played with %(wanted)s as trump, not %(suit)s.")),
        (r"^(?P<bid>.+?): trump must be no trump, got (?P<suit>\w+)$", _l("%(bid)s is played without trumps, not with %(suit)s.")),
        (r"^(?P<bid>.+?): trump must be a suit other than the partner ace's \((?P<ace>\w+)\)", _l("In %(bid)s the trump is not the called ace's suit (%(ace)s): choose another suit.")),
        (r"^(?P<bid>.+?): trump must be a suit, got none$", _l("%(bid)s needs a trump suit.")),
        (r"^(?P<bid>.+?): trump must be .*, got (?P<suit>\w+)$", _l("%(bid)s cannot be played with this trump (%(suit)s).")),
        (None, _l("This trump is not allowed for this bid.")),
    ),
    "E_PARTNER_RULE": (
        (r"^a Halve needs", _l("A halve needs the called ace, to check the trump.")),
        (r"^say who held", _l("Say who held the called ace: a player, the declarer (selvmakker) or nobody (it lay in the kitty).")),
        (r"^partner (?P<player>'.*?') is not", _l("Player %(player)s is not playing this hand.")),
        (r"^(?P<bid>.+?) played alone", _l("%(bid)s is played alone: no partner and no called ace.")),
        (None, _l("The called ace must be a suit: hearts, spades, clubs or diamonds.")),
    ),
    "E_KITTY_EXCHANGE": (
        (
            r"must be one of (?P<allowed>.+), " + GOT,
            _l("The cards exchanged with the kitty must be one of %(allowed)s (you entered %(value)s)."),
        ),
        (
            r"^(?P<player>'.*?') may not exchange with the katten in (?P<bid>.+); (?P<expected>'.*?') does",
            _l("In %(bid)s player %(expected)s exchanges with the kitty, not %(player)s."),
        ),
        (None, _l("This exchange with the kitty is not allowed.")),
    ),
    "E_CONTRACT_MISMATCH": (
        (r"^everyone passed", _l("Everyone passed: the hand is dealt again and has no contract.")),
        (None, _l("The contract does not match who won the auction.")),
    ),
    "E_PLAYER_UNKNOWN": (
        (r"^declarer (?P<player>'[^']*') sits out", _l("%(player)s deals and so sits out this hand: the declarer is one of the four who play.")),
        (r"(?P<player>'[^']*')", _l("Player %(player)s is not at this table.")),
        (None, _l("A player is not at this table.")),
    ),
    "E_PLAYER_DUP": ((None, _l("A player is listed twice.")),),
    "E_SEATING": (
        (r"^name the dealer", _l("Name the dealer: the auction starts at their left, and with five players the dealer sits out.")),
        (r"needs 4 players", _l("Es-makker needs 4 players (or 5, the dealer sitting out).")),
        (None, _l("The table needs four different players.")),
    ),
    "E_HAND_RANGE": ((None, _l("This hand number is not one of the event's hands.")),),
    "E_RESULT_DUP": ((None, _l("This table already has a result for this hand.")),),
    "E_SCORE_RANGE": ((None, _l("A score carried over is out of range.")),),
    "E_EDIT_LOCKED": ((None, _l("The game is over: this result can no longer be changed.")),),
    "E_SYSTEM": ((None, _l("Unknown scoring system.")),),
    # Written by whoever types the rules or the JSON: the engine's own words follow.
    "E_RULES": ((r"^(?P<detail>.+)$", _l("The rules are not valid: %(detail)s")),),
    "E_JSON": ((r"^(?P<detail>.+)$", _l("The data is not in the expected form: %(detail)s")),),
}


PLAYER_GROUPS = ("player", "expected")  # the patterns' groups that name a player


def _params(groups: dict[str, str], names: Mapping[str, str]) -> dict[str, str]:
    """The message's values in words: a suit by its name, a player ('3', as the engine knows
    them) by theirs (a Danish walk read "Player '3' is not at this table")."""
    return {
        k: (k in PLAYER_GROUPS and names.get(v.strip("'")))
        or danish_spelling(str(SUIT_NAMES.get(v, v)))
        for k, v in groups.items()
    }



def engine_message(code: str, message: str, names: Mapping[str, str] | None = None) -> str:
    """The plain, translated message for the engine's ``code`` (``message`` gives the numbers;
    ``names``: the engine's player -> the player's name)."""
    for pattern, text in RULES.get(code, ()):
        if pattern is None:
            return str(text)
        match = re.search(pattern, message)
        if match:
            return str(text) % _params(match.groupdict(), names or {})
    return _("This entry was refused (%(code)s).") % {"code": code}


def engine_error(
    exc, *, field: str | None = None, message: str | None = None, names=None
) -> DomainError:
    """A DomainError for a ``scoring.ScoringError``, worded for people (``message`` overrides)."""
    words = message or engine_message(exc.code, exc.message, names)
    return DomainError(exc.code, words, field=field)
