"""Every public page-level entry point, fed random and hostile text: no traceback, no hang.

Each example runs under a limit of this process's CPU time (:mod:`timelimit`),
which other load on the machine does not use up: a hang fails the test, it does
not hang the suite. The only exception allowed is the one an entry
point documents: the standalone Markdown extension refuses a page by raising
:class:`~fxsite.findings.RefusedError`. A fixed profile (derandomized, a set
number of examples) keeps the run to a few seconds and the same on every run.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

import markdown
import pytest
from hypothesis import HealthCheck, example, given, settings, strategies as st
from sitekit import CLEAN, href_for, library
from timelimit import Overrun, limit

from fxsite.evidence.library import Library
from fxsite.evidence.yamlsafe import load_yaml
from fxsite.findings import Finding, RefusedError
from fxsite.markdown import FxsiteExtension
from fxsite.pages.claims import Claim, ClaimProblem, resolve_claim
from fxsite.pages.figures import find_bare_figures
from fxsite.pages.frontmatter import read_front_matter
from fxsite.pages.page import check_prose, process_page

LIB: Library = library()
#: CPU seconds one example may take (each takes milliseconds, a hostile one about a second)
LIMIT = 5.0
PROFILE = settings(
    max_examples=50,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

# Pieces of every syntax the readers meet: Markdown, front matter and YAML, claims
# good and bad, blocks, HTML, Chinese, look-alikes, invisible characters.
PIECES = [
    "---\n",
    "title: ",
    "description: ",
    "faq:\n  - q: ",
    "    a: ",
    "related:\n  - ",
    "```evidence-table\n",
    "```evidence-chart\n",
    "```evidence-stats\n",
    "```\n",
    "rows:\n  - [",
    "  - {label: A, ref: R1#save_time_fx100}\n",
    "[94 s](evidence:R1#save_time_fx100)",
    "[](evidence:R1#setup.baseline)",
    "[1.9×](evidence:R1#save_speedup)",
    "[x](evidence:)",
    "[94 s][fx]\n\n[fx]: evidence:R1#save_time_fx100\n",
    "(evidence:R9",
    "!!! note\n    ",
    "`5 s`",
    "<div>3 GB</div>",
    "<!-- 4% -->",
    "# Heading 2x\n",
    "| a | 5% |\n|---|---|\n",
    "178 s",
    "three minutes",
    "一万元",
    "提升30％",
    "１７８秒",
    "х",  # Cyrillic
    "\u200b",
    "\u202e",
    "&amp;",
    "*",
    "[",
    "]",
    "{",
    ": ",
    "- ",
    "&a !b *c",
    "? ",
    "%",
    "\n",
    "\n\n",
    "    ",
    "\t",
]
R1 = "R1#save_time_fx100"
# Pieces whose long runs once took the detector quadratic time, and others.
RUNS = [",000", "\u00a0000", "1 ", "1.", "9", "一", "x", "×", " ", "-", "[", "*", "> ", "#"]


def _joined(pieces: list[str]) -> str:
    return "".join(pieces)


def _run(args: tuple[str, str, int, str]) -> str:
    before, piece, count, after = args
    return before + piece * count + after


TEXT = st.one_of(
    st.text(max_size=200),
    st.lists(st.one_of(st.sampled_from(PIECES), st.text(max_size=6)), max_size=40).map(_joined),
    st.tuples(
        st.sampled_from(["", "1", "$1", "每秒1", "# ", "---\ntitle: 1"]),
        st.sampled_from(RUNS),
        st.integers(1, 3000),
        st.sampled_from(["", " GB", "x", "%", "元", "\n", "]"]),
    ).map(_run),
)


#: Texts that once took minutes, each tried on every entry point besides the drawn ones.
HOSTILE = [
    "1" + ",000" * 3000,
    "# 1" + "\u00a0000" * 3000 + " GB",
    "每秒1" + ",000" * 3000 + "次/秒",
    "1→2 s," * 2000,
    "---\ntitle: " + "1/2 s " * 2000 + "\n---\n",
]


def hostile(test: Callable[..., None]) -> Callable[..., None]:
    """``test`` tried on each of :data:`HOSTILE` too (with its other arguments' first choice)."""
    extra = [R1] if test.__name__ == "test_claim_resolver" else []
    for text in HOSTILE:
        test = example(text, *extra)(test)
    return test


@contextmanager
def _bounded() -> Iterator[None]:
    try:
        with limit(LIMIT, cpu=True):
            yield
    except Overrun:
        pytest.fail(f"did not finish within {LIMIT} s")


def _well_formed(findings: list[Finding]) -> None:
    for finding in findings:
        assert finding.code.startswith("FX"), finding
        assert finding.line >= 1 and finding.col >= 1, finding


@hostile
@PROFILE
@given(TEXT)
def test_process_page(source: str) -> None:
    with _bounded():
        result = process_page(source, "docs/p.md", LIB, href_for)
    _well_formed(result.findings)


@hostile
@PROFILE
@given(TEXT)
def test_check_prose(text: str) -> None:
    with _bounded():
        findings = check_prose(text, "docs/p.md", lambda offset: (1, offset + 1), LIB)
    _well_formed(findings)


@hostile
@PROFILE
@given(TEXT)
def test_markdown_extension(source: str) -> None:
    extension = FxsiteExtension(evidence_dir=str(CLEAN / "evidence"))
    with _bounded():
        try:
            html = markdown.markdown(source, extensions=[extension, "tables", "admonition"])
        except RefusedError as refused:  # documented: a refused page fails the conversion
            _well_formed(refused.findings)
        else:
            assert isinstance(html, str)


@hostile
@PROFILE
@given(TEXT, st.sampled_from([R1, "R1#save_speedup", "R1#", "R9#x", ""]))
def test_claim_resolver(text: str, ref: str) -> None:
    with _bounded():
        for lang in ("en", "zh"):
            answer = resolve_claim(text, f"evidence:{ref}", LIB, lang=lang)
            assert isinstance(answer, (Claim, ClaimProblem))


@hostile
@PROFILE
@given(TEXT)
def test_yaml_record_loader(source: str) -> None:
    with _bounded():
        loaded = load_yaml(source, "evidence/R1.yaml")
        loaded_bytes = load_yaml(source.encode("utf-8", "surrogatepass"), "evidence/R1.yaml")
    _well_formed(loaded.findings)
    _well_formed(loaded_bytes.findings)


@hostile
@PROFILE
@given(TEXT)
def test_front_matter_reader(body: str) -> None:
    with _bounded():
        front = read_front_matter(f"---\n{body}\n---\n# Page\n", "docs/p.md")
        bare = read_front_matter(body, "docs/p.md")
    _well_formed(front.findings)
    _well_formed(bare.findings)


@hostile
@PROFILE
@given(TEXT)
def test_detector(text: str) -> None:
    with _bounded():
        spans = find_bare_figures(text)
    for span in spans:
        assert text[span.start : span.end] == span.text
