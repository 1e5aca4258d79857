"""The drive engine's trusted path (``score(record, trusted=True)``): records the standings
selector builds from stored rows. It must score exactly as the checked path and still refuse
what the database does not guarantee (bad tricks or revokes, a hand out of range)."""

from __future__ import annotations

import copy

import pytest

from scoring import ScoringError
from scoring.drive import score

PLAYERS = [f"P{i}" for i in range(1, 10)]


def _tricks(ns):
    return {"ns": ns, "ew": 13 - ns}


def record(**rules):
    """Nine players at two tables over four hands (one sits out each hand), with revokes in
    both shapes, the ghost, an entered trump, a table not played and shared data objects,
    as the selector hands them on (equal stored data: one parsed object; seats as tuples),
    and one row with lists, as the CLI sends them."""
    shared, no_revokes = _tricks(7), {"ns": 0, "ew": 0}
    rows = [
        {"hand": 1, "table": 1, "ns": ("P1", "P2"), "ew": ("P3", "P4"), "tricks": shared,
         "revokes": no_revokes},
        {"hand": 1, "table": 2, "ns": ("P5", "P6"), "ew": ("P7", "P8"), "tricks": shared,
         "revokes": no_revokes},
        {"hand": 2, "table": 1, "ns": ("P9", "P1"), "ew": ("P2", "P3"), "tricks": _tricks(10),
         "revokes": {"ns": 1, "ew": 0}},
        {"hand": 2, "table": 2, "ns": ("P4", "P5"), "ew": ("P6", "P7"), "tricks": shared,
         "revokes": [{"side": "ew", "count": 1}]},
        {"hand": 3, "table": 1, "ns": ("P8", "P9"), "ew": ("P1", None), "tricks": shared,
         "revokes": no_revokes},
        {"hand": 3, "table": 2, "ns": ("P2", "P3"), "ew": ("P4", "P5"), "tricks": shared,
         "revokes": no_revokes, "trump": "NT"},
        {"hand": 4, "table": 1, "ns": ["P6", "P7"], "ew": ["P8", "P9"], "tricks": shared,
         "revokes": no_revokes},
        {"hand": 4, "table": 2, "ns": ("P1", "P2"), "ew": ("P3", "P4"),
         "not_played": {"credit": 6.5}},
    ]
    base = {"hands": 4, "prizes": {"places": 3, "special": "ten_plus"}, **rules}
    return {"rules": base, "players": PLAYERS, "hands": rows}


@pytest.mark.parametrize(
    "rules",
    [{}, {"revoke": "add_only"}, {"sit_out": {"fixed": 6}}, {"ghost_partner": "sit_out"},
     {"ties": "share", "categories": {"P1": "lady", "P5": "lady"}}],
)
def test_the_trusted_path_scores_exactly_as_the_checked_path(rules):
    checked = score(copy.deepcopy(record(**rules)))  # no shared objects: every row checked
    trusted = score(record(**rules), trusted=True)
    assert repr(trusted) == repr(checked)
    assert trusted["warnings"]
    if rules.get("ties") == "share":
        assert any(row["tied"] for row in trusted["standings"])


@pytest.mark.parametrize(
    ("change", "code"),
    [
        ({"tricks": {"ns": 7, "ew": 7}}, "E_TRICKS_TOTAL"),
        ({"revokes": {"ns": 14, "ew": 0}}, "E_REVOKE_RANGE"),
        ({"hand": 5}, "E_HAND_RANGE"),
    ],
)
def test_the_trusted_path_still_refuses_what_the_database_does_not_guarantee(change, code):
    rec = record()
    rec["hands"][6].update(change)  # after rows with the same objects were accepted
    with pytest.raises(ScoringError) as refused:
        score(rec, trusted=True)
    assert (refused.value.code, refused.value.hand) == (code, 7)


def test_the_shared_objects_are_scored_from_their_values_not_their_first_row():
    rec = record()
    shared = rec["hands"][0]["tricks"]
    out = score(rec, trusted=True)
    assert shared == _tricks(7)  # never changed
    at = {(h["hand"], h["table"]): h for h in out["hands"]}
    assert at[(2, 1)]["tricks"] == {"ns": 7, "ew": 6} and at[(2, 1)]["winner"] == "ns"
    assert at[(2, 2)]["tricks"] == {"ns": 10, "ew": 3}  # E/W's revoke moved three tricks
