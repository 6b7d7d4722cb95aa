"""``evidence.sqlite`` is written from the ``evidence.json`` text the build wrote, an item at a time.

Each list item is read as ``json.loads`` reads it (numbers as the text spells them:
``6.40`` is the float 6.4, ``1000`` an int), from the text in memory, so the database
is byte for byte the one a parse of the whole file gave, and no parse of the whole
file is kept. An ``evidence.json`` that is not the text the build wrote is parsed, as
before.
"""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

import fxsite.anchor.build as build_module
from fxsite.anchor.build import prepare_site
from fxsite.anchor.sqlite_export import SQLITE_NAME, sqlite_rows, write_evidence_sqlite
from fxsite.evidence.library import Library, load_library
from fxsite.pages.site import Citation, PageInfo, SiteIndex
from fxsite.render.exports import dumped_content, dumps, evidence_json

_HEAD = "id: R1\ntitle: Run 1 of the array\nlabel: measured\nstatus: active\n"


def _library(tmp_path: Path, figures: str, tail: str = "") -> Library:
    (tmp_path / "evidence").mkdir()
    (tmp_path / "evidence" / "R1.yaml").write_text(
        f"{_HEAD}figures:\n{figures}{tail}", encoding="utf-8"
    )
    (tmp_path / "evidence" / "R2.yaml").write_text(
        "id: R2\ntitle: Run 2\nlabel: spec\nstatus: active\n"
        "figures:\n  t: {value: 7, unit: s, what: time}\n",
        encoding="utf-8",
    )
    library = load_library(tmp_path / "evidence", tmp_path)
    assert sorted(library.records) == ["R1", "R2"], library.findings
    return library


def _index() -> SiteIndex:
    index = SiteIndex()
    index.urls = {"index.md": "", "b/page.md": "b/page/"}
    index.pages = {
        "index.md": PageInfo("index.md", "", "Home", None),  # type: ignore[arg-type]
        "b/page.md": PageInfo("b/page.md", "b/page/", "Page « B »", None),  # type: ignore[arg-type]
    }
    index.citations = [
        Citation("R2#t", "b/page.md", None, None),
        Citation("R1#a", "index.md", "h", 'Heading "quoted"'),
    ]
    return index


# Records whose numbers and text json.loads reads otherwise than the library holds them.
_RECORDS = [
    ("  a: {value: 6.40, unit: GB/s, what: trailing zero}\n", ""),
    ("  a: {value: 1e3, unit: s, what: exponent}\n", ""),
    ("  a: {value: 0.000, unit: s, what: zero to three places}\n", ""),
    ("  a: {value: .5, unit: s, what: no leading zero}\n", ""),
    ("  a: {value: -0, unit: s, what: negative zero}\n", ""),
    ("  a: {value: 178, unit: s, what: an integer}\n", ""),
    ("  a: {min: 6.2, max: 9.30, unit: x, what: a range}\n", ""),
    ("  a: {max: 40.0, unit: s, what: one-sided}\n", ""),
    (
        "  a: {value: 65.6, unit: GB}\n  t: {value: 94, unit: s}\n  bw: {value: 0.698, unit: GB/s}\n",
        "invariants:\n  - {expr: a / t, equals: bw, within: 5%, why: size over time}\n",
    ),
    (
        "  a: {value: 2.50, unit: s, what: 'quote \" and \\\\ é 秒 😀'}\n",
        "derived:\n  d: {formula: a * R2.t, unit: s, decimals: 2, stated: 17.50}\n"
        "notes: 'line one\n\n  line two, « quoted »'\n",
    ),
]


@pytest.mark.parametrize(
    ("figures", "tail"),
    _RECORDS,
    ids=[
        "6.40",
        "1e3",
        "0.000",
        ".5",
        "-0",
        "178",
        "range 9.30",
        "bound 40.0",
        "invariant",
        "text, derived, notes",
    ],
)
def test_content_read_an_item_at_a_time_is_what_json_loads_reads(
    tmp_path: Path, figures: str, tail: str
) -> None:
    library = _library(tmp_path, figures, tail)
    index = _index()
    text = evidence_json(library, index)
    parsed = json.loads(text)
    read_back = dumped_content(text)
    assert sqlite_rows(read_back) == sqlite_rows(parsed)
    assert {k: v if isinstance(v, str) else list(v) for k, v in read_back.items()} == parsed
    write_evidence_sqlite(parsed, tmp_path / "parsed.sqlite")
    write_evidence_sqlite(read_back, tmp_path / "read_back.sqlite")
    assert (tmp_path / "read_back.sqlite").read_bytes() == (tmp_path / "parsed.sqlite").read_bytes()


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"a": []},
        {"a": [], "b": [{"k": "\n  ]"}, '\n  ],\n  "c": 1'], "c": {"d": [1, 2.50]}},
        {"h": {"x": [{"y": "z"}]}, "l": [[1, [2]], {}, "", None, True, -0.0, 1e300]},
        {"\n  ": ["é 秒 😀", "\u2028", '"quoted"'], "z": "last"},
    ],
    ids=["empty", "empty list", "brackets in strings", "nested", "odd keys and text"],
)
def test_an_object_dumps_wrote_is_read_an_item_at_a_time_as_json_loads_reads_it(
    data: dict[str, Any],
) -> None:
    text = dumps(data)
    parsed, read = json.loads(text), dumped_content(text)
    assert list(read) == list(parsed)
    for key, value in parsed.items():
        assert (list(read[key]) if isinstance(value, list) else read[key]) == value


def _staged(tmp_path: Path) -> tuple[Path, str]:
    library = _library(tmp_path, "  a: {value: 101.50, unit: s, what: save time}\n")
    site = tmp_path / "site"
    site.mkdir()
    return site, evidence_json(library, _index())


@pytest.mark.parametrize(
    ("tamper", "parsed"),
    [
        (lambda text: text, False),
        (lambda text: text.replace('"value": "101.50"', '"value": "102.50"', 1), True),
        (lambda text: text.replace("\n", "\r\n"), True),
        (lambda text: text + " ", True),
        (lambda text: text[:-2] + "\n", True),
    ],
    ids=["as written", "a figure changed", "CRLF line ends", "a byte more", "a byte less"],
)
def test_the_build_parses_evidence_json_only_when_it_is_not_what_it_wrote(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, tamper: Any, parsed: bool
) -> None:
    site, text = _staged(tmp_path)
    on_disk = tamper(text)
    (site / "evidence.json").write_bytes(on_disk.encode("utf-8"))
    loads: list[int] = []
    counting = SimpleNamespace(loads=lambda t: loads.append(1) or json.loads(t))
    monkeypatch.setattr(build_module, "json", counting)
    try:
        prepare_site(site, [], tmp_path / "evidence", written=text)
    except json.JSONDecodeError:
        assert parsed  # a file that is not JSON is refused as before
        return
    assert bool(loads) == parsed
    expected = tmp_path / "expected.sqlite"
    write_evidence_sqlite(json.loads(on_disk), expected)  # what evidence.json on disk holds
    assert (site / SQLITE_NAME).read_bytes() == expected.read_bytes()
