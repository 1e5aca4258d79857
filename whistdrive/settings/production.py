"""Production: the same behaviour as the base settings, only hardened.

``manage.py check --deploy --fail-level WARNING`` passes with these. Behind a proxy
that terminates TLS, the proxy sets ``X-Forwarded-Proto: https`` (trusted below) so
the redirect to https is not a loop; ``SECURE_SSL_REDIRECT=0`` leaves the redirect to
the proxy. A plain-http deployment (a hall's private network) overrides the
``https_only`` block below in its own settings module and nothing else.
"""

from django.core.exceptions import ImproperlyConfigured

from . import *  # noqa: F403
from . import ALLOWED_HOSTS, DEV_SECRET_KEY, SECRET_KEY, env

if not SECRET_KEY or SECRET_KEY == DEV_SECRET_KEY:
    raise ImproperlyConfigured(
        "set SECRET_KEY (and DEBUG=0) in production: "
        'python3 -c "import secrets; print(secrets.token_urlsafe(50))"'
    )
if "testserver" in ALLOWED_HOSTS:
    ALLOWED_HOSTS = [host for host in ALLOWED_HOSTS if host != "testserver"]

DEBUG = False
X_FRAME_OPTIONS = "DENY"
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
# the container's healthcheck asks over plain http from inside
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]

# ---- https_only: what a plain-http deployment turns off
SECURE_SSL_REDIRECT = env.bool("SECURE_SSL_REDIRECT", default=True)
SESSION_COOKIE_SECURE = True
CSRF_COOKIE_SECURE = True
SECURE_HSTS_SECONDS = env.int("SECURE_HSTS_SECONDS", default=60 * 60 * 24 * 365)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env.bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", default=True)
SECURE_HSTS_PRELOAD = env.bool("SECURE_HSTS_PRELOAD", default=True)

WHITENOISE_USE_FINDERS = False  # the image ran collectstatic

STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}
