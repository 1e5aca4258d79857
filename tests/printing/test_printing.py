"""Printing: real PDFs checked against the movement, QR codes decoded, jobs reused.

Events are built through the organizer services (event_create, players_register,
event_seat); the expected seats come from the stored movement (Event.movement), not from
the print selector, so a card that names a wrong table fails.
"""

from __future__ import annotations

import datetime as dt
import io
import re

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse
from django.utils import timezone
from pypdf import PdfReader
from rest_framework.test import APIClient

from tests.factories import ClubFactory, UserFactory
from tournaments.errors import DomainError
from tournaments.models import PrintJob
from tournaments.services import printing
from tournaments.services.common import event_bump_version
from tournaments.services.entries import entries_pair, players_register
from tournaments.services.events import event_create
from tournaments.services.seating import event_seat

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_process_printing")]
SEAT_ORDER = ("N", "S", "E", "W")  # a fixed movement's ns[0], ns[1], ew[0], ew[1]
SEAT_WORDS = {"North": "N", "East": "E", "South": "S", "West": "W"}


def _event(organizer, *, kind, movement_kind, players, hands, per_round, pairs=False, **fields):
    club = ClubFactory(organizers=[organizer])
    event = event_create(
        club=club, name=f"{kind} night", date=dt.date(2026, 11, 29), kind=kind,
        movement_kind=movement_kind, hands=hands, hands_per_round=per_round, **fields,
    )
    players_register(event_id=event.pk, names=[f"Name{i} Member" for i in range(1, players + 1)])
    if pairs:
        entries_pair(event_id=event.pk)
    event_seat(event_id=event.pk)
    event.refresh_from_db()
    return event


@pytest.fixture
def individual(organizer):
    """A 7-table individual drive: 28 players, a fixed individual movement, 7 rounds."""
    return _event(organizer, kind="individual_drive", movement_kind="individual", players=28, hands=7, per_round=1)


@pytest.fixture
def mitchell(organizer):
    """A 10-pair Mitchell: 5 tables, 5 rounds of 2 hands."""
    return _event(
        organizer, kind="pairs_drive", movement_kind="mitchell", players=20, hands=10, per_round=2, pairs=True
    )


def pdf_pages(pdf: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages]


def cards_text(pages: list[str], header: str) -> dict[int, str]:
    """Each card's text by its number, split at the card headers ("Player 12 ...")."""
    text = "\n".join(pages)
    parts = re.split(rf"^{header} (\d+) ", text, flags=re.M)
    return {int(n): body for n, body in zip(parts[1::2], parts[2::2], strict=True)}


def expected_seats(event) -> dict[int, dict[int, tuple[int, str]]]:
    """{unit number: {round: (table, seat or direction)}} from the stored movement."""
    movement = event.movement
    units = movement["units"]
    out: dict[int, dict[int, tuple[int, str]]] = {}
    for rd in movement["rounds"]:
        for t in rd["tables"]:
            if isinstance(t["ns"], list):
                for k, seat in zip([*t["ns"], *t["ew"]], SEAT_ORDER, strict=True):
                    out.setdefault(units[k - 1], {})[rd["round"]] = (t["table"], seat)
            else:
                out.setdefault(units[t["ns"] - 1], {})[rd["round"]] = (t["table"], "N/S")
                out.setdefault(units[t["ew"] - 1], {})[rd["round"]] = (t["table"], "E/W")
    return out


def test_individual_movement_cards_list_every_players_table_every_round(individual):
    pdf = printing.document_pdf(event=individual, document="movement_cards", options={"per_page": 4})
    pages = pdf_pages(pdf)
    assert len(pages) == 7  # 28 cards, 4 to an A4 page
    cards = cards_text(pages, "Player")
    expected = expected_seats(individual)
    assert sorted(cards) == list(range(1, 29))
    for number, body in cards.items():
        rows = re.findall(r"^(\d+) (\d+) (North|East|South|West) ", body, flags=re.M)
        printed = {int(r): (int(t), SEAT_WORDS[s]) for r, t, s in rows}
        assert printed == expected[number], f"player {number}"
    assert "Name1 Member" in cards[1]


