"""Upload an event's export (from a hall laptop's backup, or ``event_export``) into a club:
the page twin of ``POST /api/v1/events/import/``, with the same exactly-once import."""

from __future__ import annotations

import json

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _l

from tournaments.selectors.events import clubs_for_user
from tournaments.services.imports import event_import_once

from .organizer import form_write

MAX_BYTES = 20 * 1024 * 1024


class EventUploadForm(forms.Form):
    club = forms.ModelChoiceField(queryset=None, label=_l("Club"), empty_label=None)
    file = forms.FileField(label=_l("Event export (.json)"))
    slug = forms.SlugField(
        label=_l("Short name in its web address (slug)"), required=False,
        help_text=_l("Only if the exported one is already taken here."),
    )

    def __init__(self, *args, user, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["club"].queryset = clubs_for_user(user=user)

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > MAX_BYTES:
            raise forms.ValidationError(_("The file is too large for an event export."))
        try:
            return json.loads(upload.read().decode("utf-8"))
        except (UnicodeDecodeError, ValueError) as exc:
            raise forms.ValidationError(_("This file is not JSON: choose an event export.")) from exc


@login_required
def event_upload(request: HttpRequest) -> HttpResponse:
    form = EventUploadForm(request.POST or None, request.FILES or None, user=request.user)
    stored, imported = form_write(
        request,
        form,
        lambda data: event_import_once(
            document=data["file"], club=data["club"], slug=data["slug"] or None, actor=request.user
        ),
    )
    if stored:
        event, created = imported
        messages.success(request, _("Event imported.") if created else _("This event was already imported."))
        return redirect("organizer:event", slug=event.slug)
    return render(request, "organizer/event_upload.html", {"form": form})
