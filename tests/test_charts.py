"""Tests for fxsite.render.charts: inline SVG bar charts of evidence-backed figures."""

from __future__ import annotations

import copy
import dataclasses
import functools
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from sitekit import href_for, library

from fxsite.evidence.library import Library
from fxsite.evidence.models import LABELS
from fxsite.pages.page import process_page
from fxsite.render.chart_spec import MODELLED, Bar, ChartSpec, Group, safe_href
from fxsite.render.chart_text import label_word, source_line
from fxsite.render.charts import PRIMARY, chart_style_css, render_chart
from fxsite.verify.charts import check_chart
from fxsite.verify.visible import page_text

SVG = "{http://www.w3.org/2000/svg}"


#: A chart drawn once for the tests that only read it (a draw is 0.1 s of matplotlib); the
#: tests of drawing itself (two calls alike, global settings ignored, threads) draw anew.
_drawn = functools.cache(render_chart)


def bar(
    label: str = "Baseline",
    value: float = 178,
    *,
    high: float | None = None,
    text: str = "178 s",
    evidence: str = "R1#save_time_baseline",
    evidence_label: str = "measured",
    href: str | None = "#fig-r1-save",
) -> Bar:
    return Bar(label, value, high, text, evidence, evidence_label, href)


def simple(chart_id: str = "c1", **kw: Any) -> ChartSpec:
    bars = (
        bar(),
        bar("FX100", 94, text="94 s", evidence="R1#save_time_fx100", href="#fig-r1-fx"),
    )
    spec = ChartSpec("Checkpoint save", "s", (Group(None, bars),), chart_id)
    return dataclasses.replace(spec, **kw)


def all_labels(chart_id: str = "c3") -> ChartSpec:
    bars = tuple(
        bar(name, 10 * (i + 1), text=f"{10 * (i + 1)} s", evidence=f"X{i}#f", evidence_label=name)
        for i, name in enumerate(LABELS)
    )
    return ChartSpec("All labels", "s", (Group(None, bars),), chart_id)


def parse(out: str) -> ET.Element:
    """The fragment must be well-formed XML as a whole (figure, svg and table)."""
    return ET.fromstring(out)


def svg_of(out: str) -> ET.Element:
    svg = parse(out).find(f"{SVG}svg")
    assert svg is not None
    return svg


def texts(svg: ET.Element) -> list[str]:
    return ["".join(t.itertext()) for t in svg.iter(f"{SVG}text")]


def style_of(el: ET.Element, prop: str) -> str | None:
    match = re.search(rf"(?:^|;)\s*{prop}:\s*([^;]+)", el.get("style", ""))
    return match.group(1).strip() if match else None


def bar_path(svg: ET.Element, chart_id: str, gid: str) -> ET.Element:
    group = next(el for el in svg.iter() if el.get("id") == f"{chart_id}-{gid}")
    path = next(group.iter(f"{SVG}path"))
    return path


