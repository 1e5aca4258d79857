"""Engine error codes in the player's words, translated: what the table page and the grid show.

The engines (``scoring/``) speak English to programmers ("tricks for ns must be an integer
0..13, got 14"); a player at a table needs "N/S took between 0 and 13 tricks". A code not
listed here keeps the engine's own message.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

MESSAGES = {
    "E_TRICKS_RANGE": _("Tricks are a number from 0 to 13."),
    "E_TRICKS_TOTAL": _("N/S and E/W tricks must add up to 13."),
    "E_TRICKS": _("Enter the tricks each side took."),
    "E_REVOKE_RANGE": _("Revokes are a number from 0 to 13."),
    "E_REVOKE": _("Say which side revoked and the penalty."),
    "E_REVOKE_PENALTY": _("Choose a penalty the rules allow for the revoke."),
    "E_REVOKE_LATE": _("A revoke can no longer be claimed for this hand."),
    "E_HONOURS_RANGE": _("A side can claim at most 4 honours."),
    "E_HONOURS_BOTH": _("Only one side can claim honours in a hand."),
    "E_HONOURS_LATE": _("Honours can no longer be claimed: the rubber is over."),
    "E_RUBBER_OVER": _("The rubber is already decided: this hand is not needed."),
    "E_GAME_OVER": _("The game is already decided: this hand is not needed."),
    "E_BOOKS_RANGE": _("Books won by the bidding team (kitty included) go from 1 to 13."),
    "E_BID_RANGE": _("That bid is not allowed: check the number."),
    "E_BID_FORMAT": _("Choose the bid from the list."),
    "E_BID_DISABLED": _("This club does not play that bid."),
    "E_BID_NOT_HIGHER": _("Each bid must be higher than the one before."),
    "E_DEALER_MUST_BID": _("Everyone else passed, so the dealer must bid."),
    "E_PLAYER_PASSED": _("A player who passed may not bid again."),
    "E_CONTRACT_MISMATCH": _("The contract does not match the bidding."),
    "E_TRUMP_RULE": _("That trump is not allowed for this bid."),
    "E_PARTNER_RULE": _("Check the partner or the called ace for this bid."),
    "E_KITTY_EXCHANGE": _("Check how many cards were exchanged with the kitty."),
    "E_PLAYER_UNKNOWN": _("Choose a player who is at this table."),
    "E_SCORE_RANGE": _("That score is outside what the rules allow."),
}


def message_for(error) -> str:
    """The plain message for an error with a ``code`` (ScoringError, DomainError), else its own."""
    plain = MESSAGES.get(getattr(error, "code", ""))
    return str(plain) if plain is not None else str(getattr(error, "message", error))
