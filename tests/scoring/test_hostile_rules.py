"""Issue 14, defect 3: any JSON value in any rule is E_RULES or accepted, never a crash."""

import dataclasses

import pytest

import scoring
from scoring import bidwhist, drive, esmakker, rubber

ODD_VALUES = [[], {}, "x" * 5000, -1, 10**30, 1.5, True, None, [[]], {"a": []}]
RULES = {
    "drive": drive.DriveRules,
    "rubber": rubber.RubberRules,
    "bidwhist": bidwhist.BidWhistRules,
    "esmakker": esmakker.EsmakkerRules,
}


@pytest.mark.parametrize("system", scoring.SYSTEMS)
@pytest.mark.parametrize("preset", [[], {}, 3, True, "no-such"])
def test_a_preset_that_is_not_a_known_name_is_e_rules(system, preset):
    with pytest.raises(scoring.ScoringError) as caught:
        scoring.score(system, {"rules": {"preset": preset}, "hands": []})
    assert caught.value.code == "E_RULES"


@pytest.mark.parametrize("system", scoring.SYSTEMS)
def test_every_rule_with_every_odd_value_is_refused_or_scored(system):
    for field in dataclasses.fields(RULES[system]):
        for value in ODD_VALUES:
            try:
                scoring.score(system, {"rules": {field.name: value}, "hands": []})
            except scoring.ScoringError as exc:
                assert len(exc.message) <= 300, (field.name, exc.message)


def test_an_unknown_huge_key_is_not_echoed_back():
    with pytest.raises(scoring.ScoringError) as caught:
        scoring.score("drive", {"rules": {"k" * 1_000_000: 1}, "hands": []})
    assert caught.value.code == "E_RULES" and len(caught.value.message) < 300
