"""The translation catalogues: compile, update from the code, fill in, check.

    python scripts/i18n.py compile           # .po -> .mo (polib: no GNU gettext needed); make run/test do it
    python scripts/i18n.py update            # makemessages (needs GNU gettext) + fill + compile + check
    python scripts/i18n.py missing > new.json  # every msgid still untranslated, as JSON to fill in
    python scripts/i18n.py fill [FILE ...]   # write translation files into the .po files, then check
    python scripts/i18n.py check             # list untranslated or fuzzy entries; exit 1 if any

The committed .po files are the source of truth: ``makemessages`` keeps their translations
and only adds the new msgids. A translation file (``missing``'s output, or one a branch leaves
in ``locale/pending/*.json``, which ``fill`` reads when given no file and deletes once every
msgid in it is applied) maps a msgid to ``{"nl": ..., "de": ..., "da": ..., "fr": ...}``:
``"context\\u0004msgid"`` for pgettext, ``"singular\\u0001plural"`` with ``[one, other]`` lists
for plurals. docs/i18n.md has the workflow and the glossary.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import polib

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "locale"
PENDING = LOCALE / "pending"
LANGS = ("nl", "de", "da", "fr")
DOMAINS = ("django",)  # no djangojs: the scripts take their words from data attributes
CONTEXT, PLURAL = "\x04", "\x01"


def po_files():
    for lang in LANGS:
        for domain in DOMAINS:
            path = LOCALE / lang / "LC_MESSAGES" / f"{domain}.po"
            if path.exists():
                yield lang, path


def key_of(entry: polib.POEntry) -> str:
    key = f"{entry.msgid}{PLURAL}{entry.msgid_plural}" if entry.msgid_plural else entry.msgid
    return f"{entry.msgctxt}{CONTEXT}{key}" if entry.msgctxt else key


def compile_all(force: bool = False) -> int:
    """Compile every .po whose .mo is missing or older. Returns how many were written."""
    written = 0
    for _lang, po_path in po_files():
        mo_path = po_path.with_suffix(".mo")
        if force or not mo_path.exists() or mo_path.stat().st_mtime < po_path.stat().st_mtime:
            polib.pofile(str(po_path)).save_as_mofile(str(mo_path))
            written += 1
    return written


def fill(paths: list[Path] | None = None) -> set[str]:
    """Write the translation files into the .po files; makemessages' fuzzy guesses are never
    trusted. Returns the msgids no catalogue has (not extracted yet: run ``update``)."""
    pending = paths is None
    paths = sorted(PENDING.glob("*.json")) if pending else paths
    strings: dict = {}
    for path in paths:
        strings.update(json.loads(Path(path).read_text(encoding="utf-8")))
    unknown = set(strings)
    for lang, po_path in po_files():
        po = polib.pofile(str(po_path), wrapwidth=100)
        for entry in po:
            if entry.obsolete:
                continue
            found = strings.get(key_of(entry), {}).get(lang)
            unknown.discard(key_of(entry))
            if "fuzzy" in entry.flags:
                entry.flags.remove("fuzzy")
                entry.previous_msgid = entry.previous_msgid_plural = entry.previous_msgctxt = None
                if not found:
                    entry.msgstr = ""
                    entry.msgstr_plural = dict.fromkeys(entry.msgstr_plural, "")
            if not found:
                continue
            if entry.msgid_plural:
                entry.msgstr_plural = dict(enumerate(found))
            else:
                entry.msgstr = found
        po.metadata["Language"] = lang
        po.metadata["Content-Type"] = "text/plain; charset=UTF-8"
        po.save()
    compile_all()
    if pending and not unknown:
        for path in paths:
            path.unlink()
    return unknown


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


def missing() -> dict:
    """Every msgid some language lacks, with that catalogue's translations so far."""
    wanted: dict = {}
    for _lang, po_path in po_files():
        for entry in polib.pofile(str(po_path)):
            if not entry.obsolete and (not entry.translated() or "fuzzy" in entry.flags):
                wanted[key_of(entry)] = {}
    for lang, po_path in po_files():
        for entry in polib.pofile(str(po_path)):
            if key_of(entry) in wanted:
                done = entry.translated() and "fuzzy" not in entry.flags
                if entry.msgid_plural:
                    forms = [entry.msgstr_plural.get(0, ""), entry.msgstr_plural.get(1, "")]
                    wanted[key_of(entry)][lang] = forms if done else ["", ""]
                else:
                    wanted[key_of(entry)][lang] = entry.msgstr if done else ""
    return wanted


def update() -> set[str]:
    langs = [arg for lang in LANGS for arg in ("-l", lang)]
    subprocess.run(
        [sys.executable, "manage.py", "makemessages", *langs, "--no-obsolete", "--no-location",
         "--ignore", ".venv/*", "--ignore", "var/*", "--ignore", "staticfiles/*", "--ignore", "tests/*"],
        cwd=ROOT,
        check=True,
    )
    return fill()


def main(argv: list[str]) -> int:
    command = argv[1] if len(argv) > 1 else "check"
    if command == "compile":
        print(f"i18n: compiled {compile_all(force='--force' in argv)} catalogue(s)")
        return 0
    if command == "missing":
        print(json.dumps(missing(), ensure_ascii=False, indent=1))
        return 0
    if command not in ("fill", "update", "check"):
        print(__doc__)
        return 2
    if command != "check":
        unknown = update() if command == "update" else fill([Path(p) for p in argv[2:]] or None)
        for msgid in sorted(unknown):
            print(f"i18n: not in the catalogues (run update first?): {msgid!r}")
    found = problems()
    print("\n".join(found) or f"i18n: {', '.join(LANGS)}: every message translated, none fuzzy")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
