"""What the build writes from the records, read back from a published page.

A record page's figure rows and status, each chart's data table and drawings, and
the trust markers (badges, setup rows, the library's rows, sources, invariants, an
evidence-consistency block, and the words of :mod:`.marker_words`: provenance, banners,
legends, a card's source, what a figure row says beside its value), read as written,
before the walk of :mod:`.visible` rewrites text in the case drawn: the gate recomputes
each from the evidence and compares (:mod:`.audit`, :mod:`.markers`, :mod:`.charts`).
"""

from __future__ import annotations

from selectolax.lexbor import LexborNode

from fxsite.verify.chrome import normalise
from fxsite.verify.css import hides
from fxsite.verify.nodes import direct_text, node_attrs, node_text, structure
from fxsite.verify.shown import Chart, Drawing, PageText, Part, Shape
from fxsite.verify.styled import undrawn

__all__ = ["read_generated", "read_parts", "stray_mark"]


def read_generated(root: LexborNode, page: PageText) -> None:
    """The parts of generated pages the audit recomputes: record rows, charts."""
    for row in root.css("tr[data-fx-ref][id]"):
        attrs = node_attrs(row)
        value = row.css_first("td.fx-value")
        label = row.css_first(".fx-label")
        page.rows[attrs["id"]] = (
            attrs["data-fx-ref"],
            direct_text(value) if value is not None else "",
            node_text(label),
        )
    page.statuses = [node_text(n) for n in root.css(".fx-record-badges .fx-status")]
    for figure in root.css("figure.fx-chart"):
        trs = figure.css("table.fx-chart-data tbody tr")
        rows = tuple(tuple(node_text(cell) for cell in tr.css("td")) for tr in trs)
        drawings = tuple(
            Drawing(
                tuple(_drawn_text(t) for t in svg.css("text")),
                node_text(svg.css_first("desc")),
                tuple(
                    (
                        node_attrs(a).get("href", ""),
                        tuple(node_attrs(p).get("d", "") for p in a.css("path")),
                    )
                    for a in svg.css("a")
                ),
                tuple(_bar_look(a) for a in svg.css("a")),
            )
            for svg in figure.css("svg")
        )
        page.charts.append(
            Chart(
                node_attrs(figure).get("id", ""),
                # A grouped chart's table starts with the group (its own text, read as the chart's).
                tuple((r[-4], r[-3], r[-2], r[-1]) for r in rows if len(r) in (4, 5)),
                drawings,
                node_text(figure.css_first("p.fx-chart-source")),
                tuple(_row_link(tr) for tr, r in zip(trs, rows, strict=True) if len(r) in (4, 5)),
            )
        )


def _row_link(row: LexborNode) -> str:
    """Where a chart's data-table row links: the href of its links, "" where it has none,
    a space between two (a row links its figure once)."""
    return " ".join(node_attrs(a).get("href", "") for a in row.css("a"))


#: SVG presentation attributes that may leave a text undrawn, read as their style would be.
_PRESENTATION = ("display", "visibility", "opacity", "fill-opacity", "fill", "font-size")


def _drawn(node: LexborNode) -> bool:
    attrs = node_attrs(node)
    said = "; ".join(f"{k}: {attrs[k]}" for k in _PRESENTATION if attrs.get(k) is not None)
    return not undrawn(attrs) and not (said and hides(said))


def _drawn_text(text: LexborNode) -> str:
    """A chart's ``<text>`` as drawn: without a ``<tspan>`` its attributes leave undrawn
    (blind68: a caption's " · estimate" at ``font-size="0"``)."""
    return normalise(_drawn_run(text)) if _drawn(text) else ""


def _drawn_run(node: LexborNode) -> str:
    parts = []
    for child in node.iter(include_text=True):
        if child.tag == "-text":
            parts.append(child.text_content or "")
        elif child.tag == "tspan" and _drawn(child):
            parts.append(_drawn_run(child))
    return "".join(parts)


