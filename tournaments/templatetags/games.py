"""``{{ event.kind|game }}``: the game (``tournaments.games``) of an event kind or engine system.

Templates ask the game for its partials and labels instead of comparing kinds:
``{% with game=s.kind|game %}{% include game.templates.standings_head %}{% endwith %}``.
"""

from django import template
from django.utils.html import format_html
from django.utils.translation import pgettext

from tournaments.games.registry import BY_KIND, BY_SYSTEM
from tournaments.selectors.standings import has_place

register = template.Library()


@register.filter
def game(value: str):
    """The game of an ``Event.Kind`` value or a scoring system name; None if unknown."""
    return BY_KIND.get(value) or BY_SYSTEM.get(value)


@register.filter
def pick(row: dict, key: str):
    """``{{ row|pick:s.score_field }}``: a standings row's figure named by the standings."""
    return row.get(key) if isinstance(row, dict) else None


register.filter("placed", has_place)  # {% if row|placed:s %}: the row shows its place


@register.filter
def any_split(rows) -> bool:
    """Whether a standings list has a row the tie-break placed (``mark_tie_breaks``)."""
    return any(row.get("split") for row in rows or ())


@register.filter
def tie_mark(tied) -> str:
    """"=" before a shared place ("=5"), which a screen reader hears as "tied", not "equals"."""
    if not tied:
        return ""
    return format_html(
        '<span aria-hidden="true">=</span><span class="visually-hidden">{} </span>',
        pgettext("before a shared place's number", "tied"),
    )
