/* The print page's "Print this page" button (no inline handlers: the CSP forbids them). */
(function () {
  "use strict";
  document.querySelectorAll("[data-print]").forEach(function (button) {
    button.addEventListener("click", function () { window.print(); });
  });
}());
