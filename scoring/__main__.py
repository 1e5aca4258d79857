"""``python -m scoring SYSTEM [FILE]``: score a JSON record from FILE or standard input.

Bad input exits 2, printing the error JSON on stdout and the message on stderr.
"""

from __future__ import annotations

import json
import sys

from . import score
from .errors import ScoringError

USAGE = "usage: python -m scoring SYSTEM [FILE]   (SYSTEM: drive, rubber, bidwhist, esmakker)"


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if not args or args[0] in {"-h", "--help"} or len(args) > 2:
        print(USAGE, file=sys.stderr if not args or len(args) > 2 else sys.stdout)
        return 0 if args and args[0] in {"-h", "--help"} else 2
    system, path = args[0], (args[1] if len(args) == 2 else "-")
    try:
        try:
            text = sys.stdin.read() if path == "-" else open(path, encoding="utf-8").read()  # noqa: SIM115
        except OSError as exc:
            raise ScoringError("E_JSON", f"cannot read {path}: {exc.strerror}") from exc
        try:
            record = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ScoringError("E_JSON", f"malformed JSON: {exc}") from exc
        result = score(system, record)
    except ScoringError as exc:
        print(json.dumps(exc.to_dict(), ensure_ascii=False))
        print(f"error {exc.code}: {exc.message}", file=sys.stderr)
        return 2
    print(json.dumps(result, ensure_ascii=False, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
