"""The drive engine's two row checks agree: the quick one for the contract's shape, the full one.

``_plain_fields`` accepts the rows a live event sends with plain comparisons and
hands anything else to ``_checked_fields``; these tests pin that it never accepts
a row the full check would refuse, and never reads one differently.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import scoring
from scoring.drive import DriveRules, _checked_fields, _plain_fields

RULES = DriveRules(hands=24)
NAMES = ("Ann", "Bob", "Cat", "Dan")
ODD = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-2, 30),
    st.floats(allow_nan=False),
    st.text(max_size=3),
    st.just(Fraction(3)),
    st.lists(st.integers(0, 13), max_size=3),
    st.just({}),
)


@st.composite
def contract_rows(draw):
    """A well-formed row in the contract's shape, revokes given or not."""
    four = draw(st.permutations(NAMES))
    ns = draw(st.integers(0, 13))
    row = {
        "hand": draw(st.integers(1, 24)),
        "table": draw(st.integers(1, 400)),
        "ns": list(four[:2]),
        "ew": draw(st.sampled_from([list, tuple]))(four[2:]),
        "tricks": {"ns": ns, "ew": 13 - ns},
    }
    revokes = draw(
        st.one_of(
            st.none(),
            st.fixed_dictionaries(
                {}, optional={"ns": st.integers(0, 13), "ew": st.integers(0, 13)}
            ),
        )
    )
    if revokes is not None or draw(st.booleans()):
        row["revokes"] = revokes
    return row


@st.composite
def damaged_rows(draw):
    """A contract row with one field, tricks entry, seat or revoke replaced by an odd value."""
    row = draw(contract_rows())
    where = draw(st.sampled_from(["hand", "table", "ns", "ew", "tricks", "revokes", "t_ns", "r_x"]))
    value = draw(ODD)
    if where == "t_ns":
        row["tricks"] = {**row["tricks"], draw(st.sampled_from(["ns", "ew", "x"])): value}
    elif where == "r_x":
        row["revokes"] = {draw(st.sampled_from(["ns", "ew", "x"])): value}
    elif where in ("ns", "ew") and draw(st.booleans()):
        row[where] = [row[where][0], value]
    else:
        row[where] = value
    return row


def checked(row):
    try:
        return _checked_fields(row, 1, RULES)
    except scoring.ScoringError as exc:
        return exc.code


@settings(max_examples=300, deadline=None)
@given(contract_rows())
def test_rows_in_the_contract_shape_take_the_quick_check_and_read_the_same(row):
    quick = _plain_fields(row, RULES.hands)
    assert quick is not None
    assert quick == checked(row)


@settings(max_examples=500, deadline=None)
@given(damaged_rows())
def test_the_quick_check_accepts_only_what_the_full_check_accepts(row):
    quick = _plain_fields(row, RULES.hands)
    if quick is not None:
        assert quick == checked(row)


@pytest.mark.parametrize(
    "row",
    [
        {
            "hand": 1,
            "table": 1,
            "ns": ["Ann", "Bob"],
            "ew": ["Cat", "Dan"],
            "tricks_ns": 7,
            "tricks_ew": 6,
        },
        {
            "hand": 1,
            "table": 1,
            "ns": ["Ann", "Bob"],
            "ew": ["Cat", "Dan"],
            "tricks": {"ns": 7, "ew": 6},
            "revokes": [{"side": "ns", "count": 1}],
        },
        {
            "hand": True,
            "table": 1,
            "ns": ["Ann", "Bob"],
            "ew": ["Cat", "Dan"],
            "tricks": {"ns": 7, "ew": 6},
        },
    ],
    ids=["rules.md tricks_ns", "revokes as a list", "a bool is not a hand number"],
)
def test_other_spellings_and_odd_types_go_to_the_full_check(row):
    assert _plain_fields(row, RULES.hands) is None


def test_the_first_player_at_fault_in_seat_order_is_named():
    def hand_one(table: int, ns: list[str], ew: list[str]) -> dict:
        return {"hand": 1, "table": table, "ns": ns, "ew": ew, "tricks": {"ns": 7, "ew": 6}}

    first = hand_one(1, ["Ann", "Bob"], ["Cat", "Dan"])
    # N is fine, S is not listed, E already sits at table 1: S is reported.
    second = hand_one(2, ["Eve", "Zed"], ["Ann", "Fay"])
    record = {"players": [*NAMES, "Eve", "Fay"], "hands": [first, second]}
    with pytest.raises(scoring.ScoringError) as info:
        scoring.score("drive", record)
    assert (info.value.code, info.value.hand) == ("E_PLAYER_UNKNOWN", 2)
    assert "Zed" in info.value.message
