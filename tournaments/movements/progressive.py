"""Progressive drive movements (docs/rules.md §B1): the next round's tables from the last results.

Input: {"partners": "kept"|"changed", "tables": [{"table": t, "pairs": [[lady, gent],
[lady, gent]], "winner": 0|1}, ...]} with tables numbered 1..T (any order). "Lady" and "gent"
are seat roles, not sexes; players are any JSON strings or integers.
Output: {"tables": [{"table": t, "pairs": [[lady, gent], [lady, gent]]}, ...]} in table order.

Tables wrap: up(t) = t + 1 with T -> 1, down(t) = t - 1 with 1 -> T. Everybody keeps their
role. In every output table pairs[0] is the home pair, the one holding the player who keeps
their seat, and pairs[1] the pair that sits down opposite (so T06 reads exactly as written).
With W(t) = (Wl, Wg) the winners and L(t) = (Ll, Lg) the losers at table t, table t gets:

- winners_split:  [Ll(t), Wg(up t)] v [Wl(down t), Lg(t)]. The winning lady goes up and the
  winning gent down; the losing lady keeps her seat and her new partner, the gent arriving
  from t+1, takes the chair opposite her (the one her old partner left); the losing gent moves
  one seat, into the chair the winning gent left, and partners the lady arriving from t-1,
  who takes the winning lady's chair. Partners change every hand, even on one table.
- losers_split:   [Wl(t), Wg(t)] v [Ll(down t), Lg(up t)]. Winners stay as a pair; the losing
  lady goes up and the losing gent down (docs/rules.md T06).
- losers_split_progressive: [Wl(t), Lg(up t)] v [Ll(down t), Wg(t)]. As losers_split, but the
  winning gent changes seat to oppose his previous partner.
- head_table: winners at table 1 stay, losers at table 1 drop to table T, winners at t > 1 go
  to t-1, other losers stay. Home pairs: W(1) at table 1, L(t) elsewhere; arrivals: W(t+1),
  and at table T the losers of table 1. partners "kept" (the default: a pair drive) keeps the
  pairs; "changed" pairs home lady + arriving gent v arriving lady + home gent (crosswise).
  On a single table nobody moves.
- foster: winners move up one table, losers stay, partners kept all evening. Home pairs:
  L(t); arrivals: W(down t), so the winners at table T go round to table 1. A pairs drive
  only: the partnerships never change (partners "changed" is refused).
- ladies_stay: the fixed "ladies stay, gents move" of a traditional drive. Whoever won, both
  ladies keep their seats; the N/S gent moves up one table and the E/W gent down one: table
  t gets [Nl(t), Ng(down t)] v [El(t), Eg(up t)]. Partners change every hand; two gents who
  ever sat at one table meet again only when the rounds come round (with an odd number of
  tables, after T rounds; the two ladies of a table oppose each other all evening).
- ew_move: the chosen-partner progressive pairs drive. Whoever won, the N/S pair
  (pairs[0]) stays and the E/W pair (pairs[1]) moves up one table: table t gets
  [NS(t)] v [EW(down t)]. Partners kept, as for foster.
- foster and ew_move with players who cannot move: a pair counts as stationary when either
  player is listed. Where the pair the rule moves (the winners; E/W) is stationary, it
  stays and the other pair takes its path up a table instead, so both meet new opponents;
  a stationary pair keeps its side (N/S or E/W). Two stationary pairs at one table both
  stay (they meet again) and the movers skip that table.

Players who cannot move (``"stationary": [player, ...]`` in the input, docs/movements.md)
keep their seat whatever the rule says: after the rule has moved everyone, each of them
changes places with whoever the rule put in their seat, so that player takes the seat the
rule meant for them (the same role, since a player and their seat share it).
"""

from __future__ import annotations

from .grade import fail, require_key, require_list

PARTNERS = ("kept", "changed")
# The rules of a pairs drive: partnerships are never broken (the players' own chosen pairs).
PAIR_RULES = ("foster", "ew_move")


