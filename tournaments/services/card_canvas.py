"""Movement cards drawn straight onto a ReportLab canvas: the high-volume print.

One card per player (a thousand at a charity drive) through WeasyPrint's cascade and
layout ran at about 10 cards a second; this draws the same card, box for box, from the
same data (``selectors.printing._movement_cards``) at several hundred a second. The
geometry follows ``templates/print/cards/movement_cards.html`` and ``print/_style.css``
(sizes in em of the card's type, CSS line boxes, collapsed table borders), so a card
printed here and the HTML page in the browser look the same; ``tests/printing`` holds a
pixel check of one card against the WeasyPrint rendering. Change both together.

Table cards, score cards and the flowing documents stay with WeasyPrint: there layout
matters more than volume.
"""

from __future__ import annotations

import functools
import io
from dataclasses import dataclass

from django.utils.text import Truncator
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from tournaments.selectors.printing import card_heads, stationary_note

MM = 72 / 25.4
PAPER_POINTS = {"a4": (210 * MM, 297 * MM), "letter": (8.5 * 72, 11 * 72)}
FONT_DIRS = ("/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/dejavu", "/usr/share/fonts/TTF")
REGULAR, BOLD, ITALIC = "DejaVuSans", "DejaVuSans-Bold", "DejaVuSans-Oblique"
# DejaVu Sans's line metrics as Pango (WeasyPrint) places a baseline in a CSS line box.
ASCENT, DESCENT = 1901 / 2048, 483 / 2048
ELLIPSIS = "…"
THIN, THICK, HEAD_RULE = 0.25 * MM, 0.6 * MM, 0.6 * MM  # cell borders, round separator, head underline


@functools.cache
def fonts() -> frozenset[str]:
    """Register DejaVu Sans (the stylesheet's font) once per process, and set ReportLab up.

    Debian's fonts-dejavu-core (the Docker image) has no oblique face: without it, italic
    text is the regular face slanted, as Pango does for WeasyPrint.
    """
    from reportlab import rl_config
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.rl_config import TTFSearchPath

    rl_config.useA85 = 0  # binary streams: smaller, and no ASCII85 pass over every page
    for d in FONT_DIRS:
        if d not in TTFSearchPath:
            TTFSearchPath.append(d)
    found = set()
    for name in (REGULAR, BOLD, ITALIC):
        try:
            pdfmetrics.registerFont(TTFont(name, f"{name}.ttf"))
        except Exception:  # TTFError, or OSError on a missing file
            if name != ITALIC:
                raise
        else:
            found.add(name)
    return frozenset(found)


HEAD_EVENT_SHARE = 0.4


def width(text: str, font: str, size: float) -> float:
    from reportlab.pdfbase.pdfmetrics import stringWidth

    return stringWidth(text, font, size)


def baseline(line_height: float, size: float) -> float:
    """From a line box's top to its baseline (half-leading above the ascent)."""
    return (line_height - (ASCENT + DESCENT) * size) / 2 + ASCENT * size


def _prefix(text: str, font: str, size: float, room: float, suffix: str = "") -> int:
    """The length of the longest start of ``text`` that fits ``room`` with ``suffix``."""
    lo, hi = 0, len(text)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if width(text[:mid] + suffix, font, size) <= room:
            lo = mid
        else:
            hi = mid - 1
    return lo


def ellipsize(text: str, font: str, size: float, room: float) -> str:
    """``text`` cut to ``room`` with an ellipsis, as ``text-overflow: ellipsis`` does."""
    if width(text, font, size) <= room:
        return text
    return text[: _prefix(text, font, size, room, ELLIPSIS)] + ELLIPSIS


def _breaks(text: str) -> list[int]:
    """Where a line may break: after spaces, and after a slash or a hyphen (as Pango does)."""
    out = []
    for i, ch in enumerate(text[:-1]):
        if ch == " " or (ch in "/-" and text[i + 1] != "/" and not text[i + 1].isdigit()):
            out.append(i + 1)
    return out


