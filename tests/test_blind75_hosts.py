"""Files a static host runs or renders rather than serves (blind75 #2, #3): a Cloudflare
Pages ``_worker.js`` rewrote every "1.9×" into "2.9×", and GitHub Pages' Jekyll rendered a
``notes.txt`` whose Liquid reads "12 s, 3.9x faster"; both audits passed."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from fxsite.verify.host_config import host_program, host_settings
from fxsite.verify.jekyll import jekyll_renders, runs_jekyll


@pytest.mark.parametrize(
    ("rel", "runs"),
    [
        ("_worker.js", True),
        ("_worker.js/index.js", True),
        ("_worker.js/chunks/a.mjs", True),
        ("_routes.json", True),
        ("functions/_middleware.js", True),
        ("functions/pricing/[[path]].ts", True),
        ("netlify/edge-functions/rewrite.js", True),
        ("netlify/functions/pricing.mts", True),
        ("api/index.py", True),
        ("api/pricing.js", True),
        ("middleware.js", True),
        ("middleware.ts", True),
        # near misses: pages and files of the same folders, names elsewhere
        ("functions/index.html", False),
        ("api/index.html", False),
        ("api/objects.inv", False),
        ("docs/_worker.js.txt", False),
        ("assets/_worker.js", False),
        ("assets/javascripts/middleware.js", False),
        ("guide/functions/x.js", False),
        ("netlify/index.html", False),
        ("routes.json", False),
    ],
)
def test_code_a_host_runs_is_refused_by_its_path(rel: str, runs: bool) -> None:
    assert (host_program(rel) is not None) is runs


@pytest.mark.parametrize(
    ("rel", "text", "lines"),
    [
        ("netlify.toml", '[[edge_functions]]\n  path = "/*"\n  function = "rewrite"\n', [1]),
        ("netlify.toml", '[build]\n  edge_functions = "edge"\n', [2]),
        ("vercel.json", '{"routes": [{"src": "/a", "dest": "/b.html"}]}', [1]),
        # near misses
        ("netlify.toml", '[build]\n  publish = "site"\n', []),
        ("vercel.json", '{"routes": [{"src": "/a", "status": 301, "headers": {}}]}', []),
    ],
)
def test_host_settings_that_run_code(rel: str, text: str, lines: list[int]) -> None:
    assert [line for line, _ in host_settings(rel, text)] == lines


LIQUID = (
    '---\n---\nFX100 checkpoint save: {{ 24 | divided_by: 2 }}{{ " s" }}, '
    '{% assign r = "39" | split: "" %}{{ r | join: "." }}{{ "x" }} faster than NFS\n'
)


@pytest.mark.parametrize(
    ("rel", "data", "renders"),
    [
        ("notes.txt", LIQUID.encode(), True),
        ("notes.txt", b"--- \r\ntitle: x\n---\n{{ 1 }}\n", True),
        ("data/page.html", b"---\nlayout: null\n---\n<p>{{ 12 }} s</p>", True),
        ("feed.xml", b"---\n---\n<x/>", True),
        ("data.yml", b"---\nsave: 12\n", True),
        ("notes.md", b"Took {{ 12 }} s\n", True),  # no front matter: still rendered
        ("NOTES.MARKDOWN", b"x\n", True),
        ("_config.yml", b"markdown_ext: txt\n", True),
        ("notes.txt", b"---" + b" " * 5000, True),  # a first line longer than read
        # near misses: the first line is not exactly '---'
        ("fxsite-key.pub", b"-----BEGIN PUBLIC KEY-----\nMCowBQ==\n", False),
        ("notes.txt", b"----\n---\n{{ 12 }} s\n", False),
        ("notes.txt", b"---x\n{{ 12 }} s\n", False),
        ("notes.txt", b" ---\n---\n", False),
        ("notes.txt", b"\xef\xbb\xbf---\n---\n", False),
        ("notes.txt", b"---", False),  # no line end: Jekyll's test needs one
        ("notes.txt", b"Took 12 s\n---\n", False),
        ("sub/_config.yml", b"markdown_ext: txt\n", False),
        ("index.html", b"<!doctype html>\n", False),
    ],
)
def test_what_jekyll_renders(tmp_path: Path, rel: str, data: bytes, renders: bool) -> None:
    path = tmp_path / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    assert (jekyll_renders(path, rel, tmp_path) is not None) is renders


def test_a_site_with_nojekyll_is_served_as_it_is(tmp_path: Path) -> None:
    assert runs_jekyll(tmp_path)
    (tmp_path / ".nojekyll").write_bytes(b"")
    assert not runs_jekyll(tmp_path)


def test_the_audit_refuses_what_a_host_runs_or_renders(demo_site: Path, tmp_path: Path) -> None:
    from fxsite.verify import verify_site

    site = tmp_path / "site"
    shutil.copytree(demo_site, site)
    (site / "_worker.js").write_text(
        "export default { async fetch(r, env) { return env.ASSETS.fetch(r); } };\n",
        encoding="utf-8",
    )
    (site / "notes.txt").write_text(LIQUID, encoding="utf-8")
    found = sorted((f.path, f.code) for f in verify_site(site) if f.code == "FX817")
    assert found == [("_worker.js", "FX817"), ("notes.txt", "FX817")]
    # With .nojekyll GitHub Pages serves notes.txt as it is; the Worker still runs.
    (site / ".nojekyll").write_bytes(b"")
    found = sorted((f.path, f.code) for f in verify_site(site) if f.code == "FX817")
    assert found == [("_worker.js", "FX817")]


def test_the_build_refuses_them_and_publishes_nojekyll_as_documented(
    project: Callable[..., Path],
) -> None:
    """The gate reads the site as the audit does; the README's way to publish ``.nojekyll``
    (MkDocs skips names starting with a dot) lets a front-matter file pass."""
    from sitekit import finding_lines, fxsite_here

    root = project(
        {},
        pages={"notes.txt": "---\n---\nSaved {{ 12 }} s\n", "functions/_middleware.js": "x\n"},
    )
    config = (root / "mkdocs.yml").read_text("utf-8")
    proc = fxsite_here("build", cwd=root)
    assert proc.returncode == 1
    assert [line.split(" FX817 ")[0] for line in finding_lines(proc.stdout + proc.stderr)] == [
        "docs/functions/_middleware.js:1:1:",
        "docs/notes.txt:1:1:",
    ]
    (root / "docs" / "functions" / "_middleware.js").unlink()
    (root / "docs" / ".nojekyll").write_bytes(b"")
    (root / "mkdocs.yml").write_text(config + 'exclude_docs: "!.nojekyll"\n', "utf-8")
    proc = fxsite_here("build", cwd=root)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert (root / "site" / ".nojekyll").is_file()
