"""Rendering printed documents to PDF, and print jobs that reuse what was rendered before.

A job is keyed by a content hash over the document, its options (paper, cards per page,
language) and exactly the data that goes on paper, plus ``Event.version``: the same request
for unchanged data returns the stored PDF; any change renders anew.

Large runs render in chunks of ``CHUNK`` cards. The request computes the document's data
once (it hashes it anyway) and stores each chunk's slice; every chunk is then its own
Celery task, all enqueued at once as a group, so idle workers share a 1,000-card run, no
task holds a worker for long, other tasks interleave, a task's memory holds one chunk
(its data and its drawing) whatever the card count, and the organizer sees
``rendered / total`` grow. Chunk PDFs go to storage; the chunk that completes the set
merges them with pypdf. Without REDIS_URL the tasks run in-process, one after another.

Movement cards (one per player: the volume) are drawn with ReportLab's canvas
(``card_canvas``); every other document goes through its HTML template and WeasyPrint.
"""

from __future__ import annotations

import functools
import hashlib
import io
import json
import logging
import tempfile

from django.conf import settings
from django.core.files.base import ContentFile, File
from django.core.files.storage import default_storage
from django.db import IntegrityError, transaction
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.translation import gettext as _

from tournaments.errors import DomainError
from tournaments.models import Event, PrintJob
from tournaments.selectors.links import clean_address, site_address
from tournaments.selectors.print_options import DOCUMENTS, PAPERS, print_options
from tournaments.selectors.printing import print_document

log = logging.getLogger(__name__)
# WeasyPrint logs every layout step at INFO: noise in a worker log, one line per page.
logging.getLogger("weasyprint.progress").setLevel(logging.WARNING)

CHUNK = 48  # cards per chunk: a multiple of 4, so chunks never split a sheet
LAYOUT_VERSION = 9  # bump when templates (or card_canvas) change what a stored PDF would look like
# A card with more rows than this gets the dense (smaller) type, per cards-per-page.
DENSE_ROWS = {4: 12, 1: 30}
WRAP_ROWS = 8  # a table card of this many rounds or fewer has room for names on two lines
MAX_ROWS_4UP = 28  # hands on a movement card that still fit a quarter sheet
CANVAS_DOCUMENTS = {"movement_cards"}  # drawn with ReportLab (services/card_canvas.py)


def job_options(*, event: Event, document: str, options: dict | None) -> dict:
    """The request's options, checked, with the language and the site address links use.

    ``site`` (from ``links.site_address(request)``) travels in the stored options: the
    worker that renders the job has no request to ask.
    """
    options = dict(options or {})
    language = str(
        options.pop("language", "")
        or event.language
        or translation.get_language()
        or settings.LANGUAGE_CODE
    )
    language = language.split("-")[0]
    if language not in dict(settings.LANGUAGES):
        raise DomainError(
            "E_PRINT_LANGUAGE", _("Unknown language %(l)s.") % {"l": language}, field="language"
        )
    site = clean_address(options.pop("site", "")) or site_address()
    long_cards = document == "movement_cards" and event.hands > MAX_ROWS_4UP
    if long_cards and not options.get("per_page"):  # "as usual": the layout that fits
        options["per_page"] = 1
    checked = print_options(event=event, document=document, options=options)
    if long_cards and checked["per_page"] == 4:
        raise DomainError(
            "E_PRINT_PER_PAGE",
            _(
                "Movement cards for more than %(n)d hands do not fit four to a page: print one per page."
            )
            % {"n": MAX_ROWS_4UP},
            field="per_page",
        )
    return {**checked, "language": language, "site": site}


def document_data(*, event: Event, document: str, options: dict) -> dict:
    """The document's data in its print language (``options`` from ``job_options``)."""
    with translation.override(options["language"]):
        return print_document(
            event=event,
            document=document,
            options={k: options[k] for k in ("paper", "per_page")},
            site=options.get("site", ""),
        )


def content_hash(*, event: Event, data: dict) -> str:
    payload = {
        "layout": LAYOUT_VERSION,
        "event": event.pk,
        "version": event.version,
        "movement": event.movement,
        "data": data,
    }
    blob = json.dumps(payload, sort_keys=True, default=str, separators=(",", ":"))
    return hashlib.sha256(blob.encode()).hexdigest()


# --- rendering ---------------------------------------------------------------------------------


def _rows(document: str, card: dict) -> int:
    if document == "movement_cards":
        return sum(len(r["hands"]) for r in card["rows"])
    return len(card.get("rounds", card.get("hands", ())))


