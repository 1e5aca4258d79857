"""Standings and every hand of an event as CSV, XLSX or JSON (from the cached standings)."""

from __future__ import annotations

import csv
import io
import json

from django.utils.translation import gettext as _

from tournaments.errors import NotFound
from tournaments.games import game_for
from tournaments.models import Event
from tournaments.selectors.standings import event_detail, event_standings

FORMATS = {
    "csv": "text/csv; charset=utf-8",
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "json": "application/json",
}

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def safe_cell(value):
    """A cell a spreadsheet will not run as a formula (OWASP CSV injection): text starting
    with = + - @, tab or CR gets a leading apostrophe; numbers (and text that is just a
    number, such as "-3") are untouched."""
    if not isinstance(value, str) or not value.startswith(FORMULA_STARTS):
        return value
    try:
        float(value)
    except ValueError:
        return "'" + value
    return value


def _xlsx_row(sheet, row) -> None:
    """Append ``row`` with every string stored as text: openpyxl would make "=..." a formula."""
    sheet.append(row)
    for cell in sheet[sheet.max_row]:
        if cell.data_type == "f":
            cell.data_type = "s"


def _tables(event: Event, standings: dict) -> tuple[list[str], list[list], list[str], list[list]]:
    fields = list(game_for(event).export_fields)
    if standings["score_field"] == "plus_minus":
        fields.insert(1, "plus_minus")
    head = ["position", "tied", "name", "numbers", *fields]
    rows = [
        [
            r["position"],
            r["tied"],
            r["name"],
            " ".join(map(str, r["numbers"])),
            *(r.get(f) for f in fields),
        ]
        for r in standings["standings"]
    ]
    rows += [
        ["", "", r["name"], " ".join(map(str, r["numbers"])), *(r.get(f) for f in fields)]
        for r in standings["withdrawn"]
    ]
    hand_head = ["round", "hand", "table", "trump", "ns", "ew", "ns_score", "ew_score"]
    hand_rows = [
        [
            rnd["round"],
            hand["hand"],
            table["table"],
            hand["trump"],
            " & ".join(table["ns"]),
            " & ".join(table["ew"]),
            hand["ns"],
            hand["ew"],
        ]
        for rnd in event_detail(event=event)["rounds"]
        for table in rnd["tables"]
        for hand in table["hands"]
    ]
    return head, rows, hand_head, hand_rows


def event_results_export(*, event: Event, fmt: str) -> tuple[bytes, str, str]:
    """(content, content type, file name) of the event's standings and hands in ``fmt``."""
    if fmt not in FORMATS:
        raise NotFound("E_FORMAT", _("Unknown export format; choose csv, xlsx or json."))
    standings = event_standings(event=event)
    head, rows, hand_head, hand_rows = _tables(event, standings)
    name = f"{event.slug}-v{event.version}.{fmt}"
    if fmt == "json":
        body = {
            "event": {
                "slug": event.slug,
                "name": event.name,
                "kind": event.kind,
                "date": event.date.isoformat(),
                "status": event.status,
                "version": event.version,
                "final": standings["final"],
            },
            "standings": standings["standings"],
            "withdrawn": standings["withdrawn"],
            "categories": standings["categories"],
            "prizes": standings["prizes"],
            "pending": standings["pending"],
            "hands": [dict(zip(hand_head, row, strict=True)) for row in hand_rows],
        }
        return json.dumps(body, indent=2).encode(), FORMATS[fmt], name
    if fmt == "csv":
        out = io.StringIO()
        writer = csv.writer(out)
        lines = [
            [_("Standings"), event.name, event.date.isoformat()],
            head,
            *rows,
            [],
            [_("Hands")],
            hand_head,
            *hand_rows,
        ]
        writer.writerows([safe_cell(cell) for cell in line] for line in lines)
        return out.getvalue().encode("utf-8"), FORMATS[fmt], name
    from openpyxl import Workbook

    book = Workbook()
    sheet = book.active
    sheet.title = str(_("Standings"))
    for row in [head, *rows]:
        _xlsx_row(sheet, row)
    hands = book.create_sheet(str(_("Hands")))
    for row in [hand_head, *hand_rows]:
        _xlsx_row(hands, row)
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue(), FORMATS[fmt], name
