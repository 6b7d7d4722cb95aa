"""The table of icons that draw digits or signs, built from Material's icon files.

A build builds it at the first inline SVG of a page (Material's own header has some):
it lists Material's icon folders once (7,000 names) and reads only the files whose
name says they draw a digit or a sign. It is what pathlib's glob, in the order of the
patterns and of the sorted paths, found and read.
"""

from __future__ import annotations

import os
from pathlib import Path

import material  # type: ignore[import-untyped]
import pytest
from selectolax.lexbor import LexborHTMLParser, LexborNode

from fxsite.verify import icon_digits

PATTERNS = (
    "material/numeric-*.svg",
    "material/percent*.svg",
    "material/multiplication*.svg",
    "material/close*.svg",
    "material/window-close.svg",
    "material/roman-numeral-*.svg",
    "material/sale*.svg",
    "material/ticket-percent*.svg",
    "material/brightness-percent.svg",
    "material/currency-*.svg",
    "material/alpha-?*.svg",
    "fontawesome/*/*.svg",
    "octicons/x-*.svg",
    "simple/x.svg",
)


def _globbed() -> tuple[dict[tuple[str, ...], str], dict[str, str]]:
    root = Path(material.__file__).parent / "templates" / ".icons"
    drawings: dict[tuple[str, ...], str] = {}
    names: dict[str, str] = {}
    for pattern in PATTERNS:
        for file in sorted(root.glob(pattern)):
            name = file.relative_to(root).with_suffix("").as_posix()
            drawn = icon_digits._drawn(name)
            if drawn is None:
                continue
            paths = tuple(icon_digits._PATH_DATA.findall(file.read_text(encoding="utf-8")))
            if paths:
                drawn = drawings.setdefault(paths, drawn)
            names[f":{name.replace('/', '-')}:"] = drawn
    return drawings, names


def test_the_table_is_what_globbing_the_icon_files_found() -> None:
    drawings, names, _ = icon_digits._icons()
    globbed_drawings, globbed_names = _globbed()
    assert list(names.items()) == list(globbed_names.items())
    assert list(drawings.items()) == list(globbed_drawings.items())
    assert names[":material-numeric-9:"] == "9"
    assert names[":fontawesome-solid-percent:"] == "%"
    assert len(drawings) > 250


def test_the_folders_of_a_wildcard_are_listed_sorted() -> None:
    root = str(Path(material.__file__).parent / "templates" / ".icons")
    styles = icon_digits._folders(root, "fontawesome/*")
    assert styles == sorted(styles)
    assert "fontawesome/solid" in styles
    assert icon_digits._folders(root, "material") == ["material"]


def test_each_icon_folder_is_listed_once(monkeypatch: pytest.MonkeyPatch) -> None:
    # Globbing made a path object of each of Material's 7,000 icons for each pattern.
    listed: list[str] = []
    listdir = os.listdir

    def counted(path: str) -> list[str]:
        listed.append(path)
        return listdir(path)

    def globbed(*args: object) -> None:
        raise AssertionError("globbed")

    monkeypatch.setattr(os, "listdir", counted)
    monkeypatch.setattr(Path, "glob", globbed)
    icon_digits._icons.cache_clear()
    try:
        drawings, _, _ = icon_digits._icons()
    finally:
        icon_digits._icons.cache_clear()
    assert drawings
    assert len(listed) == len(set(listed))
    assert sum(path.endswith("/material") for path in listed) == 1


def _svgs(html: str) -> list[LexborNode]:
    return list(LexborHTMLParser(f"<body>{html}</body>").css("svg"))


def _uncached(svg: LexborNode) -> str | None:
    paths = tuple(str(p.attributes.get("d") or "") for p in svg.css("path"))
    return icon_digits._icons()[0].get(paths) if paths else None


ICONS = Path(material.__file__).parent / "templates" / ".icons"
NINE = (ICONS / "material" / "numeric-9.svg").read_text(encoding="utf-8")
PERCENT = (ICONS / "fontawesome" / "solid" / "percent.svg").read_text(encoding="utf-8")
MENU = (ICONS / "material" / "menu.svg").read_text(encoding="utf-8")


def test_an_svg_seen_before_draws_what_it_drew(monkeypatch: pytest.MonkeyPatch) -> None:
    # Material writes the same icons on every page: each markup's paths are found once.
    monkeypatch.setattr(icon_digits, "_SEEN", {})
    page = NINE + MENU + PERCENT + NINE + f"<span>{NINE}</span>" + MENU
    drawn = [icon_digits.icon_text(svg) for svg in _svgs(page)]
    assert drawn == ["9", None, "%", "9", "9", None]
    assert drawn == [_uncached(svg) for svg in _svgs(page)]
    assert len(icon_digits._SEEN) == 3


def test_the_svgs_kept_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    # A hostile page of many or long SVGs is read, not kept.
    monkeypatch.setattr(icon_digits, "_SEEN", {})
    long = NINE.replace("<path", f"<desc>{'x' * icon_digits._KEPT_MARKUP}</desc><path", 1)
    assert [icon_digits.icon_text(svg) for svg in _svgs(long)] == ["9"]
    assert icon_digits._SEEN == {}
    many = "".join(f'<svg id="s{i}"><path d="M{i} 0"/></svg>' for i in range(300))
    assert {icon_digits.icon_text(svg) for svg in _svgs(many)} == {None}
    assert len(icon_digits._SEEN) == icon_digits._KEPT_SVGS
