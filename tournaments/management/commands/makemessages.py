"""Django's makemessages, also extracting ``_l(...)`` (our alias of gettext_lazy).

Use ``python scripts/i18n.py update``: it runs this for nl/de/da/fr, then fills and compiles.
"""

from django.core.management.commands.makemessages import Command as MakeMessagesCommand


class Command(MakeMessagesCommand):
    xgettext_options = [*MakeMessagesCommand.xgettext_options, "--keyword=_l"]