def test_mitchell_movement_cards_list_every_pairs_table_and_direction(mitchell):
    pdf = printing.document_pdf(event=mitchell, document="movement_cards", options={"per_page": 4})
    pages = pdf_pages(pdf)
    assert len(pages) == 3  # 10 pair cards, 4 to a page
    cards = cards_text(pages, "Pair")
    expected = expected_seats(mitchell)
    assert sorted(cards) == list(range(1, 11))
    for number, body in cards.items():
        rows = re.findall(r"^(\d+) (\d+) (N/S|E/W)", body, flags=re.M)
        assert {int(r): (int(t), d) for r, t, d in rows} == expected[number], f"pair {number}"
        assert body.count("♥") + body.count("♣") + body.count("♦") + body.count("♠") >= 10  # 10 hands


def test_table_cards_carry_a_qr_code_of_the_tables_entry_link(individual):
    import pypdfium2
    import zxingcpp

    pdf = printing.document_pdf(event=individual, document="table_cards", options={"per_page": 1})
    doc = pypdfium2.PdfDocument(pdf)
    assert len(doc) == 7
    tables = list(individual.tables.order_by("number"))
    for page, table in zip(doc, tables, strict=True):
        image = page.render(scale=2).to_pil()
        decoded = [r.text for r in zxingcpp.read_barcodes(image)]
        assert decoded == ["https://club.example" + reverse("table:page", args=[table.token])]
    first = pdf_pages(pdf)[0]
    seats = {s.seat: s.entry for s in individual.seatings.filter(round__number=1, table=tables[0])}
    for seat in "NESW":
        assert f"{seats[seat].number} {seats[seat].player.name}" in first
    # on paper cards nobody enters results at the table (a Dutch hall without Wi-Fi)
    from tournaments.services.paper_cards import event_paper_cards_set

    event_paper_cards_set(event_id=individual.pk, mode="final", check_top=3)
    individual.refresh_from_db()
    paper = printing.document_pdf(event=individual, document="table_cards", options={"per_page": 1})
    page = pypdfium2.PdfDocument(paper)[0].render(scale=2).to_pil()
    assert zxingcpp.read_barcodes(page) == [] and "Scan to enter results" not in pdf_pages(paper)[0]
    assert "Write each hand on your own score card." in pdf_pages(paper)[0]


def test_score_cards_one_per_table_and_round(mitchell):
    pdf = printing.document_pdf(event=mitchell, document="score_cards", options={"per_page": 4})
    pages = pdf_pages(pdf)
    assert len(pages) == 7  # 5 tables x 5 rounds = 25 cards, 4 to a page
    text = "\n".join(pages)
    for rnd in range(1, 6):
        for table in range(1, 6):
            assert f"Table {table} · Round {rnd}" in text


def test_one_hand_a_round_gives_one_traveller_a_table_with_a_line_a_round(individual):
    """7 tables of 7 one-hand rounds: 7 sheets, not 49 cards (a 24-round drive: 7, not 168)."""
    pdf = printing.document_pdf(event=individual, document="score_cards", options={"per_page": 4})
    pages = pdf_pages(pdf)
    assert len(pages) == 2
    text = "\n".join(pages)
    assert "Table 1 · Round 1" not in text and text.count("Tricks N/S") == 7
    first = pdf_pages(
        printing.document_pdf(event=individual, document="score_cards", options={"per_page": 1})
    )[0]
    table = individual.tables.get(number=1)
    words = " ".join(first.split())  # a long pair of names wraps in its cell
    for rnd in range(1, 8):
        north, south = (individual.seatings.get(round__number=rnd, table=table, seat=x).entry for x in "NS")
        sides = f"{north.number} {north.player.name} {south.number} {south.player.name}"
        assert f" {rnd} {'♥♣♦♠'[(rnd - 1) % 4]} {sides} " in words


