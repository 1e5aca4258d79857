"""The public page and the projector: rendered once per event version, read in few queries."""

from __future__ import annotations

import asyncio
import json
import re
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.core.cache import cache
from django.urls import reverse

from tests.factories import build_seated_event
from tests.selectors.test_standings import drive_result, nine_player_drive
from tournaments.models import Event
from tournaments.selectors.standings import event_standings
from tournaments.selectors.standings.cache import cache_key, cache_keys
from tournaments.services import live
from tournaments.services.common import event_mark_changed
from tournaments.services.screen import screen_clock

WARM_PAGE_QUERIES = 4  # issue 19: the warm public page in at most four queries


@pytest.fixture(autouse=True)
def _clear_cache(settings):
    settings.REDIS_URL = ""
    cache.clear()
    yield
    cache.clear()


def forty_player_drive():
    event = build_seated_event(players=40, rounds=4, open_rounds=4)
    for hand in range(1, 5):
        for table in range(1, 11):
            drive_result(event, hand, table, 3 + (hand * table) % 8)
    return event


@pytest.mark.django_db
@pytest.mark.parametrize(
    "name",
    ["public:event", "public:projector", "public:projector_fragment", "public:event_fragment"],
)
def test_a_warm_live_page_reads_at_most_four_queries(name, client, django_assert_max_num_queries):
    event = forty_player_drive()
    url = reverse(name, args=[event.slug])
    first = client.get(url).content.decode()
    assert "P40" in first and "&lt;" not in first
    with django_assert_max_num_queries(WARM_PAGE_QUERIES):
        again = client.get(url).content.decode()
    assert again.count("P40") == first.count("P40") > 0


@pytest.mark.django_db
def test_the_page_is_rendered_once_per_version(client):
    event = nine_player_drive()
    url = reverse("public:event", args=[event.slug])
    assert client.get(url).status_code == 200
    assert cache.get(cache_key(event, "html:event", "en")) is not None
    # Changed behind the services' back: the same version still shows the cached page...
    event.results.filter(hand__number=3, table__number=2).update(
        tricks_ns=13, data={"tricks": {"ns": 13, "ew": 0}}
    )
    fragment = reverse("public:event_fragment", args=[event.slug])
    before = client.get(fragment).json()["html"]
    assert client.get(fragment).json()["html"] == before
    # ...and the bumped version is rendered afresh.
    Event.objects.filter(pk=event.pk).update(version=event.version + 1)
    assert client.get(fragment).json()["html"] != before


@pytest.mark.django_db
def test_a_page_cached_by_the_code_before_an_upgrade_is_not_served_after_it(
    client, settings, monkeypatch, tmp_path
):
    """The rendered page was keyed on the event's version alone: after an upgrade (or a
    template edited under DEBUG) the room saw the old page until the next score came in."""
    from tournaments.selectors.standings import cache as standings_cache

    event = nine_player_drive()
    fragment = reverse("public:event_fragment", args=[event.slug])
    before = client.get(fragment).json()["html"]
    stamp = standings_cache.code_stamp()
    assert stamp in cache_key(event, "html:event", "en")
    monkeypatch.setattr(standings_cache, "_code_stamp", lambda: "upgraded")  # new code
    assert "upgraded" in cache_key(event, "html:event", "en")
    assert cache.get(cache_key(event, "html:event", "en")) is None  # rendered afresh...
    assert client.get(fragment).json()["html"] == before  # ...by the same templates here
    # under DEBUG the stamp is taken on each read: a template edited shows at once
    settings.DEBUG = True
    template = tmp_path / "_standings.html"
    template.write_text("<p>before</p>")
    monkeypatch.setattr(standings_cache, "_code_files", lambda: [template])
    monkeypatch.setattr(standings_cache, "_debug_stamp", [0.0, ""])
    edited = standings_cache.code_stamp()
    template.write_text("<p>after the edit</p>")
    assert standings_cache.code_stamp() == edited  # taken once a second, not on every read
    monkeypatch.setattr(standings_cache, "_debug_stamp", [0.0, ""])  # a second later
    assert standings_cache.code_stamp() != edited


@pytest.mark.django_db
def test_the_previous_versions_keys_are_dropped(client):
    event = nine_player_drive()
    client.get(reverse("public:projector", args=[event.slug]))
    client.get(reverse("public:event", args=[event.slug]))
    old = [key for key in cache_keys(event) if cache.get(key) is not None]
    assert len(old) == 4  # standings, seating, both rendered pages: no score card built
    assert cache.get(cache_key(event, "detail", "en")) is None
    Event.objects.filter(pk=event.pk).update(version=event.version + 1)
    live.event_changed(event_id=event.pk)
    assert not any(cache.get(key) for key in old)
    # A new version viewed before any event_changed also drops the old one.
    event.refresh_from_db()
    event_standings(event=event)
    kept = [key for key in cache_keys(event) if cache.get(key) is not None]
    Event.objects.filter(pk=event.pk).update(version=event.version + 5)
    event.refresh_from_db()
    event_standings(event=event)
    assert not any(cache.get(key) for key in kept)


@pytest.mark.django_db
def test_after_a_score_entry_the_first_view_of_the_new_version_drops_the_old_keys(
    client, django_capture_on_commit_callbacks
):
    """A score entry's hook only pushes (one Redis round trip): the old version's keys go
    when the room next looks, not before, and the room sees the new result."""
    event = nine_player_drive()
    page = reverse("public:event", args=[event.slug])
    client.get(page)
    old = [key for key in cache_keys(event) if cache.get(key) is not None]
    assert old
    with django_capture_on_commit_callbacks(execute=True) as hooks:  # as every writer does
        event_mark_changed(event=event)
    version = event.version
    assert len(hooks) == 1  # live.event_changed ran
    assert all(cache.get(key) is not None for key in old)  # nothing deleted on the way in
    assert client.get(page).status_code == 200
    assert not any(cache.get(key) for key in old)
    event.refresh_from_db()
    assert event.version == version and cache.get(cache_key(event, "html:event", "en")) is not None


