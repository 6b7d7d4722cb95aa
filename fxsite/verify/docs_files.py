"""Files in ``docs/`` that MkDocs publishes as they are, judged where they are written.

A text file under ``docs/`` (``notes.txt``, ``data.csv``, a raw ``.svg`` or
``.html``) is copied into the site unchanged, and the build's last gate reads
it as a published file. ``fxsite check`` and the build read it first, by the
gate's own reader (:func:`fxsite.verify.served.served_file`,
:func:`fxsite.verify.scan.scan_file`), and report what it shows at its line in
``docs/``: such a file cannot hold a claim, so every figure in it is bare, a
number under a CSV's or TSV's header that states a unit too (:mod:`.csvtable`). A
script's string and template literals are read as an inline script's: text it
may show.

A file of Material's ``meta`` plugin (``.meta.yml``) is not published, but
gives the pages below it their title, description, tags…: with the plugin on,
its fields are judged as a page's front matter is, at their lines in that file.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from fxsite.findings import Finding
from fxsite.pages.locate import SourceLocator

if TYPE_CHECKING:
    from fxsite.project import Project
    from fxsite.verify.kinds import Kind

__all__ = ["MAX_FILE_BYTES", "docs_file_findings", "meta_file_findings", "read_findings"]

#: Largest copied file read, as the gate reads published files.
MAX_FILE_BYTES = 16 << 20
_ADVICE = (
    " in a file published as it is, which cannot hold a claim: move the text into a page "
    "and cite the figure there, or remove it"
)


def docs_file_findings(
    docs_dir: Path,
    rel: str,
    shown: str,
    declared: frozenset[str] = frozenset(),
    render: Callable[[str], str] | None = None,
) -> list[Finding]:
    """What the gate would find in the file ``rel`` of ``docs_dir``, at ``shown``'s lines.

    ``declared``: the site's files listed in the plugin's ``scripts_that_write``;
    ``render``: how MkDocs writes the file's text (an ``extra_templates`` file, rendered
    with Jinja: :func:`fxsite.pages.template_text.rendered`), None: copied as it is.
    """
    from fxsite.verify.kinds import kind_of
    from fxsite.verify.served import Served, served_file

    kind = kind_of(rel)
    if kind == "code":
        return _code_findings(docs_dir / rel, rel, shown, declared)
    if kind == "signature" or rel.endswith((".md", ".markdown")):
        return []  # read elsewhere: pages by the page reader
    served, problems = served_file(docs_dir / rel, rel, kind, docs_dir, MAX_FILE_BYTES)
    findings = [Finding(shown, p.line, p.col, p.code, p.message) for p in problems]
    if served is None:
        return findings
    if render is not None:
        served = Served(served.kind, render(served.text), render(served.shown))
    findings += _stamp_findings(shown, rel, served.shown, served.kind)
    return findings + read_findings(shown, rel, served.shown, served.text, served.kind, _ADVICE)


def _stamp_findings(shown: str, rel: str, read: str, kind: Kind) -> list[Finding]:
    """A page not made by an fxsite build (FX613), as the gate finds it in the site."""
    from fxsite.verify.audit import stamp_problem
    from fxsite.verify.scan import scan_file

    page = scan_file(rel, read, kind=kind).page
    problem = None if page is None else stamp_problem(page, read)
    return [] if problem is None else [Finding(shown, 1, 1, "FX613", problem)]


def read_findings(
    shown: str, rel: str, read: str, source: str, kind: Kind, advice: str
) -> list[Finding]:
    """What the gate's reader finds in ``read`` (file ``rel`` as a reader gets it, of
    ``kind``), placed at ``shown``'s lines in ``source`` (the file as written).

    Every figure there is bare, told ``advice`` (the field cannot hold a claim), and
    a bare number with the unit stated once that it is read with (a CSV's header);
    hidden and glued characters are the reader's own findings.
    """
    from fxsite.verify.csvtable import table_cells
    from fxsite.verify.scan import scan_file
    from fxsite.verify.visible import normalise

    scan = scan_file(rel, read, kind=kind)
    locator = SourceLocator(source, html=kind in ("html", "xml"))

    def at(text: str | None, code: str) -> tuple[int, int]:
        offset = locator.find(text, code) if text else None
        return locator.line_col(offset or 0)

    findings = []
    for local in scan.local:
        line, col = at(local.text, local.code)
        findings.append(Finding(shown, line, col, local.code, local.message, text=local.text))
    cells = table_cells(rel, source)  # a table file's cells, placed where written
    for found in scan.candidates:
        cell = next((c for c in cells if found.unit and normalise(c.text) == found.block), None)
        if cell is not None:
            cells.remove(cell)
        line, col = (cell.line, cell.col) if cell is not None else at(found.shown, "FX501")
        read_as = f" (read as '{found.found}', {found.said})" if found.unit else ""
        message = f"bare figure '{found.shown}'{read_as}{advice}"
        findings.append(Finding(shown, line, col, "FX501", message, text=found.shown))
    return findings


def _code_findings(file: Path, rel: str, shown: str, declared: frozenset[str]) -> list[Finding]:
    """A stylesheet or script of docs/ as the gate judges it (:func:`~fxsite.verify.scripts.code_notes`):
    text it draws or writes (``FX506``), unless the site declares it (then a browser
    draws it: ``build --browser``), and what it reorders or loads unread. A script's
    string and template literals are text it may show, read as an inline script's
    (:func:`~fxsite.verify.scripts.script_strings`): a figure in one is bare."""
    from fxsite.safeio import UnreadableFile, read_bytes
    from fxsite.verify.notes import judge_writer
    from fxsite.verify.scripts import code_notes, script_literals

    try:
        data = read_bytes(file, MAX_FILE_BYTES)
    except UnreadableFile:
        return []  # the gate reports what it cannot read of the published copy
    text = data.decode("utf-8", "replace")
    locator = SourceLocator(text)
    findings = []
    for note in code_notes(rel, data):
        code, message = note.code, note.message
        if note.writer is not None:
            if note.writer in declared:
                continue  # declared: a browser draws it (build --browser), the gate judges it
            code, message = judge_writer(note.writer, message, declared)
        at = locator.find(note.text, code) if note.text else None
        line, col = locator.line_col(at or 0)
        findings.append(Finding(shown, line, col, code, message, note.severity, note.text))
    literals = script_literals(rel, data)
    if literals is not None:
        findings += read_findings(shown, rel, literals, text, "json", _ADVICE)
    return findings


def meta_file_findings(
    plugins: Mapping[str, Any], project: Project, pages: list[str]
) -> list[Finding]:
    """The fields a file of Material's ``meta`` plugin (``.meta.yml``) gives the pages
    below it (a title, a description, tags…), judged as a page's front matter is, at
    their lines in that file (:func:`_meta_fields`).

    ``plugins``: the configuration's; ``pages``: the docs-relative pages the build
    renders. None is read without the plugin.
    """
    plugin = plugins.get("material/meta")
    config = getattr(plugin, "config", None)
    if config is None or not config.get("enabled", True):
        return []
    name = str(config.get("meta_file", ".meta.yml"))
    folders = {"/".join(page.split("/")[:n]) for page in pages for n in range(page.count("/") + 1)}
    docs = project.paths.docs_dir
    findings: list[Finding] = []
    for folder in sorted(folders):
        rel = f"{folder}/{name}" if folder else name
        if (docs / rel).is_file():
            findings += _meta_fields(docs / rel, project.paths.page_path(rel), project)
    return findings


def _meta_fields(file: Path, shown: str, project: Project) -> list[Finding]:
    """One meta file's findings: what the strict YAML loader refuses in it, else the
    fields it read judged by :func:`~fxsite.pages.page.process_page` and
    :func:`~fxsite.pages.page.head_findings` as a page's front matter, at their lines in
    the file."""
    from fxsite.evidence.yamlsafe import load_yaml
    from fxsite.pages.claims import check_href
    from fxsite.pages.frontmatter import judge_front_matter
    from fxsite.pages.page import head_findings, process_page
    from fxsite.safeio import UnreadableFile, read_bytes

    try:
        data = read_bytes(file, MAX_FILE_BYTES)
    except UnreadableFile as exc:
        return [Finding(shown, 1, 1, "FX105", f"cannot read: it {exc.reason}")]
    loaded = load_yaml(data, shown)
    if loaded.findings:
        return loaded.findings
    text = data.decode("utf-8-sig").replace("\r\n", "\n").replace("\r", "\n")
    front = judge_front_matter(loaded, text, shown, project.printed_meta)
    result = process_page("", shown, project.library, check_href, front=front)
    head = head_findings(front, shown, project.library, [])  # no page's claims to repeat
    return [f for f in [*head, *result.findings] if f.path == shown]
