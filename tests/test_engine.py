"""The engine: the Markdown extension alone, enforce modes, the plugin's shape.

The extension must refuse on its own (an engine that runs Markdown
extensions but no MkDocs plugin, as Zensical does), and every adapter must
give one verdict for one project (``fxsite.policy``).
"""

from __future__ import annotations

import os
import re
import time
from pathlib import Path

import markdown
import pytest
from bs4 import BeautifulSoup
from sitekit import (
    CLEAN,
    REFUSED,
    copy_site,
    fxsite_here,
    href_for,
    library,
    mkdocs_build_here,
    with_enforce,
)
from timelimit import limit

from fxsite.findings import Finding, RefusedError
from fxsite.markdown import FxsiteExtension
from fxsite.pages.context import PageContext
from fxsite.pages.locate import SourceLocator
from fxsite.policy import decide, enforce_mode

# -- the extension alone -----------------------------------------------------------------------


@pytest.fixture
def in_clean_site(monkeypatch: pytest.MonkeyPatch) -> Path:
    """Standalone mode reads evidence/ from the working folder, as an engine runs it."""
    monkeypatch.chdir(CLEAN)
    return CLEAN


@pytest.mark.parametrize(
    ("source", "code"),
    [
        ("Saves take 178 s now.", "FX501"),  # a bare figure
        ("Saves take [179 s](evidence:R1#save_time_baseline).", "FX403"),  # misstated
        ("Saves take [178 s](evidence:R404#save_time_baseline).", "FX401"),  # unknown record
        ("Saves take [178 s](evidence:R1#nope).", "FX402"),  # unknown figure
        ("# Saves in 178 s\n", "FX501"),  # in a heading
        ("!!! note\n\n    Saves take 178 s.\n", "FX501"),  # in an admonition
    ],
    ids=["bare", "misstated", "unknown record", "unknown figure", "heading", "admonition"],
)
def test_extension_alone_refuses(in_clean_site: Path, source: str, code: str) -> None:
    with pytest.raises(RefusedError) as refused:
        markdown.markdown(source, extensions=["fxsite.markdown", "admonition"])
    assert code in [f.code for f in refused.value.findings]
    assert code in str(refused.value)


@pytest.mark.parametrize(
    "source",
    [
        "Saves take [178 s](evidence:R1#save_time_baseline).",
        "Saves take [](evidence:R1#save_time_baseline).",
        "Saves take `178 s` in code, and 20 saves in total.",
        "```\nSaves take 178 s.\n```\n",
    ],
    ids=["claim", "empty claim", "code span and a count", "fenced code"],
)
def test_extension_alone_renders_near_misses(in_clean_site: Path, source: str) -> None:
    html = markdown.markdown(source, extensions=["fxsite.markdown", "fenced_code"])
    soup = BeautifulSoup(html, "html.parser")
    for claim in soup.select("a.fx-claim"):
        assert claim["data-fx-ref"] == "R1#save_time_baseline"
        assert claim["href"] == "/evidence/R1/#save_time_baseline"
        assert claim.get_text().startswith("178\u00a0s")


def test_extension_alone_with_enforce_off_renders_refusals_as_text(in_clean_site: Path) -> None:
    html = markdown.markdown(
        "Saves take [179 s](evidence:R1#save_time_baseline).",
        extensions=["fxsite.markdown"],
        extension_configs={"fxsite.markdown": {"enforce": False}},
    )
    assert "179 s" in html and "data-fx-ref" not in html


def test_extension_renders_links_the_source_scan_could_not_see() -> None:
    """A claim only the renderer sees (here, written by hand as an autolink-free link
    split over lines) is still resolved by the tree, and a bad one is a finding."""
    lib = library()
    ctx = PageContext(lib, href_for, "docs/x.md")
    extension = FxsiteExtension()
    extension.use_context(lambda: ctx)
    html = markdown.markdown(
        "Fell from [178\ns](evidence:R1#save_time_baseline) and [9\ns](evidence:R1#save_time_fx100).",
        extensions=[extension],
    )
    soup = BeautifulSoup(html, "html.parser")
    assert [a["data-fx-ref"] for a in soup.select("a.fx-claim")] == ["R1#save_time_baseline"]
    assert [f.code for f in ctx.findings] == ["FX403"]


