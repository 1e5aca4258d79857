"""Reading the player lists organizers paste or upload: one player a line, cells in any order.

What arrives is whatever the club keeps: plain names, a spreadsheet copied as
tab-separated lines ("Vera Kenyon<TAB>1025<TAB>lady"), CSV with commas or semicolons,
with or without a header row, in English, Dutch, German, Danish or French. Each line's
delimiter is the one it uses (tab, then semicolon, then comma) and ``csv`` reads the
cells, so quoted names survive; "Surname, Given" becomes "Given Surname". Without
a header each cell is recognised by its content: a role word, a membership number
(it has a digit), else the name. In a pairs event a line may hold a team instead (a
sign-up sheet: "Aces<TAB>Ann Smith<TAB>Bob Jones", or "Ann Smith & Bob Jones"). Pure
functions: no database, so they are checked alone and the page can show a preview before
anything is saved.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass

from django.utils.translation import gettext as _

from tournaments.errors import DomainError
from tournaments.models import Player
from tournaments.services.common import require_max_lengths

ROLE_WORDS = {
    "": "",
    "-": "",
    "any": "",
    "lady": "lady",
    "ladies": "lady",
    "l": "lady",
    "f": "lady",
    "woman": "lady",
    "gent": "gent",
    "gents": "gent",
    "g": "gent",
    "m": "gent",
    "man": "gent",
    # the clubs' own lists: Dutch, German, Danish and French (d/h: dame, heer/Herr/herre/homme)
    "d": "lady",
    "h": "gent",
    "v": "lady",
    "dame": "lady",
    "dames": "lady",
    "damen": "lady",
    "damer": "lady",
    "vrouw": "lady",
    "frau": "lady",
    "kvinde": "lady",
    "femme": "lady",
    "heer": "gent",
    "heren": "gent",
    "herr": "gent",
    "herren": "gent",
    "herre": "gent",
    "herrer": "gent",
    "mann": "gent",
    "mand": "gent",
    "homme": "gent",
    "monsieur": "gent",
    # a UK spreadsheet's gender or title column (a walk saw "Male Hugh Test" made a name)
    "female": "lady",
    "women": "lady",
    "mrs": "lady",
    "ms": "lady",
    "miss": "lady",
    "male": "gent",
    "men": "gent",
    "mr": "gent",
    "madame": "lady",
    "mme": "lady",
    "mevrouw": "lady",
    "mevr": "lady",
    "meneer": "gent",
    "dhr": "gent",
    "fru": "lady",
}
HEADER_WORDS = {
    "name": "name",
    "player": "name",
    "number": "number",
    "no": "number",
    "nr": "number",
    "membership": "number",
    "membership number": "number",
    "member": "number",
    "role": "role",
    "gender": "role",
    "first name": "given",
    "given name": "given",
    "surname": "surname",
    "last name": "surname",
    # the clubs' own lists: Dutch, German, Danish and French headers
    "naam": "name",
    "speler": "name",
    "nummer": "number",
    "lidnummer": "number",
    "lidnr": "number",
    "rol": "role",
    "geslacht": "role",
    "voornaam": "given",
    "achternaam": "surname",
    # a Dutch (or Belgian) export keeps "de", "van den" apart: Jan | de | Vries
    "tussenvoegsel": "infix",
    "tussenvoegsels": "infix",
    "tussenv.": "infix",
    "tussenv": "infix",
    "voorvoegsel": "infix",
    "voorvoegsels": "infix",
    "prefix": "infix",
    "infix": "infix",
    "name prefix": "infix",
    "namenszusatz": "infix",
    "particule": "infix",
    "spieler": "name",
    "mitgliedsnummer": "number",
    "mitgliednummer": "number",
    "mitgliedsnr": "number",
    "rolle": "role",
    "geschlecht": "role",
    "vorname": "given",
    "nachname": "surname",
    "navn": "name",
    "spiller": "name",
    "medlemsnummer": "number",
    "medlemsnr": "number",
    "køn": "role",
    "fornavn": "given",
    "efternavn": "surname",
    "nom": "name",
    "joueur": "name",
    "numéro": "number",
    "n°": "number",
    "numéro de membre": "number",
    "numéro d'adhérent": "number",
    "rôle": "role",
    "sexe": "role",
    "genre": "role",
    "prénom": "given",
    "nom de famille": "surname",
}


@dataclass(frozen=True)
class NewPlayer:
    """A name typed, pasted or imported: a roster player is found or made from it.

    ``team_line``: the list's line that named this player with a partner (a pairs event's
    sign-up sheet, one team a line), ``team`` the pair's name there ("" for "A & B")."""

    name: str
    membership_number: str = ""
    role: str = ""
    team: str = ""
    team_line: int = 0


