"""Serializers of the organizer API: plain input checks and output shapes, no behaviour."""

from __future__ import annotations

from django.conf import settings
from django.utils.translation import gettext_lazy as _l
from rest_framework import serializers

import scoring
from tournaments.models import Entry, Event, Round, Seating, Table
from tournaments.selectors import money, prize_settings
from tournaments.selectors.events import EVENT_FIELDS

# --- events ----------------------------------------------------------------------------------


class EventSerializer(serializers.ModelSerializer):
    # blank: each visitor's own language (the schema says so: "" or a language code)
    language = serializers.ChoiceField(choices=settings.LANGUAGES, allow_blank=True, read_only=True)
    club = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    system = serializers.ChoiceField(choices=scoring.SYSTEMS, read_only=True)
    round_count = serializers.IntegerField(read_only=True)

    class Meta:
        model = Event
        fields = ["id", "slug", "club", "date", *EVENT_FIELDS, "system", "round_count"]
        read_only_fields = fields


class EventDetailSerializer(EventSerializer):
    movement = serializers.JSONField(read_only=True)

    class Meta(EventSerializer.Meta):
        fields = [*EventSerializer.Meta.fields, "movement"]
        read_only_fields = fields


class EventWriteSerializer(serializers.Serializer):
    """Fields an organizer may set; anything left out keeps the kind's default (or stays)."""

    name = serializers.CharField(max_length=160, required=False)
    date = serializers.DateField(required=False)
    venue = serializers.CharField(max_length=160, required=False, allow_blank=True)
    rules = serializers.JSONField(required=False)
    hands = serializers.IntegerField(required=False)
    hands_per_round = serializers.IntegerField(required=False)
    trumps = serializers.ListField(child=serializers.CharField(max_length=2), required=False)
    movement_kind = serializers.ChoiceField(choices=Event.MovementKind.choices, required=False)
    movement_seed = serializers.IntegerField(min_value=0, required=False)
    confirmation_required = serializers.BooleanField(required=False)
    is_public = serializers.BooleanField(required=False)
    language = serializers.ChoiceField(
        choices=settings.LANGUAGES,
        required=False,
        allow_blank=True,
        help_text=_l("Printed cards, the public page, the projector and the table phones use this language."),
    )


class EventCreateSerializer(EventWriteSerializer):
    club = serializers.SlugField(
        required=False, help_text=_l("The club's slug; optional if you organize one club.")
    )
    name = serializers.CharField(max_length=160)
    date = serializers.DateField()
    kind = serializers.ChoiceField(choices=Event.Kind.choices, default=Event.Kind.INDIVIDUAL_DRIVE)


class ReopenSerializer(serializers.Serializer):
    reason = serializers.CharField(required=False, allow_blank=True, default="")


# --- entries ---------------------------------------------------------------------------------


class EntrySerializer(serializers.ModelSerializer):
    name = serializers.CharField(source="player.name", read_only=True)
    player = serializers.IntegerField(source="player_id", read_only=True)
    pair = serializers.IntegerField(
        source="pair.number", read_only=True, allow_null=True, default=None
    )

    class Meta:
        model = Entry
        fields = [
            "id",
            "number",
            "player",
            "name",
            "role",
            "pair",
            "arrived",
            "joined_round",
            "withdrawn_round",
            "stationary",
            "paid",
        ]
        read_only_fields = fields


class RegisterSerializer(serializers.Serializer):
    player_ids = serializers.ListField(
        child=serializers.IntegerField(), required=False, default=list
    )
    names = serializers.ListField(
        child=serializers.CharField(max_length=120), required=False, default=list
    )
    text = serializers.CharField(
        required=False,
        allow_blank=True,
        default="",
        help_text=_l(
            "One per line: name, membership no, role; in a pairs event a line may be a team"
            " (\"A & B\", or team, player 1, player 2), registered and paired"
        ),
    )
    csv = serializers.CharField(
        required=False,
        allow_blank=True,
        default="",
        help_text=_l("CSV text: name, membership no, role"),
    )


class LateSerializer(serializers.Serializer):
    player_ids = serializers.ListField(
        child=serializers.IntegerField(), required=False, default=list
    )
    names = serializers.ListField(
        child=serializers.CharField(max_length=120), required=False, default=list
    )
    role = serializers.CharField(
        required=False, default="", allow_blank=True, max_length=20,
        help_text=_l("lady, gent or empty: the role of the players named"),
    )


class PairSerializer(serializers.Serializer):
    mapping = serializers.ListField(
        child=serializers.ListField(child=serializers.IntegerField(), min_length=2, max_length=2),
        required=False,
        allow_null=True,
        default=None,
        help_text=_l("Pairs of entry numbers; omitted: entries two by two in number order."),
    )


class RoleSerializer(serializers.Serializer):
    role = serializers.ChoiceField(choices=Entry.Role.choices, allow_blank=True)


class ArrivedSerializer(serializers.Serializer):
    arrived = serializers.BooleanField(default=True)


