/* fxsite: evidence cards for claims, quiet markers, and the Evidence Library's
   filters. Progressive enhancement: without JavaScript a claim is a plain link
   to its evidence (with a native tooltip), every marker shows, and the
   library table is complete with its filter controls hidden. */
(function () {
  "use strict";
  /* Words, per language, from fxsite's message catalogue
     (fxsite/render/messages.py): the build fills them in where it publishes
     this file. */
  var TEXT = /*fxsite:messages*/{};
  var SCRIPT = document.currentScript ? document.currentScript.src : "";
  var MAX_MARKS = 10;
  // a cell sorted by its value: a whole number or decimal, perhaps signed (not "2026-01-01")
  var NUMBER = /^[-+]?\d+(?:\.\d+)?$/;

  function word(lang, key, values) {
    var table = TEXT[lang] || {};
    var text = table[key] || (TEXT.en || {})[key] || "";
    return text.replace(/\{(\w+)\}/g, function (_, name) { return values && name in values ? values[name] : ""; });
  }
  function langOf(claim) {
    var lang = (claim.getAttribute("data-fx-lang") || document.documentElement.lang || "en").toLowerCase();
    return lang.split("-")[0];
  }

  function label() {
    /* Material's search overlay is a dialog without a name (axe: aria-dialog-name). */
    var search = document.querySelector(".md-search[role=dialog]");
    if (search && !search.getAttribute("aria-label")) search.setAttribute("aria-label", (search.querySelector("input[placeholder]") || {placeholder: "Search"}).placeholder);
  }

  /* Markers, footnote-style: a record's ID once per record per section (h1, h2),
     "est." once per model per section or subsection (h1, h2, h3: each FAQ answer),
     so every model's estimates are marked where a reader meets them; about ten
     record IDs a page at most (past that a record's ID shows at its first use on
     the page only, then no more IDs; estimates' marks always show). Hidden markers
     stay hidden on hover and focus: nothing moves. Without JavaScript every marker
     shows. */
  var EST = "\u0000est";
  function quiet() {
    var article = document.querySelector("article");
    if (!article) return;
    var marks = [];
    var section = 0;
    var sub = 0;
    article.querySelectorAll("h1, h2, h3, a.fx-claim").forEach(function (el) {
      if (el.tagName !== "A") { sub += 1; if (el.tagName !== "H3") section += 1; return; }
      var badge = el.querySelector(".fx-badge");
      if (!badge || !badge.getClientRects().length) return;
      var estimate = el.getAttribute("data-fx-label") === "estimate";
      var record = el.getAttribute("data-fx-record");
      marks.push(estimate ? {el: el, section: sub, key: EST + record} : {el: el, section: section, key: record});
    });
    function isEstimate(m) { return m.key.indexOf(EST) === 0; }
    function keep(perPage) {
      var seen = {};
      return marks.filter(function (m) {
        var where = m.key + "\u0000" + (perPage && !isEstimate(m) ? "" : m.section);
        if (seen[where]) return false;
        seen[where] = true;
        return true;
      });
    }
    var shown = keep(false);
    if (shown.length > MAX_MARKS) shown = keep(true);
    var estimates = shown.filter(isEstimate).length;
    var budget = Math.max(MAX_MARKS - estimates, 0);
    shown = shown.filter(function (m) { return isEstimate(m) || budget-- > 0; });
    marks.forEach(function (m) { m.el.classList.toggle("fx-repeat", shown.indexOf(m) < 0); });
  }

  /* ------------------------------------------------------------ evidence cards */
  var tips = new WeakMap();
  var open = null;
  var hoverTimer = 0;
  var closeTimer = 0;
  var lastPointer = {type: "", at: 0};
  var quietFocus = null;
  var loading = null;
  var evidence = null;

  /* A claim's title becomes its card: Material's tooltip and the browser's are
     not shown. This runs before Material mounts its tooltips (on
     DOMContentLoaded); a page swapped in by instant navigation has been
     mounted already, so its claims are replaced by copies Material does not
     watch. */
  function adopt(root, swapped) {
    root.querySelectorAll("a.fx-claim[title]").forEach(function (claim) {
      if (swapped) {
        var copy = claim.cloneNode(true);
        claim.parentNode.replaceChild(copy, claim);
        claim = copy;
      }
      tips.set(claim, claim.getAttribute("title"));
      claim.removeAttribute("title");
      claim.setAttribute("aria-haspopup", "dialog");
      claim.setAttribute("aria-expanded", "false");
    });
  }

  /* evidence.json, read once on the first interaction with a claim. */
  function load() {
    if (!loading) {
      var url = SCRIPT ? new URL("../../evidence.json", SCRIPT).href : "";
      loading = (url && window.fetch ? fetch(url) : Promise.reject(new Error("no evidence.json")))
        .then(function (response) { return response.ok ? response.json() : null; })
        .then(function (data) {
          if (!data || !Array.isArray(data.records) || !Array.isArray(data.figures)) return null;
          var records = {}, figures = {};
          data.records.forEach(function (r) { if (r && typeof r.id === "string") records[r.id] = r; });
          data.figures.forEach(function (f) { if (f && typeof f.ref === "string") figures[f.ref] = f; });
          evidence = {records: records, figures: figures};
          return evidence;
        })
        .catch(function () { return null; });
    }
    return loading;
  }

  function node(tag, className, text) {
    var el = document.createElement(tag);
    if (className) el.className = className;
    if (text) el.appendChild(document.createTextNode(text));
    return el;
  }
  function shownText(claim) {
    var text = "";
    claim.childNodes.forEach(function (child) { if (child.nodeType === 3) text += child.nodeValue; });
    return text.trim();
  }
  function stated(value) {
    return typeof value === "string" && value.trim() && !/^not stated/i.test(value.trim()) ? value : "";
  }
  function human(name) {
    var text = name.replace(/_/g, " ");
    return text.charAt(0).toUpperCase() + text.slice(1);
  }

  /* What the card says: the figure, its value and label, the baseline, the
     source; all from evidence.json (the record's translation in the claim's
     language where it has one), or, before that is read, from the claim itself. */
  function fill(card, claim) {
    while (card.firstChild) card.removeChild(card.firstChild);
    var lang = langOf(claim);
    var id = claim.getAttribute("data-fx-record") || "";
    var name = claim.getAttribute("data-fx-figure") || "";
    var claimLabel = claim.getAttribute("data-fx-label") || "measured";
    var record = evidence && evidence.records[id];
    var figure = evidence && evidence.figures[claim.getAttribute("data-fx-ref")];
    var own = (record && record.translations && record.translations[lang]) || {};
    var setup = name.indexOf("setup.") === 0;
    var key = name.slice("setup.".length);
    var title, value, label;
    if (setup) {
      title = word(lang, "card.setup", {name: key.replace(/_/g, " ")});
      value = record ? ((own.setup || {})[key] || (record.setup || {})[key] || "") : shownText(claim);
      label = record ? record.label : "";
    } else {
      title = ((own.what || {})[name]) || (figure && figure.what) || "";
      if (!title && !record) title = (tips.get(claim) || "").split(" \u00b7 ")[0];
      title = title || human(name);
      value = (figure && figure.display) || shownText(claim);
      label = claimLabel;
    }
    card.className = "fx-card fx-card--" + (label || "setup");
    var head = node("p", "fx-card-title", title);
    head.id = card.id + "-title";
    card.appendChild(head);
    var line = node("p", "fx-card-value");
    line.appendChild(node("span", "fx-card-figure", value));
    if (label) line.appendChild(node("span", "fx-label fx-label--" + label, word(lang, "label." + label)));
    card.appendChild(line);
    var facts = node("dl", "fx-card-facts");
    function fact(term, text) {
      if (!text) return;
      facts.appendChild(node("dt", "", term));
      facts.appendChild(node("dd", "", text));
    }
    var setupTable = record ? (own.setup || record.setup || {}) : {};
    /* The baseline only where the figure compares against it (the build decides:
       data-fx-compares; fxsite.evidence.versus), so a product's own result never reads
       as a comparison. */
    if (!setup && claim.getAttribute("data-fx-compares") === "true") {
      fact(word(lang, "card.baseline"), stated(setupTable.baseline || (record && record.setup && record.setup.baseline)));
    }
    var source = [word(lang, "card.source." + (record ? record.label : (setup ? "measured" : claimLabel)), {id: id})];
    var issuer = record && record.source && record.source.issuer;
    if (issuer) source.push(issuer);
    if (record && typeof record.date === "string") source.push(record.date);
    fact(word(lang, "card.source"), source.join(" \u00b7 "));
    if (facts.firstChild) card.appendChild(facts);
    var link = node("a", "fx-card-link", word(lang, "card.view"));
    link.href = claim.href;
    card.appendChild(link);
    var close = node("button", "fx-card-close");
    close.type = "button";
    /* Tapped or clicked, not a Tab stop: Escape closes the card (blind84: a claim, its
       card's link and this were three stops a figure, 270 on a page of 91 figures). */
    close.tabIndex = -1;
    close.setAttribute("aria-label", word(lang, "card.close"));
    close.appendChild(node("span", "", "\u00d7")).setAttribute("aria-hidden", "true");
    card.appendChild(close);
    if (evidence) card.setAttribute("data-fx-card", "evidence");
  }

  /* Below the claim, or above where there is more room; inside the viewport. A claim
     wrapped over two lines is kept clear whole: below its last line or above its first.
     On a phone the card takes the width of the screen less its margins. */
  function place() {
    if (!open) return;
    var boxes = open.claim.getClientRects();
    var first = boxes[0] || open.claim.getBoundingClientRect();
    var last = boxes[boxes.length - 1] || first;
    var rect = {left: first.left, top: first.top, bottom: Math.max(first.bottom, last.bottom)};
    var vw = document.documentElement.clientWidth, vh = window.innerHeight;
    if (rect.bottom < 0 || rect.top > vh) { close(false); return; }
    var card = open.card;
    var width = vw <= 480 ? vw - 16 : Math.min(352, vw - 16);
    card.style.width = width + "px";
    var height = card.offsetHeight;
    var below = rect.bottom + 6, above = rect.top - 6 - height;
    var top = below + height <= vh - 8 || vh - rect.bottom >= rect.top ? below : above;
    card.style.left = Math.max(8, Math.min(rect.left, vw - width - 8)) + "px";
    card.style.top = Math.max(8, Math.min(top, vh - height - 8)) + "px";
  }

  function show(claim, how) {
    clearTimeout(hoverTimer);
    clearTimeout(closeTimer);
    if (open && open.claim === claim) { open.how = how === "tap" ? how : open.how; return; }
    if (open) close(false);
    var card = node("div", "fx-card");
    card.id = "fx-card";
    card.setAttribute("role", "dialog");
    card.setAttribute("aria-labelledby", "fx-card-title");
    card.tabIndex = -1;
    if (claim.hasAttribute("data-fx-lang")) card.lang = claim.getAttribute("data-fx-lang");
    fill(card, claim);
    /* Right after the claim, so Tab reaches the card's link next; inside its
       paragraph or heading, whose siblings (h1 + p) stay as they are. */
    claim.parentNode.insertBefore(card, claim.nextSibling);
    claim.setAttribute("aria-expanded", "true");
    claim.setAttribute("aria-controls", card.id);
    open = {claim: claim, card: card, how: how};
    place();
    if (how === "tap") card.focus({preventScroll: true});
    load().then(function () {
      if (evidence && open && open.card === card && !card.hasAttribute("data-fx-card")) {
        var inside = card.contains(document.activeElement) && document.activeElement !== card;
        fill(card, claim);
        place();
        if (inside) card.focus({preventScroll: true});
      }
    });
  }

  function close(refocus) {
    clearTimeout(hoverTimer);
    clearTimeout(closeTimer);
    if (!open) return;
    var was = open;
    open = null;
    was.claim.setAttribute("aria-expanded", "false");
    was.claim.removeAttribute("aria-controls");
    if (was.card.parentNode) was.card.parentNode.removeChild(was.card);
    if (refocus && document.activeElement !== was.claim) {
      quietFocus = was.claim;
      was.claim.focus({preventScroll: true});
    }
  }

  function claimAt(target) {
    return target && target.closest ? target.closest("a.fx-claim") : null;
  }
  function inCard(target) {
    return !!(open && target && open.card.contains(target));
  }

  function listen() {
    document.addEventListener("pointerdown", function (event) {
      lastPointer = {type: event.pointerType, at: Date.now()};
      if (claimAt(event.target)) load();
    }, true);
    /* A tap opens the card; a second tap on the same claim, or the card's
       link, follows the evidence. A mouse click or Enter follows it at once. */
    document.addEventListener("click", function (event) {
      if (event.target.closest && event.target.closest(".fx-card-close")) { close(true); return; }
      var claim = claimAt(event.target);
      if (claim && event.button === 0 && !(event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)) {
        var kind = event.pointerType || (Date.now() - lastPointer.at < 1000 ? lastPointer.type : "");
        if ((kind === "touch" || kind === "pen") && !(open && open.claim === claim && open.how === "tap")) {
          event.preventDefault();
          show(claim, "tap");
        } else {
          close(false);
        }
        return;
      }
      if (open && !inCard(event.target)) close(false);
    });
    /* Desktop: hover opens the card (after a short delay), leaving the claim
       and the card closes it. */
    document.addEventListener("pointerover", function (event) {
      if (event.pointerType !== "mouse") return;
      var claim = claimAt(event.target);
      if (claim || inCard(event.target)) clearTimeout(closeTimer);
      if (claim && !(open && open.claim === claim)) {
        load();
        clearTimeout(hoverTimer);
        hoverTimer = setTimeout(function () { show(claim, "hover"); }, 150);
      }
    });
    document.addEventListener("pointerout", function (event) {
      if (event.pointerType !== "mouse") return;
      var to = event.relatedTarget;
      var from = claimAt(event.target);
      if (!from && !inCard(event.target)) return;
      if (from && to && from.contains(to)) return;
      if (open && to && (open.claim.contains(to) || open.card.contains(to))) return;
      clearTimeout(hoverTimer);
      if (open && open.how === "hover") closeTimer = setTimeout(function () { close(false); }, 300);
    });
    /* Keyboard focus opens the card; focus moving elsewhere closes it. */
    document.addEventListener("focusin", function (event) {
      var claim = claimAt(event.target);
      if (claim) {
        if (quietFocus === claim) { quietFocus = null; return; }
        if (open && open.claim === claim) return;
        var pointer = Date.now() - lastPointer.at < 800;
        if (!pointer && claim.matches(":focus-visible")) { load(); show(claim, "focus"); }
        else if (open && open.how !== "tap") close(false);
        return;
      }
      if (open && !inCard(event.target)) close(false);
    });
    document.addEventListener("keydown", function (event) {
      if (event.key !== "Escape" || !open) return;
      close(open.card.contains(document.activeElement) || document.activeElement === open.claim);
    });
    window.addEventListener("scroll", function () { if (open) window.requestAnimationFrame(place); }, {passive: true});
    window.addEventListener("resize", function () { if (open) window.requestAnimationFrame(place); });
  }

  /* ------------------------------------------------------------ the Evidence Library */
  function library() {
    var table = document.querySelector(".fx-library table");
    var filters = document.querySelector(".fx-library-filters");
    if (!table || !filters || table.dataset.fxReady) return;
    table.dataset.fxReady = "1";
    filters.hidden = false;
    var rows = Array.prototype.slice.call(table.tBodies[0].rows);
    var count = filters.querySelector(".fx-library-count");
    /* A long library's index has pages (a pager): filtering or sorting first reads the
       other pages' rows into this table, in the pager's order, so that both cover every
       record; where they cannot be fetched (a site opened from files), this page's. */
    var pager = document.querySelector(".fx-library-pages");
    var links = pager ? Array.prototype.slice.call(pager.querySelectorAll("a[href]")) : [];
    var whole = links.length < 2;
    var loading = null;
    function rowsOf(link) {
      if (link.getAttribute("aria-current") === "page") return Promise.resolve(rows);
      var url = link.href;
      return fetch(url).then(function (response) {
        if (!response.ok) throw new Error(response.status);
        return response.text();
      }).then(function (text) {
        var page = new DOMParser().parseFromString(text, "text/html");
        var found = page.querySelectorAll(".fx-library tbody tr[data-fx-label]");
        return Array.prototype.map.call(found, function (row) {
          row.querySelectorAll("a[href]").forEach(function (a) {  /* links as from there */
            a.setAttribute("href", new URL(a.getAttribute("href"), url).href);
          });
          return document.adoptNode(row);
        });
      });
    }
    function everyRow() {
      if (whole) return Promise.resolve();
      if (!loading) {
        if (count) count.textContent = "reading every page…";
        loading = Promise.all(links.map(rowsOf)).then(function (pages) {
          rows = [].concat.apply([], pages);
          rows.forEach(function (row) { table.tBodies[0].appendChild(row); });
          pager.hidden = true;
          whole = true;
        }, function () {});
      }
      return loading;
    }
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
      if (count) count.textContent = shown + " of " + rows.length + " records" + (whole ? "" : " on this page");
    }
    filters.addEventListener("change", function () { everyRow().then(apply); });
    apply();
    var heads = Array.prototype.slice.call(table.tHead.rows[0].cells);
    function sort(index, ascending) {
      heads.forEach(function (other) { other.setAttribute("aria-sort", "none"); });
      heads[index].setAttribute("aria-sort", ascending ? "ascending" : "descending");
      var sorted = rows.slice().sort(function (a, b) {
        var x = a.cells[index], y = b.cells[index];
        var kx = x.dataset.fxSort || x.textContent.trim();
        var ky = y.dataset.fxSort || y.textContent.trim();
        // numbers by value; anything else (IDs, dates) with its digits read as numbers,
        // as the index lists IDs ("R2" before "R10"; "2026-03-01" after "2026-01-01")
        var c = (NUMBER.test(kx) && NUMBER.test(ky))
          ? parseFloat(kx) - parseFloat(ky)
          : kx.localeCompare(ky, undefined, { numeric: true, sensitivity: "base" });
        return ascending ? c : -c;
      });
      sorted.forEach(function (row) { table.tBodies[0].appendChild(row); });
      apply();
    }
    /* Where the table is stacked into cards its head is out of sight: the same sorts are
       offered beside the filters (blind84: no sort control on a phone). */
    var order = document.createElement("select");
    order.dataset.fxOrder = "";
    order.appendChild(new Option("as listed", ""));
    heads.forEach(function (th, index) {
      var name = th.textContent.trim();
      order.appendChild(new Option(name + " ↑", index + ":asc"));
      order.appendChild(new Option(name + " ↓", index + ":desc"));
      var button = document.createElement("button");
      button.type = "button";
      button.textContent = th.textContent;
      th.textContent = "";
      th.appendChild(button);
      th.setAttribute("aria-sort", "none");
      button.addEventListener("click", function () {
        var ascending = th.getAttribute("aria-sort") !== "ascending";
        order.value = index + (ascending ? ":asc" : ":desc");
        everyRow().then(function () { sort(index, ascending); });
      });
    });
    order.addEventListener("change", function (event) {
      event.stopPropagation();  /* a sort, not a filter */
      var picked = order.value.split(":");
      if (picked.length === 2) everyRow().then(function () { sort(+picked[0], picked[1] === "asc"); });
    });
    var sorter = document.createElement("label");
    sorter.className = "fx-library-sort";
    sorter.append("Sort ", order);
    filters.insertBefore(sorter, count);
  }

  function setup() {
    close(false);
    label();
    adopt(document, true);
    quiet();
    library();
  }
  adopt(document, document.readyState !== "loading");
  listen();
  if (typeof document$ !== "undefined" && document$.subscribe) {
    document$.subscribe(setup);  /* Material's instant navigation */
  } else {
    document.addEventListener("DOMContentLoaded", setup);
  }
})();
