"""The movement core is pure: importing all of it loads no web framework or task queue."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FORBIDDEN = ("django", "rest_framework", "celery", "numpy")

PROBE = """
import importlib, json, pkgutil, sys
import tournaments.movements as package
names = [package.__name__]
for info in pkgutil.iter_modules(package.__path__):
    importlib.import_module(f"{package.__name__}.{info.name}")
    names.append(info.name)
print(json.dumps({"imported": names, "loaded": sorted(sys.modules)}))
"""


def test_movements_import_only_the_standard_library():
    done = subprocess.run(
        [sys.executable, "-c", PROBE],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        check=True,
    )
    report = json.loads(done.stdout)
    assert {"grade", "pairs", "progressive", "errors", "__main__"} <= set(report["imported"])
    offenders = [m for m in report["loaded"] if m.split(".")[0] in FORBIDDEN]
    assert offenders == []
