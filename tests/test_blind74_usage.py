"""What the command line tells where it cannot run (blind74, findings 12 and 13):

* ``fxsite build --browser`` on a machine without Playwright said "Aborted with a
  BuildError!" (exit 1, as a refusal); it says what to install, exit 2, before any work,
  as ``fxsite audit --browser`` does;
* a Ctrl-C while the command line is imported printed a Python traceback; it is told as
  click tells a later one, ``Aborted!`` (exit 1).
"""

from __future__ import annotations

import importlib.abc
import importlib.util
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from sitekit import CLEAN, copy_site

from fxsite.cli import cli


def _without_playwright(monkeypatch: pytest.MonkeyPatch) -> None:
    real = importlib.util.find_spec

    def find_spec(name: str, *args: object) -> object:
        return None if name == "playwright" else real(name, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(importlib.util, "find_spec", find_spec)


def test_build_browser_without_playwright_says_what_to_install(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _without_playwright(monkeypatch)
    project = copy_site(CLEAN, tmp_path / "p")
    result = CliRunner().invoke(cli, ["build", str(project), "--browser"])
    assert result.exit_code == 2, result.output
    assert "--browser needs Playwright: pip install 'fxsite[browser]'" in result.output
    assert "BuildError" not in result.output
    assert not (project / "site").exists()  # nothing built, nothing published


def test_browser_missing_names_what_is_missing(monkeypatch: pytest.MonkeyPatch) -> None:
    from fxsite.verify import browser

    monkeypatch.setattr(browser, "_chromium_path", lambda: None)
    if importlib.util.find_spec("playwright") is not None:
        assert browser.browser_missing() == browser._NO_CHROMIUM
    _without_playwright(monkeypatch)
    assert browser.browser_missing() == browser._NO_PLAYWRIGHT


def test_near_miss_build_browser_with_both_asks_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    from fxsite.verify import browser

    monkeypatch.setattr(browser, "_chromium_path", lambda: "/usr/bin/chromium")
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: object())
    assert browser.browser_missing() is None


class _Interrupted(importlib.abc.MetaPathFinder):
    """A Ctrl-C while ``fxsite.cli`` is imported."""

    def find_spec(self, name: str, *args: object) -> None:
        if name == "fxsite.cli":
            raise KeyboardInterrupt
        return None


def test_ctrl_c_while_the_command_line_is_imported_aborts_without_a_traceback(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from fxsite.entry import main

    monkeypatch.delitem(sys.modules, "fxsite.cli")
    monkeypatch.setattr(sys, "meta_path", [_Interrupted(), *sys.meta_path])
    with pytest.raises(SystemExit) as exited:
        main()
    assert exited.value.code == 1
    assert capsys.readouterr().err == "Aborted!\n"
