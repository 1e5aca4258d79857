"""An evening's money: takings, costs and the net for the club or a charity; Es-makker's
settlement at a stake per point. All amounts are integers in the club's minor units.
"""

from __future__ import annotations

from babel.numbers import format_currency, list_currencies
from django.utils.translation import get_language, to_locale
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _l

from scoring.settlement import NotZeroSum, balances, settle
from tournaments.errors import DomainError
from tournaments.models import Event
from tournaments.selectors.prize_settings import refuse_unknown

MAX_AMOUNT = 10**9  # ten million pounds in pence: a typing slip, not a whist drive
# (key, label, in or out): amounts in minor units; counts are plain numbers.
TAKINGS = (
    ("table_money", _l("Table money")),
    ("raffle", _l("Raffle")),
    ("other_takings", _l("Other takings")),
)
COSTS = (
    ("prizes_cash", _l("Prizes paid in cash")),
    ("prizes_kind", _l("Prizes in kind (their cost)")),
    ("hall_hire", _l("Hall hire")),
    ("other_expenses", _l("Other expenses")),
)
AMOUNTS = ("entry_fee", "concession_fee", "stake_per_point", *(k for k, _x in TAKINGS + COSTS))
COUNTS = ("entries_full", "entries_concession")
# "currency": the evening's, kept with its amounts, so a club that changes its currency
# later does not rewrite the cash sheets it has printed ("": the club's).
# A symbol typed for the code: the one currency each stands for ("kr" could be three).
SYMBOLS = {"€": "EUR", "£": "GBP", "$": "USD", "US$": "USD"}
# "show_net": the net is announced on the public page and the final screen (a charity's).
DEFAULTS = {
    **dict.fromkeys(AMOUNTS + COUNTS, 0),
    "beneficiary": "",
    "currency": "",
    "show_net": False,
}


def money_of(event: Event) -> dict:
    return {**DEFAULTS, **(event.money or {})}


def clean(data: dict) -> dict:
    """Checked money fields: whole non-negative minor units, a beneficiary's name."""
    refuse_unknown(data, DEFAULTS, "E_MONEY")
    out = {**DEFAULTS, **data}
    for key in AMOUNTS + COUNTS:
        value = out[key]
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_AMOUNT:
            raise DomainError(
                "E_MONEY", _("Enter an amount of zero or more, in whole units."), field=key
            )
    if not isinstance(out["show_net"], bool):
        raise DomainError("E_MONEY", _("Say yes or no."), field="show_net")
    out["beneficiary"] = str(out["beneficiary"] or "").strip()[:120]
    typed = str(out["currency"] or "").strip()
    out["currency"] = SYMBOLS.get(typed, typed.upper())
    if out["currency"] and out["currency"] not in list_currencies():
        raise DomainError("E_MONEY", _("Unknown currency code."), field="currency")
    return out


def event_currency(event: Event) -> str:
    """The evening's currency: the one its money was entered in, else the club's."""
    return (event.money or {}).get("currency") or event.club.currency


def money_format(amount: int, currency: str) -> str:
    """Minor units as the active language writes money: "£12.50", "12,50 kr."."""
    locale = to_locale(get_language() or "en")
    return format_currency(amount / 100, currency, locale=locale)


def _door_rows(event: Event) -> list[tuple]:
    """(pair, paid, name) of everyone who owes a fee, in number order: one query for the
    door's every figure. A withdrawal before round 1 never played, so never paid."""
    return list(
        event.entries.exclude(withdrawn_round=1)
        .order_by("number")
        .values_list("pair_id", "paid", "player__name")
    )


def _fee_units(event: Event, rows: list[tuple]) -> int:
    """Fees due from these rows: one each, or in a pairs event one a pair (a player not
    yet paired counts as half of one)."""
    if not event.uses_pairs:
        return len(rows)
    unpaired = sum(1 for pair, _paid, _name in rows if pair is None)
    return len({pair for pair, _paid, _name in rows if pair is not None}) + (unpaired + 1) // 2


def _not_paid(event: Event, rows: list[tuple]) -> list[str]:
    """Who has not paid, as the door knows them: in a pairs event "Ann & Bob" once."""
    names: dict[object, list[str]] = {}
    for pair, paid, name in rows:
        if not paid:
            key = pair if event.uses_pairs and pair is not None else name
            names.setdefault(key, []).append(name)
    return [" & ".join(both) for both in names.values()]


def _ticks(event: Event, rows: list[tuple]) -> dict | None:
    if not any(paid for _pair, paid, _name in rows):
        return None
    return {
        "entries_full": _fee_units(event, [r for r in rows if r[1] == "full"]),
        "entries_concession": _fee_units(event, [r for r in rows if r[1] == "concession"]),
        "not_paid": _not_paid(event, rows),
    }


