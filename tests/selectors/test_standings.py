"""Standings and prizes for every event kind, against hand-computed fixtures."""

from __future__ import annotations

import pytest

from tests.factories import build_seated_event, esmakker_data
from tournaments.models import Entry, Event, Hand, Pair, Result, Seating, Table
from tournaments.selectors.standings import (
    compute_all,
    compute_standings,
    event_detail,
    event_standings,
)

pytestmark = pytest.mark.usefixtures("clear_cache")


def confirm(event, hand, table, data, tricks_ns=None, status="confirmed"):
    """A confirmed result row, as the results service stores it."""
    return Result.objects.create(
        event=event,
        hand=event.hand_set.get(number=hand),
        table=event.tables.get(number=table),
        status=status,
        data=data,
        tricks_ns=tricks_ns,
        source="organizer",
    )


def drive_result(event, hand, table, ns):
    confirm(event, hand, table, {"tricks": {"ns": ns, "ew": 13 - ns}}, ns)


def names(rows):
    return [(r["position"], r["name"], r["total"]) for r in rows]


def prize(standings, code):
    return [
        ([w["name"] for w in p["winners"]], p["reason"])
        for p in standings["prizes"]
        if p["code"] == code
    ]


# 9 players, 2 tables, 3 rounds of one hand; P9, P1, P2 sit out rounds 1, 2, 3.
# (hand, table, tricks N/S) -- the seating rotates one place each round (factories).
NINE = [(1, 1, 8), (1, 2, 6), (2, 1, 9), (2, 2, 7), (3, 1, 10), (3, 2, 5)]


def nine_player_drive(**rules):
    event = build_seated_event(players=9, rounds=3, open_rounds=3, rules=rules)
    for hand, table, ns in NINE:
        drive_result(event, hand, table, ns)
    return event


@pytest.mark.django_db
def test_individual_drive_totals_sit_out_credit_countback_and_prizes():
    event = nine_player_drive()
    standings = event_standings(event=event)
    # P1 played 8+8 and sat out hand 2: own average 8 credited -> 24.
    # P3 and P8 both 22: countback on the second half (hands 2-3) 14 v 15 puts P8 first.
    # P4, P6, P7 all 17: second halves 12, 10, 11.  P9: (6+5)/2 credited once -> 16.5.
    assert names(standings["standings"]) == [
        (1, "P1", 24),
        (2, "P8", 22),
        (3, "P3", 22),
        (4, "P2", 21),
        (5, "P5", 20),
        (6, "P4", 17),
        (7, "P7", 17),
        (8, "P6", 17),
        (9, "P9", 16.5),
    ]
    first = standings["standings"][0]
    assert (first["played"], first["sat_out"], first["hands_won"]) == (2, 1, 2)
    assert [p["label"] for p in standings["prizes"] if p["code"] == "place"] == [
        "1st",
        "2nd",
        "3rd",
    ]
    assert prize(standings, "place")[0] == (["P1"], "24 tricks")
    # P8 and P3 level on 22: the prize says what put P8 ahead, not a lot nobody drew (a walk)
    assert prize(standings, "place")[1] == (
        ["P8"],
        "22 tricks (level; ahead on the second half, 15 to 14)",
    )
    assert prize(standings, "place")[2] == (
        ["P3"],
        "22 tricks (level; behind on the second half, 14 to 15)",
    )
    # After hand 1 P1 and P3 both have 8 and won it: they share the half-time prize.
    assert prize(standings, "half_time") == [(["P1", "P3"], "Leading after hand 1 with 8 tricks")]
    assert prize(standings, "booby") == [(["P9"], "Lowest score: 16.5 tricks")]
    assert standings["pending"] == 0 and standings["confirmed"] == 6


@pytest.mark.django_db
def test_shared_ties_take_the_places_they_cover():
    event = nine_player_drive(ties="share")
    rows = event_standings(event=event)["standings"]
    assert [(r["position"], r["name"], r["tied"]) for r in rows][1:3] == [
        (2, "P3", True),
        (2, "P8", True),
    ]
    assert [r["position"] for r in rows] == [1, 2, 2, 4, 5, 6, 6, 6, 9]
    places = prize(event_standings(event=event), "place")
    assert places[1][0] == ["P3", "P8"] and "tied, sharing 2 prizes" in places[1][1]
    assert len(places) == 2  # the tie for 2nd covers the 3rd prize


