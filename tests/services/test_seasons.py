"""Seasons written through their services; the ladder read through its selector."""

from __future__ import annotations

import pytest

from tests.factories import ClubFactory, EventFactory
from tests.services.season_helpers import club_evenings
from tournaments.errors import DomainError
from tournaments.models import Event
from tournaments.selectors.ladder import season_ladder
from tournaments.services import seasons

pytestmark = pytest.mark.django_db


def test_best_five_of_seven_with_prizes_and_minimum_attendance():
    club = ClubFactory()
    evenings = club_evenings(club)
    season = seasons.season_create(
        club=club,
        name="Seizoen 2026",
        ladder="best_n",
        best_n=5,
        min_events=4,
        prizes=["Wisselbeker", "", "Fles wijn", "Bos bloemen"],
    )
    assert seasons.season_events_set(season_id=season.pk, event_ids=[e.pk for e in evenings]) == 7
    ladder = season_ladder(season=season)
    top = [(r["position"], r["name"], r["score"], r["prize"]) for r in ladder["qualified"][:4]]
    assert top == [
        (1, "Cor", 47, "Wisselbeker"),
        (2, "Anna", 44, "Fles wijn"),
        (3, "Eva", 35, "Bos bloemen"),
        (3, "Gert", 35, "Bos bloemen"),
    ]
    anna = ladder["qualified"][1]
    assert [c["score"] for c in anna["cells"]] == [9, 8, 10, None, 9, 3, 8]
    assert [c["counted"] for c in anna["cells"]] == [True, True, True, False, True, False, True]
    assert [r["name"] for r in ladder["not_qualified"]] == ["Guest Joop"]


def test_a_members_only_ladder_leaves_the_guest_unranked_and_says_why():
    """The guest who played one evening ranked 20th of a Dutch club's season table."""
    from tournaments.models import Player

    club = ClubFactory()
    evenings = club_evenings(club)
    for number, name in enumerate(("Anna", "Bram", "Cor", "Dirk", "Eva", "Fien", "Gert", "Hans")):
        Player.objects.filter(club=club, name=name).update(membership_number=str(100 + number))
    season = seasons.season_create(club=club, name="S", min_events=0, members_only=True)
    seasons.season_events_set(season_id=season.pk, event_ids=[e.pk for e in evenings])
    ladder = season_ladder(season=season)
    assert len(ladder["qualified"]) == 8 and "Guest Joop" not in [
        r["name"] for r in ladder["qualified"]
    ]
    (guest,) = ladder["not_qualified"]
    assert guest["name"] == "Guest Joop" and guest["guest"]
    assert ladder["guests"] == [guest] and ladder["waiting"] == []  # never "not yet"
    seasons.season_update(
        season_id=season.pk, name="S", ladder="total", best_n=0, min_events=0, prizes=[]
    )
    season.refresh_from_db()
    assert len(season_ladder(season=season)["qualified"]) == 9  # everybody again


def test_an_evening_unpublished_to_correct_says_so_on_the_ladder():
    from tournaments.services import events

    club = ClubFactory()
    evenings = club_evenings(club)
    season = seasons.season_create(club=club, name="S")
    seasons.season_events_set(season_id=season.pk, event_ids=[e.pk for e in evenings])
    first = evenings[0]
    events.event_publish(event_id=first.pk)
    assert not season_ladder(season=season)["events"][0].correcting
    events.event_reopen(event_id=first.pk)  # published -> finished: being corrected
    assert season_ladder(season=season)["events"][0].correcting
    events.event_publish(event_id=first.pk)
    assert not season_ladder(season=season)["events"][0].correcting


