"""``python -m scoring``: a record in, the result or an error JSON out (exit 2 on bad input)."""

from __future__ import annotations

import json

import pytest

from tests.pure_core import ROOT, drive_record, run_module

DRIVE = drive_record(8, 5)
RUBBER = {
    "rules": {"preset": "club_short"},
    "hands": [{"tricks": {"A": 7, "B": 6}, "honours": {"A": 4}}],
}


def run(*args, stdin=""):
    return run_module("scoring", *args, stdin=stdin)


def test_drive_from_a_file(tmp_path):
    path = tmp_path / "drive.json"
    path.write_text(json.dumps(DRIVE))
    done = run("drive", str(path))
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["prizes"]["first"] == ["Ann", "Bob"]
    assert [s["total"] for s in out["standings"]] == [8, 8, 5, 5]


@pytest.mark.parametrize("args", [("rubber",), ("rubber", "-")])
def test_rubber_from_standard_input(args):
    done = run(*args, stdin=json.dumps(RUBBER))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["games"] == [
        {"winner": "A", "score": {"A": 5, "B": 0}, "value": 3}
    ]


def error(done):
    assert done.returncode == 2
    assert done.stderr.strip()
    return json.loads(done.stdout)["error"]


def test_malformed_json_is_e_json():
    assert error(run("drive", stdin="{not json"))["code"] == "E_JSON"


def test_unknown_system_is_e_system():
    assert error(run("poker", stdin=json.dumps(DRIVE)))["code"] == "E_SYSTEM"


@pytest.mark.parametrize(("system", "record"), [("drive", DRIVE), ("rubber", RUBBER)])
def test_unknown_rule_is_e_rules(system, record):
    bad = {**record, "rules": {**record["rules"], "colour": "red"}}
    assert error(run(system, stdin=json.dumps(bad)))["code"] == "E_RULES"


def test_domain_error_names_the_hand():
    bad = {"hands": [RUBBER["hands"][0], {"tricks": {"A": 8, "B": 6}}]}
    assert error(run("rubber", stdin=json.dumps(bad))) == {
        "code": "E_TRICKS_TOTAL",
        "message": "tricks must sum to 13, got 8 + 6 = 14",
        "hand": 2,
    }


def test_missing_file_is_e_json(tmp_path):
    assert error(run("drive", str(tmp_path / "absent.json")))["code"] == "E_JSON"


@pytest.mark.parametrize(("system", "heading"), [("drive", "## drive:"), ("rubber", "## rubber:")])
def test_the_guide_examples_run(system, heading):
    """docs/scoring.md promises its example records can be pasted into the CLI."""
    guide = (ROOT / "docs" / "scoring.md").read_text(encoding="utf-8")
    section = guide.split(heading, 1)[1].split("\n## ", 1)[0]
    example = section.split("```json\n")[-1].split("```", 1)[0]
    done = run(system, stdin=example)
    assert done.returncode == 0, done.stdout
    out = json.loads(done.stdout)
    if system == "drive":
        assert out["prizes"]["first"] == ["Bob"] and out["standings"][0]["total"] == 30.67
    else:
        assert out["rubber"]["net"] == {"A": 3, "B": -3}