def test_claims_in_headings_have_no_badge() -> None:
    lib = library()
    extension = FxsiteExtension()
    extension.use_context(lambda: PageContext(lib, href_for))
    html = markdown.markdown(
        "## From [178 s](evidence:R1#save_time_baseline)\n\nBody [178 s](evidence:R1#save_time_baseline).",
        extensions=[extension],
    )
    soup = BeautifulSoup(html, "html.parser")
    heading, body = soup.select("a.fx-claim")
    assert heading.select(".fx-badge") == [] and body.select(".fx-badge") != []


def test_locate_places_a_rendered_finding_in_the_source() -> None:
    finding = Finding("docs/x.md", 1, 1, "FX403", "m", text="9 s")
    assert SourceLocator("# T\n\nText [9 s](evidence:R1#a)\n").place(finding).line == 3
    assert SourceLocator("nothing here").place(finding).line == 1


# -- one verdict: enforce ------------------------------------------------------------------------

_ERR_PAGE = Finding("docs/a.md", 1, 1, "FX501", "bare")
_ERR_OTHER_PAGE = Finding("docs/b.md", 1, 1, "FX501", "bare")
_ERR_RECORD = Finding("evidence/R1.yaml", 1, 1, "FX203", "bad")
_WARNING = Finding("evidence/R1.yaml", 2, 1, "FX309", "w", severity="warning")


@pytest.mark.parametrize(
    ("mode", "refused"),
    [
        ("all", {"docs/a.md", "docs/b.md", "evidence/R1.yaml"}),
        # adopt: a page that cites evidence refuses; one that cites none is only warned
        ("adopt", {"docs/a.md", "evidence/R1.yaml"}),
        ("off", set()),
    ],
)
def test_decide_by_mode(mode: str, refused: set[str]) -> None:
    # docs/b.md cites no evidence (adopted); docs/a.md does
    verdict = decide([_ERR_PAGE, _ERR_OTHER_PAGE, _ERR_RECORD, _WARNING], mode, {"docs/b.md"})  # type: ignore[arg-type]
    assert {f.path for f in verdict.refusals} == refused
    assert _WARNING in verdict.reported
    assert len(verdict.all) == 4


@pytest.mark.parametrize(("value", "mode"), [(True, "all"), (False, "off"), ("adopt", "adopt")])
def test_enforce_values(value: object, mode: str) -> None:
    assert enforce_mode(value) == mode


@pytest.mark.parametrize("value", ["true", "yes", 1, None, "Adopt"])
def test_enforce_near_misses_are_refused(value: object) -> None:
    with pytest.raises(Exception, match="enforce must be true, false or adopt"):
        enforce_mode(value)


@pytest.mark.slow
@pytest.mark.parametrize(("value", "code"), [("true", 1), ("false", 0), ("adopt", 1)])
def test_every_path_gives_one_verdict(tmp_path: Path, value: str, code: int) -> None:
    """check, build and mkdocs build agree on the same project and enforce value."""
    project = copy_site(REFUSED, tmp_path)
    with_enforce(project, value)
    assert fxsite_here("check", str(project), cwd=tmp_path).returncode == code
    built = fxsite_here("build", str(project), cwd=tmp_path)
    assert built.returncode == code, built.stderr
    assert (project / "site").is_dir() == (code == 0)
    mk = mkdocs_build_here(project, tmp_path / "out")
    assert (mk.returncode != 0) == (code == 1), mk.stderr


@pytest.mark.slow
def test_adopt_refuses_only_pages_that_cite(tmp_path: Path) -> None:
    project = copy_site(CLEAN, tmp_path)
    with_enforce(project, "adopt")
    (project / "docs" / "legacy.md").write_text("# Legacy\n\nIt took 517 s.\n")
    check = fxsite_here("check", str(project), cwd=tmp_path)
    assert check.returncode == 0, check.stdout
    assert "docs/legacy.md:3:9: FX501 warning: " in check.stdout
    (project / "docs" / "legacy.md").write_text(
        "# Legacy\n\nIt took 517 s, then [94 s](evidence:R1#save_time_fx100).\n"
    )
    check = fxsite_here("check", str(project), cwd=tmp_path)
    assert check.returncode == 1
    assert "docs/legacy.md:3:9: FX501 bare figure" in check.stdout


