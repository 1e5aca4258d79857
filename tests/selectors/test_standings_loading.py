"""How the standings selector loads an event: plain rows, seating order, the collector left on."""

from __future__ import annotations

import gc

import pytest

from scoring import ScoringError
from tests.factories import build_seated_event
from tests.selectors.test_standings import confirm, drive_result
from tournaments.models import Entry, Pair
from tournaments.selectors.standings import compute_all, event_detail
from tournaments.selectors.standings.loading import load_input

pytestmark = pytest.mark.usefixtures("clear_cache")


@pytest.mark.django_db
def test_entries_load_as_rows_that_read_like_the_models():
    event = build_seated_event(players=4, rounds=1, open_rounds=1, kind="pairs_drive")
    named = Pair.objects.create(event=event, number=1, name="The Ones")
    plain = Pair.objects.create(event=event, number=2)
    Entry.objects.filter(event=event, number__in=(1, 3)).update(pair=named, role="lady")
    Entry.objects.filter(event=event, number__in=(2, 4)).update(pair=plain)
    entries = load_input(event).entries
    assert list(entries) == ["1", "2", "3", "4"]
    for name, row in entries.items():
        model = Entry.objects.select_related("player", "pair").get(event=event, number=int(name))
        assert (row.id, row.number, row.player_id, row.pair_id, row.role, row.arrived) == (
            model.id,
            model.number,
            model.player_id,
            model.pair_id,
            model.role,
            model.arrived,
        )
        assert row.player.name == model.player.name
        assert (row.pair.number, row.pair.name, str(row.pair)) == (
            model.pair.number,
            model.pair.name,
            str(model.pair),
        )
    assert str(entries["2"].pair) == "Pair 2"


@pytest.mark.django_db
def test_a_rounds_sit_outs_are_listed_in_the_order_they_were_seated():
    # 11 players, 2 tables: three sit out each round; the rotation seats round 2's
    # sit-outs as P10, P11, P1 (not in entry-number order).
    event = build_seated_event(players=11, rounds=2, open_rounds=2)
    for hand in (1, 2):
        for table in (1, 2):
            drive_result(event, hand, table, 7)
    rounds = event_detail(event=event)["rounds"]
    assert [r["sit_out"] for r in rounds] == [["P9", "P10", "P11"], ["P10", "P11", "P1"]]


@pytest.mark.django_db
def test_the_garbage_collector_is_back_on_after_a_recomputation_even_a_failed_one():
    event = build_seated_event(players=8, rounds=1, open_rounds=1)
    drive_result(event, 1, 1, 8)
    compute_all(event)
    assert gc.isenabled()
    confirm(event, 1, 2, {"tricks": {"ns": 9, "ew": 9}}, 9)  # 18 tricks: the engine refuses
    with pytest.raises(ScoringError, match="sum to 13"):
        compute_all(event)
    assert gc.isenabled()
