"""Serve the evening from the organizer's laptop on the hall network, with no internet.

Lists the laptop's addresses, uses the chosen one for every link and QR code (SITE_URL),
migrates, then runs the production server (gunicorn + uvicorn workers) with the hall
settings (whistdrive/settings/hall.py) and backs up to ``--backup-dir`` every few minutes
(and after every round close). Ctrl-C stops the server and writes a last backup.
"""

from __future__ import annotations

import io
import os
import signal
import subprocess
import threading
from pathlib import Path

import segno
from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError

from tournaments.services.backup import backup_write_safely
from whistdrive import hall


class Command(BaseCommand):
    help = "Serve the event on the laptop's network address (hall mode, no internet needed)."

    def add_arguments(self, parser):
        parser.add_argument("--address", help="the address phones use (default: the first private one)")
        parser.add_argument("--port", type=int, default=8000)
        parser.add_argument("--backup-dir", default=str(settings.VAR_DIR / "backups"),
                            help="folder for automatic backups, e.g. a USB stick")
        parser.add_argument("--every", type=float, default=5, help="minutes between backups")
        parser.add_argument("--workers", type=int, default=hall.default_workers())

    def handle(self, *args, address=None, port, backup_dir, every, workers, **options):
        addresses = hall.network_addresses()
        chosen = hall.choose_address(addresses, address)
        if chosen not in addresses:
            self.stderr.write(self.style.WARNING(f"{chosen} is not one of this laptop's addresses."))
        url = f"http://{chosen}:{port}"
        backup = Path(backup_dir).resolve()
        try:
            backup.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise CommandError(f"E_BACKUP_DIR: cannot use {backup}: {exc.strerror}", returncode=2) from exc
        env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": hall.SETTINGS,
            "SITE_URL": url,
            "HALL_HOSTS": ",".join(dict.fromkeys([*addresses, chosen, *hall.host_names()])),
            "BACKUP_DIR": str(backup),
        }
        call_command("migrate", interactive=False, verbosity=0)
        self._banner(addresses, url, backup)
        server = subprocess.Popen(hall.server_argv(port=port, workers=workers), env=env)
        stop = threading.Event()
        timer = threading.Thread(target=self._backups, args=(stop, backup, every * 60), daemon=True)
        timer.start()
        signal.signal(signal.SIGTERM, lambda *_: server.terminate())
        try:
            code = server.wait()
        except KeyboardInterrupt:
            server.terminate()
            code = server.wait()
        stop.set()
        backup_write_safely(folder=str(backup))
        self.stdout.write(f"Stopped. Last backup in {backup}")
        if code not in (0, -signal.SIGTERM):
            raise CommandError(f"the server stopped with status {code}", returncode=1)

    @staticmethod
    def _backups(stop: threading.Event, folder: Path, seconds: float) -> None:
        while not stop.wait(seconds):
            backup_write_safely(folder=str(folder))

    def _banner(self, addresses: list[str], url: str, backup: Path) -> None:
        write = self.stdout.write
        write("This laptop's addresses: " + ", ".join(addresses))
        write(self.style.SUCCESS(f"\n  Phones open:  {url}/\n"))
        qr = io.StringIO()
        segno.make(url + "/", error="m").terminal(out=qr, compact=True)
        write(qr.getvalue(), ending="")
        write(f"Backups every few minutes and after each round close in: {backup}")
        write("Stop with Ctrl-C (a last backup is written).")
        self.stdout.flush()
