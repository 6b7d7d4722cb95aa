"""Figures blind tester 6 got published with Unicode signs, squared units and CSS case (issue 20).

* Every currency symbol of Unicode (category Sc: "₪310", "฿305", "₿0.5", "﹩311") and
  the emoji drawn as one ("💲300", "300 💶") sign a price, as "$" and "€" do.
* The CJK squared unit letters ("94㎳", "94 ㎞", "94㎐") are the units NFKC folds them to.
* ``text-transform`` (a ``style`` attribute or a rule of the page's ``<style>``) draws
  text in another case: "94 S" in lowercase is drawn, and read, "94 s".

In-process rows: a sentence in, figures out (the one detector, as the reader calls it),
and a page in, ``(code, line, col)`` out (the one reader, as check and build run it).
"""

from __future__ import annotations

import pytest
from sitekit import FIXTURE_EXTENSIONS, href_for

from fxsite.evidence.library import Library, load_library
from fxsite.markdown import PageRenderer, check_page
from fxsite.verify.reading import detect

PATH = "docs/p.md"
RENDERER = PageRenderer(FIXTURE_EXTENSIONS, {})

RECORD = """\
id: U1
title: Unicode figures
label: spec
status: active
source:
  issuer: Example Corp
figures:
  saving: {value: 315, unit: EUR/month, what: Saving a month}
  save_time: {value: 94, unit: s, what: Save time}
"""


@pytest.fixture(scope="module")
def lib(tmp_path_factory: pytest.TempPathFactory) -> Library:
    root = tmp_path_factory.mktemp("unicode")
    (root / "evidence").mkdir()
    (root / "evidence" / "U1.yaml").write_text(RECORD, encoding="utf-8")
    library = load_library(root / "evidence", root)
    assert [f for f in library.findings if f.severity == "error"] == []
    return library


def _figures(text: str) -> list[str]:
    return [f.text for f in detect(text)]


def _found(page: str, lib: Library) -> list[tuple[str, int, int]]:
    _, findings = check_page(page, PATH, lib, href_for, RENDERER)
    return sorted((f.code, f.line, f.col) for f in findings if f.severity == "error")


# -- currency signs and squared units ---------------------------------------------------------

# (name, sentence, figures)
SIGNED = [
    ("small dollar sign", "It costs ﹩311 a month.", ["﹩311"]),
    ("shekel", "It costs ₪310.", ["₪310"]),
    ("baht", "It costs ฿305.", ["฿305"]),
    ("peso", "It costs ₱307.", ["₱307"]),
    ("lira", "It costs ₺303.", ["₺303"]),
    ("hryvnia", "It costs ₴309.", ["₴309"]),
    ("naira", "It costs ₦308.", ["₦308"]),
    ("dong", "It costs ₫306.", ["₫306"]),
    ("generic sign", "It costs ¤304.", ["¤304"]),
    ("bitcoin", "It costs ₿0.5.", ["₿0.5"]),
    ("sign after", "It costs 300 ₪.", ["300 ₪"]),
    ("dollar emoji", "It costs 💲300.", ["💲300"]),
    ("dollar emoji, emoji style", "It costs 💲\ufe0f300.", ["💲\ufe0f300"]),
    ("euro banknote after", "It costs 300 💶.", ["300 💶"]),
    ("squared ms", "Latency fell to 94㎳.", ["94㎳"]),
    ("squared km, spaced", "The range is 94 ㎞.", ["94 ㎞"]),
    ("squared Hz", "The clock is 94㎐.", ["94㎐"]),
    ("squared dB", "Noise is 94 ㏈.", ["94 ㏈"]),
    ("squared µs", "It takes 94 ㎲ per op.", ["94 ㎲"]),
    ("squared kg", "It weighs 94㎏.", ["94㎏"]),
    ("squared cc", "It holds 94㏄.", ["94㏄"]),
    ("squared m/s", "It moves at 94㎧.", ["94㎧"]),
]

# (name, sentence): signs and squares with no figure.
NOT_SIGNED = [
    ("dollar alone", "Prices are in $ and ₪."),
    ("generic sign in prose", "The ¤ sign stands for any currency."),
    ("C sharp", "It is written in C# 12."),
    ("sign before a word", "We take ₿ and ฿ payments."),
    ("square of no unit", "Open at 9 ㏂ daily."),
    ("squared log", "Take ㏒ 94 of it."),
]