def wrap(text: str, font: str, size: float, room: float) -> list[str]:
    """Greedy lines of ``text`` in ``room``; a word longer than a line breaks anywhere."""
    lines: list[str] = []
    for para in text.split("\n"):
        if not para:
            lines.append("")
        while para:
            if width(para, font, size) <= room:
                lines.append(para)
                break
            fits = [b for b in _breaks(para) if width(para[:b].rstrip(), font, size) <= room]
            cut = fits[-1] if fits else max(1, _prefix(para, font, size, room))
            lines.append(para[:cut].rstrip())
            para = para[cut:].lstrip(" ")
    return lines


def _wraps(card: dict, row: dict) -> bool:
    """A pair's opponents wrap over the round's lines (several hands, or a rubber's line)."""
    return len(row["hands"]) > 1 or bool(card.get("per_round"))


def head_lines(text: str, align: str, size: float, room: float) -> tuple[list[str], str, float]:
    """A column head's lines, its alignment and its size: a word too long for its narrow
    column ("Trumpf") is set smaller rather than broken ("Trump" / "f")."""
    longest = max((width(word, BOLD, size) for word in text.split()), default=0)
    if longest > room:
        size *= room / longest
    return wrap(text, BOLD, size, room), align, size


def head_widths(room: float, who: float, event: float) -> tuple[float, float]:
    """The head's two flex items (``.head .event``: ``flex: 0 0 auto; max-width: 40%``): the
    event's lines as wide as the longest, at most 40 % of the row; the name the rest."""
    event = min(event, HEAD_EVENT_SHARE * room)
    return min(who, room - event), event


def _column_head(card: dict) -> str:
    """The who-column's head, as the page's: a pair's opponents, else partner and opponents,
    or (no partners by seat: Es-makker) everyone at the table."""
    if card.get("pairs"):
        return _("Opponents")
    return _("Partner · opponents") if card.get("by_seat", True) else _("At the table")


@dataclass(frozen=True)
class Style:
    """The card's sizes in points, from the stylesheet for its cards per page and density."""

    size: float  # the card's type (em)
    leading: float  # line-height, in em
    line: float  # its line height
    pad_x: float
    pad_y: float
    head_pad_x: float
    head_pad_y: float
    box: float  # height of a score box
    lines_line: float  # line height of partner / opponents lines
    lines_pad: float
    clip: bool  # one line per text, cut with an ellipsis (four to a sheet)
    label_chars: int

    @classmethod
    def of(cls, per_page: int, dense: bool) -> Style:
        if per_page == 4:
            size = 6.6 if dense else 7.6
            head = 0.8 * size  # th { font-size: 0.8em }
            if dense:  # .slot.dense td, th { padding: 0.05em 0.3em }
                return cls(size, 1.2, 1.2 * size, 0.3 * size, 0.05 * size, 0.3 * head, 0.05 * head,
                           1.6 * size, 1.05 * size, 0.05 * size, True, 48)
            return cls(size, 1.2, 1.2 * size, 0.35 * size, 0.2 * size, 0.15 * head, 0.2 * head,
                       2.1 * size, 1.05 * size, 0.1 * size, True, 48)
        size = 9.0 if dense else 11.0
        return cls(size, 1.3, 1.3 * size, 0.35 * size, 0.2 * size, 0.15 * 0.8 * size, 0.2 * 0.8 * size,
                   2.1 * size, 1.3 * size, 0.2 * size, False, 48)


