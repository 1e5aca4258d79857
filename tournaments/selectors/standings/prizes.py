"""Prizes handed out from the ranked units, each with its reason, and the standings result."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.utils import formats
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _l
from django.utils.translation import ngettext

from scoring.prizes import Prize, allocate
from tournaments.games import game_for
from tournaments.models import Event
from tournaments.selectors.prize_settings import ROLE_LISTS, settings_of
from tournaments.selectors.standings.units import mark_tie_breaks, reposition


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th ... 21st: each English ending its own message, so that a language
    writes its own ("8e", "8."); a walk read "Ladies: 8. place" beside "1st"."""
    if n <= 3:
        return {1: _("1st"), 2: _("2nd"), 3: _("3rd")}[n]
    if n % 100 in (11, 12, 13) or n % 10 not in (1, 2, 3):
        form = _("%(n)dth")
    else:
        form = {1: _("%(n)dst"), 2: _("%(n)dnd"), 3: _("%(n)drd")}[n % 10]
    return form % {"n": n}


def _allocate(
    ranked: list[dict],
    half_ranked: list[dict],
    categories: dict[str, list[dict]],
    rules: dict,
    *,
    no_double: bool,
    half_time_apart: bool,
    overall: bool,
    score_field: str,
    amount: Callable[[Any], str],
) -> list[dict]:
    """Prizes from the shared allocator (``scoring.prizes``), each with its label and reason;
    ``overall`` off: places only in the ``categories`` (ladies' and gents' prizes only)."""

    def order(rows: list[dict]) -> list[tuple[str, int]]:
        return [(r["key"], r["position"]) for r in rows]

    special = None
    if rules.get("special") == "ten_plus":
        special = ("ten_plus", {r["key"]: r["ten_plus"] for r in ranked})
    awarded = allocate(
        order(ranked),
        places=rules["places"],
        half_ranked=order(half_ranked),
        half_time=bool(rules.get("half_time")),
        booby=bool(rules.get("booby")),
        special=special,
        categories={role: order(rows) for role, rows in categories.items()},
        overall=overall,
        no_double=no_double,
        half_time_apart=half_time_apart,
        lot_seed=rules.get("seed", 0) if rules.get("ties") == "lot" else None,
    )
    sources = [
        categories[p.category]
        if p.category is not None
        else half_ranked
        if p.code == "half_time"
        else ranked
        for p in awarded
    ]
    counting = [p for p in awarded if not (half_time_apart and p.code == "half_time")]
    passed = _passed_over(awarded, sources, counting) if no_double else [([], set())] * len(awarded)
    return [
        _worded(p, source, gone, elsewhere, rules, score_field, amount)
        for p, source, (gone, elsewhere) in zip(awarded, sources, passed, strict=True)
    ]


def _passed_over(
    awarded: list[Prize], sources: list[list[dict]], counting: list[Prize]
) -> list[tuple[list[dict], set[str]]]:
    """Per prize, under one prize per person: the rows passed over for it (holders of another
    prize ranked ahead of its winners, behind them for the booby, each named once in a list)
    and the keys holding a prize elsewhere, whom its tie note leaves out. ``counting``: the
    prizes that pass a holder over (not a half-time prize that stands apart)."""
    holders = {key for p in counting for key in p.winners}
    won: dict[tuple, set[str]] = {}  # per list: its own winners
    for p in awarded:
        won.setdefault((p.code, p.category), set()).update(p.winners)
    named: dict[tuple, set[str]] = {}
    out = []
    for prize, source in zip(awarded, sources, strict=True):
        elsewhere = holders - won[(prize.code, prize.category)]
        if prize.code not in ("place", "booby"):
            out.append(([], elsewhere))
            continue
        seen = named.setdefault((prize.code, prize.category), set())
        at = [r["position"] for r in source if r["key"] in prize.winners]
        if prize.code == "place":
            gone = [r for r in source if r["position"] <= min(at)]
        else:
            gone = [r for r in source if r["position"] >= max(at)]
        gone = [r for r in gone if r["key"] in elsewhere and r["key"] not in seen]
        seen.update(r["key"] for r in gone)
        out.append((gone, elsewhere))
    return out


