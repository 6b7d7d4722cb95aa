"""The pages the build generates, as the MkDocs adapter asks for them: the Evidence
Library's index (a page per :data:`~fxsite.render.library_index.INDEX_ROWS` records), a
page per record (or a notice for a record that cannot be read) and the site-wide FAQ,
each as Markdown made from the library already judged (:mod:`fxsite.render.library_index`,
:mod:`fxsite.render.library_pages`, :mod:`fxsite.pages.faq`).

Pure functions of the project and a page's URL; the plugin decides when to call them.
No MkDocs here: a page is named by its source path and URL.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Mapping
from pathlib import Path

from fxsite.anchor.documents import document_url
from fxsite.anchor.history import History, history_section_html
from fxsite.evidence.library import Library
from fxsite.findings import Finding
from fxsite.pages.site import SiteIndex, relative_url
from fxsite.project import Project
from fxsite.render.library_index import (
    index_page_number,
    index_page_src,
    index_pages,
    library_index_markdown,
)
from fxsite.render.library_pages import record_page_markdown, unreadable_record_markdown

__all__ = [
    "RECORD_TEMPLATE",
    "escaped_title",
    "generated_markdown",
    "generated_title",
    "is_record_page",
    "record_page_id",
    "records_findings",
    "split_html_body",
]

#: The theme template of record pages (sidebars not rendered; see the file).
RECORD_TEMPLATE = "fxsite-record.html"

#: some text; a line with text that does not start with a tag
_TEXT = re.compile(r"\S")
_NOT_HTML = re.compile(r"^(?!<)[^\n]*\S", re.MULTILINE)


def escaped_title(text: str) -> str:
    """A generated page's title as the theme is given it: MkDocs and Material print
    titles unescaped, so ``&``, ``<``, ``>`` and ``"`` are entities; an apostrophe is left
    as it is (templates quote attributes with ``"``), since ``&#x27;`` is read "x27" where
    a theme copies the title into a script (readthedocs' ``mkdocs_page_name``)."""
    return html.escape(text, quote=False).replace('"', "&quot;")


def generated_title(generated: str) -> str:
    """The title of a generated page (its first line, a Markdown heading), as the theme
    is given it (:func:`escaped_title`)."""
    return escaped_title(html.unescape(generated.split("\n", 1)[0].lstrip("# ")))


def record_page_id(src: str, prefix: str) -> str:
    """The record ID of a page ``{prefix}/R1.md`` of the Evidence Library; "" for any other."""
    name = src.removeprefix(f"{prefix}/")
    return name[:-3] if name != src and name.endswith(".md") and "/" not in name else ""


def is_record_page(src: str, prefix: str) -> bool:
    """Whether ``src`` is a page of the Evidence Library other than a page of its index."""
    return src.startswith(f"{prefix}/") and not src.endswith("/index.md")


def split_html_body(generated: str) -> tuple[str, str | None]:
    """``(title line, body)`` when everything below the title is HTML, else ``(all, None)``.

    Record pages are generated as HTML under a Markdown title; handing that
    HTML to Python-Markdown costs a parse of every tag (and MkDocs a second
    one) to give it back unchanged.
    """
    title, _, body = generated.partition("\n")
    if title.startswith("# ") and _TEXT.search(body) and not _NOT_HTML.search(body):
        return title + "\n", body
    return generated, None


def generated_markdown(
    project: Project,
    src: str,
    url: str,
    href_for: Callable[[str, str], str],
    *,
    index: SiteIndex,
    history: History,
    setup_labels: Mapping[str, str],
    lang: str,
) -> str | None:
    """The Markdown of the generated page ``src`` (published at ``url``), None for a page
    the project does not generate there. ``href_for(record_id, anchor)`` links a figure
    from this page; ``index`` is the site's pages (the FAQ gathers theirs)."""
    library, prefix = project.library, project.paths.library_prefix

    def here(target: str) -> str:
        return relative_url(target, url)

    page, pages = index_page_number(src, prefix), index_pages(library)
    if 1 <= page <= pages:
        downloads = {
            "evidence.json": here("evidence.json"),
            "evidence.csv": here("evidence.csv"),
            "record JSON Schema": here("schemas/evidence.schema.json"),
        }
        # A page's own URL as MkDocs publishes it; another's where the index has none yet.
        sources = [index_page_src(prefix, n) for n in range(1, pages + 1)]
        hrefs = [here(index.urls.get(s, s.removesuffix("index.md"))) for s in sources]
        return library_index_markdown(
            library, href_for, downloads, lang=lang, page=page, page_hrefs=hrefs
        )
    record_id = record_page_id(src, prefix)
    if record_id in library.records:
        source = library.records[record_id].source
        doc = source.document if source and source.publish_document else None
        return record_page_markdown(
            record_id,
            library,
            href_for,
            here(f"{prefix}/{record_id}.json"),
            here("evidence.json"),
            index_href=here(f"{prefix}/"),
            setup_labels=dict(setup_labels),
            history_html=history_section_html(history, record_id),
            document_href=here(document_url(doc)) if doc else None,
            lang=lang,
        )
    if record_id in library.invalid:
        found = library.findings_of(record_id)
        path = found[0].path if found else f"{prefix}/{record_id}.yaml"
        return unreadable_record_markdown(record_id, path, here(f"{prefix}/"), lang)
    if src == project.paths.faq_page:
        from fxsite.pages.faq import site_faq_markdown  # a site with no FAQ never loads it

        body = site_faq_markdown(index, library, src, lang)
        lead = "Every question this site's pages answer, with a link back to each page."
        return f"# Frequently asked questions\n\n{lead}\n\n{body}"
    return None


def records_findings(library: Library, prefix: str, src: str) -> list[Finding]:
    """The findings a generated page shows in the preview: a record page's, those in
    its record's file; the library index's, those in every record's file."""
    if src == f"{prefix}/index.md":
        files = {s.path for s in library.files.values()}
        return [
            f for f in library.findings if f.path in files or Path(f.path).stem in library.invalid
        ]
    record_id = record_page_id(src, prefix)
    return library.findings_of(record_id) if record_id else []
