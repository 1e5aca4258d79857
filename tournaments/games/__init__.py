"""One module per game system behind one protocol (``base.Game``); ``registry`` finds them."""

from tournaments.games.registry import GAMES, game_for, game_for_kind, game_for_system

__all__ = ["GAMES", "game_for", "game_for_kind", "game_for_system"]
