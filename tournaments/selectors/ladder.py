"""A club season's ladder: each player's event scores combined by the season's rule."""

from __future__ import annotations

from django.db.models import Q, QuerySet
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from tournaments.errors import NotFound
from tournaments.models import Event, EventLog, Player, Season
from tournaments.selectors.events import clubs_for_user
from tournaments.selectors.exports import membership_numbers
from tournaments.selectors.spreadsheet import WRITERS, Sheet, write
from tournaments.selectors.standings import event_standings, rank_rows
from tournaments.selectors.standings.prizes import named_places


def season_for_public(*, club_slug: str, season_slug: str) -> Season:
    season = (
        Season.objects.select_related("club").filter(club__slug=club_slug, slug=season_slug).first()
    )
    if season is None:
        raise NotFound("E_NOT_FOUND", _("No such season."))
    return season


def seasons_for_user(*, user) -> QuerySet[Season]:
    """Seasons of the clubs the user organizes."""
    return Season.objects.filter(club__in=clubs_for_user(user=user)).select_related("club")


def season_for_organizer(*, user, season_id: int) -> Season:
    """The season, or NotFound: another club's season is indistinguishable from none."""
    season = seasons_for_user(user=user).filter(pk=season_id).first()
    if season is None:
        raise NotFound("E_NOT_FOUND", _("No such season."))
    return season


def season_ladder(*, season: Season) -> dict:
    """Ranked players (qualified first) and the events counted.

    An event counts once it is finished or published and public, and keeps counting while
    it is reopened to be corrected (``correcting``: its results as they stand); a player's score
    in it is the event's score field (tricks, ± or points), shared by both partners
    of a pair. ``total`` sums, ``average`` divides by events played, ``best_n``
    sums the best N scores. Each row's ``cells`` line up with ``events`` (None: absent)
    and say whether that score counted; the first places carry the season's prizes
    (``prize``, and ``prize_note`` when players level share the prizes of the places they cover).
    """
    reopened = EventLog.objects.filter(event__season=season, action="reopen").values("event_id")
    events = list(
        Event.objects.filter(season=season, is_public=True)
        .filter(
            Q(status__in=(Event.Status.FINISHED, Event.Status.PUBLISHED))
            # reopened to correct it: still counted, with its results as they stand
            | Q(status=Event.Status.RUNNING, pk__in=reopened)
        )
        .order_by("date", "id")
    )
    reopened_ids = set(reopened.values_list("event_id", flat=True))
    for event in events:  # unpublished to correct, or back in play: not final yet
        event.correcting = event.pk in reopened_ids and event.status != Event.Status.PUBLISHED
    scores: dict[int, dict[int, float]] = {}
    sides: dict[int, set[frozenset[int]]] = {}  # each player's standings rows' players
    for event in events:
        standings = event_standings(event=event)
        field = standings["score_field"]
        for row in standings["standings"]:
            for player_id in row["players"]:
                scores.setdefault(player_id, {})[event.pk] = row[field]
                sides.setdefault(player_id, set()).add(frozenset(row["players"]))
    players = Player.objects.filter(pk__in=scores).values_list("id", "name", "membership_number")
    names = {pk: name for pk, name, _number in players}
    guests = {pk for pk, _name, number in players if not number} if season.members_only else set()
    rows = []
    for player_id, by_event in scores.items():
        counted = _counted(season, by_event)
        rows.append(
            {
                "key": str(player_id),
                "name": names[player_id],
                "events": len(by_event),
                "score": _combine(season, [by_event[e] for e in counted]),
                "cells": [
                    {"score": by_event.get(e.pk), "counted": e.pk in counted} for e in events
                ],
                "guest": player_id in guests,
                "qualified": len(by_event) >= season.min_events and player_id not in guests,
            }
        )
    qualified = _ranked(season, [r for r in rows if r["qualified"]], sides)
    others = sorted(
        (r for r in rows if not r["qualified"]), key=lambda r: (-r["events"], r["name"])
    )
    return {
        "season": season,
        "events": events,
        "correcting": [e for e in events if e.correcting],  # said above the ladder too
        "qualified": qualified,
        "not_qualified": others,
        # a guest of a members-only season never counts: not "not yet", a list of its own
        "waiting": [r for r in others if not r["guest"]],
        "guests": [r for r in others if r["guest"]],
    }


def _ranked(season: Season, rows: list[dict], sides: dict[int, set[frozenset[int]]]) -> list[dict]:
    """The qualified players ranked, with their prizes. Partners who played every evening
    together are one pair: one place and one prize between them, the next pair the next
    place (a Dutch robber season ranked them level, sharing the first two prizes, and the
    second pair was third)."""
    units: dict[frozenset[int], list[dict]] = {}
    keys = {int(row["key"]) for row in rows}
    for row in rows:
        player = int(row["key"])
        together = next(iter(sides[player])) if len(sides[player]) == 1 else frozenset()
        pair = (
            len(together) == 2
            and together <= keys
            and all(sides[p] == {together} for p in together)
        )
        units.setdefault(together if pair else frozenset({player}), []).append(row)
    ranked = rank_rows([members[0] for members in units.values()], "score", ("events",))
    won = named_places(ranked, list(season.prizes))  # a shared place shares its prizes
    by_first = {members[0]["key"]: members for members in units.values()}
    out = []
    for head in ranked:
        shared, note = won.get(head["key"], ([], ""))
        for row in sorted(by_first[head["key"]], key=lambda r: r["name"]):
            place = {"position": head["position"], "tied": head["tied"]}
            out.append({**row, **place, "prize": ", ".join(shared), "prize_note": note})
    return out


def _counted(season: Season, by_event: dict[int, float]) -> set[int]:
    """The events whose score counts: all of them, or the best N (the earlier on a tie)."""
    if season.ladder != Season.Ladder.BEST_N or not season.best_n:
        return set(by_event)
    best = sorted(by_event, key=lambda e: -by_event[e])[: season.best_n]
    return set(best)


def _combine(season: Season, values: list[float]) -> float:
    if season.ladder == Season.Ladder.AVERAGE:
        return round(sum(values) / len(values), 2)
    total = sum(values)
    return round(total, 2) if isinstance(total, float) else total


def season_ladder_export(*, season: Season, fmt: str) -> tuple[bytes, str, str]:
    """(content, content type, file name) of the season's table as CSV or XLSX, in the
    active language: place, name, membership number, each evening's score, the total
    counted (or the average); the not yet qualified below, with no place."""
    if fmt not in WRITERS:
        raise NotFound("E_FORMAT", _("Unknown export format; choose csv or xlsx."))
    ladder = season_ladder(season=season)
    rows = [*ladder["qualified"], *ladder["not_qualified"]]
    members = membership_numbers(int(r["key"]) for r in rows)
    combined = _("Average") if season.ladder == Season.Ladder.AVERAGE else _("Total counted")
    head = [_("Place"), _("Name"), _("Membership number")]
    head += [f"{e.name} ({date_format(e.date, 'SHORT_DATE_FORMAT')})" for e in ladder["events"]]
    head.append(combined)
    lines = [
        [
            row.get("position", ""),
            row["name"],
            members.get(int(row["key"]), ""),
            *(cell["score"] for cell in row["cells"]),
            row["score"],
        ]
        for row in rows
    ]
    caption = [season.club.name, season.name]
    sheet = Sheet(str(season.name), head, lines, caption=caption)
    content, content_type = write([sheet], fmt)
    return content, content_type, f"{season.club.slug}-{season.slug}.{fmt}"
