// Small page behaviours without inline handlers (the Content-Security-Policy forbids them):
// <select data-autosubmit> submits its form when changed; <button data-print> prints the page.
document.addEventListener("change", (event) => {
  if (event.target.matches("[data-autosubmit]")) event.target.form.requestSubmit();
});
document.addEventListener("click", (event) => {
  if (event.target.closest("[data-print]")) window.print();
});
