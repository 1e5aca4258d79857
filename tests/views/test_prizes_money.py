"""Prizes and money through the organizer's pages: a UK charity drive (ladies' and gents'
prizes, raffle, cash sheet) and a Danish Es-makker evening settled in øre.

Play itself goes through the services (as the round tests do); the prize setup, the draw,
the money and the printed sheets go through the pages and the print machinery, and the
PDFs are read back as text.
"""

from __future__ import annotations

import html
import io
import re

import pytest
from pypdf import PdfReader

from tests.factories import ClubFactory
from tests.scoring.test_settlement_and_draw import fewest_transfers
from tests.services.organizer_helpers import confirm, make_event
from tests.services.test_esmakker_session import session_hands
from tournaments.errors import DomainError
from tournaments.models import Event
from tournaments.selectors.rounds import round_tables
from tournaments.services import events, printing, results, rounds, seating
from tournaments.services.screen import screen_reveal

pytestmark = pytest.mark.django_db


def pdf_text(pdf: bytes) -> str:
    text = "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)
    return text.replace("\xa0", " ")


@pytest.fixture
def client(organizer_client):
    return organizer_client


def running(event: Event) -> Event:
    seating.event_seat(event_id=event.pk)
    events.event_start(event_id=event.pk)
    rounds.round_open(event_id=event.pk)
    return Event.objects.get(pk=event.pk)


PRIZES = {
    "places": "1",
    "categories": "role",
    "booby": "on",
    "no_double": "on",
    "ties": "share",
    "consolation": "on",
    "special_1_name": "Best newcomer",
    "special_2_name": "Raffle: first ticket drawn",
}


