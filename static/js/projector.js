/* Projector: live updates come from live.js; this auto-scrolls long standings for the room,
   pausing at either end. */
(function () {
  "use strict";
  if (!document.querySelector("[data-projector]")) { return; }
  var reduce = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  if (reduce) { return; }
  var pause = 0;
  window.setInterval(function () {
    if (pause > 0) { pause -= 1; return; }
    var bottom = window.innerHeight + window.scrollY >= document.body.scrollHeight - 2;
    if (bottom) { window.scrollTo(0, 0); pause = 40; } else { window.scrollBy(0, 2); }
  }, 50);
}());
