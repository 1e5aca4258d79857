"""Registration: roster picks, new names, pasted lists, CSV, roles, pairs, arrivals, withdrawals, late entries."""

import pytest

from tests.factories import PlayerFactory
from tests.services.organizer_helpers import confirm, make_event, seat_map, started_event
from tournaments.errors import DomainError, NotFound
from tournaments.models import Entry, Event, Player
from tournaments.selectors.seating import plan_summary
from tournaments.selectors.standings import event_standings
from tournaments.services import entries, rounds, seating

pytestmark = pytest.mark.django_db


def test_register_from_roster_names_paste_and_csv():
    event = make_event(players=0)
    roster = PlayerFactory(club=event.club, name="Rosie")
    added = entries.players_register(
        event_id=event.pk,
        player_ids=[roster.pk],
        names=["Newton"],
        text="Ann\nBob, 1234, gent\n\n",
        csv_content="name,membership,role\nCat,99,lady\nDan,,\n",
    )
    assert [(e.number, e.player.name, e.role) for e in added] == [
        (1, "Rosie", ""),
        (2, "Newton", ""),
        (3, "Ann", ""),
        (4, "Bob", "gent"),
        (5, "Cat", "lady"),
        (6, "Dan", ""),
    ]
    assert Player.objects.get(name="Bob").membership_number == "1234"


def test_a_known_membership_number_finds_the_roster_player():
    event = make_event(players=0)
    known = PlayerFactory(club=event.club, name="Ann Smith", membership_number="77")
    added = entries.players_register(event_id=event.pk, text="Ann S., 77")
    assert added[0].player == known
    assert Player.objects.filter(club=event.club).count() == 1


def test_a_member_typed_by_name_is_the_member_not_a_second_player():
    event = make_event(players=0)
    member = PlayerFactory(club=event.club, name="Jan de Vries", membership_number="101")
    PlayerFactory(club=event.club, name="Jan de Vries")  # a namesake guest, typed in earlier
    (added,) = entries.players_register(event_id=event.pk, names=["  jan  DE vries "])
    assert added.player == member
    later = make_event(players=0, club=event.club)
    listed = entries.players_register(
        event_id=later.pk, text="Jan de Vries\nMarie Claes\nmarie claes"
    )
    assert listed[0].player == member and len(listed) == 2  # Marie once
    assert Player.objects.filter(club=event.club).count() == 3


def test_registering_someone_already_in_is_refused_by_name_but_a_list_may_be_pasted_again():
    event = make_event(players=0)
    player = PlayerFactory(club=event.club, name="Jan de Vries")
    entries.players_register(event_id=event.pk, player_ids=[player.pk])
    for asked in ({"player_ids": [player.pk]}, {"names": ["Jan de Vries"]}):
        with pytest.raises(DomainError) as info:
            entries.players_register(event_id=event.pk, **asked)
        assert info.value.code == "E_ALREADY_IN" and info.value.field == "names"
        assert info.value.message == "Already registered this evening: Jan de Vries (player 1)."
    assert entries.players_register(event_id=event.pk, text="Jan de Vries") == []
    assert event.entries.count() == 1


def test_another_clubs_player_cannot_be_registered():
    event = make_event(players=0)
    with pytest.raises(NotFound) as info:
        entries.players_register(event_id=event.pk, player_ids=[PlayerFactory().pk])
    assert info.value.code == "E_NOT_FOUND"


@pytest.mark.parametrize(
    ("kwargs", "field", "fragment"),
    [
        ({"text": "Ann, 1, queen"}, "text", "Line 1 (Ann, 1, queen): Unknown role 'queen'"),
        ({"text": "Ann\nBob, 1, gent, extra"}, "text", "Line 2"),
        ({"csv_content": "name\nAnn,,king"}, "csv", "Line 2 (Ann,,king): more cells"),
        ({}, "names", "Pick a player"),
    ],
)
def test_bad_lists_are_refused_and_nothing_is_written(kwargs, field, fragment):
    event = make_event(players=0)
    with pytest.raises(DomainError) as info:
        entries.players_register(event_id=event.pk, **kwargs)
    assert info.value.field == field and fragment in info.value.message
    assert not Entry.objects.exists() and not Player.objects.exists()


def test_registration_after_the_start_is_refused():
    event = started_event(players=8)
    with pytest.raises(DomainError) as info:
        entries.players_register(event_id=event.pk, names=["Late"])
    assert info.value.code == "E_STARTED"


