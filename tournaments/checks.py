"""System checks run by every ``manage.py`` command (``runserver`` included)."""

from __future__ import annotations

from pathlib import Path

from django.conf import settings
from django.core.checks import Warning, register


@register()
def translations_compiled(app_configs=None, **kwargs) -> list[Warning]:
    """Each language's catalogue compiled and current: without its .mo, Django serves the
    pages in English with no other sign (``make run`` compiles them; a plain ``runserver``
    from a fresh clone does not)."""
    stale = []
    for folder in settings.LOCALE_PATHS:
        for po in sorted(Path(folder).glob("*/LC_MESSAGES/django.po")):
            mo = po.with_suffix(".mo")
            if not mo.exists() or mo.stat().st_mtime < po.stat().st_mtime:
                stale.append(po.parent.parent.name)
    if not stale:
        return []
    return [
        Warning(
            f"Translations not compiled for {', '.join(stale)}: those pages would be in English.",
            hint="Run `make messages` (or `python scripts/i18n.py compile`).",
            id="whistdrive.W001",
        )
    ]
