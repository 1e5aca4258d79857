"""The catalogues: every message translated in nl, de, da and fr, none fuzzy, placeholders kept.

A new string without translations fails here: ``python scripts/i18n.py missing`` lists it,
``python scripts/i18n.py fill FILE.json`` writes its translations in (docs/i18n.md).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import polib
import pytest
from django.conf import settings

from tests.i18n.conftest import I18N, LANGUAGES

LOCALE = Path(settings.BASE_DIR) / "locale"
PLACEHOLDER = re.compile(r"%%|%\(\w+\)[sdr]|%[sdr]")


def catalogue(language: str) -> polib.POFile:
    return polib.pofile(str(LOCALE / language / "LC_MESSAGES" / "django.po"))


def test_the_four_languages_are_offered():
    assert [code for code, _name in settings.LANGUAGES] == ["en", *LANGUAGES]
    assert settings.LOCALE_PATHS == [LOCALE]


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_is_translated_and_none_is_fuzzy(language):
    po = catalogue(language)
    live = [e for e in po if not e.obsolete]
    assert len(live) > 600
    assert [e.msgid for e in live if "fuzzy" in e.flags] == []
    assert [e.msgid for e in live if not e.translated()] == []
    assert po.percent_translated() == 100


@pytest.mark.parametrize("language", LANGUAGES)
def test_translations_keep_the_placeholders(language):
    wrong = []
    for entry in catalogue(language):
        if entry.msgid_plural:
            wanted = set(PLACEHOLDER.findall(entry.msgid_plural))
            forms = entry.msgstr_plural.values()
        else:
            wanted = set(PLACEHOLDER.findall(entry.msgid))
            forms = [entry.msgstr]
        wrong += [(entry.msgid, form) for form in forms if set(PLACEHOLDER.findall(form)) - wanted]
        if not entry.msgid_plural:
            wrong += [(entry.msgid, f) for f in forms if set(PLACEHOLDER.findall(f)) != wanted]
    assert wrong == []


def dutch_catalogue(tmp_path, monkeypatch, *entries: polib.POEntry):
    """A Dutch catalogue of ``entries`` under tmp_path, which the script then works on."""
    target = tmp_path / "nl" / "LC_MESSAGES"
    target.mkdir(parents=True)
    po = polib.POFile()
    po.metadata = {"Content-Type": "text/plain; charset=UTF-8"}
    po.extend(entries)
    po.save(str(target / "django.po"))
    monkeypatch.setitem(I18N["fill"].__globals__, "LOCALE", tmp_path)
    return target


def test_missing_lists_an_untranslated_message_in_the_shape_fill_takes(tmp_path, monkeypatch):
    """``missing`` prints what ``fill`` reads back: a round trip through a translator's file."""
    target = dutch_catalogue(
        tmp_path,
        monkeypatch,
        polib.POEntry(msgid="Done", msgstr="Klaar"),
        polib.POEntry(msgid="A new one", msgstr=""),
        polib.POEntry(msgid="%(n)s hand", msgid_plural="%(n)s hands", msgstr_plural={0: "", 1: ""}),
        polib.POEntry(msgctxt="seat", msgid="N", msgstr=""),
    )
    wanted = I18N["missing"]()
    assert wanted == {"A new one": {"nl": ""}, "%(n)s hand\x01%(n)s hands": {"nl": ["", ""]}, "seat\x04N": {"nl": ""}}
    wanted["A new one"]["nl"] = "Een nieuwe"
    wanted["%(n)s hand\x01%(n)s hands"]["nl"] = ["%(n)s spel", "%(n)s spellen"]
    wanted["seat\x04N"]["nl"] = "N"
    (tmp_path / "new.json").write_text(json.dumps(wanted), encoding="utf-8")
    assert I18N["fill"]([tmp_path / "new.json"]) == set()
    assert I18N["problems"]() == []
    filled = polib.pofile(str(target / "django.po"))
    assert filled.find("%(n)s hand").msgstr_plural == {0: "%(n)s spel", 1: "%(n)s spellen"}
    assert filled.find("A new one").msgstr == "Een nieuwe"


