"""Issue 17's club nights end to end through the organizer's pages (the Django test client):

- a UK charity drive: 27 players at 7 tables, one three-handed with the ghost (a dummy) that
  moves like a player, ladies' and gents' prizes, a raffle and entry fees, every round played
  in the organizer's grid, published, and the printed cash sheet read back as text;
- a Danish Es-makker evening: 10 players at two tables of five (the dealer sits out), settled
  at 50 øre a point, and the printed settlement sheet read back as text.
"""

from __future__ import annotations

import re

import pytest
from django.test import Client

from tests.services.organizer_helpers import make_event
from tests.services.test_esmakker_session import contract
from tests.views.test_prizes_money import pdf_text
from tournaments.models import Event, Seating, Table
from tournaments.selectors import standings
from tournaments.services import printing, results

pytestmark = pytest.mark.django_db

GHOST = "Ghost (dummy)"


@pytest.fixture
def client(organizer):
    c = Client()
    c.force_login(organizer)
    return c


def ok(response, *expected: str) -> str:
    """The page after a redirect, with the words expected on it."""
    assert response.status_code == 200, [
        m.strip() for m in re.findall(r"error[^>]*>([^<]+)", response.content.decode()) if m.strip()
    ]
    text = response.content.decode()
    for words in expected:
        assert words in text, words
    return text


def three_handed(event: Event, number: int) -> list[int]:
    counts: dict[int, int] = {}
    for s in Seating.objects.filter(round__event=event, round__number=number):
        assert s.table_id is not None, "nobody sits out with a ghost seat"
        counts[s.table_id] = counts.get(s.table_id, 0) + 1
    return [Table.objects.get(pk=t).number for t, n in counts.items() if n == 3]


def test_uk_charity_drive_with_a_ghost_seat_end_to_end(client, club):
    response = client.post(
        "/events/new/",
        {
            "club": club.pk,
            "name": "Charity drive",
            "date": "2026-12-04",
            "kind": "individual_drive",
        },
    )
    event = Event.objects.get(name="Charity drive")
    slug = event.slug
    assert response.url == f"/events/{slug}/players/"
    ok(
        client.post(
            f"/events/{slug}/",
            {
                "rounds": 6,
                "hands_per_round": 4,
                "trumps": "H C D S",
                "movement_kind": "winners_split",
            },
            follow=True,
        ),
        "6 rounds of 4 hands, 24 hands in all.",
    )
    roster = "\n".join(
        f"{'Mrs' if i % 2 else 'Mr'} Player {i}, , {'lady' if i % 2 else 'gent'}"
        for i in range(1, 28)
    )  # 14 ladies, 13 gents
    client.post(f"/events/{slug}/players/", {"text": roster, "confirm": "1"})
    assert event.entries.count() == 27
    ok(client.get(f"/events/{slug}/players/"), "27 players:", "3 sit out each round.")

    seating_page = ok(client.get(f"/events/{slug}/seating/"), 'name="ghost_partner"')
    assert 'value="ghost"' in seating_page
    ok(
        client.post(
            f"/events/{slug}/odd-numbers/",
            {"choice": "ghost", "ghost_partner": "tricks"},
            follow=True,
        ),
        "Saved: how odd numbers are seated.",
    )
    ok(
        client.post(f"/events/{slug}/do/seat/", follow=True),
        "Seating drawn: 7 tables, 0 sitting out each round, 6 rounds. "
        "1 table plays three-handed with the ghost.",
    )
    ok(client.get(f"/events/{slug}/players/"), "1 table plays three-handed with the ghost.")
    plan = ok(client.get(f"/events/{slug}/seating/"), GHOST)
    assert plan.count(GHOST) == 1 and "Sitting out:" not in plan
    client.post(f"/events/{slug}/do/start/")
    event.refresh_from_db()
    assert event.status == "running" and event.tables.count() == 7

    moved_to = []
    for number in range(1, 7):
        ok(client.post(f"/events/{slug}/rounds/{number}/open/", follow=True))
        (ghost_table,) = three_handed(event, number)
        moved_to.append(ghost_table)
        round_page = ok(client.get(f"/events/{slug}/rounds/{number}/"), GHOST)
        assert round_page.count(GHOST) == 1
        table = event.tables.get(number=ghost_table)
        ok(client.get(f"/t/{table.token}/"), GHOST)  # its table page names the ghost
        cells = {}
        for table in range(1, 8):
            for hand in range((number - 1) * 4 + 1, number * 4 + 1):
                cells[f"c{table}_{hand}_tricks_ns"] = str((table * 3 + hand * 5) % 14)
                cells[f"c{table}_{hand}_v"] = "0"
        ok(
            client.post(f"/events/{slug}/rounds/{number}/grid/", cells, follow=True),
            "Saved 28 results",
        )
        ok(client.post(f"/events/{slug}/rounds/{number}/close/", follow=True))
    assert len(set(moved_to)) > 1, "the ghost moves like a player"

    ok(
        client.post(
            f"/events/{slug}/prizes/",
            {
                "places": "2",
                "categories": "role",
                "booby": "on",
                "no_double": "on",
                "ties": "share",
            },
            follow=True,
        ),
        "Prize settings saved.",
    )
    ok(
        client.post(
            f"/events/{slug}/money/",
            {
                "currency": "GBP",
                "entry_fee": "2.50",
                "entries_full": "23",
                "concession_fee": "2.00",
                "entries_concession": "4",
                "raffle": "38.00",
                "prizes_cash": "30",
                "prizes_kind": "15",
                "hall_hire": "20",
                "beneficiary": "St Luke's Hospice",
            },
            follow=True,
        ),
        "Net for St Luke&#x27;s Hospice: £38.50",
    )
    client.post(f"/events/{slug}/do/finish/")
    asked = ok(client.post(f"/events/{slug}/do/publish/"))  # the confirmation page...
    assert "Publish" in asked
    # ...reloaded (or the Back button) asked the same address by GET: a blank 405 page
    again = client.get(f"/events/{slug}/do/publish/", follow=True)
    assert again.redirect_chain == [(f"/events/{slug}/", 302)] and again.status_code == 200
    assert Event.objects.get(pk=event.pk).status == "finished"  # nothing done by a GET
    ok(
        client.post(f"/events/{slug}/do/publish/", {"confirmed": "1"}, follow=True),
        "Results published",
    )
    event.refresh_from_db()
    assert event.status == "published"

    result = standings.event_standings(event=event)
    rows = result["standings"]
    assert len(rows) == 27 and all(r["sat_out"] == 0 for r in rows)  # nobody idle, no ghost
    assert {r["played"] for r in rows} == {24}
    public = ok(client.get(f"/e/{slug}/"))
    assert ok(client.get(f"/e/{slug}/rounds/")).count(GHOST) == 6  # a ghost each round
    assert "Ghost" not in public.split('class="grid standings"')[1].split("</table>")[0]
    lists = {p["label"]: [w["name"] for w in p["winners"]] for p in result["prizes"]}
    assert {"Ladies: 1st", "Ladies: 2nd", "Gents: 1st", "Gents: 2nd"} <= set(lists)
    ladies = {r["name"] for r in rows if r["name"].startswith("Mrs")}
    assert set(lists["Ladies: 1st"] + lists["Ladies: 2nd"]) <= ladies
    assert not set(lists["Gents: 1st"] + lists["Gents: 2nd"]) & ladies

    assert client.get(f"/print/{slug}/cash_sheet/").status_code == 200
    sheet = pdf_text(printing.document_pdf(event=event, document="cash_sheet", options={}))
    for label in ("Ladies: 1st", "Ladies: 2nd", "Gents: 1st", "Gents: 2nd", "1st", "Booby prize"):
        winners = ", ".join(lists[label])
        assert re.search(rf"(^|\n){re.escape(label)}\s+{re.escape(winners)}", sheet), (label, sheet)
    assert "Raffle £38.00" in sheet
    assert "Entries: 23 at the full fee £57.50" in sheet
    assert "Net for St Luke's Hospice: £38.50" in sheet
    assert GHOST not in sheet


