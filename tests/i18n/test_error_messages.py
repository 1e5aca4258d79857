"""Engine refusals in plain words: every engine code has one, and the numbers come along."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.utils import translation

import scoring
from tournaments.error_messages import RULES, engine_message

ENGINE = Path(scoring.__file__).resolve().parent
ES_BASE = {"declarer": "3", "bid": "8", "trump": "hearts", "partner_ace": "spades", "partner": "1", "kitty_exchanged": 3}


def test_every_code_the_engines_raise_has_a_plain_message():
    raised = set()
    for source in ENGINE.glob("*.py"):
        raised |= set(re.findall(r'"(E_[A-Z_]+)"', source.read_text()))
    assert raised and raised <= set(RULES)


def refusal(system: str, record: dict) -> scoring.ScoringError:
    with pytest.raises(scoring.ScoringError) as caught:
        scoring.score(system, record)
    return caught.value


def es(**contract) -> dict:
    return {"players": ["1", "2", "3", "4"], "hands": [{"contract": {**ES_BASE, **contract}, "tricks": 10}]}


@pytest.mark.parametrize(
    ("system", "record", "english", "danish"),
    [
        ("rubber", {"hands": [{"tricks": {"A": 8, "B": 5}, "honours": {"A": 5}}]},
         "A side can claim at most 4 honours (you entered 5).",
         "En side kan højst melde 4 honnører (indtastet: 5)."),
        ("bidwhist", {"hands": [{"bid": "4 uptown", "bidder": "A", "books": 14}]},
         "The bidding team's books (the kitty counts as one) must be from 1 to 13 (you entered 14).",
         "Den meldende sides stik (katten tæller som ét) skal være fra 1 til 13 (indtastet: 14)."),
        ("bidwhist", {"hands": [{"bid": "9 uptown", "bidder": "A", "books": 10}]},
         "The bid must be from 1 to 7 (you entered 9).",
         "Meldingen skal være fra 1 til 7 (indtastet: 9)."),
        ("esmakker", es(bid="8 gode"),
         "8 gode is played with clubs as trump, not hearts.",
         "8 gode spilles med klør som trumf, ikke hjerter."),
        ("esmakker", es(bid="8 staerke", trump="hearts"),
         "8 stærke is played with spades as trump, not hearts.",
         "8 stærke spilles med spar som trumf, ikke hjerter."),
        ("esmakker", es(kitty_exchanged=2),
         "The cards exchanged with the kitty must be one of 0, 3 (you entered 2).",
         "Antal kort byttet med katten skal være et af 0, 3 (indtastet: 2)."),
        ("esmakker", es(bid="8 foo"),
         "'8 foo' is not an Es-makker bid: use 7 to 13, with halve, gode, stærke, vip or kvarte if need be, or sol, ren sol, bordlægger or pass.",
         "'8 foo' er ikke en Es-makker-melding: meld 7 til 13, evt. med halve, gode, stærke, vip eller kvarte, eller sol, ren sol, bordlægger eller pas."),
        ("esmakker", es(partner="9"),
         "Player '9' is not playing this hand.",
         "Spiller '9' er ikke med i dette spil."),
    ],
)
def test_the_engines_numbers_and_bids_are_kept_in_each_language(system, record, english, danish):
    exc = refusal(system, record)
    with translation.override("en"):
        assert engine_message(exc.code, exc.message) == english
    with translation.override("da"):
        assert engine_message(exc.code, exc.message) == danish


def test_an_unknown_code_still_says_something_in_the_language():
    with translation.override("de"):
        assert engine_message("E_NEW", "whatever") == "Diese Eingabe wurde abgelehnt (E_NEW)."
