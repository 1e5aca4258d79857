"""The movement core is pure: importing all of it loads no web framework or task queue."""

from __future__ import annotations

from tests.pure_core import run_probe

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
    report = run_probe(PROBE)
    assert {"grade", "pairs", "progressive", "errors", "__main__"} <= set(report["imported"])
    offenders = [m for m in report["loaded"] if m.split(".")[0] in FORBIDDEN]
    assert offenders == []