def test_uk_charity_drive_prizes_raffle_and_cash_sheet(client, organizer):
    club = ClubFactory(name="Littleton WI", organizers=[organizer])  # GBP by default
    event = running(make_event(players=8, club=club, hands=2, roles=["lady", "gent"] * 4))
    page = f"/events/{event.slug}/prizes/"
    assert client.get(page).status_code == 200
    # while play runs the prizes still change (the rules that rescore do not)
    response = client.post(page, PRIZES)
    assert response.status_code == 302, response.content.decode()[:2000]
    event.refresh_from_db()
    assert event.prize_settings["categories"] == "role" and event.rules == {}
    confirm(event, 1, {1: 9, 2: 3})
    rounds.round_close(event_id=event.pk, round_number=1)
    # a special prize's chosen winner is the end's news, not "if it ended now" (a UK walk)
    choices = client.get(page).context["form"].fields["special_1_winner"].choices
    early = choices[3]
    names = [name for _key, name in choices[1:]]  # by name, not place (a 1,000-player walk)
    assert names == sorted(names) and len(names) == 8
    client.post(page, {**PRIZES, "special_1_winner": early[0]})
    provisional = client.get(f"/e/{event.slug}/").content.decode()
    assert "Prizes if it ended now" in provisional and "Best newcomer" not in provisional
    rounds.round_open(event_id=event.pk)
    confirm(event, 2, {1: 8, 2: 5})
    rounds.round_close(event_id=event.pk, round_number=2)
    events.event_finish(event_id=event.pk)
    # without "one prize per person" the page says who is down for two (overall and gents')
    client.post(page, {k: v for k, v in PRIZES.items() if k != "no_double"})
    doubled = client.get(page).content.decode()
    assert 'data-testid="two-prizes"' in doubled and "down for two prizes" in doubled
    client.post(page, PRIZES)
    assert 'data-testid="two-prizes"' not in client.get(page).content.decode()
    # a special prize to a chosen player, once the names are ranked
    chosen = client.get(page).context["form"].fields["special_1_winner"].choices[3]
    client.post(page, {**PRIZES, "special_1_winner": chosen[0]})
    drawn = client.post(f"/events/{event.slug}/prizes/draw/", follow=True)
    text = drawn.content.decode()
    assert "The consolation prize has been drawn." in text
    event.refresh_from_db()
    draw = event.prize_settings["draw"]
    listed = drawn.context["prizes"]
    labels = [p["label"] for p in listed]
    assert labels[:3] == ["1st", "Ladies: 1st", "Gents: 1st"]
    assert {
        "Booby prize",
        "Best newcomer",
        "Raffle: first ticket drawn",
        "Consolation prize",
    } <= set(labels)
    winners = [
        w["key"] for p in listed if p["winners"] and p["code"] != "special" for w in p["winners"]
    ]
    assert len(winners) == len(set(winners))  # one prize per person
    assert f"Best newcomer</strong>: {chosen[1]}" in text
    assert draw["winner"] in draw["pool"] and draw["winner"] not in winners[:-1]
    held = client.get(f"/e/{event.slug}/").content.decode()
    assert "The prize-giving follows." in held and "Booby prize" not in held
    screen_reveal(event_id=event.pk, action="start")
    for number, prize in enumerate(reversed(listed), 1):  # the MC reads them out one by one
        screen_reveal(event_id=event.pk, action="next")
        # every step shows on the screen and the dashboard: the first, a consolation prize,
        # had no "passed" note and both answered 500 (a team walk)
        on_screen = client.get(f"/e/{event.slug}/projector/")
        desk = client.get(f"/events/{event.slug}/")
        assert on_screen.status_code == desk.status_code == 200, (number, prize["code"])
        assert f'data-reveal="{number}"' in on_screen.content.decode()
    projector = client.get(f"/e/{event.slug}/projector/").content.decode()
    assert "Raffle: first ticket drawn</strong>: to be awarded</li>" in projector  # not "…:"
    screen_reveal(event_id=event.pk, action="end")  # the MC has read them out
    public = client.get(f"/e/{event.slug}/").content.decode()  # a raffle prize, no name given
    assert (
        'Raffle: first ticket drawn</strong> <span class="reason">— to be awarded</span>' in public
    )

    money = f"/events/{event.slug}/money/"
    response = client.post(
        money,
        {
            "currency": "GBP",
            "entry_fee": "£3",  # as a volunteer types it
            "entries_full": "5",  # one of the 8 has not paid yet
            "concession_fee": "2.00",
            "entries_concession": "2",
            "raffle": "45.50",
            "prizes_cash": "20",
            "prizes_kind": "12.50",
            "hall_hire": "25",
            "beneficiary": "Macmillan Cancer Support",
        },
        follow=True,
    )
    text = response.content.decode()
    assert "Net for Macmillan Cancer Support: £7.00" in text
    assert "Takings £64.50 · costs £57.50" in text  # no full stop after "kr." in Danish
    assert "Raised for" not in client.get(f"/e/{event.slug}/").content.decode()  # not asked
    form = client.get(money).context["form"]
    client.post(money, {**{k: v for k, v in form.initial.items() if v}, "show_net": "on"})
    raised = "Raised for Macmillan Cancer Support: <strong>£7.00</strong>. Thank you!"
    assert raised in client.get(f"/e/{event.slug}/").content.decode()
    assert raised in client.get(f"/e/{event.slug}/projector/").content.decode()
    assert "8 players, 7 paid an entry fee. <strong>1 has not paid.</strong>" in text
    event.refresh_from_db()
    assert event.money["raffle"] == 4550 and event.money["entry_fee"] == 300  # pence
    assert client.get(f"/print/{event.slug}/cash_sheet/").status_code == 200
    assert client.get(f"/print/{event.slug}/settlement/").status_code in (404, 422)  # no stakes
    sheet = pdf_text(printing.document_pdf(event=event, document="cash_sheet", options={}))
    assert "Raffle £45.50" in sheet and "1 has not paid." in sheet
    assert "Entries: 2 at the concession fee £4.00" in sheet
    assert "Hall hire £25.00" in sheet
    assert "Net for Macmillan Cancer Support: £7.00" in sheet
    assert "Prize Winner Amount paid" in sheet  # a column to write each prize's amount in
    assert sheet.count("Prizes paid in cash £20.00") == 2  # the cost line, and the prizes' sum
    results_sheet = pdf_text(printing.document_pdf(event=event, document="results", options={}))
    assert "Ladies: 1st" in results_sheet and "Consolation prize" in results_sheet

    # published: the prizes are final, the money may still be counted
    events.event_publish(event_id=event.pk)
    refused = client.post(page, {**PRIZES, "places": "3"})
    assert refused.status_code == 422
    assert "The results are published" in refused.content.decode()


