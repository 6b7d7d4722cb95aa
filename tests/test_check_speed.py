"""The page reader's faster paths read text exactly as the plain ones they replace.

Each fast path is compared with a straightforward reference (the code it
replaced) on adversarial rows: whitespace of every kind at a claim's edges,
claims at the start and end of a run, empty claims, and random runs.
"""

from __future__ import annotations

import random
import re

import pytest
from selectolax.lexbor import LexborHTMLParser, LexborNode

from fxsite.verify.nodes import own_text, structure
from fxsite.verify.runs import Run
from fxsite.verify.visible import Block


def _reference(raw: str, claims: list[tuple[int, int, int]]) -> Block | None:
    """A run's block, whitespace collapsed character by character (the former reader)."""
    if not raw.strip():
        return None
    out: list[str] = []
    mapping = [0] * (len(raw) + 1)
    space = True
    for i, char in enumerate(raw):
        mapping[i] = len(out)
        if char.isspace():
            if not space:
                out.append(" ")
                space = True
        else:
            out.append(char)
            space = False
    mapping[len(raw)] = len(out)
    text = "".join(out)
    end = len(text.rstrip(" "))
    spans = [(mapping[s], min(mapping[e], end), i) for s, e, i in claims]
    spans = [(s + (text[s : s + 1] == " "), e, i) for s, e, i in spans]
    return Block(text[:end], "article", spans)


def _claimed(raw: str, claimed: str) -> list[tuple[int, int, int]]:
    """Each occurrence of ``claimed`` in ``raw`` as a claim span."""
    spans, at = [], raw.find(claimed)
    while at >= 0 and claimed:
        spans.append((at, at + len(claimed), len(spans)))
        at = raw.find(claimed, at + 1)
    return spans


ROWS = [
    ("The run took 94 s in this case.", "94 s"),
    ("94 s opens the run", "94 s"),
    ("the run ends at 94 s", "94 s"),
    ("  \n 94 s  leads after spaces", "94 s"),
    ("trails before spaces 94 s \n\t ", "94 s"),
    ("a claim\u00a0 94\u00a0s \u2003with no-break and em spaces", " 94\u00a0s \u2003"),
    ("a claim of spaces only:   here", "   "),
    ("a claim at the very end, spaced  ", "  "),
    ("a claim ending in the trailing run 94 s  ", "94 s  "),
    ("x 94 s y 94 s z 94 s", "94 s"),
    ("tab\t\t94\ts\tline\r\n94 s", "94"),
    ("\u200b94 s\u2028next line\u3000ideographic space", "94 s"),
]


@pytest.mark.parametrize(("raw", "claimed"), ROWS)
def test_a_runs_claims_are_placed_as_read_character_by_character(raw: str, claimed: str) -> None:
    claims = _claimed(raw, claimed)
    assert claims, "each row holds its claim"
    builder = Run("article")
    assert builder._block(raw, claims) == _reference(raw, claims)


