"""The number a browser draws before an item of an explicitly numbered list is read.

``<ol start="178"><li>seconds per save</li></ol>`` draws "178. seconds per save"
(blind12 r_ol_start published it). Rows are rendered content read in-process by the
one page reader (:func:`fxsite.verify.scan.scan_content`), and Markdown pages judged
by :func:`fxsite.markdown.check_page` with ``sane_lists`` (which writes ``start``):
a refused row must be refused, its near miss must pass.
"""

from __future__ import annotations

import functools

import pytest
from sitekit import FIXTURE_EXTENSIONS, PAGE_PATH, href_for, library

from fxsite.markdown import PageRenderer, check_page
from fxsite.verify.scan import scan_content


def bare(html: str) -> list[str]:
    """The bare figures the reader finds in ``html``."""
    return [c.shown for c in scan_content(html).candidates]


DRAWN = [
    ("start", '<ol start="178"><li>seconds per save on NFS</li></ol>', "178 seconds"),
    (
        "a counter set in an item's style (blind19)",
        '<ol><li style="counter-set: list-item 94">s per save</li></ol>',
        "94 s",
    ),
    (
        "a counter reset in the list's style (blind17)",
        '<ol style="counter-reset: list-item 95"><li>seconds per checkpoint save</li></ol>',
        "96 seconds",
    ),
    ("value", '<ol><li value="94">s on the array</li></ol>', "94 s"),
    ("value sets the next", '<ol><li value="93">x</li><li>s on the array</li></ol>', "94 s"),
    ("start counts on", '<ol start="93"><li>Run</li><li>s on the array</li></ol>', "94 s"),
    ("reversed counts down", '<ol reversed start="95"><li>Run</li><li>s here</li></ol>', "94 s"),
    ("start with trailing junk", '<ol start="178abc"><li>seconds</li></ol>', "178 seconds"),
    ("start with spaces", '<ol start="  178"><li>seconds</li></ol>', "178 seconds"),
    ("a paragraph starts the item", '<ol start="2"><li><p>GB of RAM</p></li></ol>', "2 GB"),
    (
        "a paragraph in a div starts the item",
        '<ol start="2"><li><div><p>GB of RAM</p></div></li></ol>',
        "2 GB",
    ),
    ("type 1 is decimal", '<ol start="178" type="1"><li>seconds</li></ol>', "178 seconds"),
    (
        "list-style keeps decimal",
        '<ol start="178" style="list-style-position:inside"><li>seconds</li></ol>',
        "178 seconds",
    ),
]


@pytest.mark.parametrize(("row", "html", "figure"), DRAWN, ids=[r[0] for r in DRAWN])
def test_an_explicit_list_number_is_read(row: str, html: str, figure: str) -> None:
    assert figure in bare(html)


NOT_DRAWN = [
    ("counted from 1", "<ol><li>seconds per save</li></ol>"),
    ("another counter reset", '<ol style="counter-reset: section 95"><li>seconds</li></ol>'),
    ("start before a word", '<ol start="3"><li>Install the driver</li></ol>'),
    ("start before x86", '<ol start="2"><li>x86 builds</li></ol>'),
    ("letters", '<ol start="178" type="a"><li>seconds</li></ol>'),
    ("roman numerals", '<ol start="178" type="i"><li>seconds</li></ol>'),
    ("an item's own type", '<ol start="178"><li type="I">seconds</li></ol>'),
    ("no marker", '<ol start="178" style="list-style:none"><li>seconds</li></ol>'),
    ("roman by style", '<ol start="178" style="list-style-type:upper-roman"><li>s</li></ol>'),
    ("value in an unordered list", '<ul><li value="94">s on the array</li></ul>'),
    ("a block after the item's text", '<ol start="2"><li><p>Add</p><p>GB of RAM</p></li></ol>'),
    ("reversed without start", "<ol reversed><li>x</li><li>GB</li></ol>"),
    ("start that is no number", '<ol start="many"><li>seconds</li></ol>'),
]


@pytest.mark.parametrize(("row", "html"), NOT_DRAWN, ids=[r[0] for r in NOT_DRAWN])
def test_a_list_drawing_no_figure_passes(row: str, html: str) -> None:
    assert bare(html) == []


@functools.cache
def _sane_lists() -> PageRenderer:
    return PageRenderer([*FIXTURE_EXTENSIONS, "sane_lists"], {})


def _errors(source: str) -> list[tuple[str, int, int]]:
    _, found = check_page(source, PAGE_PATH, library(), href_for, _sane_lists())
    return sorted((f.code, f.line, f.col) for f in found if f.severity == "error")


def test_a_markdown_list_numbered_from_178_is_refused_at_its_line() -> None:
    """With ``sane_lists`` a Markdown list keeps its first number (``start``)."""
    assert _errors("# T\n\nIntro.\n\n178. seconds per save on NFS\n") == [("FX501", 5, 1)]


def test_a_markdown_step_list_passes() -> None:
    assert _errors("# T\n\nIntro.\n\n3. Install the driver\n4. Restart\n") == []


def test_raw_html_list_is_refused_at_its_line() -> None:
    found = _errors('# T\n\n<ol start="178">\n<li>seconds per save on NFS</li>\n</ol>\n')
    assert [(code, line) for code, line, _ in found] == [("FX501", 3)]