# -- the plugin's shape ---------------------------------------------------------------------------


@pytest.mark.slow
def test_clash_with_a_generated_page_is_one_finding_everywhere(tmp_path: Path) -> None:
    project = copy_site(CLEAN, tmp_path)
    (project / "docs" / "evidence").mkdir()
    (project / "docs" / "evidence" / "R1.md").write_text("# Mine\n")
    expected = "docs/evidence/R1.md:1:1: FX605"
    check = fxsite_here("check", str(project), cwd=tmp_path)
    assert check.returncode == 1 and expected in check.stdout
    built = fxsite_here("build", str(project), cwd=tmp_path)
    assert built.returncode == 1 and expected in built.stdout
    assert "Traceback" not in built.stderr


@pytest.mark.slow
def test_built_pages_carry_the_stamp_and_records_stay_out_of_the_nav(tmp_path: Path) -> None:
    project = copy_site(CLEAN, tmp_path)
    (project / "mkdocs.yml").write_text(
        (project / "mkdocs.yml").read_text() + "use_directory_urls: false\n"
    )
    built = fxsite_here("build", str(project), cwd=tmp_path)
    assert built.returncode == 0, built.stderr + built.stdout
    site = project / "site"
    pages = sorted(site.rglob("*.html"))
    assert pages
    for page in pages:
        assert '<meta name="fxsite-build" content="' in page.read_text(encoding="utf-8"), page
    home = BeautifulSoup((site / "index.html").read_text(encoding="utf-8"), "html.parser")
    nav = " ".join(a.get("href", "") for a in home.select("nav a"))
    assert "evidence/index.html" in nav
    assert "evidence/R1.html" not in nav
    # From file:// (use_directory_urls: false), every claim lands on a file.
    for page in pages:
        soup = BeautifulSoup(page.read_text(encoding="utf-8"), "html.parser")
        for claim in soup.select("a[data-fx-ref]"):
            target = claim["href"].partition("#")[0]
            assert target.endswith(".html"), (page, target)
            assert os.path.isfile(page.parent / target), (page, target)


