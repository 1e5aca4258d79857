"""Pairings, ladders, brackets and fixtures for tournaments of teams (standard library only).

Swiss pairing by a ranking order that is data, the winners-move-up table movement,
seeded single and double elimination brackets, league fixtures and the knockout cup
draw, and team-match points. The Django side imports this API; ``python -m
tournaments.pairings`` wraps it. See docs/tournaments.md.
"""

from __future__ import annotations

from .brackets import double_elimination, resolve, seed_order, series_winner, single_elimination
from .errors import PairingError
from .ladder import ladder_next, ladder_start
from .league import cup_draw, round_robin
from .ranking import CRITERIA, PRESETS, rank, rank_groups, ranking_order
from .swiss import swiss_round, swiss_schedule_check
from .teams import SCALES, league_table, match_points, scale_rows

__all__ = [
    "CRITERIA",
    "PRESETS",
    "SCALES",
    "PairingError",
    "cup_draw",
    "double_elimination",
    "ladder_next",
    "ladder_start",
    "league_table",
    "match_points",
    "rank",
    "rank_groups",
    "ranking_order",
    "resolve",
    "round_robin",
    "scale_rows",
    "seed_order",
    "series_winner",
    "single_elimination",
    "swiss_round",
    "swiss_schedule_check",
]
