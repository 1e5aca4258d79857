/* The results grid: Enter moves to the next cell like Tab (Ctrl+Enter saves), so a column of
   numbers can be typed without the mouse; the page opens on the first cell to fix (autofocus). */
(function () {
  "use strict";
  var form = document.getElementById("grid-form");
  if (!form) { return; }
  form.addEventListener("keydown", function (e) {
    if (e.key !== "Enter" || !e.target.matches("[data-grid-input]")) { return; }
    e.preventDefault();
    if (e.ctrlKey || e.metaKey) { form.requestSubmit(); return; }
    var inputs = Array.prototype.slice.call(form.querySelectorAll("[data-grid-input]"));
    var next = inputs[inputs.indexOf(e.target) + (e.shiftKey ? -1 : 1)];
    if (next) { next.focus(); if (next.select) { next.select(); } }
  });
  var first = form.querySelector("[autofocus]");
  if (first) { first.scrollIntoView({ block: "center" }); first.focus(); }
}());
