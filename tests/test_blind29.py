"""What the twenty-ninth blind tester found comparing ``fxsite check`` with ``fxsite
build`` (issue 20): a hook that raises printed a traceback from both. A hook, plugin or
extension the site uses is the site's input: both name its file and line and publish
nothing. (Its front-matter title row is in ``tests/test_blind7_agreement.py``; its
paragraph of 50,000 figures in ``tests/test_scan_numbers.py``.)"""

from __future__ import annotations

from pathlib import Path

import pytest
from sitekit import fxsite_here, rows_site, tree_bytes

RAISING = "def on_page_markdown(markdown, **kwargs):\n    raise RuntimeError('boom')\n"
QUIET = "def on_page_markdown(markdown, **kwargs):\n    return markdown\n"


def _site(tmp_path: Path, hook: str) -> Path:
    site = rows_site(tmp_path / "s")
    (site / "hooks").mkdir()
    (site / "hooks" / "h.py").write_text(hook, "utf-8")
    config = site / "mkdocs.yml"
    config.write_text(config.read_text("utf-8") + "hooks:\n  - hooks/h.py\n", "utf-8")
    return site


@pytest.mark.parametrize("command", ["check", "build"])
def test_a_raising_hook_is_named_never_a_traceback(tmp_path: Path, command: str) -> None:
    site = _site(tmp_path, RAISING)
    before = tree_bytes(site / "site") if (site / "site").exists() else {}
    out = fxsite_here(command, cwd=site)
    assert out.returncode == 1
    assert "Traceback" not in out.stderr
    assert "hooks/h.py:2: RuntimeError: boom" in out.stderr
    after = tree_bytes(site / "site") if (site / "site").exists() else {}
    assert after == before  # nothing published


def test_near_miss_a_quiet_hook_builds(tmp_path: Path) -> None:
    site = _site(tmp_path, QUIET)
    out = fxsite_here("build", cwd=site)
    assert out.returncode == 0, out.stderr


ADDING = "def on_page_content(html, **kwargs):\n    return html + '<p>Saves 94 s</p>'\n"


def test_text_a_hook_adds_says_whose_page_it_is_on(tmp_path: Path) -> None:
    # blind74: at the page's first line, not at the published file of a deleted staging folder
    site = _site(tmp_path, ADDING)
    out = fxsite_here("build", cwd=site)
    assert out.returncode == 1
    home = [line for line in out.stdout.splitlines() if line.startswith("docs/index.md:1:1:")]
    assert home and "FX501" in home[0]
    assert "the page's source does not write this" in home[0]
    assert "published in index.html" in home[0]