def layout_context(*, data: dict, cards: list[dict]) -> dict:
    """Cards grouped into sheets, each marked dense when it has many rows."""
    document, per_page = data["document"], data["options"]["per_page"]
    limit = DENSE_ROWS[per_page]
    counted = [(card, _rows(document, card)) for card in cards]
    marked = [{**card, "dense": rows > limit, "wraps": rows <= WRAP_ROWS} for card, rows in counted]
    return {
        "doc": data,
        "sheets": [marked[i : i + per_page] for i in range(0, len(marked), per_page)],
        "per_page": per_page,
        "paper": PAPERS[data["options"]["paper"]],
        "card_template": f"print/cards/{document}.html",
        "title": f"{DOCUMENTS[document].label} · {data['event']['name']}",
        # a score pad's blank rows: four pads to a sheet keep their signatures on the page
        "above": range(6 if per_page == 1 else 4),
        "below": range(12 if per_page == 1 else 9),
    }


def render_html(
    *, data: dict, cards: list[dict], language: str, template: str = "print/pdf.html"
) -> str:
    with translation.override(language):
        return render_to_string(template, layout_context(data=data, cards=cards))


@functools.cache
def _font_config():
    """One FontConfiguration per process: fontconfig setup and Pango's font caches are reused."""
    from weasyprint.text.fonts import FontConfiguration

    return FontConfiguration()


@functools.cache
def _stylesheet(paper: str, per_page: int):
    """The print stylesheet for a paper and cards per page, parsed once per process.

    Cached by process: after editing print/_style.css, restart the worker.
    """
    import weasyprint

    css = render_to_string("print/_style.css", {"paper": PAPERS[paper], "per_page": per_page})
    return weasyprint.CSS(string=css, font_config=_font_config())


def render_pdf(*, data: dict, cards: list[dict], language: str) -> bytes:
    """A chunk's PDF: movement cards drawn with ReportLab (volume), the rest with WeasyPrint."""
    if data["document"] in CANVAS_DOCUMENTS:
        from tournaments.services import card_canvas

        with translation.override(language):
            return card_canvas.render(
                data=data, sheets=layout_context(data=data, cards=cards)["sheets"]
            )
    return render_weasyprint(data=data, cards=cards, language=language)


def render_weasyprint(*, data: dict, cards: list[dict], language: str) -> bytes:
    """The document through its HTML template and WeasyPrint (the browser page's look)."""
    import weasyprint

    html = render_html(data=data, cards=cards, language=language)
    options = data["options"]
    return weasyprint.HTML(string=html, base_url=str(settings.BASE_DIR)).write_pdf(
        stylesheets=[_stylesheet(options["paper"], options["per_page"])], font_config=_font_config()
    )


def merge_pdfs(parts: list, out) -> None:
    """One PDF from the chunk PDFs (bytes or open files), in order, written to the file
    ``out``: a job writes it to disk, so the merged document is not held in memory twice."""
    from pypdf import PdfWriter

    writer = PdfWriter()
    for part in parts:
        writer.append(io.BytesIO(part) if isinstance(part, bytes) else part)
    writer.write(out)


def chunks(cards: list[dict]) -> list[list[dict]]:
    return [cards[i : i + CHUNK] for i in range(0, len(cards), CHUNK)] or [[]]


def document_pdf(*, event: Event, document: str, options: dict | None) -> bytes:
    """Render a whole document at once, chunk by chunk (the command line, the benchmark)."""
    opts = job_options(event=event, document=document, options=options)
    data = document_data(event=event, document=document, options=opts)
    parts = [
        render_pdf(data=data, cards=part, language=opts["language"])
        for part in chunks(data["cards"])
    ]
    if len(parts) == 1:
        return parts[0]
    out = io.BytesIO()
    merge_pdfs(parts, out)
    return out.getvalue()


# --- jobs --------------------------------------------------------------------------------------


def _send(job_id: int, count: int) -> None:
    """Hand every chunk to the queue at once (a Celery group: idle workers share them); a
    broker that does not answer fails the job, saying why, within a second. (The job's rows
    hold its progress, so no task result is kept: waiting on the result store would hold
    the request some 20 seconds while Redis is down.)"""
    from celery import group

    from tournaments import tasks

    try:
        group(tasks.print_job_render.si(job_id, i) for i in range(count)).apply_async(
            ignore_result=True
        )
    except Exception:  # the job is stored: it must show why it will not progress
        log.warning("print job %s: could not enqueue its chunks", job_id, exc_info=True)
        # the exception's class is in the log: "(OperationalError)" told a volunteer nothing
        _fail(job_id, _("The print queue (Redis) did not answer: press Retry once it is back."))


def _start(job: PrintJob, data: dict) -> None:
    """Store each chunk's data (computed once, by the request) and enqueue the chunks."""
    parts = chunks(data["cards"])
    head = {k: v for k, v in data.items() if k != "cards"}
    for index, part in enumerate(parts):
        _store(_data_name(job, index), json.dumps({**head, "cards": part}).encode())
    transaction.on_commit(lambda: _send(job.pk, len(parts)), robust=True)


def _file_ready(job: PrintJob) -> bool:
    return bool(job.file) and default_storage.exists(job.file.name)