def test_registration_clears_a_seating_made_before():
    event = make_event(players=8)
    seating.event_seat(event_id=event.pk)
    entries.players_register(event_id=event.pk, names=["Ninth"])
    event.refresh_from_db()
    assert event.movement is None and not event.rounds.exists()


def test_roles():
    event = make_event(players=4)
    entry = event.entries.first()
    assert entries.entry_set_role(event_id=event.pk, entry_id=entry.pk, role="Lady").role == "lady"
    with pytest.raises(DomainError) as info:
        entries.entry_set_role(event_id=event.pk, entry_id=entry.pk, role="duke")
    assert info.value.field == "role"


def test_pairs_in_order_and_by_mapping():
    event = make_event(players=4, kind="pairs_drive")
    pairs = entries.entries_pair(event_id=event.pk)
    assert [sorted(e.number for e in p.entries.all()) for p in pairs] == [[1, 2], [3, 4]]
    pairs = entries.entries_pair(event_id=event.pk, mapping=[[1, 3], [2, 4]])
    assert [sorted(e.number for e in p.entries.all()) for p in pairs] == [[1, 3], [2, 4]]
    assert pairs[0].name == "P1 & P3"


@pytest.mark.parametrize(
    ("mapping", "fragment"),
    [
        ([[1, 1]], "two different"),
        ([[1, 9]], "No player number 9"),
        ([[1, 2], [2, 3]], "two pairs"),
    ],
)
def test_bad_pair_mappings_are_refused(mapping, fragment):
    event = make_event(players=4, kind="pairs_drive")
    with pytest.raises(DomainError, match=fragment):
        entries.entries_pair(event_id=event.pk, mapping=mapping)


def test_an_odd_number_cannot_pair_in_order():
    event = make_event(players=5, kind="pairs_drive")
    with pytest.raises(DomainError) as info:
        entries.entries_pair(event_id=event.pk)
    assert info.value.code == "E_ODD_PLAYERS"


def test_a_player_not_arrived_is_not_seated():
    event = make_event(players=9)
    entry = event.entries.get(number=9)
    entries.entry_mark_arrived(event_id=event.pk, entry_id=entry.pk, arrived=False)
    seating.event_seat(event_id=event.pk)
    assert 9 not in seat_map(event, 1)
    assert plan_summary(event=event)["sit_out"] == 0


def test_withdrawal_before_the_start():
    event = make_event(players=9)
    entry = event.entries.get(number=9)
    entries.entry_withdraw(event_id=event.pk, entry_id=entry.pk)
    assert plan_summary(event=event)["units"] == 8
    with pytest.raises(DomainError) as info:
        entries.entry_withdraw(event_id=event.pk, entry_id=entry.pk)
    assert info.value.code == "E_WITHDRAWN"


def test_withdrawal_during_a_progressive_drive_leaves_a_sit_out_from_the_next_round():
    event = started_event(players=8, hands=4)
    leaving = event.entries.get(number=3)
    entries.entry_withdraw(event_id=event.pk, entry_id=leaving.pk)
    assert Entry.objects.get(pk=leaving.pk).withdrawn_round == 2
    assert seat_map(event, 1)[3][0] is not None  # round 1, being played, is untouched
    confirm(event, 1)
    rounds.round_close(event_id=event.pk, round_number=1)
    second = seat_map(event, 2)
    assert 3 not in second
    assert sum(1 for table, _ in second.values() if table is None) == 3  # 7 players: one table
    assert sum(1 for table, _ in second.values() if table is not None) == 4


def test_a_not_arrived_player_cannot_be_unmarked_after_the_start():
    event = started_event(players=8)
    with pytest.raises(DomainError, match="withdraw"):
        entries.entry_mark_arrived(
            event_id=event.pk, entry_id=event.entries.first().pk, arrived=False
        )


def test_late_arrival_in_a_fixed_movement_replans_from_the_next_round_only():
    event = started_event(players=8, movement_kind="individual", hands=4)
    played = seat_map(event, 1)
    late = entries.entry_add_late(event_id=event.pk, names=["Latecomer"])
    assert late[0].joined_round == 2
    assert seat_map(event, 1) == played
    for number in (2, 3, 4):
        assert 9 in seat_map(event, number)
    replans = event.__class__.objects.get(pk=event.pk).movement["replans"]
    assert replans[0]["from_round"] == 2 and replans[0]["players"] == 9


