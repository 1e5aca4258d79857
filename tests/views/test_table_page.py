"""The table page (phones) and the organizer's grid and history pages, as plain HTML forms."""

from __future__ import annotations

import html

import pytest

from tests.factories import UserFactory
from tournaments.models import Result, ScoreChange, Table

pytestmark = pytest.mark.usefixtures("clear_cache")


@pytest.fixture
def event(seated_event):
    return seated_event


def token(event, number=1) -> str:
    return Table.objects.get(event=event, number=number).token


def test_page_shows_seats_hand_and_trump(client, event):
    page = client.get(f"/t/{token(event)}/").content.decode()
    assert "Table 1 · round 1" in page
    for name in ("P1", "P2", "P3", "P4"):
        assert name in page
    assert "Hand 1" in page and "trump: hearts ♥" in page
    assert 'name="tricks_ns"' in page and "<details" in page  # revokes behind "more"


def test_a_pairs_table_names_its_two_pairs_as_the_cards_do_and_a_teams_own_name(client, event):
    """A US walk: the table phone named the four players but no pair or team."""
    from tests.services.organizer_helpers import started_event

    drive = started_event(players=8, kind="pairs_drive", hands=8)
    table = Table.objects.get(event=drive, number=1)
    north = table.seatings.get(round__number=1, seat="N").entry.pair
    north.name = "Aces"
    north.save()
    sides = html.unescape(client.get(f"/t/{table.token}/").content.decode())
    sides = sides.split('data-testid="sides">')[1].split("</p>")[0]
    assert f"N/S pair {north.number}</span> “Aces”" in sides and "E/W pair " in sides
    page = client.get(f"/t/{token(event)}/").content.decode()  # a progressive drive: no pairs
    assert 'data-testid="sides"' not in page


def test_the_tricks_field_names_the_side_so_nobody_works_out_who_is_n_s(client, event):
    table = Table.objects.get(event=event, number=1)
    rows = table.seatings.filter(round__number=1).select_related("entry__player")
    seats = {s.seat: s.entry.player.name for s in rows}
    page = html.unescape(client.get(f"/t/{token(event)}/").content.decode())
    assert f"Tricks won by N/S ({seats['N']} & {seats['S']})</label>" in page
    assert f"Revokes by E/W ({seats['E']} & {seats['W']})</label>" in page


def test_enter_then_confirm_without_javascript(client, event):
    t = token(event)
    r = client.post(
        f"/t/{t}/hands/1/",
        {"tricks_ns": "9", "revokes_ns": "", "revokes_ew": "", "idempotency_key": "a1"},
    )
    assert r.status_code == 302
    page = client.get(f"/t/{t}/").content.decode()
    assert "N/S 9, E/W 4" in page and "waiting for the opponents" in page
    assert 'data-testid="round-done"' not in page
    r = client.post(f"/t/{t}/hands/1/confirm/", {"expected_version": "1", "idempotency_key": "a2"})
    assert r.status_code == 302
    page = client.get(f"/t/{t}/").content.decode()
    assert "confirmed" in page
    assert "Round 1 is finished at this table: thank you." in page  # what comes next, said
    assert Result.objects.get().status == "confirmed"
    # the same form posted twice (a double tap) stores once
    client.post(f"/t/{t}/hands/1/confirm/", {"expected_version": "1", "idempotency_key": "a2"})
    assert ScoreChange.objects.count() == 2


def test_the_side_asked_to_confirm_sees_the_revoke_it_is_charged_with(client, event):
    """The UK walk: "N/S 9, E/W 4 · waiting for the opponents" hid an E/W revoke."""
    t = token(event)
    client.post(f"/t/{t}/hands/1/", {"tricks_ns": "9", "revokes_ew": "1"})
    page = client.get(f"/t/{t}/").content.decode()
    assert "N/S 9, E/W 4, 1 revoke by E/W" in page and "waiting for the opponents" in page


