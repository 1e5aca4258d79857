"""Benchmark: a room of phones on the hall server (manage.py hall, SQLite).

Run: .venv/bin/python bench/hall.py [--tables 50]
Builds a drive of ``--tables`` tables in a throwaway SQLite database, starts the hall
server on a free port and submits one result per table for hand 1 all at the same moment
(one thread a table), then hand 2 one table after another: the baseline, measured in the
same run. Prints both times, the ratio and the errors (there should be none). No asserts.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.hall_server import HallServer  # noqa: E402


def submit(hall: HallServer, table: int, hand: int) -> int:
    night = hall.night
    status, _ = hall.request(
        "POST", f"/api/v1/events/{night['slug']}/hands/{hand}/tables/{table}/result/",
        {"tricks": {"ns": 7, "ew": 6}}, auth=f"Table {night['tables'][str(table)]}", key=f"b{hand}-{table}",
    )  # fmt: skip
    return status


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=50)
    tables = parser.parse_args().tables
    with tempfile.TemporaryDirectory() as tmp:
        hall = HallServer(Path(tmp))
        hall.night = hall.build_night(players=tables * 4, hands=2, per_round=2)
        hall.start()
        try:
            gate = threading.Barrier(tables)

            def together(table: int) -> int:
                gate.wait()
                return submit(hall, table, 1)

            began = time.perf_counter()
            with ThreadPoolExecutor(tables) as pool:
                at_once = list(pool.map(together, range(1, tables + 1)))
            concurrent = time.perf_counter() - began
            began = time.perf_counter()
            one_by_one = [submit(hall, t, 2) for t in range(1, tables + 1)]
            sequential = time.perf_counter() - began
        finally:
            hall.stop()
    errors = sum(s != 201 for s in at_once + one_by_one)
    print(f"{tables} tables at once:        {concurrent:.2f} s ({sum(s == 201 for s in at_once)} stored)")
    print(f"baseline, one after another: {sequential:.2f} s ({sum(s == 201 for s in one_by_one)} stored)")
    print(f"ratio at once / one by one: {concurrent / sequential:.2f}; errors: {errors}")


if __name__ == "__main__":
    main()
