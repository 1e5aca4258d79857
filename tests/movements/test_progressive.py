"""Progressive drive movements (docs/rules.md §B1): T06 exactly, hand-checked cases, properties."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.movements import PAIR_RULES, RULES, MovementError, plan_ahead, progress


def round_of(winners: list[int], partners: str = "changed") -> dict:
    """T tables seating L(2t-1)+G(2t-1) v L(2t)+G(2t), with the given winner index per table."""
    return {
        "partners": partners,
        "tables": [
            {
                "table": t,
                "pairs": [[f"L{2 * t - 1}", f"G{2 * t - 1}"], [f"L{2 * t}", f"G{2 * t}"]],
                "winner": w,
            }
            for t, w in enumerate(winners, start=1)
        ],
    }


def seating(result: dict) -> list[list[list[str]]]:
    return [table["pairs"] for table in result["tables"]]


T06 = round_of([0, 1, 0])


def test_t06_losers_split_exactly():
    assert progress("losers_split", T06) == {
        "tables": [
            {"table": 1, "pairs": [["L1", "G1"], ["L6", "G3"]]},
            {"table": 2, "pairs": [["L4", "G4"], ["L2", "G6"]]},
            {"table": 3, "pairs": [["L5", "G5"], ["L3", "G2"]]},
        ]
    }


def test_winners_split_by_hand():
    # Winners L1G1 (t1), L4G4 (t2), L5G5 (t3): winning ladies go up, winning gents go down.
    assert seating(progress("winners_split", T06)) == [
        [["L2", "G4"], ["L5", "G2"]],
        [["L3", "G5"], ["L1", "G3"]],
        [["L6", "G1"], ["L4", "G6"]],
    ]


def test_losers_split_progressive_by_hand():
    # Winning lady + gent arriving from t+1 v lady arriving from t-1 + winning gent.
    assert seating(progress("losers_split_progressive", T06)) == [
        [["L1", "G3"], ["L6", "G1"]],
        [["L4", "G6"], ["L2", "G4"]],
        [["L5", "G2"], ["L3", "G5"]],
    ]


def test_head_table_kept_by_hand():
    # Table 1 winners stay and meet table 2's winners; table 1's losers drop to the foot.
    assert seating(progress("head_table", {**T06, "partners": "kept"})) == [
        [["L1", "G1"], ["L4", "G4"]],
        [["L3", "G3"], ["L5", "G5"]],
        [["L6", "G6"], ["L2", "G2"]],
    ]


def test_head_table_changed_partners_crosswise():
    assert seating(progress("head_table", T06)) == [
        [["L1", "G4"], ["L4", "G1"]],
        [["L3", "G5"], ["L5", "G3"]],
        [["L6", "G2"], ["L2", "G6"]],
    ]


def test_head_table_defaults_to_kept_partners():
    doc = round_of([1, 0])
    del doc["partners"]
    assert seating(progress("head_table", doc)) == [
        [["L2", "G2"], ["L3", "G3"]],
        [["L4", "G4"], ["L1", "G1"]],
    ]


def partners_for(rule: str, partners: str = "changed") -> str:
    """The pairs rules keep partners all evening and refuse anything else."""
    return "kept" if rule in PAIR_RULES else partners


@pytest.mark.parametrize("rule", RULES)
def test_single_table_does_not_crash(rule):
    result = progress(rule, round_of([1], partners_for(rule)))
    assert [t["table"] for t in result["tables"]] == [1]
    assert sorted(p for pair in result["tables"][0]["pairs"] for p in pair) == [
        "G1",
        "G2",
        "L1",
        "L2",
    ]


def test_tables_may_come_in_any_order():
    doc = round_of([0, 1, 0])
    doc["tables"].reverse()
    assert progress("losers_split", doc) == progress("losers_split", T06)


def players_of(doc_or_result: dict) -> list[str]:
    return sorted(p for t in doc_or_result["tables"] for pair in t["pairs"] for p in pair)


winners_lists = st.lists(st.integers(0, 1), min_size=1, max_size=6)


@given(
    rule=st.sampled_from(RULES),
    winners=winners_lists,
    partners=st.sampled_from(["kept", "changed"]),
)
def test_next_seating_is_a_permutation_keeping_roles(rule, winners, partners):
    doc = round_of(winners, partners_for(rule, partners))
    result = progress(rule, doc)
    assert [t["table"] for t in result["tables"]] == list(range(1, len(winners) + 1))
    assert players_of(result) == players_of(doc)
    for table in result["tables"]:
        assert len(table["pairs"]) == 2
        for lady, gent in table["pairs"]:
            assert lady.startswith("L") and gent.startswith("G")


def partner_map(tables: list[dict]) -> dict[str, str]:
    return {lady: gent for t in tables for lady, gent in t["pairs"]}


@given(winners=winners_lists)
def test_winners_split_changes_every_partnership(winners):
    doc = round_of(winners)
    before, after = (
        partner_map(doc["tables"]),
        partner_map(progress("winners_split", doc)["tables"]),
    )
    assert all(after[lady] != before[lady] for lady in before)


@given(winners=winners_lists)
def test_head_table_kept_keeps_every_partnership(winners):
    doc = round_of(winners, "kept")
    before, after = partner_map(doc["tables"]), partner_map(progress("head_table", doc)["tables"])
    assert after == before


@given(winners=winners_lists)
def test_losers_split_winners_stay_together_at_their_table(winners):
    doc = round_of(winners)
    result = progress("losers_split", doc)
    for table, new in zip(doc["tables"], result["tables"], strict=True):
        assert new["pairs"][0] == table["pairs"][table["winner"]]


@given(winners=st.lists(st.integers(0, 1), min_size=3, max_size=6))
def test_winners_split_moves_winning_lady_up_and_gent_down(winners):
    doc = round_of(winners)
    result = progress("winners_split", doc)
    size = len(winners)
    where = {p: t["table"] for t in result["tables"] for pair in t["pairs"] for p in pair}
    for table in doc["tables"]:
        t = table["table"]
        lady, gent = table["pairs"][table["winner"]]
        loser_lady, loser_gent = table["pairs"][1 - table["winner"]]
        assert where[lady] == t % size + 1
        assert where[gent] == (t - 2) % size + 1
        assert where[loser_lady] == where[loser_gent] == t


@pytest.mark.parametrize(
    ("change", "code", "fragment"),
    [
        (lambda d: d["tables"][1]["pairs"][0].__setitem__(0, "L1"), "E_MOVEMENT", "seated twice"),
        (lambda d: d["tables"][0]["pairs"].pop(), "E_MOVEMENT", "two pairs"),
        (lambda d: d["tables"][0]["pairs"][1].pop(), "E_MOVEMENT", "[lady, gent]"),
        (lambda d: d["tables"][0].__setitem__("winner", 2), "E_MOVEMENT", "winner must be 0 or 1"),
        (
            lambda d: d["tables"][0].__setitem__("winner", True),
            "E_MOVEMENT",
            "winner must be 0 or 1",
        ),
        (lambda d: d["tables"][0].pop("winner"), "E_MOVEMENT", "no 'winner'"),
        (lambda d: d["tables"][2].__setitem__("table", 5), "E_MOVEMENT", "numbered 1..3"),
        (lambda d: d["tables"][2].__setitem__("table", 1), "E_MOVEMENT", "distinct"),
        (lambda d: d.__setitem__("tables", []), "E_MOVEMENT", "no tables"),
        (lambda d: d.__setitem__("partners", "swapped"), "E_RULE", "partners"),
    ],
)
def test_bad_rounds_are_refused_with_a_code(change, code, fragment):
    doc = round_of([0, 1, 0])
    change(doc)
    with pytest.raises(MovementError) as caught:
        progress("head_table", doc)
    assert caught.value.code == code
    assert fragment in caught.value.message


def test_unknown_rule():
    with pytest.raises(MovementError) as caught:
        progress("winners_stay", T06)
    assert caught.value.to_dict()["error"]["code"] == "E_RULE"


# --- the pairs drives: Foster and the chosen-partner drive (E/W move) ----------------------


def test_foster_by_hand():
    # Winners L1G1 (t1), L4G4 (t2), L5G5 (t3) move up a table (t3's round to t1); losers stay.
    assert seating(progress("foster", {**T06, "partners": "kept"})) == [
        [["L2", "G2"], ["L5", "G5"]],
        [["L3", "G3"], ["L1", "G1"]],
        [["L6", "G6"], ["L4", "G4"]],
    ]


def test_foster_three_rounds_of_four_tables():
    """Who sits where after each round, given the winners: rounds chained as the drive plays them."""
    doc = round_of([0, 0, 0, 0], "kept")  # round 1: pair k is L{k}+G{k}; every N/S pair wins
    after = {}
    for number, winners in ((2, [1, 0, 1, 0]), (3, [0, 1, 1, 0]), (4, None)):
        result = progress("foster", doc)
        after[number] = seating(result)
        doc = {
            "partners": "kept",
            "tables": [
                {**t, "winner": w}
                for t, w in zip(result["tables"], winners or [0] * 4, strict=True)
            ],
        }
    assert after[2] == [  # winners (pairs 1, 3, 5, 7) moved up, the last table's to table 1
        [["L2", "G2"], ["L7", "G7"]],
        [["L4", "G4"], ["L1", "G1"]],
        [["L6", "G6"], ["L3", "G3"]],
        [["L8", "G8"], ["L5", "G5"]],
    ]
    assert after[3] == [  # winners P7 (t1), P4 (t2), P3 (t3), P8 (t4)
        [["L2", "G2"], ["L8", "G8"]],
        [["L1", "G1"], ["L7", "G7"]],
        [["L6", "G6"], ["L4", "G4"]],
        [["L5", "G5"], ["L3", "G3"]],
    ]
    assert after[4] == [  # winners P2 (t1), P7 (t2), P4 (t3), P5 (t4)
        [["L8", "G8"], ["L5", "G5"]],
        [["L1", "G1"], ["L2", "G2"]],
        [["L6", "G6"], ["L7", "G7"]],
        [["L3", "G3"], ["L4", "G4"]],
    ]


@given(winners=winners_lists)
def test_foster_winners_go_up_losers_stay_partners_kept(winners):
    doc = round_of(winners, "kept")
    result = progress("foster", doc)
    size = len(winners)
    where = {p: t["table"] for t in result["tables"] for pair in t["pairs"] for p in pair}
    for table in doc["tables"]:
        t = table["table"]
        won, lost = table["pairs"][table["winner"]], table["pairs"][1 - table["winner"]]
        assert where[won[0]] == where[won[1]] == t % size + 1
        assert where[lost[0]] == where[lost[1]] == t
    assert partner_map(result["tables"]) == partner_map(doc["tables"])


def test_ew_move_by_hand():
    # Whoever won, N/S stay and E/W move up a table.
    assert seating(progress("ew_move", {**T06, "partners": "kept"})) == [
        [["L1", "G1"], ["L6", "G6"]],
        [["L3", "G3"], ["L2", "G2"]],
        [["L5", "G5"], ["L4", "G4"]],
    ]


@given(winners=winners_lists)
def test_ew_move_ignores_the_winners_and_keeps_partners(winners):
    doc = round_of(winners, "kept")
    result = progress("ew_move", doc)
    assert result == progress("ew_move", round_of([0] * len(winners), "kept"))
    assert partner_map(result["tables"]) == partner_map(doc["tables"])
    size = len(winners)
    for new in result["tables"]:
        t = new["table"]
        assert new["pairs"][0] == doc["tables"][t - 1]["pairs"][0]
        assert new["pairs"][1] == doc["tables"][(t - 2) % size]["pairs"][1]


@pytest.mark.parametrize("rule", PAIR_RULES)
def test_pairs_rules_refuse_changing_partners(rule):
    with pytest.raises(MovementError) as caught:
        progress(rule, T06)  # partners "changed"
    assert caught.value.code == "E_RULE"
    assert "kept" in caught.value.message


def test_ladies_stay_by_hand():
    # Whoever won, the ladies keep their seats; N/S gents go up a table, E/W gents down one.
    assert seating(progress("ladies_stay", T06)) == [
        [["L1", "G5"], ["L2", "G4"]],
        [["L3", "G1"], ["L4", "G6"]],
        [["L5", "G3"], ["L6", "G2"]],
    ]


@given(winners=winners_lists)
def test_ladies_stay_ignores_the_winners_and_keeps_every_lady_in_her_seat(winners):
    doc = round_of(winners)
    result = progress("ladies_stay", doc)
    assert result == progress("ladies_stay", round_of([0] * len(winners)))
    for old, new in zip(doc["tables"], result["tables"], strict=True):
        assert [pair[0] for pair in new["pairs"]] == [pair[0] for pair in old["pairs"]]


@pytest.mark.parametrize("tables", [3, 5, 7])
def test_ladies_stay_with_an_odd_number_of_tables_changes_partner_and_gents_every_round(tables):
    """Over T rounds every lady partners T different gents, and two gents sit at one table
    once (they started at one table, or meet once on their way round)."""
    doc = round_of([0] * tables)
    partners = {lady: set() for lady in partner_map(doc["tables"])}
    gents_met: dict[frozenset, int] = {}
    for seated in [doc, *plan_ahead("ladies_stay", doc, tables - 1)]:
        for t in seated["tables"]:
            for lady, gent in t["pairs"]:
                partners[lady].add(gent)
            gents = frozenset(gent for _lady, gent in t["pairs"])
            gents_met[gents] = gents_met.get(gents, 0) + 1
    assert all(len(gents) == tables for gents in partners.values())
    assert set(gents_met.values()) == {1}


def test_planning_ahead_is_progress_round_after_round_and_only_for_a_rule_that_ignores_results():
    doc = round_of([1, 0, 1])
    second, third = plan_ahead("ladies_stay", doc, 2)
    assert second == progress("ladies_stay", doc)
    assert third == progress("ladies_stay", {**doc, "tables": [
        {**t, "winner": 0} for t in second["tables"]
    ]})
    assert len(plan_ahead("ew_move", round_of([0, 0], partners="kept"), 4)) == 4
    with pytest.raises(MovementError, match="moves players by the results"):
        plan_ahead("winners_split", doc, 1)
