"""The room's screen: round clock, announcement, seating board, prize-giving (services/screen.py)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from tests.factories import build_seated_event
from tests.selectors.test_standings import nine_player_drive
from tournaments.errors import DomainError
from tournaments.models import Event, EventLog
from tournaments.models_screen import EventScreen
from tournaments.selectors.screen import clock_state, screen_of, screen_view
from tournaments.selectors.standings import compute_standings, event_standings
from tournaments.services import screen

pytestmark = pytest.mark.django_db


def state(event):
    event = Event.objects.get(pk=event.pk)
    return clock_state(screen_of(event), event)


def test_a_fresh_clock_is_stopped_at_the_minutes_of_a_round():
    event = build_seated_event(players=8, hands_per_round=3)
    assert state(event) == {"state": "stopped", "left": 21 * 60, "minutes": 21, "warn": 120}


def test_start_pause_resume_and_adjust_keep_the_time_left():
    event = build_seated_event(players=8)
    screen.screen_minutes_set(event_id=event.pk, minutes=10)
    screen.screen_clock(event_id=event.pk, action="start")
    running = state(event)
    assert running["state"] == "running" and 595 <= running["left"] <= 600
    screen.screen_clock(event_id=event.pk, action="plus")
    assert 655 <= state(event)["left"] <= 660
    screen.screen_clock(event_id=event.pk, action="pause")
    paused = state(event)
    assert paused["state"] == "paused" and 655 <= paused["left"] <= 660
    # Paused means stored seconds: they do not run down while paused.
    EventScreen.objects.filter(event=event).update(seconds_left=300)
    screen.screen_clock(event_id=event.pk, action="minus")
    assert state(event)["left"] == 240
    screen.screen_clock(event_id=event.pk, action="resume")
    resumed = state(event)
    assert resumed["state"] == "running" and 235 <= resumed["left"] <= 240
    screen.screen_clock(event_id=event.pk, action="stop")
    assert state(event)["state"] == "stopped"


def test_the_clock_is_state_a_deadline_in_the_past_shows_zero():
    event = build_seated_event(players=8)
    screen.screen_clock(event_id=event.pk, action="start")
    EventScreen.objects.filter(event=event).update(ends_at=timezone.now() - timedelta(minutes=1))
    assert state(event) == {"state": "running", "left": 0, "minutes": 7, "warn": 120}
    screen.screen_clock(event_id=event.pk, action="minus")  # never before now
    assert state(event)["left"] == 0


@pytest.mark.parametrize(
    ("call", "code"),
    [
        (lambda e: screen.screen_clock(event_id=e.pk, action="plus"), "E_CLOCK_STOPPED"),
        (lambda e: screen.screen_clock(event_id=e.pk, action="resume"), "E_CLOCK_STATE"),
        (lambda e: screen.screen_clock(event_id=e.pk, action="explode"), "E_CLOCK_ACTION"),
        (lambda e: screen.screen_minutes_set(event_id=e.pk, minutes=0), "E_CLOCK_MINUTES"),
        (lambda e: screen.screen_message_set(event_id=e.pk, text="x" * 141), "E_MESSAGE_LONG"),
        (lambda e: screen.screen_reveal(event_id=e.pk, action="start"), "E_EVENT_STATUS"),
    ],
)
def test_bad_screen_commands_are_refused_and_change_nothing(call, code):
    event = build_seated_event(players=8)
    before = Event.objects.get(pk=event.pk).version
    with pytest.raises(DomainError) as refused:
        call(event)
    assert refused.value.code == code and refused.value.message
    assert Event.objects.get(pk=event.pk).version == before


def test_every_change_bumps_the_version_and_is_logged():
    event = build_seated_event(players=8)
    before = Event.objects.get(pk=event.pk).version
    screen.screen_message_set(event_id=event.pk, text="  Half-time:   tea is served  ")
    assert screen_of(event).message == "Half-time: tea is served"
    assert Event.objects.get(pk=event.pk).version == before + 1
    assert EventLog.objects.filter(event=event, action="screen_message").exists()
    screen.screen_message_set(event_id=event.pk, text="")
    assert screen_of(event).message == ""


def test_prize_giving_reveals_from_the_booby_to_the_winner():
    event = nine_player_drive()
    Event.objects.filter(pk=event.pk).update(status=Event.Status.FINISHED)
    prizes = event_standings(event=Event.objects.get(pk=event.pk))["prizes"]
    assert prizes[0]["label"] == "1st" and prizes[-1]["code"] == "booby"
    screen.screen_reveal(event_id=event.pk, action="start")
    view = screen_view(event=Event.objects.get(pk=event.pk))
    assert view["reveal"]["shown"] == [] and view["reveal"]["total"] == len(prizes)
    seen = []
    for _ in range(len(prizes) + 2):  # stepping past the last prize stays on it
        screen.screen_reveal(event_id=event.pk, action="next")
        seen.append(screen_view(event=Event.objects.get(pk=event.pk))["reveal"]["latest"]["label"])
    assert seen[0] == "Booby prize"
    assert seen[len(prizes) - 1] == "1st" and seen[-1] == "1st"
    steps = EventLog.objects.filter(event=event, action="screen_reveal").count()
    assert steps == 1 + len(prizes)  # the clicks past the last prize logged nothing
    from django.template import Context, Template

    controls = Template("{% load screen %}{% screen_controls event %}").render(
        Context({"event": Event.objects.get(pk=event.pk)})
    )
    assert (
        "Reveal the next prize" not in controls
        and f"All {len(prizes)} prizes are shown." in controls
    )
    first = prizes[0]
    winners = ", ".join(w["name"] for w in first["winners"])
    assert f"On the screen now: <strong>1st</strong> — {winners}" in controls  # the MC reads it
    screen.screen_reveal(event_id=event.pk, action="back")
    assert screen_view(event=Event.objects.get(pk=event.pk))["reveal"]["latest"]["label"] == "2nd"
    controls = Template("{% load screen %}{% screen_controls event %}").render(
        Context({"event": Event.objects.get(pk=event.pk)})
    )
    assert "On the screen now: <strong>2nd</strong>" in controls and "Next: 1st" in controls
    assert 'name="next" value="#prize-giving"' in controls  # back at the buttons, not the top
    screen.screen_reveal(event_id=event.pk, action="end")
    assert screen_view(event=Event.objects.get(pk=event.pk))["reveal"] is None
    from tournaments.selectors.events import event_log_recent

    said = [
        item["label"] for item in event_log_recent(event=Event.objects.get(pk=event.pk), limit=2)
    ]
    assert said == [
        "Prize-giving over: the screen shows the results",
        f"Prize-giving: prizes shown so far: {len(prizes) - 1}",  # one back from the last
    ]


def test_a_finished_screen_keeps_the_winners_back_until_the_prize_giving_or_the_organizer():
    """A walk: pressing Finish put the winners on the projector before the MC read them."""
    event = nine_player_drive()
    Event.objects.filter(pk=event.pk).update(status=Event.Status.FINISHED)
    view = screen_view(event=Event.objects.get(pk=event.pk))
    assert view["holding"] and view["reveal"] is None and view["board"] is None
    screen.screen_reveal(event_id=event.pk, action="start")
    assert not screen_view(event=Event.objects.get(pk=event.pk))["holding"]  # the prize-giving
    screen.screen_reveal(event_id=event.pk, action="end")
    view = screen_view(event=Event.objects.get(pk=event.pk))
    assert not view["holding"] and view["reveal"] is None  # the results, after it
    other = nine_player_drive()
    Event.objects.filter(pk=other.pk).update(status=Event.Status.PUBLISHED)
    assert not screen_view(event=Event.objects.get(pk=other.pk))["holding"]  # published: shown


def hands_complete(event):
    """The screen's "after hand N": the standings' own figure."""
    return compute_standings(Event.objects.get(pk=event.pk))["after_hand"]


def test_hands_complete_counts_only_hands_every_table_has_played():
    event = nine_player_drive()  # three hands, all confirmed at both tables
    assert hands_complete(event) == 3
    event.results.filter(hand__number=2, table__number=2).delete()
    assert hands_complete(event) == 1


def test_the_seating_board_lists_every_player_by_name_between_rounds():
    event = build_seated_event(players=9, rounds=2, open_rounds=1)
    assert screen_view(event=event)["board"] is None  # round 1 is open: standings
    event.rounds.filter(number=1).update(status="closed")
    board = screen_view(event=Event.objects.get(pk=event.pk))["board"]
    assert board["round"] == 2
    names = [p["name"] for p in board["places"]]
    assert sorted(names) == sorted(f"P{i}" for i in range(1, 10)) and names == sorted(names)
    seated = [p for p in board["places"] if p["table"]]
    assert len(seated) == 8 and {p["seat"] for p in seated} == {"N", "S", "E", "W"}
    assert [p["name"] for p in board["places"] if p["table"] is None] == [
        "P1"
    ]  # the rotation sits P1 out


def test_results_once_published_are_not_held_back_when_the_event_is_reopened_to_correct():
    """A Dutch walk reopened an evening weeks later to correct it: its public page said
    "the prize-giving follows" and hid the results everyone had seen."""
    from tournaments.selectors.screen import results_held
    from tournaments.services import events

    event = nine_player_drive()
    Event.objects.filter(pk=event.pk).update(status=Event.Status.FINISHED)
    assert results_held(Event.objects.get(pk=event.pk), None)  # finished: held for the MC
    events.event_publish(event_id=event.pk)
    events.event_reopen(event_id=event.pk, reason="a correction from two weeks ago")
    reopened = Event.objects.get(pk=event.pk)
    assert reopened.status == Event.Status.FINISHED
    view = screen_view(event=reopened)
    assert not view["holding"] and not results_held(reopened, reopened.screen)


def test_the_seating_board_sorts_names_as_their_readers_do_and_ends_with_the_evening():
    """A German projector listed "Ännchen Groß" and "Ömer Çelik" after "Uwe"; and once the
    evening was finished with a round left unplayed, it showed that round's seats."""
    from django.utils import translation

    from tournaments.models import Player

    event = build_seated_event(players=8, rounds=2, open_rounds=1)
    names = ["Zora", "Ännchen Groß", "Klaus", "Käthe", "Ömer Çelik", "Åse", "Uwe", "Oskar"]
    for entry, name in zip(event.entries.order_by("number"), names, strict=True):
        Player.objects.filter(pk=entry.player_id).update(name=name)
    event.rounds.filter(number=1).update(status="closed")

    def board():
        return [
            p["name"] for p in screen_view(event=Event.objects.get(pk=event.pk))["board"]["places"]
        ]

    with translation.override("de"):
        assert board() == [
            "Ännchen Groß",
            "Åse",
            "Käthe",
            "Klaus",
            "Ömer Çelik",
            "Oskar",
            "Uwe",
            "Zora",
        ]
    with translation.override("da"):  # æ, ø, å after z
        assert board() == [
            "Klaus",
            "Käthe",
            "Oskar",
            "Uwe",
            "Zora",
            "Ännchen Groß",
            "Ömer Çelik",
            "Åse",
        ]
    Event.objects.filter(pk=event.pk).update(status="finished")
    assert screen_view(event=Event.objects.get(pk=event.pk))["board"] is None


def test_the_clock_and_message_buttons_bring_the_organizer_back_to_them():
    """An accessibility walk: "Start a 7-minute round" reloaded the dashboard at its top,
    some 30 Tab presses from the clock's buttons."""
    from django.template import Context, Template

    event = build_seated_event(players=8, rounds=2, open_rounds=1)
    controls = Template("{% load screen %}{% screen_controls event %}").render(
        Context({"event": event})
    )
    assert 'id="room-screen"' in controls
    assert controls.count('name="next" value="#room-screen"') == 3  # clock, minutes, message