@pytest.mark.slow
def test_scale_benchmark_runs_at_a_tiny_size() -> None:
    """The benchmark keeps working (its numbers are read by people, never asserted)."""
    import subprocess
    import sys

    root = Path(__file__).resolve().parent.parent
    proc = subprocess.run(
        [sys.executable, str(root / "benchmarks" / "scale.py"), "--tiny"],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    for name in ("build", "memory", "check", "serve page", "serve record"):
        assert re.search(rf"^  {name}\s+fxsite .* ratio\s+\d", proc.stdout, re.MULTILINE), (
            proc.stdout
        )
    imports = r"^  \(imports alone: fxsite [\d.]+ MiB, plain [\d.]+ MiB; .* allows [\d.]+ MiB"
    assert re.search(imports, proc.stdout, re.MULTILINE), proc.stdout


@pytest.mark.slow
def test_breakdown_benchmark_names_every_stage() -> None:
    """Each stage of a build is timed, and the stages add up to the build."""
    import subprocess
    import sys

    root = Path(__file__).resolve().parent.parent
    proc = subprocess.run(
        [
            sys.executable,
            str(root / "benchmarks" / "breakdown.py"),
            "--records",
            "3",
            "--pages",
            "3",
        ],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    rows = dict(re.findall(r"^  (\S.*?)\s+(\d+\.\d+)\s+\d+\.\d+\s+[-+]", proc.stdout, re.M))
    stages = ["imports", "pages: Markdown", "pages: theme", "pages: search"]
    stages += ["library pages", "gate", "exports, signing", "other"]
    assert set(stages) <= set(rows), proc.stdout
    assert float(rows["gate"]) > 0 and float(rows["library pages"]) > 0, proc.stdout
    total = sum(float(rows[s]) for s in stages)
    assert abs(total - float(rows["total"])) < 0.01, proc.stdout


# -- hostile pages: no traceback, no hang ---------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "refused"),
    [
        ("\n".join("    " * i + "- item" for i in range(1000)), True),  # 1,000-level list
        ("> " * 900 + "quote", True),
        ("\n".join("    " * i + "- item" for i in range(60)), False),  # near miss: 60 levels
        ("> " * 60 + "quote", False),
    ],
    ids=["list 1000", "quote 900", "list 60", "quote 60"],
)
def test_deep_nesting_is_a_finding_not_a_crash(body: str, refused: bool) -> None:
    from fxsite.pages.page import process_page

    result = process_page(f"# Deep\n\n{body}\n", "docs/deep.md", library(), href_for)
    assert ("FX606" in [f.code for f in result.findings]) == refused
    if refused:
        assert result.markdown.startswith("This page was refused")
        markdown.markdown(result.markdown)  # renders without exhausting the stack


@pytest.mark.parametrize(
    "body",
    ["<!--" * 40_000, "<!-- a -->" * 20_000, "`a " * 40_000, "[" * 80_000, "<a " * 40_000],
    ids=["unclosed comments", "closed comments", "stray backticks", "brackets", "open tags"],
)
def test_hostile_page_is_checked_in_linear_time(tmp_path: Path, body: str) -> None:
    """A limit on CPU time (which a busy machine does not use up): a quadratic scan
    would take minutes here."""
    project = copy_site(CLEAN, tmp_path)
    (project / "docs" / "hostile2.md").write_text(f"# H\n\n{body}\n", encoding="utf-8")
    start = time.process_time()
    with limit(60, cpu=True):  # the quadratic comment scan took minutes on this page
        proc = fxsite_here("check", str(project), cwd=tmp_path)
    assert time.process_time() - start < 60, "the check ran past its limit"
    assert "Traceback" not in proc.stderr
    assert proc.returncode in (0, 1)


@pytest.mark.slow
@pytest.mark.parametrize(
    "theme", ["", "theme:\n  name: material\n"], ids=["mkdocs theme", "material"]
)
def test_smallest_config_publishes_no_raw_markup(tmp_path: Path, theme: str) -> None:
    """The plugin brings the Markdown extensions its output needs (as autorefs does)."""
    project = copy_site(CLEAN, tmp_path)
    (project / "mkdocs.yml").write_text(f"site_name: t\n{theme}plugins: [fxsite]\n")
    built = fxsite_here("build", str(project), cwd=tmp_path)
    assert built.returncode == 0, built.stdout + built.stderr
    for page in (project / "site").rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        soup = BeautifulSoup(text, "html.parser")
        for script in soup(["script", "style"]):
            script.decompose()
        shown = soup.get_text(" ")
        # Raw markup a reader would see: admonition markers, attribute lists,
        # fences, escaped HTML tags, Markdown links left unrendered.
        for raw in ("!!! ", "{: ", "```", "<div", "<span", "](evidence:"):
            assert raw not in shown, (page, raw)


# -- the docs folder as MkDocs sees it ------------------------------------------------------------


# The docs folder's refusals (a dangling link, a folder loop, ...): tests/test_docs_folder.py.


@pytest.mark.parametrize("value", ["''", "'../x'", "'a//b'", "'x/./y'", "'x/../../y'"])
def test_library_url_must_stay_inside_the_site(tmp_path: Path, value: str) -> None:
    project = copy_site(CLEAN, tmp_path)
    config = project / "mkdocs.yml"
    config.write_text(
        config.read_text().replace("  - fxsite\n", f"  - fxsite:\n      library_url: {value}\n")
    )
    proc = fxsite_here("check", str(project), cwd=tmp_path)
    assert proc.returncode == 2 and "library_url" in proc.stderr, proc.stderr


def test_library_url_near_miss(tmp_path: Path) -> None:
    project = copy_site(CLEAN, tmp_path)
    config = project / "mkdocs.yml"
    config.write_text(
        config.read_text().replace(
            "  - fxsite\n", "  - fxsite:\n      library_url: proof/library\n"
        )
    )
    assert fxsite_here("check", str(project), cwd=tmp_path).returncode == 0


@pytest.mark.slow
@pytest.mark.parametrize(
    "breakage",
    ["bare figure", "gate only"],
)
def test_refused_mkdocs_build_keeps_the_published_site(tmp_path: Path, breakage: str) -> None:
    """`mkdocs build` publishes all or nothing too: it builds into a staging folder."""
    project = copy_site(CLEAN, tmp_path)
    out = tmp_path / "out"
    first = mkdocs_build_here(project, out)
    assert first.returncode == 0, first.stderr
    before = sorted(p.relative_to(out).as_posix() for p in out.rglob("*"))
    if breakage == "bare figure":
        (project / "docs" / "index.md").write_text("# Home\n\nIt took 517 s.\n")
    else:  # a file the source check never reads, caught by the output gate alone
        (project / "docs" / "notes.txt").write_text("Saves now take 517 s.\n")
    second = mkdocs_build_here(project, out)
    assert second.returncode != 0
    assert "Traceback" not in second.stderr
    assert sorted(p.relative_to(out).as_posix() for p in out.rglob("*")) == before
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".out-")]  # no staging left


