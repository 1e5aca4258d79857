"""``{{ event.kind|game }}``: the game (``tournaments.games``) of an event kind or engine system.

Templates ask the game for its partials and labels instead of comparing kinds:
``{% with game=s.kind|game %}{% include game.templates.standings_head %}{% endwith %}``.
"""

from django import template

from tournaments.games.registry import BY_KIND, BY_SYSTEM

register = template.Library()


@register.filter
def game(value: str):
    """The game of an ``Event.Kind`` value or a scoring system name; None if unknown."""
    return BY_KIND.get(value) or BY_SYSTEM.get(value)


@register.filter
def preset_label(name: str, game) -> str:
    """``{{ event.rules.preset|preset_label:game }}``: the preset's words, not its engine name."""
    return str(dict(getattr(game, "presets", ())).get(name, name))
