# The two commands a newcomer needs: `make run` (serve the demo) and `make test`.
# Both start from the same virtual environment bootstrap, so a fresh clone needs nothing
# but python3 and make.

VENV ?= .venv
PYTHON := $(VENV)/bin/python
# Touched after a successful install: reinstall only when pyproject.toml is newer.
INSTALLED := $(VENV)/.installed
HOST ?= 127.0.0.1:8000

.PHONY: venv system-deps messages run test hall lint migrations-check bench worker

venv: $(INSTALLED)

$(PYTHON):
	python3 -m venv $(VENV)

$(INSTALLED): pyproject.toml | $(PYTHON)
	$(PYTHON) -m pip install -e '.[dev]'
	touch $@

# Debian packages the tests use (headless Chromium, pdftoppm, fonts for WeasyPrint): installed
# when missing and we are root with apt; otherwise the browser tests say why they skip.
SYSTEM_DEPS := chromium poppler-utils fonts-dejavu-core
system-deps:
	@if [ ! -x /usr/bin/chromium ] || ! command -v pdftoppm >/dev/null; then \
		if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
			apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(SYSTEM_DEPS); \
		else echo "make: install $(SYSTEM_DEPS) for the browser and PDF tests"; fi; \
	fi

# The translation catalogues (locale/*/LC_MESSAGES/django.po -> .mo), compiled with polib so
# no GNU gettext is needed; only stale ones are rewritten. See docs/i18n.md.
messages: venv
	$(PYTHON) scripts/i18n.py compile

# load_demo is idempotent and ends by printing the organizer login; DEBUG is on for the demo
# only (off by default everywhere else).
run: venv messages
	$(PYTHON) manage.py migrate --noinput
	$(PYTHON) manage.py load_demo
	@echo
	@echo "  whistdrive demo: http://$(HOST)/  (log in with the organizer login above)"
	@case "$(HOST)" in 0.0.0.0:*) echo "  phones in the hall: http://$$(hostname -I 2>/dev/null | cut -d' ' -f1):$(lastword $(subst :, ,$(HOST)))/ (open the organizer pages at that address too, so printed QR codes carry it)";; esac
	@echo
	$(if $(filter 0.0.0.0:%,$(HOST)),ALLOWED_HOSTS=$${ALLOWED_HOSTS:-*}) DEBUG=1 $(PYTHON) manage.py runserver $(HOST)

# Hall mode (docs/hall.md): the production server on this laptop's network address, no internet.
# e.g. make hall HALL_ARGS="--address 192.168.1.20 --backup-dir /media/usb"
hall: venv messages
	$(PYTHON) manage.py hall $(HALL_ARGS)

# SQLite and in-process tasks unless DATABASE_URL / REDIS_URL say otherwise; browser tests
# included. Exit code 5 (nothing collected) is not a failure of the code under test.
test: venv system-deps messages
	@$(VENV)/bin/pytest -q $(PYTEST_ARGS); status=$$?; \
	if [ $$status -eq 5 ]; then echo "make test: no tests collected"; status=0; fi; \
	exit $$status

lint: venv
	$(VENV)/bin/ruff check .

migrations-check: venv
	$(PYTHON) manage.py makemigrations --check --dry-run

bench: venv
	@set -e; for script in bench/*.py; do \
		[ -e "$$script" ] || continue; \
		echo "== $$script"; $(PYTHON) "$$script"; \
	done

# Needs REDIS_URL (in the environment or .env): without it tasks run in-process anyway.
worker: venv
	$(VENV)/bin/celery -A whistdrive worker --loglevel=info
