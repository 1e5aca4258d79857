"""``python -m tournaments.pairings`` as a user types it, and the package's purity."""

from __future__ import annotations

import json

from tests.movements.test_purity import FORBIDDEN
from tests.movements.test_purity import PROBE as MOVEMENTS_PROBE
from tests.pure_core import run_module, run_probe


def run(*args: str, stdin: str = ""):
    return run_module("tournaments.pairings", *args, stdin=stdin)


def test_swiss_from_standard_input():
    done = run("swiss", stdin=json.dumps({"ranked": [1, 2, 3, 4], "played": [[1, 2], [3, 4]]}))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {"tables": [[1, 3], [2, 4]], "bye": None, "rematches": 0}


def test_bracket_league_and_cup():
    bracket = json.loads(run("bracket", "single", "--teams", "5", "--final-best-of", "3").stdout)
    assert [m["status"] for m in bracket["matches"] if m["round"] == 1].count("bye") == 3
    league = json.loads(run("league", "--teams", "6", "--home-and-away").stdout)
    assert len(league) == 10
    cup = json.loads(run("cup", "--teams", "8", "--seed", "3").stdout)
    assert cup["kind"] == "cup" and len(cup["seeds"]) == 8


def test_bad_input_exits_2_with_one_error_shape():
    for args, stdin, code in (
        (("bracket", "triple", "--teams", "4"), "", "E_USAGE"),
        (("swiss",), "not json", "E_JSON"),
        (("swiss",), "[1, 2]", "E_JSON"),
        (("league", "--teams", "1"), "", "E_TEAMS"),
    ):
        done = run(*args, stdin=stdin)
        assert done.returncode == 2
        error = json.loads(done.stdout)["error"]
        assert error["code"] == code and error["message"] in done.stderr


PROBE = MOVEMENTS_PROBE.replace("tournaments.movements", "tournaments.pairings")


def test_pairings_import_only_the_standard_library():
    report = run_probe(PROBE)
    assert {"swiss", "brackets", "league", "ladder", "ranking", "teams"} <= set(report["imported"])
    offenders = [m for m in report["loaded"] if m.split(".")[0] in FORBIDDEN]
    assert offenders == []