def test_danish_es_makker_tables_of_five_settled_in_ore(client, club):
    event = make_event(
        players=10, club=club, kind="esmakker", hands=5, hands_per_round=5, language="da"
    )
    slug = event.slug
    ok(
        client.post(f"/events/{slug}/odd-numbers/", {"choice": "fives"}, follow=True),
        "Saved: how odd numbers are seated.",
    )
    client.post(f"/events/{slug}/do/seat/")
    client.post(f"/events/{slug}/do/start/")
    client.post(f"/events/{slug}/rounds/1/open/")
    rnd = event.rounds.get(number=1)
    for table in event.tables.order_by("number"):
        seats = {
            s.seat: str(s.entry.number)
            for s in Seating.objects.filter(round=rnd, table=table).select_related("entry")
        }
        assert sorted(seats) == list("ENSWX")  # five at each table
        five = [seats[s] for s in "NESWX"]
        for hand in rnd.hands.order_by("number"):
            dealer = five[(hand.number - 1) % 5]  # deals and sits out the hand
            playing = [p for p in five if p != dealer]
            data = {
                "dealer": dealer,
                **contract(
                    playing[0],
                    "8",
                    9 + hand.number % 3,
                    partner=playing[1],
                    trump="hearts",
                    partner_ace="spades",
                    kitty_exchanged=3,
                ),
            }
            results.result_submit(table=table, hand=hand, data=data)
            results.result_confirm(table=table, hand=hand)
    ok(client.post(f"/events/{slug}/rounds/1/close/", follow=True))
    client.post(f"/events/{slug}/do/finish/")
    response = client.post(
        f"/events/{slug}/money/", {"currency": "DKK", "stake_per_point": "0.50"}, follow=True
    )
    settlement = response.context["settlement"]
    assert len(settlement["players"]) == 10
    assert sum(p["amount"] for p in settlement["players"]) == 0
    event = Event.objects.get(pk=event.pk)
    assert event.money["stake_per_point"] == 50  # øre
    assert client.get(f"/print/{slug}/settlement/").status_code == 200
    sheet = pdf_text(printing.document_pdf(event=event, document="settlement", options={}))
    assert "0,50 kr." in sheet
    for p in settlement["players"]:  # each player's points and money, a line each
        assert p["amount"] == p["points"] * 50
        kroner = f"{abs(p['amount']) // 100},{abs(p['amount']) % 100:02d} kr."
        assert re.search(rf"{p['name']} {p['points']} [-−]?{re.escape(kroner)}", sheet), p
    for t in settlement["transfers"]:
        kroner = f"{t['amount'] // 100},{t['amount'] % 100:02d}"
        assert re.search(rf"{t['from']}\s+{t['to']}\s+{kroner}\s*kr\.", sheet), sheet