def test_bad_entry_shows_the_error_beside_the_field_and_stores_nothing(client, event):
    r = client.post(f"/t/{token(event)}/hands/1/", {"tricks_ns": "15"})
    assert r.status_code == 422
    page = r.content.decode()
    assert 'aria-invalid="true"' in page and "tricks" in page.lower()
    assert not Result.objects.exists()
    r = client.post(f"/t/{token(event)}/hands/1/", {"tricks_ns": "x"})
    assert r.status_code == 422 and "whole number" in r.content.decode()


def test_json_answers_for_the_offline_queue(client, event):
    t = token(event)
    headers = {"HTTP_ACCEPT": "application/json", "HTTP_IDEMPOTENCY_KEY": "queued-1"}
    first = client.post(f"/t/{t}/hands/1/", {"tricks_ns": "7"}, **headers)
    again = client.post(f"/t/{t}/hands/1/", {"tricks_ns": "7"}, **headers)
    assert first.status_code == again.status_code == 201
    assert first.json() == again.json()
    assert Result.objects.count() == 1


def test_token_opens_only_its_own_table(client, event):
    t3 = token(event, 3)
    assert client.post(f"/t/{t3}/hands/1/", {"tricks_ns": "7"}).status_code == 302
    assert Result.objects.get().table.number == 3
    assert (
        client.post(f"/t/{t3}/hands/2/", {"tricks_ns": "7"}).status_code == 404
    )  # round 2 pending
    page = client.get(f"/t/{t3}/").content.decode()
    assert "Table 3" in page and "Table 4" not in page
    assert client.get("/t/not-a-token/").status_code == 404
    assert client.get(f"/events/{event.slug}/rounds/1/grid/").status_code == 302  # organizer login


def test_wrong_tokens_are_rate_limited(client, event, settings):
    settings.TABLE_TOKEN_FAILURE_RATE = "3/h"
    codes = [client.get(f"/t/guess-{i}/").status_code for i in range(5)]
    assert codes == [404, 404, 404, 429, 429]


@pytest.fixture
def organizer_client(client, event):
    user = UserFactory()
    event.club.organizers.add(user)
    client.force_login(user)
    return client


def test_grid_saves_all_cells_or_none_and_history_shows_who(organizer_client, event):
    url = f"/events/{event.slug}/rounds/1/grid/"
    page = organizer_client.get(url).content.decode()
    assert 'name="c1_1_tricks_ns"' in page and 'name="c4_1_tricks_ns"' in page
    help_line = page.split('id="grid-help">', 1)[1].split("</p>", 1)[0]
    assert help_line.startswith("Each cell: Tricks won by N/S (E/W")  # no table's names here
    r = organizer_client.post(
        url, {"c1_1_tricks_ns": "8", "c1_1_v": "0", "c2_1_tricks_ns": "99", "c2_1_v": "0"}
    )
    assert r.status_code == 422 and "nothing was saved" in r.content.decode()
    assert not Result.objects.exists()
    r = organizer_client.post(
        url, {"c1_1_tricks_ns": "8", "c1_1_v": "0", "c2_1_tricks_ns": "5", "c2_1_v": "0"}
    )
    assert r.status_code == 302
    assert sorted(Result.objects.values_list("tricks_ns", "status")) == [
        (5, "confirmed"),
        (8, "confirmed"),
    ]
    organizer_client.post(url, {"c1_1_tricks_ns": "6", "c1_1_v": "1"})
    history = organizer_client.get(
        f"/events/{event.slug}/hands/1/tables/1/history/"
    ).content.decode()
    assert "N/S 8, E/W 5" in history and "N/S 6, E/W 7" in history and "organizer" in history