def _read(doc: object) -> tuple[list[tuple], list[tuple], str]:
    """(winners by table, losers by table, partners) with index 0 = table 1; strict checks."""
    tables = require_list(require_key(doc, "tables", "the round"), "tables")
    if not tables:
        raise fail("the round has no tables")
    partners = doc.get("partners", "kept")
    if partners not in PARTNERS:
        raise fail(f"partners must be 'kept' or 'changed', got {partners!r}", "E_RULE")
    by_number: dict[int, dict] = {}
    for table in tables:
        number = require_key(table, "table", "a table")
        if isinstance(number, bool) or not isinstance(number, int) or number in by_number:
            raise fail(f"table numbers must be distinct integers, got {number!r}")
        by_number[number] = table
    if sorted(by_number) != list(range(1, len(tables) + 1)):
        raise fail(f"tables must be numbered 1..{len(tables)}, got {sorted(by_number)}")
    winners, losers, seen = [], [], set()
    for number in range(1, len(tables) + 1):
        table = by_number[number]
        where = f"table {number}"
        pairs = require_key(table, "pairs", where)
        if not (isinstance(pairs, list) and len(pairs) == 2):
            raise fail(f"{where}: needs two pairs of two players, got {pairs!r}")
        for pair in pairs:
            if not (isinstance(pair, list) and len(pair) == 2):
                raise fail(f"{where}: a pair must be [lady, gent], got {pair!r}")
            for player in pair:
                if isinstance(player, bool) or not isinstance(player, str | int):
                    raise fail(f"{where}: a player must be a name or number, got {player!r}")
                if player in seen:
                    raise fail(f"{where}: player {player!r} is seated twice")
                seen.add(player)
        winner = require_key(table, "winner", where)
        if isinstance(winner, bool) or not isinstance(winner, int) or winner not in (0, 1):
            raise fail(f"{where}: winner must be 0 or 1 (the index of the winning pair)")
        winners.append(tuple(pairs[winner]))
        losers.append(tuple(pairs[1 - winner]))
    return winners, losers, partners


def _output(tables: list[tuple[tuple, tuple]]) -> dict:
    return {
        "tables": [
            {"table": i, "pairs": [list(home), list(away)]}
            for i, (home, away) in enumerate(tables, start=1)
        ]
    }


def winners_split(doc: dict) -> dict:
    won, lost, _ = _read(doc)
    size = len(won)
    return _output(
        [((lost[i][0], won[(i + 1) % size][1]), (won[i - 1][0], lost[i][1])) for i in range(size)]
    )


def losers_split(doc: dict) -> dict:
    won, lost, _ = _read(doc)
    size = len(won)
    return _output([(won[i], (lost[i - 1][0], lost[(i + 1) % size][1])) for i in range(size)])


def losers_split_progressive(doc: dict) -> dict:
    won, lost, _ = _read(doc)
    size = len(won)
    return _output(
        [((won[i][0], lost[(i + 1) % size][1]), (lost[i - 1][0], won[i][1])) for i in range(size)]
    )


def head_table(doc: dict) -> dict:
    won, lost, partners = _read(doc)
    size = len(won)
    if size == 1:
        meetings = [(won[0], lost[0])]
    else:
        meetings = [(won[0], won[1])]
        meetings += [(lost[i], won[i + 1]) for i in range(1, size - 1)]
        meetings.append((lost[-1], lost[0]))
    if partners == "changed":
        meetings = [((home[0], away[1]), (away[0], home[1])) for home, away in meetings]
    return _output(meetings)


def ladies_stay(doc: dict) -> dict:
    _read(doc)  # checked like any round; who won does not matter
    tables = sorted(doc["tables"], key=lambda t: t["table"])
    home = [tuple(t["pairs"][0]) for t in tables]
    away = [tuple(t["pairs"][1]) for t in tables]
    size = len(tables)
    return _output(
        [((home[i][0], home[i - 1][1]), (away[i][0], away[(i + 1) % size][1])) for i in range(size)]
    )


def _kept(doc: dict, rule: str) -> None:
    if isinstance(doc, dict) and doc.get("partners", "kept") != "kept":
        raise fail(f"{rule} keeps partners all evening: partners must be 'kept'", "E_RULE")