def _bar_look(link: LexborNode) -> tuple[str, str, str, str]:
    """A chart bar's link, its group's class, its tooltip and its first path's style."""
    group = link.parent
    path = link.css_first("path")
    return (
        node_attrs(link).get("href", ""),
        node_attrs(group).get("class", "") if group is not None else "",
        node_text(link.css_first("title")),
        node_attrs(path).get("style", "") if path is not None else "",
    )


def _shape(node: LexborNode) -> Shape:
    return structure(node), node_text(node)


def read_parts(root: LexborNode, page: PageText) -> None:
    """Trust markers the build writes from the records (see :class:`Part`)."""
    for node in root.css("p.fx-record-badges"):
        page.parts.append(Part("badges", "", "", "", _shape(node)))
    for row in root.css(".fx-setup tr"):
        heading = row.css_first("th")
        page.parts.append(
            Part("setup", node_attrs(row).get("id", ""), "", node_text(heading), _shape(row))
        )
    for row in root.css(".fx-library tr[data-fx-label]"):
        link = row.css_first("td a")
        # Not the cell of citation counts: the site fills it in once every page is known.
        cells = [c for c in row.css("td") if node_attrs(c).get("data-label") != "Cited on pages"]
        shape = (
            (("tr", tuple(sorted(node_attrs(row).items()))),),
            repr([_shape(c) for c in cells]),
        )
        href = node_attrs(link).get("href", "") if link is not None else ""
        page.parts.append(Part("library", node_text(link), href, "", shape))
    for nav in root.css("nav.fx-library-pages"):  # the index's links to its pages
        links = tuple((node_text(a), node_attrs(a).get("href", "")) for a in nav.css("a"))
        page.parts.append(Part("pager", "", "", "", _shape(nav), links))
    for item in root.css("ul.fx-sources > li"):
        link = item.css_first("a.fx-source-id")
        href = node_attrs(link).get("href", "") if link is not None else ""
        page.parts.append(Part("source", node_text(link), href, "", _shape(item)))
    for note in root.css("p.fx-estimate-note"):
        links = tuple((node_text(a), node_attrs(a).get("href", "")) for a in note.css("a"))
        page.parts.append(Part("note", "", "", "", _shape(note), links))
    for note in root.css("p.fx-unrounded"):
        page.parts.append(Part("unrounded", "", "", "", _shape(note)))
    for row in root.css("tr:is(.fx-invariants tr, .fx-invariant)"):
        names = row.css_first(".fx-formula-names")
        page.parts.append(Part("invariant", node_text(names), "", "", _shape(row)))
    for block in root.css("div.fx-consistency"):
        _consistency(block, page)
    for kind, selector in _WHOLE_PARTS:
        for node in root.css(selector):
            links = tuple((node_text(a), node_attrs(a).get("href", "")) for a in node.css("a"))
            page.parts.append(Part(kind, "", "", "", _shape(node), links))
    for row in root.css("tr[data-fx-ref][id]"):
        _row_words(row, page)
    for notes in root.css("div.fx-notes"):
        page.parts.append(Part("record-notes", "", "", node_text(notes), _unlinked(notes)))
    for mark in root.css(_MARKS):
        if not _in_its_place(mark):
            kind = next(c for c in _MARK_CLASSES if c in node_attrs(mark).get("class", "").split())
            page.parts.append(Part("stray-mark", kind, "", node_text(mark), _shape(mark)))
    for card in root.css("div.fx-stat"):
        claim = card.css_first("a[data-fx-ref]")
        source = card.css_first(".fx-stat-source")
        ref = node_attrs(claim).get("data-fx-ref", "") if claim is not None else ""
        classes = (("div", (("class", node_attrs(card).get("class", "")),)),)
        text = node_text(source) if source is not None else ""
        page.parts.append(Part("stat", ref, "", text, (classes, text)))