def _worded(
    prize: Prize,
    source: list[dict],
    passed: list[dict],
    elsewhere: set[str],
    rules: dict,
    score_field: str,
    amount: Callable[[Any], str],
) -> dict:
    """The prize as the standings show it: code, translated label, winners and reason.

    ``passed``: the rows one prize per person passed over for it (they hold another prize);
    ``elsewhere``: the keys holding another prize, left out of the tie note."""
    by_key = {r["key"]: r for r in source}
    rows = [by_key[key] for key in prize.winners]
    first = rows[0]
    rivals = [r for r in source if r["key"] not in elsewhere]
    code = prize.code
    if code == "place":
        # the label already says the place ("1st: Anna — 24 tricks")
        reason = amount(first[score_field])
        if len(rows) > 1:
            reason += sharing_note(len(rows), prize.place, rules["places"])
        else:
            reason += _tie_note(first, rivals, rules, score_field)
        reason += _passed_note(passed)
        label = ordinal(prize.place)
        if prize.category is not None:
            code = f"category:{prize.category}"
            label = f"{_category_label(prize.category)}: {label}"
    elif code == "half_time":
        # decided at the interval, before any other prize: always the leader then
        field_name = "half_plus_minus" if score_field == "plus_minus" else "half_time"
        label = _("Half-time leader")
        words = {"hand": rules["half"], "amount": amount(first[field_name])}
        reason = _("Leading after hand %(hand)d with %(amount)s") % words
    elif code == "ten_plus":
        label = _("Special prize")
        reason = _("Most hands with 10 or more tricks (%(n)d)") % {"n": prize.count}
    else:  # booby
        label = _("Booby prize")
        reason = (
            _("Lowest score: %(amount)s") % {"amount": amount(first[score_field])}
            + _tie_note(first, rivals, rules, score_field)
            + _passed_note(passed)
        )
    winners = [{"key": r["key"], "name": r["name"]} for r in rows]
    # "passed" is the reason's note naming who holds another prize: the prize-giving leaves
    # it out while those prizes are still to come (a Dutch walk's projector gave the winner
    # of the 1st prize away while the gents' 1st was read out)
    passed_note = _passed_note(passed)
    return {
        "code": code,
        "label": label,
        "winners": winners,
        "reason": reason,
        "passed": passed_note,
    }


def sharing_note(tied: int, place: int, places: int) -> str:
    """The note " (tied, sharing 2 prizes)": the prizes a tie for ``place`` shares are the places it
    covers that have a prize, not the number of tied players (two level for the last prize
    share one)."""
    n = max(1, min(tied, places - place + 1))
    words = ngettext("(tied, sharing %(n)d prize)", "(tied, sharing %(n)d prizes)", n)
    return " " + words % {"n": n}


def _passed_note(passed: list[dict]) -> str:
    """Why the prize went past a player ranked ahead of its winner (one prize per person)."""
    if not passed:
        return ""
    names = ", ".join(r["name"] for r in passed)
    return " " + ngettext(
        "(passed on: %(names)s has another prize)",
        "(passed on: %(names)s have other prizes)",
        len(passed),
    ) % {"names": names}


def named_places(ranked: list[dict], names: list[str]) -> dict[str, tuple[list[str], str]]:
    """Named place prizes (``names``, first place first) by the evening's rule: a shared place
    takes the prizes of all the places it covers. ``ranked`` rows carry ``key`` and
    ``position``; returns each winner's key -> (the prizes they share, the tie note)."""
    out: dict[str, tuple[list[str], str]] = {}
    for prize in allocate([(r["key"], r["position"]) for r in ranked], places=len(names)):
        shared = names[prize.place - 1 : prize.place - 1 + len(prize.winners)]
        note = sharing_note(len(prize.winners), prize.place, len(names)).strip()
        for key in prize.winners:
            out[key] = (shared, note if len(prize.winners) > 1 else "")
    return out