def test_danish_es_makker_evening_settled_in_ore(client, organizer):
    club = ClubFactory(name="Skagen Es-makker", organizers=[organizer])
    event = esmakker_evening(club)
    money = f"/events/{event.slug}/money/"
    form = client.get(money).context["form"]
    # no count filled in for the organizer: "8 paid" before a coin is taken misleads the door
    assert "stake_per_point" in form.fields and form.initial["entries_full"] == 0
    response = client.post(money, {"currency": "dkk", "stake_per_point": "0.50"}, follow=True)
    assert response.status_code == 200
    event.refresh_from_db()
    assert event.club.currency == "DKK" and event.money["stake_per_point"] == 50  # øre
    settlement = response.context["settlement"]
    amounts = {p["name"]: p["amount"] for p in settlement["players"]}
    assert sum(amounts.values()) == 0 and any(amounts.values())
    assert len(settlement["transfers"]) == fewest_transfers(amounts)
    # a Danish organizer types the stake as kroner with a comma and reads kroner back
    danish = client.post(
        money,
        {"currency": "DKK", "stake_per_point": "0,25"},
        HTTP_ACCEPT_LANGUAGE="da",
        follow=True,
    )
    assert Event.objects.get(pk=event.pk).money["stake_per_point"] == 25
    half = settlement["transfers"][0]["amount"] // 2
    assert f"{half // 100},{half % 100:02d}\xa0kr." in danish.content.decode()
    client.post(
        money, {"currency": "DKK", "stake_per_point": "0,50 kr."}, HTTP_ACCEPT_LANGUAGE="da"
    )
    assert Event.objects.get(pk=event.pk).money["stake_per_point"] == 50  # "kr." typed too
    sheet = pdf_text(printing.document_pdf(event=event, document="settlement", options={}))
    assert "Indsats" in sheet or "Stake" in sheet  # Danish once translated
    assert "0,50 kr." in sheet
    for t in settlement["transfers"]:
        kroner = f"{t['amount'] // 100},{t['amount'] % 100:02d}"
        assert re.search(
            rf"{re.escape(t['from'])}\s+{re.escape(t['to'])}\s+{kroner}\s*kr\.", sheet
        ), sheet
    for p in settlement["players"]:  # each player's points and money, a line each
        assert p["amount"] == p["points"] * 50
        kroner = f"{abs(p['amount']) // 100},{abs(p['amount']) % 100:02d} kr."
        assert re.search(rf"{p['name']} {p['points']} [-−]?{kroner}", sheet), p
    assert client.get(f"/print/{event.slug}/settlement/").status_code == 200