class PaidSerializer(serializers.Serializer):
    paid = serializers.ChoiceField(
        choices=Entry.Paid.choices,
        allow_blank=True,
        help_text=_l("full, concession or empty (not paid); a pair's partners pay together"),
    )


class PlanSummarySerializer(serializers.Serializer):
    units = serializers.IntegerField()
    tables = serializers.IntegerField()
    sit_out = serializers.IntegerField()
    pairs = serializers.BooleanField()
    unpaired = serializers.IntegerField()


class EntryListSerializer(serializers.Serializer):
    summary = PlanSummarySerializer()
    entries = EntrySerializer(many=True)


# --- rounds, tables, seatings -------------------------------------------------------------------


class RoundSerializer(serializers.ModelSerializer):
    # A plain string keeps the schema's enum names apart from the event's status.
    status = serializers.CharField(read_only=True, help_text=_l("pending, open or closed"))

    class Meta:
        model = Round
        fields = ["number", "status", "opened_at", "closed_at"]
        read_only_fields = fields


class RoundCloseSerializer(serializers.Serializer):
    force = serializers.BooleanField(
        default=False, help_text=_l("Close with missing tables recorded as not played.")
    )
    credit = serializers.CharField(
        required=False,
        default=None,
        allow_null=True,
        help_text=_l(
            "In a drive, what each player at a missing table scores a hand: own_average "
            "(the default) or a number of tricks such as 6.5 or 0."
        ),
    )


class HandOutSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    trump = serializers.CharField()


class TableStateSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    state = serializers.ChoiceField(choices=["waiting", "entered", "confirmed", "disputed"])
    seats = serializers.SerializerMethodField()
    missing_hands = serializers.ListField(child=serializers.IntegerField())

    def get_seats(self, table) -> dict[str, int]:
        return {seat: entry.number for seat, entry in table.seats.items()}


class RoundStateSerializer(serializers.Serializer):
    round = RoundSerializer()
    hands = HandOutSerializer(many=True)
    tables = TableStateSerializer(many=True)
    sit_out = serializers.SerializerMethodField()
    all_in = serializers.BooleanField()

    def get_sit_out(self, view) -> list[int]:
        return [e.number for e in view.sit_out]


class TableSerializer(serializers.ModelSerializer):
    class Meta:
        model = Table
        fields = ["number", "token"]
        read_only_fields = fields


class SeatingSerializer(serializers.ModelSerializer):
    round = serializers.IntegerField(source="round.number", read_only=True)
    table = serializers.IntegerField(
        source="table.number", read_only=True, allow_null=True, default=None
    )
    entry = serializers.IntegerField(source="entry.number", read_only=True)
    name = serializers.CharField(source="entry.player.name", read_only=True)

    class Meta:
        model = Seating
        fields = ["round", "table", "seat", "entry", "name"]
        read_only_fields = fields


# --- prizes and money (tournaments/api/prizes_money.py) -----------------------------------------


class SpecialPrizeSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=80)
    winner = serializers.CharField(required=False, allow_blank=True, default="")


class ConsolationDrawSerializer(serializers.Serializer):
    seed = serializers.IntegerField()
    pool = serializers.ListField(child=serializers.CharField())
    winner = serializers.CharField()


class PrizeSettingsSerializer(serializers.Serializer):
    """Who gets a prize (``Event.prize_settings``); the service checks it again."""

    places = serializers.IntegerField(
        min_value=0, max_value=prize_settings.MAX_PLACES, required=False
    )
    categories = serializers.ChoiceField(
        choices=prize_settings.CATEGORIES, allow_blank=True, required=False
    )
    half_time = serializers.BooleanField(required=False)
    booby = serializers.BooleanField(required=False)
    ten_plus = serializers.BooleanField(required=False)
    no_double = serializers.BooleanField(required=False)
    half_time_apart = serializers.BooleanField(required=False)
    ties = serializers.ChoiceField(choices=prize_settings.TIES, required=False)
    specials = SpecialPrizeSerializer(
        many=True, required=False, max_length=prize_settings.MAX_SPECIALS
    )
    consolation = serializers.BooleanField(required=False)
    seed = serializers.IntegerField(read_only=True)
    draw = ConsolationDrawSerializer(read_only=True, allow_null=True)


def _amount() -> serializers.IntegerField:
    return serializers.IntegerField(min_value=0, max_value=money.MAX_AMOUNT, required=False)


# The evening's money (``Event.money``): one whole-number field per amount (minor units) and
# count, named as selectors.money names them, plus the beneficiary and the club's currency.
MoneySerializer = type(
    "MoneySerializer",
    (serializers.Serializer,),
    {
        "__doc__": "An evening's takings and costs in the club currency's minor units.",
        **{key: _amount() for key in money.AMOUNTS + money.COUNTS},
        "beneficiary": serializers.CharField(max_length=120, required=False, allow_blank=True),
        "show_net": serializers.BooleanField(required=False),
        "currency": serializers.RegexField(
            r"^[A-Za-z]{3}$", required=False, help_text=_l("The club's ISO 4217 currency code.")
        ),
    },
)
