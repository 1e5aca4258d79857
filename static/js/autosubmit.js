// A <select data-autosubmit> submits its form when changed (no inline handlers: the CSP forbids them).
document.addEventListener("change", (event) => {
  if (event.target.matches("[data-autosubmit]")) event.target.form.requestSubmit();
});
