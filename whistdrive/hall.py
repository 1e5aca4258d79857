"""Hall mode plumbing with no internet: the laptop's addresses and the server command line.

Used by ``manage.py hall``. Addresses come from ``ip -4 -o addr`` where it exists (Linux),
else from the host name and the route a UDP socket would take (no packet is sent).
"""

from __future__ import annotations

import contextlib
import ipaddress
import os
import re
import shutil
import socket
import subprocess
import sys

from whistdrive import server

SETTINGS = "whistdrive.settings.hall"
INET = re.compile(r"^\d+:\s+(\S+)\s+inet\s+([\d.]+)/")


def network_addresses() -> list[str]:
    """The laptop's IPv4 addresses, private ones first, the loopback last."""
    found = set(_from_ip_command()) | set(_from_sockets())
    found.add("127.0.0.1")
    return sorted(found, key=_preference)


def host_names() -> list[str]:
    """The laptop's name, bare and as mDNS announces it (``name.local``), for phones that use it."""
    name = socket.gethostname().split(".")[0]
    return [name, f"{name}.local"] if name else []


def choose_address(addresses: list[str], wanted: str | None = None) -> str:
    """``wanted`` if given, else the first private (hall network) address, else the loopback."""
    if wanted:
        return wanted
    return addresses[0] if addresses else "127.0.0.1"


def server_argv(*, port: int, workers: int) -> list[str]:
    """The production server (whistdrive/server.py, as in the Dockerfile), run by this Python."""
    return [sys.executable, "-m", *server.command(bind=f"0.0.0.0:{port}", workers=workers)]


def default_workers() -> int:
    return max(2, min(4, (os.cpu_count() or 1) * 2))


def _preference(address: str) -> tuple[int, str]:
    ip = ipaddress.ip_address(address)
    rank = 2 if ip.is_loopback else 0 if ip.is_private else 1
    return rank, address


def _from_ip_command() -> list[str]:
    ip = shutil.which("ip")
    if not ip:
        return []
    try:
        out = subprocess.run([ip, "-4", "-o", "addr", "show"], capture_output=True, text=True, timeout=5).stdout
    except (OSError, subprocess.SubprocessError):
        return []
    return [m.group(2) for line in out.splitlines() if (m := INET.match(line))]


def _from_sockets() -> list[str]:
    found = []
    with contextlib.suppress(OSError):
        found += [a for a in socket.gethostbyname_ex(socket.gethostname())[2] if not a.startswith("127.")]
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe, contextlib.suppress(OSError):
        probe.connect(("10.255.255.255", 1))  # UDP connect sends nothing: it only picks a route
        found.append(probe.getsockname()[0])
    return [a for a in found if a != "0.0.0.0"]
