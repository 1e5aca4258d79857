"""A club season's ladder: each player's event scores combined by the season's rule."""

from __future__ import annotations

from django.utils.translation import gettext as _

from tournaments.errors import NotFound
from tournaments.models import Event, Player, Season
from tournaments.selectors.standings import event_standings, rank_rows


def season_for_public(*, club_slug: str, season_slug: str) -> Season:
    season = (
        Season.objects.select_related("club").filter(club__slug=club_slug, slug=season_slug).first()
    )
    if season is None:
        raise NotFound("E_NOT_FOUND", _("No such season."))
    return season


def season_ladder(*, season: Season) -> dict:
    """Ranked players (qualified first) and the events counted.

    An event counts once it is finished or published and public; a player's score
    in it is the event's score field (tricks, ± or points), shared by both partners
    of a pair. ``total`` sums, ``average`` divides by events played, ``best_n``
    sums the best N scores.
    """
    events = list(
        Event.objects.filter(
            season=season,
            is_public=True,
            status__in=(Event.Status.FINISHED, Event.Status.PUBLISHED),
        ).order_by("date", "id")
    )
    scores: dict[int, list[float]] = {}
    for event in events:
        standings = event_standings(event=event)
        field = standings["score_field"]
        for row in standings["standings"]:
            for player_id in row["players"]:
                scores.setdefault(player_id, []).append(row[field])
    names = dict(Player.objects.filter(pk__in=scores).values_list("id", "name"))
    rows = []
    for player_id, values in scores.items():
        rows.append(
            {
                "key": str(player_id),
                "name": names[player_id],
                "events": len(values),
                "score": _combine(season, values),
                "qualified": len(values) >= season.min_events,
            }
        )
    qualified = rank_rows([r for r in rows if r["qualified"]], "score", ("events",))
    others = sorted(
        (r for r in rows if not r["qualified"]), key=lambda r: (-r["events"], r["name"])
    )
    return {"season": season, "events": events, "qualified": qualified, "not_qualified": others}


def _combine(season: Season, values: list[float]) -> float:
    if season.ladder == Season.Ladder.AVERAGE:
        return round(sum(values) / len(values), 2)
    if season.ladder == Season.Ladder.BEST_N and season.best_n:
        values = sorted(values, reverse=True)[: season.best_n]
    total = sum(values)
    return round(total, 2) if isinstance(total, float) else total