@dataclass(frozen=True)
class ListLine:
    """One line of a pasted list as read: the player it makes, or what is wrong with it."""

    line: int
    text: str
    player: NewPlayer | None = None
    error: str = ""
    code: str = "E_FORMAT"  # the refusal's code and field, for a caller that refuses the list
    field: str | None = None


def role_word(text: str) -> str | None:
    """The role a word names ("lady", "gent" or "" for none), or None if it names none."""
    word = (text or "").strip().lower().rstrip(".")
    found = ROLE_WORDS.get(word)
    if found is None:
        found = {_("lady").lower(): "lady", _("gent").lower(): "gent"}.get(word)
    return found


def parse_role(text: str, *, line: int | None = None) -> str:
    role = role_word(text)
    if role is None:
        where = _(" (line %(n)s)") % {"n": line} if line else ""
        raise DomainError(
            "E_ROLE",
            _("Unknown role %(role)r%(where)s: use lady, gent or leave it empty.")
            % {"role": text, "where": where},
            field="role",
        )
    return role


def _delimiter(line: str) -> str:
    """Each line's own: tab, else semicolon, else comma. A German or Danish spreadsheet's
    CSV separates with semicolons and keeps "Müller, Hans" in one cell."""
    if "\t" in line:
        return "\t"
    return ";" if ";" in line else ","


def _given_first(name: str) -> str:
    """ "Kenyon, Vera" -> "Vera Kenyon", as club lists keep surnames first."""
    surname, comma, given = name.partition(",")
    if not comma or "," in given or not surname.strip() or not given.strip():
        return name
    return f"{given.strip()} {surname.strip()}"


def _header(cells: list[str]) -> list[str] | None:
    """Column meanings if ``cells`` is a header row naming the name column, else None."""
    words = [HEADER_WORDS.get(c.strip().lower().rstrip(":")) for c in cells]
    translated = {_("name").lower(): "name", _("role").lower(): "role"}
    words = [w or translated.get(c.strip().lower()) for w, c in zip(words, cells, strict=True)]
    return [w or "" for w in words] if {"name", "surname"} & set(words) else None


def _by_content(cells: list[str]) -> NewPlayer:
    """Name, membership number and role from cells in any order, told apart by content."""
    names, numbers, roles = [], [], []
    for cell in cells:
        if not cell:
            continue
        role = role_word(cell)
        if role is not None and (names or len(cell) > 1):
            roles.append(role)
        elif any(ch.isdigit() for ch in cell) and names:
            numbers.append(cell)
        elif numbers:  # after the number only a role can follow
            roles.append(parse_role(cell))
        else:
            names.append(cell)
    if len(roles) > 1 or len(numbers) > 1:
        raise ValueError(_("more than one role or membership number"))
    if len(names) == 2:  # "Kenyon, Vera": surname first, as many club lists keep it
        names = [f"{names[1]} {names[0]}"]
    if len(names) != 1:
        raise ValueError(_("more than one name: put one player on each line"))
    name = _given_first(names[0])
    return NewPlayer(name, numbers[0] if numbers else "", roles[0] if roles else "")


def _by_header(cells: list[str], columns: list[str]) -> NewPlayer:
    values = {"name": "", "number": "", "role": "", "given": "", "surname": "", "infix": ""}
    if any(cells[len(columns) :]):
        raise ValueError(_("more cells than the header row has columns"))
    if len(cells) < len(columns) and "number" in columns:
        at = columns.index("number")
        if not any(ch.isdigit() for ch in (cells[at] if at < len(cells) else "")):
            # a guest's line with no number cell ("Marie Claes" under "Lidnummer;Naam;Voornaam"):
            # the cells fill the other columns, in order
            columns = [c for c in columns if c != "number"]
    for column, cell in zip(columns, cells, strict=False):
        if column:
            values[column] = cell
    given, surname = values["given"], values["surname"]
    if given and not surname:  # "Nom" beside "Prénom", "Name" beside "Vorname": the surname
        surname = values["name"]
    if values["infix"]:  # "de" + "Vries": "de Vries", as the member is called
        surname = f"{values['infix']} {surname}".strip()
    name = (
        " ".join(f"{given} {surname}".split()) if given or surname else _given_first(values["name"])
    )
    return NewPlayer(name, values["number"], parse_role(values["role"]))


def _trailing(text: str) -> list[str]:
    """A line with no delimiter: "Vera Kenyon 1025 lady" ends in a role (and maybe a number)."""
    words = text.split()
    if len(words) < 2 or role_word(words[-1]) is None or len(words[-1]) < 2:
        return [text]
    cells = [words.pop()]
    if len(words) > 1 and any(ch.isdigit() for ch in words[-1]):
        cells.insert(0, words.pop())
    return [" ".join(words), *cells]


