"""Production: the same behaviour as the base settings, only hardened."""

from django.core.exceptions import ImproperlyConfigured

from . import *  # noqa: F403
from . import DEV_SECRET_KEY, SECRET_KEY

if SECRET_KEY == DEV_SECRET_KEY:
    raise ImproperlyConfigured("set SECRET_KEY (and DEBUG=0) in production")

DEBUG = False
SESSION_COOKIE_SECURE = True
CSRF_COOKIE_SECURE = True
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_HSTS_SECONDS = 60 * 60 * 24 * 30
X_FRAME_OPTIONS = "DENY"
WHITENOISE_USE_FINDERS = False  # the image ran collectstatic
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}
