"""The same refusals under three engines: MkDocs 1.6, ProperDocs 1.6 and Zensical.

ProperDocs is a drop-in fork of MkDocs 1.6 and runs the fxsite plugin as
MkDocs does: the refusals must be identical, finding for finding (ProperDocs run as
its script runs, MkDocs in the test's process, as the other build tests run it). Zensical
skips MkDocs plugins it does not know (and exits 0), so under Zensical the
site lists the Markdown extension ``fxsite.markdown`` itself: the claims are
then checked and rendered, and a refused page fails the build. What Zensical
does not get (the Evidence Library pages, the exports, the output gate) is
stated in the README.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from sitekit import BIN, CLEAN, REFUSED, copy_site, mkdocs_build_here, run

pytestmark = pytest.mark.slow

_FINDING = re.compile(r"(docs/[\w./-]+:\d+:\d+: FX\d{3} .*)$", re.MULTILINE)


def _engine(name: str) -> Path:
    path = BIN / name
    if not path.exists():  # pragma: no cover - the test extra installs all three
        pytest.fail(f"{name} is not installed: run `make test` (it installs the test extra)")
    return path


def _findings(output: str) -> list[str]:
    return sorted(set(_FINDING.findall(output)))


@pytest.mark.parametrize("site", [CLEAN, REFUSED], ids=["clean", "refused"])
def test_properdocs_gives_the_same_verdict_as_mkdocs(tmp_path: Path, site: Path) -> None:
    project = copy_site(site, tmp_path)
    mk = mkdocs_build_here(project, tmp_path / "mk")  # MkDocs in this process, ProperDocs not
    pd = run([str(_engine("properdocs")), "build", "-d", str(tmp_path / "pd")], project)
    assert (mk.returncode == 0) == (pd.returncode == 0) == (site is CLEAN), pd.stderr
    assert _findings(pd.stderr) == _findings(mk.stderr)
    if site is REFUSED:
        assert _findings(pd.stderr), pd.stderr
        assert "fxsite refused the build" in pd.stderr
    else:
        assert (tmp_path / "pd" / "evidence.json").is_file()
        assert "fxsite-build" in (tmp_path / "pd" / "index.html").read_text(encoding="utf-8")


def _zensical_project(tmp_path: Path) -> Path:
    project = copy_site(CLEAN, tmp_path)
    config = project / "mkdocs.yml"
    config.write_text(
        config.read_text(encoding="utf-8").replace(
            "markdown_extensions:\n", "markdown_extensions:\n  - fxsite.markdown\n"
        ),
        encoding="utf-8",
    )
    return project


def test_zensical_renders_claims_with_the_extension(tmp_path: Path) -> None:
    project = _zensical_project(tmp_path)
    proc = run([str(_engine("zensical")), "build"], project)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    pages = [p.read_text(encoding="utf-8") for p in (project / "site").rglob("*.html")]
    assert any('data-fx-ref="R1#save_time_baseline"' in page for page in pages)


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("It now takes 517 s per save.", "FX501"),
        ("It now takes [179 s](evidence:R1#save_time_baseline).", "FX403"),
        ("It now takes [178 s](evidence:R404#x).", "FX401"),
    ],
    ids=["bare figure", "misstated claim", "unknown record"],
)
def test_zensical_refuses_with_the_extension(tmp_path: Path, text: str, code: str) -> None:
    project = _zensical_project(tmp_path)
    page = project / "docs" / "index.md"
    lines = page.read_text(encoding="utf-8").count("\n")
    page.write_text(page.read_text(encoding="utf-8") + f"\n{text}\n", encoding="utf-8")
    proc = run([str(_engine("zensical")), "build"], project)
    output = proc.stdout + proc.stderr
    assert proc.returncode != 0, output
    assert f"docs/index.md:{lines + 2}:" in output and code in output, output


def test_zensical_without_the_extension_checks_nothing(tmp_path: Path) -> None:
    """The failure mode the README warns about: the plugin alone is skipped."""
    project = copy_site(CLEAN, tmp_path)
    page = project / "docs" / "index.md"
    page.write_text(page.read_text(encoding="utf-8") + "\nIt now takes 517 s.\n", "utf-8")
    proc = run([str(_engine("zensical")), "build"], project)
    assert proc.returncode == 0
    shutil.rmtree(project / "site", ignore_errors=True)
