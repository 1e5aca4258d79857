"""Fixtures of the organizer page tests."""

import pytest

from tests.factories import ClubFactory


@pytest.fixture
def club(organizer):
    """The club the ``organizer`` runs."""
    return ClubFactory(name="Home club", organizers=[organizer])
