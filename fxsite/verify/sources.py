"""Findings on published files mapped back to the source page that holds the text."""

from __future__ import annotations

import zlib
from collections import Counter
from collections.abc import Collection, Iterable, Iterator, Mapping
from dataclasses import replace
from urllib.parse import unquote

from fxsite.findings import Finding
from fxsite.pages.frontmatter import split_front_matter
from fxsite.pages.locate import SourceLocator
from fxsite.pages.prose import line_col
from fxsite.verify.audit import url_of

__all__ = ["PackedSources", "at_first_lines", "locate_in_sources", "not_reported"]


class PackedSources(Mapping[str, tuple[str, str]]):
    """``(source path, source text)`` by site URL, each text kept zlib-compressed
    (:func:`pack`) until a finding is placed in it: a build holds every page's source
    until its gate has run."""

    def __init__(self, packed: Mapping[str, tuple[str, bytes]]) -> None:
        self._packed = packed

    @staticmethod
    def pack(path: str, text: str) -> tuple[str, bytes]:
        return path, zlib.compress(text.encode("utf-8", "surrogatepass"), 1)

    def __getitem__(self, url: str) -> tuple[str, str]:
        path, packed = self._packed[url]
        return path, zlib.decompress(packed).decode("utf-8", "surrogatepass")

    def __iter__(self) -> Iterator[str]:
        return iter(self._packed)

    def __len__(self) -> int:
        return len(self._packed)


def _position(source: str, snippet: str, code: str) -> tuple[int, int] | None:
    """1-based line and column of ``snippet`` in ``source``, where it is written whole.

    Not at its number alone: a text the theme or a plugin wrote ("5 min") is not the page's;
    a bare figure (``code`` FX501) not in a claim's text (blind83: a snippet's bare "178 s"
    was placed at the page's claim of it, a second finding on a cited figure).
    """
    at = SourceLocator(source).find(snippet, "FX501" if code == "FX501" else "figure", whole=True)
    return None if at is None else line_col(source, at)


def locate_in_sources(
    findings: list[Finding], sources: Mapping[str, tuple[str, str]]
) -> list[Finding]:
    """Each finding on a page moved to ``src path:line:col`` where its text is written.

    ``sources`` maps a site URL (``""`` for the home page, ``a/`` for
    ``a/index.html``) to ``(source path, source text)``. A finding whose text is
    not in the source (a theme override, a hook's or a plugin's text) keeps its site path,
    for :func:`not_reported` to tell a copy of a text reported elsewhere, and then
    :func:`at_first_lines` to place it.
    A text is looked for once a source: its copies all go to its first place.
    """
    # MkDocs writes URLs percent-encoded ("p%20q/"); a published file's path is not.
    # Each source read when a finding is on its page (PackedSources unpacks it then).
    by_url = {unquote(url): url for url in sources}
    places: dict[tuple[str, str, bool], tuple[int, int] | None] = {}
    out = []
    for finding in findings:
        url = by_url.get(url_of(finding.path))
        src = sources[url] if url is not None else None
        where = None
        if src and finding.text:
            key = (src[0], finding.text, finding.code == "FX501")
            if key not in places:
                places[key] = _position(src[1], finding.text, finding.code)
            where = places[key]
        if src is None or where is None:  # on the page, not in its source: at_first_lines
            out.append(finding)
            continue
        out.append(
            Finding(
                src[0],
                where[0],
                where[1],
                finding.code,
                f"{finding.message} (published in {finding.path})",
                finding.severity,
                finding.text,
            )
        )
    return out


