"""English dates the way both a UK hall and a US tournament read them without doubt:
"29 November 2026" and a 24-hour clock, never 11/29 against 29/11.  Django's own
English formats fill in everything not named here."""

DATE_FORMAT = "j F Y"
DATETIME_FORMAT = "j F Y, H:i"
TIME_FORMAT = "H:i"
MONTH_DAY_FORMAT = "j F"
SHORT_DATE_FORMAT = "j M Y"
SHORT_DATETIME_FORMAT = "j M Y, H:i"
