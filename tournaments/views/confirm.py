"""A confirmation step for actions that invalidate paper or publish, without JavaScript.

The action's button posts as usual; without ``confirmed=1`` the view answers with a page
that says what will happen and posts the same fields again. Works under a strict
Content-Security-Policy (no inline script) and with a screen reader.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


@dataclass(frozen=True)
class Confirmation:
    title: str
    question: str
    effect: str
    button: str
    danger: bool = True


def confirmed(request: HttpRequest) -> bool:
    return request.POST.get("confirmed") == "1"


def confirm_page(
    request: HttpRequest, event, confirmation: Confirmation, *, back: str
) -> HttpResponse:
    """The page asking ``confirmation.question``, re-posting this request's fields when agreed."""
    fields = [
        (name, value)
        for name, values in request.POST.lists()
        if name not in ("csrfmiddlewaretoken", "confirmed")
        for value in values
    ]
    context = {
        "event": event,
        "confirm": {
            "title": confirmation.title,
            "question": confirmation.question,
            "effect": confirmation.effect,
            "button": confirmation.button,
            "danger": confirmation.danger,
            "action": request.path,
            "fields": fields,
            "back": back,
        },
    }
    return render(request, "organizer/confirm.html", context)
