"""Absolute links for QR codes and table cards (issue 15 item 1)."""

from __future__ import annotations

from django.test import RequestFactory

from tournaments.selectors.links import clean_address, is_loopback, site_address


def test_the_organizers_browser_address_unless_site_url_is_set(settings):
    request = RequestFactory().get("/events/x/print/", HTTP_HOST="192.168.1.20:8000")
    settings.ALLOWED_HOSTS = ["*"]
    settings.SITE_URL = ""
    assert site_address(request) == "http://192.168.1.20:8000"
    settings.SITE_URL = "https://whist.example.org/"
    assert site_address(request) == "https://whist.example.org"


def test_loopback_addresses_are_recognised():
    assert is_loopback("http://127.0.0.1:8000")
    assert is_loopback("http://localhost:8000")
    assert is_loopback("http://[::1]:8000")
    assert not is_loopback("http://192.168.1.20:8000")
    assert not is_loopback("https://whist.example.org")


def test_only_http_addresses_are_kept():
    assert clean_address("http://10.0.0.5:8000/") == "http://10.0.0.5:8000"
    assert clean_address("javascript:alert(1)") == ""
    assert clean_address("") == ""


def test_honours_and_tricks_errors_are_plain_words():
    from tournaments.error_messages import engine_message

    assert engine_message("E_TRICKS_TOTAL", "tricks must sum to 13, got 9 + 5 = 14") == (
        "N/S and E/W tricks must add up to 13 (you entered 9 + 5 = 14)."
    )
    assert engine_message("E_HONOURS_RANGE", "honours for A must be an integer 0..4, got 5") == (
        "A side can claim at most 4 honours (you entered 5)."
    )
    assert engine_message("E_SOMETHING_NEW", "as the engine says") == "This entry was refused (E_SOMETHING_NEW)."
