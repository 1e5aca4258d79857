"""Movement cards drawn with ReportLab look like the WeasyPrint card of the same data,
carry a QR code of the player's page, and a job computes its data once.

The look is checked by pixels: one card rendered both ways and blurred a little
(anti-aliasing and sub-point glyph placement differ between the two engines) may differ
clearly in under 0.05 % of its pixels, and by less than another player's card (other
names, other tables) differs from it.
"""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops, ImageFilter
from pypdf import PdfReader

from tests.factories import UserFactory
from tests.printing.test_printing import _event
from tournaments.models import PrintJob
from tournaments.services import printing

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_process_printing")]
SCALE = 2  # pixels per point


def seated(*, kind="individual_drive", movement_kind="individual", players=12, hands=6, per_round=1,
           **fields):
    return _event(UserFactory(), kind=kind, movement_kind=movement_kind, players=players,
                  hands=hands, per_round=per_round, **fields)


def data_of(event, per_page=4) -> dict:
    opts = printing.job_options(event=event, document="movement_cards", options={"per_page": per_page})
    return printing.document_data(event=event, document="movement_cards", options=opts)


def first_page(pdf: bytes, box=None) -> Image.Image:
    import pypdfium2

    doc = pypdfium2.PdfDocument(pdf)
    try:
        image = doc[0].render(scale=SCALE).to_pil().convert("L")
    finally:
        doc.close()
    return image.crop(box) if box else image


def difference(a: Image.Image, b: Image.Image) -> float:
    """Pixels per 10,000 whose grey differs by more than a quarter of the range, after a
    blur of a point: sub-point shifts of a glyph stay under it, a different glyph does not."""
    blur = ImageFilter.GaussianBlur(SCALE)
    counts = ImageChops.difference(a.filter(blur), b.filter(blur)).histogram()
    return sum(counts[64:]) / sum(counts) * 1e4