class Card:
    """Draws one movement card with its top-left corner at (x, top) and ``room`` wide."""

    def __init__(self, canvas, page_height: float, style: Style, event: dict):
        self.c, self.h, self.s, self.event = canvas, page_height, style, event

    # -- primitives (y measured down from the top of the page) --
    def text(self, x: float, y: float, s: str, font: str, size: float, align: str = "left") -> None:
        """Text at a baseline. One text object per card: a card reads as lines of text when
        extracted (a round's number, table and seat on one line) and draws faster."""
        slant = font == ITALIC and ITALIC not in fonts()
        font = REGULAR if slant else font
        if align != "left":
            x -= width(s, font, size) / (2 if align == "center" else 1)
        if (font, size) != self.font:
            self.t.setFont(font, size)
            self.font = (font, size)
        if slant:
            self.t.setTextTransform(1, 0, 0.2, 1, x, self.h - y)
        else:
            self.t.setTextOrigin(x, self.h - y)
        self.t.textOut(s)

    def rule(self, x1: float, y1: float, x2: float, y2: float, w: float) -> None:
        self.c.setLineWidth(w)
        self.c.line(x1, self.h - y1, x2, self.h - y2)

    # -- the card --
    def draw(self, card: dict, x: float, top: float, room: float, bottom: float | None = None) -> None:
        """Blocks one under the other, each returning its bottom edge and its bottom margin
        (block margins collapse: the larger of two neighbours' margins separates them)."""
        self.t, self.font = self.c.beginText(), None
        y, margin = self.head(card, x, top, room)
        if card.get("link"):
            y, margin = self.link(card["link"], x, y + max(margin, 0.2 * 0.8 * self.s.size), room)
        for text in (card.get("rule"), stationary_note(card)):
            if text:
                y, margin = self.rule_box(text, x, y + max(margin, 0.4 * self.s.size), room)
        self.table(card, x, y + margin, room, bottom)
        self.c.drawText(self.t)

    def who(self, card: dict) -> str:
        who = _("Pair") if card.get("pairs") else _("Player")
        return f"{who} {Truncator(card['label']).chars(self.s.label_chars)}"

    def continued(self, card: dict, x: float, top: float) -> float:
        """A card's name atop its next page: a loose sheet still says whose it is."""
        size = self.s.size
        line = self.s.leading * size
        text = _("%(card)s, continued") % {"card": self.who(card)}
        self.text(x, top + baseline(line, size), text, BOLD, size)
        return top + line + 0.4 * size

    def head(self, card: dict, x: float, top: float, room: float) -> tuple[float, float]:
        s = self.s
        size = 1.45 * s.size
        line = s.leading * size
        who = self.who(card)
        ev, esize = self.event, 0.85 * s.size
        eline = s.leading * esize
        # the venue on a line of its own: "Buurthuis De Klaverhoek" never breaks after "De"
        event = [ev["name"], ev["date"], *([ev["venue"]] if ev.get("venue") else [])]
        who_w, ev_w = head_widths(
            room, width(who, BOLD, size), max(width(t, REGULAR, esize) for t in event)
        )
        who_lines = wrap(who, BOLD, size, who_w)
        event = [part for text in event for part in wrap(text, REGULAR, esize, ev_w)]
        # both items end at the box's foot (align-items: flex-end), the rule under the taller
        box = max(line * len(who_lines), eline * len(event))
        first = top + box - line * len(who_lines) + baseline(line, size)
        for i, text in enumerate(who_lines):
            self.text(x, first + i * line, text, BOLD, size)
        first = top + box - eline * len(event) + baseline(eline, esize)
        for i, text in enumerate(event):
            self.text(x + room, first + i * eline, text, REGULAR, esize, "right")
        under = top + box + 0.2 * s.size + HEAD_RULE / 2
        self.rule(x, under, x + room, under, HEAD_RULE)
        return under + HEAD_RULE / 2, 0.5 * s.size

    def link(self, url: str, x: float, top: float, room: float) -> tuple[float, float]:
        from tournaments.selectors.links import qr_matrix

        s = self.s
        side, size = 12 * MM, 0.8 * s.size
        line = s.leading * size
        matrix = qr_matrix(url)
        module = side / (len(matrix) + 8)  # a border of four modules, as on the HTML page
        path = self.c.beginPath()
        for r, row in enumerate(matrix):
            c = 0
            while c < len(row):
                if row[c]:
                    start = c
                    while c < len(row) and row[c]:
                        c += 1
                    path.rect(x + (start + 4) * module, self.h - top - (r + 5) * module,
                              (c - start) * module, module)
                c += 1
        self.c.drawPath(path, stroke=0, fill=1)
        gap = 0.4 * size
        lines = wrap(f"{_('Your page (where you sit next, your card):')} {url}", REGULAR, size,
                     room - side - gap)
        y = top + (side - line * len(lines)) / 2
        for text in lines:
            self.text(x + side + gap, y + baseline(line, size), text, REGULAR, size)
            y += line
        return top + side, 0.2 * size

    def rule_box(self, text: str, x: float, top: float, room: float) -> tuple[float, float]:
        s = self.s
        border, pad_x, pad_y = 0.4 * MM, 0.5 * s.size, 0.3 * s.size
        lines = wrap(text, BOLD, s.size, room - 2 * (border + pad_x))
        height = 2 * (border + pad_y) + s.line * len(lines)
        self.c.setLineWidth(border)
        self.c.rect(x + border / 2, self.h - top - height + border / 2, room - border, height - border)
        y = top + border + pad_y
        for text in lines:
            self.text(x + border + pad_x, y + baseline(s.line, s.size), text, BOLD, s.size)
            y += s.line
        return top + height, 0.4 * s.size

    def columns(self, card: dict, room: float) -> list[float]:
        em = self.s.size
        if card.get("progressive"):
            widths = [2.3 * em, 3.3 * em, 2.6 * em, 3.6 * em, 3.6 * em, 3.4 * em, 3.7 * em, 3.8 * em]
        else:
            fixed = [2.3 * em, 3.3 * em, 3.7 * em, None, 3.6 * em, 3.4 * em, 3.7 * em, 3.8 * em]
            rest = room - sum(w for w in fixed if w)
            widths = [w if w is not None else max(rest, 0) for w in fixed]
        extra = (room - sum(widths)) / len(widths)  # WeasyPrint spreads what is left evenly
        return [w + max(extra, 0) for w in widths]

    def headings(self, card: dict) -> list[tuple[str, str]]:
        if card.get("progressive"):
            partner = pgettext("a movement card's narrow column", "Partner")
            middle = [(_("Seat"), "center"), (partner, "center")]
        else:
            middle = [(_("Seat"), "center"), (_column_head(card), "left")]
        first, second = card_heads(card)  # the game's: a drive's trump and tricks
        return [(_("Rd"), "center"), (_("Table"), "center"), *middle, (_("Hand"), "center"),
                (first, "center"), (second, "center"), (_("Total"), "center")]

    def cell_text(self, lines, x, w, top, height, font, size, line, align, pad=None) -> None:
        """Lines of text centred vertically in a cell (vertical-align: middle)."""
        pad = self.s.pad_x if pad is None else pad
        y = top + (height - line * len(lines)) / 2
        for text in lines:
            at = x + w / 2 if align == "center" else x + THIN / 2 + pad
            if isinstance(text, list):  # runs of (text, font): "with **2** · v 3, 4"
                for run, run_font in text:
                    self.text(at, y + baseline(line, size), run, run_font, size)
                    at += width(run, run_font, size)
            else:
                self.text(at, y + baseline(line, size), text, font, size, align)
            y += line

    def table(self, card: dict, x: float, top: float, room: float, bottom: float | None) -> None:
        s = self.s
        widths = self.columns(card, room - THIN)  # collapsed borders: the outer lines sit inside
        edges = [x + THIN / 2]
        for w in widths:
            edges.append(edges[-1] + w)
        hsize, hline = 0.7 * s.size, 0.7 * s.line  # 0.7em, as the stylesheet's
        heads = [
            head_lines(t, a, hsize, w - THIN - 2 * s.head_pad_x)
            for (t, a), w in zip(self.headings(card), widths, strict=True)
        ]
        head_h = max(len(lines) for lines, _a, _s in heads) * hline + 2 * s.head_pad_y + (THIN + THICK) / 2
        top += THIN / 2
        y = self.header(heads, edges, top, head_h, hsize, hline)
        for row in card["rows"]:
            heights, texts = self.block(card, row, widths)
            if bottom is not None and y + sum(heights) > bottom:  # a new page, the head again
                self.c.drawText(self.t)
                self.c.showPage()
                self.t, self.font = self.c.beginText(), None
                y = self.header(heads, edges, self.continued(card, x, 12 * MM), head_h, hsize, hline)
            y = self.round_block(card, row, heights, texts, edges, y)
        self.rule(edges[0], y, edges[-1], y, THIN)

    def header(self, heads, edges, top, head_h, hsize, hline) -> float:
        for (lines, align, size), x0, x1 in zip(heads, edges, edges[1:], strict=False):
            self.cell_text(lines, x0, x1 - x0, top, head_h, BOLD, size, hline, align, self.s.head_pad_x)
        self.verticals(edges, top, top + head_h)
        self.rule(edges[0], top, edges[-1], top, THIN)
        return top + head_h

    def verticals(self, edges: list[float], top: float, bottom: float, skip=()) -> None:
        self.c.setLineWidth(THIN)
        for i, x in enumerate(edges):
            if i not in skip:
                self.c.line(x, self.h - top, x, self.h - bottom)

    def block(self, card: dict, row: dict, widths: list[float]) -> tuple[list[float], tuple]:
        """One round's hand rows' heights, and the lines of its partner / opponents cell."""
        s = self.s
        lines: list = []
        line, pad = s.line, s.pad_y
        if not row["sit_out"] and not card.get("progressive"):
            room = widths[3] - THIN - 2 * s.pad_x  # a cell holds half of each border
            if card.get("pairs"):
                lines = [" · ".join(row["opponents"])]
            elif card.get("dense"):
                opponents = ", ".join(str(n) for n in row["opponent_nos"])
                against = f" · {_('v')} {opponents}" if opponents else ""  # Es-makker: only "with"
                lines = [[(f"{_('with')} ", REGULAR), (str(row["partner_no"]), BOLD),
                          (against, REGULAR)]]
            else:
                lines = [f"{_('with')} {row['partner']}"] + [f"& {o}" for o in row.get("also", ())]
                lines += [f"{_('v') if i == 0 else '&'} {o}" for i, o in enumerate(row["opponents"])]
                line, pad = s.lines_line, s.lines_pad
            if lines and not isinstance(lines[0], list):
                # a pair's opponents wrap over the round's hand rows, as on the page (.wraps)
                if s.clip and not (card.get("pairs") and _wraps(card, row)):
                    lines = [ellipsize(t, REGULAR, s.size, room) for t in lines]
                else:
                    lines = [part for t in lines for part in wrap(t, REGULAR, s.size, room)]
        hands = max(len(row["hands"]), 1)
        # Row pitches between border centres: the box's height holds its padding and half
        # of each border (border-box); thick lines around a round, thin ones between hands.
        borders = [(THICK if i in (0, hands) else THIN) for i in range(hands + 1)]
        heights = [
            max(s.box, s.line + 2 * s.pad_y + (borders[i] + borders[i + 1]) / 2) for i in range(hands)
        ]
        need = len(lines) * line + 2 * pad + THICK
        extra = max(need - sum(heights), 0) / hands  # a taller spanning cell: spread it
        heights = [h + extra for h in heights]
        return heights, (lines, line)

    def round_block(self, card, row, heights, texts, edges, top) -> float:
        s, c = self.s, edges
        span = (top, sum(heights))
        self.cell_text([str(row["round"])], c[0], c[1] - c[0], *span, REGULAR, s.size, s.line, "center")
        if row["sit_out"]:
            self.cell_text([_("sits out")], c[1], c[4] - c[1], *span, ITALIC, s.size, s.line, "center")
        else:
            table = "" if row["table"] is None else str(row["table"])
            self.cell_text([table], c[1], c[2] - c[1], *span, BOLD, s.size, s.line, "center")
            if card.get("progressive"):
                self.cell_text([row["seat"]], c[2], c[3] - c[2], *span, REGULAR, s.size, s.line, "center")
                self.cell_text([str(row["partner_no"])], c[3], c[4] - c[3], *span, BOLD, s.size, s.line, "center")
            else:
                self.cell_text([row["seat_label"]], c[2], c[3] - c[2], *span, REGULAR, s.size, s.line, "center")
        # Extracted text reads in drawing order: one line of partner text goes on the row's
        # line before the hands; several lines go after them, the row's line staying whole.
        lines, line = texts
        if len(lines) == 1:
            self.cell_text(lines, c[3], c[4] - c[3], *span, REGULAR, s.size, line, "left")
        y = top
        for hand, h in zip(row["hands"], heights, strict=False):
            self.cell_text([str(hand["number"])], c[4], c[5] - c[4], y, h, REGULAR, s.size, s.line, "center")
            self.cell_text([hand["symbol"]], c[5], c[6] - c[5], y, h, REGULAR, s.size, s.line, "center")
            if y > top:
                self.rule(c[4], y, c[-1], y, THIN)
            y += h
        if len(lines) > 1:
            self.cell_text(lines, c[3], c[4] - c[3], *span, REGULAR, s.size, line, "left")
        self.verticals(edges, top, y, skip=(2, 3) if row["sit_out"] else ())
        self.rule(c[0], top, c[-1], top, THICK)
        return y