@pytest.mark.django_db
def test_a_tie_for_the_last_prize_shares_one_prize():
    """A walk: "3rd: Audrey Pym, Betty Nolan — 84 tricks (tied, sharing 2 prizes)" with 3 places."""
    event = nine_player_drive(ties="share", prizes={"places": 2})
    places = prize(event_standings(event=event), "place")
    assert places[1] == (["P3", "P8"], "22 tricks (tied, sharing 1 prize)")  # 2nd of 2 places


@pytest.mark.django_db
def test_one_prize_each_keeps_the_half_time_prize_with_the_half_time_leaders():
    """A walk: the half-time prize went to whoever had no prize at the end ("Best after hand
    12 of those without a prize"); it is handed out with the tea, so the leaders after the
    first half keep it and are passed over for the end prizes."""
    event = nine_player_drive(no_double_prizes=True, prizes={"special": "ten_plus"})
    standings = event_standings(event=event)
    # P1 and P3 led with 8 after hand 1 and share the half-time prize.
    assert prize(standings, "half_time") == [(["P1", "P3"], "Leading after hand 1 with 8 tricks")]
    # The places pass down the line: P8 (22, level with P3 but P3 has a prize: no tie
    # note), P2 (21), P5 (20); each note names who was passed over for that prize.
    assert prize(standings, "place") == [
        (["P8"], "22 tricks (passed on: P1 has another prize)"),
        (["P2"], "21 tricks (passed on: P3 has another prize)"),
        (["P5"], "20 tricks"),
    ]
    # P3 and P5, the only ones with a hand of 10, both have a prize already
    assert prize(standings, "ten_plus") == []
    assert prize(standings, "booby") == [(["P9"], "Lowest score: 16.5 tricks")]


@pytest.mark.django_db
def test_one_prize_each_passes_nobody_over_for_a_half_time_prize_not_yet_decided():
    event = nine_player_drive(no_double_prizes=True)
    event.results.filter(hand__number=1, table__number=2).delete()  # the first half is not in
    standings = event_standings(event=event)
    assert prize(standings, "half_time") == []
    assert prize(standings, "place")[0][0] == ["P1"]


@pytest.mark.django_db
def test_special_prize_ties_without_no_double():
    event = nine_player_drive(prizes={"special": "ten_plus", "booby": False})
    standings = event_standings(event=event)
    assert prize(standings, "ten_plus")[0][0] == ["P3", "P5"]
    assert prize(standings, "booby") == []


@pytest.mark.django_db
def test_categories_by_role_give_separate_lists_and_prizes():
    event = nine_player_drive(categories="role")
    for entry in event.entries.all():
        entry.role = "lady" if entry.number % 2 else "gent"
        entry.save()
    standings = compute_all(event)["standings"]
    assert names(standings["categories"]["lady"]) == [
        (1, "P1", 24),
        (2, "P3", 22),
        (3, "P5", 20),
        (4, "P7", 17),
        (5, "P9", 16.5),
    ]
    assert names(standings["categories"]["gent"]) == [
        (1, "P8", 22),
        (2, "P2", 21),
        (3, "P4", 17),
        (4, "P6", 17),
    ]
    labels = [p["label"] for p in standings["prizes"] if p["code"].startswith("category")]
    assert labels[0] == "Ladies: 1st" and labels[3] == "Gents: 1st"  # ladies first, as read out


@pytest.mark.django_db
def test_withdrawn_player_is_listed_apart_and_takes_no_prize():
    event = nine_player_drive()
    # P2 played rounds 1 and 2 and went home before round 3 (which P2 would have sat out)
    Entry.objects.filter(event=event, number=2).update(withdrawn_round=3)
    detail = compute_all(event)
    standings = detail["standings"]
    assert [r["name"] for r in standings["standings"]][-1] == "P9"
    assert [r["name"] for r in standings["withdrawn"]] == ["P2"]
    assert prize(standings, "booby")[0][0] == ["P9"]
    # only the hands played count (docs/rules.md §F24): no own-average credit carried on
    # over the hand after leaving, which had made 21, level with those still playing
    gone = standings["withdrawn"][0]
    assert (gone["total"], gone["played"], gone["sat_out"]) == (14, 2, 0)
    assert [row["hand"] for row in event_detail(event=event)["cards"]["e2"]] == [1, 2]


