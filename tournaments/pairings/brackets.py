"""Playoff brackets seeded from standings: single and double elimination, byes, best-of-N.

A bracket is data: matches in playing order, each side named by its source
(``{"seed": 3}``, ``{"winner": "W1-2"}`` or ``{"loser": "W1-2"}``). ``resolve`` fills it
from the winners entered so far, so the bracket page, the projector and the printout
all read one structure. The field is the next power of two; the missing seeds are byes,
so the top seeds get them. Seeds 1 and 2 sit in opposite halves and meet only in the
final (single elimination) or the winners' final / grand final (double elimination).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from .errors import fail, require_int, require_teams

BYE = "__bye__"
PENDING = "__pending__"


def seed_order(size: int) -> list[int]:
    """Seeds in bracket order: 1 v size, and every round the best seeds kept apart."""
    order = [1]
    while len(order) < size:
        order = [x for seed in order for x in (seed, 2 * len(order) + 1 - seed)]
    return order


def _size(teams: int) -> int:
    size = 1
    while size < teams:
        size *= 2
    return size


def _match(ident, part, rnd, depth, home, away, best_of, eliminates, **extra) -> dict:
    return {
        "id": ident,
        "bracket": part,
        "round": rnd,
        "depth": depth,
        "best_of": best_of,
        "home": home,
        "away": away,
        "eliminates": eliminates,
        **extra,
    }


def _winners_bracket(size: int, best_of: int, final_best_of: int, eliminates: bool) -> list:
    order, matches, rounds = seed_order(size), [], size.bit_length() - 1
    for rnd in range(1, rounds + 1):
        for i in range(1, size // 2**rnd + 1):
            if rnd == 1:
                home, away = {"seed": order[2 * i - 2]}, {"seed": order[2 * i - 1]}
            else:
                home, away = ({"winner": f"W{rnd - 1}-{2 * i - j}"} for j in (1, 0))
            last = rnd == rounds and eliminates
            matches.append(
                _match(
                    f"W{rnd}-{i}",
                    "winners",
                    rnd,
                    rnd,
                    home,
                    away,
                    final_best_of if last else best_of,
                    eliminates,
                )
            )
    return matches


def single_elimination(seeds: Iterable, best_of: int = 1, final_best_of: int | None = None) -> dict:
    """A single-elimination bracket for teams in seed order (best first)."""
    seeds = require_teams(seeds)
    require_int(best_of, "best_of", 1, 9)
    final_best_of = require_int(final_best_of or best_of, "final_best_of", 1, 9)
    size = _size(len(seeds))
    return {
        "kind": "single",
        "size": size,
        "seeds": seeds,
        "matches": _winners_bracket(size, best_of, final_best_of, True),
    }


def double_elimination(
    seeds: Iterable, best_of: int = 1, final_best_of: int | None = None, reset: bool = True
) -> dict:
    """Winners' and losers' brackets and a grand final (with a reset match if ``reset``)."""
    seeds = require_teams(seeds, minimum=3)
    require_int(best_of, "best_of", 1, 9)
    final_best_of = require_int(final_best_of or best_of, "final_best_of", 1, 9)
    size = _size(len(seeds))
    k = size.bit_length() - 1
    matches = _winners_bracket(size, best_of, best_of, False)
    for i in range(1, size // 4 + 1):
        matches.append(
            _match(
                f"L1-{i}",
                "losers",
                1,
                1,
                {"loser": f"W1-{2 * i - 1}"},
                {"loser": f"W1-{2 * i}"},
                best_of,
                True,
            )
        )
    for j in range(2, k + 1):
        count = size // 2**j
        for i in range(1, count + 1):  # losers dropping in, in reverse order against rematches
            matches.append(
                _match(
                    f"L{2 * j - 2}-{i}",
                    "losers",
                    2 * j - 2,
                    2 * j - 2,
                    {"winner": f"L{2 * j - 3}-{i}"},
                    {"loser": f"W{j}-{count + 1 - i}"},
                    best_of,
                    True,
                )
            )
        if j < k:
            for i in range(1, count // 2 + 1):
                matches.append(
                    _match(
                        f"L{2 * j - 1}-{i}",
                        "losers",
                        2 * j - 1,
                        2 * j - 1,
                        {"winner": f"L{2 * j - 2}-{2 * i - 1}"},
                        {"winner": f"L{2 * j - 2}-{2 * i}"},
                        best_of,
                        True,
                    )
                )
    depth = 2 * k - 1
    matches.append(
        _match(
            "GF1",
            "final",
            1,
            depth,
            {"winner": f"W{k}-1"},
            {"winner": f"L{2 * k - 2}-1"},
            final_best_of,
            True,
        )
    )
    if reset:
        matches.append(
            _match(
                "GF2",
                "final",
                2,
                depth + 1,
                {"winner": "GF1"},
                {"loser": "GF1"},
                final_best_of,
                True,
                if_needed=True,
            )
        )
    return {"kind": "double", "size": size, "seeds": seeds, "matches": matches}


def series_winner(games: Iterable, best_of: int):
    """The winner of a best-of-N series from its game winners, or None while undecided."""
    need, tally = best_of // 2 + 1, {}
    for winner in games:
        tally[winner] = tally.get(winner, 0) + 1
        if tally[winner] >= need:
            return winner
    return None


def resolve(bracket: Mapping, results: Mapping[str, object] | None = None) -> dict:
    """The bracket with teams, winners and statuses filled in from ``results``
    (``{match id: winning team}``), the champion and the placings (tiers, best first)."""
    results = dict(results or {})
    seeds, done = list(bracket["seeds"]), {}
    known = {m["id"] for m in bracket["matches"]}
    stray = sorted(set(results) - known)
    if stray:
        raise fail(f"no match {stray[0]} in this bracket", "E_RESULT")

    def team(source: Mapping):
        if "seed" in source:
            return seeds[source["seed"] - 1] if source["seed"] <= len(seeds) else BYE
        key = "winner" if "winner" in source else "loser"
        return done[source[key]][key]

    for match in bracket["matches"]:
        home, away = team(match["home"]), team(match["away"])
        row = {
            **match,
            "home_team": home,
            "away_team": away,
            "winner": PENDING,
            "loser": PENDING,
            "status": "pending",
        }
        given = results.get(match["id"])
        if (
            match.get("if_needed")
            and home not in (PENDING, BYE)
            and home == done["GF1"]["home_team"]
        ):
            row.update(winner=home, loser=BYE, status="not_needed")
        elif PENDING in (home, away):
            pass
        elif BYE in (home, away):
            real = away if home == BYE else home
            row.update(winner=real, loser=BYE, status="bye")
        elif given is None:
            row["status"] = "ready"
        elif given not in (home, away):
            raise fail(f"{given} does not play in match {match['id']}", "E_RESULT")
        else:
            row.update(winner=given, loser=away if given == home else home, status="played")
        if given is not None and row["status"] != "played":
            raise fail(f"match {match['id']} cannot have a result yet", "E_RESULT")
        done[match["id"]] = row
    last = bracket["matches"][-1]["id"]
    champion = done[last]["winner"]
    tiers: dict[int, list] = {}
    later: set = set()
    for row in reversed(list(done.values())):  # a loser who plays on (grand final reset) is not out
        if row["eliminates"] and row["status"] == "played" and row["loser"] not in later:
            tiers.setdefault(row["depth"], []).append(row["loser"])
        if row["status"] != "not_needed":
            later |= {row["home_team"], row["away_team"]}
    placings = [[champion]] if champion not in (PENDING, BYE) else []
    placings += [sorted(tiers[d], key=seeds.index) for d in sorted(tiers, reverse=True)]
    return {
        **bracket,
        "matches": list(done.values()),
        "champion": None if champion in (PENDING, BYE) else champion,
        "placings": placings,
    }
