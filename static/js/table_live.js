/* Table page: move on by itself when the organizer opens the next round, and show what the
   other side's phone entered or confirmed. Asks the table's state (round number and a stamp of
   this table's results) whenever live.js reports a change. When either differs from what is
   shown, the page reloads, unless someone has typed into a form here: then a notice offers the
   new state, so nothing typed is ever thrown away. */
(function () {
  "use strict";
  var root = document.querySelector("[data-table-live]");
  if (!root || !window.whistLive) { return; }
  var shown = root.dataset.round || "";
  var results = root.dataset.results || "";
  var typed = false;
  var busy = false;
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
        if (!typed) { location.reload(); return; }
        var note = document.getElementById(sameRound ? "results-changed" : "round-changed");
        if (note) { note.hidden = false; }
      })
      .catch(function () { /* offline: the next check tries again */ })
      .then(function () { busy = false; });
  }
  window.whistLive(root, check);
  window.setInterval(check, 15000);  // a missed push (a phone asleep, a proxy) is caught anyway
}());
