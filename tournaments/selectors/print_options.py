"""What can be printed for an event, and the options a print is asked with (checked)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils import translation
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.errors import DomainError, brief
from tournaments.games import game_for
from tournaments.models import Event, PrintJob

PAPERS = {
    # css size, quarter-sheet (one of four cards) width and height
    "a4": {"size": "A4", "width": "210mm", "height": "297mm", "label": gettext_lazy("A4")},
    "letter": {
        "size": "letter",
        "width": "8.5in",
        "height": "11in",
        "label": gettext_lazy("US Letter"),
    },
}
PER_PAGE = (1, 4)


@dataclass(frozen=True)
class Document:
    """A printable document: its label, whether it is cut into cards, and who may print it."""

    name: str
    label: Any
    cards: bool
    game_only: bool = False  # only for the games that list it in ``Game.documents``
    needs_pairs: bool = False
    progressive_only: bool = False


DOCUMENTS = {
    d.name: d
    for d in (
        Document("movement_cards", gettext_lazy("Movement cards"), True),
        Document("table_cards", gettext_lazy("Table cards"), True),
        Document("score_cards", gettext_lazy("Score cards (travellers)"), True, game_only=True),
        Document("results", gettext_lazy("Results sheet"), False),
        Document("league_schedule", gettext_lazy("Playing schedule"), False, needs_pairs=True),
        Document("cash_sheet", gettext_lazy("Cash sheet"), False),
        Document("settlement", gettext_lazy("Settlement sheet"), False, game_only=True),
        Document(
            "move_slips", gettext_lazy("Move slips (next round)"), False, progressive_only=True
        ),
        Document(
            "score_pads",
            gettext_lazy("Rubber score pads"),
            True,
            game_only=True,
        ),
    )
}


def download_name(job: PrintJob) -> str:
    """A print job's file name in the language it was printed in, as the organizer finds
    it among their downloads: the event and the document ("spring-drive-tafelkaarten.pdf")."""
    known = DOCUMENTS.get(job.document)
    with translation.override(job.options.get("language") or None):
        label = slugify(str(known.label)) if known else job.document
    return f"{job.event.slug}-{label}.pdf"


def documents_for(event: Event) -> list[Document]:
    """The documents that make sense for this event (a drive has no rubber pads)."""
    return [d for d in DOCUMENTS.values() if _fits(d, event)]


def _fits(doc: Document, event: Event) -> bool:
    return (
        (not doc.game_only or doc.name in game_for(event).documents)
        and (not doc.needs_pairs or event.uses_pairs)
        and (not doc.progressive_only or event.is_progressive)
    )


def print_options(*, event: Event, document: str, options: dict | None) -> dict:
    """Checked, normalised options: {"paper": "a4"|"letter", "per_page": 1|4}.

    Flowing documents ignore per_page (always 1), so equal requests hash equally.
    """
    options = dict(options or {})
    doc = DOCUMENTS.get(document)
    if doc is None:
        raise DomainError(
            "E_PRINT_DOCUMENT",
            _("Unknown document %(doc)s; choose one of %(all)s.")
            % {"doc": brief(document), "all": ", ".join(DOCUMENTS)},
            field="document",
        )
    if not _fits(doc, event):
        raise DomainError(
            "E_PRINT_DOCUMENT",
            _("%(doc)s are not printed for a %(kind)s.")
            % {"doc": doc.label, "kind": event.get_kind_display()},
            field="document",
        )
    paper = str(options.pop("paper", "a4") or "a4").lower()
    if paper not in PAPERS:
        raise DomainError("E_PRINT_PAPER", _("Paper must be a4 or letter."), field="paper")
    raw = options.pop("per_page", 4 if doc.cards else 1)
    try:
        per_page = int(raw)
    except (TypeError, ValueError):
        per_page = 0
    if per_page not in PER_PAGE:
        raise DomainError("E_PRINT_PER_PAGE", _("Cards per page must be 1 or 4."), field="per_page")
    if options:
        raise DomainError(
            "E_PRINT_OPTION",
            _("Unknown print option %(name)s.") % {"name": ", ".join(sorted(options))},
            field=sorted(options)[0],
        )
    return {"paper": paper, "per_page": per_page if doc.cards else 1}