def test_results_sheet_lists_every_pair(mitchell):
    pdf = printing.document_pdf(event=mitchell, document="results", options={"paper": "letter"})
    text = "\n".join(pdf_pages(pdf))
    assert "results" in text.lower()
    for pair in mitchell.pairs.all():
        assert str(pair) in text or " & ".join(e.player.name for e in pair.entries.order_by("number")) in text
    page = PdfReader(io.BytesIO(pdf)).pages[0]
    assert round(float(page.mediabox.width)) == 612  # US Letter, 8.5in


def test_robber_league_schedule_and_score_pads(organizer):
    event = _event(organizer, kind="robber", movement_kind="round_robin", players=12, hands=10, per_round=2,
                   pairs=True)
    schedule = "\n".join(pdf_pages(printing.document_pdf(event=event, document="league_schedule", options={})))
    for rd in event.movement["rounds"]:
        assert f"Round {rd['round']}" in schedule
    pads = printing.document_pdf(event=event, document="score_pads", options={"per_page": 4})
    tables, rounds = event.tables.count(), event.round_count
    assert len(pdf_pages(pads)) == -(-tables * rounds // 4)
    assert "We (N/S)" in pdf_pages(pads)[0]


@pytest.mark.parametrize(
    ("document", "options", "code"),
    [
        ("menu", {}, "E_PRINT_DOCUMENT"),
        ("score_pads", {}, "E_PRINT_DOCUMENT"),  # a drive has no rubbers
        ("movement_cards", {"paper": "a3"}, "E_PRINT_PAPER"),
        ("movement_cards", {"per_page": 2}, "E_PRINT_PER_PAGE"),
        ("movement_cards", {"colour": "red"}, "E_PRINT_OPTION"),
    ],
)
def test_bad_requests_are_refused_with_their_field(organizer, document, options, code):
    event = _event(organizer, kind="individual_drive", movement_kind="individual", players=8, hands=2, per_round=1)
    with pytest.raises(DomainError) as err:
        printing.print_job_request(event=event, document=document, options=options)
    assert err.value.code == code
    assert not PrintJob.objects.exists()


def test_a_job_renders_in_chunks_and_is_reused_until_the_event_changes(
    individual, monkeypatch, django_capture_on_commit_callbacks
):
    monkeypatch.setattr(printing, "CHUNK", 8)  # 28 cards: 4 chunks
    calls = []
    real = printing.render_pdf
    monkeypatch.setattr(printing, "render_pdf", lambda **kw: calls.append(len(kw["cards"])) or real(**kw))
    with django_capture_on_commit_callbacks(execute=True):
        job = printing.print_job_request(event=individual, document="movement_cards", options={})
    job.refresh_from_db()
    assert (job.status, job.rendered, job.total) == ("done", 28, 28)
    assert calls == [8, 8, 8, 4]
    assert len(PdfReader(job.file.path).pages) == 7
    with django_capture_on_commit_callbacks(execute=True):
        again = printing.print_job_request(event=individual, document="movement_cards", options={"per_page": "4"})
    assert again.pk == job.pk and len(calls) == 4  # reused: nothing rendered
    event_bump_version(event=individual)
    with django_capture_on_commit_callbacks(execute=True):
        fresh = printing.print_job_request(event=individual, document="movement_cards", options={})
    assert fresh.pk != job.pk and fresh.content_hash != job.content_hash
    assert len(calls) == 8


def test_a_job_whose_event_changed_mid_run_fails_with_a_message(individual, django_capture_on_commit_callbacks):
    job = printing.print_job_request(event=individual, document="results", options={})  # not run yet
    event_bump_version(event=individual)
    printing.print_job_render(job_id=job.pk)
    job.refresh_from_db()
    assert job.status == "failed" and "changed" in job.error


def test_the_api_requests_polls_and_downloads(organizer, django_capture_on_commit_callbacks):
    event = _event(organizer, kind="individual_drive", movement_kind="individual", players=8, hands=2, per_round=1)
    api = APIClient()
    api.force_authenticate(organizer)
    url = f"/api/v1/events/{event.slug}/print/"
    with django_capture_on_commit_callbacks(execute=True):
        first = api.post(url, {"document": "table_cards", "paper": "letter", "per_page": 4}, format="json")
    assert first.status_code == 202, first.json()
    body = api.get(first.json()["url"]).json()
    assert (body["status"], body["rendered"], body["total"]) == ("done", 2, 2)
    download = api.get(body["download"])
    assert download.status_code == 200 and b"".join(download.streaming_content).startswith(b"%PDF")
    assert download["Content-Disposition"] == f'attachment; filename="{event.slug}-table-cards.pdf"'
    with django_capture_on_commit_callbacks(execute=True):  # named in the language printed in
        dutch = api.post(url, {"document": "table_cards", "language": "nl"}, format="json")
    dutch_job = api.get(dutch.json()["url"]).json()
    named = api.get(dutch_job["download"])["Content-Disposition"]
    assert named == f'attachment; filename="{event.slug}-tafelkaarten.pdf"'
    second = api.post(url, {"document": "table_cards", "paper": "letter", "per_page": 4}, format="json")
    assert second.status_code == 200 and second.json()["id"] == body["id"]
    bad = api.post(url, {"document": "table_cards", "paper": "a5"}, format="json")
    assert bad.status_code == 422 and bad.json()["error"]["field"] == "paper"
    stranger = APIClient()
    stranger.force_authenticate(UserFactory())
    assert stranger.post(url, {"document": "results"}, format="json").status_code == 404


def test_organizer_pages_print_from_the_browser_and_make_a_pdf(
    client, organizer, django_capture_on_commit_callbacks
):
    event = _event(organizer, kind="individual_drive", movement_kind="individual", players=8, hands=2, per_round=1)
    client.force_login(organizer)
    home = client.get(reverse("print:home", args=[event.slug]))
    assert home.status_code == 200 and "Movement cards" in home.content.decode()
    page = client.get(reverse("print:document", args=[event.slug, "movement_cards"]))
    html = page.content.decode()
    assert page.status_code == 200 and "Name1 Member" in html and "@page" in html
    bad = client.get(reverse("print:document", args=[event.slug, "movement_cards"]), {"per_page": "3"})
    assert bad.status_code == 422 and "Cards per page must be 1 or 4." in bad.content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        made = client.post(reverse("print:job_create", args=[event.slug]), {"document": "results"})
    job = PrintJob.objects.get()
    assert made.status_code == 302 and made.url == reverse("print:job", args=[event.slug, job.pk])
    fragment = client.get(made.url, headers={"HX-Request": "true"}).content.decode()
    assert reverse("print:download", args=[event.slug, job.pk]) in fragment
    assert client.get(reverse("print:download", args=[event.slug, job.pk])).status_code == 200
    client.force_login(UserFactory())
    assert client.get(reverse("print:home", args=[event.slug])).status_code == 404


def test_the_command_writes_the_pdf_and_exits_2_on_bad_input(organizer, tmp_path):
    event = _event(organizer, kind="individual_drive", movement_kind="individual", players=8, hands=2, per_round=1)
    out = tmp_path / "cards.pdf"
    call_command("print_documents", event.slug, "movement_cards", "--per-page", "1", "--output", str(out))
    assert len(PdfReader(out).pages) == 8
    with pytest.raises(CommandError) as err:
        call_command("print_documents", event.slug, "posters", "--output", str(out))
    assert err.value.returncode == 2 and "E_PRINT_DOCUMENT" in str(err.value)


def test_a_stalled_or_failed_job_says_why_and_retry_prints_it(
    client, organizer, individual, settings, django_capture_on_commit_callbacks
):
    client.force_login(organizer)
    job = printing.print_job_request(event=individual, document="results", options={})  # its task got lost
    PrintJob.objects.filter(pk=job.pk).update(updated_at=timezone.now() - settings.STALE_PRINT_JOB * 2)
    html = client.get(reverse("print:job", args=[individual.slug, job.pk])).content.decode()
    assert "Printing stalled" in html and ">Retry</button>" in html
    assert "hx-trigger" not in html  # it stops polling
    listed = client.get(reverse("print:home", args=[individual.slug])).content.decode()
    row = listed[listed.index("Recent PDFs") :]
    assert ">stalled" in row and ">Retry<span" in row  # the list says so too, and offers it
    with django_capture_on_commit_callbacks(execute=True):
        retried = client.post(reverse("print:job_retry", args=[individual.slug, job.pk]))
    assert retried.url == reverse("print:job", args=[individual.slug, job.pk])  # the same job, replaced
    job.refresh_from_db()
    assert (job.status, job.error) == ("done", "")

    failed = printing.print_job_request(event=individual, document="movement_cards", options={})
    event_bump_version(event=individual)
    printing.print_job_render(job_id=failed.pk)  # the event changed under it: failed, saying why
    html = client.get(reverse("print:job", args=[individual.slug, failed.pk])).content.decode()
    assert "Printing failed: The event changed while printing" in html and ">Retry</button>" in html
    with django_capture_on_commit_callbacks(execute=True):
        retried = client.post(reverse("print:job_retry", args=[individual.slug, failed.pk]))
    page = client.get(retried.url).content.decode()
    assert "Your PDF is ready." in page


def test_a_job_no_worker_takes_asks_whether_the_worker_is_running(client, organizer, individual, settings):
    """A walk stopped the worker: the page said "Rendering: 0 of 32" for five minutes."""
    client.force_login(organizer)
    job = printing.print_job_request(event=individual, document="results", options={})  # never taken
    url = reverse("print:job", args=[individual.slug, job.pk])
    assert 'data-testid="print-job-unclaimed"' not in client.get(url).content.decode()  # just asked
    PrintJob.objects.filter(pk=job.pk).update(updated_at=timezone.now() - settings.UNCLAIMED_PRINT_JOB * 2)
    html = client.get(url).content.decode()
    assert "No print worker has started this job yet" in html and "hx-trigger" in html  # still polls
    # a fault walk restarted the worker as told and was asked again for two minutes: the
    # page says how long a job lost with a stopped worker takes to be handed on
    settings.BROKER_VISIBILITY_TIMEOUT = 120
    assert "a running one takes it over within 3 minutes." in client.get(url).content.decode()
    PrintJob.objects.filter(pk=job.pk).update(status="running", rendered=1)
    assert "No print worker" not in client.get(url).content.decode()  # a worker took it


def test_move_slips_say_where_each_player_sits_in_a_progressive_round(organizer):
    event = _event(
        organizer, kind="individual_drive", movement_kind="winners_split", players=13, hands=8, per_round=4
    )
    pdf = printing.document_pdf(event=event, document="move_slips", options={})
    text = "\n".join(pdf_pages(pdf))
    assert "Round 1: where to sit" in text
    seats = {s.entry.number: s for s in event.seatings.filter(round__number=1).select_related("table")}
    seat_words = {"N": "North", "E": "East", "S": "South", "W": "West"}
    for number, s in seats.items():
        words = f"table {s.table.number}, {seat_words[s.seat]}" if s.table else "sits out"
        assert words in text, number
    fixed = _event(organizer, kind="individual_drive", movement_kind="individual", players=8, hands=4, per_round=1)
    with pytest.raises(DomainError) as refused:
        printing.job_options(event=fixed, document="move_slips", options={})
    assert refused.value.code == "E_PRINT_DOCUMENT"


def test_a_move_slip_keeps_its_table_on_its_own_line_after_a_long_name(organizer):
    """A 1,000-player walk: after a name that wrapped, "table 150, South" sat on the next
    player's line, and the shift ran down the column."""
    event = _event(
        organizer, kind="individual_drive", movement_kind="winners_split", players=13, hands=8, per_round=4
    )
    long = event.entries.get(number=4).player
    long.name = "Wilhelmina Featherstonehaugh-Cholmondeley Knatchbull-Hugessen of Somewhere"
    long.save()
    pdf = printing.document_pdf(event=event, document="move_slips", options={})
    lines = []  # (height on the page, left, text) of each piece of text

    def seen(text, cm, tm, _font, _size):
        if text.strip():
            lines.append((round(cm[5] + tm[5] * cm[3]), round(cm[4] + tm[4] * cm[0]), text.strip()))

    PdfReader(io.BytesIO(pdf)).pages[0].extract_text(visitor_text=seen)
    at = {text: (y, x) for y, x, text in lines}
    seat_words = {"N": "North", "E": "East", "S": "South", "W": "West"}
    for number in (4, 5):  # the long name's slip and the one below it
        seat = event.seatings.get(round__number=1, entry__number=number)
        words = f"table {seat.table.number}, {seat_words[seat.seat]}" if seat.table else "sits out"
        y, x = at[str(number)]
        in_column = [(ty, tx) for ty, tx, text in lines if text == words and x < tx < x + 250]
        assert [ty for ty, _tx in in_column] == [y], (number, words, lines)


@pytest.mark.parametrize("document", ["cash_sheet", "results"])
def test_a_sheets_head_rule_runs_under_the_event_lines_not_through_them(individual, document):
    """A walk saw the rule under a sheet's title cross its date and venue line."""
    import pypdfium2

    scale = 2
    doc = pypdfium2.PdfDocument(printing.document_pdf(event=individual, document=document, options={}))
    try:
        page = doc[0]
        height = page.get_height()
        text = page.get_textpage()
        found = text.get_text_range().find(str(individual.date.year))
        assert found >= 0
        _left, bottom, _right, _top = text.get_charbox(found)  # the date line, in points from below
        image = page.render(scale=scale).to_pil().convert("L")
    finally:
        doc.close()
    width = image.width
    rule = next(  # the first row, from the top, dark across most of the page: the head's rule
        y for y in range(image.height // 3)
        if sum(image.getpixel((x, y)) < 100 for x in range(0, width, 4)) > 0.6 * width / 4
    )
    assert rule / scale > height - bottom  # the rule is below the lowest line of the head


def test_score_cards_of_rounds_not_seated_yet_leave_the_names_to_write_in(organizer):
    """The UK walk: in a progressive drive with a ghost seat, the cards of rounds 2 to 24
    (seated only as the evening goes) read "Ghost (dummy) & Ghost (dummy)"."""
    from tournaments.selectors.printing import print_document
    from tournaments.services.seating import event_odd_numbers_set

    club = ClubFactory(organizers=[organizer])
    event = event_create(
        club=club, name="Charity drive", date=dt.date(2026, 11, 29), kind="individual_drive",
        movement_kind="winners_split", hands=8, hands_per_round=4,
    )  # fmt: skip
    players_register(event_id=event.pk, names=[f"Name{i} Member" for i in range(1, 28)])
    event_odd_numbers_set(event_id=event.pk, choice="ghost")
    event_seat(event_id=event.pk)
    event.refresh_from_db()
    cards = print_document(event=event, document="score_cards", options={})["cards"]
    first = [c for c in cards if c["round"] == 1]
    later = [c for c in cards if c["round"] == 2]
    assert sum("Ghost" in c["ns"] + c["ew"] for c in first) == 1  # the one three-handed table
    assert later and all(c["ns"] == c["ew"] == "" for c in later)


def test_score_card_headings_break_between_words_not_inside_them(mitchell):
    """The Dutch walk: the headings read "Slagen N/ Z" and "Verzaking en"."""
    from django.utils import translation

    with translation.override("nl"):
        pdf = printing.document_pdf(event=mitchell, document="score_cards", options={"per_page": 4})
    head = pdf_pages(pdf)[0].split("Paraaf")[0]
    assert "Slagen N/Z Slagen O/W" in head
    assert "Verzaking en" not in head and "Verzakin\u2010 gen" in head  # hyphenated at a syllable


def test_no_trumps_is_written_as_the_print_language_writes_it(organizer):
    """A French walk: the movement cards said "NT" where the room writes "SA"."""
    event = _event(
        organizer, kind="individual_drive", movement_kind="individual", players=8, hands=4, per_round=1,
        trumps=["H", "NT", "D", "S"],
    )
    for language, mark in (("fr", "SA"), ("da", "UT"), ("en", "NT")):
        data = printing.document_data(
            event=event, document="movement_cards",
            options=printing.job_options(event=event, document="movement_cards", options={"language": language}),
        )
        hands = [hand for row in data["cards"][0]["rows"] for hand in row["hands"]]
        assert [hand["symbol"] for hand in hands] == ["♥", mark, "♦", "♠"], language
    text = "\n".join(pdf_pages(printing.document_pdf(event=event, document="movement_cards", options={"language": "fr"})))
    assert "SA" in text and "NT" not in text


def test_long_movement_cards_print_one_a_page_unless_four_are_asked_for(organizer):
    """A Danish walk: 40 deals and the usual choice answered "print one per page"."""
    event = _event(organizer, kind="individual_drive", movement_kind="individual", players=8, hands=40, per_round=4)
    usual = printing.job_options(event=event, document="movement_cards", options={})
    assert usual["per_page"] == 1
    with pytest.raises(DomainError) as err:
        printing.job_options(event=event, document="movement_cards", options={"per_page": 4})
    assert err.value.code == "E_PRINT_PER_PAGE" and "print one per page" in err.value.message
    # a card that runs onto a second page names its player there too (a loose sheet)
    pages = pdf_pages(printing.document_pdf(event=event, document="movement_cards", options={}))
    assert len(pages) == 16
    for number, (first, second) in enumerate(zip(pages[::2], pages[1::2], strict=True), start=1):
        assert first.startswith(f"Player {number} Name{number} Member")
        assert second.startswith(f"Player {number} Name{number} Member, continued")



def _cut_rows(event, document: str, rounds: int = 24) -> list:
    """The table rows of the first four-to-a-page sheet that end below their quarter's
    edge (the slot clips them: text extraction still finds them, a reader does not)."""
    import weasyprint

    opts = printing.job_options(event=event, document=document, options={"per_page": 4})
    data = printing.document_data(event=event, document=document, options=opts)
    html = printing.render_html(data=data, cards=data["cards"][:4], language=opts["language"])
    page = weasyprint.HTML(string=html).render(stylesheets=[printing._stylesheet(opts["paper"], 4)])
    cut, rows = [], 0

    def walk(box, edge):
        nonlocal rows
        element = getattr(box, "element", None)
        if element is not None and "slot" in (element.get("class") or "").split():
            edge = box.position_y + box.margin_height()
        if getattr(box, "element_tag", "") == "tr" and edge is not None:
            rows += 1
            if box.position_y + box.margin_height() > edge + 0.5:
                cut.append(rows)
        for child in getattr(box, "children", ()):
            walk(child, edge)

    walk(page.pages[0]._page_box, None)
    return cut + ["missing"] * (4 * (rounds + 1) - rows)  # a header and the rounds a card:
    # a row past the page's foot goes to a page of its own


def test_a_24_round_drive_fits_whole_on_four_table_cards_and_score_sheets_a_page(organizer):
    """A UK walk: at four to a page the table cards lost rounds 21-24 past the cut line, and
    the score sheets cut "6 Gwen Trelawney & 26 Norman Wisdom" to "6 Gwen Trela…", so the
    gent who moves each round never showed. Every round fits its quarter; each player of a
    side is on a line of their own, so both numbers show."""
    event = _event(organizer, kind="individual_drive", movement_kind="ladies_stay", players=28, hands=24, per_round=1)
    for document in ("table_cards", "score_cards"):
        assert _cut_rows(event, document) == [], document
    opts = printing.job_options(event=event, document="score_cards", options={"per_page": 4})
    data = printing.document_data(event=event, document="score_cards", options=opts)
    html = printing.render_html(data=data, cards=data["cards"][:1], language="en")
    at = {x.seat: x.entry.number for x in event.seatings.filter(round__number=1, table__number=1)}
    n, s = at["N"], at["S"]
    assert f'<td class="clip side"><span>{n} Name{n} Member</span><span>{s} Name{s} Member</span></td>' in html


def test_a_short_table_card_shows_whole_names_and_still_fits_its_quarter(organizer):
    """A Dutch walk: at four to a page "Kees van Leeuwen" read "Kees van …" (the surname
    lost after the tussenvoegsel), with half the card empty. A card of up to 8 rounds now
    wraps a long name at a space onto a second line (two at most); every row still ends in
    its quarter."""
    club = ClubFactory(organizers=[organizer])
    event = event_create(
        club=club, name="Clubavond", date=dt.date(2026, 9, 8), kind="individual_drive",
        movement_kind="individual", hands=8, hands_per_round=1, language="nl",
    )  # fmt: skip
    long = ("Anneke van den Berg-Jansen", "Cornelis van der Heijden", "Ineke De Vries-Bakker")
    names = [f"{long[i % 3]} {i}" for i in range(1, 21)]
    players_register(event_id=event.pk, names=names)
    event_seat(event_id=event.pk)
    event.refresh_from_db()
    assert _cut_rows(event, "table_cards", rounds=8) == []
    pdf = printing.document_pdf(event=event, document="table_cards", options={"per_page": 4})
    text = "\n".join(pdf_pages(pdf))
    assert "Rd." in text and "Rnd" not in text and "…" not in text
    assert "Heijden" in text and "Vries-Bakker" in text


def test_the_results_sheet_numbers_pairs_as_the_evening_did(mitchell):
    """A French walk: the results sheet's "No." read "3, 4", the players' numbers, where
    everyone had used the pair's number (2) all evening."""
    from tournaments.selectors.printing import print_document

    (sheet,) = print_document(event=mitchell, document="results", options={})["cards"]
    rows = [row for listed in sheet["lists"] for row in listed["rows"]]
    assert sorted(n for row in rows for n in row["numbers"]) == list(range(1, 11))


def test_a_ghost_opponent_is_named_on_the_movement_card(organizer):
    """A UK walk: beside the ghost a row read "with 7 · v 5", one opponent short; and the
    "Trump" heading broke as "Trum p". The ghost opposes them by name, the heading is whole."""
    from tournaments.selectors.printing import print_document
    from tournaments.services.seating import event_odd_numbers_set

    club = ClubFactory(organizers=[organizer])
    event = event_create(
        club=club, name="Charity drive", date=dt.date(2026, 11, 29), kind="individual_drive",
        movement_kind="ladies_stay", hands=24, hands_per_round=1,
    )  # fmt: skip  (24 rounds: the dense card, numbers only)
    players_register(event_id=event.pk, names=[f"Name{i} Member" for i in range(1, 28)])
    event_odd_numbers_set(event_id=event.pk, choice="ghost")
    event_seat(event_id=event.pk)
    event.refresh_from_db()
    cards = print_document(event=event, document="movement_cards", options={"per_page": 4})["cards"]
    rows = [r for c in cards for r in c["rows"] if r["table"] and len(r["opponent_nos"]) == 2]
    beside = [r for r in rows if "Ghost" in r["opponent_nos"]]
    assert beside and all(len(r["opponents"]) == 2 for r in beside)
    pdf = printing.document_pdf(event=event, document="movement_cards", options={"per_page": 4})
    text = "\n".join(pdf_pages(pdf))
    assert re.search(r"v \d+, Ghost", text) and "Trump" in text and "Trum\n" not in text


def test_four_score_pads_a_sheet_keep_their_signatures_on_the_card(organizer):
    """A German walk's pads (a long event name and a venue) lost their last lines and the
    signatures past the card's edge; German robber's pad spoke of honours it never scores."""
    import pypdfium2

    event = _event(organizer, kind="robber", movement_kind="round_robin", players=16, hands=10,
                   per_round=2, pairs=True, venue="Vereinsheim Köln-Süd",
                   rules={"preset": "german_robber"})
    event.name = "Robberabend der Whistfreunde Köln"
    event.save(update_fields=["name"])
    pdf = printing.document_pdf(event=event, document="score_pads", options={"per_page": 4})
    doc = pypdfium2.PdfDocument(pdf)
    try:
        page = doc[0]
        text = page.get_textpage()
        words = text.get_text_range()
        start = words.index("Signed E/W")
        bottom = min(text.get_charbox(start + k)[1] for k in range(len("Signed E/W")))
        assert bottom > page.get_height() / 2 + 6 * 2.83  # above the first card's bottom margin
    finally:
        doc.close()
    assert "above the line: penalties" in words and "honours" not in words