COUNTBACK_WORDS = {
    "second_half": _l("the second half"),
    "hands_won": _l("hands won"),
    "ten_plus": _l("hands of 10 or more tricks"),
}


def _tie_note(row: dict, source: list[dict], rules: dict, score_field: str) -> str:
    """Why ``row`` takes the prize alone when others have its score: a draw by lot, or the
    countback (which measure, and the figures), so nobody at the prize-giving has to ask."""
    level = [r for r in source if r is not row and r[score_field] == row[score_field]]
    if not level:
        return ""
    if any(r["position"] == row["position"] for r in level):
        return " " + _("(tie settled by lot)") if rules.get("ties") == "lot" else ""
    other = min(level, key=lambda r: abs(r["position"] - row["position"]))
    for key in rules.get("countback", ()):
        if row.get(key) is not None and other.get(key) is not None and row[key] != other[key]:
            words = {
                "what": COUNTBACK_WORDS.get(key, key),
                "a": _fmt(row[key]),
                "b": _fmt(other[key]),
            }
            if other["position"] > row["position"]:
                return " " + _("(level; ahead on %(what)s, %(a)s to %(b)s)") % words
            return " " + _("(level; behind on %(what)s, %(a)s to %(b)s)") % words
    return ""


def _fmt(value: Any) -> str:
    """A score in a prize's reason, with the language's decimal separator (7,5 in Dutch)."""
    if isinstance(value, float):
        return f"{value:g}".replace(".", formats.get_format("DECIMAL_SEPARATOR"))
    return str(value)


def _category_label(role: str) -> str:
    return {"lady": _("Ladies"), "gent": _("Gents")}.get(role, role)


def organizer_prizes(settings: dict, eligible: list[dict]) -> list[dict]:
    """The named special prizes (to the chosen player, or just listed) and the consolation
    prize, whose winner is the recorded draw (``prize_consolation_draw``)."""
    names = {r["key"]: r["name"] for r in eligible}
    out = []
    for special in settings["specials"]:
        key = special["winner"]
        winners = [{"key": key, "name": names[key]}] if key in names else []
        out.append(
            {
                "code": "special",
                "label": special["name"],
                "winners": winners,
                "reason": _("Special prize"),
            }
        )
    draw = settings["draw"] if settings["consolation"] else None
    if draw and draw.get("winner") in names:
        key = draw["winner"]
        out.append(
            {
                "code": "consolation",
                "label": _("Consolation prize"),
                "winners": [{"key": key, "name": names[key]}],
                # the seed that repeats the draw is the log's, not the room's
                "reason": (
                    _("Drawn by lot from %(n)d pairs")  # a pairs event's units ("p3")
                    if key.startswith("p")
                    else _("Drawn by lot from %(n)d players")
                )
                % {"n": len(draw["pool"])},
            }
        )
    return out


def hands_complete(inp) -> int:
    """The last hand N such that every table seated for hands 1..N has a confirmed result
    or was marked not played (its round closed without it).

    "After hand N" on the standings, and what the half-time and booby prizes wait for:
    a provisional table with some tables still out must not name a half-time leader.
    """
    tables_of_round: dict[int, int] = {}
    for round_no, _table in inp.seats:
        tables_of_round[round_no] = tables_of_round.get(round_no, 0) + 1
    round_of = {number: round_no for number, round_no, _trump in inp.hands.values()}
    reported: dict[int, int] = {}
    done_tables = {(r[0], r[2]) for r in inp.results} | inp.closed_out
    for number, _table in done_tables:
        reported[number] = reported.get(number, 0) + 1
    done = 0
    for number in range(1, inp.event.hands + 1):
        expected = tables_of_round.get(round_of.get(number, 0), 0)
        if not expected or reported.get(number, 0) < expected:
            break
        done = number
    return done


def _due(prize: dict, *, all_in: bool) -> bool:
    """A prize shows only once the hands it depends on are all in (the half-time prize is
    awarded only once the first half is: ``finish``); the organizer's own prizes (special,
    consolation) are the evening's end too, not "if it ended now"."""
    return all_in or prize["code"] not in ("booby", "ten_plus", "special", "consolation")