def test_a_club_that_changes_its_currency_keeps_its_past_cash_sheets(client, organizer):
    """The demo club's Danish evening set DKK: its UK drive's printed sheet read DKK102.00."""
    from tournaments.selectors.money import cash_sheet

    club = ClubFactory(name="Two-nation club", organizers=[organizer])
    uk = make_event(players=8, club=club)
    client.post(
        f"/events/{uk.slug}/money/", {"currency": "GBP", "entry_fee": "3", "entries_full": "8"}
    )
    dk = esmakker_evening(club)
    client.post(f"/events/{dk.slug}/money/", {"currency": "DKK", "stake_per_point": "0.25"})
    uk, dk = Event.objects.get(pk=uk.pk), Event.objects.get(pk=dk.pk)
    door = {"players": 8, "pairs": False, "fee": True, "paid": 8, "unpaid": 0, "not_paid": []}
    assert cash_sheet(uk)["door"] == {**door, "ticked": False, "typed": [8, 0]}
    assert dk.club.currency == "DKK"  # the club's next evenings start in kroner
    assert cash_sheet(uk)["total_in"] == "£24.00" and "DKK" in cash_sheet(dk)["total_in"]
    form = client.get(f"/events/{uk.slug}/money/").context["form"]
    assert form.initial["currency"] == "GBP"
    client.post(
        f"/events/{uk.slug}/money/", {"currency": "GBP", "entry_fee": "3", "entries_full": "9"}
    )
    assert (
        Event.objects.get(pk=dk.pk).club.currency == "DKK"
    )  # saving the old one changes nothing else


def test_a_bid_whist_tournament_takes_fees_by_the_pair_and_pays_its_pot_from_the_sheet(
    client, organizer
):
    """A US Bid Whist night: an entry fee per team and a pot split over the places. The sheet
    counted players at the door (8 players, 4 paid: "4 have not paid") and left the pot out."""
    from tournaments.services import entries, tournament

    event = make_event(players=8, kind="bidwhist", club=ClubFactory(organizers=[organizer]))
    entries.entries_pair(event_id=event.pk)
    tournament.tournament_configure(
        event_id=event.pk, rounds=1, hands_per_round=1, ranking="wins_points", playoff="none",
        pot=100, prize_split=[50, 30, 20], boston_prize=20,
    )  # fmt: skip
    money = f"/events/{event.slug}/money/"
    page = client.get(money)
    form = page.context["form"]
    assert form["entries_full"].label == "Pairs paying the entry fee"
    assert form["entry_fee"].label == "Entry fee per pair"
    assert page.context["sheet"]["door"]["players"] == 4  # four teams, not eight players
    help_text = html.unescape(page.content.decode())
    assert "the tournament's pot and Boston prize have lines of their own" in help_text
    response = client.post(
        money, {"currency": "GBP", "entry_fee": "30", "entries_full": "3"}, follow=True
    )
    text = response.content.decode()
    assert "4 pairs, 3 paid an entry fee. <strong>1 has not paid.</strong>" in text
    assert "Takings £90.00 · costs £100.00" in text  # the pot is paid out
    event = Event.objects.get(pk=event.pk)
    sheet = pdf_text(printing.document_pdf(event=event, document="cash_sheet", options={}))
    assert "Pairs: 3 at the full fee £90.00" in sheet
    assert "Tournament pot (the places' prizes) £100.00" in sheet
    assert "Boston prize" not in sheet  # nobody has made one: nothing to pay

    tournament.tournament_pair_round(event_id=event.pk)
    events.event_start(event_id=event.pk)
    rnd = rounds.round_open(event_id=event.pk)
    boston = {"bid": "4 uptown", "bidder": "A", "books": 13}
    cells = [results.GridCell(table, 1, boston) for table in (1, 2)]
    results.results_save_grid(event=event, round_number=rnd.number, cells=cells, actor=organizer)
    rounds.round_close(event_id=event.pk, round_number=rnd.number)
    text = client.get(money).content.decode()
    assert "Takings £90.00 · costs £120.00" in text and "Net for" in text
    sheet = pdf_text(printing.document_pdf(event=event, document="cash_sheet", options={}))
    assert "Boston prize £20.00" in sheet
    # finished: each prize's amount is printed as paid, not left blank to write in (a walk)
    events.event_finish(event_id=event.pk)
    sheet = pdf_text(
        printing.document_pdf(
            event=Event.objects.get(pk=event.pk), document="cash_sheet", options={}
        )
    )
    prizes = sheet.split("Amount paid")[1]
    assert re.search(r"1st .+ £40\.00 each", prizes) and re.search(r"3rd .+ £10\.00 each", prizes)
    assert re.search(r"Boston prize .+ £10\.00 each", prizes), prizes


