/* Projector: live.js swaps in the live part when the event's version changes (Server-Sent
   Events, polling as the fallback); this pages long lists in columns, never scrolling. */
(function () {
  "use strict";
  var root = document.querySelector("[data-projector]");
  if (!root) { return; }
  var region = root.querySelector("[data-live-region]");

  // Page long lists (standings, the seating board) in columns that fill the screen: the
  // room reads a still page; a new one every few seconds.
  var page = 0;
  var PAGE_SECONDS = 12;

  function paginate() {
    var list = region.querySelector("[data-pages]");
    var label = region.querySelector("[data-page-label]");
    if (!list) { if (label) { label.hidden = true; } return; }
    var cells = Array.prototype.slice.call(list.children);
    if (!cells.length) { return; }
    // Measure with one cell shown: laying out a thousand rows only to count how many fit
    // took longer than the push that brought them.
    cells.forEach(function (c, i) { c.hidden = i > 0; });
    list.style.gridTemplateRows = "";
    list.style.gridTemplateColumns = "";
    // The label's room measured shown, whether or not it shows now: measured hidden (0) on
    // the first page, the first page took a row more than the next, and names came twice.
    if (label) {
      label.hidden = false;
      if (!label.textContent) { label.textContent = root.dataset.pageText.replace("%(page)s", 1).replace("%(pages)s", 9); }
    }
    var labelRoom = label ? label.getBoundingClientRect().height : 0;
    var room = window.innerHeight - list.getBoundingClientRect().top - 24;
    var rowH = cells[0].getBoundingClientRect().height || 1;
    // The explicit (auto-fill) columns only: flowing by row adds no implicit columns.
    list.style.gridAutoFlow = "row";
    var cols = Math.max(1, getComputedStyle(list).gridTemplateColumns.split(" ").length);
    list.style.gridAutoFlow = "";
    // Everyone on one screen needs no page label; pages keep a row free for it, every page.
    var rows = Math.max(1, Math.floor(room / rowH));
    if (rows * cols < cells.length) { rows = Math.max(1, Math.floor((room - labelRoom) / rowH)); }
    var per = rows * cols;
    var pages = Math.max(1, Math.ceil(cells.length / per));
    if (page >= pages) { page = 0; }
    // One page: only as many columns as the rows need, so a short list's names are not cut
    // to fit columns it leaves half empty; as few rows as fill them evenly. Several pages:
    // every page full height.
    var need = Math.ceil(cells.length / rows);
    if (pages === 1 && need < cols) {
      cols = need;
      list.style.gridTemplateColumns = "repeat(" + cols + ", minmax(0, 44em))";
    }
    var used = pages > 1 ? rows : Math.ceil(cells.length / cols);
    list.style.gridTemplateRows = "repeat(" + used + ", auto)";
    cells.forEach(function (c, i) { c.hidden = Math.floor(i / per) !== page; });
    root.dataset.pageCount = String(pages);
    root.dataset.page = String(page + 1);
    if (label) {
      label.hidden = pages < 2;
      label.textContent = root.dataset.pageText.replace("%(page)s", page + 1).replace("%(pages)s", pages);
      // The seating board is in name order: the page says which names it holds, so a player
      // waits for theirs instead of reading 24 pages (a 1,000-player walk).
      var shown = cells.filter(function (c) { return !c.hidden; });
      if (pages > 1 && list.classList.contains("board") && shown.length) {
        var name = function (c) { var n = c.querySelector(".name"); return n ? n.textContent : ""; };
        label.textContent += " · " + name(shown[0]) + " – " + name(shown[shown.length - 1]);
      }
    }
  }

  new MutationObserver(paginate).observe(region, { childList: true });
  window.addEventListener("resize", paginate);
  var shown = 0;  // seconds the current page has been up (data-page-seconds overrides)
  window.setInterval(function () {
    shown += 1;
    if (shown < parseInt(root.dataset.pageSeconds || PAGE_SECONDS, 10)) { return; }
    shown = 0;
    if (parseInt(root.dataset.pageCount || "1", 10) > 1) { page += 1; paginate(); }
  }, 1000);
  paginate();
}());
