"""The protocol every game implements, and what the games share.

A game is everything that differs between a whist drive, a robber match, a Bid Whist
session and an Es-makker session on the Django side: the keys of a result's ``data``, the
entry form (fields, parsing, initial values, a one-line description), checking a hand with
its engine (``scoring/``), the running state at the table, the standings order and
columns, its defaults, movements, documents and template partials. Services, selectors,
views and templates ask ``game_for(event)`` (``tournaments.games.registry``) instead of
branching on ``event.kind``. The pure engines stay in ``scoring/``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from typing import Any, ClassVar

from django.utils import formats
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _l
from django.utils.translation import ngettext_lazy

import scoring
from scoring.errors import ScoringError
from tournaments.error_messages import engine_error, engine_message
from tournaments.errors import DomainError
from tournaments.games.fields import Field, parse_fields
from tournaments.models import ALL_SEATS, PARTNER_SEAT, SEATS  # the games import them from here

POINTS = ngettext_lazy("%(value)s point", "%(value)s points", "n")  # a score's unit unless named


# Event.rules keys the standings read themselves and never pass to an engine.
def prize_rules(event) -> dict:
    """``Event.rules`` with the event's prize settings laid over (selectors.prize_settings)."""
    from tournaments.selectors.prize_settings import overlay

    return overlay(event.rules, event.prize_settings)


STANDINGS_KEYS = ("no_double_prizes", "half_time_apart", "categories", "prizes", "league")


def credit_words(credit) -> str:
    """A hand not played, with what its players were credited, in the score card's words."""
    if credit == "own_average":
        return _("not played: credited own average")
    value = formats.number_format(credit) if isinstance(credit, (int, float)) else str(credit)
    return _("not played: credited %(c)s") % {"c": value}


@dataclass
class MatchState:
    """What a table has scored so far, for the table page and the grid.

    ``lines`` maps a hand number to its running state after that hand; ``over`` means the
    match needs no more hands (a rubber decided, one rubber a match).
    """

    system: str
    lines: dict[int, dict] = field(default_factory=dict)
    summary: dict = field(default_factory=dict)
    over: bool = False
    over_after: int | None = None
    error: str = ""


def score_games(system: str, rules: dict, hands: list[dict], over_code: str) -> list[dict]:
    """Score hands as successive games/rubbers: a hand after one is over starts the next.

    An error's ``hand`` counts from the first of ``hands``, not from its game's first:
    the entry form puts it beside the hand that caused it."""
    games = []
    start = 0  # how many hands the games before this one took
    while hands:
        try:
            games.append(scoring.score(system, {"rules": rules, "hands": hands}))
            break
        except ScoringError as exc:
            if exc.code != over_code or not exc.hand:
                if exc.hand:
                    exc.hand += start
                raise
            games.append(scoring.score(system, {"rules": rules, "hands": hands[: exc.hand - 1]}))
            start += exc.hand - 1
            hands = hands[exc.hand - 1 :]
    return games


def event_defaults(
    hands: int, per_round: int, movement: str, *, trumps=(), rules=None, odd_numbers="sit_out"
) -> dict:
    """A kind's defaults for a new event (docs/rules.md §B1-B4), with how it seats a number
    of players that is not a multiple of four (a late arrival can make one mid-evening)."""
    return {
        "hands": hands,
        "hands_per_round": per_round,
        "trumps": list(trumps),
        "movement_kind": movement,
        "rules": dict(rules or {}),
        "odd_numbers": odd_numbers,
    }


@dataclass(frozen=True)
class Templates:
    """The partials a game renders; ``None`` where the game shows nothing there."""

    standings_head: str
    standings_row: str
    running: str | None = None  # one hand's running state (table page, grid)
    match: str | None = None  # the table's running match (table page)
    match_line: str | None = None  # the same in one line (grid)

    @classmethod
    def under(cls, folder: str, *, match_play: bool = True) -> Templates:
        """The partials ``templates/games/<folder>/_<name>.html``; a drive has no match."""
        names = [f.name for f in fields(cls)]
        paths = {name: f"games/{folder}/_{name}.html" for name in names}
        if not match_play:
            paths = {name: paths[name] for name in ("standings_head", "standings_row")}
        return cls(**paths)


