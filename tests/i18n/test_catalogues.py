"""The catalogues: every message translated in nl, de, da and fr, none fuzzy, placeholders kept.

A new string without translations fails here: fill it in locale/translations/ and run
``python scripts/i18n.py fill`` (docs/i18n.md).
"""

from __future__ import annotations

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


def test_the_translation_tables_cover_every_message():
    """The .po files are generated from the tables, so a makemessages re-run loses nothing."""
    tables = I18N["tables"]()
    missing = [e.msgid for e in catalogue("nl") if not e.obsolete and I18N["key_of"](e) not in tables]
    assert missing == []
    assert all(len(value) == len(LANGUAGES) for value in tables.values())


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_compiled_catalogue_says_what_the_source_says(language):
    """The .mo Django reads (compiled by make, the Docker build and these tests) is current."""
    po_path = LOCALE / language / "LC_MESSAGES" / "django.po"
    compiled = polib.mofile(str(po_path.with_suffix(".mo")))

    def singular(entries):
        return {(e.msgctxt, e.msgid): e.msgstr for e in entries if e.msgid and not e.msgid_plural}

    assert singular(compiled) == singular(e for e in catalogue(language) if e.translated())


def test_fill_clears_a_fuzzy_guess_it_has_no_translation_for(tmp_path, monkeypatch):
    po = polib.POFile()
    po.metadata = {"Content-Type": "text/plain; charset=UTF-8"}
    po.append(polib.POEntry(msgid="Skip to content", msgstr=""))
    po.append(polib.POEntry(msgid="A brand-new string", msgstr="Een gok", flags=["fuzzy"]))
    target = tmp_path / "nl" / "LC_MESSAGES"
    target.mkdir(parents=True)
    po.save(str(target / "django.po"))
    monkeypatch.setitem(I18N["fill"].__globals__, "LOCALE", tmp_path)
    I18N["fill"]()
    filled = {e.msgid: (e.msgstr, e.flags) for e in polib.pofile(str(target / "django.po"))}
    assert filled["Skip to content"] == ("Naar de inhoud", [])
    assert filled["A brand-new string"] == ("", [])
    assert I18N["problems"]() == ["nl: untranslated: 'A brand-new string'"]
