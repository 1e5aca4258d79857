"""The data model of a club's events.

Integrity lives here, in database constraints: one seat per entry per round, one
entry per seat, one live (and one confirmed) result per table and hand, unique
result versions and idempotency keys. Behaviour lives in ``services/``.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments import movements

SEATS = ("N", "E", "S", "W")  # a table's seats, clockwise: N/S partner E/W
FIFTH = "X"  # an Es-makker table of five: the fifth player (whoever deals sits out)
ALL_SEATS = (*SEATS, FIFTH)
PARTNER_SEAT = {"N": "S", "S": "N", "E": "W", "W": "E"}  # partners by seat (not the fifth)
SLOT_SEATS = ("N", "S", "E", "W")  # a progressive table: [lady, gent] v [lady, gent]

# How a choice names each progressive rule of tournaments.movements.RULES.
PROGRESSION_LABELS = {
    "winners_split": _("progressive: winners split"),
    "losers_split": _("progressive: losers split"),
    "losers_split_progressive": _("progressive: losers split, partners change"),
    "head_table": _("progressive: head table"),
    "ladies_stay": _("progressive: ladies stay, gents move"),
    "foster": _("progressive: pairs kept, winners move, losers stay (Foster)"),
    "ew_move": _("progressive: chosen pairs, N/S stay, E/W move"),
}


def new_token() -> str:
    return secrets.token_urlsafe(12)


class Club(models.Model):
    name = models.CharField(_("name"), max_length=120)
    slug = models.SlugField(_("slug"), unique=True)
    # Money is kept in this currency's minor units (pence, cents, øre): integers, never floats.
    currency = models.CharField(_("currency"), max_length=3, default="GBP")
    organizers = models.ManyToManyField(
        settings.AUTH_USER_MODEL, related_name="clubs", blank=True, verbose_name=_("organizers")
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("club")
        verbose_name_plural = _("clubs")
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class OrganizerProfile(models.Model):
    """What an organizer account prefers: its language, applied at login on any browser."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="organizer_profile"
    )
    language = models.CharField(_("language"), max_length=8, choices=settings.LANGUAGES, blank=True)

    class Meta:
        verbose_name = _("organizer profile")
        verbose_name_plural = _("organizer profiles")

    def __str__(self) -> str:
        return str(self.user)


class Player(models.Model):
    """A member of a club's roster. Names need not be unique; a membership number is."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="players")
    name = models.CharField(_("name"), max_length=120)
    membership_number = models.CharField(_("membership number"), max_length=40, blank=True)
    email = models.EmailField(_("email"), blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("player")
        verbose_name_plural = _("players")
        ordering = ["name", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["club", "membership_number"],
                condition=~Q(membership_number=""),
                name="player_membership_number_unique",
            )
        ]
        indexes = [models.Index(fields=["club", "name"])]

    def __str__(self) -> str:
        return self.name


class Season(models.Model):
    """A club's season: the ladder ranks players across its events."""

    class Ladder(models.TextChoices):
        TOTAL = "total", _("total")
        AVERAGE = "average", _("average")
        BEST_N = "best_n", _("best N events")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="seasons")
    name = models.CharField(_("name"), max_length=120)
    slug = models.SlugField(_("slug"))
    ladder = models.CharField(_("ladder rule"), max_length=10, choices=Ladder.choices, default=Ladder.TOTAL)
    best_n = models.PositiveSmallIntegerField(_("best N"), default=0)
    min_events = models.PositiveSmallIntegerField(_("minimum events to qualify"), default=1)
    # Only players with a membership number are ranked: a guest who plays once is not.
    members_only = models.BooleanField(_("members only"), default=False)
    # One name a place, first place first: what the ladder's leaders win at the season's end.
    prizes = models.JSONField(_("season prizes"), default=list, blank=True)

    class Meta:
        verbose_name = _("season")
        verbose_name_plural = _("seasons")
        constraints = [models.UniqueConstraint(fields=["club", "slug"], name="season_slug_unique")]

    def __str__(self) -> str:
        return self.name


MAX_HANDS = 60  # an evening's most hands (the constraint event_hands_range)

