"""Fixtures of the organizer page tests."""

import pytest

from tests.factories import ClubFactory


@pytest.fixture
def club(organizer):
    """The club the ``organizer`` runs."""
    return ClubFactory(name="Home club", organizers=[organizer])


@pytest.fixture
def organizer_client(organizer):
    """A browser session logged in as the ``organizer``."""
    from django.test import Client

    c = Client()
    c.force_login(organizer)
    return c
