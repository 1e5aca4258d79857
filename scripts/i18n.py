"""The translation catalogues: compile, fill from the translation tables, check, update.

    python scripts/i18n.py compile   # .po -> .mo (polib: no GNU gettext needed); make run/test do it
    python scripts/i18n.py fill      # write locale/translations/*.py into the .po files
    python scripts/i18n.py check     # list untranslated or fuzzy entries; exit 1 if any
    python scripts/i18n.py missing   # the msgids no translation table has yet, as Python to paste
    python scripts/i18n.py update    # makemessages (needs GNU gettext) + fill + compile + check

The translation tables (``locale/translations/*.py``, each a ``STRINGS`` dict) map a msgid
(``"context\\x04msgid"`` for pgettext, a ``(singular, plural)`` tuple for plurals) to its
translations in LANGUAGES order (nl, de, da, fr); a plural's translation is a
``(one, other)`` tuple. The .po files are generated; the tables are the source of truth, so
strings survive ``makemessages`` re-runs. docs/i18n.md has the workflow and the glossary.
"""

from __future__ import annotations

import runpy
import subprocess
import sys
from pathlib import Path

import polib

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "locale"
TABLES = LOCALE / "translations"
LANGS = ("nl", "de", "da", "fr")
DOMAINS = ("django",)  # no djangojs: the scripts take their words from data attributes


def po_files():
    for lang in LANGS:
        for domain in DOMAINS:
            path = LOCALE / lang / "LC_MESSAGES" / f"{domain}.po"
            if path.exists():
                yield lang, path


def key_of(entry: polib.POEntry):
    msgid = (entry.msgid, entry.msgid_plural) if entry.msgid_plural else entry.msgid
    if entry.msgctxt:
        return f"{entry.msgctxt}\x04{msgid}" if isinstance(msgid, str) else (f"{entry.msgctxt}\x04{msgid[0]}", msgid[1])
    return msgid


def tables() -> dict:
    merged: dict = {}
    for path in sorted(TABLES.glob("*.py")):
        merged.update(runpy.run_path(str(path))["STRINGS"])
    return merged


def compile_all(force: bool = False) -> int:
    """Compile every .po whose .mo is missing or older. Returns how many were written."""
    written = 0
    for _lang, po_path in po_files():
        mo_path = po_path.with_suffix(".mo")
        if force or not mo_path.exists() or mo_path.stat().st_mtime < po_path.stat().st_mtime:
            polib.pofile(str(po_path)).save_as_mofile(str(mo_path))
            written += 1
    return written


def fill() -> None:
    strings = tables()
    for lang, po_path in po_files():
        index = LANGS.index(lang)
        po = polib.pofile(str(po_path), wrapwidth=100)
        for entry in po:
            if entry.obsolete:
                continue
            found = strings.get(key_of(entry))
            if "fuzzy" in entry.flags:
                entry.flags.remove("fuzzy")
                entry.previous_msgid = entry.previous_msgid_plural = entry.previous_msgctxt = None
                if found is None:  # makemessages' guess from a similar string: never trusted
                    entry.msgstr = ""
                    entry.msgstr_plural = dict.fromkeys(entry.msgstr_plural, "")
            if found is None:
                continue
            text = found[index]
            if entry.msgid_plural:
                one, other = text
                entry.msgstr_plural = {0: one, 1: other}
            else:
                entry.msgstr = text
        po.metadata["Language"] = lang
        po.metadata["Content-Type"] = "text/plain; charset=UTF-8"
        po.save()
    compile_all()


def problems() -> list[str]:
    found = []
    for lang, po_path in po_files():
        po = polib.pofile(str(po_path))
        for entry in po:
            if entry.obsolete:
                continue
            if "fuzzy" in entry.flags:
                found.append(f"{lang}: fuzzy: {entry.msgid!r}")
            elif not entry.translated():
                found.append(f"{lang}: untranslated: {entry.msgid!r}")
    return found


def missing() -> None:
    strings = tables()
    seen = set()
    for _lang, po_path in po_files():
        for entry in polib.pofile(str(po_path)):
            key = key_of(entry)
            if not entry.obsolete and key not in strings and key not in seen:
                seen.add(key)
                blank = (("", ""),) * len(LANGS) if entry.msgid_plural else ("",) * len(LANGS)
                print(f"    {key!r}: {blank!r},")


def update() -> None:
    langs = [arg for lang in LANGS for arg in ("-l", lang)]
    subprocess.run(
        [sys.executable, "manage.py", "makemessages", *langs, "--no-obsolete", "--no-location",
         "--ignore", ".venv/*", "--ignore", "var/*", "--ignore", "staticfiles/*", "--ignore", "tests/*"],
        cwd=ROOT,
        check=True,
    )
    fill()


def main(argv: list[str]) -> int:
    command = argv[1] if len(argv) > 1 else "check"
    if command == "compile":
        print(f"i18n: compiled {compile_all(force='--force' in argv)} catalogue(s)")
        return 0
    if command == "missing":
        missing()
        return 0
    if command in ("fill", "update"):
        fill() if command == "fill" else update()
    if command not in ("fill", "update", "check"):
        print(__doc__)
        return 2
    found = problems()
    print("\n".join(found) or f"i18n: {', '.join(LANGS)}: every message translated, none fuzzy")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
