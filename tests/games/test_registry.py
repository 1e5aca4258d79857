"""The game registry: every event kind has a game, every game the whole protocol, and each
game's entry form turns a stored result into fields and back without loss."""

from types import SimpleNamespace

import pytest
from django.template.loader import get_template
from django.utils import translation

from tournaments.errors import DomainError
from tournaments.games import GAMES, game_for, game_for_kind, game_for_system
from tournaments.games.base import Game
from tournaments.models import Event

# A stored result per game (docs/architecture.md) and the line a person sees for it.
SAMPLES = {
    "drive": (
        {"tricks": {"ns": 8, "ew": 5}, "revokes": {"ns": 1, "ew": 0}},
        "N/S 8, E/W 5, 1 revoke by N/S",
    ),
    "rubber": (
        {
            "tricks": {"A": 8, "B": 5},
            "honours": {"A": 4},
            "revokes": [{"side": "B", "penalty": "tricks"}],
        },
        "N/S 8, E/W 5, honours N/S 4",
    ),
    "bidwhist": (
        {
            "bid": "4 uptown",
            "bidder": "A",
            "books": 10,
            "dealer": 4,
            "auction": ["pass", "4 uptown", "pass", "pass"],
        },
        "4 uptown by N/S, 10 books",
    ),
    "esmakker": (
        {
            "contract": {
                "declarer": "3",
                "bid": "8",
                "trump": "hearts",
                "partner_ace": "spades",
                "partner": None,
                "kitty_exchanged": 3,
            },
            "tricks": 10,
        },
        "player 3: 8, 10 tricks",
    ),
}
PLAYERS = {"N": "1", "E": "2", "S": "3", "W": "4"}


def as_post(game: Game, data: dict, prefix: str = "") -> dict[str, str]:
    """The form a person would post to show ``data`` again: the initial values as text."""
    values = game.initial_values(data)
    return {f"{prefix}{k}": "" if v is None else str(v) for k, v in values.items()}


def test_every_event_kind_and_system_has_its_game():
    assert {g.system for g in GAMES} == set(Event.SCORING_SYSTEM.values()) == set(SAMPLES)
    for kind in Event.Kind.values:
        game = game_for_kind(kind)
        assert game.system == Event.SCORING_SYSTEM[kind]
        assert game_for(SimpleNamespace(kind=kind)) is game
        assert game_for_system(game.system) is next(g for g in GAMES if g.system == game.system)
    assert sorted(k for g in GAMES for k in g.kinds) == sorted(Event.Kind.values)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.system)
def test_each_game_implements_the_whole_protocol(game):
    own = {
        name for klass in type(game).__mro__ if klass not in (Game, object) for name in vars(klass)
    }
    for hook in ("fields", "build", "initial", "summary"):
        assert hook in own, f"{game.system} lacks {hook}"
    assert "state" in own or "running_state" in own
    assert game.data_keys and game.ranking
    for kind in game.kinds:
        assert set(game.defaults[kind]) == {
            "hands",
            "hands_per_round",
            "trumps",
            "movement_kind",
            "rules",
            "odd_numbers",
        }
        assert game.defaults[kind]["movement_kind"] in game.movements[kind]
        assert game.defaults[kind]["odd_numbers"] in game.odd_numbers
        assert game.movements[kind] <= set(Event.MovementKind.values)
    for name in ("standings_head", "standings_row", "running", "match", "match_line"):
        path = getattr(game.templates, name)
        if path is not None:
            get_template(path)  # raises when a game names a partial that is not there
    names = [f.name for f in game.fields(PLAYERS)]
    assert len(names) == len(set(names))


@pytest.mark.parametrize("system", SAMPLES)
def test_parse_describe_and_initial_values_round_trip(system):
    game = game_for_system(system)
    data, line = SAMPLES[system]
    assert set(data) <= game.data_keys
    assert game.parse(as_post(game, data)) == data
    assert game.parse(as_post(game, data, "c1_2_"), prefix="c1_2_") == data
    with translation.override("en"):
        assert game.describe(data) == line
        assert game.describe({}) == "not played"
    assert game.parse({}) is None  # a blank form is no entry


@pytest.mark.parametrize("system", SAMPLES)
def test_a_missing_required_field_is_named(system):
    game = game_for_system(system)
    post = as_post(game, SAMPLES[system][0])
    first = game.fields()[0]
    post[first.name] = ""  # the rest stays filled, so this is an incomplete entry, not none
    with pytest.raises(DomainError) as err:
        game.parse(post)
    assert (err.value.code, err.value.field) == ("E_REQUIRED", first.name)


def test_unreadable_data_shows_as_itself_and_fills_nothing():
    for game in GAMES:
        assert game.initial_values({"odd": 1}) == {}
        assert game.describe({"odd": 1}) == "{'odd': 1}"
