"""What every page may need to say about the deployment itself."""

from __future__ import annotations

from whistdrive.cache import cache_failing


def parts(request) -> dict:
    """``cache_down`` for a logged-in organizer when Redis failed this process's last cache
    call: the page says what still works (the room never sees it)."""
    user = getattr(request, "user", None)
    return {"cache_down": bool(user and user.is_authenticated) and cache_failing()}
