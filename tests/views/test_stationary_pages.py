"""The organizer marks a player who cannot move; the players page and table plan say so."""

import pytest
from django.test import Client

from tests.services.organizer_helpers import make_event

pytestmark = pytest.mark.django_db


def test_the_organizer_marks_a_player_and_the_table_plan_says_so(organizer, club):
    client = Client()
    client.force_login(organizer)
    event = make_event(players=8, club=club, movement_kind="individual")
    entry = event.entries.get(number=2)
    client.post(f"/events/{event.slug}/players/{entry.pk}/stationary/", {"stationary": "1"})
    entry.refresh_from_db()
    assert entry.stationary
    page = client.get(f"/events/{event.slug}/players/").content.decode()
    assert 'data-testid="stationary-2"' in page
    client.post(f"/events/{event.slug}/do/seat/")
    plan = client.get(f"/events/{event.slug}/seating/").content.decode()
    assert 'data-testid="stationary-note"' in plan and "2 P2" in plan


def test_a_player_who_cannot_move_reads_it_on_their_own_page(club):
    from tournaments.models import Entry
    from tournaments.selectors.links import player_url
    from tournaments.services import events, seating

    event = make_event(players=8, club=club, movement_kind="individual")
    Entry.objects.filter(event=event, number=2).update(stationary=True)
    seating.event_seat(event_id=event.pk)
    events.event_start(event_id=event.pk)
    line = "You keep one seat all evening: the others come to you."
    page = Client().get(player_url(event, 2, "")).content.decode()
    assert 'data-testid="stationary-player"' in page and line in page
    assert line not in Client().get(player_url(event, 3, "")).content.decode()


def _pairs_event(client, club, pairs: int, movement_kind: str, marked: list[int], hands=24):
    """A pairs drive, paired 1-2, 3-4, ..., with the organizer marking players who cannot move."""
    from tournaments.services import entries

    event = make_event(
        players=2 * pairs, club=club, kind="pairs_drive", movement_kind=movement_kind, hands=hands
    )
    entries.entries_pair(event_id=event.pk)
    for number in marked:
        entry = event.entries.get(number=number)
        client.post(f"/events/{event.slug}/players/{entry.pk}/stationary/", {"stationary": "1"})
    client.post(f"/events/{event.slug}/do/seat/")
    event.refresh_from_db()
    return event


def test_a_mitchell_keeps_a_pair_that_cannot_move_at_one_table_and_the_cards_say_so(
    organizer, club
):
    from tests.services.organizer_helpers import seat_map

    client = Client()
    client.force_login(organizer)
    # 6 pairs at 3 tables: pair 5 (players 9 and 10) would be an E/W pair that moves
    event = _pairs_event(client, club, 6, "mitchell", marked=[9])
    rounds = event.rounds.count()
    assert rounds >= 3
    for number in (9, 10):
        assert len({seat_map(event, r)[number] for r in range(1, rounds + 1)}) == 1
    assert {seat_map(event, 1)[9], seat_map(event, 1)[10]} == {(1, "N"), (1, "S")}
    moved = [n for n in range(1, 13) if len({seat_map(event, r)[n] for r in (1, 2)}) > 1]
    assert moved  # the others still move
    plan = client.get(f"/events/{event.slug}/seating/").content.decode()
    assert 'data-testid="stationary-note"' in plan and "9 P9" in plan
    assert 'data-testid="stationary-away"' not in plan
    cards = client.get(f"/print/{event.slug}/movement_cards/").content.decode()
    line = "Your pair keeps one table and side all evening: the others come to you."
    assert cards.count(line) == 1 and "the other pair moves on in your place" not in cards
    from tournaments.selectors.links import player_url
    from tournaments.services import events

    events.event_start(event_id=event.pk)
    assert line in Client().get(player_url(event, 9, "")).content.decode()
    assert line in Client().get(player_url(event, 10, "")).content.decode()  # and the partner
    assert line not in Client().get(player_url(event, 11, "")).content.decode()