def test_random_runs_and_spans_are_placed_as_read_character_by_character() -> None:
    rng = random.Random(24)
    alphabet = "ab9 \u00a0\t\n.\u2003"
    builder = Run("article")
    for _ in range(3000):
        raw = "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 24)))
        cuts = sorted(rng.randint(0, len(raw)) for _ in range(2 * rng.randint(1, 3)))
        claims = [(cuts[k], cuts[k + 1], k // 2) for k in range(0, len(cuts), 2)]
        assert builder._block(raw, claims) == _reference(raw, claims), (raw, claims)


def _needle_sets() -> list[tuple[str, object, tuple[str, ...]]]:
    """Each cue pattern of the detector with the words it stands for."""
    from fxsite.pages import figure_families, figure_rules, named_values

    counted = {n.split()[-1].split("-")[-1].lower() for n in figure_families.COUNTED}
    return [
        (
            "currency prefix",
            figure_rules._CURRENCY_PREFIX_NEEDLES,
            (*figure_rules._CURRENCY_SIGNS, *figure_rules._CURRENCY_CODES, "人民币"),
        ),
        (
            "currency suffix",
            figure_rules._CURRENCY_SUFFIX_NEEDLES,
            (*figure_rules._CURRENCY_CODES, *figure_rules._CJK_CURRENCY),
        ),
        (
            "currency words",
            figure_rules._CURRENCY_WORD_NEEDLES,
            tuple(figure_rules._CURRENCY_WORDS),
        ),
        (
            "noun times",
            figure_rules._NOUN_TIME_WORDS,
            ("hour", "day", "month", "year", "minute", "second"),
        ),
        ("times", figure_rules._TIMES_WORDS, ("times", "fold")),
        ("acronym rates", figure_rules._ACRONYM_RATE_WORDS, ("PS", "DWPD", "BW")),
        ("counts", figure_families._COUNT_NEEDLES, tuple(sorted(counted))),
        ("metrics", named_values._METRIC_CUE, named_values._METRIC_NEEDLES),
    ]


@pytest.mark.parametrize(
    ("name", "pattern", "needles"), _needle_sets(), ids=[row[0] for row in _needle_sets()]
)
def test_a_cue_pattern_finds_a_text_where_one_of_its_words_is(
    name: str, pattern: re.Pattern[str], needles: tuple[str, ...]
) -> None:
    """A rule runs where the text holds one of its words, as the substring test said."""
    rng = random.Random(name)
    letters = "".join(sorted(set("".join(needles)))) + " 9a."
    texts = [f"It costs {n} 94 here" for n in needles] + [
        "".join(rng.choice(letters) for _ in range(rng.randint(0, 12))) for _ in range(500)
    ]
    for text in texts:
        assert (pattern.search(text) is not None) == any(n in text for n in needles), text


def _claim_reference(node: LexborNode) -> tuple[object, ...]:
    """A claim's texts and structure read in two passes (the former reader)."""
    shown: list[str] = []
    badge: list[str] = []
    spoken: list[str] = []
    stack: list[tuple[LexborNode, list[str]]] = [(node, shown)]
    order: list[tuple[LexborNode, list[str]]] = []
    while stack:
        current, sink = stack.pop()
        order.append((current, sink))
        child = current.last_child
        while child is not None:
            target = sink
            if child.tag not in ("-text", "-comment"):
                classes = set((child.attributes.get("class") or "").split())
                if "fx-badge" in classes:
                    target = badge
                elif "fx-sr" in classes:
                    target = spoken
            stack.append((child, target))
            child = child.prev
    for current, sink in order:
        if current.tag == "-text":
            sink.append(current.text_content or "")
    return (
        "".join(shown),
        "".join(badge) if badge else None,
        "".join(spoken) if spoken else None,
        structure(node),
    )


CLAIMS = [
    '<a data-fx-ref="R1#a" class="fx-claim">94 s<span class="fx-badge">R1</span>'
    '<span class="fx-sr"> (measured)</span></a>',
    '<a data-fx-ref="R1#a">9<!-- x -->4<em>&nbsp;s</em><span class="fx-badge" hidden>R1</span></a>',
    '<a data-fx-ref="R1#a" title="t" data-x>94 s<span class="fx-badge">R<span class="fx-sr">'
    "one</span>1</span></a>",
    '<a data-fx-ref="R1#a"><span class="fx-sr x">spoken <b>94</b></span> shown '
    '<span class="a fx-badge b">B</span> tail</a>',
    '<a data-fx-ref="R1#a"></a>',
    '<a data-fx-ref="R1#a"><svg><text class="fx-badge">1</text></svg>94 s</a>',
]


@pytest.mark.parametrize("html", CLAIMS)
def test_a_claims_texts_and_structure_are_read_as_in_two_passes(html: str) -> None:
    node = LexborHTMLParser(html).css_first("a[data-fx-ref]")
    assert node is not None
    assert own_text(node) == _claim_reference(node)


_PERMALINK = '<a class="headerlink" href="#w" title="Permanent link">{}</a>'
_BACKLINK = '<div class="footnote"><ol><li id="fn:1"><p>The note.&#160;<a class="footnote-backref" href="#fnref:1">{}</a></p></li></ol></div>'

# (name, rendered page, the configuration's shown strings): links written from a string
# holding a figure, from one holding none, and from none of them.
CONFIG_PAGES = [
    ("a permalink of a figure", f"<h2 id='w'>Took{_PERMALINK.format('94 s')}</h2>", ["94 s"]),
    ("a permalink of a unit", f"<h2 id='w'>Took 94{_PERMALINK.format('s')}</h2>", ["s", "¶"]),
    ("a pilcrow", f"<h2 id='w'>Took 94 s{_PERMALINK.format('¶')}</h2>", ["¶", "bench"]),
    ("a back link of a figure", _BACKLINK.format("94 s"), ["94 s", "¶"]),
    ("a back link no string wrote", _BACKLINK.format("95 s"), ["94 s"]),
    ("no figure in any string", f"<h2 id='w'>9{_PERMALINK.format('4 s')}</h2>", ["¶", "x"]),
]


def _config_reference(html: str, elsewhere: list[str]) -> str:
    """The page without each config link whose text is a string holding a figure, each
    link's text read by the detector (the former reader)."""
    from fxsite.verify.reading import detect
    from fxsite.verify.visible import normalise

    tree = LexborHTMLParser(html)
    links = [
        link
        for link in tree.css("a.headerlink, a.footnote-backref")
        if (text := normalise(link.text(deep=True) or "")) in elsewhere and detect(text)
    ]
    for link in links:
        link.decompose()
    return tree.body.inner_html if links and tree.body is not None else html


@pytest.mark.parametrize(
    ("html", "elsewhere"), [r[1:] for r in CONFIG_PAGES], ids=[r[0] for r in CONFIG_PAGES]
)
def test_config_links_are_read_as_the_detector_read_each_links_text(
    html: str, elsewhere: list[str]
) -> None:
    from sitekit import library

    from fxsite.pages.judge import judge_rendered

    lib = library()
    fast = judge_rendered(html, "docs/p.md", lib, elsewhere=frozenset(elsewhere))
    plain = judge_rendered(_config_reference(html, elsewhere), "docs/p.md", lib)
    assert [(f.code, f.text) for f in fast] == [(f.code, f.text) for f in plain]


def test_a_page_is_not_parsed_again_when_no_configuration_string_holds_a_figure(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The strings are read once a run; a page's links are looked for only if one holds a figure."""
    from sitekit import library

    from fxsite.pages import judge, read_content

    def parsed(html: str, figured: object) -> str:
        raise AssertionError("the page was parsed for its configuration links")

    monkeypatch.setattr(read_content, "_without_config_links", parsed)
    page = f"<h2 id='w'>Took 94 s{_PERMALINK.format('¶')}</h2>"
    found = judge.judge_rendered(page, "docs/p.md", library(), elsewhere=frozenset({"¶", "bench"}))
    assert [f.text for f in found] == ["94 s"]


def test_a_configuration_is_composed_once_for_every_rule_that_reads_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The rules read one node tree of mkdocs.yml; they read the same settings as before."""
    import yaml

    from fxsite.pages import config_text

    text = (
        "site_name: bench\nnav:\n  - Home: index.md\n  - Runs: runs.md\n"
        "extra:\n  owner: Lab\nsite_author: A. Writer\ncopyright: A. Writer\n"
    )
    config_text.compose_config.cache_clear()
    first = (
        config_text.titled_in_nav(text),
        config_text.has_nav(text),
        config_text.shown_strings(text),
        config_text.config_extra(text),
        config_text.config_settings(text),
    )
    composed: list[str] = []
    compose = yaml.compose

    def counted(stream: str, Loader: object) -> object:
        composed.append(stream)
        return compose(stream, Loader=Loader)

    monkeypatch.setattr(yaml, "compose", counted)
    config_text.compose_config.cache_clear()
    again = (
        config_text.titled_in_nav(text),
        config_text.has_nav(text),
        config_text.shown_strings(text),
        config_text.config_extra(text),
        config_text.config_settings(text),
    )
    assert again == first
    assert composed == [text]


def _run_main(monkeypatch: pytest.MonkeyPatch, folder: str) -> list[list[str]]:
    """``python -m fxsite --version`` run in this process from ``folder`` (first on
    ``sys.path``, as ``-m`` puts it): the new processes it started, none started."""
    import gc
    import os
    import runpy
    import sys

    started: list[list[str]] = []

    def execv(path: str, argv: list[str]) -> None:
        started.append(argv)
        raise SystemExit(0)

    monkeypatch.setattr(os, "execv", execv)
    monkeypatch.setattr(sys, "path", [folder, *sys.path])
    monkeypatch.setattr(sys, "argv", ["fxsite", "--version"])
    if sys.flags.safe_path or sys.flags.isolated:
        pytest.skip("run under -P or -I: the folder is never on the path")
    monkeypatch.delitem(sys.modules, "fxsite.__main__", raising=False)
    collecting: list[bool] = []

    def main() -> None:
        collecting.append(gc.isenabled())
        raise SystemExit(0)

    monkeypatch.setattr("fxsite.cli.main", main)
    with pytest.raises(SystemExit):
        runpy.run_module("fxsite", run_name="__main__", alter_sys=True)
    assert folder not in sys.path or started
    # The command itself (a build, a server) runs with the garbage collector on.
    assert collecting == ([] if started else [True]) and gc.isenabled()
    return started


def test_python_m_fxsite_takes_a_clean_folder_off_its_path_in_the_same_process(
    monkeypatch: pytest.MonkeyPatch, tmp_path: object
) -> None:
    """No second interpreter when nothing imported came from the current folder."""
    assert _run_main(monkeypatch, str(tmp_path)) == []


def test_python_m_fxsite_starts_again_when_a_module_came_from_the_current_folder(
    monkeypatch: pytest.MonkeyPatch, tmp_path: object
) -> None:
    """A module already read from the folder (a shadowing dataclasses.py, say): start again."""
    import sys
    import types
    from pathlib import Path

    shadow = types.ModuleType("shadowing")
    shadow.__file__ = str(Path(str(tmp_path)) / "sub" / "shadowing.py")
    monkeypatch.setitem(sys.modules, "shadowing", shadow)
    started = _run_main(monkeypatch, str(tmp_path))
    assert [argv[1:4] for argv in started] == [["-P", "-m", "fxsite"]]


def test_check_loads_without_collecting_and_reads_pages_with_the_collector_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """What check loads first outlives it: the collector waits, then never walks it again."""
    import gc

    from sitekit import CLEAN, fxsite_here

    from fxsite import cli
    from fxsite.project import Project

    seen: dict[str, bool] = {}
    project, load, judge = cli._project, Project.load, Project.judge

    def projected(path: object) -> object:
        seen["config"] = gc.isenabled()
        return project(path)  # type: ignore[arg-type]

    def loaded(self: Project) -> object:
        seen.setdefault("records", gc.isenabled())
        return load(self)

    def judged(self: Project, *args: object) -> object:
        seen.setdefault("pages", gc.isenabled())
        return judge(self, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(cli, "_project", projected)
    monkeypatch.setattr(Project, "load", loaded)
    monkeypatch.setattr(Project, "judge", judged)
    done = fxsite_here("check", str(CLEAN), cwd=CLEAN)
    assert done.returncode == 0, done.stderr
    assert seen == {"config": False, "records": False, "pages": True}
    assert gc.isenabled()
