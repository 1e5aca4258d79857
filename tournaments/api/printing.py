"""``/api/v1/events/<slug>/print/``: request a PDF (a job, reused for unchanged data), poll, download."""

from __future__ import annotations

from django.conf import settings
from django.http import FileResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.errors import DomainError, NotFound
from tournaments.models import PrintJob
from tournaments.selectors.events import event_for_organizer
from tournaments.selectors.links import site_address
from tournaments.selectors.print_jobs import print_job_for_organizer
from tournaments.selectors.print_options import DOCUMENTS, PAPERS, PER_PAGE, download_name
from tournaments.services.printing import print_job_request


def job_json(request: Request, job: PrintJob) -> dict:
    slug = job.event.slug
    done = job.status == PrintJob.Status.DONE and bool(job.file)
    return {
        "id": job.pk,
        "event": slug,
        "document": job.document,
        "options": job.options,
        "status": job.status,
        "rendered": job.rendered,
        "total": job.total,
        "error": job.error or None,
        "stalled": job.stalled,  # no progress for a while: POST the same request again to restart
        "content_hash": job.content_hash,
        "url": request.build_absolute_uri(reverse("api-print-job", args=[slug, job.pk])),
        "download": request.build_absolute_uri(reverse("api-print-download", args=[slug, job.pk]))
        if done
        else None,
    }


PRINT_REQUEST = {
    "type": "object",
    "properties": {
        "document": {
            "type": "string",
            "enum": list(DOCUMENTS),
            "description": "which documents an event offers depends on its kind "
            "(score_cards: drives; score_pads: robber; league_schedule: pairs events)",
        },
        "paper": {"type": "string", "enum": list(PAPERS)},
        "per_page": {"type": "integer", "enum": sorted(PER_PAGE)},
        "language": {"type": "string", "enum": [code for code, _name in settings.LANGUAGES]},
    },
    "required": ["document"],
}
PRINT_JOB = {
    "type": "object",
    "properties": {
        "id": {"type": "integer"},
        "event": {"type": "string"},
        "document": {"type": "string", "enum": list(DOCUMENTS)},
        "options": {"type": "object", "additionalProperties": True},
        "status": {"type": "string", "enum": list(PrintJob.Status.values)},
        "rendered": {"type": "integer"},
        "total": {"type": "integer"},
        "error": {"type": "string", "nullable": True},
        "content_hash": {"type": "string"},
        "url": {"type": "string", "format": "uri"},
        "download": {"type": "string", "format": "uri", "nullable": True},
    },
    "required": ["id", "event", "document", "status", "url"],
}


class PrintRequestView(APIView):
    """POST {document, paper, per_page, language}: 202 with the job (200 if already rendered)."""

    @extend_schema(
        request={"application/json": PRINT_REQUEST},
        responses={
            200: OpenApiResponse(PRINT_JOB, description="already rendered"),
            202: OpenApiResponse(PRINT_JOB, description="queued or rendering: poll its url"),
        },
        summary="Print a document (a PDF rendered by the worker)",
    )
    def post(self, request: Request, slug: str) -> Response:
        event = event_for_organizer(user=request.user, slug=slug)
        data = request.data if isinstance(request.data, dict) else {}
        document = data.get("document")
        if not isinstance(document, str) or not document:
            raise DomainError("E_REQUIRED", _("Give the document to print."), field="document")
        options = {
            k: data[k] for k in ("paper", "per_page", "language") if data.get(k) not in (None, "")
        }
        options["site"] = site_address(request)
        job = print_job_request(event=event, document=document, options=options)
        done = job.status == PrintJob.Status.DONE
        return Response(
            job_json(request, job), status=status.HTTP_200_OK if done else status.HTTP_202_ACCEPTED
        )


class PrintJobView(APIView):
    @extend_schema(responses={200: PRINT_JOB}, summary="A print job")
    def get(self, request: Request, slug: str, job_id: int) -> Response:
        return Response(
            job_json(request, print_job_for_organizer(user=request.user, slug=slug, job_id=job_id))
        )


class PrintDownloadView(APIView):
    @extend_schema(responses={(200, "application/pdf"): OpenApiResponse(description="the PDF")})
    def get(self, request: Request, slug: str, job_id: int):
        job = print_job_for_organizer(user=request.user, slug=slug, job_id=job_id)
        if job.status != PrintJob.Status.DONE or not job.file:
            raise NotFound("E_NOT_READY", _("The PDF is not ready yet."))
        return FileResponse(
            job.file.open("rb"),
            as_attachment=True,
            filename=download_name(job),
            content_type="application/pdf",
        )