def test_two_pairs_that_cannot_move_in_a_howell_must_meet_and_the_plan_says_where(organizer, club):
    client = Client()
    client.force_login(organizer)
    # pairs 2 and 5 in a whole Howell (7 rounds of 4 hands): every two pairs meet once
    event = _pairs_event(client, club, 8, "howell", marked=[3, 9], hands=28)
    assert event.movement is not None  # seated: one round away beats no Howell at all
    plan = client.get(f"/events/{event.slug}/seating/").content.decode()
    assert 'data-testid="stationary-away"' in plan
    assert "this movement makes two such pairs play each other" in plan
    assert "A Mitchell keeps every such pair at its own table" in plan
    assert plan.count("9 P9 plays at table") + plan.count("3 P3 plays at table") == 1
    cards = client.get(f"/print/{event.slug}/movement_cards/").content.decode()
    # the pair that goes to the other's table once is not told it keeps its seat
    assert cards.count("Your pair keeps one table and side all evening") == 1
    from tournaments.selectors.links import player_url
    from tournaments.services import events

    events.event_start(event_id=event.pk)
    pages = {n: Client().get(player_url(event, n, "")).content.decode() for n in (3, 4, 9, 10)}
    told = [n for n, page in pages.items() if 'data-testid="stationary-away"' in page]
    assert told in ([3, 4], [9, 10])  # both players of the pair that moves once, no one else
    assert "In these rounds you play elsewhere:" in pages[told[0]]
    assert "Round " in pages[told[0]].split('data-testid="stationary-away"')[1].split("</ul>")[0]


def test_more_pairs_that_cannot_move_than_tables_is_refused_in_plain_words(organizer, club):
    client = Client()
    client.force_login(organizer)
    event = _pairs_event(client, club, 4, "mitchell", marked=[1, 3, 5])  # 2 tables
    assert event.movement is None
    page = client.get(f"/events/{event.slug}/seating/").content.decode()
    assert (
        "3 pairs have a player who cannot move, but only 2 pairs can keep their table all "
        "evening. Unmark some on the players page."
    ) in page


def test_tables_of_five_keep_a_player_who_cannot_move_in_one_seat(organizer, club):
    from tests.services.organizer_helpers import seat_map
    from tournaments.services import seating

    client = Client()
    client.force_login(organizer)
    event = make_event(players=10, club=club, kind="esmakker", hands=8, hands_per_round=4)
    seating.event_odd_numbers_set(event_id=event.pk, choice="fives")
    entry = event.entries.get(number=7)
    client.post(f"/events/{event.slug}/players/{entry.pk}/stationary/", {"stationary": "1"})
    client.post(f"/events/{event.slug}/do/seat/")
    event.refresh_from_db()
    assert event.movement["fives"]
    assert {seat_map(event, r)[7] for r in (1, 2)} == {(1, "N")}
    plan = client.get(f"/events/{event.slug}/seating/").content.decode()
    assert 'data-testid="stationary-note"' in plan and 'data-testid="stationary-away"' not in plan


def test_a_player_who_left_early_reads_withdrawn_on_their_page_not_a_place(club):
    """The UK walk: a player who went home read "Position 27" where the standings list 26."""
    from tests.services.organizer_helpers import confirm, started_event
    from tournaments.selectors.links import player_url
    from tournaments.services import entries, rounds

    event = started_event(players=9, club=club, hands=2)
    leaver = event.entries.get(number=3)
    entries.entry_withdraw(event_id=event.pk, entry_id=leaver.pk)
    confirm(event, 1)
    rounds.round_close(event_id=event.pk, round_number=1)
    page = Client().get(player_url(event, 3, "")).content.decode()
    assert 'data-testid="withdrawn"' in page and "Withdrawn · 1 hand played" in page
    assert "Position" not in page
    assert "Position" in Client().get(player_url(event, 4, "")).content.decode()
