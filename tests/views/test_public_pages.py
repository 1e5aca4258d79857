"""The public pages: standings, prizes, cards, rounds, projector, stream, ladder, privacy."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.factories import ClubFactory, UserFactory, build_seated_event
from tests.selectors.test_standings import drive_result, nine_player_drive
from tournaments.models import Event, Season

pytestmark = pytest.mark.usefixtures("clear_cache")


@pytest.mark.django_db
def test_event_page_shows_live_standings_prizes_and_pending(client):
    event = nine_player_drive()
    html = client.get(reverse("public:event", args=[event.slug])).content.decode()
    assert "Live" in html and "6 results counted" in html
    assert (
        '1st</strong>: P1 <span class="reason">— 24 tricks</span>' in html
        and "Leading after hand 1 with 8 tricks" in html
    )
    assert html.index(">P1<") < html.index(">P8<") < html.index(">P3<")


@pytest.mark.django_db
@pytest.mark.parametrize("credit", ["own_average", 6.5])
def test_a_hand_closed_without_a_table_is_complete_and_names_the_half_time_leader(client, credit):
    """A walk: after 12 of 24 hands, a round closed without one table (not played, with a
    credit) left the pages saying "no hand is complete at every table yet", with no
    half-time leader."""
    from tests.selectors.test_standings import confirm

    event = build_seated_event(players=8, rounds=2)  # two hands: half-time after hand 1
    drive_result(event, 1, 1, 9)
    confirm(event, 1, 2, {"credit": credit}, status="not_played")
    html = client.get(reverse("public:event", args=[event.slug])).content.decode()
    assert "no hand is complete" not in html
    assert "provisional, after hand 1 of 2" in html
    assert "Leading after hand 1 with 9 tricks" in html
    projector = client.get(reverse("public:projector", args=[event.slug])).content.decode()
    assert "After hand 1 of 2" in projector and "no hand is complete" not in projector


@pytest.mark.django_db
def test_pending_results_and_final_badge(client):
    event = build_seated_event(players=8, rounds=2)
    drive_result(event, 1, 1, 9)
    from tests.selectors.test_standings import confirm

    confirm(event, 1, 2, {"tricks": {"ns": 7, "ew": 6}}, 7, status="entered")
    html = client.get(reverse("public:event", args=[event.slug])).content.decode()
    assert "1 result waiting for confirmation" in html
    Event.objects.filter(pk=event.pk).update(status="published", version=event.version + 1)
    html = client.get(reverse("public:event", args=[event.slug])).content.decode()
    assert "Final results (published)" in html and "Live" not in html


@pytest.mark.django_db
def test_private_event_is_404_to_the_public_but_visible_to_its_organizers(client):
    organizer = UserFactory()
    event = nine_player_drive()
    event.is_public = False
    event.save()
    url = reverse("public:event", args=[event.slug])
    assert client.get(url).status_code == 404
    other = UserFactory()
    client.force_login(other)
    assert client.get(url).status_code == 404
    event.club.organizers.add(organizer)
    client.force_login(organizer)
    assert client.get(url).status_code == 200


@pytest.mark.django_db
def test_draft_event_is_not_public(client):
    event = build_seated_event(players=8, rounds=1, open_rounds=0)
    assert event.status == "draft"
    assert client.get(reverse("public:event", args=[event.slug])).status_code == 404


@pytest.mark.django_db
def test_score_card_page_hand_by_hand(client):
    event = nine_player_drive()
    html = client.get(reverse("public:card", args=[event.slug, "e1"])).content.decode()
    assert "sat out" in html  # P1: 8 + 8 played, their own average for the hand sat out
    assert "Total 24 includes 8 credited for 1 hand sat out." in html
    p9 = client.get(reverse("public:card", args=[event.slug, "e9"])).content.decode()
    assert "Total 16.5 includes 5.5 credited for 1 hand sat out." in p9  # (6 + 5) / 2
    from tournaments.selectors.player import player_code  # the player's own page says it too

    own = reverse("public:player", args=[event.slug, 9, player_code(event.pk, 9)])
    assert (
        "Total 16.5 includes 5.5 credited for 1 hand sat out." in client.get(own).content.decode()
    )
    assert "P2, P4" in html  # opponents at hand 1
    assert client.get(reverse("public:card", args=[event.slug, "e99"])).status_code == 404


@pytest.mark.django_db
def test_round_by_round_page(client):
    event = nine_player_drive()
    html = client.get(reverse("public:rounds", args=[event.slug])).content.decode()
    assert "P1 & P3" in html and "1 (♥): 8 – 5" in html and "Sitting out: P9" in html


@pytest.mark.django_db
def test_projector_fragment_answers_only_when_the_version_changed(client, settings):
    settings.REDIS_URL = ""
    event = nine_player_drive()
    page = client.get(reverse("public:projector", args=[event.slug])).content.decode()
    assert 'data-live="poll"' in page and "After hand 3 of 3" in page
    url = reverse("public:projector_fragment", args=[event.slug])
    assert client.get(url, {"v": event.version}).json() == {
        "version": event.version,
        "changed": False,
    }
    data = client.get(url, {"v": 0}).json()
    assert data["changed"] and "P1" in data["html"]


@pytest.mark.django_db
def test_stream_without_redis_tells_the_browser_to_stop(client, settings):
    settings.REDIS_URL = ""
    event = nine_player_drive()
    assert client.get(reverse("public:stream", args=[event.slug])).status_code == 204


@pytest.mark.django_db
def test_ladder_best_n_with_minimum_events(client):
    club = ClubFactory(slug="oakley")
    season = Season.objects.create(
        club=club, name="2026", slug="2026", ladder="best_n", best_n=1, min_events=2
    )
    first = nine_player_drive()
    second = nine_player_drive()
    for event in (first, second):
        Event.objects.filter(pk=event.pk).update(club=club, season=season, status="finished")
    # Players are per event in these fixtures: move the second's P1 onto the first's.
    second.entries.filter(number=1).update(player=first.entries.get(number=1).player)
    html = client.get(reverse("public:ladder", args=["oakley", "2026"])).content.decode()
    qualified = html[: html.index("Not yet qualified")]
    assert "P1" in qualified and ">24<" in qualified  # best 1 of 2 events: 24
    assert "P8 — 22 · 1 evening" in html  # not "(1)": brackets mark a score not counted


@pytest.mark.django_db
def test_a_provisional_prize_level_between_many_names_five_and_counts_the_rest(client):
    event = build_seated_event(players=40, rounds=2)
    for table in range(1, 11):
        drive_result(event, 1, table, 7)  # every N/S pair level on 7 tricks
    html = client.get(reverse("public:event", args=[event.slug])).content.decode()
    first = html[html.index("Prizes if it ended now") :].split("<li>")[1].split("</li>")[0]
    assert "and 15 more, all level" in first
    assert first.split("</strong>: ")[1].startswith("P1, P3, P5, P7, P9, and 15 more")  # five names
    Event.objects.filter(pk=event.pk).update(status="published", version=event.version + 1)
    final = client.get(reverse("public:event", args=[event.slug])).content.decode()
    assert "more, all level" not in final  # the settled prizes name every winner


@pytest.mark.django_db
def test_the_projector_holds_the_winners_back_once_finished(client):
    event = nine_player_drive()
    Event.objects.filter(pk=event.pk).update(status="finished", version=event.version + 1)
    html = client.get(reverse("public:projector", args=[event.slug])).content.decode()
    assert 'data-testid="holding"' in html and "The prize-giving follows." in html
    assert ">P1<" not in html  # no name on the screen before the prize-giving


@pytest.mark.django_db
def test_the_phones_wait_for_the_prize_giving_too(client, django_user_model):
    """Finished: the public page names nobody until the organizer ends the prize-giving
    (or shows the results, or publishes them); it keeps listening meanwhile."""
    from tournaments.services.screen import screen_reveal

    event = nine_player_drive()
    url = reverse("public:event", args=[event.slug])
    assert ">P1<" in client.get(url).content.decode()  # live standings name the players
    Event.objects.filter(pk=event.pk).update(status="finished", version=event.version + 1)
    held = client.get(url).content.decode()
    assert 'data-testid="held"' in held and "The prize-giving follows." in held
    assert ">P1<" not in held and "Prizes" not in held
    assert "js/live.js" in held  # the page learns when the results may show
    screen_reveal(event_id=event.pk, action="start")
    giving = client.get(url).content.decode()
    assert ">P1<" not in giving  # the MC is reading them out, as the page now says
    assert "The prize-giving is under way." in giving and "follows" not in giving
    screen_reveal(event_id=event.pk, action="end")
    shown = client.get(url).content.decode()
    assert 'data-testid="held"' not in shown and ">P1<" in shown


@pytest.mark.django_db
def test_the_find_your_seat_screen_uses_the_rooms_seat_letters(client):
    event = build_seated_event(players=8, rounds=2, open_rounds=1, language="nl")
    event.rounds.filter(number=1).update(status="closed")
    Event.objects.filter(pk=event.pk).update(version=event.version + 1)
    client.cookies["django_language"] = "nl"
    html = client.get(reverse("public:projector", args=[event.slug])).content.decode()
    assert "Ronde 2: zoek uw plaats" in html
    assert '<abbr class="seat" title="Oost">O</abbr>' in html  # East is O(ost) in Dutch
    assert '<abbr class="seat" title="Oost">E</abbr>' not in html


def _played_drive(*, close_last: bool = True):
    """A two-round drive through the services, every result confirmed, the last round
    closed or left open."""
    from tests.services.organizer_helpers import confirm, make_event
    from tournaments.services import events, rounds, seating

    event = make_event(players=8, hands=2)
    events.event_open(event_id=event.pk)
    seating.event_seat(event_id=event.pk)
    events.event_start(event_id=event.pk)
    for number in (1, 2):
        rounds.round_open(event_id=event.pk)
        confirm(event, number)
        if number == 1 or close_last:
            rounds.round_close(event_id=event.pk, round_number=number)
    return event


@pytest.mark.django_db
def test_the_winners_are_held_back_once_the_last_round_is_closed(client):
    """Every hand in and the last round closed, before the organizer finishes: the phones
    and the screen already keep the winners for the MC, as they do once finished."""
    from tournaments.services import events, rounds
    from tournaments.services.screen import screen_reveal

    event = _played_drive(close_last=False)
    url, screen = (
        reverse("public:event", args=[event.slug]),
        reverse("public:projector", args=[event.slug]),
    )
    live = client.get(url).content.decode()
    assert 'data-testid="held"' not in live and "1st" in live  # the last round still open
    rounds.round_close(event_id=event.pk, round_number=2)
    held = client.get(url).content.decode()
    assert (
        'data-testid="held"' in held and "The prize-giving follows." in held and "1st" not in held
    )
    projector = client.get(screen).content.decode()
    assert 'data-testid="holding"' in projector and "1st" not in projector
    screen_reveal(event_id=event.pk, action="end")  # "show the results without it"
    assert "1st" in client.get(url).content.decode()
    events.event_finish(event_id=event.pk)  # finished: shown, as the organizer chose
    assert 'data-testid="held"' not in client.get(url).content.decode()


@pytest.mark.django_db
def test_results_published_again_after_a_correction_say_so(client):
    """Players who saw the first published results are told they changed, and when."""
    from django.utils import timezone
    from django.utils.formats import date_format

    from tournaments.services import events

    event = _played_drive()
    events.event_finish(event_id=event.pk)
    url = reverse("public:event", args=[event.slug])
    export = reverse("public:export", args=[event.slug, "csv"])
    unpublished = client.get(url).content.decode()  # no link that would answer 404 to the room
    assert export not in unpublished and 'data-testid="exports-later"' in unpublished
    events.event_publish(event_id=event.pk)
    published = client.get(url).content.decode()
    assert 'data-testid="results-corrected"' not in published and f'href="{export}"' in published
    events.event_reopen(event_id=event.pk, reason="table 2 entered 9 for 6")
    events.event_publish(event_id=event.pk)
    html = client.get(url).content.decode()
    today = date_format(timezone.localdate(), "DATE_FORMAT")
    assert (
        f"These results were corrected after they were first published (published again on {today})."
    ) in html
    assert "table 2 entered 9 for 6" not in html  # the organizer's reason stays theirs
    dutch = client.get(url, headers={"accept-language": "nl"}).content.decode()
    assert "Deze uitslag is verbeterd na de eerste publicatie" in dutch


@pytest.mark.django_db
def test_a_players_page_gives_no_place_before_a_hand_of_theirs_is_in(client):
    """As the standings show "–": "Position =1" for everyone before any result read as if
    the player were leading."""
    from tournaments.selectors.player import player_code

    event = build_seated_event(players=8, rounds=2, open_rounds=1)
    entry = event.entries.get(number=1)
    url = reverse("public:player", args=[event.slug, 1, player_code(event.pk, 1)])
    page = client.get(url).content.decode()
    assert 'data-testid="no-place-yet"' in page and "Position =1" not in page
    table = event.seatings.get(round__number=1, entry=entry).table.number
    drive_result(event, 1, table, 9)
    Event.objects.filter(pk=event.pk).update(version=event.version + 1)  # as a service bumps it
    page = client.get(url).content.decode()
    assert 'data-testid="no-place-yet"' not in page and "Position " in page


@pytest.mark.django_db
def test_a_withdrawn_players_score_shows_unplaced_on_the_page_and_the_results_sheet(client):
    """A UK walk: the public page listed a player who went home with only "10 hands played",
    and the results sheet left him out, though the exports gave his total."""
    import html

    from tournaments.models import Entry

    event = nine_player_drive()
    Entry.objects.filter(event=event, number=2).update(withdrawn_round=3)
    Event.objects.filter(pk=event.pk).update(version=event.version + 1)  # as a service bumps it
    page = html.unescape(client.get(reverse("public:event", args=[event.slug])).content.decode())
    assert "P2</a> — 14 · 2 hands played" in page
    organizer = UserFactory()
    event.club.organizers.add(organizer)
    client.force_login(organizer)
    sheet = html.unescape(client.get(f"/print/{event.slug}/results/").content.decode())
    withdrawn = sheet.split(">Withdrawn</h2>")[1].split("</table>")[0]
    assert "<td>P2</td>" in withdrawn and ">14</td>" in withdrawn and ">–</td>" in withdrawn


@pytest.mark.django_db
def test_a_players_page_shows_the_later_rounds_of_a_fixed_movement(client):
    """A walk: the movement card showed the whole evening, the player's page only the next
    round."""
    from tournaments.selectors.player import player_code

    event = build_seated_event(players=8, rounds=4, open_rounds=1)
    url = reverse("public:player", args=[event.slug, 1, player_code(event.pk, 1)])
    page = client.get(url).content.decode()
    later = page.split('data-testid="later-rounds"')[1].split("</details>")[0]
    assert "Now: round 1" in page and "Next: round 2" in page
    assert "Round 3" in later and "Round 4" in later and "Round 2" not in later
    for number in (3, 4):
        seat = event.seatings.get(round__number=number, entry__number=1)
        where = f"Table {seat.table.number}" if seat.table else "Sitting out"
        assert where in later.split(f"Round {number}")[1]


@pytest.mark.django_db
def test_the_prize_giving_does_not_name_who_else_wins_before_their_prize(client):
    """A Dutch walk: the gents' 1st read "118 tricks (passed on: Gijs has another prize)"
    on the projector while Gijs's own 1st prize was still to be read out."""
    import html

    from tournaments.selectors.standings import event_standings
    from tournaments.services.screen import screen_reveal

    event = nine_player_drive(no_double_prizes=True)
    Event.objects.filter(pk=event.pk).update(status="finished", version=event.version + 1)
    screen_reveal(event_id=event.pk, action="start")
    url = reverse("public:projector", args=[event.slug])
    seen = []
    for _ in range(len(event_standings(event=Event.objects.get(pk=event.pk))["prizes"])):
        screen_reveal(event_id=event.pk, action="next")
        page = html.unescape(client.get(url).content.decode())
        seen.append(page.split('class="reveal-label">')[1].split("<")[0])
        assert "passed on" not in page
    assert {"2nd", "1st"} <= set(seen)  # 2nd's reason names who was passed over for it
    screen_reveal(event_id=event.pk, action="end")
    final = html.unescape(client.get(url).content.decode())
    assert "(passed on: P1 has another prize)" in final  # said once all are known


@pytest.mark.django_db
def test_the_projector_marks_places_the_tie_break_decided(client):
    """A UK walk: the projector showed "6 Stanley 189, 7 Derek 189" with no word of why; the
    public page marks such places with "*"."""
    import html

    from tournaments.selectors.standings import event_standings

    event = nine_player_drive(ties="countback")
    rows = event_standings(event=event)["standings"]
    split = [r for r in rows if r.get("split")]
    assert split  # level scores placed apart by the countback
    page = html.unescape(client.get(reverse("public:projector", args=[event.slug])).content.decode())
    assert f'<span class="pos">{split[0]["position"]}*</span>' in page
    assert "* placed by the tie-break" in page