def test_an_es_makker_table_of_five_enters_by_phone_and_grid_and_prints_its_cards(client, club):
    """A Danish walk: a five-table phone refused a hand with only the dealer given, "pas" was
    not a call, the grid could save nothing (every untouched bid read "7"), and the movement
    cards answered 500 at the fifth seat."""
    event = make_event(
        players=10, club=club, kind="esmakker", hands=4, hands_per_round=2, language="da"
    )
    slug = event.slug
    client.post(f"/events/{slug}/odd-numbers/", {"choice": "fives"})
    client.post(f"/events/{slug}/do/seat/")
    client.post(f"/events/{slug}/do/start/")
    client.post(f"/events/{slug}/rounds/1/open/")
    rnd = event.rounds.get(number=1)
    tables = list(event.tables.order_by("number"))
    seats = {
        t.number: {s.seat: str(s.entry.number) for s in Seating.objects.filter(round=rnd, table=t)}
        for t in tables
    }
    p = seats[1]
    hand = {
        "declarer": p["E"], "bid": "8", "trump": "hearts", "partner_ace": "spades",
        "partner": p["S"], "kitty_exchanged": "3", "tricks": "10",
    }
    phone = client.post(f"/t/{tables[0].token}/hands/1/", {**hand, "dealer": p["N"]})
    assert phone.status_code == 302, phone.content.decode()[:3000]
    auction = {"dealer": p["W"], "auction": "8, pas, pas, pas", "declarer": p["X"]}
    second = client.post(f"/t/{tables[0].token}/hands/2/", {**hand, **auction})
    assert second.status_code == 302, second.content.decode()[:3000]
    stored = {r.hand.number: r.data for r in event.results.filter(table=tables[0])}
    assert stored[1]["dealer"] == p["N"] and "auction" not in stored[1]
    assert stored[2]["auction"] == ["8", "pas", "pas", "pas"]

    q = seats[2]  # the grid: table 2's first hand typed, everything else left untouched
    cell = {"declarer": q["N"], "bid": "8", "trump": "hearts", "partner_ace": "spades",
            "partner": q["S"], "kitty_exchanged": "3", "tricks": "9", "dealer": q["X"]}
    grid = client.get(f"/events/{slug}/rounds/1/grid/").content.decode()
    assert 'name="c2_1_bid"' in grid and '<option value="" selected>' in grid.split('name="c2_1_bid"')[1][:200]
    posted = {f"c2_1_{k}": v for k, v in cell.items()}
    saved = ok(client.post(f"/events/{slug}/rounds/1/grid/", posted, follow=True))
    assert event.results.filter(table=tables[1], hand__number=1).exists(), saved[:3000]
    # a screen reader hears which cell a link belongs to, not "history (v1)" eight times
    grid = client.get(f"/events/{slug}/rounds/1/grid/").content.decode()
    assert 'history (v1)<span class="visually-hidden"> (table 2, hand 1)</span></a>' in grid
    assert not event.results.filter(table=tables[1], hand__number=2).exists()

    for per_page in (1, 4):
        page = client.get(f"/print/{slug}/movement_cards/?per_page={per_page}")
        assert page.status_code == 200
    event.refresh_from_db()
    options = printing.job_options(event=event, document="movement_cards", options={"language": "en"})
    cards = printing.document_data(event=event, document="movement_cards", options=options)["cards"]
    card = next(c for c in cards if str(c["number"]) == p["X"])
    row = card["rows"][0]  # no partner by seat: the four others at the table, by number
    assert row["seat_label"] == "5th" and row["opponents"] == []
    assert sorted(row["partner_no"].split(", ")) == sorted(p[s] for s in "NESW")
    pdf = printing.document_pdf(
        event=event, document="movement_cards", options={"per_page": 1, "language": "en"}
    )
    text = pdf_text(pdf)
    names = [row["partner"], *row["also"]]
    assert len(names) == 4 and f"with {names[0]}" in text
    assert all(f"& {name}" in text for name in names[1:]), text
    options = printing.job_options(event=event, document="table_cards", options={"language": "en"})
    table_cards = printing.document_data(event=event, document="table_cards", options=options)
    first = table_cards["cards"][0]  # the fifth player has a column on the table card too
    assert first["fifth"] and first["rounds"][0]["seats"]["X"].startswith(f"{p['X']} ")
    html = client.get(f"/print/{slug}/table_cards/").content.decode()
    assert ">5.</th>" in html  # the event's Danish
