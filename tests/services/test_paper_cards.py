"""Paper-card evenings through their services: totals per round or final, flags, checks."""

from __future__ import annotations

import pytest

from tests.services.organizer_helpers import make_event, started_event
from tournaments.errors import DomainError
from tournaments.selectors.paper_cards import card_check_list, card_flags
from tournaments.selectors.standings import compute_standings
from tournaments.services import paper_cards as cards

pytestmark = pytest.mark.django_db


def _ranked(event):
    event.refresh_from_db()
    out = compute_standings(event)
    return [(r["position"], r["name"], r["total"]) for r in out["standings"]], out


def test_final_totals_rank_give_prizes_and_a_differing_card_corrects():
    event = make_event(players=8)
    cards.event_paper_cards_set(event_id=event.pk, mode="final", check_top=2)
    totals = {1: 150, 2: 171, 3: 160, 4: 171, 5: 140, 6: 120, 7: 155, 8: 130}
    assert cards.card_totals_enter(event_id=event.pk, round_number=0, totals=totals) == 8
    ranked, out = _ranked(event)
    assert ranked[:3] == [(1, "P2", 171), (1, "P4", 171), (3, "P3", 160)]
    assert out["prizes"][0]["label"] == "1st" and len(out["prizes"][0]["winners"]) == 2
    assert out["cards"] == {"mode": "final", "entered": 8, "top": 2, "to_check": 2}
    p4 = event.entries.get(number=4)
    assert cards.card_check(event_id=event.pk, entry_id=p4.pk, tricks=161) is False
    ranked, out = _ranked(event)
    assert ranked[:3] == [(1, "P2", 171), (2, "P4", 161), (3, "P3", 160)]
    assert [r["checked"] for r in card_check_list(event=event)] == [False, True]
    # typing a checked total in again with another value takes its check away
    cards.card_totals_enter(event_id=event.pk, round_number=0, totals={4: 162})
    assert [r["checked"] for r in card_check_list(event=event)] == [False, False]


def test_round_totals_flag_partners_who_disagree_and_sides_that_do_not_add_up():
    event = started_event(players=8, hands=4, hands_per_round=2)
    cards.event_paper_cards_set(event_id=event.pk, mode="rounds", check_top=3)
    seats = {
        (s.table.number, s.seat): s.entry.number
        for s in event.seatings.filter(round__number=1, table__isnull=False).select_related(
            "table", "entry"
        )
    }
    n, e, s, w = (seats[(1, x)] for x in "NESW")
    n2, e2, s2, w2 = (seats[(2, x)] for x in "NESW")
    totals = {n: 15, s: 14, e: 11, w: 11, n2: 13, s2: 13, e2: 13, w2: 13}
    cards.card_totals_enter(event_id=event.pk, round_number=1, totals=totals)
    flags = card_flags(event=event, round_number=1)
    # 15 + 11 = 26 = 13 x 2 hands: only the partners disagree
    assert flags == [f"Table 1: partners {n} and {s} disagree (15 and 14)."]
    cards.card_totals_enter(event_id=event.pk, round_number=1, totals={s: 15, e: 12, w: 12})
    assert card_flags(event=event, round_number=1) == [
        "Table 1: the two sides make 27 tricks, not 26."
    ]
    with pytest.raises(DomainError) as exc:
        cards.card_totals_enter(event_id=event.pk, round_number=3, totals={n: 1})
    assert exc.value.field == "round"
    with pytest.raises(DomainError) as exc:
        cards.card_totals_enter(event_id=event.pk, round_number=2, totals={n: 27})
    assert exc.value.code == "E_TRICKS"


def test_only_drives_take_paper_cards():
    event = make_event(players=8, kind="robber")
    with pytest.raises(DomainError) as exc:
        cards.event_paper_cards_set(event_id=event.pk, mode="final", check_top=3)
    assert exc.value.field == "mode"


def test_a_round_sat_out_is_credited_by_the_drives_rule_on_paper_too(client):
    """A Dutch paper-card walk: a player who sat out a round was ranked on 12 hands against
    16 and took the booby prize; the drive's rule credits her own average (docs/rules.md)."""
    event = started_event(players=9, hands=4, hands_per_round=2)
    cards.event_paper_cards_set(event_id=event.pk, mode="rounds", check_top=3)

    def seated(number):
        rows = event.seatings.filter(round__number=number).select_related("entry")
        return [s.entry.number for s in rows if s.table_id], [
            s.entry.number for s in rows if not s.table_id
        ]

    from tournaments.services import rounds

    playing, (resting,) = seated(1)
    cards.card_totals_enter(event_id=event.pk, round_number=1, totals=dict.fromkeys(playing, 13))
    rounds.round_close(event_id=event.pk, round_number=1, force=True)
    rounds.round_open(event_id=event.pk)
    playing, _out = seated(2)
    totals = {number: (9 if number == resting else 13) for number in playing}
    cards.card_totals_enter(event_id=event.pk, round_number=2, totals=totals)
    _ranked_rows, out = _ranked(event)
    row = next(r for r in out["standings"] if r["numbers"] == [resting])
    assert (row["total"], row["played"], row["sat_out"]) == (18, 2, 2)  # 9 + her average 9
    page = client.get(f"/e/{event.slug}/").content.decode()
    assert "P1" in page and "hands won" not in page  # no hands on paper: not "0 hands won"