@dataclass(frozen=True)
class HandToCheck:
    """A hand a table enters, with what checking it needs around it."""

    number: int
    table: int
    players: Mapping[str, str]  # seat -> entry number (text)
    data: dict
    pending: Mapping[int, dict]  # other hands of this table saved at the same time (the grid)
    stored: Callable[[], Mapping[int, dict]]  # reads the table's counted hands of the round
    names: Callable[[], Mapping[str, str]] = dict  # entry number -> name, for a refusal's words


@dataclass(frozen=True)
class RuleOption:
    """One rule of ``Event.rules`` the organizer chooses on the rules page: its key, its
    label, (value, words) choices, the first being the engine's default."""

    key: str
    label: Any
    choices: tuple
    help: Any = ""


class Game:
    """One game system. Subclasses set the class attributes and implement the entry hooks.

    The defaults here are match play's (a table's hands form one match, checked and scored
    as one sequence); the drive overrides what differs.
    """

    system: ClassVar[str]
    kinds: ClassVar[tuple[str, ...]]  # the Event.Kind values this game scores
    data_keys: ClassVar[frozenset[str]]  # the keys a stored result's data may have
    error_fields: ClassVar[Mapping[str, str]] = {}  # engine error code -> form field
    defaults: ClassVar[Mapping[str, Mapping[str, Any]]]  # kind -> event defaults
    movements: ClassVar[Mapping[str, frozenset[str]]]  # kind -> allowed movement kinds
    templates: ClassVar[Templates]
    ranking: ClassVar[tuple[str, ...]] = ("total",)  # score field, then countback
    export_fields: ClassVar[tuple[str, ...]] = ("total", "played")  # standings columns exported
    # a movement card's two columns to write each hand in, before "Total" (printing.CARD_HEADS)
    card_heads: ClassVar[tuple[str, str]] = ("trump", "tricks")
    card_per_round = False  # a movement card's line a round (a rubber), not a hand
    unit_labels: ClassVar[Mapping[str, Any]] = {}  # score field -> what it counts
    counted_units: ClassVar[Mapping[str, Any]] = {}  # score field -> "%(value)s ..." by count
    # Prizes that read single hands (half-time leader, most hands of 10+ tricks): a drive's
    # only; and the prizes a new event of this game gives before the organizer sets any up.
    hand_prizes: ClassVar[bool] = False
    prize_defaults: ClassVar[Mapping[str, Any]] = {"half_time": False, "booby": False}
    # The evening may be settled in money at a stake per point (zero-sum points per player).
    settles_in_money: ClassVar[bool] = False
    documents: ClassVar[frozenset[str]] = frozenset()  # printable documents of this game only
    pairs_kinds: ClassVar[frozenset[str]] = frozenset()  # kinds whose units may be fixed pairs
    needs_trumps = False  # a trump rotation is required (the bid decides otherwise)
    paper_cards = False  # players' own card totals may stand in for every hand's result
    odd_numbers = frozenset({"sit_out"})  # Event.OddNumbers this game can seat and score
    # With a ghost seat: the rule ``ghost_partner``'s choices (what the ghost's partner scores)
    ghost_scoring: ClassVar[Mapping[str, Any]] = {}
    credits_unreported = False  # a table that never reported can be credited (average, fixed)
    uses_roles = False  # lady/gent roles mean something (seat rules, separate prize lists)
    kind_help: ClassVar[Mapping[str, Any]] = {}  # kind -> one line where the organizer picks
    simulatable = False  # round_simulate can make up results
    league_table = False  # a league table beside the standings
    round_robin_league = False  # a round-robin event plays exactly the rounds its pairs need
    tournament_formats = False  # may run as a tournament: paired rounds, then a playoff
    team_event = False  # played by teams of two pairs, a match at two tables
    presets: ClassVar[tuple] = ()  # (name, label) of the rules presets the organizer picks from
    # A game without presets: the rules the organizer may choose one by one (RuleOption)
    rule_options: ClassVar[tuple] = ()
    running_totals = True  # a score card shows a running total
    shows_complement = False  # the form shows "E/W took 13 minus N/S"
    partnerships = True  # partners by seat (N-S, E-W); False: the cards list who is at the table
    more_label = _l("More: dealer and auction")
    match_title = _l("Running totals")
    card_score_label = _l("Points")

    def odd_numbers_for(self, event) -> frozenset[str]:
        """The ways this event can seat odd numbers: fixed pairs only ever sit out (a bye)."""
        return frozenset({"sit_out"}) if event.uses_pairs else self.odd_numbers

    @property
    def rules_page(self) -> bool:
        """Whether the organizer chooses the rules on a page of their own (a preset, or the
        game's rule options)."""
        return bool(self.presets or self.rule_options)

    # --- the entry form ---------------------------------------------------------------

    def fields(
        self, players: Mapping[str, str] | None = None, names: Mapping[str, str] | None = None
    ) -> list[Field]:
        """The entry fields; ``players`` (seat -> entry number) fill choices of players, labelled
        with ``names`` (entry number -> player's name) where given."""
        raise NotImplementedError

    def pad_line(self, event) -> str:
        """A score pad's words for its above-the-line part (games with score pads)."""
        return ""

    def event_fields(self, event, players=None, names=None) -> list[Field]:
        """The fields the table's phone and the grid show for this event: all of ``fields``
        unless its rules never score one of them."""
        return self.fields(players, names)

    def build(self, values: dict) -> dict:
        """The engine's ``data`` from parsed field values."""
        raise NotImplementedError

    def initial(self, data: dict) -> dict[str, object]:
        """Field values that show ``data`` again (may raise KeyError/TypeError)."""
        raise NotImplementedError

    def summary(self, data: dict, names: Mapping[str, str]) -> str:
        """A short human line for ``data`` (may raise KeyError/TypeError)."""
        raise NotImplementedError

    def parse(self, post, prefix: str = "") -> dict | None:
        """The engine's ``data`` from posted fields, or None when every field is blank.

        The players only fill choices, which the engine checks, so parsing needs none.
        """
        values = parse_fields(self.fields(), post, prefix)
        if values is None:
            return None
        return self.build(values)

    def initial_values(self, data: dict | None) -> dict[str, object]:
        """Field values that show ``data`` again (re-entry, the grid); {} when unreadable."""
        if not data:
            return {}
        try:
            return self.initial(data)
        except (KeyError, TypeError):
            return {}

    def describe(self, data: dict | None, names: Mapping[str, str] | None = None) -> str:
        """A short human line for a stored result (table page, grid, history); ``names``
        (entry number -> name, where the page knows the table) names players by name."""
        if not data:
            return _("not played")
        if "credit" in data:  # a table that never reported, closed with the organizer's credit
            return credit_words(data["credit"])
        try:
            return self.summary(data, names or {})
        except (KeyError, TypeError):
            return str(data)

    # --- stored data ------------------------------------------------------------------

    def field_of(self, code: str) -> str | None:
        """The form field an engine error belongs beside."""
        return {"E_TRICKS_RANGE": "tricks", "E_TRICKS_TOTAL": "tricks", **self.error_fields}.get(
            code
        )

    def tricks_ns(self, data: dict) -> int | None:
        """What ``Result.tricks_ns`` mirrors (drives only)."""
        return None

    # --- rules ------------------------------------------------------------------------

    def split_rules(self, rules: Mapping | None) -> tuple[dict, dict]:
        """``Event.rules`` as (what the engine reads, the standings' own options).

        The standings options are ``no_double_prizes`` and ``half_time_apart`` (bools),
        ``categories`` ("role": a
        separate list and prizes per role), ``prizes`` and ``league``.
        """
        raw = dict(rules or {})
        own = {key: raw.pop(key) for key in STANDINGS_KEYS if key in raw}
        return raw, own

    def event_rules(self, event) -> tuple[dict, dict]:
        """(rules for the engine, the standings' own options) of this event, with the
        organizer's prize settings in place of the rules' own prize keys."""
        return self.split_rules(prize_rules(event))

    # --- a table's hands ----------------------------------------------------------------

    def chains(self, event) -> bool:
        """Whether a hand after a decided game or rubber starts the next one."""
        return False

    def score_sequence(self, event, hands: list[dict], players: list[str] | None = None):
        """The engine's output for a table's hands in order: one document per game or rubber.

        Raises ``scoring.ScoringError`` with ``hand`` = the 1-based position in ``hands``.
        """
        if not hands:
            return []
        rules, _own = self.split_rules(event.rules)
        if self.chains(event):
            return score_games(self.system, rules, list(hands), self.over_code)
        return [scoring.score(self.system, {"rules": rules, "hands": hands})]

    over_code = ""  # the engine's "game over" code that starts the next game when chaining

    def check(self, event, hand: HandToCheck) -> None:
        """Score the table's whole round with this hand in it: a match hand is valid only
        after the hands before it (no hand after the rubber is decided).

        An error in one of ``hand.pending`` (the grid's other cells) is reported on its
        own cell, not here.
        """
        sequence = {**hand.stored(), **hand.pending, hand.number: hand.data}
        numbers = sorted(sequence)
        names = [hand.players[seat] for seat in ALL_SEATS if seat in hand.players]
        try:
            self.score_sequence(event, [sequence[n] for n in numbers], names)
        except ScoringError as exc:
            at = numbers[exc.hand - 1] if exc.hand and exc.hand <= len(numbers) else hand.number
            if at == hand.number:
                raise engine_error(exc, field=self.field_of(exc.code), names=hand.names()) from exc
            if at in hand.pending:
                return
            message = engine_message(exc.code, exc.message, hand.names())
            raise engine_error(
                exc, message=_("Hand %(n)d: %(message)s") % {"n": at, "message": message}
            ) from exc

    def running_state(
        self, event, counted: list[tuple[int, dict]], players: Mapping[str, str]
    ) -> MatchState | None:
        """The table's running score over ``counted`` (hand number, data) in hand order."""
        numbers = [n for n, _data in counted]
        names = [players[seat] for seat in ALL_SEATS if seat in players]
        try:
            outputs = self.score_sequence(event, [d for _n, d in counted], names)
        except ScoringError as exc:
            return MatchState(self.system, error=engine_message(exc.code, exc.message))
        except DomainError as exc:
            return MatchState(self.system, error=exc.message)
        return self.state(event, outputs, numbers, names)

    def state(self, event, outputs: list[dict], numbers: list[int], names: list[str]):
        raise NotImplementedError

    def ends_early(self, event) -> bool:
        """Whether a table's match can be decided before the round's last hand."""
        return False

    def decided(self, outputs: list[dict]) -> bool:
        """Whether the scored hands decided the match (only asked when ``ends_early``)."""
        return False

    # --- standings ------------------------------------------------------------------------

    def roles_for(self, event) -> bool:
        """Whether lady and gent mean something at ``event``: the game's seat rules and prize
        lists, for players moving on their own (in fixed pairs nothing reads them)."""
        return self.uses_roles and event.kind not in self.pairs_kinds

    def may_pair(self, event) -> bool:
        """Whether the event's standings units may be fixed pairs rather than players."""
        return event.kind in self.pairs_kinds

    def unit_label(self, score_field: str) -> Any:
        return self.unit_labels.get(score_field)

    def amount(self, score_field: str, value: Any, shown: str) -> str:
        """``shown`` (``value`` as written) with its unit, singular or plural as the language
        says for ``value``: "1 net rubber point", "7 tricks", "16,5 tricks"."""
        words = self.counted_units.get(score_field, POINTS)
        whole = isinstance(value, int) or (isinstance(value, float) and value.is_integer())
        return words % {"n": abs(int(value)) if whole else 2, "value": shown}

    def empty_stats(self) -> dict:
        return {"total": 0, "played": 0}

    def standings(self, inp, rules: dict, own: dict) -> dict:
        from tournaments.selectors.standings.matchplay import matchplay_standings

        return matchplay_standings(inp, rules, own, self)

    def score_match(self, rules: dict, seats: Mapping[str, str], played: list[tuple[int, dict]]):
        """One table's match in the standings: ``(lines, gains)``.

        ``lines`` are (hand number, points by name, the engine's hand) in hand order; ``gains``
        maps a name to what the match adds to its stats (the caller adds ``played``).
        """
        raise NotImplementedError

    def hand_words(self, line: dict, names: Mapping[str, str]) -> str:
        """What was played at one of ``card_lines``, in a few words for the round-by-round
        page and the hands export ("" where the trump says enough: a drive, a rubber);
        ``names``: engine name -> player's name."""
        return ""

    def card_lines(self, standings: dict) -> list[dict]:
        return standings["_hand_lines"]

    def card_round(self, line: dict, hand_round: Mapping[int, int]) -> int | None:
        """The round of one of ``card_lines`` (``hand_round``: hand number -> round)."""
        return line.get("round")

    def card_points(self, line: dict, seats: Mapping[str, str]) -> tuple:
        """(N/S figure, E/W figure, points by name) of one of ``card_lines``."""
        points = line["points"]
        return points.get(seats.get("N")), points.get(seats.get("E")), points

    def sat_out_of(self, line: dict) -> str | None:
        """Who sat out one of ``card_lines`` while seated at its table (Es-makker's dealer at
        a table of five); None in a game where everyone seated plays every hand."""
        return None

    def hand_sides(self, line: dict | None, seats: Mapping[str, str], seat: str) -> tuple:
        """(partner seats, opponent seats) of ``seat`` at a hand, one of ``card_lines`` (None:
        not played).  By seat: the partner's seat even when empty (a ghost sits there)."""
        partner = [PARTNER_SEAT[seat]] if seat in PARTNER_SEAT else []  # not the fifth
        return partner, [s for s in SEATS if s != seat and s not in partner]


class TricksFirst:
    """A form that starts with N/S's tricks (drive, rubber): it shows what E/W took, and the
    revokes sit behind "more"."""

    shows_complement = True
    more_label = _l("More: revokes")


class Partnership(Game):
    """Match play between the N/S and E/W partnerships, scored game after game (rubber,
    Bid Whist): subclasses name the hand figure their lines show and a side's gains."""

    hand_figure: ClassVar[str] = "points"  # the engine's per-hand key a score card shows

    def side_gains(self, games: list[dict], side: str) -> dict:
        raise NotImplementedError

    def score_match(self, rules, seats, played):
        sides = {"A": [seats.get("N"), seats.get("S")], "B": [seats.get("E"), seats.get("W")]}
        games = score_games(self.system, rules, [d for _n, d in played], self.over_code)
        hands_out = [h for game in games for h in game["hands"]]
        key = self.hand_figure
        lines = [
            (number, {n: hand[key][side] for side, ps in sides.items() for n in ps}, hand)
            for (number, _data), hand in zip(played, hands_out, strict=True)
        ]
        gains = {}
        for side, names in sides.items():
            gain = self.side_gains(games, side)
            gains.update({name: gain for name in names if name is not None})
        return lines, gains