#: The classes of the marks that say how far a figure can be trusted.
_MARK_CLASSES = ("fx-label", "fx-badge", "fx-status", "fx-mark")
_MARKS = ", ".join(f".{name}" for name in _MARK_CLASSES)
#: Where the build writes them: in a claim, a figure row's label cell, the Data sources,
#: the library, a record's badges, a legend, the estimate note.
_PLACES = frozenset(
    {
        ("a", "fx-claim"),
        ("td", "fx-label-cell"),
        ("ul", "fx-sources"),
        ("div", "fx-library"),
        ("p", "fx-record-badges"),
        ("dl", "fx-legend"),
        ("ul", "fx-legend-markers"),
        ("p", "fx-estimate-note"),
    }
)


def _in_its_place(mark: LexborNode) -> bool:
    """``mark`` stands where the build writes marks (:data:`_PLACES`): in what the build
    writes, which the gate renders again and compares, as it does claims."""
    node = mark.parent
    while node is not None and node.tag not in ("body", "html"):
        classes = node_attrs(node).get("class", "").split()
        if any((node.tag, c) in _PLACES for c in classes):
            return True
        node = node.parent
    return False


def stray_mark(part: Part) -> str:
    """The finding's message for a mark written where the build writes none."""
    return (
        f"a mark '{part.label}' ({part.key}) stands where the build writes none: the marks "
        "that say how far a figure can be trusted are written by the build from its "
        "evidence; cite the figure instead"
    )


def _unlinked(node: LexborNode) -> Shape:
    """:func:`_shape` but for where links go (the site's layout, not the evidence)."""
    shape = structure(node)
    return (
        tuple((tag, tuple(a for a in attrs if a[0] != "href")) for tag, attrs in shape),
        node_text(node),
    )


def _row_words(row: LexborNode, page: PageText) -> None:
    """What a record page's figure row says of its figure beside its value: the notes by
    the value ("stated in line 4 of R9.txt"), its description, a derived figure's working
    line and the record's notes (but where their links go) and its label badge (whole)."""
    ref = node_attrs(row).get("data-fx-ref", "")
    cell = row.css_first("td.fx-value")
    if cell is not None:
        notes = cell.css("span.fx-meta")
        said = " · ".join(node_text(n) for n in notes)
        marks: Shape = (tuple(k for n in notes for k in structure(n)), said)
        page.parts.append(Part("value-notes", ref, "", said, marks))
    for kind, selector in (("row-what", ".fx-what"), ("row-working", "td.fx-working")):
        node = row.css_first(selector)
        if node is not None:
            page.parts.append(Part(kind, ref, "", node_text(node), _unlinked(node)))
    badge = row.css_first("td.fx-label-cell")
    if badge is not None:
        page.parts.append(Part("row-label", ref, "", node_text(badge), _shape(badge)))


#: Parts compared whole with their render (:mod:`.markers`): a record page's head (its
#: provenance, model and status banners), the library's summary and label legend, and
#: the legend of a page's markers.
_WHOLE_PARTS = (
    ("provenance", "section.fx-provenance"),
    ("model-banner", "div.fx-model-banner"),
    ("status-banner", "div.fx-status-banner"),
    ("library-summary", "p.fx-library-summary"),
    ("label-legend", "dl.fx-legend"),
    ("marker-legend", "ul.fx-legend-markers"),
)


def _consistency(block: LexborNode, page: PageText) -> None:
    """An evidence-consistency block's parts, in order: the block (its links, reused to
    render it again), its summary, each row, each invariant or figure listed as not
    holding or not found, and its closing sentence. The published ``evidence.json`` says
    what the build found in the report documents (``stated_in``), so all of it is
    rendered again from the published evidence."""
    links = tuple((node_text(a), node_attrs(a).get("href", "")) for a in block.css("a"))
    page.parts.append(Part("consistency", "block", "", "", ((), ""), links))
    for node in block.css(
        "p.fx-consistency-summary, tbody > tr, ul.fx-consistency-problems > li, "
        "p.fx-consistency-none"
    ):
        shape = _shape(node)
        if node.tag == "tr":  # its cells told apart in a message: "R1 · 1 of 2 hold · …"
            shape = (shape[0], " · ".join(node_text(cell) for cell in node.css("td")))
        page.parts.append(Part("consistency", node.tag or "", "", shape[1], shape))
