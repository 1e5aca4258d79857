"""Ladies' and gents' prizes only (no overall places), as many UK charity drives give them:
set on the prizes page, then read on the organizer's page, the public page, the projector's
prize-giving and the printed sheets."""

from __future__ import annotations

import re

import pytest

from tests.factories import ClubFactory
from tests.services.organizer_helpers import confirm, make_event
from tests.views.test_prizes_money import pdf_text, running
from tournaments.selectors.standings import event_standings
from tournaments.services import events, printing, rounds
from tournaments.services.screen import screen_reveal

pytestmark = pytest.mark.django_db

ROLES_ONLY = {"places": "2", "categories": "role_only", "booby": "on", "ties": "share"}


def prize_lines(html: str, start: str, end: str) -> list[tuple[str, str]]:
    """(label, winners) of each prize line a person reads between two marks of a page."""
    part = html.split(start, 1)[1].split(end, 1)[0]
    return [
        (label, re.sub(r"<[^>]+>", "", re.sub(r"<span.*?</span>", "", rest)).lstrip(":").strip())
        for label, rest in re.findall(r"<li><strong>(.*?)</strong>(.*?)</li>", part, flags=re.S)
    ]


@pytest.fixture
def drive(organizer):
    """A finished 16-player drive with roles, two hands: the best lady is 4th overall."""
    club = ClubFactory(name="Littleton WI", organizers=[organizer])
    event = running(make_event(players=16, club=club, hands=2, roles=["lady", "gent"] * 8))
    for hand, tricks in ((1, {1: 13, 2: 10, 3: 8, 4: 6}), (2, {1: 12, 2: 9, 3: 7, 4: 5})):
        confirm(event, hand, tricks)
        rounds.round_close(event_id=event.pk, round_number=hand)
        if hand == 1:
            rounds.round_open(event_id=event.pk)
    events.event_finish(event_id=event.pk)
    return event


def best(event, role: str) -> str:
    return next(r["name"] for r in event_standings(event=event)["standings"] if r["role"] == role)


@pytest.mark.parametrize("no_double", [False, True])
def test_ladies_and_gents_prizes_only(organizer_client, drive, no_double):
    client, page = organizer_client, f"/events/{drive.slug}/prizes/"
    assert "ladies&#x27; and gents&#x27; prizes only" in client.get(page).content.decode()
    settings = {**ROLES_ONLY, **({"no_double": "on"} if no_double else {})}
    assert client.post(page, settings).status_code == 302
    drive.refresh_from_db()
    lady, gent = best(drive, "lady"), best(drive, "gent")  # she is 4th of the 16

    lines = prize_lines(client.get(page).content.decode(), 'data-testid="prize-list"', "</ul>")
    labels = [label for label, _names in lines]
    assert labels == ["Ladies: 1st", "Gents: 1st", "Ladies: 2nd", "Gents: 2nd", "Booby prize"]
    assert lines[0] == ("Ladies: 1st", lady) and lines[1] == ("Gents: 1st", gent)
    names = [name for _label, names in lines for name in names.split(", ")]
    assert len(names) == len(set(names))  # nobody is listed twice

    screen_reveal(event_id=drive.pk, action="start")
    projector = f"/e/{drive.slug}/projector/"
    shown = []
    for _ in labels:
        screen_reveal(event_id=drive.pk, action="next")
        html = client.get(projector).content.decode()
        shown.append(re.search(r'class="reveal-label">(.*?)<', html).group(1))
    # from the booby up, place by place: the 1st lady last
    assert shown == ["Booby prize", "Gents: 2nd", "Ladies: 2nd", "Gents: 1st", "Ladies: 1st"]

    screen_reveal(event_id=drive.pk, action="end")
    public = client.get(f"/e/{drive.slug}/").content.decode()
    assert prize_lines(public, 'class="prizes"', "</section>") == lines
    assert public.index(">Ladies</h2>") < public.index("All players (no overall prizes)")
    sheet = pdf_text(printing.document_pdf(event=drive, document="cash_sheet", options={}))
    assert f"\nLadies: 1st {lady}\nGents: 1st {gent}\n" in sheet
    assert not re.search(r"^(1st|2nd) ", sheet, flags=re.M)  # no overall place
    results = pdf_text(printing.document_pdf(event=drive, document="results", options={}))
    # the printed results as the public page has them: the two lists, then everybody
    assert results.index("\nLadies\n") < results.index("\nGents\n")
    assert results.index("\nGents\n") < results.index("All players (no overall prizes)")
    assert re.search(rf"^1 \d+ {re.escape(lady)} ", results, flags=re.M)  # 1st of her list


