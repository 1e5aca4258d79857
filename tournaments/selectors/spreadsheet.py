"""One writer for every table a person downloads (an evening's results, a season's ladder).

A download is a list of sheets (a title, a header row, rows), written as CSV or XLSX in the
active language: yes/no in words, and for CSV the separator and decimal mark a spreadsheet
of that language expects. Excel reads ";" and "7,5" where the decimal mark is a comma
(Dutch, German, Danish, French), "," and "7.5" in English, and accents only after a UTF-8
byte order mark.
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass

from django.utils.formats import get_format, number_format
from django.utils.translation import gettext as _

CONTENT_TYPES = {
    "csv": "text/csv; charset=utf-8",
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
}

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


@dataclass(frozen=True)
class Sheet:
    title: str
    head: list[str]
    rows: list[list]
    caption: list | None = None  # a line above the header in the CSV (the XLSX has its title)


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


def _word(value):
    """Booleans as the words a person reads; None as an empty cell."""
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    return "" if value is None else value


def _csv_cell(value):
    value = _word(value)
    if isinstance(value, float):
        return number_format(value)  # "16,5" where the language writes a decimal comma
    return safe_cell(str(value))


def write_csv(sheets: list[Sheet]) -> bytes:
    """The sheets one after another, a blank line between, in the active language's dialect."""
    delimiter = ";" if get_format("DECIMAL_SEPARATOR") == "," else ","
    out = io.StringIO()
    writer = csv.writer(out, delimiter=delimiter)
    for index, sheet in enumerate(sheets):
        if index:
            writer.writerows([[], [sheet.title]])
        elif sheet.caption:
            writer.writerow([_csv_cell(cell) for cell in sheet.caption])
        writer.writerows([_csv_cell(cell) for cell in row] for row in [sheet.head, *sheet.rows])
    return out.getvalue().encode("utf-8-sig")


def _sheet_name(title: str) -> str:
    """A worksheet's name as Excel allows it: none of \\ / ? * : [ ], no quote at either
    end, at most 31 characters ("Seizoen 2026/27" is how a club names its season)."""
    name = re.sub(r"[\\/?*:\[\]]", "-", title)[:31].strip("'")
    return name or "-"


def write_xlsx(sheets: list[Sheet]) -> bytes:
    """One worksheet per sheet; every string stored as text (openpyxl would make "=..." a
    formula), numbers as numbers."""
    from openpyxl import Workbook

    book = Workbook()
    book.remove(book.active)
    for sheet in sheets:
        page = book.create_sheet(_sheet_name(sheet.title))
        for row in [sheet.head, *sheet.rows]:
            page.append([_word(cell) for cell in row])
            for cell in page[page.max_row]:
                if cell.data_type == "f":
                    cell.data_type = "s"
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()


WRITERS = {"csv": write_csv, "xlsx": write_xlsx}


def write(sheets: list[Sheet], fmt: str) -> tuple[bytes, str]:
    """(content, content type) of ``sheets`` as ``fmt``, one of ``WRITERS``."""
    return WRITERS[fmt](sheets), CONTENT_TYPES[fmt]