def test_the_grid_shows_only_the_tables_still_waiting_and_stays_so_after_saving(
    organizer_client, event
):
    url = f"/events/{event.slug}/rounds/1/grid/"
    cells = {f"c{t}_1_{field}": value for t in (1, 2, 3) for field, value in (("tricks_ns", "7"), ("v", "0"))}
    organizer_client.post(url, cells)
    round_page = organizer_client.get(f"/events/{event.slug}/rounds/1/").content.decode()
    assert f'<a href="{url}?show=waiting#table-4">4</a>' in round_page  # "Waiting for table 4"
    page = organizer_client.get(url).content.decode()
    assert '<a href="?show=waiting">Show only the table still waiting</a>' in page
    assert 'id="table-1"' in page and 'id="table-4"' in page
    waiting = organizer_client.get(url + "?show=waiting").content.decode()
    assert "Showing the table still waiting." in waiting
    assert 'id="table-4"' in waiting and 'id="table-1"' not in waiting
    saved = organizer_client.post(url + "?show=waiting", {"c4_1_tricks_ns": "6", "c4_1_v": "0"})
    assert saved.status_code == 302 and saved.url == url + "?show=waiting"
    done = organizer_client.get(saved.url).content.decode()
    assert "Every table is finished." in done and 'id="table-' not in done
    assert Result.objects.filter(event=event, status="confirmed").count() == 4


def test_organizer_regenerates_a_table_link(organizer_client, event):
    old = token(event)
    url, grid = f"/events/{event.slug}/tables/1/token/", f"/events/{event.slug}/rounds/1/grid/"
    asked = organizer_client.post(url, {"next": grid}).content.decode()
    assert "Give table 1 a new link?" in asked and "printed table card stops working" in asked
    assert f'href="{grid}"' in asked and token(event) == old  # Cancel goes back; nothing changed
    r = organizer_client.post(url, {"next": grid, "confirmed": "1"})
    assert r.status_code == 302
    assert token(event) != old
    assert organizer_client.get(f"/t/{old}/").status_code == 404


def test_a_refused_entry_is_explained_in_the_players_words(client, event):
    response = client.post(f"/t/{token(event)}/hands/1/", {"tricks_ns": "14"})
    assert response.status_code == 422
    page = response.content.decode()
    assert 'id="id_tricks_ns_h1_error">Tricks must be a whole number from 0 to 13 (you entered 14).' in page
    assert "must be an integer" not in page


def test_the_table_state_names_the_open_round(client, event):
    assert client.get(f"/t/{token(event)}/state/").json()["round"] == 1
    assert client.get("/t/not-a-token/state/").status_code == 404


def test_the_table_state_changes_with_the_tables_results_as_the_page_shows_them(client, event):
    """The stamp a second phone compares: it changes when this table's result does."""
    t = token(event)
    before = client.get(f"/t/{t}/state/").json()["results"]
    client.post(f"/t/{t}/hands/1/", {"tricks_ns": "9", "idempotency_key": "s1"})
    entered = client.get(f"/t/{t}/state/").json()["results"]
    assert entered != before and f'data-results="{entered}"' in client.get(f"/t/{t}/").content.decode()
    client.post(f"/t/{t}/hands/1/confirm/", {"expected_version": "1", "idempotency_key": "s2"})
    assert client.get(f"/t/{t}/state/").json()["results"] not in (before, entered)
    other = Table.objects.get(event=event, number=2).token
    client.post(f"/t/{other}/hands/1/", {"tricks_ns": "3", "idempotency_key": "s3"})
    assert client.get(f"/t/{t}/state/").json()["results"] == "1:1:confirmed"  # its own only


def test_a_dispute_note_shows_in_the_grid_and_the_travellers(client, event):
    t = token(event)
    client.post(f"/t/{t}/hands/1/", {"tricks_ns": "9", "idempotency_key": "d1"})
    client.post(
        f"/t/{t}/hands/1/dispute/",
        {"expected_version": "1", "idempotency_key": "d2", "note": "we took 5, not 4"},
    )
    organizer = UserFactory()
    event.club.organizers.add(organizer)
    client.force_login(organizer)
    grid = client.get(f"/events/{event.slug}/rounds/1/grid/").content.decode()
    assert "Disputed: “we took 5, not 4”" in grid
    travellers = client.get(f"/events/{event.slug}/rounds/1/travellers/").content.decode()
    assert "Disputed: “we took 5, not 4”" in travellers
    assert travellers.count("not in yet") == 3  # tables 2 to 4 have not reported hand 1
    # and the round page, where the organizer watches the room, says so with the reason
    page = client.get(f"/events/{event.slug}/rounds/1/").content.decode()
    box = page.split('data-testid="disputes"')[1].split("</div>")[0]
    assert "A hand is disputed: settle it in the results grid." in box
    assert f'href="/events/{event.slug}/rounds/1/grid/#table-1">Table 1, hand 1</a>: “we took 5, not 4”' in box


