"""Clients for the API tests: an organizer of "home-club", an organizer of an event, a table."""

import pytest
from rest_framework.test import APIClient

from tests.factories import ClubFactory, UserFactory
from tournaments.models import Table


@pytest.fixture
def organizer():
    user = UserFactory()
    ClubFactory(slug="home-club", organizers=[user])
    return user


@pytest.fixture
def api(organizer):
    client = APIClient()
    client.force_authenticate(organizer)
    return client


@pytest.fixture
def organizer_client(event):
    """An API client logged in as an organizer of the test's ``event``."""
    user = UserFactory()
    event.club.organizers.add(user)
    client = APIClient()
    client.force_authenticate(user)
    return client


def table_client(event, number: int) -> APIClient:
    """An API client holding table ``number``'s token."""
    client = APIClient()
    client.credentials(
        HTTP_AUTHORIZATION=f"Table {Table.objects.get(event=event, number=number).token}"
    )
    return client
