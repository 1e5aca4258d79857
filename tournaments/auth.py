"""Login lockout (django-axes) for the site's login forms and the admin."""

from __future__ import annotations

from axes.backends import AxesStandaloneBackend


class LoginLockoutBackend(AxesStandaloneBackend):
    """Axes' lockout check for logins over HTTP. ``authenticate()`` without a request
    (management commands, the shell) is not a login attempt from anyone: it is let
    through to the next backend instead of raising."""

    def authenticate(self, request, username=None, password=None, **kwargs):
        if request is None:
            return None
        return super().authenticate(request, username=username, password=password, **kwargs)