def _pairs_move(doc: dict, staying: list[tuple], moving: list[tuple]) -> dict:
    """Table t keeps staying[t] and receives the pair moving up from below (t-1, T -> 1).

    A pair counts as stationary when either player is in ``"stationary"``. Where the moving
    pair is stationary it stays instead and the other pair takes its path (so it meets new
    opponents); where both are, both stay and that table neither sends nor receives: the
    movers go up to the next table that sends one. A stationary pair keeps its place (N/S
    or E/W); otherwise the staying pair is the home pair (pairs[0]).
    """
    fixed = set(doc.get("stationary") or []) if isinstance(doc, dict) else set()
    slot = {tuple(pair): i for t in doc["tables"] for i, pair in enumerate(t["pairs"])}
    stays: list[list[tuple]] = []
    movers: dict[int, tuple] = {}
    for i, (stay, move) in enumerate(zip(staying, moving, strict=True)):
        if fixed & set(move):
            if fixed & set(stay):
                stays.append([stay, move])
                continue
            stay, move = move, stay
        stays.append([stay])
        movers[i] = move
    sending = sorted(movers)
    for k, i in enumerate(sending):
        stays[sending[(k + 1) % len(sending)]].append(movers[i])
    out = []
    for pairs in stays:
        home, away = pairs
        if (slot[home] == 1 and fixed & set(home)) or (slot[away] == 0 and fixed & set(away)):
            home, away = away, home  # a stationary pair keeps its side
        out.append((home, away))
    return _output(out)


def foster(doc: dict) -> dict:
    _kept(doc, "foster")
    won, lost, _ = _read(doc)
    return _pairs_move(doc, lost, won)


def ew_move(doc: dict) -> dict:
    _kept(doc, "ew_move")
    _read(doc)  # checked like any round; who won does not matter
    tables = sorted(doc["tables"], key=lambda t: t["table"])
    return _pairs_move(
        doc, [tuple(t["pairs"][0]) for t in tables], [tuple(t["pairs"][1]) for t in tables]
    )


_BY_RULE = {
    "winners_split": winners_split,
    "losers_split": losers_split,
    "losers_split_progressive": losers_split_progressive,
    "head_table": head_table,
    "ladies_stay": ladies_stay,
    "foster": foster,
    "ew_move": ew_move,
}
RULES = tuple(_BY_RULE)
# Rules that move everyone the same way whoever won: round 1's seats fix the whole evening.
RESULT_FREE = ("ladies_stay", "ew_move")


def progress(rule: str, doc: dict) -> dict:
    """The next round's tables under rule (one of RULES); stationary players stay put."""
    if rule not in _BY_RULE:
        raise fail(f"unknown movement rule {rule!r}; expected one of {', '.join(RULES)}", "E_RULE")
    stationary = (doc.get("stationary") if isinstance(doc, dict) else None) or []
    if not isinstance(stationary, list) or not all(
        isinstance(p, str | int) and not isinstance(p, bool) for p in stationary
    ):
        raise fail("stationary must be a list of players")
    moved = _BY_RULE[rule](doc)
    return _keep_seats(doc, moved, stationary) if stationary else moved


def plan_ahead(rule: str, doc: dict, rounds: int) -> list[dict]:
    """The next ``rounds`` rounds of a RESULT_FREE rule from one round's tables, so the cards
    can print the whole evening; each is progress()'s output ("winner" is not needed)."""
    if rule not in RESULT_FREE:
        raise fail(f"{rule!r} moves players by the results; it cannot be planned ahead", "E_RULE")
    out, tables = [], doc["tables"]
    for _round in range(rounds):
        moved = progress(rule, dict(doc, tables=[dict(t, winner=0) for t in tables]))
        out.append(moved)
        tables = moved["tables"]
    return out


def _keep_seats(doc: dict, moved: dict, stationary: list) -> dict:
    """``moved`` with each stationary player swapped back into their seat in ``doc``."""

    def seats(tables: list[dict]) -> dict[tuple[int, int, int], object]:
        return {
            (t["table"], i, j): player
            for t in tables
            for i, pair in enumerate(t["pairs"])
            for j, player in enumerate(pair)
        }

    before, after = seats(doc["tables"]), seats(moved["tables"])
    where = {player: seat for seat, player in after.items()}
    for player in stationary:
        home = next((seat for seat, p in before.items() if p == player), None)
        if home is None:
            continue  # not playing this round
        now = where[player]
        other = after[home]
        after[home], after[now] = player, other
        where[player], where[other] = home, now
    return {
        "tables": [
            {
                "table": t["table"],
                "pairs": [[after[(t["table"], i, j)] for j in (0, 1)] for i in (0, 1)],
            }
            for t in moved["tables"]
        ]
    }
