"""Event creation, edits and the status workflow: every transition and every refusal."""

import pytest

from tests.factories import ClubFactory
from tests.services.organizer_helpers import DATE, confirm, make_event, started_event
from tournaments.errors import DomainError
from tournaments.models import Event, EventLog
from tournaments.services import events, rounds, seating

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("kind", "movement", "per_round", "trumps", "rules"),
    [
        ("individual_drive", "winners_split", 1, ["H", "C", "D", "S"], {}),
        ("pairs_drive", "mitchell", 4, ["H", "C", "D", "S"], {}),
        ("robber", "round_robin", 6, [], {"preset": "club_short"}),
        ("bidwhist", "round_robin", 8, [], {"preset": "seed"}),
        ("esmakker", "individual", 4, [], {}),
    ],
)
def test_create_fills_the_defaults_of_its_kind(kind, movement, per_round, trumps, rules):
    event = events.event_create(club=ClubFactory(), name="Friday", date=DATE, kind=kind)
    assert (event.movement_kind, event.hands_per_round, event.trumps, event.rules) == (
        movement,
        per_round,
        trumps,
        rules,
    )
    assert event.status == "draft"
    assert event.log.filter(action="create").exists()


def test_the_drive_default_is_24_hands_one_a_round_hearts_clubs_diamonds_spades():
    event = events.event_create(club=ClubFactory(), name="Friday", date=DATE)
    assert (event.hands, event.hands_per_round, event.round_count) == (24, 1, 24)
    assert event.trumps == ["H", "C", "D", "S"]


def test_slugs_are_unique():
    club = ClubFactory()
    a = events.event_create(club=club, name="Friday drive", date=DATE)
    b = events.event_create(club=club, name="Friday drive", date=DATE)
    assert a.slug == "friday-drive-2026-11-29"
    assert b.slug == "friday-drive-2026-11-29-2"
    # a Danish walk's "Prøveaften" was /e/prveaften-...: the letters are spelled, not dropped
    danish = events.event_create(club=club, name="Prøveaften i Ærø", date=DATE)
    assert danish.slug == "proeveaften-i-aeroe-2026-11-29"
    from tournaments.services import seasons

    season = seasons.season_create(club=club, name="Seizoen 2026/2027", ladder="total")
    assert season.slug == "seizoen-2026-2027"  # not "seizoen-20262027" (a Dutch walk)


@pytest.mark.parametrize(
    ("fields", "field", "code"),
    [
        ({"rules": {"preset": "nope"}}, "rules", "E_RULES"),
        ({"rules": {"bogus": 1}}, "rules", "E_RULES"),
        ({"hands": 61}, "hands", "E_HANDS"),
        ({"hands_per_round": 30}, "hands_per_round", "E_HANDS"),
        ({"trumps": ["X"]}, "trumps", "E_TRUMPS"),
        ({"trumps": []}, "trumps", "E_TRUMPS"),
        ({"movement_kind": "mitchell"}, "movement_kind", "E_MOVEMENT"),
    ],
)
def test_create_refuses_bad_settings_beside_the_field(fields, field, code):
    with pytest.raises(DomainError) as info:
        events.event_create(club=ClubFactory(), name="Friday", date=DATE, **fields)
    assert (info.value.field, info.value.code) == (field, code)
    assert not Event.objects.exists()


def test_create_needs_a_name():
    with pytest.raises(DomainError) as info:
        events.event_create(club=ClubFactory(), name="  ", date=DATE)
    assert info.value.field == "name"


def test_robber_rules_are_checked_by_the_rubber_engine():
    with pytest.raises(DomainError) as info:
        events.event_create(
            club=ClubFactory(), name="League", date=DATE, kind="robber", rules={"preset": "bogus"}
        )
    assert "club_short" in info.value.message


def test_update_before_start_clears_a_stale_seating():
    event = make_event(players=8)
    seating.event_seat(event_id=event.pk)
    event = events.event_update(event_id=event.pk, hands=12)
    assert event.hands == 12 and event.movement is None
    assert not event.rounds.exists()


def test_changing_kind_brings_its_defaults():
    event = make_event(players=0)
    event = events.event_update(event_id=event.pk, kind="robber")
    assert (event.movement_kind, event.rules, event.trumps) == (
        "round_robin",
        {"preset": "club_short"},
        [],
    )


