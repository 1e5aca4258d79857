"""The progressive rules exist once (tournaments.movements.RULES): the event's movement
choices and the line printed on every card read that list."""

from __future__ import annotations

from tournaments import movements
from tournaments.models import Event
from tournaments.selectors.movement_advice import MOVEMENT_RULES


def test_every_progressive_rule_is_a_choice_and_has_a_card_line():
    choices = dict(Event.MovementKind.choices)
    for rule in movements.RULES:
        assert choices[rule].startswith("progressive: ")
        assert str(MOVEMENT_RULES[rule])
    assert Event.PROGRESSIVE == set(movements.RULES) == set(MOVEMENT_RULES)


def test_only_progressive_movements_are_progressive():
    assert Event(movement_kind="losers_split").is_progressive
    assert not Event(movement_kind=Event.MovementKind.MITCHELL).is_progressive
