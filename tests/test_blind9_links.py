"""Stylesheet links resolved as a browser resolves them (issue 20; blind tester 9's
``published_stylesheet_dotdot_clamped``, ``published_stylesheet_backslash_href``,
``published_own_site_url_stylesheet``, ``check_passes_extra_css_backslash``).

A browser reads a backslash in an http(s) URL as a slash, stops ``..`` at the host's
root, and loads a URL under the site's own ``site_url`` from the site: the hiding rules
of such a sheet apply (:func:`fxsite.verify.sheets.resolve`), in ``fxsite check``, the
build's gate and ``fxsite audit`` alike. In-process rows: href, base, site_url in, the
site path out (None: no file of the site); one whole-site test holds check and build to
the same findings at the pages' source lines.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sitekit import check_and_build, finding_lines, rows_site

from fxsite.verify.sheets import resolve

_SITE = "https://mini.example.com/"
_DOCS = "https://mini.example.com/docs/"

# (name, href, base, site_url, the site path a browser loads)
RESOLVED = [
    ("'..' above the root stops at it", "../../css/z.css", "sub/p5.html", "", "css/z.css"),
    ("'..' clamped, site_url at a root", "../../css/z.css", "sub/p5.html", _SITE, "css/z.css"),
    ("escaped dot segments clamped", "%2e%2e/%2E%2E/css/z.css", "sub/p5.html", "", "css/z.css"),
    ("backslashes are slashes", "..\\css\\z7.css", "p7.html", "", "css/z7.css"),
    ("extra_css with a backslash", "css\\a.css", "", "", "css/a.css"),
    ("tab and newline removed", " \t../c\ns/z.css\n", "sub/p.html", "", "cs/z.css"),
    ("own site_url", "https://mini.example.com/css/e5.css", "", _SITE, "css/e5.css"),
    (
        "own site_url, any case, default port",
        "HTTPS://Mini.Example.COM:443/css/e5.css",
        "a/index.html",
        _SITE,
        "css/e5.css",
    ),
    ("own host, scheme-relative", "//mini.example.com/css/e5.css", "a/b.html", _SITE, "css/e5.css"),
    (
        "own site_url under a path",
        "https://mini.example.com/docs/css/e.css",
        "",
        _DOCS,
        "css/e.css",
    ),
    ("root-relative under site_url's path", "/docs/css/e.css", "a/index.html", _DOCS, "css/e.css"),
    ("'..' within site_url's path", "../../css/e.css", "a/b/index.html", _DOCS, "css/e.css"),
    ("same scheme, no host: relative", "https:css/z.css", "sub/p.html", _SITE, "sub/css/z.css"),
    # Near misses: no file of the site.
    ("another host", "https://other.example.com/css/e5.css", "", _SITE, None),
    ("another scheme", "http://mini.example.com/css/e5.css", "", _SITE, None),
    ("another port", "https://mini.example.com:8443/css/e5.css", "", _SITE, None),
    ("a port out of range", "https://mini.example.com:99999/e5.css", "", _SITE, None),
    ("site_url not known (an audit)", "https://mini.example.com/css/e5.css", "", "", None),
    ("outside site_url's path", "https://mini.example.com/other/e.css", "", _DOCS, None),
    ("root-relative outside site_url's path", "/css/e.css", "index.html", _DOCS, None),
    ("'..' past site_url's path", "../../../css/e.css", "a/b/index.html", _DOCS, None),
    ("backslashes to another host", "\\\\evil.example.com\\e.css", "index.html", "", None),
    ("the page itself", "?v=3", "index.html", "", None),
    ("the site's root", "https://mini.example.com/", "", _SITE, None),
    ("a data: URL", "data:text/css,.k{}", "index.html", "", None),
]


@pytest.mark.parametrize(
    ("href", "base", "site_url", "expected"),
    [row[1:] for row in RESOLVED],
    ids=[row[0] for row in RESOLVED],
)
def test_resolve_as_a_browser(href: str, base: str, site_url: str, expected: str | None) -> None:
    assert resolve(href, base, site_url) == expected


def _page(link: str, cls: str, figure: str) -> str:
    """A page that links ``link`` (none: empty) and, on line 5, splits ``figure`` (two
    digits) with a span of class ``cls``."""
    head = f'<link rel="stylesheet" href="{link}">' if link else "Text."
    return f'# P\n\n{head}\n\nEach save took {figure[0]}<span class="{cls}">x</span>{figure[1:]}.\n'


def test_check_and_build_read_the_sheet_a_browser_loads(tmp_path: Path) -> None:
    """The four findings in one site (flat URLs; the fixture's site_url is
    https://fixture.example/): check and build refuse each at its page's source line;
    a sheet of another host (p8) is not read (FX507)."""
    home = '# Home\n\nEach save took 9<span class="ha">x</span>1 s.\n\n'
    home += 'Each load took 9<span class="h5">x</span>5 s.\n'
    site = rows_site(tmp_path / "links", home)
    docs = site / "docs"
    (docs / "sub").mkdir()
    (docs / "css").mkdir()
    (docs / "sub" / "p5.md").write_text(_page("../../css/z.css", "hz", "96 s"), "utf-8")
    (docs / "p7.md").write_text(_page("..\\css\\z7.css", "h7", "97 s"), "utf-8")
    (docs / "p8.md").write_text(_page("https://mini.example.com/css/z8.css", "h8", "98 s"), "utf-8")
    for name, cls in (("z", "hz"), ("z7", "h7"), ("a", "ha"), ("e5", "h5"), ("z8", "h8")):
        (docs / "css" / f"{name}.css").write_text(f".{cls} {{ display: none }}\n", "utf-8")
    config = site / "mkdocs.yml"
    config.write_text(
        config.read_text("utf-8")
        + "use_directory_urls: false\n"
        + "extra_css:\n  - css\\a.css\n  - https://fixture.example/css/e5.css\n",
        "utf-8",
    )
    checked, built = check_and_build(site)
    errors = [
        "docs/index.md:3:16: FX501 bare figure '91 s'",
        "docs/index.md:5:16: FX501 bare figure '95 s'",
        "docs/p7.md:5:16: FX501 bare figure '97 s'",
        "docs/sub/p5.md:5:16: FX501 bare figure '96 s'",
    ]
    for run in (checked, built):
        assert run.returncode == 1, run.stdout + run.stderr
        assert [_head(line) for line in finding_lines(run.stdout, warnings=False)] == errors
    assert finding_lines(checked.stdout) == finding_lines(built.stdout)


def _head(line: str) -> str:
    """A finding's place, code and quoted figure, without the advice after it."""
    return line.split("':", 1)[0] + "'"
