"""Shared browser fixtures: one headless Debian Chromium per session, a fresh context per test."""

from __future__ import annotations

import os

import pytest

from tests.conftest import require_service

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")  # Playwright's sync API runs a loop

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]


@pytest.fixture(scope="session")
def browser():
    sync_api = pytest.importorskip("playwright.sync_api")
    if not os.path.exists(CHROMIUM):
        problem = "Debian's chromium is not installed (apt-get install chromium)"
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI=true but {problem}", pytrace=False)
        require_service(problem)
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield chromium
        chromium.close()


def watch_csp(ctx) -> list[str]:
    """Every Content-Security-Policy refusal the pages of ``ctx`` log: tests run under the
    real CSP (django-csp), and a page that needs an inline script or a foreign host fails."""
    refused: list[str] = []
    ctx.on(
        "console",
        lambda msg: refused.append(msg.text) if "Content Security Policy" in msg.text else None,
    )
    return refused


def _context(browser, options):
    """A browser context that fails the test if the page broke the Content-Security-Policy."""
    ctx = browser.new_context(**options)
    refused = watch_csp(ctx)
    yield ctx
    ctx.close()
    assert refused == [], refused


@pytest.fixture
def context(browser):
    yield from _context(browser, {})


@pytest.fixture
def page(context):
    return context.new_page()


def find_one(page, rows, typed: str, name: str) -> None:
    """Type into "Find a name": ``rows`` (a locator of the rows shown) come down to ``name``."""
    from playwright.sync_api import expect

    page.get_by_label("Find a name").fill(typed)
    expect(rows).to_have_count(1)
    expect(rows.first).to_contain_text(name)


def login(context, live_server, user) -> None:
    """Log ``user`` in for the browser context by handing it a real session cookie."""
    from django.conf import settings
    from django.test import Client

    client = Client()
    client.force_login(user)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME]
    context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": cookie.value,
                          "url": live_server.url}])


def organizer_page(browser, live_server, user, options: dict, language: str):
    """A new context logged in as ``user`` in ``language`` (the switcher's cookie), and its page."""
    context = browser.new_context(**options, locale=language)
    context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
    login(context, live_server, user)
    return context, context.new_page()


PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
SMALL_PHONE = {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True}


@pytest.fixture
def phone(browser):
    """A phone-sized touch context, as a player at the table has."""
    yield from _context(browser, PHONE)


@pytest.fixture
def phone360(browser):
    """The narrowest phone a page must fit without sideways scrolling (360 x 740)."""
    yield from _context(browser, SMALL_PHONE)


@pytest.fixture
def new_page(browser):
    """Pages of their own size (a projector, a phone) for one test, closed after it: a page
    left open would go on polling the live server through every later test."""
    pages = []

    def make(**options):
        page = browser.new_page(**options)
        pages.append(page)
        return page

    yield make
    for page in pages:
        page.context.close()