def not_reported(
    gate: list[Finding], reported: Iterable[Finding], pages: Collection[str] = ()
) -> list[Finding]:
    """The gate's findings (placed in sources) less the faults the pages' own reading reported.

    A page's text is judged where it is rendered (:mod:`fxsite.pages.judge`);
    the gate reads the published page again, with the theme around it, and
    finds those faults a second time. One finding per fault: a gate finding of
    the same code, on the same source, quoting the same text as a reported one
    is that fault again (counted, so a third occurrence still shows); so is a
    bare figure quoting a refused claim, which publishes as plain text. A
    finding reported on a source that is no page (``mkdocs.yml``: the site's
    name, the navigation) stands for the same text on every published page, and
    one reported on a page stands for the copies the gate finds in files it
    cannot place in a source (a heading as other pages' navigation title), so
    ``enforce: adopt`` judges them as it judges that page. A finding reported on a file
    a page includes (a Markdown file not among the ``pages``' sources: a snippet) stands
    for a copy the gate placed on a page's own source (blind83: a page's bare "178 s" and
    its snippet's were two findings, the gate's two copies placed at the page's one).
    """
    seen: Counter[tuple[str, str, str | None]] = Counter(
        (f.path, f.code, f.text) for f in reported if f.text
    )
    reported = list(reported)
    # What the configuration says is shown on every page: reported once, at its line.
    shown = {(f.code, f.text) for f in reported if f.text and not f.path.endswith(".md")}
    # A page's heading is other pages' navigation title: a copy the gate cannot place in
    # a source (it stays at the published file) is the page's own fault, reported there.
    anywhere = {(f.code, f.text) for f in reported if f.text}
    # A refused claim publishes as its plain text (enforce: false, serve): a bare figure to
    # the gate, read with a loose word or a sign before it ("approximately 4.7%"), and
    # copied where no source is (the site's FAQ).
    # (an error: a claim only warned of is published as a claim, blind79)
    refused = Counter(
        (f.path, f.text) for f in reported if f.text and f.on_claim and f.severity == "error"
    )
    anywhere |= {("FX501", text) for _, text in refused}
    included: Counter[tuple[str, str | None]] = Counter(
        (f.code, f.text)
        for f in reported
        if pages and f.text and f.path.endswith(".md") and f.path not in pages
    )
    out = []
    for finding in gate:
        key = (finding.path, finding.code, finding.text)
        if (finding.code, finding.text) in shown:
            continue
        if not finding.path.endswith(".md") and (finding.code, finding.text) in anywhere:
            continue
        if finding.text and seen[key] > 0:
            seen[key] -= 1
            continue
        if finding.path in pages and included[(finding.code, finding.text)] > 0:
            included[(finding.code, finding.text)] -= 1
            continue
        if finding.code == "FX501" and finding.text and _refused_told(finding, refused):
            continue
        out.append(finding)
    return out


def _refused_told(finding: Finding, refused: Counter[tuple[str, str]]) -> bool:
    """Whether a bare figure the gate found is the plain text of claims refused on its page
    (:func:`~fxsite.pages.judge.told_by`: one, or several joined as a range), which are
    then counted as told; one the gate could not place in a source (a copy), of claims
    refused on any page, however often."""
    from fxsite.pages.judge import told_by

    assert finding.text is not None
    placed = finding.path.endswith(".md")
    texts: Counter[str] = Counter()
    for (path, text), left in refused.items():
        if text and (path == finding.path if placed else True):
            texts[text] += left if placed else 1
    told = told_by(finding.text, texts)
    if placed:
        for text in told:
            refused[(finding.path, text)] -= 1
    return bool(told)


#: Said of a finding on a page whose source writes nothing of its text.
_UNWRITTEN = (
    "the page's source does not write this: the theme, a hook or a plugin added it to the "
    "page; it is placed at the page's first line"
)


def at_first_lines(
    findings: list[Finding], sources: Mapping[str, tuple[str, str]]
) -> list[Finding]:
    """Each finding left on a page's published file (by :func:`locate_in_sources`) placed
    in the page's source, at its body's first line, saying that the source does not write
    its text and where it is published: as the page's own reading places a text a hook
    added (``fxsite.pages.locate``), and never at a published file, which a refused build
    has deleted (blind74: ``index.html:415:1``). A finding that quotes no text keeps its
    published file and says whose page it is on (blind29)."""
    by_url = {unquote(url): url for url in sources}
    out = []
    for finding in findings:
        url = by_url.get(url_of(finding.path))
        if url is None:
            out.append(finding)
            continue
        path, source = sources[url]
        if not finding.text:
            added = f"on the page of {path}, which does not write it: the theme, a hook or a plugin added it"
            out.append(replace(finding, message=f"{finding.message} ({added})"))
            continue
        line = split_front_matter(source)[2] + 1
        told = f"{_UNWRITTEN}; published in {finding.path}"
        out.append(
            replace(finding, path=path, line=line, col=1, message=f"{finding.message} ({told})")
        )
    return out
