"""Which game an event plays: ``game_for(event)``, ``game_for_system(system)``, ``game_for_kind``.

To add a game, write its module beside these and list its class in ``GAMES``
(docs/architecture.md, "Adding a game").
"""

from __future__ import annotations

from tournaments.games.base import Game
from tournaments.games.bidwhist import BidWhist
from tournaments.games.drive import Drive
from tournaments.games.esmakker import EsMakker
from tournaments.games.robber import Robber
from tournaments.games.teams import TeamMatches

GAMES: tuple[Game, ...] = (Drive(), Robber(), BidWhist(), EsMakker(), TeamMatches())
BY_SYSTEM: dict[str, Game] = {}
for _game in GAMES:  # two games may share an engine (team matches score like a drive)
    BY_SYSTEM.setdefault(_game.system, _game)
BY_KIND = {kind: game for game in GAMES for kind in game.kinds}


def game_for_system(system: str) -> Game:
    """The game scored by engine ``system`` ("drive", "rubber", "bidwhist", "esmakker")."""
    return BY_SYSTEM[system]


def game_for_kind(kind: str) -> Game:
    """The game of an ``Event.Kind`` value."""
    return BY_KIND[kind]


def game_for(event) -> Game:
    """The game an event plays."""
    return BY_KIND[event.kind]


def all_kinds() -> dict[str, Game]:
    """Every event kind with its game, in registry order."""
    return dict(BY_KIND)


def kind_help() -> list[tuple[str, str]]:
    """(label, one line) for each kind of event, in the kind field's order."""
    from tournaments.models import Event

    return [
        (str(label), str(BY_KIND[value].kind_help[value])) for value, label in Event.Kind.choices
    ]