def seats_at(event: Event, table_number: int) -> dict[str, str]:
    from tournaments.models import Seating

    rows = Seating.objects.filter(round__event=event, round__number=1, table__number=table_number)
    return {r.seat: str(r.entry.number) for r in rows.select_related("entry")}


def esmakker_evening(club) -> Event:
    """Eight players at two tables, one round of four hands, played and finished (Danish)."""
    event = make_event(
        players=8, club=club, kind="esmakker", hands=4, hands_per_round=4, language="da"
    )
    event = running(event)
    rnd = event.rounds.get(number=1)
    for table in round_tables(rnd):
        players = seats_at(event, table.number)
        for hand, data in zip(rnd.hands.order_by("number"), session_hands(players)[0], strict=True):
            results.result_submit(table=table, hand=hand, data=data)
            results.result_confirm(table=table, hand=hand)
    rounds.round_close(event_id=event.pk, round_number=1)
    events.event_finish(event_id=event.pk)
    return Event.objects.get(pk=event.pk)


@pytest.mark.parametrize("kind", [k for k, _label in Event.Kind.choices])
def test_every_kind_of_event_has_its_prize_and_money_pages(client, organizer, kind):
    event = make_event(players=8, kind=kind, club=ClubFactory(organizers=[organizer]))
    prizes_page = client.get(f"/events/{event.slug}/prizes/")
    assert prizes_page.status_code == 200
    fields = prizes_page.context["form"].fields
    assert {"places", "consolation"} <= set(fields)
    # a team night's places go to teams: no booby pair, nobody holding two prizes, no lot
    pair_prizes = {"booby", "no_double", "ties"}
    assert (pair_prizes <= set(fields)) == (kind != "team_match")
    # a drive's hands stand alone; a team match compares tables, no player leads at half-time
    assert ("half_time" in fields) == (kind in ("individual_drive", "pairs_drive"))
    # ladies' and gents' lists only where the players have those roles (not at Es-makker)
    # (not in fixed pairs either: a pair has no one role, a French walk asked what it did there)
    assert ("categories" in fields) == (kind == "individual_drive")
    money_page = client.get(f"/events/{event.slug}/money/")
    assert money_page.status_code == 200
    assert ("stake_per_point" in money_page.context["form"].fields) == (kind == "esmakker")
    assert "Net for" in money_page.content.decode()
    # a phone opens its number pad for every amount (a Dutch walk got the letter keyboard)
    fee = re.search(r'<input[^>]*name="entry_fee"[^>]*>', money_page.content.decode())[0]
    assert 'inputmode="decimal"' in fee


def test_the_net_is_announced_only_once_the_evening_is_over_and_only_if_above_nothing(client):
    from tournaments.selectors.money import announced_net
    from tournaments.services.money import event_money_update

    event = running(make_event(players=8, hands=1))
    money = {"raffle": 4000, "hall_hire": 1500, "beneficiary": "Air Ambulance", "show_net": True}
    event_money_update(event_id=event.pk, money=money)
    event.refresh_from_db()
    assert announced_net(event) is None  # still playing: the takings are not all in
    confirm(event, 1)
    rounds.round_close(event_id=event.pk, round_number=1)
    events.event_finish(event_id=event.pk)
    event.refresh_from_db()
    assert announced_net(event) == {"who": "Air Ambulance", "text": "£25.00"}
    event_money_update(event_id=event.pk, money={**money, "hall_hire": 4000})
    event.refresh_from_db()
    assert announced_net(event) is None  # a loss is not announced
    with pytest.raises(DomainError):
        event_money_update(event_id=event.pk, money={**money, "show_net": "yes"})


