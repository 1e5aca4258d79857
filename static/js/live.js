/* Live pages (projector, public standings, table phones): act when the event's version changes.
   With Redis the server pushes versions over Server-Sent Events (data-live="sse"); without it,
   or when the stream fails, poll every data-poll-ms (default 1000).

   A root [data-live-root] with data-fragment-url has its [data-live-region] swapped for the
   server's fragment: only status and standings, never a form someone is typing in. The link
   the keyboard was on keeps the focus in the new fragment, and a [data-live-announce] line
   outside the region is given the new [data-live-status] to say (not the whole table). A stream
   opened with ?part= carries the fragment itself ("fragment" events): swapped in at once,
   with no request of its own.
   Other scripts can call window.whistLive(root, check) with their own check(seenVersion). */
(function () {
  "use strict";

  var RETRY_STREAM = 15000;  // ms: while polling, try the stream again (Redis may be back)

  function connect(root, check, apply) {
    var pollTimer = null;
    var every = parseInt(root.dataset.pollMs || "1000", 10);
    function poll() {
      if (pollTimer) { return; }
      root.dataset.liveActive = "poll";
      pollTimer = window.setInterval(function () { check(); }, every);
    }
    function stopPolling() {
      if (pollTimer) { window.clearInterval(pollTimer); pollTimer = null; }
    }
    function stream() {
      var source = new EventSource(root.dataset.streamUrl);
      source.addEventListener("open", function () { stopPolling(); root.dataset.liveActive = "sse"; });
      source.addEventListener("version", function (e) {
        try { check(JSON.parse(e.data).version); } catch (err) { check(); }
      });
      source.addEventListener("fragment", function (e) {
        try { apply(JSON.parse(e.data)); } catch (err) { check(); }
      });
      source.addEventListener("error", function () {
        // Reconnecting: catch up on what was missed. Closed for good (204: no Redis, or
        // Redis down): poll, and try the stream again later so the push resumes by itself.
        if (source.readyState === EventSource.CLOSED) {
          poll();
          window.setTimeout(stream, RETRY_STREAM);
        } else { check(); }
      });
    }
    if (root.dataset.live !== "sse" || !root.dataset.streamUrl || !window.EventSource) { poll(); return; }
    stream();
  }
  window.whistLive = connect;

  function swapper(root) {
    var region = root.querySelector("[data-live-region]");
    var version = parseInt(root.dataset.version, 10);
    var busy = false;
    function show(data) {
      if (data && data.html !== undefined && data.version > version) {
        version = data.version;
        root.dataset.version = String(version);
        var focused = region.contains(document.activeElement) ? document.activeElement : null;
        var href = focused && focused.getAttribute("href");
        region.innerHTML = data.html;
        if (href) {
          var again = region.querySelector('a[href="' + CSS.escape(href) + '"]');
          if (again) { again.focus({ preventScroll: true }); }
        }
        var announce = root.querySelector("[data-live-announce]");
        var status = region.querySelector("[data-live-status]");
        if (announce && status) { announce.textContent = status.textContent.replace(/\s+/g, " ").trim(); }
        root.dispatchEvent(new CustomEvent("whist:swapped", { bubbles: true }));
      }
    }
    function refresh(seen) {
      if (seen !== undefined && seen <= version) { return; }
      if (busy) { return; }
      busy = true;
      fetch(root.dataset.fragmentUrl + "?v=" + version, { cache: "no-store", headers: { "Accept": "application/json" } })
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (data) { if (data && data.changed) { show(data); } })
        .catch(function () { /* the next poll or push tries again */ })
        .then(function () { busy = false; });
    }
    return { refresh: refresh, show: show };
  }

  document.querySelectorAll("[data-live-root][data-fragment-url]").forEach(function (root) {
    var swap = swapper(root);
    connect(root, swap.refresh, swap.show);
  });
}());
