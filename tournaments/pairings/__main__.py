"""``python -m tournaments.pairings``: pairings, brackets and fixtures as JSON.

    swiss [FILE]          FILE: {"ranked": [...], "played": [[a, b], ...], "byes": {team: n}}
    ladder [FILE]         FILE: {"tables": [[a, b], ...], "winners": [...], "bye": t, "byes": {}}
    bracket single|double --teams N [--best-of K] [--final-best-of K] [--results FILE]
    league --teams N [--home-and-away]
    cup --teams N [--seed S]

Teams given as a count are numbered 1..N (in seed order for brackets). Any bad input
exits 2 with {"error": {"code", "message"}} on stdout and the message on stderr.
"""

from __future__ import annotations

import argparse
import sys

from tournaments.movements.__main__ import _Parser, _read_json, cli

from . import (
    cup_draw,
    double_elimination,
    ladder_next,
    resolve,
    round_robin,
    single_elimination,
    swiss_round,
)
from .errors import fail


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m tournaments.pairings", description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    for name in ("swiss", "ladder"):
        commands.add_parser(name).add_argument("file", nargs="?", default="-")
    bracket = commands.add_parser("bracket")
    bracket.add_argument("kind", choices=["single", "double"])
    bracket.add_argument("--results", help="JSON file {match id: winning team number}")
    for name in ("league", "cup"):
        commands.add_parser(name)
    for name, sub in commands.choices.items():
        if name not in ("swiss", "ladder"):
            sub.add_argument("--teams", type=int, required=True)
    bracket.add_argument("--best-of", type=int, default=1)
    bracket.add_argument("--final-best-of", type=int)
    commands.choices["league"].add_argument("--home-and-away", action="store_true")
    commands.choices["cup"].add_argument("--seed", type=int, default=0)
    return parser


def _object(data) -> dict:
    if not isinstance(data, dict):
        raise fail("the input must be a JSON object", "E_JSON")
    return data


def _run(args: argparse.Namespace):
    if args.command == "swiss":
        data = _object(_read_json(args.file))
        return swiss_round(data.get("ranked", []), data.get("played", []), data.get("byes"))
    if args.command == "ladder":
        data = _object(_read_json(args.file))
        return ladder_next(
            data.get("tables", []), data.get("winners", []), data.get("bye"), data.get("byes")
        )
    teams = list(range(1, max(args.teams, 0) + 1))
    if args.command == "league":
        return round_robin(teams, home_and_away=args.home_and_away)
    if args.command == "cup":
        return cup_draw(teams, seed=args.seed)
    make = single_elimination if args.kind == "single" else double_elimination
    bracket = make(teams, best_of=args.best_of, final_best_of=args.final_best_of)
    results = _object(_read_json(args.results)) if args.results else {}
    return resolve(bracket, results)


def main(argv: list[str] | None = None) -> int:
    return cli(_parser(), _run, argv)  # PairingError is a MovementError


if __name__ == "__main__":
    sys.exit(main())