def test_the_screen_names_the_half_time_leader_once_the_first_half_is_in(client):
    event = running(make_event(players=8, hands=2))
    projector = f"/e/{event.slug}/projector/"
    assert 'data-testid="half-time"' not in client.get(projector).content.decode()
    confirm(event, 1, {1: 9, 2: 6})
    rounds.round_close(event_id=event.pk, round_number=1)
    screen = html.unescape(client.get(projector).content.decode())
    line = re.search(r'data-testid="half-time">(.*?)</p>', screen, flags=re.S).group(1)
    text = re.sub(r"<[^>]+>", "", line)
    assert text.startswith("Half-time leader: ") and "Leading after hand 1 with 9 tricks" in text


def test_a_free_evening_is_not_told_that_everybody_has_not_paid(client, organizer):
    """The money page of a new evening read "32 players, 0 paid an entry fee. 32 have not
    paid." before any fee was set; with no fee there is nothing to pay, and it says so."""
    event = make_event(players=8, club=ClubFactory(organizers=[organizer]))
    door = client.get(f"/events/{event.slug}/money/").content.decode()
    assert "8 players, no entry fee set." in door and "not paid" not in door
    client.post(
        f"/events/{event.slug}/money/", {"currency": "GBP", "entry_fee": "2", "entries_full": "6"}
    )
    door = client.get(f"/events/{event.slug}/money/").content.decode()
    assert "8 players, 6 paid an entry fee." in door and "2 have not paid." in door
    assert "2 have not paid." in client.get(f"/print/{event.slug}/cash_sheet/").content.decode()


def test_while_play_is_on_the_players_with_no_deal_in_are_listed_last(client, organizer):
    """A Danish walk: one table of three had its deals in; the others' noughts sat between
    the winners and the losers (Es-makker is zero-sum), so the public page read "1, –, –,
    ... =10, =10, 12" and the second best was 10th. Now the four who played are placed
    1 to 4 among themselves and the eight still waiting follow, level, with no place."""
    from tournaments.selectors.standings import event_standings

    event = make_event(
        players=12,
        club=ClubFactory(organizers=[organizer]),
        kind="esmakker",
        hands=4,
        hands_per_round=4,
        language="da",
    )
    event = running(event)
    rnd = event.rounds.get(number=1)
    table = round_tables(rnd)[0]
    for hand, data in zip(
        rnd.hands.order_by("number"), session_hands(seats_at(event, 1))[0], strict=True
    ):
        results.result_submit(table=table, hand=hand, data=data)
        results.result_confirm(table=table, hand=hand)
    rows = event_standings(event=Event.objects.get(pk=event.pk))["standings"]
    played = [r for r in rows if r["played"]]
    assert rows[:4] == played and len(played) == 4
    assert [r["total"] for r in played] == sorted((r["total"] for r in played), reverse=True)
    assert any(r["total"] < 0 for r in played)  # a loser above the noughts that follow
    assert [r["position"] for r in played][-1] <= 4
    assert {(r["position"], r["tied"]) for r in rows[4:]} == {(5, True)}
    page = client.get(f"/e/{event.slug}/").content.decode()
    places = re.findall(r'<tr>\s*<td class="num">([^<]*)', page.split("<tbody>")[1])
    assert places == ["1", "2", "3", "4"] + ["–"] * 8