# ---------------------------------------------------------------- query budget (issue 19)
# A submit or a confirm from a phone: <= 8 queries (tests/conftest.py: entry_budget), on
# SQLite and on PostgreSQL, the form post and the offline queue's JSON post.

JSON = {"HTTP_ACCEPT": "application/json"}


def test_form_submit_and_confirm_within_the_query_budget(
    client, event, entry_budget, django_assert_max_num_queries
):
    page = f"/t/{token(event)}"
    with django_assert_max_num_queries(entry_budget):
        r = client.post(f"{page}/hands/1/", {"tricks_ns": "9", "idempotency_key": "k1"})
    assert r.status_code == 302
    with django_assert_max_num_queries(entry_budget):
        r = client.post(f"{page}/hands/1/confirm/", {"expected_version": "1", "idempotency_key": "k2"})
    assert r.status_code == 302
    assert Result.objects.get().status == "confirmed"


def test_offline_queue_submit_reentry_and_confirm_within_the_query_budget(
    client, event, entry_budget, django_assert_max_num_queries
):
    page = f"/t/{token(event)}"
    with django_assert_max_num_queries(entry_budget):
        r = client.post(f"{page}/hands/1/", {"tricks_ns": "9"}, HTTP_IDEMPOTENCY_KEY="q1", **JSON)
    assert r.status_code == 201
    with django_assert_max_num_queries(entry_budget):
        r = client.post(
            f"{page}/hands/1/",
            {"tricks_ns": "8", "expected_version": "1"},
            HTTP_IDEMPOTENCY_KEY="q2",
            **JSON,
        )
    assert r.status_code == 200 and r.json()["version"] == 2
    with django_assert_max_num_queries(entry_budget):
        r = client.post(
            f"{page}/hands/1/confirm/", {"expected_version": "2"}, HTTP_IDEMPOTENCY_KEY="q3", **JSON
        )
    assert r.status_code == 200 and r.json()["status"] == "confirmed"
    with django_assert_max_num_queries(entry_budget):  # the retry of a lost answer replays it
        r = client.post(
            f"{page}/hands/1/confirm/", {"expected_version": "2"}, HTTP_IDEMPOTENCY_KEY="q3", **JSON
        )
    assert r.status_code == 200 and r.json()["version"] == 2


def test_a_result_queued_offline_past_the_rounds_close_is_kept_and_shown(organizer_client, event):
    """The UK walk: a phone back online after the round closed lost its entry in silence."""
    from tournaments.services import rounds

    t = token(event)
    rounds.round_close(event_id=event.pk, round_number=1, force=True)  # table 1 never reported
    headers = {"HTTP_ACCEPT": "application/json", "HTTP_IDEMPOTENCY_KEY": "queued-late"}
    late = organizer_client.post(f"/t/{t}/hands/1/", {"tricks_ns": "8"}, **headers)
    assert late.status_code == 409
    assert late.json()["error"]["message"] == (
        "Round 1 was closed before this arrived, so hand 1 is not counted. "
        "The organizer sees what you entered (N/S 8, E/W 5) and can still enter it."
    )
    page = organizer_client.get(f"/events/{event.slug}/rounds/2/").content.decode()
    assert 'data-testid="late-results"' in page
    assert "Round 1, table 1, hand 1</a>: N/S 8, E/W 5" in page
    assert "stored now: not played" in page
    log = organizer_client.get(f"/events/{event.slug}/").content.decode()
    assert "Table 1 sent hand 1 after round 1 closed (N/S 8, E/W 5): not counted" in log
    grid = f"/events/{event.slug}/rounds/1/grid/"
    version = Result.objects.exclude(status="superseded").get(table__number=1, hand__number=1).version
    organizer_client.post(grid, {"c1_1_tricks_ns": "8", "c1_1_v": str(version)})  # entered after all
    assert 'data-testid="late-results"' not in organizer_client.get(
        f"/events/{event.slug}/rounds/2/"
    ).content.decode()


