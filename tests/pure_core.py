"""Shared by the tests of the pure cores (scoring/, tournaments/movements/): fresh interpreters."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run_probe(probe: str, *flags: str, timeout: int = 120) -> dict:
    """Run ``probe`` in a fresh interpreter (so this test process's imports cannot leak in)
    and return the JSON it prints."""
    done = subprocess.run(
        [sys.executable, *flags, "-c", probe],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=timeout,
        check=True,
    )
    return json.loads(done.stdout)


def run_module(module: str, *args: str, stdin: str = "") -> subprocess.CompletedProcess:
    """``python -m module args...`` as a user types it, from the repository root."""
    return subprocess.run(
        [sys.executable, "-m", module, *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        check=False,
    )


def drive_record(tricks_ns: int, tricks_ew: int) -> dict:
    """A drive record in the scoring contract's shape: one table (Ann and Bob against Cat and
    Dan) and one hand of two, with these tricks (an impossible pair of counts for the errors)."""
    hand = {"hand": 1, "table": 1, "ns": ["Ann", "Bob"], "ew": ["Cat", "Dan"]}
    tricks = {"tricks": {"ns": tricks_ns, "ew": tricks_ew}, "revokes": {"ns": 0, "ew": 0}}
    return {"rules": {"hands": 2}, "hands": [{**hand, **tricks}]}