def test_the_door_ticks_who_paid_and_the_money_page_counts_them(client, organizer):
    """A UK walk: the money page took counts only, so at 21:00 nobody could say who had not
    paid. Each name on the Players page now has a "Paid" choice once a fee is set."""
    event = make_event(players=4, club=ClubFactory(organizers=[organizer]))
    players = f"/events/{event.slug}/players/"
    assert 'name="paid"' not in client.get(players).content.decode()  # no fee, no question
    client.post(
        f"/events/{event.slug}/money/",
        {"currency": "GBP", "entry_fee": "3", "concession_fee": "2", "entries_full": "4"},
    )
    page = client.get(players).content.decode()
    assert page.count('name="paid"') == 4 and "4 players, 4 paid an entry fee." in page
    # a UK walk ticked two late payers and the 44 counted at the door were gone unsaid
    assert "Counted as typed on the Money page: 4 at the entry fee, 0 at the concession fee." in page
    money = client.get(f"/events/{event.slug}/money/").content.decode()  # said there as "below"
    assert "Counted as typed below: 4 at the entry fee" in money and "on the Money page" not in money
    first, second = event.entries.order_by("number")[:2]
    # from the page's select (htmx): the whole page comes again, with the door's count
    response = client.post(f"{players}{first.pk}/paid/", {"paid": "full"}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200 and response["HX-Refresh"] == "true"
    # without JavaScript: the form's button, back to the row
    response = client.post(f"{players}{second.pk}/paid/", {"paid": "concession"})
    assert response.status_code == 302 and response["Location"].endswith(f"#entry-{second.pk}")
    page = html.unescape(client.get(players).content.decode())
    assert "P2: concession fee." in page
    assert "4 players, 2 paid an entry fee." in page and "Not paid yet: P3, P4" in page
    money = client.get(f"/events/{event.slug}/money/").content.decode()
    assert 'name="entries_full"' not in money  # the ticks are the count now
    assert (
        "Counted from the ticks on the Players page: 1 at the entry fee, 1 at the concession fee."
        in money
    )
    assert "Net for" in money and "£5.00" in money
    assert (
        "The counts typed earlier on this page (4 at the entry fee, 0 at the concession fee) are "
        "set aside while anyone is ticked as paid on the Players page" in html.unescape(money)
    )
    sheet = client.get(f"/print/{event.slug}/cash_sheet/").content.decode()
    assert 'data-testid="typed-counts"' not in sheet  # the page's advice, not the paper's
    # saving the money page keeps the counts typed before, for a club that unticks again
    client.post(
        f"/events/{event.slug}/money/",
        {"currency": "GBP", "entry_fee": "3", "concession_fee": "2", "raffle": "10"},
    )
    event.refresh_from_db()
    assert event.money["entries_full"] == 4 and event.money["raffle"] == 1000
    response = client.post(f"{players}{first.pk}/paid/", {"paid": "half"})
    assert response.status_code == 302
    assert (
        "Choose the entry fee, the concession fee or not paid."
        in client.get(players).content.decode()
    )


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("fifty", "Type the amount in figures, for example 5 or 2.50."),
        ("5 pounds", "Type the amount in figures, for example 5 or 2.50."),
        ("-5", "Ensure this value is greater than or equal to 0."),
    ],
)
def test_an_amount_in_words_is_refused_beside_the_field_and_nothing_is_saved(
    client, organizer, typed, message
):
    """A US walk typed the entry fee as "fifty": it was saved as 0.00 with "Money saved."."""
    event = make_event(players=8, club=ClubFactory(organizers=[organizer]))
    money = f"/events/{event.slug}/money/"
    client.post(money, {"currency": "USD", "entry_fee": "$5"}, follow=True)
    response = client.post(money, {"currency": "USD", "entry_fee": typed}, follow=True)
    page = html.unescape(response.content.decode())
    assert message in page and "Money saved." not in page
    assert Event.objects.get(pk=event.pk).money["entry_fee"] == 500


@pytest.mark.parametrize(
    ("language", "typed", "minor"),
    [("en", "£1,234.50", 123450), ("en", "1,234", 123400), ("nl", "1.234,50", 123450), ("nl", "2,50", 250)],
)
def test_an_amount_with_a_thousands_separator_is_read(client, organizer, language, typed, minor):
    """A 1,000-player walk typed the raffle as "1,234.50": "Type the amount in figures"."""
    event = make_event(players=8, club=ClubFactory(organizers=[organizer]))
    client.post(
        f"/events/{event.slug}/money/",
        {"currency": "GBP", "raffle": typed},
        HTTP_ACCEPT_LANGUAGE=language,
    )
    assert Event.objects.get(pk=event.pk).money["raffle"] == minor
