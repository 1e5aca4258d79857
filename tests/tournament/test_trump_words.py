"""The trump rotation as organizers type it in their own language."""

import pytest

from tournaments.trump_words import read_trumps, show_trumps

ROTATION = ["H", "C", "D", "S", "NT"]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("H C D S NT", "en"),
        ("♥ ♣ ♦ ♠ no trumps", "en"),
        ("H K R S SA", "nl"),
        ("harten, klaveren, ruiten, schoppen, zonder troef", "nl"),
        ("Herz Kreuz Karo Pik ohne Trumpf", "de"),
        ("H K R S UT", "da"),
        ("hjerter klør ruder spar uden trumf", "da"),
        ("C T K P SA", "fr"),
        ("Cœur Trèfle Carreau Pique sans-atout", "fr"),
    ],
)
def test_each_room_writes_the_rotation_its_own_way(text, language):
    assert read_trumps(text, language) == ROTATION


def test_a_letter_means_what_it_means_in_the_pages_language():
    assert read_trumps("C", "en") == ["C"]  # clubs
    assert read_trumps("C", "fr") == ["H"]  # cœur
    with pytest.raises(ValueError, match="Kreuz, Karo"):
        read_trumps("K", "de")
    with pytest.raises(ValueError, match="not a suit"):
        read_trumps("H X", "nl")


def test_the_rotation_shows_as_symbols_and_the_rooms_no_trumps():
    assert show_trumps(ROTATION, "nl") == "♥ ♣ ♦ ♠ SA"
    assert show_trumps(ROTATION, "en-gb") == "♥ ♣ ♦ ♠ NT"
