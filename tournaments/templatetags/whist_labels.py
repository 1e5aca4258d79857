"""Template filters that turn stored codes into the words a player reads (translated)."""

from __future__ import annotations

from django import template
from django.utils.translation import pgettext

from tournaments.games.base import credit_words
from tournaments.games.fields import seat_letter as letter
from tournaments.models import Result, Round
from tournaments.selectors.print_options import DOCUMENTS, PAPERS
from tournaments.selectors.printing import SEAT_LABELS, card_heads, stationary_note
from tournaments.trump_words import trump_mark, trump_name, trump_word

register = template.Library()
register.filter("trump_name", trump_name)
register.filter("trump_mark", trump_mark)
register.filter("trump_word", trump_word)  # inside a sentence: "trump: hearts ♥"


def _label(choices, code: str) -> str:
    """A TextChoices label for a code kept as plain text (JSON snapshots, selector rows)."""
    try:
        return str(choices(code).label)
    except ValueError:
        return code


register.filter("credit_words", credit_words)  # a hand not played and its credit, in words


@register.filter
def quoted(text: str) -> str:
    """Text in the page language's quotation marks: “note”, « note », „Notiz“, »note«."""
    return pgettext("quotation marks around a name or a note", "“%(text)s”") % {"text": text}


@register.filter
def round_status(code: str) -> str:
    return _label(Round.Status, code)


@register.filter
def result_status(code: str) -> str:
    return _label(Result.Status, code)


@register.filter
def seat_name(code: str) -> str:
    """A seat letter spelled out ("N" -> "North"), for screen readers and newcomers."""
    return str(SEAT_LABELS.get(code, code))


@register.filter
def seat_letter(code: str) -> str:
    """A seat letter as the table plan shows it: "E" is "O" in Dutch, "Ø" in Danish."""
    return letter(code)


@register.filter
def player_name(number, names) -> str:
    """An engine player (an entry number) by name where ``names`` knows it, else "#3"."""
    return (names or {}).get(str(number)) or f"#{number}"


register.filter("stationary_note", stationary_note)
register.filter("card_heads", card_heads)


@register.filter
def document_label(name: str) -> str:
    doc = DOCUMENTS.get(name)
    return str(doc.label) if doc else name


@register.filter
def paper_label(key: str) -> str:
    paper = PAPERS.get(key)
    return str(paper["label"]) if paper else key


@register.filter
def qr_data_uri(url: str, scale: int = 4) -> str:
    """A QR code of ``url`` as an SVG data URI, made when the card is rendered.

    Only the link is in the print data (and its hash): a 1,000-card job then draws each
    code once, in the chunk that prints it, not on every hash of the whole document.
    """
    from tournaments.selectors.links import qr_svg_data_uri

    return qr_svg_data_uri(url, scale=int(scale))


@register.filter
def mmss(seconds) -> str:
    """Seconds as the clock shows them: 7:05, or 1:02:00 past an hour."""
    seconds = max(0, int(seconds or 0))
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


@register.filter
def side_kept(label: str) -> str:
    """A printed heading never splits a side: "Slagen N/Z" wraps before "N/Z", not after "/"."""
    return str(label).replace("/", "/\u2060")


@register.filter
def spans(numbers) -> str:
    """Hand numbers as runs, "5–20" rather than sixteen numbers ("1–3, 7")."""
    runs: list[list[int]] = []
    for n in sorted(numbers or ()):
        if runs and n == runs[-1][1] + 1:
            runs[-1][1] = n
        else:
            runs.append([n, n])
    return ", ".join(str(a) if a == b else f"{a}–{b}" for a, b in runs)
