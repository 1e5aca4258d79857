/* Table page: move on by itself when the organizer opens the next round, and show what the
   other side's phone entered or confirmed. Asks the table's state (round number and a stamp of
   this table's results) whenever live.js reports a change. When either differs from what is
   shown, the page reloads, unless someone has typed into a form here: then a notice offers the
   new state, so nothing typed is ever thrown away. After such a reload the page says why
   (table.js shows the notice) and the keyboard's focus is back on the control it was on. */
(function () {
  "use strict";
  var root = document.querySelector("[data-table-live]");
  if (!root || !window.whistLive) { return; }
  var shown = root.dataset.round || "";
  var results = root.dataset.results || "";
  var typed = false;
  var busy = false;
  var NOTICE = "whistdrive.notice:" + location.pathname;  // table.js says it after the reload
  var FOCUS = "whistdrive.focus:" + location.pathname;
  try {
    var again = document.getElementById(sessionStorage.getItem(FOCUS) || "");
    sessionStorage.removeItem(FOCUS);
    if (again) { again.focus(); }
  } catch (e) { /* private mode: no focus kept */ }

  function reload(note) {
    try {
      if (note) { sessionStorage.setItem(NOTICE, note.firstChild.textContent.trim()); }
      if (document.activeElement && document.activeElement.id) {
        sessionStorage.setItem(FOCUS, document.activeElement.id);
      }
    } catch (e) { /* private mode: a plain reload */ }
    location.reload();
  }
  document.addEventListener("input", function (e) {
    if (e.target.closest && e.target.closest("form")) { typed = true; }
  });
  function check() {
    if (busy) { return; }
    busy = true;
    fetch(root.dataset.stateUrl, { cache: "no-store", headers: { "Accept": "application/json" } })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (state) {
        if (!state) { return; }
        var now = state.round === null ? "" : String(state.round);
        var sameRound = now === shown;
        if (sameRound && (state.results || "") === results) { return; }
        var note = document.getElementById(sameRound ? "results-changed" : "round-changed");
        if (!typed) { reload(note); return; }
        if (note) { note.hidden = false; }
      })
      .catch(function () { /* offline: the next check tries again */ })
      .then(function () { busy = false; });
  }
  window.whistLive(root, check);
  window.setInterval(check, 15000);  // a missed push (a phone asleep, a proxy) is caught anyway
}());