def test_a_late_arrival_gets_the_role_given_and_an_unknown_one_is_refused():
    event = started_event(players=8, hands=3)
    (late,) = entries.entry_add_late(event_id=event.pk, names=["Latecomer"], role="gent")
    assert late.role == "gent"
    with pytest.raises(DomainError, match="Unknown role"):
        entries.entry_add_late(event_id=event.pk, names=["Other"], role="knave")
    assert event.entries.count() == 9


def test_late_arrival_in_a_progressive_drive_is_seated_when_the_next_round_is_made():
    event = started_event(players=8, hands=3)
    entries.entry_add_late(event_id=event.pk, names=["Latecomer"])
    confirm(event, 1)
    rounds.round_close(event_id=event.pk, round_number=1)
    assert 9 in seat_map(event, 2)  # seated or sitting out
    assert sum(1 for table, _ in seat_map(event, 2).values() if table is None) == 1


def test_late_arrival_when_the_next_round_is_already_seated():
    event = started_event(players=8, hands=3)
    confirm(event, 1)
    rounds.round_close(event_id=event.pk, round_number=1)
    entries.entry_add_late(event_id=event.pk, names=["A", "B", "C", "D"])
    second = seat_map(event, 2)
    assert len(second) == 12 and all(table is not None for table, _ in second.values())


@pytest.mark.parametrize("seed", range(6))
def test_a_late_couple_after_a_withdrawal_sit_in_their_own_roles_chairs(seed):
    """A UK walk: a gent went home and a late lady and gent came before round 11; the
    couple sat in each other's chairs (and moved so) every round after."""
    from tournaments.selectors.rounds import roles_crossed

    event = started_event(players=16, hands=4, roles=["lady", "gent"] * 8, movement_seed=seed)
    confirm(event, 1)
    rounds.round_close(event_id=event.pk, round_number=1)
    gent = event.entries.get(number=2)
    entries.entry_withdraw(event_id=event.pk, entry_id=gent.pk)
    entries.entry_add_late(event_id=event.pk, names=["Rose"], role="lady")
    entries.entry_add_late(event_id=event.pk, names=["Walter"], role="gent")
    for number in (2, 3, 4):  # 9 ladies and 8 gents: a lady sits out, nobody crosses
        out = [n for n, (table, _seat) in seat_map(event, number).items() if table is None]
        assert len(out) == 1 and event.entries.get(number=out[0]).role == "lady"
        assert roles_crossed(event=Event.objects.get(pk=event.pk)) == []
        if number < 4:
            rounds.round_open(event_id=event.pk)
            confirm(Event.objects.get(pk=event.pk), number)
            rounds.round_close(event_id=event.pk, round_number=number)


def test_late_arrivals_in_a_pairs_event_come_two_by_two():
    event = started_event(players=8, kind="pairs_drive", hands=8)
    with pytest.raises(DomainError) as info:
        entries.entry_add_late(event_id=event.pk, names=["Solo"])
    assert info.value.code == "E_ODD_PLAYERS"
    assert not Entry.objects.filter(player__name="Solo").exists()
    added = entries.entry_add_late(event_id=event.pk, names=["X", "Y"])
    x, y = (Entry.objects.get(pk=e.pk) for e in added)
    assert x.pair_id == y.pair_id is not None
    assert {x.number, y.number} <= set(
        seat_map(event, 2)
    )  # the new pair plays (or has a bye) in round 2
    # a US walk: a name already playing, or the same name twice, was told "two by two"
    playing = Entry.objects.get(event=event, number=1).player.name
    for names, said in (
        ([playing, "Zed"], f"Already registered this evening: {playing} (player 1)."),
        (["Zed", "Zed"], "Named twice: Zed."),
    ):
        with pytest.raises(DomainError) as info:
            entries.entry_add_late(event_id=event.pk, names=names)
        assert (info.value.code, info.value.message) == ("E_ALREADY_IN", said)
    assert not Entry.objects.filter(player__name="Zed").exists()


def test_nobody_joins_when_every_round_has_been_opened():
    event = started_event(players=8, hands=1)
    with pytest.raises(DomainError) as info:
        entries.entry_add_late(event_id=event.pk, names=["Too late"])
    assert info.value.code == "E_NO_ROUND_LEFT"


