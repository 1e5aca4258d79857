"""The trump rotation as an organizer types and reads it, in the language of the page, and
a trump's name as pages, exports and cards spell it.

Stored and sent over the API as codes (H, C, D, S, NT). On the settings page the rotation
shows as suit symbols and is read back from symbols, the suits' names in any of the five
languages, or letters. Letters are read as the page's language spells the suits: in
French "C" is cœur (hearts), not clubs; in German "K" could be Kreuz or Karo and is
refused with a word that says so.
"""

from __future__ import annotations

import unicodedata

from django.utils.text import capfirst
from django.utils.translation import get_language, pgettext_lazy
from django.utils.translation import gettext as _

SYMBOLS = {"H": "♥", "C": "♣", "D": "♦", "S": "♠"}
# Each code's mark and name, as cards and pages spell it.
TRUMPS = {
    "H": ("♥", pgettext_lazy("suit", "hearts")),
    "C": ("♣", pgettext_lazy("suit", "clubs")),
    "D": ("♦", pgettext_lazy("suit", "diamonds")),
    "S": ("♠", pgettext_lazy("suit", "spades")),
    "NT": ("NT", pgettext_lazy("trump", "no trumps")),
}
NO_TRUMPS = {"en": "NT", "nl": "SA", "de": "SA", "da": "UT", "fr": "SA"}  # how each room writes it

WORDS = {  # any language: symbols, names, the no-trump abbreviations
    "H": "♥ ♡ heart hearts harten hart herz hjerter coeur coeurs",
    "C": "♣ ♧ club clubs klaveren klaver kreuz klor trefle trefles",
    "D": "♦ ♢ diamond diamonds ruiten karo ruder carreau carreaux",
    "S": "♠ ♤ spade spades schoppen pik spar pique piques",
    "NT": "nt sa zt ut ot notrumps notrump sansatout zondertroef ohnetrumpf udentrumf",
}
LETTERS = {  # the page language's one-letter suits
    "en": {"H": "H", "C": "C", "D": "D", "S": "S"},
    "nl": {"H": "H", "K": "C", "R": "D", "S": "S", "C": "C", "D": "D"},
    "da": {"H": "H", "K": "C", "R": "D", "S": "S", "C": "C", "D": "D"},
    "de": {"H": "H", "P": "S", "C": "C", "D": "D", "S": "S"},
    "fr": {"C": "H", "T": "C", "K": "D", "P": "S"},
}
SHOWN = {"en": "H C D S", "nl": "H K R S", "de": "H P", "da": "H K R S", "fr": "C T K P"}
AMBIGUOUS = {"de": {"K": "Kreuz, Karo"}}
PHRASES = ("no trumps", "no trump", "sans atout", "zonder troef", "ohne trumpf", "uden trumf")

_BY_WORD = {word: code for code, words in WORDS.items() for word in words.split()}


def _plain(word: str) -> str:
    """Lower case without accents or spaces: "Cœur" -> "coeur", "Klør" -> "klor"."""
    word = word.lower().replace("œ", "oe").replace("ø", "o").replace("æ", "ae")
    decomposed = unicodedata.normalize("NFKD", word)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def _language(language: str | None) -> str:
    code = (language or "en").split("-")[0]
    return code if code in LETTERS else "en"


def show_trumps(codes: list[str], language: str | None) -> str:
    """Codes as the settings page shows them: "♥ ♣ ♦ ♠ SA"."""
    no_trumps = NO_TRUMPS[_language(language)]
    return " ".join(SYMBOLS.get(code, no_trumps if code == "NT" else code) for code in codes)


def trump_mark(code: str) -> str:
    """A trump code as one short mark in the page's language: "♥", or "SA" for no trumps
    (the English letters C and D meant nothing to a Dutch or French room)."""
    return show_trumps([code], get_language())


def trump_name(code: str, *, capital: bool = True) -> str:
    """A trump code spelled out: "H" -> "Hearts ♥", "NT" -> "No trumps"; unknown codes as stored.
    ``capital=False`` inside a sentence ("troef: harten ♥"): the language's own case."""
    symbol, label = TRUMPS.get(code, ("", ""))
    if not label:
        return code
    name = capfirst(str(label)) if capital else str(label)
    return name if symbol == code else f"{name} {symbol}"


def trump_word(code: str) -> str:
    return trump_name(code, capital=False)


def read_trumps(text: str, language: str | None) -> list[str]:
    """The codes of a rotation typed in ``language``; ValueError with the words to show."""
    language = _language(language)
    letters, ambiguous = LETTERS[language], AMBIGUOUS.get(language, {})
    codes = []
    text = _plain(text).replace(",", " ").replace(";", " ").replace("-", " ")
    for phrase in PHRASES:  # the two-word names of no trumps, as one word
        text = text.replace(phrase, phrase.replace(" ", ""))
    for word in text.split():
        upper = word.upper()
        if upper in ambiguous:
            raise ValueError(
                _("“%(word)s” could be %(suits)s: write the suit's name.")
                % {"word": upper, "suits": ambiguous[upper]}
            )
        code = letters.get(upper) or _BY_WORD.get(word)
        if code is None:
            raise ValueError(
                _("“%(word)s” is not a suit. Write ♥ ♣ ♦ ♠, the suits' names or %(letters)s.")
                % {
                    "word": upper if len(word) <= 2 else word,
                    "letters": f"{SHOWN[language]} {NO_TRUMPS[language]}",
                }
            )
        codes.append(code)
    return codes
