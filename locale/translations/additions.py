"""Translations (nl, de, da, fr) applied by scripts/i18n.py fill; see docs/i18n.md.

New strings go here (or in the file of their area): `python scripts/i18n.py missing` prints
the entries to paste, with blanks to fill.
"""

STRINGS = {
    "Each visitor's own language": ("De eigen taal van elke bezoeker", "Die eigene Sprache jedes Besuchers", "Hver besøgendes eget sprog", "La langue de chaque visiteur"),
}