def test_a_player_withdrawn_before_the_start_gets_no_card_and_is_not_news():
    """Withdrawn before round 1: no movement card, not listed as "withdrawn" on the results."""
    from tournaments.selectors.printing import print_document
    from tournaments.selectors.standings import event_standings
    from tournaments.services import events

    event = make_event(players=9)
    gone = event.entries.get(number=9)
    entries.entry_withdraw(event_id=event.pk, entry_id=gone.pk)
    seating.event_seat(event_id=event.pk)
    events.event_start(event_id=event.pk)
    rounds.round_open(event_id=event.pk)
    event.refresh_from_db()
    cards = print_document(event=event, document="movement_cards", options={})["cards"]
    assert [c["number"] for c in cards] == list(range(1, 9))
    assert event_standings(event=event)["withdrawn"] == []


def test_delete_is_for_before_the_start_and_a_name_is_put_right_until_published():
    event = make_event(players=6)
    pair_event = make_event(players=4, kind="pairs_drive")
    entries.entries_pair(event_id=pair_event.pk)
    first = pair_event.entries.get(number=1)
    assert entries.entry_delete(event_id=pair_event.pk, entry_id=first.pk) == "P1"
    assert pair_event.pairs.count() == 1 and pair_event.entries.filter(pair=None).count() == 1
    with pytest.raises(DomainError) as err:
        entries.entry_rename(event_id=event.pk, entry_id=event.entries.first().pk, name="  ")
    assert err.value.code == "E_REQUIRED" and err.value.field == "name"
    running = started_event(players=8)
    entry = running.entries.get(number=1)
    with pytest.raises(DomainError) as err:
        entries.entry_delete(event_id=running.pk, entry_id=entry.pk)
    assert err.value.code == "E_STARTED"
    assert running.entries.count() == 8
    version = Event.objects.get(pk=running.pk).version
    # a typo found at the tea break: the standings and the screen carry the right name
    entries.entry_rename(event_id=running.pk, entry_id=entry.pk, name="Vera Kenyon")
    assert Event.objects.get(pk=running.pk).version > version
    names = [
        r["name"] for r in event_standings(event=Event.objects.get(pk=running.pk))["standings"]
    ]
    assert "Vera Kenyon" in names
    Event.objects.filter(pk=running.pk).update(status="published")
    with pytest.raises(DomainError) as err:
        entries.entry_rename(event_id=running.pk, entry_id=entry.pk, name="Vera K.")
    assert err.value.code == "E_PUBLISHED"


def test_a_pair_leaves_together_once_a_pairs_event_runs(client):
    """A walk of a US night: a team left mid-round and the organizer withdrew one player
    at a time; the partner stayed "here", holding a seat nobody could fill."""
    event = started_event(players=8, kind="pairs_drive", hands=8)
    first = event.entries.get(number=1)
    partner = event.entries.filter(pair_id=first.pair_id).exclude(pk=first.pk).get()
    from tests.factories import UserFactory

    user = UserFactory()
    event.club.organizers.add(user)
    client.force_login(user)
    url = f"/events/{event.slug}/players/{first.pk}/withdraw/"
    asked = client.post(url).content.decode()
    assert f"Withdraw {first.player.name} and their partner {partner.player.name}?" in asked
    done = client.post(url, {"confirmed": "1"}, follow=True).content.decode()
    assert f"{first.player.name} withdrawn. Their partner leaves with them." in done
    rows = Entry.objects.filter(pair_id=first.pair_id).values_list("withdrawn_round", flat=True)
    assert list(rows) == [2, 2]
    log = event.log.filter(action="withdraw").get()
    assert log.detail["entry"] == 1 and log.detail["partner"] == partner.number
    said = f"Players 1 and {partner.number} (a pair) withdrawn from round 2"
    assert said in client.get(f"/events/{event.slug}/").content.decode()  # the activity log
    assert {first.number, partner.number}.isdisjoint(seat_map(event, 2))

    draft = make_event(players=4, kind="pairs_drive")
    entries.entries_pair(event_id=draft.pk)
    alone = entries.entry_withdraw(event_id=draft.pk, entry_id=draft.entries.get(number=1).pk)
    assert (
        alone.withdrawn_round == 1
        and draft.entries.filter(withdrawn_round__isnull=True).count() == 3
    )


def test_a_member_comes_back_in_the_role_of_their_last_evening():
    """A Dutch season: evening 2's known members keep evening 1's dame/heer without the
    organizer setting twenty roles again; a role given tonight wins."""
    first = make_event(players=4, roles=["lady", "gent", "lady", "gent"])
    second = make_event(players=0, club=first.club)
    entries.players_register(event_id=second.pk, text="P1\nP2\nP3, , gent\nNewcomer")
    roles = dict(second.entries.values_list("player__name", "role"))
    assert roles == {"P1": "lady", "P2": "gent", "P3": "gent", "Newcomer": ""}


