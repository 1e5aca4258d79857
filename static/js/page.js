// Small page behaviours without inline handlers (the Content-Security-Policy forbids them):
// <select data-autosubmit> submits its form when changed; <button data-print> prints the page;
// <input data-find-rows="selector"> shows only the rows holding what is typed (a name in a
// list of a thousand), again after each live update swaps the rows; the language list closes
// on Escape and when the keyboard's focus leaves it (open, it covered the next link); a form
// sent back with errors puts the keyboard on its first field to put right (not the page top).
document.addEventListener("change", (event) => {
  if (event.target.matches("[data-autosubmit]")) event.target.form.requestSubmit();
});
document.addEventListener("click", (event) => {
  if (event.target.closest("[data-print]")) window.print();
});

// "Helene" finds "Hélène" and "o'brien" finds "O’Brien": a phone's keyboard rarely gives the
// accent, and may curl the apostrophe (a 1,000-player walk found neither).
function folded(text) {
  return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/[’‘`]/g, "'")
    .toLocaleLowerCase();
}

function findRows(input) {
  const query = folded(input.value.trim());
  document.querySelectorAll(input.dataset.findRows).forEach((row) => {
    row.hidden = query !== "" && !folded(row.textContent).includes(query);
  });
}
document.addEventListener("input", (event) => {
  if (event.target.matches("[data-find-rows]")) findRows(event.target);
});
document.addEventListener("whist:swapped", () => {
  document.querySelectorAll("[data-find-rows]").forEach(findRows);
});

document.addEventListener("keydown", (event) => {
  const menu = event.key === "Escape" && event.target.closest("details.language-switcher[open]");
  if (!menu) return;
  menu.open = false;
  menu.querySelector("summary").focus();
});
document.addEventListener("focusout", (event) => {
  const menu = event.target.closest("details.language-switcher[open]");
  if (menu && event.relatedTarget && !menu.contains(event.relatedTarget)) menu.open = false;
});

const firstInvalid = document.querySelector('form [aria-invalid="true"]');
if (firstInvalid && !document.querySelector("[autofocus]")) firstInvalid.focus();
