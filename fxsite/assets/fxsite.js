/* fxsite: filter and sort the Evidence Library table. Progressive
   enhancement: without JavaScript the table is complete and the filter
   controls stay hidden. */
(function () {
  "use strict";
  function label() {
    /* Material's search overlay is a dialog without a name (axe: aria-dialog-name). */
    var search = document.querySelector(".md-search[role=dialog]");
    if (search && !search.getAttribute("aria-label")) search.setAttribute("aria-label", (search.querySelector("input[placeholder]") || {placeholder: "Search"}).placeholder);
  }
  /* A claim's marker (its record ID) shows once per record per section; the
     repeats show on hover and focus. Estimates keep their marker at every use.
     Without JavaScript every marker shows. */
  function quiet() {
    var article = document.querySelector("article");
    if (!article) return;
    var seen = {};
    article.querySelectorAll("h1, h2, a.fx-claim").forEach(function (el) {
      if (el.tagName !== "A") { seen = {}; return; }
      if (el.dataset.fxLabel === "estimate" || el.dataset.fxLabel === "setup") return;
      if (el.closest("h1, h2, h3, h4, h5, h6, .fx-stats")) return;
      if (seen[el.dataset.fxRecord]) el.classList.add("fx-repeat");
      seen[el.dataset.fxRecord] = true;
    });
  }
  function setup() {
    label();
    quiet();
    var table = document.querySelector(".fx-library table");
    var filters = document.querySelector(".fx-library-filters");
    if (!table || !filters || table.dataset.fxReady) return;
    table.dataset.fxReady = "1";
    filters.hidden = false;
    var rows = Array.prototype.slice.call(table.tBodies[0].rows);
    var count = filters.querySelector(".fx-library-count");
    function apply() {
      var want = {};
      filters.querySelectorAll("select[data-fx-filter]").forEach(function (s) {
        want[s.dataset.fxFilter] = s.value;
      });
      var shown = 0;
      rows.forEach(function (row) {
        var ok = (!want.label || row.dataset.fxLabel === want.label) &&
                 (!want.status || row.dataset.fxStatus === want.status);
        row.hidden = !ok;
        if (ok) shown += 1;
      });
      if (count) count.textContent = shown + " of " + rows.length + " records";
    }
    filters.addEventListener("change", apply);
    apply();
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (th, index) {
      var button = document.createElement("button");
      button.type = "button";
      button.textContent = th.textContent;
      th.textContent = "";
      th.appendChild(button);
      th.setAttribute("aria-sort", "none");
      button.addEventListener("click", function () {
        var ascending = th.getAttribute("aria-sort") !== "ascending";
        Array.prototype.forEach.call(table.tHead.rows[0].cells, function (other) {
          other.setAttribute("aria-sort", "none");
        });
        th.setAttribute("aria-sort", ascending ? "ascending" : "descending");
        var sorted = rows.slice().sort(function (a, b) {
          var x = a.cells[index], y = b.cells[index];
          var kx = x.dataset.fxSort || x.textContent.trim();
          var ky = y.dataset.fxSort || y.textContent.trim();
          var nx = parseFloat(kx), ny = parseFloat(ky);
          var c = (!isNaN(nx) && !isNaN(ny)) ? nx - ny : kx.localeCompare(ky);
          return ascending ? c : -c;
        });
        sorted.forEach(function (row) { table.tBodies[0].appendChild(row); });
      });
    });
  }
  if (typeof document$ !== "undefined" && document$.subscribe) {
    document$.subscribe(setup);  /* Material's instant navigation */
  } else {
    document.addEventListener("DOMContentLoaded", setup);
  }
})();
