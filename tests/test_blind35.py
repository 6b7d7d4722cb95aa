"""What the thirty-fifth blind tester found comparing ``fxsite check PAGE`` with
``fxsite build`` (issue 20): checking one page read it without the site's hooks,
other plugins and ``strict: true``, which the whole-project check hands to the build.
Checking a page now does too, and reports that page's findings (and those on no page)."""

from __future__ import annotations

from pathlib import Path

from sitekit import fxsite_here, rows_site

CHANGING = (
    "def on_page_markdown(markdown, **kwargs):\n    return markdown + '\\n\\nIt takes 94 s.\\n'\n"
)


def _site(tmp_path: Path, hook: str) -> Path:
    site = rows_site(tmp_path / "s")
    (site / "docs" / "other.md").write_text("# Other\n\nNothing here.\n", "utf-8")
    (site / "hooks").mkdir()
    (site / "hooks" / "h.py").write_text(hook, "utf-8")
    config = site / "mkdocs.yml"
    config.write_text(config.read_text("utf-8") + "hooks:\n  - hooks/h.py\n", "utf-8")
    return site


def _told(out_stdout: str) -> list[str]:
    return sorted(line.split(" ")[0] for line in out_stdout.splitlines() if ": FX" in line)


def test_checking_one_page_reads_it_as_the_build_does(tmp_path: Path) -> None:
    site = _site(tmp_path, CHANGING)
    build = fxsite_here("build", cwd=site)
    page = fxsite_here("check", "docs/index.md", cwd=site)
    assert build.returncode == page.returncode == 1
    assert _told(page.stdout) == [p for p in _told(build.stdout) if p.startswith("docs/index.md")]
    assert "docs/other.md" not in page.stdout  # the other page's findings are not this one's


def test_near_miss_a_hook_that_changes_nothing(tmp_path: Path) -> None:
    site = _site(tmp_path, "def on_page_markdown(markdown, **kwargs):\n    return markdown\n")
    assert fxsite_here("check", "docs/index.md", cwd=site).returncode == 0


def test_fxsite_listed_twice_is_named_by_both(tmp_path: Path) -> None:
    """MkDocs ran two copies of the plugin and stopped on "Aborted with a BuildError!"."""
    site = rows_site(tmp_path / "s")
    config = site / "mkdocs.yml"
    config.write_text(
        config.read_text("utf-8").replace("  - fxsite\n", "  - fxsite\n  - fxsite\n"), "utf-8"
    )
    for command in ("check", "build"):
        out = fxsite_here(command, cwd=site)
        assert out.returncode == 2, out.stdout + out.stderr
        assert "fxsite is listed more than once" in out.stderr


def test_a_missing_related_page_is_never_told_to_be_the_page_itself(tmp_path: Path) -> None:
    """blind38: "related page 'nothere.md' does not exist (did you mean 'rel.md'?)" on
    rel.md itself."""
    site = rows_site(tmp_path / "s")
    (site / "docs" / "rel.md").write_text(
        "---\nrelated:\n  - nothere.md\n---\n\n# Rel\n\nText.\n", "utf-8"
    )
    out = fxsite_here("check", cwd=site)
    assert "FX602" in out.stdout and "did you mean 'rel.md'" not in out.stdout, out.stdout


def test_a_page_the_build_leaves_out_is_not_checked_by_name(tmp_path: Path) -> None:
    """blind35, blind38: a page of ``exclude_docs`` was refused by ``check PAGE`` and
    never built; it is told as not built. A page that is built is checked (near miss)."""
    site = rows_site(tmp_path / "s")
    config = site / "mkdocs.yml"
    config.write_text(config.read_text("utf-8") + "exclude_docs: |\n  drafts/\n", "utf-8")
    (site / "docs" / "drafts").mkdir()
    (site / "docs" / "drafts" / "d.md").write_text("# D\n\nIt reads at 9 GB/s.\n", "utf-8")
    (site / "docs" / "kept.md").write_text("# K\n\nIt reads at 9 GB/s.\n", "utf-8")
    out = fxsite_here("check", "docs/drafts/d.md", cwd=site)
    assert out.returncode == 0 and "docs/drafts/d.md is not built" in out.stderr, out.stdout
    assert fxsite_here("build", cwd=site).returncode == 1  # kept.md, built, is refused
    assert fxsite_here("check", "docs/kept.md", cwd=site).returncode == 1