@pytest.mark.parametrize(
    ("shape", "per_page"),
    [
        ({}, 4),  # names, partner and opponents in lines
        ({"kind": "pairs_drive", "movement_kind": "mitchell", "players": 20, "hands": 10,
          "per_round": 2, "pairs": True, "venue": "Village hall"}, 4),
        ({"movement_kind": "winners_split", "players": 13, "hands": 8, "per_round": 4}, 4),
        ({"players": 16, "hands": 20}, 4),  # dense: 20 rows on a quarter sheet
        ({"players": 8, "hands": 6, "per_round": 2}, 1),
    ],
    ids=["individual", "mitchell", "progressive", "dense", "one-per-page"],
)
def test_a_drawn_card_looks_like_the_weasyprint_card(shape, per_page):
    data = data_of(seated(**shape), per_page)
    first, other = data["cards"][0], data["cards"][1]
    page = first_page(printing.render_weasyprint(data=data, cards=[first], language="en"))
    box = (0, 0, page.width // 2, page.height // 2) if per_page == 4 else None
    weasy = page.crop(box) if box else page
    drawn = first_page(printing.render_pdf(data=data, cards=[first], language="en"), box)
    wrong = first_page(printing.render_weasyprint(data=data, cards=[other], language="en"), box)
    assert drawn.size == weasy.size
    same, unlike = difference(drawn, weasy), difference(wrong, weasy)
    assert same < 5, same  # under 0.05 % of the card
    assert unlike > same  # and another player's card is further off


def test_a_drawn_card_has_the_players_link_as_a_qr_code_and_its_words_in_the_events_language():
    import zxingcpp

    event = seated()
    data = data_of(event)
    pdf = printing.render_pdf(data=data, cards=data["cards"][:4], language="nl")
    import pypdfium2

    doc = pypdfium2.PdfDocument(pdf)
    image = doc[0].render(scale=6).to_pil()
    doc.close()
    found = sorted(r.text for r in zxingcpp.read_barcodes(image))
    assert found == sorted(card["link"] for card in data["cards"][:4])
    text = PdfReader(io.BytesIO(pdf)).pages[0].extract_text()
    assert "Speler 1 Name1 Member" in text and data["event"]["name"] in text
    assert "Tafel" in text and "Troef" in text and "Table" not in text


def test_progressive_cards_show_the_rule_and_who_sits_out():
    event = seated(movement_kind="winners_split", players=13, hands=8, per_round=4)
    data = data_of(event)
    resting = next(c for c in data["cards"] if any(r["sit_out"] for r in c["rows"]))
    text = PdfReader(io.BytesIO(printing.render_pdf(data=data, cards=[resting], language="en"))).pages[0].extract_text()
    assert "Winners split: the winning lady moves up a table" in text
    # "lady" is a seat role, whoever registered as what: the card says which seats
    assert "The lady is whoever sits N or E, the gent S or W." in " ".join(text.split())
    assert "sits out" in text


def test_dense_cards_name_the_partner_and_opponents_by_number():
    data = data_of(seated(players=16, hands=20))
    card = data["cards"][0]
    assert card["rows"][0]["partner_no"]
    text = PdfReader(io.BytesIO(printing.render_pdf(data=data, cards=[card], language="en"))).pages[0].extract_text()
    row = card["rows"][0]
    opponents = ", ".join(str(n) for n in row["opponent_nos"])
    assert f"with {row['partner_no']} · v {opponents}" in text


def test_a_job_computes_its_data_once_and_cleans_up_its_parts(
    monkeypatch, django_capture_on_commit_callbacks, django_assert_max_num_queries, settings, tmp_path
):
    event = seated(players=40, hands=4)
    monkeypatch.setattr(printing, "CHUNK", 8)  # 40 cards: 5 chunks
    computed = []
    real = printing.document_data
    monkeypatch.setattr(printing, "document_data", lambda **kw: computed.append(1) or real(**kw))
    job = printing.print_job_request(event=event, document="movement_cards", options={})
    assert computed == [1]
    with django_assert_max_num_queries(6):  # per chunk, whatever the card count
        printing.print_job_render(job_id=job.pk, index=3)
    job.refresh_from_db()
    assert (job.status, job.rendered) == ("running", 8)
    with django_capture_on_commit_callbacks(execute=True):  # the Retry button: every chunk again
        PrintJob.objects.filter(pk=job.pk).update(status="failed")
        job = printing.print_job_request(event=event, document="movement_cards", options={})
    job.refresh_from_db()
    assert (job.status, job.rendered, job.total) == ("done", 40, 40)
    assert computed == [1, 1]  # once per request, never per chunk
    assert len(PdfReader(job.file.path).pages) == 10
    assert not list((tmp_path / "media" / "print" / "parts").iterdir())


def test_progressive_cards_show_the_table_plans_seat_letters_in_dutch_both_ways():
    """The seat column says O, Z for East, South in Dutch (N/O/Z/W, as the table plan), not E, S."""
    event = seated(movement_kind="winners_split", players=13, hands=8, per_round=4)
    opts = printing.job_options(
        event=event, document="movement_cards", options={"per_page": 4, "language": "nl"}
    )
    data = printing.document_data(event=event, document="movement_cards", options=opts)
    seats = {r["seat"] for c in data["cards"] for r in c["rows"] if r["table"] is not None}
    assert seats == {"N", "O", "Z", "W"}
    east = next(c for c in data["cards"] if c["rows"][0]["seat"] == "O")
    page = first_page(printing.render_weasyprint(data=data, cards=[east], language="nl"))
    box = (0, 0, page.width // 2, page.height // 2)
    drawn = first_page(printing.render_pdf(data=data, cards=[east], language="nl"), box)
    assert difference(drawn, page.crop(box)) < 5  # the ReportLab card draws the same letter



@pytest.mark.parametrize(
    ("shape", "line"),
    [
        ({}, "You keep one seat all evening: the others come to you."),
        ({"kind": "pairs_drive", "movement_kind": "mitchell", "players": 20, "hands": 10, "per_round": 2,
          "pairs": True}, "Your pair keeps one table and side all evening: the others come to you."),
    ],
    ids=["individual", "mitchell"],
)
def test_a_printed_card_says_its_player_keeps_one_seat_as_the_page_does(shape, line):
    from django.utils import translation

    from tournaments.models import Entry
    from tournaments.services.seating import event_redraw

    event = seated(**shape)
    Entry.objects.filter(event=event, number=2).update(stationary=True)
    event_redraw(event_id=event.pk)  # the organizer marks, then draws the seats again
    event.refresh_from_db()
    data = data_of(event)
    mine = next(c for c in data["cards"] if c["stationary"])
    other = next(c for c in data["cards"] if not c["stationary"])

    def words(card, language="en") -> str:
        pdf = printing.render_pdf(data=data, cards=[card], language=language)
        return " ".join(PdfReader(io.BytesIO(pdf)).pages[0].extract_text().split())

    assert line in words(mine) and line not in words(other)
    with translation.override("nl"):
        dutch = translation.gettext(line)
    assert dutch != line and dutch in words(mine, "nl")
    page = first_page(printing.render_weasyprint(data=data, cards=[mine], language="en"))
    box = (0, 0, page.width // 2, page.height // 2)
    drawn = first_page(printing.render_pdf(data=data, cards=[mine], language="en"), box)
    assert difference(drawn, page.crop(box)) < 5  # the note's box where the page has it


def test_a_pairs_card_names_the_pair_and_its_opponents_in_full_and_looks_like_the_page():
    """A walk of a Dutch club night found "Paar 1 Anneke de Vries & Jan…", opponents cut at
    the cell's edge with three empty hand rows below, and "Slage/n" in the head."""
    from tournaments.models import Pair

    event = seated(kind="pairs_drive", movement_kind="mitchell", players=20, hands=20, per_round=4,
                   pairs=True, venue="Dorpshuis De Linde")
    for pair in Pair.objects.filter(event=event):
        Pair.objects.filter(pk=pair.pk).update(name=f"Anneke de Vries-{pair.number} & Jan van den Berg")
    data = data_of(event)
    card = data["cards"][0]
    pdf = printing.render_pdf(data=data, cards=[card], language="nl")
    text = " ".join(PdfReader(io.BytesIO(pdf)).pages[0].extract_text().split())
    assert f"Paar {card['label']}" in text and "…" not in text
    assert all(o in text for row in card["rows"] for o in row["opponents"])
    assert "Slagen" in text
    page = first_page(printing.render_weasyprint(data=data, cards=[card], language="nl"))
    box = (0, 0, page.width // 2, page.height // 2)
    assert difference(first_page(pdf, box), page.crop(box)) < 5
    # the card leads to its pair's page, as a player's card does (it had no link at all)
    import pypdfium2
    import zxingcpp
    from django.test import Client

    doc = pypdfium2.PdfDocument(pdf)
    found = [r.text for r in zxingcpp.read_barcodes(doc[0].render(scale=6).to_pil())]
    doc.close()
    assert found == [card["link"]] and "Mijn pagina" not in text
    phone = Client().get(card["link"].removeprefix("https://club.example"), follow=True)
    assert phone.status_code == 200 and "Partner: 2 Name2 Member" in phone.content.decode()


def test_a_bid_whist_card_has_columns_for_the_bid_and_the_points():
    """A US night's cards had a drive's "Trump" and "Tricks" (the head wrapping "Trum/p")."""
    event = seated(kind="bidwhist", movement_kind="round_robin", players=8, hands=6, per_round=2, pairs=True)
    data = data_of(event)
    for language, words in (("en", ("Bid", "Points")), ("fr", ("Ench.", "Points")), ("da", ("Bud", "Point"))):
        pdf = printing.render_pdf(data=data, cards=data["cards"][:1], language=language)
        text = PdfReader(io.BytesIO(pdf)).pages[0].extract_text()
        assert all(word in text for word in words) and not {"Trump", "Atout", "Trumf"} & set(text.split())
    html = printing.render_html(data=data, cards=data["cards"][:1], language="en")
    assert '<th class="c">Bid</th><th class="c">Points</th>' in html


def _under_the_date(pdf: bytes, date: str) -> float:
    """Points from the date's lowest glyph down to the top of the head's rule (the first
    row of the page dark across most of a card), negative when the rule runs through it."""
    import pypdfium2

    doc = pypdfium2.PdfDocument(pdf)
    try:
        page = doc[0]
        text_page = page.get_textpage()
        text = text_page.get_text_range()
        start = text.index(date)
        glyphs = [text_page.get_charbox(start + k) for k in range(len(date)) if date[k] != " "]
        date_foot = page.get_height() - min(box[1] for box in glyphs)
        image = page.render(scale=SCALE).to_pil().convert("L")
    finally:
        doc.close()
    half = image.width // 2
    rule = next(
        y for y in range(image.height)
        if sum(image.getpixel((x, y)) < 128 for x in range(half)) > 0.8 * half
    )
    return rule / SCALE - date_foot


def test_a_french_card_keeps_its_heads_whole_and_the_date_above_the_rule():
    """The date (the event's second line) sat on the head's rule, struck through, and
    "Donne" and "Partenaire" broke mid-word ("Donn/e", "Partenai/re") in French."""
    fixed = data_of(seated(players=16, hands=8))
    progressive = data_of(seated(movement_kind="winners_split", players=16, hands=8, per_round=4))
    for data in (fixed, progressive):
        for render in (printing.render_pdf, printing.render_weasyprint):
            pdf = render(data=data, cards=data["cards"][:1], language="fr")
            assert _under_the_date(pdf, "November 2026") > 0, render
            words = PdfReader(io.BytesIO(pdf)).pages[0].extract_text().split()
            assert "Donne" in words and "Donn" not in words
            if data is progressive:
                assert "Part." in words and "Partenai" not in words


def test_a_head_too_long_for_its_column_is_set_smaller_not_broken():
    """A German night's pairs cards headed the trump column "Trump" / "f"."""
    event = seated(kind="pairs_drive", movement_kind="mitchell", players=16, hands=8, per_round=2,
                   pairs=True)
    opts = printing.job_options(event=event, document="movement_cards", options={"language": "de"})
    data = printing.document_data(event=event, document="movement_cards", options=opts)
    pdf = printing.render_pdf(data=data, cards=data["cards"][:1], language="de")
    words = PdfReader(io.BytesIO(pdf)).pages[0].extract_text().split()
    assert {"Trumpf", "Stiche", "Gesamt", "Gegner"} <= set(words) and "Trump" not in words


def test_a_robber_card_has_a_line_a_rubber_for_its_games_and_net_points():
    """A German robber walk's cards had a drive's Trump, Tricks and Total for hands 1 to 42."""
    event = seated(kind="robber", movement_kind="round_robin", players=16, hands=14, per_round=2,
                   pairs=True)
    data = data_of(event)
    card = data["cards"][0]
    assert [row["hands"][0]["number"] for row in card["rows"]] == [
        f"{2 * r - 1}–{2 * r}" for r in range(1, 8)
    ]
    for render in (printing.render_pdf, printing.render_weasyprint):
        pdf = render(data=data, cards=[card], language="en")
        words = PdfReader(io.BytesIO(pdf)).pages[0].extract_text().split()
        assert {"Games", "Net", "Total", "13–14"} <= set(words), render
        assert not {"Trump", "Tricks"} & set(words), render
