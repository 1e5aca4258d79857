"""``python -m tournaments.movements``: generate, progress and grade movements as JSON.

    generate individual --players N [--rounds R] [--seed S]
    generate KIND --pairs N [--rounds R] [--arrow-switch [ROUND]] [--relay-or-skip skip|relay]
    progress RULE [FILE]
    grade [FILE]

FILE absent or "-" reads standard input. Any bad input, including a bad command line, exits 2
with {"error": {"code", "message"}} on stdout and the message on stderr, so scripts need to
handle one shape of failure only.
"""

from __future__ import annotations

import argparse
import json
import sys

from . import generate, grade, progress
from .errors import MovementError


class _Parser(argparse.ArgumentParser):
    """argparse that raises instead of printing usage and exiting on its own terms."""

    def error(self, message: str):
        raise MovementError("E_USAGE", f"{self.prog}: {message}")


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m tournaments.movements", description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    gen = commands.add_parser("generate", help="print a fixed movement")
    gen.add_argument("kind", help="individual, mitchell, howell or round_robin")
    gen.add_argument("--players", type=int)
    gen.add_argument("--pairs", type=int)
    gen.add_argument("--rounds", type=int)
    gen.add_argument("--seed", type=int, default=0)
    gen.add_argument(
        "--arrow-switch",
        nargs="?",
        const=True,
        type=int,
        metavar="ROUND",
        help="Mitchell: swap N/S and E/W in ROUND (default: the last round)",
    )
    gen.add_argument("--relay-or-skip", choices=["none", "skip", "relay"], help="Mitchell only")
    prog = commands.add_parser("progress", help="next round's tables of a progressive drive")
    prog.add_argument(
        "rule",
        help="winners_split, losers_split, losers_split_progressive, head_table, ladies_stay, foster,"
        " ew_move",
    )
    prog.add_argument("file", nargs="?", default="-")
    grd = commands.add_parser("grade", help="validate and grade a movement")
    grd.add_argument("file", nargs="?", default="-")
    return parser


def _read_json(path: str) -> object:
    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as handle:
                text = handle.read()
    except OSError as exc:
        raise MovementError("E_USAGE", f"cannot read {path}: {exc.strerror}") from exc
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise MovementError("E_JSON", f"malformed JSON: {exc}") from exc


def _run(args: argparse.Namespace) -> dict:
    if args.command == "generate":
        options = {
            key: value
            for key, value in (
                ("arrow_switch", args.arrow_switch),
                ("relay_or_skip", args.relay_or_skip),
            )
            if value is not None
        }
        return generate(
            args.kind,
            players=args.players,
            pairs=args.pairs,
            rounds=args.rounds,
            seed=args.seed,
            **options,
        )
    if args.command == "progress":
        return progress(args.rule, _read_json(args.file))
    return grade(_read_json(args.file))


def cli(parser: argparse.ArgumentParser, run, argv: list[str] | None) -> int:
    """Run a pure module's command line: JSON out; on a MovementError (and its subclasses,
    the parser's usage errors included) the error JSON, a line on stderr and exit 2."""
    try:
        result = run(parser.parse_args(argv))
    except MovementError as exc:
        print(json.dumps(exc.to_dict(), ensure_ascii=False))
        print(f"error {exc.code}: {exc.message}", file=sys.stderr)
        return 2
    print(json.dumps(result, ensure_ascii=False))
    return 0


def main(argv: list[str] | None = None) -> int:
    return cli(_parser(), _run, argv)


if __name__ == "__main__":
    sys.exit(main())
