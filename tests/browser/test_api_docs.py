"""Issue 14, defect 8: the API docs (Swagger UI and ReDoc) come from the app's own static
files, so they render in a hall without internet, under the Content-Security-Policy."""

from __future__ import annotations

import pytest

from tests.browser.conftest import watch_csp

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def offline(context, live_server) -> list[str]:
    """Block every request that leaves the app; return the list of those tried."""
    tried: list[str] = []

    def route(route):
        if route.request.url.startswith(live_server.url):
            route.continue_()
        else:
            tried.append(route.request.url)
            route.abort()

    context.route("**/*", route)
    return tried


def test_swagger_ui_renders_with_the_network_blocked(context, live_server, tmp_path):
    tried = offline(context, live_server)
    page = context.new_page()
    page.goto(f"{live_server.url}/api/docs/")
    title = page.wait_for_selector(".swagger-ui .info .title", timeout=15000)
    assert "whistdrive API" in title.inner_text()
    page.wait_for_selector("text=/api/v1/scoring/{system}/")
    page.screenshot(path=str(tmp_path / "swagger.png"))
    assert tried == []


def test_redoc_renders_with_the_network_blocked(browser, live_server):
    context = browser.new_context()
    refused = watch_csp(context)
    tried = offline(context, live_server)
    page = context.new_page()
    page.goto(f"{live_server.url}/api/redoc/")
    heading = page.wait_for_selector("h1", timeout=15000)
    assert "whistdrive API" in heading.inner_text()
    context.close()
    assert tried == []
    # ReDoc's own "powered by" logo is the one thing it fetches from its CDN: blocked, harmless
    assert [text for text in refused if "cdn.redoc.ly/redoc/logo-mini.svg" not in text] == []
