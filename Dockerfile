# whistdrive: one image for the web server, the Celery worker and the migrate step.
FROM python:3.11-slim-bookworm

# WeasyPrint renders the printed cards through Pango and HarfBuzz; DejaVu gives it fonts.
RUN apt-get update \
    && apt-get install -y --no-install-recommends \
        libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz0b fonts-dejavu-core \
    && rm -rf /var/lib/apt/lists/*

# PYTHONPATH=/app: import the code from /app, not from site-packages, so the settings
# find templates/, static/ and var/ beside manage.py.
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PYTHONPATH=/app \
    DJANGO_SETTINGS_MODULE=whistdrive.settings.production

WORKDIR /app
COPY . .

# The SECRET_KEY here is for collectstatic at build time only: production settings
# refuse to start without one, and the real key comes from the environment at run time.
RUN pip install . \
    && python scripts/i18n.py compile \
    && SECRET_KEY=collectstatic-only DEBUG=0 python manage.py collectstatic --noinput \
    && useradd --system --home-dir /app whistdrive \
    && mkdir -p var/media \
    && chown -R whistdrive var

USER whistdrive
EXPOSE 8000
# The command of whistdrive/server.py (tests/test_compose.py keeps the two equal).
CMD ["gunicorn", "whistdrive.asgi:application", "--worker-class=uvicorn_worker.UvicornWorker", "--bind=0.0.0.0:8000", "--workers=3", "--timeout=60", "--graceful-timeout=30", "--access-logfile=-", "--no-control-socket"]
