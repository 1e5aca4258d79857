"""Settings: the one place that reads the environment (see .env.example).

Defaults give a working development setup with no services at all: SQLite under
``var/``, local-memory cache, Celery tasks run in-process. Setting REDIS_URL makes
Redis the broker, result backend, cache and live-update channel.
"""

from datetime import timedelta
from pathlib import Path

import environ

BASE_DIR = Path(__file__).resolve().parent.parent.parent
VAR_DIR = BASE_DIR / "var"
VAR_DIR.mkdir(exist_ok=True)

env = environ.Env()
environ.Env.read_env(BASE_DIR / ".env", overwrite=False)

# Off unless turned on (``make run`` does): a traceback must never reach a phone.
DEBUG = env.bool("DEBUG", default=False)
DEV_SECRET_KEY = "dev-only-insecure-key-change-me"
# The development key is refused by the production settings (whistdrive.settings.production).
SECRET_KEY = env("SECRET_KEY", default=DEV_SECRET_KEY)

ALLOWED_HOSTS = env.list("ALLOWED_HOSTS", default=["127.0.0.1", "localhost", "testserver"])
# production.py refuses "testserver" (the test client's host) in ALLOWED_HOSTS
CSRF_TRUSTED_ORIGINS = env.list("CSRF_TRUSTED_ORIGINS", default=[])
CSRF_FAILURE_VIEW = "tournaments.views.csrf.csrf_failure"  # the table phone's JSON refusal
# Empty: table links and QR codes use the address the organizer's browser used
# (selectors/links.py); set it for a public name or a reverse proxy. Hall mode sets it.
SITE_URL = env("SITE_URL", default="").rstrip("/")
# Hall mode (``manage.py hall``): where the automatic backups go; empty means no backups.
BACKUP_DIR = env("BACKUP_DIR", default="")
HALL_MODE = False

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "axes",
    "csp",
    "tournaments",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "tournaments.middleware.PreferredLanguageMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    # Innermost: sees the view's database errors first (whistdrive/transient.py).
    "whistdrive.transient.TransientDatabaseErrorMiddleware",
    "axes.middleware.AxesMiddleware",  # last: it answers a locked-out login
]

ROOT_URLCONF = "whistdrive.urls"
WSGI_APPLICATION = "whistdrive.wsgi.application"
ASGI_APPLICATION = "whistdrive.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
                "whistdrive.context_processors.parts",
            ],
        },
    },
]

