"""A warning MkDocs gives loading ``mkdocs.yml`` (a misspelt plugin option, say) is a
finding like any other: ``FX901`` at the setting's ``mkdocs.yml:line:col``, shown once,
counted in the summary, and the same from ``fxsite check`` and ``fxsite build``.

It was a line without a place (``mkdocs.yml: warning: …``), shown twice by the build
(once more as MkDocs' own ``WARNING:``) and counted by neither ("0 warning(s)")."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from sitekit import check_and_build, finding_lines

from fxsite.mkdocs_config import config_warning

PLUGINS = "site_name: t\ntheme:\n  name: mkdocs\n  highlightjs: false\nplugins:\n"

# (name, mkdocs.yml, where each warning goes: "line:col", or "" for none)
ROWS = [
    ("a misspelt fxsite option", PLUGINS + "  - fxsite:\n      enforce_figures: true\n", ["7:24"]),
    (
        "two unknown options, each at its own line",
        PLUGINS + "  - search\n  - fxsite:\n      headline: 94 s\n      enforc: all\n",
        ["8:17", "9:15"],
    ),
    (
        "another plugin's unknown option",
        PLUGINS + "  - search:\n      langs: [en]\n  - fxsite\n",
        ["7:14"],
    ),
    ("near miss: a known option", PLUGINS + "  - fxsite:\n      enforce: true\n", []),
    ("near miss: no options", PLUGINS + "  - fxsite\n", []),
]


@pytest.mark.parametrize(("config", "places"), [r[1:] for r in ROWS], ids=[r[0] for r in ROWS])
def test_check_and_build_report_a_config_warning_at_its_line(
    config: str, places: list[str], project: Callable[..., Path]
) -> None:
    site = project({}, mkdocs=config)
    checked, built = check_and_build(site)
    assert checked.returncode == built.returncode == 0, checked.stderr + built.stderr
    for run in (checked, built):
        output = run.stdout + run.stderr
        shown = finding_lines(output)
        assert [line.split(": FX901")[0] for line in shown] == [f"mkdocs.yml:{p}" for p in places]
        assert all(" FX901 warning: Config value 'plugins'" in line for line in shown)
        assert f"0 error(s), {len(places)} warning(s)" in output
        assert "WARNING" not in output and "mkdocs.yml: warning" not in output, output
    assert finding_lines(checked.stdout) == finding_lines(built.stdout)


def test_a_warning_naming_no_setting_is_at_the_files_first_line(tmp_path: Path) -> None:
    (tmp_path / "mkdocs.yml").write_text("site_name: t\n", encoding="utf-8")
    found = config_warning(tmp_path / "mkdocs.yml", "something else went wrong")
    assert (found.path, found.line, found.col, found.severity) == ("mkdocs.yml", 1, 1, "warning")


# blind74, finding 9: a plugin MkDocs cannot find was placed at the list's first item, and
# an option of a plugin written without its package's prefix ("- tags" for Material's
# "material/tags") at the file's first line. In process: the configuration loaded.
MATERIAL = "site_name: t\ntheme:\n  name: material\n  font: false\nplugins:\n  - search\n"


def test_an_option_of_a_plugin_written_without_its_prefix_is_at_its_line(tmp_path: Path) -> None:
    from fxsite.mkdocs_config import load_mkdocs_config

    (tmp_path / "docs").mkdir()
    config = tmp_path / "mkdocs.yml"
    config.write_text(MATERIAL + "  - tags:\n      bogus: 1\n", encoding="utf-8")
    _, warnings = load_mkdocs_config(config)
    assert [(w.line, w.col) for w in warnings] == [(8, 14)], warnings


@pytest.mark.parametrize(
    ("plugins", "place"),
    [
        ("  - nonexistent_plugin\n", "mkdocs.yml:7:5"),
        ("  - fxsite\n  - nonexistent_plugin:\n      x: 1\n", "mkdocs.yml:9:7"),  # its options
    ],
)
def test_a_plugin_mkdocs_cannot_find_is_at_its_line(
    plugins: str, place: str, tmp_path: Path
) -> None:
    from fxsite.mkdocs_config import UsageFailure, load_mkdocs_config

    (tmp_path / "docs").mkdir()
    config = tmp_path / "mkdocs.yml"
    config.write_text(MATERIAL + plugins, encoding="utf-8")
    with pytest.raises(UsageFailure) as raised:
        load_mkdocs_config(config)
    assert str(raised.value).startswith(f"{place}: "), raised.value
