/* The round clock: counts down from the seconds the server last gave (data-left), so a
   reload or a server restart shows the same time. Clocks with data-clock-url (the table
   phones) ask the server again every few seconds; the projector's clock is replaced with
   each live update. */
(function () {
  "use strict";
  var seen = new WeakMap();  // clock element -> {left, at}: when its data-left was read

  function fmt(s) {
    var h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), sec = s % 60;
    var mm = h ? (m < 10 ? "0" : "") + m : String(m);
    return (h ? h + ":" : "") + mm + ":" + (sec < 10 ? "0" : "") + sec;
  }

  function base(el) {
    var b = seen.get(el);
    if (!b || b.raw !== el.dataset.left) {
      b = { raw: el.dataset.left, left: parseInt(el.dataset.left, 10) || 0, at: Date.now() };
      seen.set(el, b);
    }
    return b;
  }

  function show(el) {
    var b = base(el), state = el.dataset.state, left = b.left;
    if (state === "running") { left = Math.max(0, left - Math.floor((Date.now() - b.at) / 1000)); }
    var time = el.querySelector("[data-clock-time]"), note = el.querySelector("[data-clock-note]");
    var text = fmt(left);
    if (time && time.textContent !== text) { time.textContent = text; }
    var words = state === "paused" ? el.dataset.pausedText
      : state === "stopped" ? el.dataset.stoppedText
      : left === 0 ? el.dataset.overText : "";
    if (note && note.textContent !== words) { note.textContent = words || ""; }
    el.classList.toggle("clock-warn", state !== "stopped" && left <= parseInt(el.dataset.warn, 10));
    el.classList.toggle("clock-over", state === "running" && left === 0);
    if (el.hasAttribute("data-hide-stopped")) { el.hidden = state === "stopped"; }
    ["running", "paused", "stopped"].forEach(function (s) { el.classList.toggle("clock-" + s, s === state); });
  }

  function ask(el) {
    fetch(el.dataset.clockUrl, { cache: "no-store", headers: { "Accept": "application/json" } })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (d) {
        if (!d) { return; }
        el.dataset.state = d.state;
        el.dataset.left = String(d.left);
        seen.delete(el);
        show(el);
      })
      .catch(function () { /* offline: keep counting from what we had */ });
  }

  window.setInterval(function () {
    document.querySelectorAll("[data-clock]").forEach(show);
  }, 250);
  window.setInterval(function () {
    document.querySelectorAll("[data-clock][data-clock-url]").forEach(ask);
  }, 5000);
}());