DATABASES = {"default": env.db_url("DATABASE_URL", default=f"sqlite:///{VAR_DIR / 'whistdrive.sqlite3'}")}
DATABASES["default"]["ATOMIC_REQUESTS"] = False
# Keep a worker's database connection between requests (a new PostgreSQL connection costs
# more than a whole score entry) and check it before reuse, so a restarted database or a
# dropped connection costs one reconnect, never an error. Under uvicorn every sync view of a
# worker runs on the same thread, so each worker holds one connection. 0 closes it each time.
DATABASES["default"]["CONN_MAX_AGE"] = env.int("CONN_MAX_AGE", default=300)
DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
# Request threads per web worker (whistdrive/threads.py): each holds one connection at most.
WEB_THREADS = env.int("WEB_THREADS", default=4)
DATABASES["default"].setdefault("TEST", {})
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # SQLite that holds up under a room of phones: readers never block the writer (WAL), a
    # writer waits for the lock instead of failing at once, and every transaction takes the
    # write lock when it begins (no "database is locked" when a read turns into a write).
    DATABASES["default"]["OPTIONS"] = {
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL;",
        "timeout": 20,
        "transaction_mode": "IMMEDIATE",
        **DATABASES["default"].get("OPTIONS", {}),
    }
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql" and env.bool(
    "DATABASE_PREPARED_STATEMENTS", default=True
):
    # Parameters bound on the server and a statement run often prepared once per connection:
    # a score entry's statements are the same text every time, and PostgreSQL planned them
    # afresh each time (a third of its CPU per entry). Off (=0) behind a pooler in
    # transaction mode, which cannot keep a connection's prepared statements.
    DATABASES["default"]["OPTIONS"] = {
        "server_side_binding": True,
        "prepare_threshold": 5,
        **DATABASES["default"].get("OPTIONS", {}),
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

REDIS_URL = env("REDIS_URL", default="")
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "whistdrive.cache.RedisCache",
            "LOCATION": REDIS_URL,
            # A dead Redis must fail fast (and /healthz answer 503), never hang a request.
            "OPTIONS": {"socket_connect_timeout": 2, "socket_timeout": 2},
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

CELERY_BROKER_URL = REDIS_URL or "memory://"
CELERY_RESULT_BACKEND = REDIS_URL or "cache+memory://"
CELERY_TASK_ALWAYS_EAGER = not REDIS_URL
CELERY_TASK_EAGER_PROPAGATES = True
# A message is acknowledged after its task ran, and given back when the pool child running
# it dies (killed, out of memory), so a print chunk is never lost with its worker.
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
# Redis redelivers a message that a dead worker never acknowledged after this many seconds:
# a little above the longest task (a print chunk takes a few seconds), far below Celery's hour.
BROKER_VISIBILITY_TIMEOUT = env.int("BROKER_VISIBILITY_TIMEOUT", default=120)
# kombu looks for such messages every unacked_restore_interval × unacked_restore_throttle
# seconds (100 by default, so a print waited up to 220 s): every 10 s instead, one cheap scan.
# The scan holds a Redis lock; a worker killed while holding it (the laptop out of memory)
# blocked every other worker's scan for the lock's 300 s: a few milliseconds' work needs 30.
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": BROKER_VISIBILITY_TIMEOUT,
    "unacked_restore_interval": 10,
    "unacked_restore_throttle": 1,
    "unacked_mutex_expire": 30,
}
# A print job with no progress for this long is shown as stalled (with Retry), and a new
# request for the same content starts it again.
STALE_PRINT_JOB = timedelta(seconds=env.int("PRINT_JOB_STALE_SECONDS", default=300))
# A job no worker has taken for this long says so on its page (is the worker running?).
UNCLAIMED_PRINT_JOB = timedelta(seconds=env.int("PRINT_JOB_UNCLAIMED_SECONDS", default=20))
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]
AUTHENTICATION_BACKENDS = [
    "tournaments.auth.LoginLockoutBackend",  # django-axes: refuses a locked-out login first
    "django.contrib.auth.backends.ModelBackend",
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "organizer:home"
LOGOUT_REDIRECT_URL = "login"

LANGUAGE_CODE = env("LANGUAGE_CODE", default="en")
# Each language's own name, so the switcher reads right whatever the page's language.
# The catalogues are locale/<code>/LC_MESSAGES/django.po, filled by scripts/translate.py
# (docs/i18n.md) and compiled by `make run`, `make test`, the Docker build and the tests.
# English dates without the US month-first order (whistdrive/formats/en/formats.py).
FORMAT_MODULE_PATH = ["whistdrive.formats"]
LANGUAGES = [
    ("en", "English"),
    ("nl", "Nederlands"),
    ("de", "Deutsch"),
    ("da", "Dansk"),
    ("fr", "Français"),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
LANGUAGE_COOKIE_AGE = 60 * 60 * 24 * 365  # a browser keeps its language choice for a year
TIME_ZONE = env("TIME_ZONE", default="Europe/London")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
# Serve static files from the apps' directories when collectstatic has not run (a checkout
# under the production server: tests, hall mode); production (the image) reads STATIC_ROOT.
WHITENOISE_USE_FINDERS = True
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
MEDIA_ROOT = env("MEDIA_ROOT", default=str(VAR_DIR / "media"))
MEDIA_URL = "media/"

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        "rest_framework.authentication.TokenAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_SCHEMA_CLASS": "tournaments.api.schemas.ApiAutoSchema",
    "EXCEPTION_HANDLER": "tournaments.api.errors.exception_handler",
    # The API speaks JSON only (the pages post forms to their own views).
    "DEFAULT_PARSER_CLASSES": ["tournaments.api.parsers.LimitedJSONParser"],
}
SPECTACULAR_SETTINGS = {
    "TITLE": "whistdrive API",
    "DESCRIPTION": "Events, movements, score entry, standings and the scoring engines.",
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    # Swagger UI and ReDoc from our own static files: /api/docs/ works in a hall offline.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "tournaments.api.schemas.add_components",
    ],
}

# ---- security: the edge (see docs/deployment notes in README "Security")
# Request bodies over this many bytes are refused (413 in the API).
DATA_UPLOAD_MAX_MEMORY_SIZE = env.int("DATA_UPLOAD_MAX_MEMORY_SIZE", default=1024 * 1024)
# Form fields per request: a results grid of 250 tables posts some 1,250 (Django's 1,000
# refused it and lost all that was typed); a Bid Whist round of four hands, about 10,000.
DATA_UPLOAD_MAX_NUMBER_FIELDS = env.int("DATA_UPLOAD_MAX_NUMBER_FIELDS", default=20_000)
# How many reverse proxies in front of the app append to X-Forwarded-For (0: none, the
# address is REMOTE_ADDR). docker compose sets 1 for its own nginx, 2 behind a TLS proxy.
TRUSTED_PROXIES = env.int("TRUSTED_PROXIES", default=0)
# Wrong table links allowed per client address per window; valid links never count.
TABLE_TOKEN_FAILURE_RATE = env("TABLE_TOKEN_FAILURE_RATE", default="100/h")

# Login lockout (django-axes): after AXES_FAILURE_LIMIT wrong passwords for one username
# from one address, that pair is refused for AXES_COOLOFF_TIME hours. Unlock in the admin
# ("Access attempts") or: manage.py axes_reset_username <name> / axes_reset_ip <ip>.
AXES_FAILURE_LIMIT = env.int("LOGIN_FAILURE_LIMIT", default=5)
AXES_COOLOFF_TIME = env.float("LOGIN_COOLOFF_HOURS", default=0.25)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_CLIENT_IP_CALLABLE = "tournaments.edge.client_ip"
AXES_LOCKOUT_TEMPLATE = "registration/locked.html"

# Content-Security-Policy (django-csp): our own scripts only, no inline script; inline
# styles are allowed (printed cards, Swagger UI); ReDoc runs a worker from a blob.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'", "data:"],
        "connect-src": ["'self'"],
        "worker-src": ["'self'", "blob:"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    }
}
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env("LOG_LEVEL", default="INFO")},
}
