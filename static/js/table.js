/* Table page: live "other side" tricks and an offline queue for entries.
 *
 * The page works without this script (plain form posts). With it, each form is
 * posted with fetch, carrying a fresh Idempotency-Key; when the network is down
 * the post is kept in localStorage and sent when the connection returns, so a
 * retry can never store a result twice (the server replays the first answer).
 */
(function () {
  "use strict";

  var QUEUE = "whistdrive.queue:" + location.pathname;
  var NOTICE = "whistdrive.notice:" + location.pathname;  // said once more after a reload
  var statusEl = document.getElementById("queue-status");
  var flushing = false;

  function uuid() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    // crypto.randomUUID needs a secure context; plain http on the venue network has none.
    var b = crypto.getRandomValues(new Uint8Array(16));
    b[6] = (b[6] & 15) | 64;
    b[8] = (b[8] & 63) | 128;
    var h = Array.prototype.map.call(b, function (x) { return x.toString(16).padStart(2, "0"); }).join("");
    return h.slice(0, 8) + "-" + h.slice(8, 12) + "-" + h.slice(12, 16) + "-" + h.slice(16, 20) + "-" + h.slice(20);
  }

  function load() {
    try { return JSON.parse(localStorage.getItem(QUEUE) || "[]"); } catch (e) { return []; }
  }

  function store(queue) {
    localStorage.setItem(QUEUE, JSON.stringify(queue));
    showQueue(queue);
  }

  function showQueue(queue, extra) {
    if (!statusEl) return;
    var queued = queue.length ? statusEl.dataset.queued.replace("%(n)s", queue.length) : "";
    var text = extra ? (queued ? queued + " " : "") + extra : queued;
    statusEl.textContent = text;
    statusEl.hidden = !text;
    // the line a queued form showed under itself follows the queue (gone once it is sent)
    document.querySelectorAll(".form-status[data-from-queue]").forEach(function (note) {
      note.textContent = queued;
    });
  }

  /* The CSRF cookie as it is now: a login in another tab of this phone replaces it, and the
   * token the form carried (or the queued entry kept) is refused from then on. */
  function csrfToken(item) {
    var match = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
    return match ? decodeURIComponent(match[1]) : item.csrf || "";
  }

  function send(item) {
    var body = new URLSearchParams(item.body);
    body.delete("csrfmiddlewaretoken");  // Django reads a form's own token before the header
    return fetch(item.url, {
      method: "POST",
      credentials: "same-origin",
      headers: {
        "Accept": "application/json",
        "Content-Type": "application/x-www-form-urlencoded",
        "Idempotency-Key": item.key,
        "X-CSRFToken": csrfToken(item)
      },
      body: body.toString()
    });
  }

  function errorOf(response) {
    return response.json().then(function (body) {
      return (body && body.error) || { message: response.statusText };
    }, function () { return { message: response.statusText }; });
  }

  /* Send the queued entries in order; stop at the first network failure. */
  function flush() {
    var queue = load();
    if (flushing || !queue.length || navigator.onLine === false) return Promise.resolve();
    flushing = true;
    var sent = false;
    var refused = [];
    var stale = null;  // the page's token is refused: kept, for the reload to send
    function next() {
      var q = load();
      if (!q.length) return Promise.resolve();
      var item = q[0];
      return send(item).then(function (response) {
        if (response.status >= 500) throw new Error("server " + response.status);
        if (response.status === 403) {
          return errorOf(response.clone()).then(function (error) {
            if (error.code === "E_CSRF") { stale = error.message; return; }
            return drop(item, response);
          });
        }
        return drop(item, response);
      });
    }
    function drop(item, response) {
      // by key, not position: a newer entry for the same hand may have replaced others
      store(load().filter(function (other) { return other.key !== item.key; }));
      if (response.ok) { sent = true; return next(); }
      return errorOf(response).then(function (error) { refused.push(error.message); return next(); });
    }
    return next().catch(function () { /* still offline: keep the queue */ }).then(function () {
      flushing = false;
      var notice = refused.length ? statusEl.dataset.refused + " " + refused.join(" ") : null;
      if (stale) notice = notice ? notice + " " + stale : stale;
      if (load().length) { if (notice) showQueue(load(), notice); return; }
      if (!sent && !notice) return;
      // all sent: show the table as stored now, with what was refused (said after the reload)
      try { if (notice) sessionStorage.setItem(NOTICE, notice); } catch (e) { showQueue([], notice); return; }
      location.reload();
    });
  }

  /* A refusal goes beside the field it names (each .field lists the names it answers to in
   * data-errors, as the server-rendered form does); otherwise under the form. */
  function showError(form, response) {
    return response.json().catch(function () { return {}; }).then(function (body) {
      var error = (body && body.error) || {};
      var msg = error.message || response.statusText;
      form.querySelectorAll(".field-error[data-js]").forEach(function (el) { el.remove(); });
      var note = form.querySelector(".form-status") || statusEl;
      var box = error.field && Array.prototype.find.call(form.querySelectorAll(".field[data-errors]"),
        function (el) { return el.dataset.errors.split(" ").indexOf(error.field) >= 0; });
      if (!box) {
        note.textContent = msg;
        note.classList.add("field-error");
        return;
      }
      note.textContent = "";
      // the server's words replace the range hint typed beside the box (not both, one above
      // the other: a Dutch walk read the same refusal twice)
      box.querySelectorAll(".field-error[data-range]").forEach(function (el) { el.remove(); });
      var input = box.querySelector("input, select");
      var p = document.createElement("p");
      p.className = "field-error";
      p.setAttribute("data-js", "");
      p.setAttribute("role", "alert");
      p.id = (input ? input.id : "field") + "_error";
      p.textContent = msg;
      box.appendChild(p);
      if (input) {
        input.setAttribute("aria-invalid", "true");
        input.setAttribute("aria-describedby", p.id);
        input.focus();
      }
    });
  }

  /* A conflict means this page is behind (the other side's phone entered or changed the
   * hand): show the table as it is now, with the server's words about what happened. */
  function showAfterReload(response) {
    return response.json().catch(function () { return {}; }).then(function (body) {
      var msg = (body && body.error && body.error.message) || response.statusText;
      try { sessionStorage.setItem(NOTICE, msg); } catch (e) { /* private mode: reload only */ }
      location.reload();
    });
  }

  /* Keep a post for later. A newer one for the same hand and action (the same URL) takes
   * the place of the one queued before it: the last tricks typed are the ones sent, and
   * the earlier, never sent, cannot refuse them as "entered meanwhile". */
  function enqueue(item, form) {
    var queue = load().filter(function (other) { return other.url !== item.url; });
    queue.push(item);
    var note = form.querySelector(".form-status");
    if (note) note.setAttribute("data-from-queue", "");
    store(queue);
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.matches || !form.matches("form[data-queue]")) return;
    event.preventDefault();
    var data = new FormData(form);
    var key = uuid();
    data.set("idempotency_key", key);
    var item = {
      url: form.action, key: key, body: new URLSearchParams(data).toString(),
      csrf: data.get("csrfmiddlewaretoken")
    };
    var button = form.querySelector("button[type=submit]");
    if (button) button.disabled = true;
    if (navigator.onLine === false) { enqueue(item, form); if (button) button.disabled = false; return; }
    send(item).then(function (response) {
      if (response.status >= 500) throw new Error("server " + response.status);
      if (response.ok) { location.reload(); return; }
      if (response.status === 409) return showAfterReload(response);  // the other side was first
      return showError(form, response);
    }).catch(function () {
      enqueue(item, form);
    }).then(function () { if (button) button.disabled = false; });
  });

  /* "E/W took 13 minus N/S": update as the tricks are typed. */
  document.querySelectorAll("output[data-complement-of]").forEach(function (out) {
    var input = document.getElementById(out.dataset.complementOf);
    if (!input) return;
    function update() {
      var n = parseInt(input.value, 10);
      out.textContent = isNaN(n) || n < 0 || n > 13 ? "–" : String(13 - n);
    }
    input.addEventListener("input", update);
    update();
  });

  /* Checked as you type: a number outside its field's range is marked at once and says
   * its range beside it (a walk saw a box turn red with no word of why). */
  document.querySelectorAll("input[type=number]").forEach(function (input) {
    input.addEventListener("input", function () {
      var v = input.value === "" ? null : Number(input.value);
      var bad = v !== null && (!Number.isInteger(v) || v < Number(input.min) || v > Number(input.max));
      var box = input.closest(".field");
      var note = box && box.querySelector(".field-error[data-range]");
      input.setAttribute("aria-invalid", bad ? "true" : "false");
      if (bad && box && !note && input.dataset.rangeError) {
        note = document.createElement("p");
        note.className = "field-error";
        note.setAttribute("data-range", "");
        note.id = input.id + "_range";
        note.textContent = input.dataset.rangeError;
        box.appendChild(note);
        input.setAttribute("aria-describedby", note.id);
      } else if (!bad && note) {
        note.remove();
        input.removeAttribute("aria-describedby");
      }
    });
  });

  var notice = null;
  try { notice = sessionStorage.getItem(NOTICE); sessionStorage.removeItem(NOTICE); } catch (e) { /* none */ }

  window.addEventListener("online", flush);
  setInterval(flush, 3000);
  showQueue(load(), notice);
  flush();
})();
