"""Which movement suits tonight's field: a recommendation with its grade, one line per choice,
and the line each progressive rule prints on the movement and table cards.

The grade comes from generating the movement for the players (or pairs) registered and
the rounds set (``tournaments.movements``); it is cached per size, since a large
individual movement takes up to a second to polish.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext

from tournaments.games import game_for
from tournaments.games.fields import seat_letter
from tournaments.models import MAX_HANDS, Event
from tournaments.movements import RESULT_FREE, RULES, MovementError, generate
from tournaments.movements.ghosts import ghost_tables
from whistdrive.cache import cache_get, cache_set

# One line per choice, shown under the movement field: what each does for the room.
MOVEMENT_HELP = {
    "winners_split": gettext_lazy(
        "Progressive: the winners split up, one up a table and one down; everybody changes "
        "partner every round. Nothing to print ahead."
    ),
    "losers_split": gettext_lazy(
        "Progressive: the winners stay together at their table; the losers split up, one up "
        "a table and one down."
    ),
    "losers_split_progressive": gettext_lazy(
        "Progressive: as losers split, but the winners then play against each other with new "
        "partners."
    ),
    "head_table": gettext_lazy(
        "Progressive: winners move a table towards table 1, the head table; the losers at "
        "table 1 go to the last table."
    ),
    "ladies_stay": gettext_lazy(
        "The traditional drive: the ladies stay at their seats, the gents move on a table "
        "each round whoever won, N/S gents up and E/W gents down. The cards show every round."
    ),
    "foster": gettext_lazy(
        "Progressive pairs: partners stay together; the winning pair moves on a table, the "
        "losing pair stays. Nothing to print ahead."
    ),
    "ew_move": gettext_lazy(
        "Progressive pairs with partners of their own choosing: N/S stay put, E/W move on a "
        "table each round, seated round by round, as many rounds as you like."
    ),
    "individual": gettext_lazy(
        "Fixed plan printed in advance: partners change every round and nobody partners "
        "anyone twice where the rounds allow."
    ),
    "mitchell": gettext_lazy(
        "Pairs: N/S stay put, E/W move up a table each round; the simplest for many tables. "
        "One ranking: each pair's tricks against its direction's average, so N/S and E/W "
        "compare fairly."
    ),
    "howell": gettext_lazy(
        "Pairs: every pair meets every other once; best for up to about 8 pairs."
    ),
    "round_robin": gettext_lazy(
        "Pairs or teams: a new opponent each round, and every pair meets every other once "
        "when there are enough rounds (one fewer than the pairs); an odd count gives one bye "
        "a round."
    ),
}
# One line per progressive rule, printed on every card (docs/rules.md §B1).
MOVEMENT_RULES = {
    "winners_split": gettext_lazy(
        "Winners split: the winning lady moves up a table, the winning gent down."
    ),
    "losers_split": gettext_lazy(
        "Losers split: winners stay; the losing lady moves up, the losing gent down."
    ),
    "losers_split_progressive": gettext_lazy(
        "Losers split: winners stay and change partners; the losing lady moves up, the losing gent down."
    ),
    "head_table": gettext_lazy(
        "Winners move up a table, losers stay; the losers at table 1 go to the last table."
    ),
    "ladies_stay": gettext_lazy(
        "Ladies stay. The gent at S moves up a table (from the last table to table 1), the "
        "gent at W moves down a table (from table 1 to the last), whoever won."
    ),
    "foster": gettext_lazy(
        "Partners stay together all evening. The winning pair moves on to the next table "
        "(from the last table to table 1); the losing pair stays."
    ),
    "ew_move": gettext_lazy(
        "Partners stay together all evening. N/S pairs stay at their table; E/W pairs move "
        "on to the next table (from the last table to table 1)."
    ),
}


# "Lady" and "gent" are seat roles, kept all evening whoever registered as what: the lady
# sits N or E, her partner S or W (tournaments/movements/progressive.py).
SPLIT_RULES = ("winners_split", "losers_split", "losers_split_progressive", "ladies_stay")


def plans_ahead(event: Event) -> bool:
    """Round 1 fixes the whole evening: the rule moves everyone alike whoever won."""
    return event.movement_kind in RESULT_FREE


def rule_line(event: Event) -> str:
    """The progressive rule in one line, printed on the movement and table cards."""
    if not event.is_progressive:
        return ""
    rule = str(MOVEMENT_RULES.get(event.movement_kind, ""))
    if event.movement_kind in SPLIT_RULES:
        rule += " " + _("The lady is whoever sits %(n)s or %(e)s, the gent %(s)s or %(w)s.") % {
            seat.lower(): seat_letter(seat) for seat in "NESW"
        }
    return rule


HOWELL_MAX_PAIRS = 8
CACHE_SECONDS = 24 * 3600


def _allowed(event: Event) -> frozenset[str]:
    return game_for(event).movements[event.kind]


def _recommended(event: Event, units: int, rounds: int) -> str:
    """The movement that fits the game's usual one: a fixed individual plan, a round robin,
    or (fixed pairs moving) a Howell when every pair can meet every other, a Mitchell when
    its tables give enough different rounds, else a round robin (a Mitchell would come
    round again: a French walk was advised one, then told it repeats)."""
    game = game_for(event)
    usual = game.defaults[event.kind]["movement_kind"]  # the game's own default
    if usual == "round_robin" and game.round_robin_league:  # the league plays every pair
        needed = units - 1 + units % 2  # rounds, a bye in each when odd
        if needed * event.hands_per_round > MAX_HANDS:  # refused at seating: a Dutch walk
            return "mitchell"
    if usual in ("individual", "round_robin"):
        return usual
    if usual in RULES:  # a progressive drive: the fixed plan to compare it with
        return "individual"
    if units <= HOWELL_MAX_PAIRS and rounds >= units - 1:
        return "howell"
    return "round_robin" if rounds > -(-units // 2) else "mitchell"


def _grade(movement: str, units: int, rounds: int) -> dict | None:
    key = f"movement-grade:{movement}:{units}:{rounds}"
    found = cache_get(key)  # Redis down: computed afresh (the dashboard must still open)
    if found is None:
        size = {"players": units} if movement == "individual" else {"pairs": units}
        try:
            found = generate(movement, rounds=rounds, **size)["grade"]
        except MovementError:
            found = {}
        cache_set(key, found, CACHE_SECONDS)
    return found or None


def _grade_words(movement: str, grade: dict, partnerships: bool = True) -> str:
    """The grade in the organizer's words: what the players will notice (at Es-makker,
    where the declarer calls a partner each deal, only who shares a table)."""
    if movement == "individual" and not partnerships:
        parts = [
            ngettext(
                "no two players sit at one table more than once",
                "no two players sit at one table more than %(n)s times",
                grade.get("max_meetings") or 0,
            )
            % {"n": grade.get("max_meetings")}
        ]
    elif movement == "individual":
        parts = [
            _("nobody partners anyone twice")
            if not grade.get("repeat_partners")
            else ngettext(
                "%(n)s partnership repeats",
                "%(n)s partnerships repeat",
                grade["repeat_partners"],
            )
            % {"n": grade["repeat_partners"]},
            ngettext(
                "no two players meet as opponents more than once",
                "no two players meet as opponents more than %(n)s times",
                grade.get("max_opponent_meetings") or 0,
            )
            % {"n": grade.get("max_opponent_meetings")},
        ]
    else:
        parts = [
            _("every pair meets every other")
            if grade.get("complete")
            else ngettext(
                "no pair meets another more than once",
                "no pair meets another more than %(n)s times",
                grade.get("max_meetings") or 0,
            )
            % {"n": grade.get("max_meetings")}
        ]
    never = grade.get("never_met") or 0
    if never and not (movement != "individual" and grade.get("complete")):
        counts = {"n": never, "t": grade["pairings"]}
        parts.append(
            _("%(n)s of the %(t)s pairs of players never sit at one table") % counts
            if movement == "individual"
            else _("%(n)s of the %(t)s pairings of two pairs never play each other") % counts
        )
    return pgettext("between the parts of a list", "; ").join(parts)  # French: " ; "


def movement_repeats(event: Event, units: int) -> str:
    """A rule that moves everyone alike whoever won (ladies stay, E/W move), or a Mitchell,
    comes round after one round a table: the warning, when the event has more rounds than
    that (said beside the movement, and again when the players are seated)."""
    mitchell = event.movement_kind == Event.MovementKind.MITCHELL
    if not (plans_ahead(event) or mitchell):
        return ""
    if mitchell:  # an odd pair out: a table more, the pair without opponents sits out
        tables = -(-units // 2)
    elif event.uses_pairs:
        tables = units // 2
    else:
        tables = ghost_tables(units) if event.ghost_seats else units // 4
    rounds = event.round_count
    if not tables or rounds <= tables:
        return ""
    return ngettext(
        "With %(t)s table this movement comes round after %(t)s round: round %(n)s seats the"
        " same four at each table as round 1. Set %(t)s round, or choose another movement.",
        "With %(t)s tables this movement comes round after %(t)s rounds: round %(n)s seats the"
        " same four at each table as round 1. Set %(t)s rounds, or choose another movement.",
        tables,
    ) % {"t": tables, "n": tables + 1}


def movement_advice(*, event: Event, units: int) -> dict | None:
    """The movement to suggest for ``units`` players (or pairs) over the event's rounds.

    None when too few have registered to say (fewer than one table).
    """
    rounds = event.round_count
    if units < (2 if event.uses_pairs else 4):
        return None
    movement = _recommended(event, units, rounds)
    note = ""
    league = movement == "round_robin" and game_for(event).round_robin_league
    needed = units - 1 + units % 2  # every pair once, a bye in each round when odd
    if league and needed != rounds:  # seating plays the whole schedule: grade and say that
        note = _(
            "A league's round robin plays every pair once: %(n)s rounds (%(h)s hands), not "
            "%(r)s. For %(r)s rounds, choose a Mitchell."
        ) % {"n": needed, "h": needed * event.hands_per_round, "r": rounds}
        rounds = needed
    grade = _grade(movement, units, rounds)
    progressive = bool(_allowed(event) & set(RULES))  # the classic drive is on offer
    if movement == "individual" and progressive and grade and grade.get("repeat_partners"):
        # more rounds than a fixed plan can fill without repeats: the classic drive
        note = _("A fixed plan is not suggested: over %(r)s rounds, %(g)s.") % {
            "r": rounds,
            "g": _grade_words(movement, grade),
        }
        movement, grade = "winners_split", None
    return {
        "repeats": movement_repeats(event, units),  # the chosen movement's, if it comes round
        "kind": movement,
        "label": Event.MovementKind(movement).label,
        "why": MOVEMENT_HELP[movement],
        "grade": _grade_words(movement, grade, game_for(event).partnerships) if grade else "",
        "note": note,
        "current": event.movement_kind == movement,
    }


def movement_choices_help(event: Event, allowed) -> list[tuple[str, str]]:
    """(label, one line) for each movement this kind of event may use, in the field's order."""
    return [
        (label, str(MOVEMENT_HELP[value]))
        for value, label in Event.MovementKind.choices
        if value in allowed
    ]