@pytest.mark.parametrize(("name", "text", "figures"), SIGNED, ids=[c[0] for c in SIGNED])
def test_unicode_sign_or_square_is_a_figure(name: str, text: str, figures: list[str]) -> None:
    assert _figures(text) == figures


@pytest.mark.parametrize(("name", "text"), NOT_SIGNED, ids=[c[0] for c in NOT_SIGNED])
def test_sign_or_square_without_figure(name: str, text: str) -> None:
    assert _figures(text) == []


def test_signed_figures_refused_at_their_place(lib: Library) -> None:
    page = "# Results\n\nThe card costs ₪310, or 💲300.\n\nLatency fell to 94㎳.\n"
    assert _found(page, lib) == [("FX501", 3, 16), ("FX501", 3, 25), ("FX501", 5, 17)]


def test_cited_price_near_a_sign_passes(lib: Library) -> None:
    page = "# Results\n\nIt saves [](evidence:U1#saving); we take ₪ and ฿ too.\n"
    assert _found(page, lib) == []


CLAIM = "[€315/month](evidence:U1#saving)"

# (name, page, findings): a currency sign glued to a claim changes what it says.
GLUED = [
    ("shekel before", f"# R\n\nIt saves ₪{CLAIM}.\n", [("FX503", 3, 12)]),
    ("small dollar before", f"# R\n\nIt saves ﹩{CLAIM}.\n", [("FX503", 3, 12)]),
    ("dollar emoji before", f"# R\n\nIt saves 💲{CLAIM}.\n", [("FX503", 3, 12)]),
    ("shekel after", f"# R\n\nIt saves {CLAIM}₪ a year.\n", [("FX503", 3, 11)]),
    ("a sign apart", f"# R\n\nIt saves {CLAIM}; we take ₪ too.\n", []),
]


@pytest.mark.parametrize(("name", "page", "findings"), GLUED, ids=[c[0] for c in GLUED])
def test_sign_glued_to_claim(
    name: str, page: str, findings: list[tuple[str, int, int]], lib: Library
) -> None:
    assert _found(page, lib) == findings


# -- text-transform ----------------------------------------------------------------------------

# (name, page, findings)
CASED = [
    (
        "inline lowercase",
        '# R\n\n<p>The save takes <span style="text-transform:lowercase">94 S</span> now.</p>\n',
        [("FX501", 3, 58)],
    ),
    (
        "a rule of the page's style",
        '# R\n\n<p class="lc">Loads take 96 MS now.</p>\n\n'
        "<style>.lc { text-transform: lowercase; }</style>\n",
        [("FX501", 3, 26)],
    ),
    (
        "uppercase makes a unit",
        '# R\n\n<p style="text-transform: uppercase">It serves 94 tps.</p>\n',
        [("FX501", 3, 48)],
    ),
    (
        "property spelt with an escape",
        '# R\n\n<p style="text-tr\\61nsform: lowercase">It took 94 S.</p>\n',
        [("FX501", 3, 48)],
    ),
]

# (name, page): case drawn with no figure, or a claim's text kept.
NOT_CASED = [
    (
        "uppercase heading without figures",
        '# R\n\n<h2 style="text-transform:uppercase">Speedup</h2>\n\nWe sped it up.\n',
    ),
    (
        "an inner none",
        '# R\n\n<p style="text-transform:lowercase">Team <span style="text-transform:none">'
        "S</span> won.</p>\n",
    ),
    (
        "a claim under uppercase",
        '# R\n\n<div style="text-transform:uppercase" markdown>\n\n'
        "The save takes [](evidence:U1#save_time).\n\n</div>\n",
    ),
]


@pytest.mark.parametrize(("name", "page", "findings"), CASED, ids=[c[0] for c in CASED])
def test_text_transform_reads_text_as_drawn(
    name: str, page: str, findings: list[tuple[str, int, int]], lib: Library
) -> None:
    assert _found(page, lib) == findings


@pytest.mark.parametrize(("name", "page"), NOT_CASED, ids=[c[0] for c in NOT_CASED])
def test_text_transform_without_figure_passes(name: str, page: str, lib: Library) -> None:
    assert _found(page, lib) == []
