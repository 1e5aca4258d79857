"""Print pages for the organizer: documents as HTML that print from the browser, and PDF jobs.

POST creates (or reuses) a job; the job fragment polls with htmx while it renders
(rendered / total) and offers the download when ready. Without JavaScript the job page
refreshes itself with a meta refresh.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.http import FileResponse, Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import translation

from tournaments.errors import DomainError, NotFound
from tournaments.models import Event, PrintJob
from tournaments.selectors.events import event_for_organizer
from tournaments.selectors.links import is_loopback, site_address
from tournaments.selectors.print_jobs import print_job_for_organizer, print_jobs_recent
from tournaments.selectors.print_options import DOCUMENTS, PAPERS, documents_for, download_name
from tournaments.services import printing as print_services
from tournaments.views.confirm import post_or_event_page

FORM_FIELDS = ("document", "paper", "per_page", "language")


def _event(request: HttpRequest, slug: str) -> Event:
    try:
        return event_for_organizer(user=request.user, slug=slug)
    except NotFound as exc:
        raise Http404(exc.message) from exc


def _job(request: HttpRequest, slug: str, job_id: int) -> PrintJob:
    try:
        return print_job_for_organizer(user=request.user, slug=slug, job_id=job_id)
    except NotFound as exc:
        raise Http404(exc.message) from exc


def _options(request, source) -> dict:
    """The chosen paper, cards per page and language, and the address this browser reached us at."""
    return {
        **{k: source[k] for k in ("paper", "per_page", "language") if source.get(k)},
        "site": site_address(request),
    }


def _home(
    request: HttpRequest, event: Event, *, error: DomainError | None = None, status: int = 200
):
    return render(
        request,
        "print/index.html",
        {
            "event": event,
            "tab": "print",
            "documents": documents_for(event),
            "papers": PAPERS,
            "jobs": print_jobs_recent(event=event),
            "error": error,
            "general_error": error if error and error.field not in FORM_FIELDS else None,
            "chosen": request.POST or request.GET,
            "site": site_address(request),
            "site_loopback": is_loopback(site_address(request)),
            "languages": settings.LANGUAGES,
            "print_language": (request.POST or request.GET).get("language")
            or event.language
            or translation.get_language(),
        },
        status=status,
    )


@login_required
def print_home(request: HttpRequest, slug: str) -> HttpResponse:
    return _home(request, _event(request, slug))


@login_required
def print_page(request: HttpRequest, slug: str, document: str) -> HttpResponse:
    """The document as an HTML page: the browser's own print dialog makes the paper copy."""
    event = _event(request, slug)
    if document not in DOCUMENTS:
        raise Http404(document)
    try:
        options = print_services.job_options(
            event=event, document=document, options=_options(request, request.GET)
        )
        data = print_services.document_data(event=event, document=document, options=options)
    except DomainError as exc:
        return _home(request, event, error=exc, status=422)
    context = print_services.layout_context(data=data, cards=data["cards"])
    site = options["site"]
    page = {
        **context,
        "event": event,
        "document": DOCUMENTS[document],
        "site": site,
        "site_loopback": is_loopback(site),
    }
    with translation.override(options["language"]):  # the paper speaks the event's language
        return render(request, "print/page.html", page)


@login_required
@post_or_event_page
def job_create(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event(request, slug)
    try:
        job = print_services.print_job_request(
            event=event,
            document=request.POST.get("document", ""),
            options=_options(request, request.POST),
        )
    except DomainError as exc:
        return _home(request, event, error=exc, status=422)
    if request.headers.get("HX-Request"):
        return render(request, "print/_job.html", {"job": job, "event": event})
    return redirect("print:job", slug=event.slug, job_id=job.pk)


@login_required
@post_or_event_page
def job_retry(request: HttpRequest, slug: str, job_id: int) -> HttpResponse:
    """Ask again for what a failed or stalled job prints: the same content replaces that job."""
    old = _job(request, slug, job_id)
    try:
        job = print_services.print_job_request(
            event=old.event, document=old.document, options=old.options
        )
    except DomainError as exc:
        return _home(request, old.event, error=exc, status=422)
    return redirect("print:job", slug=job.event.slug, job_id=job.pk)


@login_required
def job_detail(request: HttpRequest, slug: str, job_id: int) -> HttpResponse:
    job = _job(request, slug, job_id)
    template = "print/_job.html" if request.headers.get("HX-Request") else "print/job.html"
    return render(request, template, {"job": job, "event": job.event, "tab": "print"})


@login_required
def job_download(request: HttpRequest, slug: str, job_id: int) -> FileResponse:
    job = _job(request, slug, job_id)
    if job.status != PrintJob.Status.DONE or not job.file:
        raise Http404("not ready")
    return FileResponse(
        job.file.open("rb"),
        as_attachment=True,
        filename=download_name(job),
        content_type="application/pdf",
    )
