"""The evening in a hall with no internet: ``manage.py hall`` on a free port, Chromium with
every non-local request blocked, one round walked from the printed table card's QR code
to the projector, and the organizer's dashboard showing the hall address as a QR code."""

from __future__ import annotations

import io
import json
import time
import urllib.parse
import urllib.request

import pytest

from tests.browser.conftest import PHONE
from tests.hall_server import HallServer

pytestmark = pytest.mark.browser
LOCAL = {"127.0.0.1", "localhost"}


@pytest.fixture(scope="module")
def hall(tmp_path_factory):
    server = HallServer(tmp_path_factory.mktemp("hall-walk"), workers=2, every_minutes=0.05)
    server.night = server.build_night(players=8, hands=2, per_round=1)
    server.start()
    yield server
    server.stop()


def offline(context) -> dict[str, list[str]]:
    """Block everything that is not this laptop; what was served and what was blocked."""
    seen: dict[str, list[str]] = {"served": [], "blocked": []}

    def route(r):
        if urllib.parse.urlsplit(r.request.url).hostname in LOCAL or r.request.url.startswith("data:"):
            seen["served"].append(r.request.url)
            return r.continue_()
        seen["blocked"].append(r.request.url)
        return r.abort("internetdisconnected")

    context.route("**/*", route)
    return seen


def decode_qr(image) -> list[str]:
    import zxingcpp

    return [r.text for r in zxingcpp.read_barcodes(image)]


def printed_table_card(hall) -> bytes:
    """The table cards, printed through the hall server as the organizer does (tasks in-process)."""
    night, token = hall.night, f"Token {hall.night['token']}"
    status, job = hall.request("POST", f"/api/v1/events/{night['slug']}/print/",
                               {"document": "table_cards", "per_page": 1}, auth=token)  # fmt: skip
    assert status in (200, 202), job
    for _ in range(300):  # rendered in the server's process after the request commits
        if job["status"] in ("done", "failed"):
            break
        time.sleep(0.2)
        job = hall.request("GET", urllib.parse.urlsplit(job["url"]).path, auth=token)[1]
    assert job["status"] == "done", job
    request = urllib.request.Request(job["download"], headers={"Authorization": token})
    with urllib.request.urlopen(request, timeout=60) as answer:
        return answer.read()


def test_a_round_in_a_hall_with_no_internet(hall, browser):
    import pypdfium2
    from playwright.sync_api import expect

    pdf = pypdfium2.PdfDocument(printed_table_card(hall))
    links = decode_qr(pdf[0].render(scale=2).to_pil())
    pdf.close()
    assert len(links) == 1 and links[0].startswith(hall.url + "/t/")  # the hall address, not SITE_URL's default

    desk = browser.new_context()
    desk_net = offline(desk)
    projector = desk.new_page()
    projector.goto(f"{hall.url}/e/{hall.night['slug']}/projector/")
    expect(projector.get_by_text("Provisional: no hand is complete at every table yet")).to_be_visible()  # i22

    phone = browser.new_context(**PHONE)
    phone_net = offline(phone)
    page = phone.new_page()
    page.goto(links[0])
    expect(page.get_by_role("heading", name="Table 1 · round 1")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    page.get_by_label("Tricks won by N/S").fill("9")
    page.get_by_role("button", name="Save").click()
    expect(page.locator(".result-line")).to_contain_text("waiting for the opponents")
    page.get_by_role("button", name="Confirm").click()
    expect(page.locator(".result-line")).to_contain_text("confirmed")

    leader = projector.locator(".screen-cells.standings .cell").first
    expect(leader.locator(".played")).to_have_text("1", timeout=15_000)  # no reload
    page.screenshot(path=str(hall.folder / "phone.png"))
    projector.screenshot(path=str(hall.folder / "projector.png"))
    assert phone_net["blocked"] == [] and desk_net["blocked"] == []  # nothing from the internet
    assert any("/static/" in url for url in phone_net["served"])  # ...with the block in force
    phone.close()
    desk.close()


def test_the_organizer_logs_in_over_plain_http_and_sees_the_hall_address(hall, browser):
    from PIL import Image
    from playwright.sync_api import expect

    laptop = browser.new_context()
    net = offline(laptop)
    page = laptop.new_page()
    page.goto(f"{hall.url}/accounts/login/")
    page.get_by_label("Username").fill("organizer")
    page.get_by_label("Password").fill("whistdrive")
    page.get_by_role("button", name="Log in").click()  # CSRF and session cookies over http
    expect(page.get_by_role("heading", name="My events")).to_be_visible()
    expect(page.get_by_test_id("hall-url")).to_have_text(hall.url + "/")
    shot = page.locator(".hall-qr").screenshot()
    assert decode_qr(Image.open(io.BytesIO(shot))) == [hall.url + "/"]
    page.set_viewport_size({"width": 360, "height": 740})
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    page.screenshot(path=str(hall.folder / "dashboard.png"), full_page=True)
    assert net["blocked"] == []
    laptop.close()


def test_backups_come_every_few_minutes_without_a_round_close(hall, tmp_path):
    for _ in range(600):  # every 3 s here (--every 0.05): the test fails if none comes in a minute
        copies = sorted(hall.backups.glob("whistdrive-*.sqlite3"))
        if copies:
            break
        time.sleep(0.1)
    assert copies, "no periodic backup"
    env = {**hall.env, "DATABASE_URL": f"sqlite:///{tmp_path / 'restored.sqlite3'}"}
    assert "1 event(s)" in hall.manage("hall_restore", str(copies[-1]), env=env)
    exported = json.loads(hall.manage("event_export", hall.night["slug"], env=env))
    assert exported["event"]["status"] == "running"
    assert list((hall.backups / "events" / hall.night["slug"]).glob("*.json"))


def test_the_api_docs_need_nothing_from_the_internet(hall, browser):
    laptop = browser.new_context()
    net = offline(laptop)
    page = laptop.new_page()
    page.goto(f"{hall.url}/api/docs/")
    page.wait_for_load_state("networkidle")
    laptop.close()
    assert net["blocked"] == [], json.dumps(net["blocked"])
