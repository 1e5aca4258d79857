/* Projector: swap in the live part when the event's version changes.
   With Redis the server pushes versions over Server-Sent Events (data-live="sse");
   without it, or when the stream fails (Redis down), poll the fragment every second and try
   the stream again every RETRY_STREAM ms, so the push resumes by itself when Redis is back. */
(function () {
  "use strict";
  var root = document.querySelector("[data-projector]");
  if (!root) { return; }
  var region = root.querySelector("[data-live-region]");
  var version = parseInt(root.dataset.version, 10);
  var fragmentUrl = root.dataset.fragmentUrl;
  var pollTimer = null;
  var busy = false;
  var RETRY_STREAM = 15000;

  function refresh(seen) {
    if (seen !== undefined && seen <= version) { return; }
    if (busy) { return; }
    busy = true;
    fetch(fragmentUrl + "?v=" + version, { cache: "no-store", headers: { "Accept": "application/json" } })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (data) {
        if (data && data.changed && data.version !== version) {
          version = data.version;
          root.dataset.version = String(version);
          region.innerHTML = data.html;
        }
      })
      .catch(function () { /* the next poll or push tries again */ })
      .then(function () { busy = false; });
  }

  function poll() {
    if (pollTimer) { return; }
    root.dataset.liveActive = "poll";
    pollTimer = window.setInterval(function () { refresh(); }, 1000);
  }

  function stopPolling() {
    if (pollTimer) { window.clearInterval(pollTimer); pollTimer = null; }
  }

  function stream() {
    if (!window.EventSource) { poll(); return; }
    var source = new EventSource(root.dataset.streamUrl);
    source.addEventListener("open", function () { stopPolling(); root.dataset.liveActive = "sse"; });
    source.addEventListener("version", function (e) {
      try { refresh(JSON.parse(e.data).version); } catch (err) { refresh(); }
    });
    source.addEventListener("error", function () {
      // Reconnecting: catch up on what was missed.
      // Closed for good (204: no Redis or Redis down): poll, and try the stream again later.
      if (source.readyState === EventSource.CLOSED) {
        poll();
        window.setTimeout(stream, RETRY_STREAM);
      } else { refresh(); }
    });
  }

  if (root.dataset.live === "sse") { stream(); } else { poll(); }

  // Auto-scroll long standings for the room, pausing at either end.
  var reduce = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  if (!reduce) {
    var pause = 0;
    window.setInterval(function () {
      if (pause > 0) { pause -= 1; return; }
      var bottom = window.innerHeight + window.scrollY >= document.body.scrollHeight - 2;
      if (bottom) { window.scrollTo(0, 0); pause = 40; } else { window.scrollBy(0, 2); }
    }, 50);
  }
}());