TEAM_HEADER_WORDS = {
    "team": "team",
    "team name": "team",
    "pair": "team",
    "équipe": "team",
    "paar": "team",
    "hold": "team",
    "player 1": "name",
    "player 2": "partner",
    "partner": "partner",
    # the clubs' own sheets: Dutch, German, Danish and French
    "speler 1": "name",
    "speler 2": "partner",
    "spieler 1": "name",
    "spieler 2": "partner",
    "spiller 1": "name",
    "spiller 2": "partner",
    "makker": "partner",
    "joueur 1": "name",
    "joueur 2": "partner",
    "partenaire": "partner",
}


def _full_name(cell: str) -> bool:
    """A cell that can only be a person's whole name: two words or more, no digit, no role."""
    return (
        len(cell.split()) > 1 and not any(ch.isdigit() for ch in cell) and role_word(cell) is None
    )


def _team_cells(cells: list[str]) -> tuple[str, list[str]] | None:
    """(team name, the two players) of a sign-up sheet's line, or None for a one-player line:
    "Ann Smith & Bob Jones", "Ann Smith<TAB>Bob Jones" or "Aces<TAB>Ann Smith<TAB>Bob Jones"."""
    cells = [c for c in cells if c]
    if len(cells) == 1 and "&" in cells[0]:
        names = [n.strip() for n in cells[0].split("&")]
        return ("", names) if len(names) == 2 and all(names) else None
    if len(cells) in (2, 3) and all(_full_name(c) for c in cells[-2:]):
        return (cells[0] if len(cells) == 3 else "", cells[-2:])
    return None


def _team_header(cells: list[str]) -> list[str] | None:
    """Column meanings of a sign-up sheet's header ("Team, Player 1, Player 2"), else None."""
    words = [TEAM_HEADER_WORDS.get(c.strip().lower().rstrip(":")) for c in cells]
    return [w or "" for w in words] if {"name", "partner"} <= set(words) else None


def _team_players(number: int, raw: str, team: str, names: list[str]) -> list[ListLine]:
    """A team line's two players, one ListLine each, both naming the line and the team."""
    out = []
    for name in names:
        player = NewPlayer(_given_first(name), team=team, team_line=number)
        try:
            require_max_lengths(Player, name=player.name)
        except DomainError as exc:
            return [ListLine(number, raw, error=exc.message, code=exc.code, field=exc.field)]
        out.append(ListLine(number, raw, player))
    return out


def read_player_list(text: str, *, teams: bool = False) -> list[ListLine]:
    """Every non-empty line of a pasted list or CSV file, read (errors kept per line).

    ``teams`` (a pairs event): a line may name a team of two instead (``_team_cells``), or
    the header may be a sign-up sheet's (team, player 1, player 2)."""
    lines = (text or "").lstrip("\ufeff").splitlines()
    try:
        rows = [next(csv.reader([line], delimiter=_delimiter(line)), []) for line in lines]
    except csv.Error as exc:  # e.g. a NUL byte
        raise DomainError(
            "E_FORMAT", _("The list cannot be read: %(problem)s.") % {"problem": exc}, field="text"
        ) from exc
    columns = None
    out: list[ListLine] = []
    for number, (raw, cells) in enumerate(zip(lines, rows, strict=False), 1):
        cells = [" ".join(c.split()) for c in cells]  # tabs and runs of spaces inside a name
        if not any(cells):
            continue
        if number == 1 and teams and (team_columns := _team_header(cells)):
            columns = team_columns
            continue
        if number == 1 and (columns := _header(cells)):
            continue
        if teams and (not columns or "partner" in columns):
            values = dict(zip(columns or (), cells, strict=False))
            names = [values.get("name", ""), values.get("partner", "")]
            found = (values.get("team", ""), names) if all(names) else _team_cells(cells)
            if found:
                out += _team_players(number, raw, *found)
                continue
        if len(cells) == 1:
            cells = _trailing(cells[0])
        try:
            player = _by_header(cells, columns) if columns else _by_content(cells)
            if not player.name:
                raise ValueError(_("no name"))
            require_max_lengths(
                Player, name=player.name, membership_number=player.membership_number
            )
        except DomainError as exc:
            out.append(ListLine(number, raw, error=exc.message, code=exc.code, field=exc.field))
        except ValueError as exc:
            out.append(ListLine(number, raw, error=str(exc)))
        else:
            out.append(ListLine(number, raw, player))
    return out


def parse_player_list(text: str, *, field: str = "text", teams: bool = False) -> list[NewPlayer]:
    """The players of a list; the first bad line is refused with its line number."""
    lines = read_player_list(text, teams=teams)
    for item in lines:
        if item.error:
            raise DomainError(
                item.code,
                _("Line %(n)s (%(text)s): %(error)s.")
                % {
                    "n": item.line,
                    "text": " ".join(item.text.split())[:60],
                    "error": item.error.rstrip("."),
                },
                # a value too long for its column names that column (the API client fixes it
                # there); anything else is a fault of the list as typed
                field=item.field if item.code == "E_TOO_LONG" else field,
            )
    return [item.player for item in lines if item.player]