@pytest.mark.django_db
def test_a_late_arrival_is_credited_for_no_hand_before_they_came():
    """A UK walk: a lady who joined at round 11 was credited her own average for the ten
    rounds before, and led the ladies after her first hand."""
    event = nine_player_drive()
    # P9 sat out round 1: as if P9 arrived late, for round 2 (docs/rules.md §F24)
    Entry.objects.filter(event=event, number=9).update(joined_round=2)
    detail = compute_all(event)
    late = next(r for r in detail["standings"]["standings"] if r["name"] == "P9")
    assert (late["total"], late["played"], late["sat_out"]) == (11, 2, 0)  # 6 + 5, no 5.5
    assert [row["hand"] for row in event_detail(event=event)["cards"]["e9"]] == [2, 3]
    # the public row says why fewer hands count (a Dutch walk: "played 18" and nothing more)
    from django.template.loader import render_to_string

    row = render_to_string(
        "public/_standings.html", {"s": detail["standings"], "rows": [late], "link": False}
    )
    assert "came in round 2" in row


@pytest.mark.django_db
def test_only_confirmed_results_count_and_pending_are_counted():
    event = build_seated_event(players=8, rounds=2)
    drive_result(event, 1, 1, 8)
    confirm(event, 1, 2, {"tricks": {"ns": 13, "ew": 0}}, 13, status="entered")
    confirm(event, 2, 1, {"tricks": {"ns": 13, "ew": 0}}, 13, status="disputed")
    standings = event_standings(event=event)
    assert standings["pending"] == 2 and standings["confirmed"] == 1
    top = {r["name"]: r["total"] for r in standings["standings"]}
    assert top["P1"] == 8 and top["P2"] == 5 and top["P5"] == 0


@pytest.mark.django_db
def test_score_card_and_round_by_round():
    event = nine_player_drive()
    detail = event_detail(event=event)
    card = detail["cards"]["e1"]
    assert [
        (r["hand"], r["table"], r["partner"], r["score"], r["running_total"]) for r in card
    ] == [
        (1, 1, "P3", 8, 8),
        (2, None, "", None, 8),
        (3, 2, "P8", 8, 16),
    ]
    assert card[0]["opponents"] == ["P2", "P4"] and card[0]["trump"] == "H"
    round1 = detail["rounds"][0]
    assert round1["sit_out"] == ["P9"]
    assert round1["tables"][0]["ns"] == ["P1", "P3"]
    assert round1["tables"][0]["hands"] == [{"hand": 1, "trump": "H", "what": "", "ns": 8, "ew": 5}]


@pytest.mark.django_db
def test_standings_are_cached_per_version(django_assert_num_queries):
    event = nine_player_drive()
    event_standings(event=event)
    with django_assert_num_queries(0):
        event_standings(event=event)
    event.version += 1
    with django_assert_num_queries(6):
        event_standings(event=event)


