"""``python -m tournaments.movements`` in a subprocess: JSON out, exit 2 with error JSON."""

from __future__ import annotations

import importlib.util
import json

import pytest

from tests.pure_core import run_module

T06 = {
    "partners": "changed",
    "tables": [
        {"table": 1, "pairs": [["L1", "G1"], ["L2", "G2"]], "winner": 0},
        {"table": 2, "pairs": [["L3", "G3"], ["L4", "G4"]], "winner": 1},
        {"table": 3, "pairs": [["L5", "G5"], ["L6", "G6"]], "winner": 0},
    ],
}


def run(*args: str, stdin: str = ""):
    return run_module("tournaments.movements", *args, stdin=stdin)


def ok(*args: str, stdin: str = "") -> dict:
    done = run(*args, stdin=stdin)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def refused(*args: str, stdin: str = "") -> dict:
    done = run(*args, stdin=stdin)
    assert done.returncode == 2
    error = json.loads(done.stdout)["error"]
    assert error["message"] in done.stderr
    return error


def test_generate_pairs_kinds():
    doc = ok("generate", "howell", "--pairs", "8")
    assert doc["kind"] == "howell" and len(doc["rounds"]) == 7 and doc["grade"]["complete"]
    doc = ok("generate", "mitchell", "--pairs", "8", "--relay-or-skip", "skip", "--arrow-switch")
    assert doc["skip"] == {"after_round": 2} and doc["arrow_switch"] == [3]
    doc = ok("generate", "round_robin", "--pairs", "5", "--rounds", "2")
    assert len(doc["rounds"]) == 2


@pytest.mark.skipif(
    importlib.util.find_spec("tournaments.movements.individual") is None,
    reason="the individual generator is written separately",
)
def test_generate_individual():
    doc = ok("generate", "individual", "--players", "8")
    assert doc["kind"] == "individual" and doc["players"] == 8
    assert doc["grade"]["repeat_partners"] == 0


def test_progress_from_file_and_stdin(tmp_path):
    path = tmp_path / "round.json"
    path.write_text(json.dumps(T06))
    expected = [["L1", "G1"], ["L6", "G3"]]
    assert ok("progress", "losers_split", str(path))["tables"][0]["pairs"] == expected
    assert ok("progress", "losers_split", stdin=json.dumps(T06))["tables"][0]["pairs"] == expected
    assert (
        ok("progress", "losers_split", "-", stdin=json.dumps(T06))["tables"][0]["pairs"] == expected
    )


def test_grade_round_trip():
    doc = ok("generate", "round_robin", "--pairs", "6")
    graded = ok("grade", stdin=json.dumps(doc))
    assert graded == doc["grade"]


@pytest.mark.parametrize(
    ("args", "stdin", "code"),
    [
        (("grade",), "{not json", "E_JSON"),
        (("grade",), json.dumps({"kind": "howell", "pairs": 4, "rounds": []}), "E_MOVEMENT"),
        (("grade", "/nonexistent/movement.json"), "", "E_USAGE"),
        (("progress", "winners_stay"), json.dumps(T06), "E_RULE"),
        (("progress", "winners_split"), json.dumps({"tables": [{"table": 1}]}), "E_MOVEMENT"),
        (("generate", "swiss", "--pairs", "8"), "", "E_MOVEMENT"),
        (("generate", "individual", "--players", "3"), "", "E_MOVEMENT"),
        (("generate", "individual", "--players", "401"), "", "E_MOVEMENT"),
        (("generate", "howell", "--pairs", "eight"), "", "E_USAGE"),
        (("generate", "mitchell", "--pairs", "8", "--relay-or-skip", "hop"), "", "E_USAGE"),
        (("shuffle",), "", "E_USAGE"),
        ((), "", "E_USAGE"),
    ],
)
def test_bad_input_exits_2_with_error_json(args, stdin, code):
    assert refused(*args, stdin=stdin)["code"] == code


def test_unknown_player_count_message():
    assert (
        "players must be 4..400" in refused("generate", "individual", "--players", "2")["message"]
    )
