"""ASGI entry point (for servers that stream the live projector view)."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "whistdrive.settings")
application = get_asgi_application()