@pytest.mark.django_db
@pytest.mark.parametrize("players", [8, 40])
def test_query_count_does_not_grow_with_the_event(players, django_assert_max_num_queries):
    event = build_seated_event(players=players, rounds=4, open_rounds=4)
    for hand in range(1, 5):
        for table in range(1, players // 4 + 1):
            drive_result(event, hand, table, 7)
    with django_assert_max_num_queries(6):
        standings = compute_all(event)["standings"]
    assert len(standings["standings"]) == players


def seat_mitchell(event):
    """Pairs 1,2 sit N/S at tables 1,2 all night; E/W pairs 3,4 move up a table."""
    pairs = {n: Pair.objects.create(event=event, number=n) for n in range(1, 5)}
    entries = {e.number: e for e in event.entries.all()}
    for number, entry in entries.items():
        entry.pair = pairs[(number + 1) // 2]
        entry.save()
    Seating.objects.filter(event=event).delete()
    tables = {t.number: t for t in Table.objects.filter(event=event)}
    plan = {1: {1: (1, 3), 2: (2, 4)}, 2: {1: (1, 4), 2: (2, 3)}}  # round -> table -> (NS, EW)
    for rnd in event.rounds.all():
        for table, (ns, ew) in plan[rnd.number].items():
            a, b = (entries[2 * ns - 1], entries[2 * ns]), (entries[2 * ew - 1], entries[2 * ew])
            for seat, entry in zip("NSEW", a + b, strict=True):
                Seating.objects.create(
                    event=event, round=rnd, table=tables[table], seat=seat, entry=entry
                )


def played_pairs_drive(movement_kind):
    """Four pairs at two tables over two hands, N/S taking 8, 6, then 7, 9 tricks."""
    event = build_seated_event(
        players=8, rounds=2, open_rounds=2, kind="pairs_drive", movement_kind=movement_kind
    )
    seat_mitchell(event)
    for hand, table, ns in [(1, 1, 8), (1, 2, 6), (2, 1, 7), (2, 2, 9)]:
        drive_result(event, hand, table, ns)
    return event


@pytest.mark.django_db
def test_mitchell_pairs_are_scored_against_their_direction_average():
    event = played_pairs_drive("mitchell")
    standings = event_standings(event=event)
    # Totals: pair 1 15, pair 2 15 (N/S average 15); pair 3 9, pair 4 13 (E/W average 11).
    # Pairs 1 and 2 are level at 0: countback on hand 2 (7 v 9) puts pair 2 ahead.
    rows = [(r["position"], r["name"], r["total"], r["plus_minus"]) for r in standings["standings"]]
    assert rows == [
        (1, "P7 & P8", 13, 2.0),
        (2, "P3 & P4", 15, 0.0),
        (3, "P1 & P2", 15, 0.0),
        (4, "P5 & P6", 9, -2.0),
    ]
    assert standings["prizes"][0]["reason"] == "2 tricks against the direction average"
    # After hand 1: pair 1 +1 (8 v N/S 7), pair 4 +1 (7 v E/W 6), both won their hand.
    assert sorted(prize(standings, "half_time")[0][0]) == ["P1 & P2", "P7 & P8"]
    assert set(event_detail(event=event)["cards"]) == {"p1", "p2", "p3", "p4"}


@pytest.mark.django_db
def test_a_pair_leaving_after_the_half_leaves_the_half_time_figures_as_they_were():
    """A Dutch walk: a pair withdrawing at the tea break changed every first-half ± of its
    direction, and the half-time prize moved after it had been handed out; the leavers'
    own ± compared 12 hands with the whole evening's average ("-82")."""
    event = played_pairs_drive("mitchell")
    before = {r["name"]: r["half_plus_minus"] for r in compute_standings(event)["standings"]}
    event.entries.filter(number__in=(7, 8)).update(withdrawn_round=2)  # gone after hand 1
    after = compute_standings(Event.objects.get(pk=event.pk))
    assert {r["name"]: r["half_plus_minus"] for r in after["standings"]} == {
        name: value for name, value in before.items() if name != "P7 & P8"
    }
    (gone,) = after["withdrawn"]
    assert (gone["name"], gone["plus_minus"]) == ("P7 & P8", before["P7 & P8"])  # the half's +1
    # the evening's ± still averages only the pairs that played it all (E/W: pair 3 alone)
    assert [r["plus_minus"] for r in after["standings"] if r["name"] == "P5 & P6"] == [0.0]


@pytest.mark.django_db
def test_howell_pairs_rank_on_total_tricks():
    event = played_pairs_drive("howell")
    rows = event_standings(event=event)["standings"]
    assert [(r["position"], r["name"], r["total"]) for r in rows] == [
        (1, "P3 & P4", 15),
        (2, "P1 & P2", 15),
        (3, "P7 & P8", 13),
        (4, "P5 & P6", 9),
    ]


def one_table(kind, hands, pairs=False, **fields):
    """4 players at one table for one round: N P1, E P2, S P3, W P4 (A = N/S, B = E/W)."""
    event = build_seated_event(players=4, rounds=1, open_rounds=1, kind=kind, **fields)
    # build_seated_event makes one hand per round whatever hands_per_round says.
    event.hands = event.hands_per_round = hands
    event.save()
    rnd = event.rounds.get()
    for number in range(2, hands + 1):
        Hand.objects.create(event=event, round=rnd, number=number, trump="H")
    if pairs:
        for number, members in ((1, (1, 3)), (2, (2, 4))):
            pair = Pair.objects.create(event=event, number=number)
            Entry.objects.filter(event=event, number__in=members).update(pair=pair)
    return event


@pytest.mark.django_db
def test_robber_pairs_count_games_rubbers_and_net_points():
    event = one_table("robber", 3, pairs=True, rules={"preset": "seed_short"})
    # Short whist, flat games, no bonus: 11 and 12 tricks are 5 and 6 odd tricks, two
    # games for A and the rubber (+2 net); hand 3 starts a second rubber, B 4 points.
    for hand, a in ((1, 11), (2, 12), (3, 3)):
        confirm(event, hand, 1, {"tricks": {"A": a, "B": 13 - a}}, a)
    standings = event_standings(event=event)
    rows = [
        (r["position"], r["name"], r["net"], r["rubbers"], r["games"])
        for r in standings["standings"]
    ]
    assert rows == [(1, "P1 & P3", 2, 1, 2), (2, "P2 & P4", -2, 0, 0)]
    assert standings["prizes"][0]["reason"] == "2 net rubber points"
    card = event_detail(event=event)["cards"]["p2"]
    assert [(r["hand"], r["partner"], r["score"]) for r in card] == [
        (1, "P4", 0),
        (2, "P4", 0),
        (3, "P4", 4),
    ]


@pytest.mark.django_db
def test_bid_whist_running_totals_with_players_tied():
    event = one_table("bidwhist", 3)
    # Seed rules: 4 uptown made with 10 books +4 to A; B's 3 notrump with 8 books is set
    # (-1); A's 2 with 7 books is set (-1).  A = P1 & P3: 3, B = P2 & P4: -1.
    for hand, data in enumerate(
        [
            {"bid": "4 uptown", "bidder": "A", "books": 10},
            {"bid": "3 notrump", "bidder": "B", "books": 8},
            {"bid": "2", "bidder": "A", "books": 7},
        ],
        start=1,
    ):
        confirm(event, hand, 1, data)
    standings = event_standings(event=event)
    assert [(r["position"], r["tied"], r["name"], r["total"]) for r in standings["standings"]] == [
        (1, True, "P1", 3),
        (1, True, "P3", 3),
        (3, True, "P2", -1),
        (3, True, "P4", -1),
    ]
    card = event_detail(event=event)["cards"]["e1"]
    assert [r["running_total"] for r in card] == [4, 4, 3]


@pytest.mark.django_db
def test_es_makker_totals_by_entry_number():
    event = one_table("esmakker", 1)
    confirm(event, 1, 1, esmakker_data())
    rows = event_standings(event=event)["standings"]
    # 8 made with 10 tricks: 60 each to the declarer (P3) and the ace holder (P1).
    assert [(r["position"], r["name"], r["total"]) for r in rows] == [
        (1, "P1", 60),
        (1, "P3", 60),
        (3, "P2", -60),
        (3, "P4", -60),
    ]


def test_a_prize_says_how_a_level_score_was_settled():
    from tournaments.selectors.standings.prizes import _tie_note

    def row(pos, total, second):
        return {"position": pos, "total": total, "second_half": second}

    a, b, c = row(1, 30, 15), row(2, 30, 14), row(3, 28, 20)
    rules = {"countback": ("second_half", "hands_won"), "ties": "share"}
    assert _tie_note(a, [a, b, c], rules, "total") == " (level; ahead on the second half, 15 to 14)"
    assert (
        _tie_note(b, [a, b, c], rules, "total") == " (level; behind on the second half, 14 to 15)"
    )
    assert _tie_note(c, [a, b, c], rules, "total") == ""  # nobody level: nothing to explain
    x, y = row(9, 12, 6), row(9, 12, 6)  # still level after countback: a draw decided it
    assert _tie_note(x, [x, y], {**rules, "ties": "lot"}, "total") == " (tie settled by lot)"


def test_places_beyond_the_third_read_as_english_ordinals_and_translate():
    """A 1,000-player walk read "Ladies: 8. place" beside "1st"."""
    from django.utils import translation

    from tournaments.selectors.standings.prizes import ordinal

    assert [ordinal(n) for n in (3, 4, 11, 21, 22, 23, 112)] == [
        "3rd", "4th", "11th", "21st", "22nd", "23rd", "112th",
    ]
    with translation.override("de"):
        assert ordinal(21) == "21. Platz"