def test_a_late_arrivals_hands_before_they_came_are_not_waited_for():
    """A UK walk: with every table reported, the late arrival's row read "3 not in yet" for
    the hands before she came, which never will be. Nothing waits for them, and they are
    not sat out either: they earn no credit (docs/rules.md §F24)."""
    event = started_event(players=8, hands=3, hands_per_round=1)
    confirm(event, 1)
    rounds.round_close(event_id=event.pk, round_number=1)
    entries.entry_add_late(event_id=event.pk, names=["Hilda Latimer"])
    for number in (2, 3):
        rounds.round_open(event_id=event.pk)
        confirm(Event.objects.get(pk=event.pk), number)
        rounds.round_close(event_id=event.pk, round_number=number)
    rows = event_standings(event=Event.objects.get(pk=event.pk))["standings"]
    hilda = next(r for r in rows if r["name"] == "Hilda Latimer")
    assert hilda["waiting"] == 0 and hilda["played"] + hilda["sat_out"] == 2  # hands 2 and 3
    assert all(r["waiting"] == 0 for r in rows)


def _repeat_meetings(event) -> int:
    """How many times two pairs meet again over the whole evening, as seated."""
    from collections import Counter

    from tournaments.models import Seating

    sides: dict[tuple, set] = {}
    for rnd, table, seat, pair in Seating.objects.filter(
        event=event, table__isnull=False
    ).values_list("round__number", "table__number", "seat", "entry__pair__number"):
        sides.setdefault((rnd, table, seat in "NS"), set()).add(pair)
    met = Counter(
        frozenset((*sides[(r, t, True)], *sides[(r, t, False)]))
        for (r, t, ns) in sides
        if ns and (r, t, False) in sides
    )
    return sum(n - 1 for n in met.values())


@pytest.mark.parametrize(
    ("movement_kind", "players", "hands", "again"),
    # meetings played again without the renumbering: 13 in each
    [("mitchell", 24, 24, 0), ("round_robin", 22, 32, 0)],
)
def test_a_pair_leaving_mid_evening_is_replanned_around_the_meetings_played(
    movement_kind, players, hands, again
):
    """A French walk: after a pair withdrew, the re-planned rounds had 8 pairs meet again.
    The plan for the rounds left is numbered to repeat as few meetings played as it can."""
    event = started_event(
        players=players, kind="pairs_drive", movement_kind=movement_kind, hands=hands
    )
    for number in (1, 2):
        confirm(event, number)
        rounds.round_close(event_id=event.pk, round_number=number)
        rounds.round_open(event_id=event.pk)
    assert _repeat_meetings(event) == 0
    entries.entry_withdraw(event_id=event.pk, entry_id=event.entries.get(number=1).pk)
    event.refresh_from_db()
    assert event.movement["replans"][0]["from_round"] == 4
    assert _repeat_meetings(event) == again


def test_after_a_replan_the_table_plan_grades_the_whole_evening(client):
    """The French walk's grade box still showed the plan made before a pair left."""
    from tests.factories import UserFactory
    from tournaments.selectors.seating import evening_grade

    event = started_event(players=12, kind="pairs_drive", movement_kind="round_robin", hands=20)
    assert evening_grade(event=event) is None  # no re-plan: the movement's own grade stands
    confirm(event, 1)
    rounds.round_close(event_id=event.pk, round_number=1)
    rounds.round_open(event_id=event.pk)
    entries.entry_withdraw(event_id=event.pk, entry_id=event.entries.get(number=1).pk)
    event.refresh_from_db()
    # 5 pairs for the last 3 rounds cannot all meet new opponents: one pairing comes twice
    assert evening_grade(event=event) == {"replanned": [3], "max_meetings": 2}
    user = UserFactory()
    event.club.organizers.add(user)
    client.force_login(user)
    page = client.get(f"/events/{event.slug}/seating/").content.decode()
    note = page.split('data-testid="grade-replanned">')[1].split("</p>")[0]
    assert (
        note
        == "Re-planned from round 3 (players joined or left): the figures are the whole evening's, as seated."
    )
    assert "<dt>Most meetings</dt><dd>2</dd>" in page
    assert "Every pair meets every other" not in page  # the plan's figure, out of date
