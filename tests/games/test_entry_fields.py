"""The entry fields of each game (tournaments/games/): posted fields to the engine's data,
data back to the fields a person corrects, and the short line that describes a result."""

from __future__ import annotations

import pytest

from tests.games.test_registry import SAMPLES
from tournaments.errors import DomainError
from tournaments.games import game_for_system


def parse_entry(system, post, prefix=""):
    return game_for_system(system).parse(post, prefix)


def initial_values(system, data):
    return game_for_system(system).initial_values(data)


def describe(system, data):
    return game_for_system(system).describe(data)

RESULTS = SAMPLES  # one stored result per system, and how it reads (the registry's own)


def as_posted(values: dict) -> dict[str, str]:
    """Field values as a browser posts them: text, blank for nothing."""
    return {name: "" if value is None else str(value) for name, value in values.items()}


@pytest.mark.parametrize("system", sorted(RESULTS))
def test_a_result_shown_again_and_posted_back_is_the_same_result(system):
    data, _line = RESULTS[system]
    assert parse_entry(system, as_posted(initial_values(system, data))) == data


@pytest.mark.parametrize("system", sorted(RESULTS))
def test_describe_says_the_result_in_a_line(system):
    data, line = RESULTS[system]
    assert describe(system, data) == line


@pytest.mark.parametrize("system", sorted(RESULTS))
def test_a_hand_not_played(system):
    assert describe(system, None) == "not played"
    assert initial_values(system, None) == {}


def test_a_drive_needs_only_the_tricks_of_north_south():
    posted = {"t3-tricks_ns": "9", "t3-revokes_ns": ""}
    assert parse_entry("drive", posted, prefix="t3-") == {
        "tricks": {"ns": 9, "ew": 4},
        "revokes": {"ns": 0, "ew": 0},
    }


def test_blank_fields_are_no_entry_at_all():
    assert parse_entry("drive", {"tricks_ns": "", "revokes_ns": ""}) is None
    assert parse_entry("rubber", {}) is None


@pytest.mark.parametrize(
    ("system", "posted", "code", "field", "message"),
    [
        (
            "drive",
            {"tricks_ns": "x"},
            "E_NUMBER",
            "tricks_ns",
            "Tricks won by N/S must be a whole number.",
        ),
        ("drive", {"revokes_ns": "1"}, "E_REQUIRED", "tricks_ns", "Tricks won by N/S is required."),
        ("bidwhist", {"bid_level": "4"}, "E_REQUIRED", "bid_type", "Bid type is required."),
    ],
)
def test_a_missing_or_bad_field_is_named(system, posted, code, field, message):
    with pytest.raises(DomainError) as caught:
        parse_entry(system, posted)
    assert (caught.value.code, caught.value.field, caught.value.message) == (code, field, message)


def test_stored_data_of_another_shape_is_shown_as_it_is():
    odd = {"x": 1}
    assert initial_values("rubber", odd) == {}
    assert describe("rubber", odd) == str(odd)
