"""The rubber engine (docs/rules.md §B2) through ``scoring.score("rubber", ...)``: examples, options."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import scoring
from scoring.rubber import PRESETS, RubberRules, parse_rules


def deal(a, honours=None, revokes=None, **extra):
    """A hand where side A took ``a`` tricks."""
    out = {"tricks": {"A": a, "B": 13 - a}, **extra}
    if honours is not None:
        out["honours"] = honours
    if revokes is not None:
        out["revokes"] = revokes
    return out


def rubber(hands, start=None, **rules):
    record = {"rules": rules, "hands": hands}
    if start is not None:
        record["start"] = start
    return scoring.score("rubber", record)


def last(result):
    return result["hands"][-1]


def error_of(hands, start=None, **rules):
    with pytest.raises(scoring.ScoringError) as info:
        rubber(hands, start, **rules)
    return info.value


# Hands that win a game 5-0 for A / for B under the default rules (no honours).
A_GAME = [deal(11)]
B_GAME = [deal(2)]


# --- worked examples (docs/rules.md §C) ---------------------------------------------------------


def test_t12_tricks_only():
    hand = last(rubber([deal(9)], preset="club_short"))
    assert hand["score"] == {"A": 3, "B": 0}
    assert (hand["game_over"], hand["void"], hand["game"]) == (False, False, 1)


def test_t13_honours_carry_a_side_to_game():
    result = rubber([deal(7, {"A": 4})], preset="club_short")
    assert last(result)["score"] == {"A": 5, "B": 0}
    assert last(result)["game_over"] is True
    assert result["games"] == [{"winner": "A", "score": {"A": 5, "B": 0}, "value": 3}]


def test_t17_seed_example_honours_never_decide():
    result = rubber([deal(7, {"A": 3})], {"A": 6, "B": 6}, preset="seed_long")
    assert last(result)["score"] == {"A": 8, "B": 6}
    assert last(result)["honour_points"] == {"A": 1, "B": 0}
    assert result["games"] == []


def test_t17_under_club_policy_the_same_hand_wins_the_game():
    result = rubber([deal(7, {"A": 3})], {"A": 6, "B": 6}, preset="seed_long", honours="club")
    assert last(result)["score"] == {"A": 9, "B": 6}
    assert result["games"][0]["winner"] == "A"


def test_t22_rubber_points():
    hands = [deal(3), deal(11)]  # game 1: B 4, then A 5 -> A wins 5-4
    hands += [deal(7), deal(2)]  # game 2: A 1, then B 5 -> B wins 5-1
    hands += [deal(11)]  # game 3: A wins 5-0
    result = rubber(hands, preset="club_short")
    assert [(g["winner"], g["score"], g["value"]) for g in result["games"]] == [
        ("A", {"A": 5, "B": 4}, 1),
        ("B", {"A": 1, "B": 5}, 2),
        ("A", {"A": 5, "B": 0}, 3),
    ]
    assert result["rubber"] == {
        "complete": True,
        "winner": "A",
        "games_won": {"A": 2, "B": 1},
        "net": {"A": 4, "B": -4},
    }


def test_t16_side_without_the_odd_trick_still_scores_honours():
    hand = last(rubber([deal(8, {"B": 4})]))
    assert hand["score"] == {"A": 2, "B": 4}
    assert hand["honour_points"] == {"A": 0, "B": 4}


def test_t16_but_not_once_the_game_is_won_by_tricks():
    result = rubber([deal(9), deal(9, {"B": 4})])  # A 3, then A 6: game before honours
    assert last(result)["score"] == {"A": 6, "B": 0}
    assert last(result)["honour_points"] == {"A": 0, "B": 0}
    assert result["games"][0]["value"] == 3


# --- games and the rubber ------------------------------------------------------------------


def test_next_game_starts_at_love_all_and_surplus_is_discarded():
    result = rubber([deal(9), deal(10), deal(8)])  # A 3, A 7 (game), then A 2 in game 2
    assert [h["game"] for h in result["hands"]] == [1, 1, 2]
    assert result["games"][0]["score"] == {"A": 7, "B": 0}
    assert last(result)["score"] == {"A": 2, "B": 0}


def test_two_nil_rubber_with_bonus():
    result = rubber(A_GAME + A_GAME)
    assert result["rubber"]["net"] == {"A": 3 + 3 + 2, "B": -8}  # the "bumper"
    assert result["rubber"]["games_won"] == {"A": 2, "B": 0}


def test_unfinished_rubber_counts_values_so_far_without_bonus():
    result = rubber([*A_GAME, deal(3), deal(2), deal(9)])  # A 5-0, B 9-0, A 3 in game 3
    assert result["rubber"] == {
        "complete": False,
        "winner": None,
        "games_won": {"A": 1, "B": 1},
        "net": {"A": 0, "B": 0},
    }


def test_hand_after_the_rubber_is_decided():
    err = error_of(A_GAME + A_GAME + [deal(7)])
    assert (err.code, err.hand) == ("E_RUBBER_OVER", 3)


def test_empty_record_is_an_empty_rubber():
    assert rubber([]) == {
        "hands": [],
        "games": [],
        "rubber": {
            "complete": False,
            "winner": None,
            "games_won": {"A": 0, "B": 0},
            "net": {"A": 0, "B": 0},
        },
    }


# --- presets and options -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "expected"),
    [
        ("seed_short", (5, "none", "flat", 0)),
        ("seed_american", (7, "never_decisive", "flat", 0)),
        ("seed_long", (9, "never_decisive", "flat", 0)),
        ("club_short", (5, "club", "short_whist", 2)),
        ("club_long", (10, "club", "flat", 2)),
        ("american_club", (7, "none", "american", 0)),
        ("german_robber", (5, "none", "flat", 0)),
    ],
)
def test_presets(preset, expected):
    rules = parse_rules({"preset": preset})
    assert (rules.target, rules.honours, rules.game_value, rules.rubber_bonus) == expected
    assert (rules.revoke_penalty, rules.double_revoke) == ("tricks", "redeal")


def test_every_preset_is_tested_and_club_short_is_the_default():
    assert set(PRESETS) == {
        "seed_short",
        "seed_american",
        "seed_long",
        "club_short",
        "club_long",
        "american_club",
        "german_robber",
    }
    assert parse_rules({}) == RubberRules(**PRESETS["club_short"])
    assert parse_rules(None) == parse_rules({"preset": "club_short"})


def test_overrides_apply_on_top_of_a_preset():
    assert (
        parse_rules({"preset": "german_robber", "game_value": "short_whist"}).game_value
        == "short_whist"
    )
    assert parse_rules({"honours_policy": "none"}).honours == "none"


def test_german_robber_counts_games_won():
    result = rubber(A_GAME + B_GAME + A_GAME, preset="german_robber")
    assert result["rubber"]["net"] == {"A": 1, "B": -1}


def test_target_override():
    result = rubber([deal(11), deal(9)], target=7)
    assert last(result)["score"] == {"A": 8, "B": 0}
    assert result["games"][0]["value"] == 3


def test_honours_none_ignores_honours():
    assert last(rubber([deal(7, {"A": 4})], honours="none"))["score"] == {"A": 1, "B": 0}


def test_club_honours_barred_at_one_point_from_game():
    result = rubber([deal(10), deal(6, {"A": 4})])  # A at 4; B wins 1, A's honours barred
    assert last(result)["score"] == {"A": 4, "B": 1}


def test_club_three_honours_score_two():
    assert last(rubber([deal(6, {"A": 3, "B": 1})]))["score"] == {"A": 2, "B": 1}


def test_two_honours_each_are_divided():
    assert last(rubber([deal(8, {"A": 2, "B": 2})]))["score"] == {"A": 2, "B": 0}


def test_never_decisive_caps_honours_below_target():
    result = rubber([deal(9), deal(7, {"A": 4})], honours="never_decisive")
    assert last(result)["score"] == {"A": 4, "B": 0}  # 3 + 1 trick, honours capped at 0
    result = rubber([deal(7, {"A": 4})], honours="never_decisive")
    assert last(result)["score"] == {"A": 4, "B": 0}  # 1 + honours capped at 3


@pytest.mark.parametrize(
    ("game_value", "loser", "value"),
    [
        ("short_whist", 0, 3),
        ("short_whist", 1, 2),
        ("short_whist", 2, 2),
        ("short_whist", 3, 1),
        ("short_whist", 4, 1),
        ("american", 4, 1),
        ("american", 0, 5),
        ("flat", 0, 1),
        ("flat", 4, 1),
    ],
)
def test_game_values(game_value, loser, value):
    result = rubber([deal(11)], {"A": 0, "B": loser}, game_value=game_value)
    assert result["games"][0]["value"] == value


def test_american_club_value_is_target_minus_loser():
    result = rubber([deal(11), deal(3)], preset="american_club")
    assert result["games"] == []  # 5-4 is no game to 7
    result = rubber([deal(3), deal(13)], preset="american_club")
    assert result["games"][0] == {"winner": "A", "score": {"A": 7, "B": 4}, "value": 3}


def test_long_whist_short_whist_values_keep_their_shape():
    rules = RubberRules(target=10, game_value="short_whist")
    assert [rules.game_value_for(n) for n in range(10)] == [3, 2, 2, 2, 2, 1, 1, 1, 1, 1]


def test_rubber_bonus_override():
    assert rubber(A_GAME + A_GAME, rubber_bonus=0)["rubber"]["net"] == {"A": 6, "B": -6}


# --- revokes ---------------------------------------------------------------------------------


def test_revoke_tricks_moves_three_tricks_to_the_claimants():
    hand = last(rubber([deal(8, revokes=[{"side": "A"}])]))
    assert hand["tricks"] == {"A": 5, "B": 8}
    assert hand["score"] == {"A": 0, "B": 2}


def test_revoke_tricks_capped_at_the_offenders_tricks():
    hand = last(rubber([deal(2, revokes=[{"side": "A", "penalty": "tricks"}])]))
    assert hand["tricks"] == {"A": 0, "B": 13}


def test_revoke_deduct_floors_at_zero():
    result = rubber([deal(8), deal(8, revokes=[{"side": "A", "penalty": "deduct"}])])
    # A 2, minus 3 -> 0, plus 2 for tricks; a revoking side stays below game anyway
    assert last(result)["score"] == {"A": 2, "B": 0}


def test_revoke_add_can_win_the_game_at_once():
    result = rubber([deal(10), deal(9, revokes=[{"side": "A", "penalty": "add"}])])  # A 4-0
    hand = last(result)
    assert hand["score"] == {"A": 4, "B": 3}
    result = rubber([deal(3), deal(9, revokes=[{"side": "A", "penalty": "add"}])])  # B 4 then +3
    assert last(result)["score"] == {"A": 0, "B": 7}
    assert last(result)["odd_tricks"] == {"A": 0, "B": 0}  # game over before tricks count
    assert result["games"][0]["winner"] == "B"


def test_deduct_only_tricks_removes_without_crediting():
    hand = last(rubber([deal(8, revokes=[{"side": "A", "penalty": "deduct_only_tricks"}])]))
    assert hand["tricks"] == {"A": 5, "B": 5}
    assert hand["score"] == {"A": 0, "B": 0}


def test_rules_revoke_penalty_is_the_default_for_a_revoke():
    hand = last(rubber([deal(8, revokes=[{"side": "B"}])], revoke_penalty="add"))
    assert hand["score"] == {"A": 5, "B": 0}


def test_revoking_side_cannot_win_game_that_hand():
    result = rubber([deal(10), deal(12, revokes=[{"side": "A", "penalty": "add"}])])
    # A 4; A revoked (B +3) but A took 12 tricks: A stops at 4 = target - 1
    assert last(result)["score"] == {"A": 4, "B": 3}
    assert result["games"] == []


def test_each_revoke_is_penalised_separately():
    hand = last(rubber([deal(9, revokes=[{"side": "A"}, {"side": "A"}])]))
    assert hand["tricks"] == {"A": 3, "B": 10}


def test_double_revoke_redeal_voids_the_hand():
    result = rubber([deal(9), deal(11, {"A": 4}, [{"side": "A"}, {"side": "B"}])])
    assert last(result)["void"] is True
    assert last(result)["score"] == {"A": 3, "B": 0}


def test_double_revoke_club81_applies_both_and_nobody_reaches_game():
    result = rubber(
        [deal(10), deal(13, revokes=[{"side": "A"}, {"side": "B"}])], double_revoke="club81"
    )  # 13-0 -> A gives 3 -> 10-3 -> B gives 3 -> 13-0: A 7 odd tricks, capped at 4
    assert last(result)["void"] is False
    assert last(result)["tricks"] == {"A": 13, "B": 0}
    assert last(result)["score"] == {"A": 4, "B": 0}
    assert result["games"] == []


# --- validation ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "code"),
    [
        ({"tricks": {"A": 14, "B": -1}}, "E_TRICKS_RANGE"),
        ({"tricks": {"A": 7}}, "E_TRICKS_RANGE"),
        ({"tricks": {"A": 7, "B": 7}}, "E_TRICKS_TOTAL"),
        (deal(7, {"A": 3, "B": 3}), "E_HONOURS_BOTH"),
        (deal(7, {"A": 4, "B": 4}), "E_HONOURS_BOTH"),
        (deal(7, {"A": 5}), "E_HONOURS_RANGE"),
        (deal(7, {"A": 3, "B": 2}), "E_HONOURS_RANGE"),
        (deal(7, {"A": 4}, late={"honours": True}), "E_HONOURS_LATE"),
        (deal(7, revokes=[{"side": "B", "late": True}]), "E_REVOKE_LATE"),
        (deal(7, revokes=[{"side": "B"}], late={"revokes": True}), "E_REVOKE_LATE"),
        (deal(7, revokes=[{"side": "B", "penalty": "fine"}]), "E_REVOKE_PENALTY"),
        (deal(7, revokes=[{"side": "C"}]), "E_JSON"),
        (deal(7, {"C": 3}), "E_JSON"),
        ({"tricks": [7, 6]}, "E_JSON"),
    ],
)
def test_validation(hand, code):
    err = error_of([deal(8), hand])
    assert (err.code, err.hand) == (code, 2)


def test_late_flag_without_a_claim_is_harmless():
    assert last(rubber([deal(8, late={"honours": True, "revokes": True})]))["score"] == {
        "A": 2,
        "B": 0,
    }


def test_rules_md_honours_form_is_accepted():
    assert last(rubber([deal(6, {"side": "A", "count": 4})]))["score"] == {"A": 4, "B": 1}


@pytest.mark.parametrize(
    ("start", "code"),
    [({"A": 5}, "E_SCORE_RANGE"), ({"A": -1}, "E_SCORE_RANGE"), ({"C": 1}, "E_JSON")],
)
def test_bad_start(start, code):
    assert error_of([], start).code == code


@pytest.mark.parametrize(
    "rules",
    [
        {"preset": "bridge"},
        {"target": 0},
        {"target": True},
        {"honours": "always"},
        {"game_value": "double"},
        {"rubber_bonus": -1},
        {"revoke_penalty": "fine"},
        {"double_revoke": "ignore"},
        {"trumps": ["H"]},
    ],
)
def test_bad_rules(rules):
    assert error_of([], **rules).code == "E_RULES"


# --- properties ----------------------------------------------------------------------------


@st.composite
def rubber_records(draw):
    preset = draw(st.sampled_from(sorted(PRESETS)))
    rules = {"preset": preset, "double_revoke": draw(st.sampled_from(["redeal", "club81"]))}
    hands = []
    for _ in range(draw(st.integers(0, 25))):
        hand = deal(draw(st.integers(0, 13)))
        holder = draw(st.sampled_from(["A", "B", None]))
        if holder:
            hand["honours"] = {holder: draw(st.integers(0, 4))}
        revokes = draw(
            st.lists(
                st.fixed_dictionaries(
                    {
                        "side": st.sampled_from(["A", "B"]),
                        "penalty": st.sampled_from(
                            ["tricks", "deduct", "add", "deduct_only_tricks"]
                        ),
                    }
                ),
                max_size=2,
            )
        )
        if revokes:
            hand["revokes"] = revokes
        hands.append(hand)
    return {"rules": rules, "hands": hands}


def play_until_decided(record):
    """Score the record, dropping the hands after the rubber is decided."""
    try:
        return record, scoring.score("rubber", record)
    except scoring.ScoringError as err:
        assert err.code == "E_RUBBER_OVER"
        record = {**record, "hands": record["hands"][: err.hand - 1]}
        return record, scoring.score("rubber", record)


@settings(max_examples=100, deadline=None)
@given(rubber_records())
def test_property_net_is_zero_sum_and_a_finished_rubber_has_one_winner(record):
    _, result = play_until_decided(record)
    rub = result["rubber"]
    assert rub["net"]["A"] + rub["net"]["B"] == 0
    assert sum(rub["games_won"].values()) == len(result["games"])
    if rub["complete"]:
        winner, loser = rub["winner"], "B" if rub["winner"] == "A" else "A"
        assert rub["games_won"][winner] == 2 and rub["games_won"][loser] < 2
        # No sign check: with American values the winner of a rubber can still lose points.
    else:
        assert rub["winner"] is None and max(rub["games_won"].values()) < 2
    target = parse_rules(record["rules"]).target
    for hand in result["hands"]:
        assert hand["game_over"] == (max(hand["score"].values()) >= target)


@settings(max_examples=100, deadline=None)
@given(rubber_records())
def test_property_json_round_trip_scores_identically(record):
    record, result = play_until_decided(record)
    again = json.loads(json.dumps(record))
    assert again == record
    assert scoring.score("rubber", again) == result
