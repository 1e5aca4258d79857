"""Registering players for an event: roster picks, new names, pasted lists, CSV, roles and pairs.

Pasted lists and CSV files are read by ``player_lists`` (pure, previewed before saving).

Before the start any change is welcome (a seating already made is cleared, since it no
longer matches the room). After the start the field changes only through a late arrival
(who joins at the next round) or a withdrawal (no seat from the next round): the movement is
re-planned from that round on and nothing played is touched.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import pairwise

from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from tournaments.errors import DomainError, NotFound
from tournaments.games import game_for
from tournaments.models import Entry, Event, Pair, Player, Round
from tournaments.selectors.roster import leaving_partner, same_name
from tournaments.services.common import (
    event_bump_version,
    event_lock,
    event_log,
    event_mark_changed,
    require_max_lengths,
    require_status,
)
from tournaments.services.player_lists import NewPlayer, parse_player_list, parse_role
from tournaments.services.seating import seating_clear, seating_replan

S = Event.Status


def _before_start(event: Event, actor, reason: str) -> None:
    """Registration edits are for before the start; a stale seating is cleared."""
    if event.status not in (S.DRAFT, S.OPEN):
        raise DomainError(
            "E_STARTED",
            _("The event has started: add a late arrival or withdraw a player instead."),
        )
    if event.movement is not None:
        seating_clear(event=event, actor=actor, reason=reason)


def _next_round(event: Event) -> int:
    """The first round not yet opened: where a change after the start takes effect."""
    pending = event.rounds.filter(status=Round.Status.PENDING).order_by("number").first()
    if pending is None:
        raise DomainError(
            "E_NO_ROUND_LEFT", _("Every round has been opened: nobody can join or leave now.")
        )
    return pending.number


def _entry(event: Event, entry_id: int) -> Entry:
    try:
        return event.entries.select_related("player").get(pk=entry_id)
    except Entry.DoesNotExist as exc:
        raise NotFound("E_NOT_FOUND", _("No such entry."), field="entry") from exc


def _roster_by_name(event: Event) -> dict[str, Player]:
    """The club's players by name, for a name typed without a membership number: a member
    (with a number) comes before a namesake without one, else the earliest registered."""
    found: dict[str, Player] = {}
    for player in Player.objects.filter(club=event.club).order_by("id"):
        key = same_name(player.name)
        if key not in found or (player.membership_number and not found[key].membership_number):
            found[key] = player
    return found


def _players(
    event: Event, player_ids: Iterable[int], new: Iterable[NewPlayer]
) -> list[tuple[Player, str]]:
    """Roster players by id plus found-or-made players for new names, with the role to give them.

    A new name is found by its membership number, else (typed without one) by the name itself,
    so a member typed by name is the member the season table already knows, not a second
    player of the same name."""
    chosen: list[tuple[Player, str]] = []
    ids = list(player_ids)
    roster = {p.pk: p for p in Player.objects.filter(club=event.club, pk__in=ids)}
    for pk in ids:
        if pk not in roster:
            raise NotFound(
                "E_NOT_FOUND", _("No such player in this club's roster."), field="player_ids"
            )
        chosen.append((roster[pk], ""))
    by_name = None
    for row in new:
        require_max_lengths(Player, name=row.name, membership_number=row.membership_number)
        player = None
        if row.membership_number:
            player = Player.objects.filter(
                club=event.club, membership_number=row.membership_number
            ).first()
        else:
            by_name = _roster_by_name(event) if by_name is None else by_name
            player = by_name.get(same_name(row.name))
        if player is None:
            player = Player.objects.create(
                club=event.club, name=row.name, membership_number=row.membership_number
            )
            if by_name is not None:  # a name twice on one list is one player
                by_name[same_name(row.name)] = player
        chosen.append((player, row.role))
    return chosen


def _refuse_already_in(event: Event, players: list[tuple[Player, str]]) -> None:
    """A player picked or typed one by one who is already in this evening, or named twice,
    is a slip (or a namesake to tell apart): refused in words, never a silent second
    registration (a late pair of "Ann" and "Ann" would leave one player unpaired)."""
    seen = Counter(p.pk for p, _role in players)
    if doubled := sorted({p.name for p, _role in players if seen[p.pk] > 1}):
        raise DomainError(
            "E_ALREADY_IN",
            _("Named twice: %(names)s.") % {"names": ", ".join(doubled)},
            field="names",
        )
    entered = dict(
        event.entries.filter(player__in=[p for p, _role in players]).values_list(
            "player_id", "number"
        )
    )
    twice = [
        _("%(name)s (player %(n)s)") % {"name": p.name, "n": entered[p.pk]}
        for p, _role in players
        if p.pk in entered
    ]
    if twice:
        raise DomainError(
            "E_ALREADY_IN",
            _("Already registered this evening: %(names)s.") % {"names": ", ".join(twice)},
            field="names",
        )


def _last_roles(event: Event, players: list[tuple[Player, str]]) -> dict[int, str]:
    """The role each player (given none) had at their latest evening of the club: a member
    who sat as a gent last fortnight is a gent tonight unless the organizer says otherwise."""
    if not game_for(event).roles_for(event):
        return {}
    ids = [p.pk for p, role in players if not role]
    rows = (
        Entry.objects.filter(player_id__in=ids, event__club_id=event.club_id)
        .exclude(role="")
        .order_by("-event__date", "-event_id")
        .values_list("player_id", "role")
    )
    last: dict[int, str] = {}
    for player_id, role in rows:
        last.setdefault(player_id, role)
    return last


def _add(event: Event, players: list[tuple[Player, str]], *, joined_round: int = 1) -> list[Entry]:
    last = _last_roles(event, players)
    taken = set(event.entries.values_list("player_id", flat=True))
    number = event.entries.aggregate(m=Max("number"))["m"] or 0
    added = []
    for player, role in players:
        if player.pk in taken:
            continue  # registering someone twice is harmless: they are already in
        taken.add(player.pk)
        number += 1
        added.append(
            Entry.objects.create(
                event=event,
                player=player,
                number=number,
                role=role or last.get(player.pk, ""),
                joined_round=joined_round,
            )
        )
    return added


def _pair_up(event: Event, number: int, first: Entry, second: Entry, name: str = "") -> Pair:
    """Pair ``number`` of two entries, named ``name`` or after its players."""
    pair = Pair.objects.create(
        event=event, number=number, name=name or f"{first.player.name} & {second.player.name}"
    )
    Entry.objects.filter(pk__in=[first.pk, second.pk]).update(pair=pair)
    return pair


def _new_players(
    player_ids: Sequence[int],
    names: Sequence[str],
    listed: Sequence[NewPlayer] = (),
    *,
    role: str = "",
) -> list[NewPlayer]:
    """The players typed by name (blanks dropped), each with ``role``, then those ``listed``
    (a pasted list or a CSV file); picking no player and naming none is an error."""
    new = [NewPlayer(name=n.strip(), role=role) for n in names if n and n.strip()]
    new += listed
    if not player_ids and not new:
        raise DomainError("E_REQUIRED", _("Pick a player or type a name."), field="names")
    return new


@transaction.atomic
def players_register(
    *,
    event_id: int,
    player_ids: Sequence[int] = (),
    names: Sequence[str] = (),
    text: str = "",
    csv_content: str = "",
    actor=None,
) -> list[Entry]:
    """Register players before the start; returns the new entries.

    Someone picked from the roster or typed by name who is already in is refused (the message
    names them and their number); on a pasted list or a CSV file they are skipped."""
    event = event_lock(event_id=event_id)
    teams = event.uses_pairs  # a sign-up sheet may list a team a line: the two are paired
    listed = parse_player_list(text, teams=teams) + parse_player_list(
        csv_content, field="csv", teams=teams
    )
    new = _new_players(player_ids, names, listed)
    _before_start(event, actor, "register")
    chosen = _players(event, player_ids, new)
    # picked or typed one by one: someone already in is refused; a list may be pasted again
    _refuse_already_in(event, chosen[: len(chosen) - len(listed)])
    added = _add(event, chosen)
    pairs = _pair_teams(event, listed, [p for p, _role in chosen[len(chosen) - len(listed) :]])
    event_log(
        event=event,
        action="register",
        actor=actor,
        entries=[e.number for e in added],
        **({"pairs": [p.number for p in pairs]} if pairs else {}),
    )
    event_mark_changed(event=event)
    return added


def _pair_teams(event: Event, listed: list[NewPlayer], players: list[Player]) -> list[Pair]:
    """Pair the two players of each team line of a list (they come one after the other),
    named as the sheet names the team; a player already in a pair is left as they are."""
    unpaired = {e.player_id: e for e in event.entries.filter(pair__isnull=True)}
    number = event.pairs.aggregate(m=Max("number"))["m"] or 0
    pairs = []
    rows = list(zip(listed, players, strict=True))
    for (first, a), (second, b) in pairwise(rows):
        if not first.team_line or (first.team_line, first.team) != (second.team_line, second.team):
            continue
        two = [unpaired.pop(a.pk, None), unpaired.pop(b.pk, None)]
        if None in two:
            continue
        number += 1
        pairs.append(_pair_up(event, number, *two, name=first.team))
    return pairs


def _set_before_start(event_id: int, entry_id: int, field: str, value, actor) -> Entry:
    """Change one field of an entry before the start (a stale seating is cleared)."""
    event = event_lock(event_id=event_id)
    entry = _entry(event, entry_id)
    if getattr(entry, field) == value:
        return entry
    _before_start(event, actor, field)
    setattr(entry, field, value)
    entry.save(update_fields=[field])
    event_mark_changed(event=event)
    return entry


@transaction.atomic
def entry_set_role(*, event_id: int, entry_id: int, role: str, actor=None) -> Entry:
    return _set_before_start(event_id, entry_id, "role", parse_role(role), actor)


@transaction.atomic
def entry_set_stationary(*, event_id: int, entry_id: int, stationary: bool, actor=None) -> Entry:
    """Mark a player who cannot move (before the start: the seating is planned around them)."""
    return _set_before_start(event_id, entry_id, "stationary", bool(stationary), actor)


@transaction.atomic
def entry_mark_paid(*, event_id: int, entry_id: int, paid: str, actor=None) -> Entry:
    """Tick who paid at the door: the entry fee, the concession fee or not yet ("").

    In a pairs event the pair pays one fee, so ticking one partner ticks both. Once anyone
    is ticked, the cash sheet counts the ticks instead of the numbers typed on the money
    page. Any time, as money is: the cash is often counted last."""
    event = event_lock(event_id=event_id)
    if paid not in Entry.Paid.values:
        raise DomainError("E_PAID", _("Choose the entry fee, the concession fee or not paid."))
    entry = _entry(event, entry_id)
    together = event.entries.filter(pk=entry.pk)
    if event.uses_pairs and entry.pair_id:
        together = event.entries.filter(pair_id=entry.pair_id)
    if together.exclude(paid=paid).update(paid=paid):
        event_log(event=event, action="entry_paid", actor=actor, entry=entry.number, paid=paid)
        event_bump_version(event=event)  # the cash sheet is printed from it
    entry.paid = paid
    return entry


@transaction.atomic
def entry_rename(*, event_id: int, entry_id: int, name: str, actor=None) -> Entry:
    """Correct a registered player's name (the roster's name changes too): a typo found at
    the tea break is put right before the prizes are read out; published results stay as
    they were published."""
    event = event_lock(event_id=event_id)
    entry = _entry(event, entry_id)
    name = " ".join((name or "").split())
    if not name:
        raise DomainError("E_REQUIRED", _("Type the player's name."), field="name")
    if len(name) > 120:
        raise DomainError("E_FORMAT", _("The name is too long."), field="name")
    if event.status == S.PUBLISHED:
        raise DomainError(
            "E_PUBLISHED", _("The results are published: names can no longer change.")
        )
    if name != entry.player.name:
        old = entry.player.name
        entry.player.name = name
        entry.player.save(update_fields=["name"])
        event_log(event=event, action="rename", actor=actor, entry=entry.number, old=old, new=name)
        event_mark_changed(event=event)
    return entry


@transaction.atomic
def entry_delete(*, event_id: int, entry_id: int, actor=None) -> str:
    """Remove a player registered by mistake, before the start; later numbers close the gap.

    Returns the name removed. The roster keeps the player; a pair they were in is undone.
    """
    event = event_lock(event_id=event_id)
    entry = _entry(event, entry_id)
    _before_start(event, actor, "delete")
    name, number = entry.player.name, entry.number
    if entry.pair_id:
        Pair.objects.filter(pk=entry.pair_id).delete()  # the partner is unpaired
    entry.delete()
    for later in event.entries.filter(number__gt=number).order_by("number"):
        later.number -= 1  # one by one, upwards: the unique number is never held twice
        later.save(update_fields=["number"])
    event_log(event=event, action="delete", actor=actor, entry=number, name=name)
    event_mark_changed(event=event)
    return name


@transaction.atomic
def entries_pair(
    *, event_id: int, mapping: Sequence[Sequence[int]] | None = None, actor=None
) -> list[Pair]:
    """Make the pairs: entries in number order two by two, or by explicit [[number, number], ...]."""
    event = event_lock(event_id=event_id)
    _before_start(event, actor, "pair")
    entries = {e.number: e for e in event.entries.filter(withdrawn_round__isnull=True)}
    if mapping is None:
        numbers = sorted(entries)
        if len(numbers) % 2:
            raise DomainError(
                "E_ODD_PLAYERS",
                _("%(n)s players cannot make pairs: add or withdraw one.") % {"n": len(numbers)},
                field="mapping",
            )
        mapping = [numbers[i : i + 2] for i in range(0, len(numbers), 2)]
    seen: set[int] = set()
    for pair in mapping:
        if len(pair) != 2 or pair[0] == pair[1]:
            raise DomainError("E_PAIR", _("A pair is two different players."), field="mapping")
        for number in pair:
            if number not in entries:
                raise DomainError(
                    "E_PAIR", _("No player number %(n)s.") % {"n": number}, field="mapping"
                )
            if number in seen:
                raise DomainError(
                    "E_PAIR", _("Player %(n)s is in two pairs.") % {"n": number}, field="mapping"
                )
            seen.add(number)
    event.entries.update(pair=None)
    event.pairs.all().delete()
    pairs = []
    for k, (a, b) in enumerate(mapping, 1):
        pairs.append(_pair_up(event, k, entries[a], entries[b]))
    event_log(event=event, action="pair", actor=actor, pairs=[list(p) for p in mapping])
    event_mark_changed(event=event)
    return pairs


@transaction.atomic
def entry_mark_arrived(*, event_id: int, entry_id: int, arrived: bool = True, actor=None) -> Entry:
    """Tick a player in. After the start, a player who arrives joins at the next round."""
    event = event_lock(event_id=event_id)
    entry = _entry(event, entry_id)
    if entry.arrived == arrived:
        return entry
    if event.status in (S.DRAFT, S.OPEN):
        _before_start(event, actor, "arrived")
    elif not arrived:
        raise DomainError(
            "E_STARTED", _("The event has started: withdraw the player instead."), field="arrived"
        )
    else:
        require_status(event, S.RUNNING, action=_("let a player join"))
        entry.joined_round = _next_round(event)
    entry.arrived = arrived
    entry.save(update_fields=["arrived", "joined_round"])
    if event.status == S.RUNNING:
        seating_replan(
            event=event, from_round=entry.joined_round, actor=actor, reason="late arrival"
        )
    event_log(event=event, action="arrived", actor=actor, entry=entry.number, arrived=arrived)
    event_mark_changed(event=event)
    return entry


@transaction.atomic
def entry_withdraw(*, event_id: int, entry_id: int, actor=None) -> Entry:
    """Withdraw a player: no seat from the next round on (a sit-out or rebalanced tables).

    Once a pairs event runs, the pair leaves together (``leaving_partner``): a player cannot
    play on alone, and the partner left "here" would hold a seat nobody fills."""
    event = event_lock(event_id=event_id)
    entry = _entry(event, entry_id)
    if entry.withdrawn_round is not None:
        raise DomainError(
            "E_WITHDRAWN", _("%(name)s has already withdrawn.") % {"name": entry.player.name}
        )
    partner = None
    if event.status in (S.DRAFT, S.OPEN):
        _before_start(event, actor, "withdraw")
        entry.withdrawn_round = 1
        entry.save(update_fields=["withdrawn_round"])
    else:
        require_status(event, S.RUNNING, action=_("withdraw a player"))
        partner = leaving_partner(event, entry)
        for leaving in filter(None, (entry, partner)):
            leaving.withdrawn_round = _next_round(event)
            leaving.save(update_fields=["withdrawn_round"])
        seating_replan(
            event=event, from_round=entry.withdrawn_round, actor=actor, reason="withdrawal"
        )
    event_log(
        event=event,
        action="withdraw",
        actor=actor,
        entry=entry.number,
        round=entry.withdrawn_round,
        **({"partner": partner.number} if partner else {}),
    )
    event_mark_changed(event=event)
    return entry


@transaction.atomic
def entry_add_late(
    *,
    event_id: int,
    player_ids: Sequence[int] = (),
    names: Sequence[str] = (),
    role: str = "",
    pair_name: str = "",
    actor=None,
) -> list[Entry]:
    """Players who arrive after the start join at the next round; the plan is re-made from there.

    ``role`` (lady, gent or empty) is given to the players typed by name: roles are fixed at
    the start, so a late arrival's is said on arrival. In a pairs event late players come two
    by two and are paired in the order given, a single late pair named ``pair_name`` if given.
    """
    require_max_lengths(Pair, name=pair_name)
    event = event_lock(event_id=event_id)
    require_status(event, S.RUNNING, action=_("add a late arrival"))
    new = _new_players(player_ids, names, role=parse_role(role))
    joined = _next_round(event)
    chosen = _players(event, player_ids, new)
    _refuse_already_in(event, chosen)
    added = _add(event, chosen, joined_round=joined)
    if event.uses_pairs:
        if len(added) % 2:
            raise DomainError(
                "E_ODD_PLAYERS", _("In a pairs event late players join two by two."), field="names"
            )
        start = (event.pairs.aggregate(m=Max("number"))["m"] or 0) + 1
        name = pair_name.strip() if len(added) == 2 else ""  # one name is one pair's
        for k in range(0, len(added), 2):
            _pair_up(event, start + k // 2, added[k], added[k + 1], name)
    seating_replan(event=event, from_round=joined, actor=actor, reason="late arrival")
    event_log(
        event=event, action="add_late", actor=actor, entries=[e.number for e in added], round=joined
    )
    event_mark_changed(event=event)
    return added
