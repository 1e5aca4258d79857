// Small page behaviours without inline handlers (the Content-Security-Policy forbids them):
// <select data-autosubmit> submits its form when changed; <button data-print> prints the page;
// <input data-find-rows="selector"> shows only the rows holding what is typed (a name in a
// list of a thousand), again after each live update swaps the rows.
document.addEventListener("change", (event) => {
  if (event.target.matches("[data-autosubmit]")) event.target.form.requestSubmit();
});
document.addEventListener("click", (event) => {
  if (event.target.closest("[data-print]")) window.print();
});

function findRows(input) {
  const query = input.value.trim().toLocaleLowerCase();
  document.querySelectorAll(input.dataset.findRows).forEach((row) => {
    row.hidden = query !== "" && !row.textContent.toLocaleLowerCase().includes(query);
  });
}
document.addEventListener("input", (event) => {
  if (event.target.matches("[data-find-rows]")) findRows(event.target);
});
document.addEventListener("whist:swapped", () => {
  document.querySelectorAll("[data-find-rows]").forEach(findRows);
});
