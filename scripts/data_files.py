"""Writing the search scripts' data files (tournaments/movements/data/*.json) one entry a
line, so that a new find shows in a diff as the one line it adds."""

from __future__ import annotations

import json
from pathlib import Path


def write_entries(path: Path, about: str, name: str, entries: dict[int, dict]) -> None:
    """``{"about": about, name: {key: entry, ...}}``, the keys in order, an entry a line."""
    lines = [
        "{",
        f' "about": {json.dumps(about, ensure_ascii=False)},',
        f' "{name}": {{',
        ",\n".join(f'  "{key}": {json.dumps(entries[key])}' for key in sorted(entries)),
        " }",
        "}",
    ]
    path.write_text("\n".join(lines) + "\n")