def door_ticks(event: Event) -> dict | None:
    """What was ticked at the door (``entry_mark_paid``): the counts at each fee and who
    has not paid; None while nobody is ticked (the money page's typed counts stand)."""
    return _ticks(event, _door_rows(event))


def door_counts(event: Event) -> tuple[dict, dict]:
    """(money, door): the evening's money with the counts ticked at the door, if any, in
    place of the typed ones; and who paid against who played, the treasurer's first check."""
    rows = _door_rows(event)
    ticks = _ticks(event, rows)
    typed = money_of(event)
    m = {**typed, **(ticks or {})}
    paid = m["entries_full"] + m["entries_concession"]
    players = _fee_units(event, rows)
    return m, {
        # counts typed on the money page: the first tick sets them aside, so both pages
        # say so (a walk ticked two late payers and lost the 44 counted at the door)
        "ticked": ticks is not None,
        "typed": [typed[k] for k in COUNTS] if any(typed[k] for k in COUNTS) else None,
        "players": players,
        "pairs": event.uses_pairs,
        "fee": bool(m["entry_fee"] or m["concession_fee"]),  # a free evening: no check
        "paid": paid,
        "unpaid": max(players - paid, 0),
        "not_paid": ticks["not_paid"] if ticks else [],
    }


def cash_sheet(event: Event) -> dict:
    """The cash sheet: each line with its amount, the totals and the net (minor units)."""
    from tournaments.selectors.tournament import payouts  # it formats money with this module

    m, door = door_counts(event)
    currency = event_currency(event)
    full, concession = (
        (_("Pairs: %(n)d at the full fee"), _("Pairs: %(n)d at the concession fee"))
        if event.uses_pairs
        else (_("Entries: %(n)d at the full fee"), _("Entries: %(n)d at the concession fee"))
    )
    takings = [
        (full % {"n": m["entries_full"]}, m["entries_full"] * m["entry_fee"]),
        (
            concession % {"n": m["entries_concession"]},
            m["entries_concession"] * m["concession_fee"],
        ),
    ] + [(str(label), m[key]) for key, label in TAKINGS]
    costs = [(str(label), m[key]) for key, label in COSTS] + payouts(event=event)
    total_in = sum(a for _l2, a in takings)
    total_out = sum(a for _l2, a in costs)
    net = total_in - total_out

    def lines(rows):
        return [
            {"label": label, "amount": amount, "text": money_format(amount, currency)}
            for label, amount in rows
        ]

    return {
        "currency": currency,
        "door": door,
        "takings": lines(takings),
        "costs": lines(costs),
        "total_in": money_format(total_in, currency),
        "total_out": money_format(total_out, currency),
        "net": net,
        "net_text": money_format(net, currency),
        "prizes_cash": money_format(m["prizes_cash"], currency),
        "beneficiary": m["beneficiary"] or event.club.name,
    }


def announced_net(event: Event) -> dict | None:
    """What the evening raised, for the room, once it is over and only if the organizer
    chose to show it (a charity drive announces it; a club keeps its books to itself)."""
    if not money_of(event)["show_net"] or event.status not in (
        Event.Status.FINISHED,
        Event.Status.PUBLISHED,
    ):
        return None
    sheet = cash_sheet(event)
    return {"who": sheet["beneficiary"], "text": sheet["net_text"]} if sheet["net"] > 0 else None


def settlement(event: Event, standings: dict) -> dict:
    """Es-makker's settlement: each player's points times the stake, and who pays whom."""
    m = money_of(event)
    currency = event_currency(event)
    field = standings["score_field"]
    rows = standings["standings"]
    names = {r["key"]: r["name"] for r in rows}
    points = {r["key"]: int(r[field] or 0) for r in rows}
    amounts = balances(points, m["stake_per_point"])
    try:
        transfers = settle(amounts)
    except NotZeroSum as exc:
        raise DomainError(
            "E_NOT_ZERO_SUM", _("The points do not add up to zero, so they cannot be settled.")
        ) from exc
    return {
        "stake": money_format(m["stake_per_point"], currency),
        "players": [
            {
                "name": names[k],
                "points": points[k],
                "amount": amounts[k],
                "text": money_format(amounts[k], currency),
            }
            for k in names
        ],
        "transfers": [
            {"from": names[a], "to": names[b], "amount": x, "text": money_format(x, currency)}
            for a, b, x in transfers
        ],
    }


def season_totals(season) -> dict:
    """The net of every event of a season and their sum, in the club's currency."""
    currency = season.club.currency
    events = [
        (e, cash_sheet(e)["net"])
        for e in season.events.select_related("club").order_by("date", "pk")
    ]
    return {
        "events": [
            {"name": e.name, "date": e.date, "net": net, "text": money_format(net, currency)}
            for e, net in events
        ],
        "total": money_format(sum(n for _e, n in events), currency),
    }
