"""URLs for the print pages."""

from django.urls import path  # noqa: F401

app_name = "print"
urlpatterns: list = []
