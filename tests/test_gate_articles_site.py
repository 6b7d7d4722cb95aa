"""The gate's fast reading of pages (fxsite.verify.articles) on whole builds.

Builds in this process: a fixture site whose hook (``on_post_page``) changes
some pages after the page reader judged them, the demo project, and the bypass
table's tricks (built with ``enforce: false``) and near misses, each in one site. Each build's
gate runs twice, with the pages' judged articles and without (every file read
whole, as the audit reads it): the findings must be the same, each changed page
refused, and the pages left as judged read fast.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from sitekit import CLEAN, ROOT, copy_site, mkdocs_build_here
from test_bypass import BATCHED, NEAR, _batch_project

from fxsite.findings import Finding

PAGE = "# {title}\n\nSave time fell to [94 s](evidence:R1#save_time_fx100) on the cluster.\n"

#: Pages of the hooked site: what the hook does to each, as Python on ``output``.
HOOKED = {
    "inside": "output.replace('</h1>', '</h1><p>Saves 95 s per run.</p>', 1)",
    "outside": "output.replace('</article>', '</article><p>Saves 95 s per run.</p>', 1)",
    "replaced": (
        "output[: output.index('<article')] + '<article class=\"md-content__inner md-typeset\">"
        "<p>Saves 96 s per run.</p></article>' + output[output.index('</article>') + 10 :]"
    ),
    "twice": (
        "output.replace('<main', '<textarea>' + output[output.index('<h1'):"
        "output.index('</article>')] + '</textarea><main', 1)"
    ),
    "pre": (
        "output.replace('md-typeset\">', 'md-typeset\"><pre>', 1)"
        ".replace('</article>', '</pre></article>', 1)"
    ),
    "textarea": (
        "output.replace('md-typeset\">', 'md-typeset\"><textarea>', 1)"
        ".replace('</article>', '</textarea></article>', 1)"
    ),
    "hidden": (
        "output.replace('md-typeset\">', 'md-typeset\"><div hidden>', 1)"
        ".replace('</article>', '</div></article>', 1)"
    ),
    "styled": "output.replace('</head>', '<style>p{text-transform:uppercase}</style></head>', 1)",
    "plain": "output",
}
#: The pages the gate must refuse, and those it must read fast.
REFUSED = {"inside", "outside", "replaced", "twice", "pre", "textarea"}
FAST = {"outside", "plain"}
#: The record page a hook edits (its body was never the page reader's).
RECORD_EDIT = "output.replace('</h1>', '</h1><p>Saves 87 s per run.</p>', 1)"

HOOK = """
def on_post_page(output, page, config):
    src = page.file.src_uri
{branches}
    return output
"""


def _hooked_project(root: Path) -> Path:
    project = copy_site(CLEAN, root)
    branches = [
        f"    if src == '{name}.md':\n        return {code}" for name, code in HOOKED.items()
    ]
    branches.append(f"    if src == 'evidence/R2.md':\n        return {RECORD_EDIT}")
    (project / "hooks.py").write_text(HOOK.format(branches="\n".join(branches)), "utf-8")
    for name in HOOKED:
        (project / "docs" / f"{name}.md").write_text(PAGE.format(title=name.title()), "utf-8")
    config = project / "mkdocs.yml"
    config.write_text(config.read_text("utf-8") + "hooks: [hooks.py]\n", "utf-8")
    return project


def _demo_project(root: Path) -> Path:
    project = root / "demo"
    project.mkdir()
    for name in ("docs", "evidence"):
        shutil.copytree(ROOT / name, project / name, ignore=shutil.ignore_patterns(".cache"))
    shutil.copy(ROOT / "mkdocs.yml", project / "mkdocs.yml")
    return project


Gate = dict[str, Any]


def _gate_both_ways(project: Path, monkeypatch: pytest.MonkeyPatch) -> Gate:
    """The build's gate findings with the judged articles and without, and the pages
    read fast."""
    import fxsite.verify
    from fxsite.verify.scan import GateMemo

    verify_site = fxsite.verify.verify_site
    seen: Gate = {}

    def both(site_dir: Path, *, memo: GateMemo, **kw: Any) -> list[Finding]:
        whole = GateMemo(keep=False)
        whole.published = memo.published
        seen["articles"] = set(memo.articles)
        fast = verify_site(site_dir, memo=memo, **kw)
        seen["fast"], seen["read fast"] = fast, set(memo.fast)
        seen["whole"] = verify_site(site_dir, memo=whole, **kw)
        assert not whole.fast
        return fast

    with monkeypatch.context() as patch:
        patch.setattr(fxsite.verify, "verify_site", both)
        mkdocs_build_here(project, project / "site")
    return seen


@pytest.fixture(scope="module")
def gates(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Gate]:
    root = tmp_path_factory.mktemp("articles")
    with pytest.MonkeyPatch.context() as monkeypatch:
        return {
            "hooked": _gate_both_ways(_hooked_project(root), monkeypatch),
            "demo": _gate_both_ways(_demo_project(root), monkeypatch),
            # The bypass table's tricks, built with enforce: false, and its near misses.
            "bypasses": _gate_both_ways(
                _batch_project(root / "bypasses", BATCHED, enforce=False), monkeypatch
            ),
            "near misses": _gate_both_ways(
                _batch_project(root / "near", NEAR, enforce=True), monkeypatch
            ),
        }


@pytest.mark.parametrize("project", ["hooked", "demo", "bypasses", "near misses"])
def test_the_gate_finds_the_same_with_and_without_judged_articles(
    project: str, gates: dict[str, Gate]
) -> None:
    gate = gates[project]
    assert gate["articles"], "the build handed the gate no judged article"
    assert gate["read fast"], "no page was read fast"
    assert [f.format() for f in gate["fast"]] == [f.format() for f in gate["whole"]]


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_a_page_changed_after_it_was_judged_is_refused(name: str, gates: dict[str, Gate]) -> None:
    refused = {f.path for f in gates["hooked"]["fast"] if f.severity == "error"}
    assert f"{name}/index.html" in refused


def test_a_record_page_a_hook_edits_is_refused(gates: dict[str, Gate]) -> None:
    refused = {f.path for f in gates["hooked"]["fast"] if f.severity == "error"}
    assert "evidence/R2/index.html" in refused


@pytest.mark.parametrize("name", sorted(HOOKED))
def test_only_pages_as_judged_are_read_fast(name: str, gates: dict[str, Gate]) -> None:
    read_fast = f"{name}/index.html" in gates["hooked"]["read fast"]
    assert read_fast == (name in FAST)
