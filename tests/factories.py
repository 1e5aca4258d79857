"""factory_boy factories and a builder for a seated event, shared by all tests."""

from __future__ import annotations

import datetime as dt

import factory
from django.contrib.auth import get_user_model

from tournaments import models

SEATS = ("N", "E", "S", "W")


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)

    username = factory.Sequence(lambda n: f"organizer{n}")
    password = factory.django.Password("pw-for-tests-1")


class ClubFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = models.Club
        skip_postgeneration_save = True

    name = factory.Sequence(lambda n: f"Club {n}")
    slug = factory.Sequence(lambda n: f"club-{n}")

    @factory.post_generation
    def organizers(self, create, extracted, **kwargs):
        for user in extracted or ():
            self.organizers.add(user)


class PlayerFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = models.Player

    club = factory.SubFactory(ClubFactory)
    name = factory.Sequence(lambda n: f"Player {n}")


class EventFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = models.Event

    club = factory.SubFactory(ClubFactory)
    name = factory.Sequence(lambda n: f"Drive {n}")
    slug = factory.Sequence(lambda n: f"drive-{n}")
    date = dt.date(2026, 11, 29)
    trumps = ["H", "C", "D", "S"]


def drive_data(ns: int, revokes: tuple[int, int] = (0, 0)) -> dict:
    """A drive result's ``data`` (docs/architecture.md): N/S took ``ns`` of the 13 tricks."""
    return {"tricks": {"ns": ns, "ew": 13 - ns}, "revokes": {"ns": revokes[0], "ew": revokes[1]}}


def esmakker_data(tricks: int = 10, **contract) -> dict:
    """An Es-makker result's ``data``: by default 8 in hearts, P3 declares, P1 holds the ace."""
    base = {
        "declarer": "3", "bid": "8", "trump": "hearts", "partner_ace": "spades",
        "partner": "1", "kitty_exchanged": 3,
    }
    return {"contract": {**base, **contract}, "tricks": tricks}


def confirmed_drive_result(*, event, hand, table, ns: int, source: str = "organizer") -> models.Result:
    """An unsaved confirmed drive result, as the results service stores it (save or bulk_create)."""
    return models.Result(
        event=event, hand=hand, table=table, status="confirmed", source=source,
        data=drive_data(ns), tricks_ns=ns,
    )


def build_seated_event(*, players: int = 8, rounds: int = 2, open_rounds: int = 1, **event_fields):
    """An event with entries, tables, every round seated (a simple rotation) and hands made.

    Test data only: it writes rows directly, so tests of results, standings and
    printing do not depend on the movement generator. Round 1..open_rounds are open.
    """
    hands_per_round = event_fields.pop("hands_per_round", 1)
    event = EventFactory(hands=rounds * hands_per_round, hands_per_round=hands_per_round, **event_fields)
    entries = [
        models.Entry.objects.create(
            event=event, number=i, player=PlayerFactory(club=event.club, name=f"P{i}"),
        )
        for i in range(1, players + 1)
    ]
    tables = [models.Table.objects.create(event=event, number=t) for t in range(1, players // 4 + 1)]
    hand_number = 0
    for r in range(1, rounds + 1):
        rnd = models.Round.objects.create(
            event=event, number=r, status="open" if r <= open_rounds else "pending"
        )
        shift = (r - 1) % players
        order = entries[shift:] + entries[:shift]
        for i, entry in enumerate(order):
            table = tables[i // 4] if i // 4 < len(tables) else None
            models.Seating.objects.create(
                event=event, round=rnd, entry=entry, table=table, seat=SEATS[i % 4] if table else ""
            )
        for _ in range(event.hands_per_round):
            hand_number += 1
            trumps = event.trumps or ["H", "C", "D", "S"]
            models.Hand.objects.create(
                event=event, round=rnd, number=hand_number, trump=trumps[(hand_number - 1) % len(trumps)]
            )
    if open_rounds:
        event.status = "running"
        event.save(update_fields=["status"])
    return event