def print_job_request(*, event: Event, document: str, options: dict | None) -> PrintJob:
    """The job for this document: a finished one for the same content, or a new one enqueued.

    A job pending or running for the same content is returned as is (two clicks, one
    render); a failed or stalled job, or a done one whose file has gone, is started again
    (this is also the Retry button). Read again after the commit, so a broker that refused
    the job shows as failed already.
    """
    job = _request(event=event, document=document, options=options)
    job.refresh_from_db()
    return job


@transaction.atomic
def _request(*, event: Event, document: str, options: dict | None) -> PrintJob:
    event.refresh_from_db(fields=["version", "movement"])  # hash what is stored, not a stale copy
    opts = job_options(event=event, document=document, options=options)
    data = document_data(event=event, document=document, options=opts)
    digest = content_hash(event=event, data=data)
    total = len(data["cards"])
    job = PrintJob.objects.select_for_update().filter(content_hash=digest).first()
    if job is None:
        try:
            with transaction.atomic():
                job = PrintJob.objects.create(
                    event=event, document=document, options=opts, content_hash=digest, total=total
                )
        except IntegrityError:  # the same request won the race: share its job
            return PrintJob.objects.get(content_hash=digest)
        _start(job, data)
        return job
    if job.status in (PrintJob.Status.PENDING, PrintJob.Status.RUNNING) and not job.stalled:
        return job
    if job.status == PrintJob.Status.DONE and _file_ready(job):
        return job
    job.status, job.rendered, job.total, job.error, job.file = (
        PrintJob.Status.PENDING,
        0,
        total,
        "",
        "",
    )
    job.save(update_fields=["status", "rendered", "total", "error", "file", "updated_at"])
    _start(job, data)
    return job


def _part_name(job: PrintJob, index: int) -> str:
    return f"print/parts/{job.content_hash}-{index:04d}.pdf"


def _data_name(job: PrintJob, index: int) -> str:
    return f"print/parts/{job.content_hash}-{index:04d}.json"


def _store(name: str, content: bytes) -> None:
    if default_storage.exists(name):  # a retried chunk or job
        default_storage.delete(name)
    default_storage.save(name, ContentFile(content))


def _fail(job_id: int, message: str) -> None:
    """Fail a job that is not done (a late duplicate of a chunk must not fail a done job)."""
    PrintJob.objects.filter(pk=job_id).exclude(status=PrintJob.Status.DONE).update(
        status=PrintJob.Status.FAILED, error=message
    )


def _load_chunk(job: PrintJob, index: int) -> dict:
    with default_storage.open(_data_name(job, index), "rb") as f:
        return json.load(f)


def print_job_render(*, job_id: int, index: int = 0) -> PrintJob | None:
    """Render chunk ``index`` of a job from the data its request stored; the chunk that
    finds every part stored merges them into the job's PDF.

    Chunks run in any order, on any worker, and again after a lost worker: each writes
    only its own part, and progress is counted from the parts stored, under the job's
    row lock. The slow part (drawing) runs outside any transaction. If the event changed
    since the request, the job fails with a message instead of printing a mix of old and
    new data.
    """
    job = PrintJob.objects.select_related("event").filter(pk=job_id).first()
    if job is None or job.status in (PrintJob.Status.DONE, PrintJob.Status.FAILED):
        return job
    try:
        data = _load_chunk(job, index)
        if job.event.version != data["event"]["version"]:
            _fail(job_id, _("The event changed while printing: print again."))
            return None
        pdf = render_pdf(data=data, cards=data["cards"], language=job.options["language"])
        _store(_part_name(job, index), pdf)
        return _collect(job_id, index)
    except Exception as exc:  # a render failure must show on the job, not vanish in a worker log
        log.exception("print job %s failed", job_id)
        _fail(job_id, f"{type(exc).__name__}: {exc}")
        return None


def _collect(job_id: int, index: int) -> PrintJob:
    """Count the stored parts; the chunk that completes the set merges them (pypdf)."""
    with transaction.atomic():
        job = PrintJob.objects.select_for_update().select_related("event").get(pk=job_id)
        if job.status in (PrintJob.Status.DONE, PrintJob.Status.FAILED):  # a late duplicate
            default_storage.delete(_part_name(job, index))
            return job
        count = len(chunks([None] * job.total))
        stored = [i for i in range(count) if default_storage.exists(_part_name(job, i))]
        job.status = PrintJob.Status.RUNNING
        job.rendered = min(job.total, sum(min(CHUNK, job.total - i * CHUNK) for i in stored))
        if len(stored) == count:
            files = [default_storage.open(_part_name(job, i), "rb") for i in range(count)]
            name = f"{job.event.slug}-{job.document}-{job.content_hash[:12]}.pdf"
            try:
                with tempfile.TemporaryFile() as merged:
                    merge_pdfs(files, merged)
                    merged.seek(0)
                    job.file.save(name, File(merged), save=False)
            finally:
                for f in files:
                    f.close()
            job.status, job.rendered = PrintJob.Status.DONE, job.total
        job.save()
    if job.status == PrintJob.Status.DONE:
        for i in range(count):
            default_storage.delete(_part_name(job, i))
            default_storage.delete(_data_name(job, i))
    return job