def test_a_pending_file_is_removed_only_once_every_message_in_it_is_in(tmp_path, monkeypatch):
    """A branch's locale/pending/*.json may hold msgids not extracted yet: keep it until they are."""
    target = dutch_catalogue(tmp_path, monkeypatch, polib.POEntry(msgid="Ghost", msgstr=""))
    pending = tmp_path / "pending"
    pending.mkdir()
    (pending / "branch.json").write_text(json.dumps({"Ghost": {"nl": "Blinde"}, "Later": {"nl": "Later"}}))
    monkeypatch.setitem(I18N["fill"].__globals__, "PENDING", pending)
    assert I18N["fill"]() == {"Later"}
    assert (pending / "branch.json").exists()
    (pending / "branch.json").write_text(json.dumps({"Ghost": {"nl": "Blinde"}}))
    assert I18N["fill"]() == set()
    assert not (pending / "branch.json").exists()
    assert polib.pofile(str(target / "django.po")).find("Ghost").msgstr == "Blinde"


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_compiled_catalogue_says_what_the_source_says(language):
    """The .mo Django reads (compiled by make, the Docker build and these tests) is current."""
    po_path = LOCALE / language / "LC_MESSAGES" / "django.po"
    compiled = polib.mofile(str(po_path.with_suffix(".mo")))

    def singular(entries):
        return {(e.msgctxt, e.msgid): e.msgstr for e in entries if e.msgid and not e.msgid_plural}

    assert singular(compiled) == singular(e for e in catalogue(language) if e.translated())


def test_fill_clears_a_fuzzy_guess_it_has_no_translation_for(tmp_path, monkeypatch):
    target = dutch_catalogue(
        tmp_path,
        monkeypatch,
        polib.POEntry(msgid="Skip to content", msgstr=""),
        polib.POEntry(msgid="A brand-new string", msgstr="Een gok", flags=["fuzzy"]),
    )
    (tmp_path / "new.json").write_text(json.dumps({"Skip to content": {"nl": "Naar de inhoud"}}))
    I18N["fill"]([tmp_path / "new.json"])
    filled = {e.msgid: (e.msgstr, e.flags) for e in polib.pofile(str(target / "django.po"))}
    assert filled["Skip to content"] == ("Naar de inhoud", [])
    assert filled["A brand-new string"] == ("", [])
    assert I18N["problems"]() == ["nl: untranslated: 'A brand-new string'"]


def test_no_module_translates_a_message_once_at_import():
    """``gettext`` at module level runs once, in whatever language is active at import: a
    Danish screen said "The prize-giving is updated." in English. Module-level messages
    take ``gettext_lazy``."""
    import ast
    from pathlib import Path

    found = []
    for path in Path(__file__).resolve().parents[2].joinpath("tournaments").rglob("*.py"):
        tree = ast.parse(path.read_text())
        eager = {
            alias.asname or alias.name
            for node in tree.body
            if isinstance(node, ast.ImportFrom) and node.module == "django.utils.translation"
            for alias in node.names
            if alias.name in ("gettext", "ngettext", "pgettext", "npgettext")
        }
        top = [n for n in tree.body if isinstance(n, (ast.Assign, ast.AnnAssign))]
        top += [b for n in tree.body if isinstance(n, ast.ClassDef) for b in n.body
                if isinstance(b, (ast.Assign, ast.AnnAssign))]  # fmt: skip
        found += [
            f"{path.name}:{node.lineno}"
            for node in top
            for call in ast.walk(node)
            if isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id in eager
        ]
    assert found == []


def test_a_catalogue_not_compiled_is_warned_about_at_every_command(tmp_path, settings):
    """A fresh clone run with a plain ``runserver`` served every Danish page in English and
    said nothing (the .mo files are built, not kept): the system check names the languages."""
    from django.core.management import call_command

    from tournaments.checks import translations_compiled

    for code in ("da", "de"):
        folder = tmp_path / code / "LC_MESSAGES"
        folder.mkdir(parents=True)
        (folder / "django.po").write_text("", encoding="utf-8")
    (tmp_path / "de" / "LC_MESSAGES" / "django.mo").write_bytes(b"")  # compiled, and newer
    settings.LOCALE_PATHS = [tmp_path]
    [warning] = translations_compiled()
    assert warning.id == "whistdrive.W001" and "for da:" in warning.msg
    assert "make messages" in warning.hint
    settings.LOCALE_PATHS = [LOCALE]
    assert translations_compiled() == []  # the suite runs with them compiled
    call_command("check", fail_level="WARNING")  # and the project check passes
