"""The title MkDocs takes from a page's first heading, judged as the theme prints it.

A page with no title of its own (no front-matter ``title``, no title in the
``nav``) whose rendering opens with a ``#`` heading is titled by MkDocs from that
heading: its HTML with the tags stripped and the entities kept (MkDocs' own
``mkdocs.utils.rendering.get_heading_text``, which the MkDocs adapter hands the
fxsite Markdown extension in :class:`SiteReaders`, and the extension calls on the
rendered tree, in ``fxsite check`` and the build alike).
The theme prints that string unescaped: the navigation and the header read it
as HTML, a ``<title>`` decodes its entities, and Material's ``<title>`` prints
``page.title | striptags``, which decodes them once more (``95&amp;nbsp;s``
shows "95 s" in the browser's tab) and joins the text around a tag it drops
(``95<img alt="">s`` reads "95s"). Each figure of those readings that the heading
itself does not show is reported at the heading, by the plain-text rules
(:func:`fxsite.pages.page.check_prose`): the title may repeat a claim of the page.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Collection
from dataclasses import dataclass, replace
from typing import Any

from markupsafe import Markup
from selectolax.lexbor import LexborHTMLParser

from fxsite.findings import Finding
from fxsite.pages.field_advice import plain_message

__all__ = ["SiteReaders", "title_findings", "title_readings"]


@dataclass(frozen=True)
class SiteReaders:
    """How the site shows a page beyond its content, as the MkDocs adapter tells the core
    (which imports no MkDocs): the theme's name, MkDocs' title of a heading element
    (``get_heading_text(element, md)``), when the site's search index is MkDocs'
    own, the class of its parser of a page (``ContentParser``), what the icons the
    theme draws in a page's content draw (:func:`~fxsite.pages.content_icons.content_icons`),
    and the project's folder, which the paths of the files a page includes are named from."""

    theme: str | None = None
    heading_title: Callable[[Any, Any], str] | None = None
    search_parser: Callable[[], Any] | None = None
    content_icons: tuple[tuple[str, str], ...] = ()
    #: the project's folder (``mkdocs.yml``'s): a file a page includes (a snippet) is named
    #: from it, as pages are (blind74: named from the working folder, it named another file)
    root: str = ""


_WHERE = "the page's title, which MkDocs takes from this heading"
#: What an HTML reading or ``striptags`` reads otherwise than as it is: a tag, an entity, and
#: the characters the HTML parser drops or turns into a line break.
_MARKUP = "<&\0\r"
_THEN = "the title may then repeat it"


def title_readings(title: str, theme: str | None, *, home: bool = False) -> list[str]:
    """The texts a reader is shown of MkDocs' page ``title`` under ``theme`` (its name).

    Read as HTML (navigation, header), and but on the ``home`` page (whose title the
    themes leave out of its ``<title>``) as a ``<title>`` holding it decodes it
    (entities once, tags kept as text), and under Material as its ``<title>``
    prints it: Jinja's ``striptags`` (:meth:`markupsafe.Markup.striptags`), decoded.
    """
    if not any(c in title for c in _MARKUP):
        return [" ".join(title.split())]  # every reading is the text as it is
    body = LexborHTMLParser(f"<p>{title}</p>").body
    readings = [body.text(separator="") if body is not None else title]
    if not home:
        readings.append(html.unescape(title))
    if theme == "material" and not home:
        # What Jinja's striptags filter does, on a string judged here, never printed.
        readings.append(html.unescape(Markup(title).striptags()))  # noqa: S704
    return list(dict.fromkeys(" ".join(r.split()) for r in readings))


def title_findings(
    title: str,
    path: str,
    library: Any,
    cited: Collection[str],
    theme: str | None,
    shown: Collection[str] = (),
    *,
    home: bool = False,
) -> list[Finding]:
    """Each figure of the ``title`` MkDocs takes from a page's heading, as ``theme`` prints
    it on the page (the ``home`` page or another: :func:`title_readings`), at 1:1 (the
    caller places it at the heading); not those the page reports already
    (``shown``: the texts of its findings, spaced or not: the heading's ``95<br>s`` reads
    "95 s" on the page and "95s" in the title) nor copies of its claims (``cited``, as shown)."""
    from fxsite.pages.page import check_prose

    seen = {"".join(text.split()) for text in shown}
    findings = []
    for reading in title_readings(title, theme, home=home):

        def told(figure: str, reading: str = reading) -> str:
            return plain_message(figure, library, reading, _WHERE, then=_THEN)

        for finding in check_prose(reading, path, lambda _: (1, 1), library, cited, told=told):
            figure = "".join((finding.text or "").split())
            if figure in seen:
                continue
            seen.add(figure)
            findings.append(replace(finding, line=1, col=1))
    return findings
