"""What a page draws from where no reading reaches is told by ``check`` as by the build.

A ``<base href>``, a frame, a stylesheet from another origin or a refresh in a
page is an ``FX507`` warning of the build's gate; the page reader kept only its
errors, so ``fxsite check`` said nothing (held-out case ``base_in_page``). The
page reader now tells its warnings too, at the page's line, and the gate's is
that warning again. In-process rows, then one site of every row, checked and built.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sitekit import (
    check_and_build,
    finding_lines,
    fixture_renderer,
    href_for,
    library,
    rows_site,
)

from fxsite.evidence.library import Library
from fxsite.markdown import check_page


@pytest.fixture(scope="module")
def lib() -> Library:
    return library()


# (name, page, [(code, line, col)]): each a warning
ROWS = [
    ("base", '# B\n\n<base href="https://elsewhere.example/">\n\nText.\n', [("FX507", 3, 2)]),
    ("frame", '# B\n\n<iframe src="https://elsewhere.example/x"></iframe>\n', [("FX507", 3, 14)]),
    (
        "remote stylesheet",
        '# B\n\n<link rel="stylesheet" href="https://elsewhere.example/x.css">\n',
        [("FX507", 3, 30)],
    ),
    ("a link elsewhere", '# B\n\n<a href="https://elsewhere.example/">base</a>\n', []),
    ("the word base", "# B\n\nThe base href of a page.\n", []),
]


@pytest.mark.parametrize("page,found", [r[1:] for r in ROWS], ids=[r[0] for r in ROWS])
def test_the_page_reader_tells_its_warnings(
    page: str, found: list[tuple[str, int, int]], lib: Library
) -> None:
    _, findings = check_page(page, "docs/p.md", lib, href_for, fixture_renderer())
    assert [(f.code, f.line, f.col) for f in findings] == found
    assert all(f.severity == "warning" for f in findings)


def test_check_and_build_tell_the_same_warnings(tmp_path: Path) -> None:
    site = rows_site(tmp_path / "site")
    docs = site / "docs"
    for n, (_, page, _) in enumerate(ROWS):
        docs.joinpath(f"p{n}.md").write_text(page, "utf-8")
    checked, built = check_and_build(site)
    assert (checked.returncode, built.returncode) == (0, 0), built.stdout + built.stderr
    lines = finding_lines(checked.stdout)
    assert finding_lines(built.stdout) == lines
    expected = [
        f"docs/p{n}.md:{line}:{col}: {code}"
        for n, (_, _, found) in enumerate(ROWS)
        for code, line, col in found
    ]
    assert [" ".join(line.split(" ")[:2]) for line in lines] == expected