def test_the_projector_at_the_end_shows_the_prizes_first_then_the_ladies_and_gents_lists(
    organizer_client, drive
):
    organizer_client.post(f"/events/{drive.slug}/prizes/", ROLES_ONLY)
    screen_reveal(event_id=drive.pk, action="end")
    html = organizer_client.get(f"/e/{drive.slug}/projector/").content.decode()
    assert html.index('id="prizes-h"') < html.index('class="cell list-head">Ladies<')
    ladies = html.split('class="cell list-head">Ladies<', 1)[1].split('list-head">Gents<', 1)[0]
    gents = html.split('class="cell list-head">Gents<', 1)[1].split("</ol>", 1)[0]
    positions = re.compile(r'class="pos">=?(\d+)\*?<')  # "*": placed by the tie-break
    assert positions.findall(ladies)[:2] == ["1", "2"] and len(positions.findall(ladies)) == 8
    assert positions.findall(gents)[:2] == ["1", "2"] and len(positions.findall(gents)) == 8
    assert best(drive, "lady") in ladies.split("</li>", 1)[0] + ladies.split("</li>", 2)[1]


@pytest.mark.parametrize("apart", [False, True])
def test_a_half_time_prize_apart_lets_its_winner_take_an_end_prize_too(
    organizer_client, drive, apart
):
    settings = {**ROLES_ONLY, "half_time": "on", "no_double": "on"}
    if apart:
        settings["half_time_apart"] = "on"
    page = f"/events/{drive.slug}/prizes/"
    assert "The half-time winner may also win a prize at the end" in (
        organizer_client.get(page).content.decode()
    )
    assert organizer_client.post(page, settings).status_code == 302
    drive.refresh_from_db()
    prizes = event_standings(event=drive)["prizes"]
    half = {w["key"] for p in prizes if p["code"] == "half_time" for w in p["winners"]}
    placed = {w["key"] for p in prizes if p["code"].startswith("category:") for w in p["winners"]}
    assert len(half) == 2  # level after hand 1: the 1st lady and the 2nd gent at the end
    assert (half <= placed) is apart and (half & placed == set()) is not apart
    notes = " ".join(p["reason"] for p in prizes)
    assert ("has another prize" in notes) is not apart


def test_players_level_on_tricks_but_placed_apart_are_marked_for_the_phone(client, drive):
    """P12 and P1 both took 17 tricks; the second half put P12 ahead. On a phone the
    tie-break columns do not fit, so the places carry a mark and the list says why."""
    screen_reveal(event_id=drive.pk, action="end")
    page = client.get(f"/e/{drive.slug}/").content.decode()
    marked = re.findall(r'<td class="num">(\d+)<abbr class="split"[^>]*>\*</abbr></td>\s*<td class="name"><a[^>]*>(P\d+)<', page)
    assert ("3", "P12") in marked and ("4", "P1") in marked
    assert ("1", "P2") not in marked  # 22 tricks, alone
    assert "* Level on the score with the row next to it: placed by the tie-break." in page


def test_the_printed_results_sheet_marks_the_tie_break_too(drive):
    """A Dutch walk: the pinned-up results read 3 and 4 on 17 tricks each with no mark,
    where the public page marks them: the sheet carries the mark and the note."""
    pdf = printing.document_pdf(event=drive, document="results", options={})
    text = pdf_text(pdf)
    assert re.search(r"^3\* 12 P12 17$", text, re.M) and re.search(r"^4\* 1 P1 17$", text, re.M)
    assert "* Level on the score with the row next to it: placed by the tie-break." in text
