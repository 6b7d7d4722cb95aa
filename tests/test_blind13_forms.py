"""Forms a thirteenth blind tester (no source in view) published or refused wrongly.

Sentences are read by the one detector (:func:`fxsite.verify.reading.detect`, after the
look-alike fold) and pages' rendered content by the one page reader
(:func:`fxsite.verify.scan.scan_content`): each refused row must give its figures, each
near miss none. The held-out cases are kept outside the repository.
"""

from __future__ import annotations

import pytest

from fxsite.verify.reading import detect
from fxsite.verify.scan import scan_content

# (name, sentence, figures as written)
REFUSED = [
    ("ratio sign for a colon", "Dedup reaches 4\u22361 on backups.", ["4\u22361"]),
    ("traditional Chinese twice", "讀取速度快了兩倍。", ["兩倍"]),
    ("traditional Chinese points", "節省了47個百分點。", ["47個百分點"]),
    ("traditional Chinese ten thousand yuan", "節省兩萬元。", ["兩萬元"]),
    ("Japanese percent", "停止時間が47パーセント減少しました。", ["47パーセント"]),
    ("Korean twice in words", "저장 속도가 두 배 빨라졌습니다.", ["두 배"]),
    ("Korean seconds", "저장에 94초 걸립니다.", ["94초"]),
    ("Dutch twice as fast", "Opslaan gaat twee keer zo snel.", ["twee keer zo snel"]),
    ("Dutch times as fast", "Opslaan gaat 3 keer zo snel.", ["3 keer zo snel"]),
    ("Arabic seconds", "يستغرق الحفظ ٩٤ ثانية.", ["٩٤ ثانية"]),
]


@pytest.mark.parametrize(("name", "text", "figures"), REFUSED, ids=[r[0] for r in REFUSED])
def test_written_form_is_a_figure(name: str, text: str, figures: list[str]) -> None:
    assert [text[f.start : f.end] for f in detect(text)] == figures


PASSED = [
    ("a time of day with the ratio sign", "We met at 10\u223630."),
    ("Portuguese date", "Lançado em 14 de março de 2026."),
    ("Spanish range of days", "Del 1 al 5 de mayo."),
    ("French range of days", "Du 1 au 5 mai."),
    ("traditional Chinese count of people", "兩個人參加。"),
    ("Korean New Year's bow", "세배 드립니다."),
    ("Korean two people", "두 사람이 왔습니다."),
    ("Dutch tried twice", "Ik heb het twee keer geprobeerd."),
]


@pytest.mark.parametrize(("name", "text"), PASSED, ids=[r[0] for r in PASSED])
def test_near_miss_is_no_figure(name: str, text: str) -> None:
    assert detect(text) == []


def bare(html: str) -> list[str]:
    return [c.shown for c in scan_content(html).candidates]


DRAWN = [
    # A ruby's annotation is drawn above its base: the base joins the text around it.
    ("ruby base", "<p>Saves take <ruby>94<rt>ninety-four</rt></ruby> s.</p>", "94 s"),
    (
        "ruby base with parentheses",
        "<p>Saves take <ruby>94<rp>(</rp><rt>ninety-four</rt><rp>)</rp></ruby> s.</p>",
        "94 s",
    ),
    (
        "ruby multiplier",
        "<p>Saves are <ruby>1.9<rt>one point nine</rt></ruby>× faster.</p>",
        "1.9×",
    ),
    (
        "ruby annotation holds the figure",
        "<p>Save <ruby>time<rt>94 s</rt></ruby> here.</p>",
        "94 s",
    ),
    ("a subscript after a digit", "<p>It took 9<sub>4 s</sub>.</p>", "94 s"),
    # A label's unit over the list after it, and a term's over its definition.
    ("a label over a list", "<p>Save time (s):</p><ul><li>94</li><li>178</li></ul>", "94"),
    ("a label in words over a list", "<p>Save time in seconds:</p><ol><li>94</li></ol>", "94"),
    ("an item's label over its list", "<ul><li>Save time (s):<ul><li>94</li></ul></li></ul>", "94"),
    ("a term over its definition", "<dl><dt>Save time (s)</dt><dd>94</dd></dl>", "94"),
    # MathML's power as drawn: "9.4×10¹ s", not "9.4×101s".
    (
        "MathML scientific notation",
        "<p><math><mn>9.4</mn><mo>×</mo><msup><mn>10</mn><mn>1</mn></msup><mi>s</mi></math></p>",
        "9.4×10¹s",
    ),
    (
        "MathML power of ten",
        "<p><math><msup><mn>10</mn><mn>6</mn></msup><mtext>IOPS</mtext></math></p>",
        "10⁶IOPS",
    ),
]


@pytest.mark.parametrize(("row", "html", "figure"), DRAWN, ids=[r[0] for r in DRAWN])
def test_drawn_figure_is_read(row: str, html: str, figure: str) -> None:
    assert figure in bare(html)


NOT_DRAWN = [
    ("a subscript index", "<p>Let x<sub>94</sub> and a<sub>i</sub> be the inputs.</p>"),
    ("a chemical formula", "<p>CO<sub>2</sub> is measured.</p>"),
    ("ruby over words", "<p><ruby>東京<rt>とうきょう</rt></ruby>に行く</p>"),
    ("a label stating no unit over a list", "<p>Steps:</p><ol><li>Install 3 drives</li></ol>"),
    ("a paragraph that is no label", "<p>Save time (s)</p><ul><li>94</li></ul>"),
    ("a label over words", "<p>We ran it (s):</p><ul><li>Install</li></ul>"),
    ("a term stating no unit", "<dl><dt>Version</dt><dd>94</dd></dl>"),
    ("MathML x squared", "<p><math><msup><mi>x</mi><mn>2</mn></msup></math></p>"),
]


@pytest.mark.parametrize(("row", "html"), NOT_DRAWN, ids=[r[0] for r in NOT_DRAWN])
def test_markup_drawing_no_figure_passes(row: str, html: str) -> None:
    assert bare(html) == []