class Event(models.Model):
    class Kind(models.TextChoices):
        INDIVIDUAL_DRIVE = "individual_drive", _("individual drive")
        PAIRS_DRIVE = "pairs_drive", _("pairs drive")
        ROBBER = "robber", _("robber match or league")
        BIDWHIST = "bidwhist", _("Bid Whist session")
        ESMAKKER = "esmakker", _("Es-makker session")
        TEAM_MATCH = "team_match", _("team matches: league or cup")

    class PaperCards(models.TextChoices):
        OFF = "", _("every hand entered at the tables")
        ROUNDS = "rounds", _("card totals per round")
        FINAL = "final", _("final card totals only")

    class OddNumbers(models.TextChoices):
        SIT_OUT = "sit_out", _("the extra players sit out in turn")
        FIVES = "fives", _("tables of five, the dealer sitting out each hand")
        GHOST = "ghost", _("a ghost seat: three play the dummy's hand at a table")

    class Status(models.TextChoices):
        DRAFT = "draft", _("draft")
        OPEN = "open", _("open for registration")
        RUNNING = "running", _("running")
        FINISHED = "finished", _("finished")
        PUBLISHED = "published", _("published")

    # The progressive rules are tournaments.movements.RULES (the one list), then the fixed movements.
    MovementKind = models.TextChoices(
        "MovementKind",
        [
            *((rule.upper(), (rule, PROGRESSION_LABELS[rule])) for rule in movements.RULES),
            ("INDIVIDUAL", ("individual", _("fixed individual movement"))),
            ("MITCHELL", ("mitchell", _("Mitchell (pairs)"))),
            ("HOWELL", ("howell", _("Howell (pairs)"))),
            ("ROUND_ROBIN", ("round_robin", _("round robin (pairs)"))),
        ],
    )

    PROGRESSIVE = frozenset(movements.RULES)
    # Fixed pairs play these: the pairs movements and the progressive rules that keep partners.
    PAIRS_MOVEMENTS = frozenset({"mitchell", "howell", "round_robin", *movements.PAIR_RULES})
    SCORING_SYSTEM = {
        "individual_drive": "drive",
        "pairs_drive": "drive",
        "robber": "rubber",
        "bidwhist": "bidwhist",
        "esmakker": "esmakker",
        "team_match": "drive",
    }

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="events")
    season = models.ForeignKey(Season, null=True, blank=True, on_delete=models.SET_NULL, related_name="events")
    name = models.CharField(_("name"), max_length=160)
    slug = models.SlugField(_("slug"), unique=True, max_length=80)
    date = models.DateField(_("date"))
    venue = models.CharField(_("venue"), max_length=160, blank=True)
    kind = models.CharField(_("kind"), max_length=20, choices=Kind.choices, default=Kind.INDIVIDUAL_DRIVE)
    status = models.CharField(_("status"), max_length=12, choices=Status.choices, default=Status.DRAFT)
    rules = models.JSONField(_("rules"), default=dict, blank=True)
    # Who gets a prize (tournaments.selectors.prize_settings): editable until the results are
    # published, since it never rescores a hand, unlike ``rules`` (frozen once play starts).
    prize_settings = models.JSONField(_("prize settings"), default=dict, blank=True)
    # The evening's takings and costs in minor units (tournaments.selectors.money).
    money = models.JSONField(_("money"), default=dict, blank=True)
    hands = models.PositiveSmallIntegerField(_("number of hands"), default=24)
    hands_per_round = models.PositiveSmallIntegerField(_("hands per round"), default=1)
    trumps = models.JSONField(_("trump rotation"), default=list, blank=True)
    movement_kind = models.CharField(
        _("movement"), max_length=30, choices=MovementKind.choices, default=MovementKind.WINNERS_SPLIT
    )
    movement_seed = models.PositiveIntegerField(_("movement seed"), default=0)
    movement = models.JSONField(_("movement plan"), null=True, blank=True, editable=False)
    confirmation_required = models.BooleanField(_("opponents confirm results"), default=True)
    is_public = models.BooleanField(_("public results page"), default=True)
    # Paper-card evenings: the MC types in the players' own card totals (per round, or the
    # final totals only) instead of every hand's result; then checks the top few cards.
    paper_cards = models.CharField(
        _("paper cards"), max_length=8, choices=PaperCards.choices, blank=True, default=""
    )
    card_check_top = models.PositiveSmallIntegerField(_("cards the MC checks"), default=3)
    # What a number of players that is not a multiple of four does (each game offers its own).
    odd_numbers = models.CharField(
        _("odd numbers"), max_length=8, choices=OddNumbers.choices, default=OddNumbers.SIT_OUT
    )
    # Printed cards, the public page, the projector and the table phones speak this language
    # unless a visitor picked another (tournaments.middleware); blank: each visitor's own
    # language. A new event takes its organizer's preferred language.
    language = models.CharField(
        _("language"), max_length=8, choices=settings.LANGUAGES, blank=True, default=""
    )
    version = models.PositiveBigIntegerField(default=1, editable=False)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = _("event")
        verbose_name_plural = _("events")
        ordering = ["-date", "name"]
        constraints = [
            models.CheckConstraint(condition=Q(hands__gte=1, hands__lte=MAX_HANDS), name="event_hands_range"),
            models.CheckConstraint(condition=Q(hands_per_round__gte=1), name="event_hands_per_round_positive"),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def system(self) -> str:
        """The scoring engine that scores this event."""
        return self.SCORING_SYSTEM[self.kind]

    @property
    def is_progressive(self) -> bool:
        return self.movement_kind in self.PROGRESSIVE

    @property
    def ghost_seats(self) -> bool:
        """Odd numbers play three-handed: a table's empty seat is the ghost's (a dummy)."""
        return self.odd_numbers == self.OddNumbers.GHOST

    @property
    def uses_pairs(self) -> bool:
        return self.movement_kind in self.PAIRS_MOVEMENTS

    @property
    def round_count(self) -> int:
        return -(-self.hands // self.hands_per_round)


class NumberedInEvent(models.Model):
    """A row numbered 1, 2, 3... within its event (pairs, tables, rounds, hands, teams). Each subclass
    declares its own ``event`` foreign key (with its related name, e.g. ``event.tables``).

    ``%(class)s`` is the subclass's name in lower case: ``Table`` gets ``table_number_unique``.
    """

    number = models.PositiveSmallIntegerField(_("number"))

    class Meta:
        abstract = True
        ordering = ["event", "number"]
        constraints = [models.UniqueConstraint(fields=["event", "number"], name="%(class)s_number_unique")]


class Pair(NumberedInEvent):
    """A fixed partnership (or team) in a pairs drive, a robber league or a Bid Whist session."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="pairs")
    name = models.CharField(_("name"), max_length=160, blank=True)

    class Meta(NumberedInEvent.Meta):
        verbose_name = _("pair")
        verbose_name_plural = _("pairs")

    def __str__(self) -> str:
        return self.name or f"{_('Pair')} {self.number}"


class Entry(models.Model):
    """A player in an event. ``role`` (lady/gent) is a seat role, not a sex."""

    class Role(models.TextChoices):
        NONE = "", _("any")
        LADY = "lady", _("lady")
        GENT = "gent", _("gent")

    class Paid(models.TextChoices):  # at the door; a pair's partners pay together
        NO = "", _("not paid")
        FULL = "full", _("entry fee")
        CONCESSION = "concession", _("concession fee")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="entries")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="entries")
    number = models.PositiveSmallIntegerField(_("number"))
    role = models.CharField(_("role"), max_length=4, choices=Role.choices, blank=True, default="")
    pair = models.ForeignKey(Pair, null=True, blank=True, on_delete=models.SET_NULL, related_name="entries")
    arrived = models.BooleanField(_("arrived"), default=True)
    joined_round = models.PositiveSmallIntegerField(_("joins at round"), default=1)
    withdrawn_round = models.PositiveSmallIntegerField(_("withdrawn from round"), null=True, blank=True)
    paid = models.CharField(_("paid"), max_length=10, choices=Paid.choices, blank=True, default="")
    stationary = models.BooleanField(
        _("cannot move"),
        default=False,
        help_text=_("Keeps one table and seat all evening (mobility, a wheelchair table)."),
    )

    class Meta:
        verbose_name = _("entry")
        verbose_name_plural = _("entries")
        ordering = ["event", "number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "player"], name="entry_player_once"),
            models.UniqueConstraint(fields=["event", "number"], name="entry_number_unique"),
            models.CheckConstraint(condition=Q(paid__in=["", "full", "concession"]), name="entry_paid_known"),
        ]

    def __str__(self) -> str:
        return f"{self.number}. {self.player.name}"

    def active_in(self, round_number: int) -> bool:
        return self.joined_round <= round_number and (
            self.withdrawn_round is None or round_number < self.withdrawn_round
        )


class Table(NumberedInEvent):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="tables")
    token = models.CharField(max_length=40, unique=True, default=new_token, editable=False)

    class Meta(NumberedInEvent.Meta):
        verbose_name = _("table")
        verbose_name_plural = _("tables")

    def __str__(self) -> str:
        return f"{_('Table')} {self.number}"


class Round(NumberedInEvent):
    class Status(models.TextChoices):
        PENDING = "pending", _("pending")
        OPEN = "open", _("open")
        CLOSED = "closed", _("closed")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="rounds")
    status = models.CharField(_("status"), max_length=8, choices=Status.choices, default=Status.PENDING)
    opened_at = models.DateTimeField(null=True, blank=True)
    closed_at = models.DateTimeField(null=True, blank=True)

    class Meta(NumberedInEvent.Meta):
        verbose_name = _("round")
        verbose_name_plural = _("rounds")

    def __str__(self) -> str:
        return f"{_('Round')} {self.number}"


class Seating(models.Model):
    """Where an entry sits in a round. A row without a table is a sit-out."""

    class Seat(models.TextChoices):
        NORTH = "N", _("North")
        EAST = "E", _("East")
        SOUTH = "S", _("South")
        WEST = "W", _("West")
        FIFTH = FIFTH, _("fifth player (sits out when dealing)")
        SIT_OUT = "", _("sits out")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="seatings")
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="seatings")
    table = models.ForeignKey(Table, null=True, blank=True, on_delete=models.CASCADE, related_name="seatings")
    seat = models.CharField(_("seat"), max_length=1, choices=Seat.choices, blank=True)
    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="seatings")

    class Meta:
        verbose_name = _("seating")
        verbose_name_plural = _("seatings")
        ordering = ["round", "table", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["round", "entry"], name="seating_one_seat_per_entry_per_round"),
            models.UniqueConstraint(
                fields=["round", "table", "seat"],
                condition=Q(table__isnull=False),
                name="seating_one_entry_per_seat",
            ),
            models.CheckConstraint(
                condition=(Q(table__isnull=True) & Q(seat=""))
                | (Q(table__isnull=False) & Q(seat__in=ALL_SEATS)),
                name="seating_seat_matches_table",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.round}: {self.entry_id} {self.seat or '-'}"

    @property
    def side(self) -> str:
        return "ns" if self.seat in ("N", "S") else "ew"


class Hand(NumberedInEvent):
    """One deal. Numbered across the event; its trump is fixed when its round opens."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="hand_set")
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="hands")
    trump = models.CharField(_("trump"), max_length=2, blank=True)

    class Meta(NumberedInEvent.Meta):
        verbose_name = _("hand")
        verbose_name_plural = _("hands")

    def __str__(self) -> str:
        return f"{_('Hand')} {self.number}"


class Source(models.TextChoices):
    ORGANIZER = "organizer", _("organizer")
    TABLE = "table", _("table phone")
    API = "api", _("API client")
    SYSTEM = "system", _("system")


class Result(models.Model):
    """One version of a table's result for one hand.

    A correction adds a version and marks the previous one superseded; nothing is
    overwritten. ``data`` is the engine's per-hand input for this table.
    """

    class Status(models.TextChoices):
        ENTERED = "entered", _("entered, awaiting confirmation")
        CONFIRMED = "confirmed", _("confirmed")
        DISPUTED = "disputed", _("disputed")
        NOT_PLAYED = "not_played", _("not played")
        SUPERSEDED = "superseded", _("superseded")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="results")
    hand = models.ForeignKey(Hand, on_delete=models.CASCADE, related_name="results")
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="results")
    version = models.PositiveIntegerField(default=1)
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.ENTERED)
    data = models.JSONField(default=dict)
    tricks_ns = models.PositiveSmallIntegerField(null=True, blank=True)
    source = models.CharField(max_length=10, choices=Source.choices)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    confirmed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("result")
        verbose_name_plural = _("results")
        ordering = ["hand", "table", "version"]
        constraints = [
            models.UniqueConstraint(fields=["hand", "table", "version"], name="result_version_unique"),
            models.UniqueConstraint(
                fields=["hand", "table"],
                condition=~Q(status="superseded"),
                name="result_one_live_version",
            ),
            models.UniqueConstraint(
                fields=["hand", "table"],
                condition=Q(status="confirmed"),
                name="result_one_confirmed_per_table_hand",
            ),
            models.CheckConstraint(condition=Q(tricks_ns__lte=13), name="result_tricks_range"),
        ]
        indexes = [models.Index(fields=["event", "status"])]

    def __str__(self) -> str:
        return f"hand {self.hand_id} table {self.table_id} v{self.version} ({self.status})"


from tournaments.models_formats import Team, TeamMatch, TournamentFormat  # noqa: E402, F401
from tournaments.models_records import (  # noqa: E402,F401  (records beside an event)
    CardTotal,
    EventLog,
    IdempotencyRecord,
    PrintJob,
    ScoreChange,
)
from tournaments.models_screen import EventScreen  # noqa: E402,F401  (the room's screen)