def render(*, data: dict, sheets: list[list[dict]]) -> bytes:
    """The PDF of these sheets of movement cards (``printing.layout_context``'s sheets)."""
    from reportlab.pdfgen.canvas import Canvas

    fonts()
    options = data["options"]
    page_w, page_h = PAPER_POINTS[options["paper"]]
    out = io.BytesIO()
    canvas = Canvas(out, pagesize=(page_w, page_h), pageCompression=1, invariant=1, initialFontName=REGULAR)
    canvas.setTitle(f"{_('Movement cards')} · {data['event']['name']}")
    for sheet in sheets:
        if options["per_page"] == 4:
            _quarters(canvas, data, sheet, page_w, page_h)
        else:
            for card in sheet:
                style = Style.of(1, card.get("dense", False))
                room = page_w - 24 * MM
                Card(canvas, page_h, style, data["event"]).draw(card, 12 * MM, 12 * MM, room, page_h - 12 * MM)
        canvas.showPage()
    canvas.save()
    return out.getvalue()


def _quarters(canvas, data: dict, sheet: list[dict], page_w: float, page_h: float) -> None:
    """Four cards to a sheet, in the slots the stylesheet places, with dashed cut lines."""
    half_w, half_h = page_w / 2, page_h / 2
    canvas.saveState()
    canvas.setStrokeColorRGB(0x77 / 255, 0x77 / 255, 0x77 / 255)
    canvas.setLineWidth(0.2 * MM)
    canvas.setDash(0.6 * MM, 0.6 * MM)
    for i in range(len(sheet)):
        right, low = i % 2, i // 2
        if not right:
            canvas.line(half_w - 0.1 * MM, page_h - low * half_h, half_w - 0.1 * MM, page_h - (low + 1) * half_h)
        if not low:
            canvas.line(right * half_w, half_h + 0.1 * MM, (right + 1) * half_w, half_h + 0.1 * MM)
    canvas.restoreState()
    for i, card in enumerate(sheet):
        right, low = i % 2, i // 2
        style = Style.of(4, card.get("dense", False))
        Card(canvas, page_h, style, data["event"]).draw(
            card, right * half_w + 7 * MM, low * half_h + 7 * MM,
            half_w - 14 * MM - (0 if right else 0.2 * MM),  # a left slot's cut line is inside it
        )