def test_changing_the_rule_reranks_and_leaving_events_are_detached():
    club = ClubFactory()
    evenings = club_evenings(club)
    season = seasons.season_create(club=club, name="S", ladder="total")
    versions = {e.pk: e.version for e in Event.objects.filter(pk__in=[e.pk for e in evenings])}
    seasons.season_events_set(season_id=season.pk, event_ids=[e.pk for e in evenings])
    assert season_ladder(season=season)["qualified"][0]["score"] == 58  # Cor, all 7
    # a new version each: their cached public pages now link the ladder (a Dutch walk's did not)
    assert all(e.version == versions[e.pk] + 1 for e in Event.objects.filter(season=season))
    seasons.season_events_set(season_id=season.pk, event_ids=[evenings[0].pk])
    assert Event.objects.filter(season=season).count() == 1
    left = Event.objects.get(pk=evenings[1].pk)
    stayed = Event.objects.get(pk=evenings[0].pk)
    assert left.version == versions[left.pk] + 2 and stayed.version == versions[stayed.pk] + 1
    seasons.season_update(
        season_id=season.pk, name="S", ladder="average", best_n=3, min_events=1, prizes=[]
    )
    season.refresh_from_db()
    assert season.best_n == 0  # only the best N rule keeps a number
    assert season.slug == "s"


def test_refusals_name_the_field():
    club = ClubFactory()
    with pytest.raises(DomainError) as exc:
        seasons.season_create(club=club, name="S", ladder="best_n", best_n=0)
    assert exc.value.field == "best_n"
    with pytest.raises(DomainError) as exc:
        seasons.season_create(club=club, name="  ")
    assert exc.value.field == "name"
    season = seasons.season_create(club=club, name="S")
    stranger = EventFactory()  # another club's evening
    with pytest.raises(DomainError) as exc:
        seasons.season_events_set(season_id=season.pk, event_ids=[stranger.pk])
    assert exc.value.code == "E_NOT_FOUND"
    assert seasons.season_create(club=club, name="S").slug == "s-2"


def test_a_pairs_season_gives_each_pair_one_place_and_one_prize():
    """A Dutch robber season ranked both partners of a pair level ("gedeeld"), sharing the
    first two prizes, so the second pair came third and won nothing."""
    from tests.services.organizer_helpers import make_event
    from tournaments.services import entries, events, rounds, seating

    club = ClubFactory()
    evenings = []
    for night in (1, 2):
        event = make_event(players=0, kind="pairs_drive", club=club, hands=6, hands_per_round=2)
        teams = "Anna & Bram\nCor & Dirk\nEva & Fien\nGert & Hans"
        entries.players_register(event_id=event.pk, text=teams)
        seating.event_seat(event_id=event.pk)
        events.event_start(event_id=event.pk)
        for number in range(1, Event.objects.get(pk=event.pk).round_count + 1):
            rounds.round_open(event_id=event.pk)
            rounds.round_simulate(event_id=event.pk, round_number=number, seed=night)
            rounds.round_close(event_id=event.pk, round_number=number)
        events.event_finish(event_id=event.pk)
        Event.objects.filter(pk=event.pk).update(is_public=True)
        evenings.append(event)
    season = seasons.season_create(club=club, name="Seizoen", prizes=["Beker", "Wijn"])
    seasons.season_events_set(season_id=season.pk, event_ids=[e.pk for e in evenings])
    ladder = season_ladder(season=season)["qualified"]
    assert len(ladder) == 8
    pairs = [ladder[i : i + 2] for i in range(0, 8, 2)]  # partners side by side
    # the simulated results follow the events' ids, so two pairs may be level: a pair takes
    # one place (level pairs share it), never two places for its two partners
    for index, (first, second) in enumerate(pairs):
        names = {first["name"], second["name"]}
        assert names in ({"Anna", "Bram"}, {"Cor", "Dirk"}, {"Eva", "Fien"}, {"Gert", "Hans"})
        assert first["position"] == second["position"] and first["prize"] == second["prize"]
        level = sum(1 for other, _ in pairs if other["position"] == first["position"])
        assert first["position"] <= index + 1 < first["position"] + level
    assert pairs[0][0]["prize"].startswith("Beker")  # "Beker, Wijn" when two pairs share 1st
