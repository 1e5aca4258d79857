"""Movements for whist events: fixed (individual, Mitchell, Howell, round robin) and progressive.

Standard library only: the Django side imports exactly this API, and the command line
(``python -m tournaments.movements``) wraps it. See docs/movements.md.
"""

from __future__ import annotations

from .errors import MovementError
from .grade import INDIVIDUAL, KINDS, PLAYER_RANGE, fail, grade, require_int, validate
from .history import history_of, relabel
from .pairs import howell, mitchell, round_robin
from .progressive import PAIR_RULES, RESULT_FREE, RULES, plan_ahead, progress

__all__ = [
    "KINDS",
    "PAIR_RULES",
    "RESULT_FREE",
    "RULES",
    "MovementError",
    "generate",
    "grade",
    "history_of",
    "plan_ahead",
    "progress",
    "relabel",
    "validate",
]

_PAIRS = {"mitchell": mitchell, "howell": howell, "round_robin": round_robin}
_PAIR_OPTIONS = {
    "mitchell": {"arrow_switch", "relay_or_skip"},
    "howell": set(),
    "round_robin": set(),
}


def generate(
    kind: str,
    *,
    players: int | None = None,
    pairs: int | None = None,
    rounds: int | None = None,
    seed: int = 0,
    stationary: list[int] | None = None,
    **options,
) -> dict:
    """The movement JSON of docs/movements.md for kind, with its "grade" (which also validates it).

    Pairs kinds are deterministic and ignore seed; options are kind-specific (Mitchell:
    arrow_switch, relay_or_skip) and anything else is refused rather than silently ignored.
    ``stationary``: players (individual: each keeps table i, seat N, ``stationary.py``) or
    pairs (each keeps one table, N/S, ``stationary_pairs.py``) who cannot move; the grade
    says what that cost.
    """
    if kind not in KINDS:
        raise fail(f"unknown movement kind {kind!r}; expected one of {', '.join(KINDS)}")
    require_int(seed, "seed", 0)
    if kind == INDIVIDUAL:
        if pairs is not None:
            raise fail("an individual movement takes players, not pairs")
        if options:
            raise fail(f"an individual movement takes no option {', '.join(sorted(options))}")
        if players is None:
            raise fail("an individual movement needs players")
        require_int(players, "players", *PLAYER_RANGE)
        from .individual import individual_movement  # lazily: the heavy generator

        doc = individual_movement(players, rounds, seed)
        if stationary:
            from .stationary import keep_seated

            doc = keep_seated(doc, list(stationary))
    else:
        if players is not None:
            raise fail(f"a {kind} movement takes pairs, not players")
        if pairs is None:
            raise fail(f"a {kind} movement needs pairs")
        unknown = set(options) - _PAIR_OPTIONS[kind]
        if unknown:
            raise fail(f"a {kind} movement takes no option {', '.join(sorted(unknown))}")
        doc = _PAIRS[kind](pairs, rounds, **options)
        if stationary:
            from .stationary_pairs import keep_pairs_seated

            doc = keep_pairs_seated(doc, list(stationary))
    doc["grade"] = grade(doc)
    return doc