@pytest.mark.parametrize(
    ("credit", "words"),
    [("own_average", "not played: credited own average"), (6.5, "not played: credited 6.5")],
)
def test_a_hand_closed_without_its_table_is_shown_in_words(organizer_client, event, credit, words):
    """A walk: the grid, the travellers and the history showed
    "{'credit': 'own_average'} · not played" for table 4, closed without its result."""
    from tournaments.services import rounds

    url = f"/events/{event.slug}/rounds/1/grid/"
    cells = {f"c{t}_1_{f}": v for t in (1, 2, 3) for f, v in (("tricks_ns", "7"), ("v", "0"))}
    organizer_client.post(url, cells)
    rounds.round_close(event_id=event.pk, round_number=1, force=True, credit=credit)
    pages = [
        organizer_client.get(url).content.decode(),
        organizer_client.get(f"/events/{event.slug}/rounds/1/travellers/").content.decode(),
        organizer_client.get(f"/events/{event.slug}/hands/1/tables/4/history/").content.decode(),
    ]
    for page in pages:
        assert words in page and "&#x27;credit&#x27;" not in page  # the raw dict, escaped
        assert "not played · not played" not in page and f"{words} · not played" not in page


def test_a_credit_is_worded_in_the_organizers_language():
    from django.utils import translation

    from tournaments.games.registry import game_for_kind

    with translation.override("nl"):
        words = game_for_kind("individual_drive").describe({"credit": 6.5})
    assert words == "niet gespeeld: 6,5 toegekend"



def test_the_phone_speaks_the_evenings_language_unless_the_player_chose_another(
    client, event
):
    """A Dutch evening: a phone set to English still says N/Z like the cards on the
    table; the switcher on the phone (the language cookie) wins."""
    from django.conf import settings

    from tournaments.models import Event

    Event.objects.filter(pk=event.pk).update(language="nl")
    url = f"/t/{token(event)}/"
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Slagen gehaald door N/Z" in html.unescape(page)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Tricks won by N/S" in html.unescape(page)


def test_an_entry_refused_by_a_hand_confirmed_meanwhile_is_kept_for_the_organizer(
    organizer_client, event
):
    """A fault walk: a phone offline typed N/S 10 while the other side's phone entered N/S 4
    and confirmed it; back online, the 10 was refused, and the organizer never heard of it."""
    t = token(event)
    headers = {"HTTP_ACCEPT": "application/json"}
    organizer_client.post(f"/t/{t}/hands/1/", {"tricks_ns": "4"}, **headers)
    organizer_client.post(f"/t/{t}/hands/1/confirm/", {"expected_version": "1"}, **headers)
    queued = organizer_client.post(f"/t/{t}/hands/1/", {"tricks_ns": "10"}, **headers)
    error = queued.json()["error"]  # the phone's words are the service's (test_results.py)
    assert (queued.status_code, error["code"]) == (409, "E_RESULT_EXISTS")
    assert "If that is wrong, tell the organizer." in error["message"]
    page = organizer_client.get(f"/events/{event.slug}/rounds/1/").content.decode()
    assert 'data-testid="refused-results"' in page and 'data-testid="late-results"' not in page
    assert "Round 1, table 1, hand 1</a>: N/S 10, E/W 3" in page
    assert "stored now: N/S 4, E/W 9" in page
    log = organizer_client.get(f"/events/{event.slug}/").content.decode()
    assert "Table 1 sent hand 1 after it was confirmed with another result (N/S 10, E/W 3)" in log
    # the stored result sent again is no news: nothing more kept
    organizer_client.post(f"/t/{t}/hands/1/", {"tricks_ns": "4"}, **headers)
    assert event.log.filter(action="refused_result").count() == 1


def test_a_table_not_used_in_the_round_in_play_says_so(client, event):
    """A Dutch walk: a table left empty after a withdrawal read "No round is open"."""
    from tournaments.models import Seating

    Seating.objects.filter(event=event, table__number=2).update(table=None, seat="")
    page = client.get(f"/t/{token(event, 2)}/").content.decode()
    assert "This table is not used in round 1." in page and "No round is open" not in page
