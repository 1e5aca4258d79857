"""Move slips for a progressive drive: where each player sits in the round just seated.

A progressive movement seats each round from the last one's results, so movement cards
cannot say it in advance; the MC reads this list out, pins it up or cuts it into slips.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from tournaments.errors import DomainError


def move_slips(data) -> list[dict]:
    """One flowing page: every player's table and seat in the latest seated round."""
    if not data.seats:
        raise DomainError(
            "E_NOT_SEATED", _("Seat the players first: there are no tables yet."), field="document"
        )
    round_no = max(r for r, _t in data.seats)
    rows = []
    for (r, table_no), seats in data.seats.items():
        if r != round_no:
            continue
        for seat, entry_id in seats.items():
            rows.append({"entry": data.entries[entry_id], "table": table_no, "seat": seat})
    for entry_id in data.sit_outs.get(round_no, []):
        rows.append({"entry": data.entries[entry_id], "table": None, "seat": ""})
    slips = [
        {
            "number": row["entry"].number,
            "name": row["entry"].player.name,
            "table": row["table"],
            "seat": row["seat"],
        }
        for row in sorted(rows, key=lambda row: row["entry"].number)
    ]
    return [{"key": f"moves{round_no}", "round": round_no, "slips": slips}]
