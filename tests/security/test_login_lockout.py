"""Issue 14, defect 5: wrong passwords lock a username out from that address (django-axes);
an organizer is unlocked with a management command (or in the admin)."""

from __future__ import annotations

import pytest
from django.core.management import call_command

from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def user(settings):
    settings.AXES_FAILURE_LIMIT = 5
    user = UserFactory(username="ann")
    user.set_password("right-password-1")
    user.save()
    return user


def login(client, password, address="10.1.1.1"):
    return client.post(
        "/accounts/login/", {"username": "ann", "password": password}, REMOTE_ADDR=address
    )


def test_the_right_password_is_refused_after_the_configured_failures(client, user):
    codes = [login(client, f"wrong-{i}").status_code for i in range(5)]
    assert codes[:4] == [200] * 4  # the form again, with its error
    refused = login(client, "right-password-1")
    assert refused.status_code == 429
    assert "Too many wrong passwords" in refused.content.decode()
    assert "_auth_user_id" not in client.session


def test_another_address_is_not_locked_out(client, user):
    for i in range(5):
        login(client, f"wrong-{i}")
    assert login(client, "right-password-1", address="10.2.2.2").status_code == 302


def test_the_unlock_command_lets_the_organizer_in_again(client, user):
    for i in range(6):
        login(client, f"wrong-{i}")
    assert login(client, "right-password-1").status_code == 429
    call_command("axes_reset_username", "ann")
    assert login(client, "right-password-1").status_code == 302
