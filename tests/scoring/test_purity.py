"""The scoring core imports only the standard library (house rule): checked in a fresh interpreter."""

from __future__ import annotations

import sys

from tests.pure_core import run_probe

ENGINES = ("scoring", "scoring.drive", "scoring.rubber", "scoring.bidwhist", "scoring.esmakker")
FORBIDDEN = ("django", "rest_framework", "celery")

PROBE = f"""
import importlib.util, json, sys
loaded = []
for name in {ENGINES!r}:
    if importlib.util.find_spec(name) is not None:
        importlib.import_module(name)
        loaded.append(name)
print(json.dumps({{"loaded": loaded, "modules": sorted(sys.modules)}}))
"""


def test_scoring_imports_no_framework():
    report = run_probe(PROBE)
    assert report["loaded"] == list(ENGINES)
    leaked = [m for m in report["modules"] if m.split(".")[0] in FORBIDDEN]
    assert leaked == []


def test_scoring_imports_only_the_standard_library():
    # -S: no site-packages at all, so any third-party import would fail here.
    report = run_probe(PROBE, "-S")
    assert report["loaded"] == list(ENGINES)
    outside = {m.split(".")[0] for m in report["modules"]} - set(sys.stdlib_module_names)
    assert outside <= {"scoring", "__main__"}