def test_unchanged_evidence_keeps_the_library_between_rebuilds(tmp_path: Path) -> None:
    """Serve reuses what was rendered from a library only while records and documents are unchanged."""
    import os

    from fxsite.project import Project
    from fxsite.project_paths import ProjectPaths

    (tmp_path / "docs").mkdir()
    evidence = tmp_path / "evidence"
    evidence.mkdir()
    (evidence / "doc.pdf").write_bytes(b"report")
    record = evidence / "R1.yaml"
    body = (
        "id: R1\ntitle: T\nlabel: measured\nstatus: active\ndate: 2026-01-02\n"
        "source: {{issuer: Lab, document: doc.pdf, sha256: '{sha}'}}\n"
        "figures:\n  t: {{value: {value}, unit: s, what: Save}}\n"
    )
    import hashlib

    sha = hashlib.sha256(b"report").hexdigest()
    record.write_text(body.format(sha=sha, value=94), encoding="utf-8")
    project = Project(ProjectPaths(tmp_path, tmp_path / "docs", evidence))
    first = project.load()
    assert first.figures and project.load() is first  # nothing changed
    (evidence / "doc.pdf").write_bytes(b"other")  # a document changed: its finding appears
    second = project.load()
    assert second is not first and any(f.code == "FX310" for f in second.findings)
    (evidence / "doc.pdf").write_bytes(b"report")
    third = project.load()
    assert third is not second
    record.write_text(body.format(sha=sha, value=95), encoding="utf-8")
    os.utime(record, ns=(1, 1))  # a new stamp even within the clock's resolution
    assert project.load() is not third


@pytest.mark.slow
@pytest.mark.parametrize(("option", "indexed"), [("", False), ("search_records: true", True)])
def test_record_pages_are_searched_only_when_asked(
    tmp_path: Path, option: str, indexed: bool
) -> None:
    """Record pages stay out of the site search by default; the library index is in it."""
    import json

    project = copy_site(CLEAN, tmp_path)
    config = (project / "mkdocs.yml").read_text(encoding="utf-8")
    if option:
        config = config.replace("  - fxsite\n", f"  - fxsite:\n      {option}\n")
        assert option in config
    (project / "mkdocs.yml").write_text(config, encoding="utf-8")
    built = fxsite_here("build", str(project), cwd=tmp_path)
    assert built.returncode == 0, built.stderr + built.stdout
    index = json.loads((project / "site" / "search" / "search_index.json").read_text("utf-8"))
    locations = [doc["location"] for doc in index["docs"]]
    assert any(loc.startswith("evidence/#") or loc == "evidence/" for loc in locations)
    assert any(loc.startswith("evidence/R1/") for loc in locations) is indexed


#: The adapters over MkDocs; every other module of the core runs without it.
# The rebuild's child process is an adapter too: it runs MkDocs on a vetted config.
_MKDOCS_ADAPTERS = {
    "fxsite/cli.py",
    "fxsite/mkdocs_config.py",
    "fxsite/mkdocs_plugin.py",
    "fxsite/mkdocs_rebuild.py",
    "fxsite/mkdocs_serve.py",
    "fxsite/mkdocs_shell.py",
}


def test_only_the_adapters_import_mkdocs() -> None:
    root = Path(__file__).resolve().parent.parent
    importing = {
        path.relative_to(root).as_posix()
        for path in (root / "fxsite").rglob("*.py")
        if re.search(r"^\s*(?:from|import)\s+mkdocs\b", path.read_text(encoding="utf-8"), re.M)
    }
    assert importing == _MKDOCS_ADAPTERS
