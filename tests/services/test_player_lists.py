"""Reading what organizers paste: spreadsheets, CSV, plain names (issue 15, item 6). No database."""

import pytest

from tournaments.errors import DomainError
from tournaments.services.player_lists import NewPlayer, parse_player_list, read_player_list


@pytest.mark.parametrize(
    ("text", "players"),
    [
        (
            "Vera Kenyon\t1025\tlady\nTom Hardy\t1026\tgent\n",
            [NewPlayer("Vera Kenyon", "1025", "lady"), NewPlayer("Tom Hardy", "1026", "gent")],
        ),
        ("Ann\n\n  Bob  Smith \n", [NewPlayer("Ann"), NewPlayer("Bob Smith")]),
        ("Bob, 12, gent", [NewPlayer("Bob", "12", "gent")]),
        ("P1, , lady", [NewPlayer("P1", "", "lady")]),
        ("naam;lidnummer\nJan de Vries;77", [NewPlayer("Jan de Vries", "77")]),
        ("Ann, Bob, Cat", None),  # three names on one line: one player a line
        ("name;nr;role\nJan de Vries;77;g", [NewPlayer("Jan de Vries", "77", "gent")]),
        ("Role,Name\nlady,Ann", [NewPlayer("Ann", "", "lady")]),
        ('"Smith, John",12,M', [NewPlayer("John Smith", "12", "gent")]),
        # a German club's Excel export: semicolons, "Nachname, Vorname", German header words
        (
            "Name;Nummer;Rolle\nMüller, Hans;2001;Herr\nSchmidt, Eva;2002;Dame",
            [NewPlayer("Hans Müller", "2001", "gent"), NewPlayer("Eva Schmidt", "2002", "lady")],
        ),
        ("Name;Mitgliedsnummer\nHans Müller;2001", [NewPlayer("Hans Müller", "2001")]),
        ("Müller, Hans;2001;H", [NewPlayer("Hans Müller", "2001", "gent")]),
        ("Vorname;Nachname;Rolle\nHans;Müller;Herr", [NewPlayer("Hans Müller", "", "gent")]),
        ("Nom;Prénom;Numéro\nDupont;Marie;12", [NewPlayer("Marie Dupont", "12")]),
        ("Prénom;Nom de famille;Sexe\nMarie;Dupont;F", [NewPlayer("Marie Dupont", "", "lady")]),
        ("Navn;Medlemsnummer;Køn\nJens Hansen;7;herre", [NewPlayer("Jens Hansen", "7", "gent")]),
        ("Marieke Bakker;\nKenyon, Vera", [NewPlayer("Marieke Bakker"), NewPlayer("Vera Kenyon")]),
        ("Kenyon, Vera", [NewPlayer("Vera Kenyon")]),
        # a UK spreadsheet's title or gender column (a walk: "Male Hugh Test" made a name)
        (
            "Fred Test,Mr\nGwen Test,Female\nHugh Test,Male\nIris Test,Mrs",
            [
                NewPlayer("Fred Test", "", "gent"),
                NewPlayer("Gwen Test", "", "lady"),
                NewPlayer("Hugh Test", "", "gent"),
                NewPlayer("Iris Test", "", "lady"),
            ],
        ),
        ("Vera Kenyon 1025 lady", [NewPlayer("Vera Kenyon", "1025", "lady")]),
        ("Player 12", [NewPlayer("Player 12")]),
        ("lady\tVera Kenyon\t1025", [NewPlayer("Vera Kenyon", "1025", "lady")]),
        ("\ufeffname,no\nAnn,5", [NewPlayer("Ann", "5")]),
        # a guest without a membership number under a Dutch header: a name, no number
        (
            "Lidnummer;Naam;Voornaam\n101;de Vries;Jan\nMarie Claes\nJanssens;Els",
            [NewPlayer("Jan de Vries", "101"), NewPlayer("Marie Claes"), NewPlayer("Els Janssens")],
        ),
        # a Dutch members' export keeps the tussenvoegsel in a column of its own
        (
            "Lidnummer;Voornaam;Tussenvoegsel;Achternaam;Geslacht\n101;Jan;de;Vries;M\n"
            "102;Marieke;van den;Berg;V\n103;Henk;;Jansen;M",
            [
                NewPlayer("Jan de Vries", "101", "gent"),
                NewPlayer("Marieke van den Berg", "102", "lady"),
                NewPlayer("Henk Jansen", "103", "gent"),
            ],
        ),
    ],
)
def test_lists_as_clubs_keep_them(text, players):
    if players is None:
        assert read_player_list(text)[0].error
        return
    assert parse_player_list(text) == players


def test_every_bad_line_is_reported_with_its_number_for_the_preview():
    lines = read_player_list("Ann\nBob, 1, queen\nCat\nDan, 2, 3")
    assert [(line.line, bool(line.player), bool(line.error)) for line in lines] == [
        (1, True, False),
        (2, False, True),
        (3, True, False),
        (4, False, True),
    ]
    assert "Unknown role 'queen'" in lines[1].error
    with pytest.raises(DomainError) as err:
        parse_player_list("Ann\nBob, 1, queen", field="csv")
    assert err.value.field == "csv" and err.value.message.startswith("Line 2 (Bob, 1, queen)")


def test_no_tab_or_double_space_survives_in_a_name():
    (player,) = parse_player_list("Vera\u00a0 Kenyon\t\t1025")
    assert player.name == "Vera Kenyon" and player.membership_number == "1025"


SHEET = "Team\tPlayer 1\tPlayer 2\nAces\tAnn Smith\tBob Jones\nKings\tKenyon, Vera\tDan Evans\n"


def test_a_sign_up_sheet_lists_a_team_a_line_in_a_pairs_event():
    """A US night's sheet ("Team, Player 1, Player 2") was refused line by line."""
    assert parse_player_list(SHEET, teams=True) == [
        NewPlayer("Ann Smith", team="Aces", team_line=2),
        NewPlayer("Bob Jones", team="Aces", team_line=2),
        NewPlayer("Vera Kenyon", team="Kings", team_line=3),
        NewPlayer("Dan Evans", team="Kings", team_line=3),
    ]
    plain = "Ann Smith & Bob Jones\nCara & Dan\nAces\tEve Fox\tGil Hunt\nIvy Jones\nKenyon, Vera\n"
    assert [(p.name, p.team, p.team_line) for p in parse_player_list(plain, teams=True)] == [
        ("Ann Smith", "", 1),
        ("Bob Jones", "", 1),
        ("Cara", "", 2),
        ("Dan", "", 2),
        ("Eve Fox", "Aces", 3),
        ("Gil Hunt", "Aces", 3),
        ("Ivy Jones", "", 0),
        ("Vera Kenyon", "", 0),  # one word each side of the comma: a surname first
    ]
    # outside a pairs event nothing changes: one player a line
    assert [p.name for p in parse_player_list("Ann Smith & Bob Jones\n")] == ["Ann Smith & Bob Jones"]
    assert read_player_list(SHEET)[0].error  # "Player 1" is no header of a player list
    dutch = parse_player_list("Team;Speler 1;Speler 2\nHarten;Jan de Vries;Piet Jansen\n", teams=True)
    assert [(p.name, p.team) for p in dutch] == [("Jan de Vries", "Harten"), ("Piet Jansen", "Harten")]
    under_header = parse_player_list(SHEET + "Eve Fox & Gil Hunt\n", teams=True)[-2:]
    assert [(p.name, p.team_line) for p in under_header] == [("Eve Fox", 4), ("Gil Hunt", 4)]