def _placed_first(rows: list[dict]) -> list[dict]:
    """While play is on, the units with no hand of their own in yet go last, level, and the
    others are placed among themselves: in a zero-sum game (Es-makker) their nought sat in
    the middle and the second best read "10th" ("–" is all they show, ``has_place``)."""
    placed = [r for r in rows if r.get("played")]
    if len(placed) == len(rows):
        return rows
    rest = [r for r in rows if not r.get("played")]
    after = {"position": len(placed) + 1, "tied": len(rest) > 1}
    return reposition(placed) + [{**r, **after} for r in rest]


def finish(
    inp,
    eligible,
    rows,
    prize_rules,
    own,
    *,
    score_field,
    half_ranked=(),
    engine_hands=None,
    hand_lines=None,
):
    event = inp.event
    final = event.status in (Event.Status.FINISHED, Event.Status.PUBLISHED)
    if not final:
        eligible = _placed_first(eligible)
    categories: dict[str, list[dict]] = {}
    if own.get("categories") in ROLE_LISTS:
        # ladies' list first, as the MC reads them out
        for role in sorted(
            {r["role"] for r in eligible if r["role"]}, key=lambda r: (r != "lady", r)
        ):
            categories[role] = reposition([r for r in eligible if r["role"] == role])
    game = game_for(event)
    unit_label = str(game.unit_label(score_field) or _("points"))

    def amount(value) -> str:
        return game.amount(score_field, value, _fmt(value))

    settings = settings_of(event)
    complete = hands_complete(inp)
    half = prize_rules.get("half")
    prize_rules = {
        **prize_rules,
        "ties": settings["ties"],
        "seed": settings["seed"],
        # decided once the first half is in: a provisional leader is not passed over yet
        "half_time": prize_rules.get("half_time") and half is not None and complete >= half,
    }
    prizes = (
        []
        if not inp.results and not inp.card_totals
        else _allocate(
            eligible,
            list(half_ranked),
            categories,
            prize_rules,
            no_double=bool(own.get("no_double_prizes")),
            half_time_apart=bool(own.get("half_time_apart")),
            overall=own.get("categories") != "role_only",
            score_field=score_field,
            amount=amount,
        )
    )
    if inp.results:
        prizes += organizer_prizes(settings, eligible)

    all_in = final or complete >= event.hands
    if all_in:  # before, a place compares averages per hand played, not the totals shown
        for listed in (eligible, *categories.values()):
            mark_tie_breaks(listed, score_field)
    positions = {r["key"]: r for r in eligible}

    def played(
        prize: dict,
    ) -> bool:  # provisionally, a place among players with no hand in is no prize
        return final or any(positions.get(w["key"], {}).get("played") for w in prize["winners"])

    prizes = [p for p in prizes if played(p) and _due(p, all_in=all_in)]
    # listed only if they played: a name withdrawn before the first hand is not news
    withdrawn = [r for r in rows if r["withdrawn"] and r.get("played", 1)]
    return {
        "event": event.slug,
        "kind": event.kind,
        "version": event.version,
        "final": final,
        "after_hand": complete,
        "all_in": all_in,
        "hands": event.hands,
        "published": event.status == Event.Status.PUBLISHED,
        "score_field": score_field,
        "unit_label": unit_label,
        "standings": [positions[r["key"]] for r in eligible],
        "categories": categories,
        "roles_only": own.get("categories") == "role_only",  # ladies' and gents' prizes only
        "withdrawn": withdrawn,
        "prizes": prizes,
        "pending": inp.pending,
        "confirmed": len(inp.results),
        "_hands": engine_hands,
        "_hand_lines": hand_lines,
    }


def prize_lines(standings: dict) -> list[dict]:
    """Each prize with its winners' names, as the results sheet and the cash sheet print it;
    a tournament's prizes carry their ``amount`` (each winner's), others are written in."""
    return [
        {
            "label": p["label"],
            "winners": [w["name"] for w in p["winners"]],
            "reason": p["reason"],
            "amount": p.get("amount", ""),
        }
        for p in standings["prizes"]
    ]