def xs(path: ET.Element) -> list[float]:
    nums = [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", path.get("d", ""))]
    return nums[0::2]


# --- structure -------------------------------------------------------------------


def test_fragment_is_a_figure_with_svg_caption_and_data_table() -> None:
    out = _drawn(simple())
    root = parse(out)
    assert root.tag == "figure"
    assert root.get("class") == "fx-chart"
    assert root.get("id") == "c1"
    caption = root.find("figcaption")
    assert caption is not None and caption.text == "Checkpoint save"
    table = root.find(".//table")
    assert table is not None and table.get("class") == "fx-chart-data"
    box = root.find("div")
    assert box is not None and box.get("class") == "fx-chart-data-box"  # the hiding box


def test_no_xml_prolog_doctype_comments_or_global_style() -> None:
    out = _drawn(simple())
    assert out.startswith('<figure class="fx-chart"')
    assert "<?xml" not in out
    assert "<!DOCTYPE" not in out
    assert "<!--" not in out
    # a <style> inside inline SVG applies to the whole HTML page
    assert "<style" not in out
    assert "<metadata" not in out


def test_svg_has_accessible_name_and_description() -> None:
    svg = svg_of(_drawn(simple()))
    assert svg.get("role") == "group"
    refs = (svg.get("aria-labelledby") or "").split()
    assert refs == ["c1-title", "c1-desc"]
    by_id = {el.get("id"): el for el in svg.iter()}
    assert by_id["c1-title"].tag == f"{SVG}title"
    assert by_id["c1-title"].text == "Checkpoint save"
    assert by_id["c1-desc"].tag == f"{SVG}desc"
    desc = by_id["c1-desc"].text or ""
    assert "Baseline: 178 s (measured, R1#save_time_baseline)" in desc
    assert "FX100: 94 s (measured, R1#save_time_fx100)" in desc


def test_data_table_lists_label_value_and_evidence_for_every_bar() -> None:
    table = parse(_drawn(simple())).find(".//table")
    assert table is not None
    rows = [["".join(td.itertext()) for td in tr.iter("td")] for tr in table.iter("tr")]
    rows = [r for r in rows if r]
    assert rows == [
        ["Baseline", "178 s", "R1#save_time_baseline", "measured"],
        ["FX100", "94 s", "R1#save_time_fx100", "measured"],
    ]
    # each reference links to its figure as its bar does, out of the Tab order (blind84 L1)
    links = [(a.get("href"), a.get("tabindex"), a.text) for a in table.iter("a")]
    assert links == [
        ("#fig-r1-save", "-1", "R1#save_time_baseline"),
        ("#fig-r1-fx", "-1", "R1#save_time_fx100"),
    ]


@pytest.mark.parametrize("href", [None, "javascript:alert(1)", "java\tscript:x"])
def test_a_data_table_reference_without_a_safe_link_is_text(href: str | None) -> None:
    table = parse(render_chart(simple(groups=(Group(None, (bar(href=href),)),)))).find(".//table")
    assert table is not None
    assert list(table.iter("a")) == []
    assert "R1#save_time_baseline" in "".join(table.itertext())


def test_values_and_labels_are_printed_on_the_bars() -> None:
    svg = svg_of(_drawn(all_labels()))
    shown = texts(svg)
    for i, name in enumerate(LABELS):
        assert f"{10 * (i + 1)} s · {label_word(name, 'en')}" in shown
        assert name in shown  # the category label
    assert "s" in shown  # the unit on the axis


# --- reproducibility and ids --------------------------------------------------------


def test_two_calls_are_byte_identical() -> None:
    spec = all_labels()
    assert render_chart(spec) == render_chart(spec)


def test_output_ignores_global_matplotlib_settings() -> None:
    import matplotlib

    expected = render_chart(simple())
    with matplotlib.rc_context(
        {"font.size": 20, "axes.linewidth": 3, "xtick.major.size": 9, "hatch.color": "k"}
    ):
        assert render_chart(simple()) == expected


def test_every_id_is_prefixed_and_every_reference_resolves() -> None:
    svg = svg_of(_drawn(all_labels("chart-a")))
    ids = [el.get("id") for el in svg.iter() if el.get("id")]
    assert ids and len(ids) == len(set(ids))
    assert all(i.startswith("chart-a-") for i in ids if i)
    refs = []
    for el in svg.iter():
        for value in el.attrib.values():
            refs += re.findall(r"url\(#([^)]+)\)", value)
        if el.tag != f"{SVG}a" and (href := el.get("href")) and href.startswith("#"):
            refs.append(href[1:])
    assert refs, "expected clip paths, hatch patterns and tick markers"
    assert all(r.startswith("chart-a-") for r in refs)
    assert set(refs) <= set(ids)
    assert "xlink:href" not in ET.tostring(svg, encoding="unicode")


def test_two_charts_on_one_page_share_no_ids() -> None:
    page = "<body>" + _drawn(all_labels("one")) + _drawn(all_labels("two")) + "</body>"
    ids = [el.get("id") for el in ET.fromstring(page).iter() if el.get("id")]
    assert len(ids) == len(set(ids))
    assert any(i.startswith("one-") for i in ids if i)
    assert any(i.startswith("two-") for i in ids if i)


@pytest.mark.parametrize("chart_id", ["", "1abc", "a b", 'x"y', "a" * 65, "<x>"])
def test_chart_id_must_be_a_plain_identifier(chart_id: str) -> None:
    with pytest.raises(ValueError, match="chart_id"):
        render_chart(simple(chart_id))


# --- untrusted input ------------------------------------------------------------------

HOSTILE = "</svg><script>alert(1)</script>"
SPECIALS = "&<>\"' $x$"


def test_hostile_strings_are_escaped_everywhere() -> None:
    spec = ChartSpec(
        HOSTILE,
        SPECIALS,
        (
            Group(
                HOSTILE,
                (
                    bar(
                        SPECIALS,
                        text=HOSTILE,
                        evidence=SPECIALS,
                        href="#a\"onmouseover='x'",
                    ),
                ),
            ),
        ),
        "evil",
    )
    out = render_chart(spec)
    assert "<script" not in out
    assert "</svg><" not in out
    root = parse(out)  # still well-formed: nothing broke out of its element
    svg = svg_of(out)
    assert root.find("figcaption") is not None
    assert root.find("figcaption").text == HOSTILE  # type: ignore[union-attr]
    by_id = {el.get("id"): el for el in svg.iter()}
    assert by_id["evil-title"].text == HOSTILE
    shown = texts(svg)
    assert SPECIALS in shown  # the category label, literally: "$x$" is not mathtext
    assert f"{HOSTILE} · measured" in shown
    cells = ["".join(td.itertext()) for td in root.iter("td")]
    assert cells == [HOSTILE, SPECIALS, HOSTILE, SPECIALS, "measured"]
    # the quote could not end the attribute: the href is one intact value
    (link,) = svg.iter(f"{SVG}a")
    assert link.get("href") == "#a\"onmouseover='x'"
    (cell_link,) = root.iter("a")  # the data table's, with no attribute of the href's
    assert cell_link.get("href") == "#a\"onmouseover='x'"
    assert cell_link.get("onmouseover") is None
    assert link.get("onmouseover") is None


@pytest.mark.parametrize(
    "href",
    [
        "javascript:alert(1)",
        "JaVaScRiPt:alert(1)",
        " javascript:alert(1)",
        "java\tscript:alert(1)",
        "java\nscript:alert(1)",
        "data:text/html,<script>alert(1)</script>",
        "vbscript:msgbox",
        "file:///etc/passwd",
        "http:\\\\evil",
        "",
    ],
)
def test_unsafe_hrefs_are_dropped(href: str) -> None:
    assert safe_href(href) is None
    svg = svg_of(render_chart(simple(groups=(Group(None, (bar(href=href),)),))))
    assert list(svg.iter(f"{SVG}a")) == []
    # the bar itself is still drawn, with its tooltip, just not as a link
    assert "178 s · measured" in texts(svg)


@pytest.mark.parametrize(
    "href",
    ["#fig-r1", "page/#fig", "../evidence/R1/", "?q=1", "https://example.com/r?a=1&b=2", "//cdn"],
)
def test_relative_and_http_hrefs_are_kept(href: str) -> None:
    assert safe_href(href) == href
    svg = svg_of(render_chart(simple(groups=(Group(None, (bar(href=href),)),))))
    (link,) = svg.iter(f"{SVG}a")
    assert link.get("href") == href
    assert link.get("target") is None  # in-page figure links stay in the page


def test_bar_links_carry_an_evidence_tooltip() -> None:
    svg = svg_of(_drawn(simple()))
    links = list(svg.iter(f"{SVG}a"))
    assert [a.get("href") for a in links] == ["#fig-r1-save", "#fig-r1-fx"]
    assert [a.find(f"{SVG}title").text for a in links] == [  # type: ignore[union-attr]
        "Baseline: 178 s · measured · R1",
        "FX100: 94 s · measured · R1",
    ]  # a screen reader's list of links names each bar's value (blind84 L1)


def test_unlinked_bar_still_has_tooltip() -> None:
    svg = svg_of(render_chart(simple(groups=(Group(None, (bar(href=None),)),))))
    group = next(el for el in svg.iter() if el.get("id") == "c1-bar-0-0")
    tip = group.find(f"{SVG}title")
    assert tip is not None and tip.text == "Baseline: 178 s · measured · R1"


# --- colour, hatch, theme -------------------------------------------------------


def _luminance(hex_colour: str) -> float:
    channels = [int(hex_colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def _contrast(a: str, b: str) -> float:
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


@pytest.mark.parametrize(
    ("colour", "background"),
    [
        (PRIMARY, "#ffffff"),  # the fallback primary on a light page
        ("#5488e8", "#1e2129"),  # Material's dark-scheme indigo, as the stylesheet picks it
        ("#8a9099", "#ffffff"),  # muted bars, light and dark
        ("#8a9099", "#1e2129"),
    ],
)
def test_bar_colours_have_graphic_contrast_on_light_and_dark(colour: str, background: str) -> None:
    assert _contrast(colour, background) >= 3.0


@pytest.mark.parametrize("index", range(len(LABELS)))
def test_an_estimate_is_drawn_modelled_and_nothing_is_hatched(index: int) -> None:
    out = _drawn(all_labels())
    svg = svg_of(out)
    path = bar_path(svg, "c3", f"bar-0-{index}")
    group = next(el for el in svg.iter() if el.get("id") == f"c3-bar-0-{index}")
    modelled = LABELS[index] in MODELLED
    classes = (group.get("class") or "").split()
    assert ("fx-bar--modelled" in classes) is modelled
    assert "fx-bar" in classes and "fx-bar--primary" in classes
    # The colour is an attribute the stylesheet overrides with the theme's, never a pattern.
    assert (path.get("fill") or "").lower() == PRIMARY.lower()
    assert style_of(path, "fill") is None
    assert (style_of(path, "fill-opacity") is not None) is modelled
    assert (style_of(path, "stroke-dasharray") is not None) is modelled
    assert "<pattern" not in out and "url(#" not in (path.get("fill") or "")


def test_text_and_axes_follow_the_page_colour_and_font() -> None:
    out = _drawn(all_labels())
    svg = svg_of(out)
    assert svg.get("fill") == "currentColor"
    assert "#000000" not in out
    assert "currentColor" in out  # spines, ticks, grid
    assert "font-family" not in out  # text inherits the page font
    assert "DejaVu" not in out
    # transparent: no opaque rect behind the chart
    first = svg.find(f"{SVG}g/{SVG}g/{SVG}path")
    assert first is not None and style_of(first, "fill") == "none"


# --- ranges and groups ----------------------------------------------------------------


def test_range_bar_has_a_whisker_from_low_to_high() -> None:
    spec = ChartSpec(
        "Load speedup",
        "×",
        (
            Group(
                None,
                (
                    bar("Baseline", 1, text="1×", href=None),
                    bar("FX100", 6.2, high=9.3, text="6.2–9.3×", evidence="R1#load_speedup"),
                ),
            ),
        ),
        "rng",
    )
    svg = svg_of(render_chart(spec))
    ids = {el.get("id") for el in svg.iter()}
    assert "rng-range-0-1" in ids
    assert "rng-range-0-0" not in ids  # a plain figure has no whisker
    body = bar_path(svg, "rng", "bar-0-1")
    whisker = bar_path(svg, "rng", "range-0-1")
    start, end = min(xs(body)), max(xs(body))
    w_lo, w_hi = min(xs(whisker)), max(xs(whisker))
    assert w_lo == pytest.approx(end, abs=0.01)  # whisker starts at the low end
    # and reaches the high end: 9.3/6.2 of the bar's length
    assert (w_hi - start) / (end - start) == pytest.approx(9.3 / 6.2, rel=1e-3)
    assert "6.2–9.3× · measured" in texts(svg)


def test_grouped_chart_with_two_groups() -> None:
    spec = ChartSpec(
        "Load speedup",
        "×",
        (
            Group("Small model", (bar("Baseline", 1, text="1×"), bar("FX100", 6, text="6×"))),
            Group(
                "Large model",
                (
                    bar("Baseline", 1, text="1×", evidence="R2#b"),
                    bar("FX100", 5, text="5×", evidence_label="estimate"),
                ),
            ),
        ),
        "grp",
    )
    out = render_chart(spec)
    svg = svg_of(out)
    headings = [
        "".join(t.itertext())
        for t in svg.iter(f"{SVG}text")
        if "font-weight: 700" in t.get("style", "")
    ]
    assert headings == ["Small model", "Large model"]
    ids = {el.get("id") for el in svg.iter()}
    assert {"grp-bar-0-0", "grp-bar-0-1", "grp-bar-1-0", "grp-bar-1-1"} <= ids
    # headings sit above their group's bars (SVG y grows downwards)
    ys = {
        "".join(t.itertext()): float(t.get("y", "0"))
        for t in svg.iter(f"{SVG}text")
        if "font-weight: 700" in t.get("style", "")
    }
    last_small = max(_ys(bar_path(svg, "grp", "bar-0-1")))
    first_large = min(_ys(bar_path(svg, "grp", "bar-1-0")))
    assert ys["Small model"] < last_small < ys["Large model"] < first_large
    table = parse(out).find(".//table")
    assert table is not None
    header = [th.text for th in table.iter("th")]
    assert header[0] == "Group"
    groups = [tr.find("td").text for tr in table.iter("tr") if tr.find("td") is not None]  # type: ignore[union-attr]
    assert groups == ["Small model", "Small model", "Large model", "Large model"]


def _ys(path: ET.Element) -> list[float]:
    nums = [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", path.get("d", ""))]
    return nums[1::2]


def test_longer_values_give_longer_bars() -> None:
    svg = svg_of(_drawn(simple()))
    base = bar_path(svg, "c1", "bar-0-0")
    fx = bar_path(svg, "c1", "bar-0-1")
    length = [max(xs(p)) - min(xs(p)) for p in (base, fx)]
    assert length[1] / length[0] == pytest.approx(94 / 178, rel=1e-3)


def test_value_text_fits_inside_the_chart() -> None:
    long = bar("x", 100, text="100 s and a long qualifying note")
    svg = svg_of(render_chart(simple(groups=(Group(None, (long,)),))))
    width = float(svg.get("viewBox", "0 0 0 0").split()[2])
    note = next(t for t in svg.iter(f"{SVG}text") if (t.text or "").startswith("100 s and"))
    body_end = max(xs(bar_path(svg, "c1", "bar-0-0")))
    x = float(note.get("x", "0"))
    # starts right of the bar and, at ~0.55 em per character, ends inside the SVG
    assert body_end < x
    assert x + len(long.text) * 10.5 * 0.55 <= width


def test_bars_use_the_available_width() -> None:
    # The axis is widened only as far as the value text needs, not padded blindly.
    svg = svg_of(_drawn(simple()))
    width = float(svg.get("viewBox", "0 0 0 0").split()[2])
    assert max(xs(bar_path(svg, "c1", "bar-0-0"))) > 0.68 * width


# --- validation -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        (bar(evidence_label="guess"), "evidence label"),
        (bar(value=-1), "negative"),
        (bar(value=float("nan")), "finite"),
        (bar(value=1, high=float("inf")), "finite"),
        (bar(value=5, high=4), "below low"),
    ],
)
def test_invalid_bars_are_refused(bad: Bar, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        render_chart(simple(groups=(Group(None, (bad,)),)))


@pytest.mark.parametrize("groups", [(), (Group(None, ()),), (Group("a", ()), Group("b", ()))])
def test_chart_without_bars_is_refused(groups: tuple[Group, ...]) -> None:
    with pytest.raises(ValueError, match="no bars"):
        render_chart(simple(groups=groups))


def test_all_zero_values_still_render() -> None:
    svg = svg_of(render_chart(simple(groups=(Group(None, (bar(value=0, text="0 s"),)),))))
    assert "0 s · measured" in texts(svg)


# --- runtime properties ---------------------------------------------------------------


def test_import_is_lazy_and_render_avoids_pyplot() -> None:
    code = (
        "import sys, fxsite.render.charts as c\n"
        "from fxsite.render.chart_spec import Bar, ChartSpec, Group\n"
        "assert 'matplotlib' not in sys.modules, 'imported at module level'\n"
        "c.render_chart(ChartSpec('t', 's', (Group(None, (Bar('a', 1, None, '1 s',"
        " 'R1#a', 'measured', None),)),), 'x'))\n"
        "assert 'matplotlib' in sys.modules\n"
        "assert 'matplotlib.pyplot' not in sys.modules, 'pyplot imported'\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def test_concurrent_renders_match_serial_ones() -> None:
    specs = [all_labels(f"t{i}") if i % 2 else simple(f"t{i}") for i in range(4)]
    serial = [render_chart(s) for s in specs]
    with ThreadPoolExecutor(max_workers=4) as pool:
        assert list(pool.map(render_chart, specs)) == serial


def test_style_css_covers_the_class_names() -> None:
    css = chart_style_css()
    for cls in (".fx-chart ", ".fx-chart-svg", ".fx-chart-data", ".fx-chart-caption"):
        assert cls in css
    hidden = css[css.index(".fx-chart-data") :]
    assert "clip" in hidden and "position: absolute" in hidden
    assert "max-width: 100%" in css and "height: auto" in css


def test_highlight_mutes_the_other_bars_and_bolds_the_product() -> None:
    svg = svg_of(render_chart(simple(highlight="FX100")))
    base = bar_path(svg, "c1", "bar-0-0").get("fill") or ""
    product = bar_path(svg, "c1", "bar-0-1").get("fill") or ""
    assert base.lower() == "#8a9099" and product.lower() == PRIMARY.lower()
    groups = {el.get("id"): el.get("class") for el in svg.iter() if el.get("class")}
    assert groups["c1-bar-0-0"] == "fx-bar fx-bar--muted"
    assert groups["c1-bar-0-1"] == "fx-bar fx-bar--primary"
    plain = svg_of(render_chart(simple()))
    assert (bar_path(plain, "c1", "bar-0-0").get("fill") or "").lower() == PRIMARY.lower()


def test_axis_ticks_have_thousands_separators() -> None:
    big = (bar("Baseline", 3560, text="3,560 s"), bar("FX100", 1880, text="1,880 s"))
    shown = texts(svg_of(render_chart(simple(groups=(Group(None, big),)))))
    ticks = [t for t in shown if re.fullmatch(r"[\d,]+", t) and len(t) > 3]
    assert ticks and all(re.fullmatch(r"\d,\d{3}", t) for t in ticks), shown


def test_a_narrow_drawing_for_phones_with_its_own_ids() -> None:
    root = parse(render_chart(simple()))
    wide, narrow = root.findall(f"{SVG}svg")
    assert wide.get("class") == "fx-chart-svg fx-chart-svg--wide"
    assert narrow.get("class") == "fx-chart-svg fx-chart-svg--narrow"
    wide_ids = {el.get("id") for el in wide.iter() if el.get("id")}
    narrow_ids = {el.get("id") for el in narrow.iter() if el.get("id")}
    assert not wide_ids & narrow_ids
    assert all(i.startswith("c1-n-") for i in narrow_ids)
    # The narrow drawing is half as wide, with text of the same size: larger as drawn.
    width = float((narrow.get("width") or "0pt").removesuffix("pt"))
    assert width * 2 == float((wide.get("width") or "0pt").removesuffix("pt"))


# --- source line, search, words in the page's language ---------------------------------


def test_the_source_line_sits_under_the_drawings_escaped() -> None:
    root = parse(render_chart(simple(source="Source: R1 (measured) · baseline: <NVMe>")))
    children = [el.tag.removeprefix(SVG) + ":" + (el.get("class") or "") for el in root]
    assert children[:4] == [
        "figcaption:fx-chart-caption",
        "svg:fx-chart-svg fx-chart-svg--wide",
        "svg:fx-chart-svg fx-chart-svg--narrow",
        "p:fx-chart-source",
    ]
    assert root.find("p").text == "Source: R1 (measured) · baseline: <NVMe>"  # type: ignore[union-attr]
    assert parse(render_chart(simple())).find("p") is None  # no source: no empty line


def test_search_indexes_a_chart_by_its_title_and_source_line_only() -> None:
    """Material's own search parser: no "BarValueEvidenceLabel…" in a search preview."""
    from material.plugins.search.plugin import Parser

    parser = Parser()
    parser.feed(render_chart(simple(source="Source: R1 (measured)")))
    parser.close()
    text = " ".join("".join(section.text) for section in parser.data)
    assert re.sub(r"</?p>", " ", text).split() == [
        "Checkpoint",
        "save",
        "Source:",
        "R1",
        "(measured)",
    ], text


def test_a_hyphenated_name_is_never_split_over_two_lines() -> None:
    named = bar("Save of a full-model run", 10, text="10 s")
    root = parse(render_chart(simple(groups=(Group(None, (named,)),))))
    narrow = root.findall(f"{SVG}svg")[1]
    lines = texts(narrow)
    assert any("full-model" in line for line in lines), lines
    assert not any(line.endswith("-") for line in lines), lines


def test_a_chinese_chart_says_its_labels_and_headings_in_chinese() -> None:
    out = render_chart(simple(lang="zh"))
    shown = texts(svg_of(out))
    assert "178 s · 实测" in shown
    table = parse(out).find(".//table")
    assert table is not None
    assert [th.text for th in table.iter("th")] == ["项目", "数值", "证据", "标签"]
    assert [td.text for td in table.iter("td")][-1] == "实测"
    desc = next(el for el in svg_of(out).iter(f"{SVG}desc"))
    assert desc.text == (
        "Baseline: 178 s (实测, R1#save_time_baseline); FX100: 94 s (实测, R1#save_time_fx100)"
    )


def test_a_bar_caption_sets_its_label_lighter_than_its_value() -> None:
    svg = svg_of(render_chart(simple()))
    note = next(t for t in svg.iter(f"{SVG}text") if "".join(t.itertext()) == "178 s · measured")
    assert note.text == "178 s"
    (label,) = note
    assert label.get("class") == "fx-bar-label" and label.text == " · measured"


# --- the source line from the records, and the gate's chart check ------------------------

CHART_PAGE = (
    "```evidence-chart\ntitle: Save time\nhighlight: FX100\nbars:\n"
    "  - {label: Baseline, ref: R1#save_time_baseline}\n"
    "  - {label: FX100, ref: R1#save_time_fx100}\n```\n"
)
R1_SOURCE = "Source: R1 (measured) · baseline: local NVMe single drive"


@pytest.fixture(scope="module")
def lib() -> Library:
    return library()


@pytest.mark.parametrize(
    ("bars", "lang", "line"),
    [
        ([("R1#save_time_baseline", "measured")], "en", R1_SOURCE),
        (
            [("R1#save_time_fx100", "measured"), ("E1#total_save_time", "estimate")],
            "en",
            "Sources: R1 (measured), E1 (estimate) · baseline: local NVMe single drive",
        ),
        (
            [("E1#saves", "estimate"), ("E1#total_save_time", "estimate")],
            "en",
            "Source: E1 (estimate)",
        ),
        (
            [("R1#a", "measured"), ("R1#b", "estimate")],
            "en",
            "Source: R1 (measured, estimate) · baseline: local NVMe single drive",
        ),
        (
            [("R1#save_time_baseline", "measured")],
            "zh",
            "来源：R1（实测） · 基准：local NVMe single drive",
        ),
        ([("X9#gone", "spec")], "en", "Source: X9 (vendor spec)"),  # a record the library lacks
    ],
)
def test_source_line_names_each_record_its_labels_and_its_baseline(
    lib: Library, bars: list[tuple[str, str]], lang: str, line: str
) -> None:
    assert source_line(bars, lib, lang) == line


@pytest.mark.parametrize("baseline", ["not stated", "Not stated in the report", ""])
def test_a_baseline_the_record_does_not_state_is_left_out(lib: Library, baseline: str) -> None:
    changed = copy.deepcopy(lib)
    record = changed.records["R1"]
    changed.records["R1"] = record.model_copy(update={"setup": {"baseline": baseline}})
    assert source_line([("R1#x", "measured")], changed, "en") == "Source: R1 (measured)"


def _published_chart(lib: Library, lang_path: str = "docs/p.md") -> str:
    result = process_page(CHART_PAGE, lang_path, lib, href_for, render_chart)
    assert result.findings == []
    return result.markdown


def test_the_build_writes_the_source_line_in_the_pages_language(lib: Library) -> None:
    assert f'<p class="fx-chart-source">{R1_SOURCE}</p>' in _published_chart(lib)
    chinese = _published_chart(lib, "docs/zh/p.md")
    assert '<p class="fx-chart-source">来源：R1（实测） · 基准：' in chinese
    assert "94\u00a0s<tspan" in _published_chart(lib)
    # A Chinese page's bars, table and axis write the unit as its claims do (blind63).
    assert "94秒<tspan" in chinese and "· 实测</tspan>" in chinese
    assert "<td>94秒</td>" in chinese and ">秒</text>" in chinese and "\u00a0s<" not in chinese


# (what is changed in a published chart, the FX612 message expected or None: it passes)
TAMPERED: list[tuple[str, str, str, str | None]] = [
    ("as built", "", "", None),
    ("the source line says measured for an estimate", "(measured) ·", "(estimate) ·", "source"),
    ("the source line names another baseline", "local NVMe single drive</p>", "NFS</p>", "source"),
    ("the source line removed", f'<p class="fx-chart-source">{R1_SOURCE}</p>', "", "no source"),
    (
        "the source line in Chinese (a language fxsite writes)",
        R1_SOURCE,
        "来源：R1（实测） · 基准：local NVMe single drive",
        None,
    ),
    ("a bar caption's label changed", " · measured</tspan>", " · estimate</tspan>", "bar label"),
    ("the bar captions in Chinese", " · measured</tspan>", " · 实测</tspan>", None),
    ("the data table's labels in Chinese", "<td>measured</td>", "<td>实测</td>", None),
    (
        "a data table label changed",
        "<td>measured</td></tr>\n</tbody>",
        "<td>estimate</td></tr>\n</tbody>",
        "labelled estimate",
    ),
    (
        "the description in Chinese",
        "(measured, R1#",
        "(实测, R1#",
        None,
    ),
    (
        "the description changed",
        "(measured, R1#save_time_baseline)",
        "(spec, R1#save_time_baseline)",
        "description",
    ),
    # A hostile site's data table may hold any word where a label stands: a finding, never
    # a traceback (it ended the audit in KeyError: 'label.bogus').
    (
        "a data table label that is no label",
        "<td>measured</td></tr>\n</tbody>",
        "<td>bogus</td></tr>\n</tbody>",
        "'bogus', which is no evidence label",
    ),
]


@pytest.mark.parametrize(
    ("old", "new", "expected"), [r[1:] for r in TAMPERED], ids=[r[0] for r in TAMPERED]
)
def test_the_gate_checks_a_charts_source_line_and_captions(
    lib: Library, old: str, new: str, expected: str | None
) -> None:
    html = _published_chart(lib)
    assert old in html
    (chart,) = page_text(html.replace(old, new)).charts
    found = check_chart("p/index.html", chart, lib)
    if expected is None:
        assert found == []
    else:
        assert found and all(f.code == "FX612" for f in found), found
        assert any(expected in f.message for f in found), found


def _narrow(spec: ChartSpec) -> ET.Element:
    return parse(render_chart(spec)).findall(f"{SVG}svg")[1]


def test_a_phones_bars_span_its_drawing_with_their_captions_under_them() -> None:
    """blind22: beside the bars, "2,100,000 IOPS · measured" left the longest bar a third
    of a phone's drawing (its axis ran to 7,500,000); under them, the bars take the width."""
    bars = (
        bar("ZS7000", 850_000, text="850,000 IOPS", evidence="M1#a"),
        bar("ZS9000", 2_100_000, text="2,100,000 IOPS", evidence="M1#b"),
    )
    svg = _narrow(ChartSpec("IOPS", "IOPS", (Group(None, bars),), "c1"))
    width = float(svg.get("viewBox", "0 0 0 0").split()[2])
    longest = bar_path(svg, "c1-n", "bar-0-1")
    assert max(xs(longest)) > 0.75 * width
    note = next(t for t in svg.iter(f"{SVG}text") if (t.text or "").startswith("2,100,000"))
    assert float(note.get("y", "0")) > max(_ys(longest))  # under the bar
    assert float(note.get("x", "0")) < min(xs(longest)) + 5  # from the axis


def test_a_caption_too_wide_for_a_phone_stays_beside_its_bar() -> None:
    """Near miss: a caption wider than the drawing under its bar would be cut off."""
    long = bar("x", 100, text="100 s " + "and a very long qualifying note " * 3)
    svg = _narrow(simple(groups=(Group(None, (long,)),)))
    body = bar_path(svg, "c1-n", "bar-0-0")
    note = next(t for t in svg.iter(f"{SVG}text") if (t.text or "").startswith("100 s and"))
    assert float(note.get("x", "0")) > max(xs(body))  # beside, as the wide drawing has it


def test_a_spec_drawn_once_a_process_is_read_back_and_written_to_a_cache_lacking_it(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The process memo of :func:`render_chart_cached`: a spec drawn again is not drawn (the
    same text comes back), a cache folder that lacks it gets it, another spec is drawn."""
    from fxsite.render import charts

    drawn: list[ChartSpec] = []

    def counting(spec: ChartSpec) -> str:
        drawn.append(spec)
        return render_chart(spec)

    monkeypatch.setattr(charts, "render_chart", counting)
    monkeypatch.setattr(charts, "_DRAWN", {})
    spec = all_labels("memo")
    first = charts.render_chart_cached(spec, None)
    again = charts.render_chart_cached(spec, tmp_path / "cache")
    assert again == first and drawn == [spec]
    assert [p.read_text(encoding="utf-8") for p in (tmp_path / "cache").glob("chart-*.html")] == [
        first
    ]
    other = all_labels("memo-2")
    assert charts.render_chart_cached(other, None) != first and drawn == [spec, other]


def test_a_phones_caption_stands_clear_of_its_bar() -> None:
    """blind84: on a phone's drawing the caption under a bar ("178 s · measured") sat about
    2 px under it; it stands 4 pt clear, and above the next bar."""
    from fxsite.render.chart_figure import NARROW_IN, draw_figure

    fig = draw_figure(simple(), NARROW_IN, 2, narrow=True)
    fig.draw_without_rendering()
    ax = fig.axes[0]
    bars = {p.get_gid(): p.get_window_extent() for p in ax.patches if p.get_gid()}
    notes = {t.get_gid(): t.get_window_extent() for t in ax.texts if t.get_gid()}
    assert {"value-0-0", "value-0-1"} <= set(notes), notes
    points = fig.dpi / 72
    for i in (0, 1):
        bar, note = bars[f"bar-0-{i}"], notes[f"value-0-{i}"]
        assert note.y1 <= bar.y0 - 3.5 * points, (bar, note)  # under its bar, clear of it
    assert notes["value-0-0"].y0 > bars["bar-0-1"].y1  # and above the next bar
