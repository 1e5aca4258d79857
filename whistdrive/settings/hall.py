"""Hall mode: the organizer's laptop serves the room over plain http on a private network.

Set by ``manage.py hall``, which passes the chosen address in the environment. What is
given up, and why, is written in docs/hall.md: no TLS, so cookies cannot be Secure and
there is no HSTS or SSL redirect; everything else is as in production (DEBUG off).
"""

import secrets
import warnings

from . import *  # noqa: F403
from . import VAR_DIR, env

DEBUG = False
HALL_MODE = True


def _secret_key() -> str:
    """A key made once per laptop and kept in var/, so sessions survive a restart."""
    path = VAR_DIR / "hall-secret-key"
    if not path.exists():
        path.write_text(secrets.token_urlsafe(50))
        path.chmod(0o600)
    return path.read_text().strip()


SECRET_KEY = env("SECRET_KEY", default="") or _secret_key()
# The laptop's own addresses (manage.py hall lists them) and the loopback.
ALLOWED_HOSTS = [*env.list("HALL_HOSTS", default=[]), "127.0.0.1", "localhost", "[::1]"]
SITE_URL = env("SITE_URL", default="http://127.0.0.1:8000").rstrip("/")

SESSION_COOKIE_SECURE = False
CSRF_COOKIE_SECURE = False
SECURE_SSL_REDIRECT = False
SECURE_HSTS_SECONDS = 0
SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"
# Static files straight from the app and package folders: nothing to collect before the night.
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = False
warnings.filterwarnings("ignore", "No directory at", UserWarning)  # no collected STATIC_ROOT