@pytest.mark.django_db
def test_the_projector_clock_is_rendered_at_each_read(client):
    event = nine_player_drive()
    Event.objects.filter(pk=event.pk).update(status="running")
    screen_clock(event_id=event.pk, action="start")
    event.refresh_from_db()
    url = reverse("public:projector_fragment", args=[event.slug])
    html = client.get(url).json()["html"]
    assert 'data-clock data-state="running"' in html and "whistdrive:clock" not in html


def test_a_burst_of_changes_sends_the_newest_fragment_once():
    rendered = []

    async def fragment():
        rendered.append(1)
        return {"version": 9, "html": "<p>9</p>"}

    async def changes():
        first = await live._changed({"event": 1, "version": 8}, fragment, 7)
        later = await live._changed({"event": 1, "version": 9}, fragment, 9)
        plain = await live._changed({"event": 1, "version": 10}, None, 9)
        return first, later, plain

    # a thread of its own: an earlier test (Playwright's sync API) may leave a running loop here
    with ThreadPoolExecutor(1) as pool:
        first, later, plain = pool.submit(asyncio.run, changes()).result()
    assert first == ("fragment", {"version": 9, "html": "<p>9</p>"}) and later is None
    assert plain == ("version", {"event": 1, "version": 10}) and len(rendered) == 1
    assert json.loads(live._sse(*first).split("data: ")[1]) == first[1]


@pytest.mark.django_db
def test_every_standings_row_links_to_its_score_card(client):
    event = nine_player_drive()
    html = client.get(reverse("public:event_fragment", args=[event.slug])).json()["html"]
    for row in event_standings(event=event)["standings"]:
        card = reverse("public:card", args=[event.slug, row["key"]])
        assert f'href="{card}"' in html
        assert client.get(card).status_code == 200


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("part", ["event", "projector"])
def test_the_stream_renders_the_changed_part_in_the_viewers_language(part, rf):
    from concurrent.futures import ThreadPoolExecutor

    from django.contrib.auth.models import AnonymousUser
    from django.utils import translation

    from tournaments.views.public import _fragment_of

    event = nine_player_drive()
    request = rf.get(f"/e/{event.slug}/stream/", {"part": part})
    request.user = AnonymousUser()
    with translation.override("nl"):
        fragment = _fragment_of(request, event.slug)
    with ThreadPoolExecutor(1) as pool:  # its own event loop, as under the ASGI server
        data = pool.submit(asyncio.run, fragment()).result()
    assert data["version"] == event.version and "P1" in data["html"]
    assert cache.get(cache_key(event, f"html:{part}", "nl")) is not None
    assert _fragment_of(rf.get("/", {"part": "other"}), event.slug) is None


@pytest.mark.django_db
def test_a_part_being_rendered_elsewhere_is_waited_for_not_rendered_again():
    import threading

    from tournaments.selectors.standings.cache import cached_part

    event = nine_player_drive()
    key = cache_key(event, "html:event")
    cache.add(f"{key}:building", 1, 5)  # another process is rendering it
    threading.Timer(0.05, lambda: cache.set(key, "theirs", 60)).start()
    assert cached_part(event, "html:event", lambda: "ours") == "theirs"
    cache.delete(key)
    cache.delete(f"{key}:building")
    with pytest.raises(ZeroDivisionError):  # a failed rendering frees its claim
        cached_part(event, "html:event", lambda: 1 / 0)
    assert cached_part(event, "html:event", lambda: "ours") == "ours"


@pytest.mark.django_db
def test_the_second_half_column_says_nothing_until_the_second_half_starts(client):
    """A walk: "2nd half" showed 0 for everyone at tea-time, as if nobody had scored."""
    event = build_seated_event(players=9, rounds=3, open_rounds=3)
    for table, ns in ((1, 8), (2, 6)):
        drive_result(event, 1, table, ns)  # hand 1 of 3: the first half (hands 2-3 the second)
    url = reverse("public:event", args=[event.slug])

    def second_half_cells() -> list[str]:
        page = client.get(url).content.decode()
        return re.findall(
            r'<td class="num wide-only">[^<]*</td><td class="num wide-only">([^<]*)</td>', page
        )

    assert second_half_cells() and set(second_half_cells()) == {"—"}
    drive_result(event, 2, 1, 9)
    event_mark_changed(event=event)  # as the services do after a confirmation
    cells = second_half_cells()
    assert "—" not in cells and {"9", "4", "0"} <= set(cells)


@pytest.mark.django_db
def test_the_screen_places_nobody_before_their_first_hand_is_in(client):
    """A Dutch walk: before any result the screen listed all 18 players as "=1 ... 0",
    where the public page shows "–"."""
    event = build_seated_event(players=9, rounds=3, open_rounds=1)
    screen = reverse("public:projector", args=[event.slug])
    places = re.findall(r'<span class="pos">([^<]*)</span>', client.get(screen).content.decode())
    assert places and set(places) == {"–"}
    drive_result(event, 1, 1, 8)
    event_mark_changed(event=event)
    html = client.get(screen).content.decode()
    places = re.findall(r'<span class="pos">(.*?)</span><span class="name"', html)
    tied = '<span aria-hidden="true">=</span><span class="visually-hidden">tied </span>1'
    assert tied in places and "–" in places  # table 1 has played; the others not yet