def test_a_progressive_paper_evening_moves_the_winners_off_their_cards():
    """A Dutch walk: with round totals on paper, every table read as won by N/S, so the
    losers moved as winners (E/W at table 1 won 32-20 and stayed put)."""
    from tournaments.services.rounds import round_winners

    event = started_event(players=8, hands=4, hands_per_round=2, movement_kind="winners_split")
    cards.event_paper_cards_set(event_id=event.pk, mode="rounds", check_top=3)
    rnd = event.rounds.get(number=1)
    seats = {
        (s.table.number, s.seat): s.entry.number
        for s in rnd.seatings.filter(table__isnull=False).select_related("table", "entry")
    }
    totals = {seats[(1, x)]: t for x, t in zip("NSEW", (10, 10, 16, 16), strict=True)}
    totals |= {seats[(2, x)]: t for x, t in zip("NSEW", (17, 17, 9, 9), strict=True)}
    cards.card_totals_enter(event_id=event.pk, round_number=1, totals=totals)
    event.refresh_from_db()
    assert round_winners(event, rnd) == {1: 1, 2: 0}  # E/W won table 1, N/S table 2


def test_finishing_a_paper_evening_with_rounds_not_typed_asks_first(client):
    """A Dutch walk finished a paper-card evening after round 2 of 4 with one click."""
    from tests.factories import UserFactory

    event = started_event(players=8, hands=8, hands_per_round=2)
    cards.event_paper_cards_set(event_id=event.pk, mode="rounds", check_top=3)
    cards.card_totals_enter(
        event_id=event.pk, round_number=1, totals=dict.fromkeys(range(1, 9), 13)
    )
    user = UserFactory()
    event.club.organizers.add(user)
    client.force_login(user)
    asked = client.post(f"/events/{event.slug}/do/finish/").content.decode()
    assert f"Finish {event.name} with 3 rounds not played?" in asked
    event.refresh_from_db()
    assert event.status == "running"  # nothing happened yet


def test_a_paper_round_closes_without_hands_once_its_totals_are_typed(client):
    """A Dutch walk: each round page said "0 of 10 tables in" with every total typed, and
    closing it marked every table as not played."""
    from tournaments.models import Result
    from tournaments.services import rounds

    event = started_event(players=8, hands=4, hands_per_round=2, movement_kind="winners_split")
    cards.event_paper_cards_set(event_id=event.pk, mode="rounds", check_top=3)
    from tests.factories import UserFactory

    user = UserFactory()
    event.club.organizers.add(user)
    client.force_login(user)
    page = client.get(f"/events/{event.slug}/rounds/1/").content.decode()
    assert 'data-testid="paper-round"' in page and "tables in" not in page
    assert 'data-testid="waiting-for"' not in page and 'data-testid="state-1"' not in page
    assert "Close round 1</button>" in page and "Enter or correct results (grid)" not in page
    with pytest.raises(DomainError) as refused:  # the winners move by the round's totals
        rounds.round_close(event_id=event.pk, round_number=1)
    assert refused.value.code == "E_CARDS_MISSING" and "tables 1, 2" in refused.value.message
    cards.card_totals_enter(
        event_id=event.pk, round_number=1, totals=dict.fromkeys(range(1, 9), 13)
    )
    rounds.round_close(event_id=event.pk, round_number=1)  # no "force", nothing "not played"
    assert not Result.objects.filter(event=event).exists()


def test_a_paper_evening_offers_no_hand_prizes_and_says_when_nothing_was_saved(client):
    """A Dutch walk: the half-time prize stayed ticked and was never given; a refused total
    left the other 39 unsaved without a word at the top; the card check was pre-filled."""
    from tests.factories import UserFactory

    event = started_event(players=8, hands=4, hands_per_round=2)
    cards.event_paper_cards_set(event_id=event.pk, mode="rounds", check_top=3)
    user = UserFactory()
    event.club.organizers.add(user)
    client.force_login(user)
    prizes = client.get(f"/events/{event.slug}/prizes/")
    assert "half_time" not in prizes.context["form"].fields
    entry = event.entries.get(number=1)
    posted = {"action": "totals", "round": "1", "p1": "64", "p2": "13"}  # 64 of 26: refused
    page = client.post(f"/events/{event.slug}/cards/?round=1", posted).content.decode()
    assert "Nothing was saved: put right the totals marked below." in page
    assert not entry.card_totals.exists()
    cards.card_totals_enter(event_id=event.pk, round_number=1, totals={1: 13})
    check = client.get(f"/events/{event.slug}/cards/").content.decode()
    box = check.split(f'id="card-{entry.pk}"')[1].split(">")[0]
    assert "value=" not in box and "required" in box
    # with round totals a differing card is put right by its round (the check refuses it)
    assert "put right the round it differs in" in check and "corrects the total" not in check


def test_a_players_page_on_a_paper_evening_shows_their_card_totals(client):
    """A Dutch walk: a player's own page read "not played: own average credited" for every
    hand and a running total of 0, while the standings placed her first on 123."""
    from tournaments.selectors.player import player_code

    event = started_event(players=8, hands=4, hands_per_round=2)
    cards.event_paper_cards_set(event_id=event.pk, mode="rounds", check_top=3)
    cards.card_totals_enter(
        event_id=event.pk, round_number=1, totals=dict.fromkeys(range(1, 9), 13)
    )
    url = f"/e/{event.slug}/me/1-{player_code(event.pk, 1)}/"
    page = client.get(url).content.decode()
    totals = page.split('data-testid="paper-totals"')[1].split("</table>")[0]
    assert '<td>1</td><td class="num">13</td>' in totals
    assert "Score card" not in page and "not played" not in page