def test_structural_update_after_start_is_refused_but_the_name_may_change():
    event = started_event(players=8)
    with pytest.raises(DomainError) as info:
        events.event_update(event_id=event.pk, hands=12)
    assert info.value.code == "E_STARTED" and info.value.field == "hands"
    assert events.event_update(event_id=event.pk, name="Renamed").name == "Renamed"


def test_rules_are_fixed_once_the_event_runs():
    draft = make_event(players=0, kind="robber")
    assert events.event_update(event_id=draft.pk, rules={"preset": "club_long"}).rules == {
        "preset": "club_long"
    }
    event = started_event(players=8)
    with pytest.raises(DomainError) as info:
        events.event_update(event_id=event.pk, rules={"preset": "club_long"})
    assert info.value.code == "E_STARTED" and info.value.field == "rules"
    event.refresh_from_db()
    assert event.rules == {}


def test_status_workflow_end_to_end_and_logged():
    event = make_event(players=8, hands=2)
    assert events.event_open(event_id=event.pk).status == "open"
    seating.event_seat(event_id=event.pk)
    assert events.event_start(event_id=event.pk).status == "running"
    for number in (1, 2):
        rounds.round_open(event_id=event.pk)
        confirm(event, number)
        rounds.round_close(event_id=event.pk, round_number=number)
    assert events.event_finish(event_id=event.pk).status == "finished"
    assert events.event_publish(event_id=event.pk).status == "published"
    assert events.event_reopen(event_id=event.pk, reason="typo").status == "finished"
    assert events.event_reopen(event_id=event.pk).status == "running"
    actions = list(EventLog.objects.filter(event=event).values_list("action", flat=True))
    assert [a for a in actions if a in {"open", "start", "finish", "publish", "reopen"}] == [
        "open",
        "start",
        "finish",
        "publish",
        "reopen",
        "reopen",
    ]
    assert EventLog.objects.get(event=event, action="reopen_reason").detail == {"reason": "typo"}


def test_every_transition_bumps_the_version():
    event = make_event(players=8)
    before = Event.objects.get(pk=event.pk).version
    events.event_open(event_id=event.pk)
    assert Event.objects.get(pk=event.pk).version == before + 1


@pytest.mark.parametrize(
    ("service", "message"),
    [
        (events.event_start, "Seat the players"),
        (events.event_finish, "Cannot finish"),
        (events.event_publish, "Cannot publish"),
        (events.event_reopen, "Cannot reopen"),
    ],
)
def test_illegal_transitions_from_draft_are_refused(service, message):
    event = make_event(players=8)
    with pytest.raises(DomainError) as info:
        service(event_id=event.pk)
    assert message in info.value.message
    assert Event.objects.get(pk=event.pk).status == "draft"


def test_open_twice_is_refused():
    event = make_event(players=8)
    events.event_open(event_id=event.pk)
    with pytest.raises(DomainError, match="Cannot open registration"):
        events.event_open(event_id=event.pk)


def test_start_twice_is_refused():
    event = started_event(players=8)
    with pytest.raises(DomainError, match="Cannot start"):
        events.event_start(event_id=event.pk)


def test_finish_with_an_open_round_is_refused():
    event = started_event(players=8)
    with pytest.raises(DomainError) as info:
        events.event_finish(event_id=event.pk)
    assert info.value.code == "E_ROUND_OPEN"


def test_finish_before_anything_was_played_is_refused():
    event = make_event(players=8)
    seating.event_seat(event_id=event.pk)
    events.event_start(event_id=event.pk)
    with pytest.raises(DomainError) as info:
        events.event_finish(event_id=event.pk)
    assert info.value.code == "E_NOTHING_PLAYED"


def test_a_published_event_cannot_be_edited_without_reopening():
    event = make_event(players=8, hands=1)
    seating.event_seat(event_id=event.pk)
    events.event_start(event_id=event.pk)
    rounds.round_open(event_id=event.pk)
    confirm(event, 1)
    rounds.round_close(event_id=event.pk, round_number=1)
    events.event_finish(event_id=event.pk)
    events.event_publish(event_id=event.pk)
    with pytest.raises(DomainError, match="reopen"):
        events.event_update(event_id=event.pk, name="New")
