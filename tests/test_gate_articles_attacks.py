"""Attacks on the gate's reading of pages once per distinct part, on one whole build.

A hook (``on_post_page``) wraps, duplicates or surrounds each page's article as
a theme override or a later plugin could: inside ``<table>`` (foster parenting),
``<select>``, ``<button>``, ``<a>``, ``<p>`` (closed by the article's first
block), ``<ruby>``, ``<svg>``, ``<math>``, a closed ``<details>``, ``<noscript>``,
``<template>``, a declarative shadow root, ``dir``/``style`` wrappers; after an
unclosed formatting element, a CDATA section, a comment, ``<plaintext>``; beside an
element with the article's ids, a ``<base>``, a refresh, a data: stylesheet; or
edits one page's primary navigation (another page's title, its own). The build's
gate runs twice, with the site's memo of list items and navigations and without
(every file read whole, no part read once for the site): each page's errors must
be the same both ways, and refused exactly where the row says.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from sitekit import CLEAN, copy_site, mkdocs_build_here

from fxsite.findings import Finding

PAGE = "# {title}\n\nSave time fell to [94 s](evidence:R1#save_time_fx100) on the cluster.\n"
SAME = "# Same\n\nSave time fell to [94 s](evidence:R1#save_time_fx100) here.\n"
# In a container of the page's own: at the top, the page reader refuses any reordering, and
# the page would show those findings in itself (enforce: false), digits among them.
RELATED_NONE = "---\ntitle: Order words\n---\n<div markdown>\n{p}\n\nRuns faster.\n</div>\n"
RELATED = "---\nrelated:\n  - rel2.md\n---\n# Order\n\n{p}\n\nRuns faster.\n"
FLEX = "---\ntitle: Flex\n---\n<p {style}><span>faster</span> <span>s</span></p>\n"
CHROME_DIGITS = "output.replace('<p style=', '<p>took 94</p><p style=', 1)"


def _wrap(open_: str, close: str) -> str:
    return f"wrap(output, {open_!r}, {close!r})"


def _before(markup: str) -> str:
    return f"before(output, {markup!r})"


def _head(markup: str) -> str:
    return f"output.replace('</head>', {markup!r} + '</head>', 1)"


#: name: (the page's Markdown, None for PAGE; the hook's change, as Python on ``output``;
#: whether the gate refuses the page).
ATTACKS: dict[str, tuple[str | None, str, bool]] = {
    "plain": (None, "output", False),
    "section": (None, _wrap("<section>", "</section>"), False),
    "table": (None, _wrap("<table>", "</table>"), False),
    "table-row": (None, _wrap("<table><tr><td>x</td></tr>", "</table>"), False),
    "select": (None, _wrap("<select>", "</select>"), False),
    "button": (None, _wrap("<button>", "</button>"), False),
    "link": (None, _wrap('<a href="https://elsewhere.example/">', "</a>"), False),
    "paragraph": (None, _wrap("<p>", "</p>"), False),
    "ruby": (None, _wrap("<ruby>", "<rt>x</rt></ruby>"), False),
    "svg": (None, _wrap("<svg>", "</svg>"), False),
    "math": (None, _wrap("<math>", "</math>"), False),
    "details": (None, _wrap("<details><summary>More</summary>", "</details>"), False),
    "noscript": (None, _wrap("<noscript>", "</noscript>"), False),
    "template": (None, _wrap("<template>", "</template>"), False),
    "md-hidden": (None, _wrap('<div class="md-hidden">', "</div>"), False),
    "dir-rtl": (None, _wrap('<div dir="rtl">', "</div>"), True),
    "style-rtl": (None, _wrap('<div style="direction:rtl">', "</div>"), True),
    "slash-style": (
        None,
        _wrap('<div/style="display:flex;flex-direction:row-reverse">', "</div>"),
        True,
    ),
    "sibling-order": (None, _before('<div style="order:2">fell</div>'), True),
    "link-reopened": (None, _before('<div><a href="https://elsewhere.example/"></div>'), False),
    "bold-reopened": (None, _before("<div><b></div>"), False),
    "cdata": (None, _before("<![CDATA[ x ]]>"), False),
    "svg-cdata": (None, _before("<svg><![CDATA["), True),
    "comment": (None, _before("<!-- "), True),
    "plaintext": (None, _before("<plaintext>"), True),
    "same-ids": (None, _before('<div id="same-ids">x</div>'), False),
    "glued-before": (None, "output.replace('<p>Save', '<span>1</span><p>Save', 1)", False),
    "base": (None, _head('<base href="https://elsewhere.example/">'), False),
    "data-stylesheet": (
        None,
        _head('<link rel="stylesheet" href="data:text/css,p%7Btext-transform:uppercase%7D">'),
        False,
    ),
    "shadow-root": (
        None,
        'output.replace(START, START + \'<template shadowrootmode="open"><span>x</span>'
        "<slot></slot></template>', 1)",
        False,
    ),
    "twice": (
        None,
        "output.replace('</article>', output[output.index('<h1'):output.index('</article>')]"
        " + '</article>', 1)",
        False,
    ),
    "same-a": (SAME, "output", False),
    "same-b": (SAME, "output", False),
    "empty": ("", "output", False),
    "placeholder": (
        "# Ph\n\nSave time fell to [94 s](evidence:R1#save_time_fx100).\n\n"
        '<div class="fx-x" data-fx-slot="y"></div>\n\nMore text.\n',
        "output",
        False,
    ),
    "rel2": ("# Release 2\n\nNotes.\n", "output", False),
    "claim-ref-changed": (
        None,
        "output.replace('data-fx-ref=\"R1#save_time_fx100\"', 'data-fx-ref=\"R1#save_time_baseline\"', 1)",
        True,
    ),
    "claim-href-changed": (
        None,
        "output.replace('/R1/#save_time_fx100\"', '/R2/#save_time_fx100\"', 1)",
        True,
    ),
    "claim-text-changed": (None, "output.replace('>94\\u00a0s<', '>95\\u00a0s<', 1)", True),
    "glued-to-claim": (None, "output.replace('fell to <a', 'fell to 1<a', 1)", True),
    "open-table-glued": (
        "# Open\n\n<div><svg><table/></svg>Saves 95</div>\n",
        # a page citing nothing has no "Data sources": the text goes before "Related reading"
        "output.replace('<h2 id=\"related-reading\"', '<span> s per run</span><h2 id=\"related-reading\"', 1)",
        True,
    ),
    "record-value-class": (
        "# Value\n\nSave time fell to [94 s](evidence:R1#save_time_fx100).\n\n"
        '<p class="fx-value">Saved 94 s</p>\n',
        "output",
        False,
    ),
    "code-then-table": (
        "# Code\n\n<p><code>x 95 s</code></p>\n<table><tr><td>Saves</td></tr></table>\n",
        "output",
        False,
    ),
    "order-entity": (RELATED.format(p='<p style="&#111;rder:-1">Speed</p>'), "output", True),
    "flex-entity": (
        FLEX.format(style='style="display:fl&#101;x;fl&#101;x-dir&#101;ction:row-r&#101;verse"'),
        CHROME_DIGITS,
        True,
    ),
    "order-entity-no-digits": (
        RELATED_NONE.format(p='<p style="&#111;rder:-1">Speed</p>'),
        "output",
        False,
    ),
    "order-beside-chrome-digits": (
        RELATED.format(p='<p style="order:-1">Speed</p>'),
        "output",
        True,
    ),
    "nav-other-title": (None, "nav(output, 'Plain\\n', 'Plain took 37 s\\n')", True),
    "nav-own-title": (None, "nav(output, 'Nav-Own-Title\\n', 'Nav-Own-Title 37 s\\n')", True),
    "nav-near-miss": (None, "nav(output, 'Plain\\n', 'Plain again\\n')", False),
    "flex-beside-chrome-digits": (
        FLEX.format(style='style="display:flex;flex-direction:row-reverse"'),
        CHROME_DIGITS,
        True,
    ),
}

HOOK = """
START = 'md-typeset">'


def wrap(output, open_, close):
    return output.replace(START, START + open_, 1).replace("</article>", close + "</article>", 1)


def nav(output, old, new):
    at = output.index(old, output.index('md-nav--primary'))
    return output[:at] + new + output[at + len(old):]


def before(output, markup):
    at = output.index("<h1")
    return output[:at] + markup + output[at:]


def on_post_page(output, page, config):
    src = page.file.src_uri
{branches}
    return output
"""

Gate = dict[str, Any]


def _project(root: Path) -> Path:
    project = copy_site(CLEAN, root)
    branches = []
    for name, (markdown, code, _) in ATTACKS.items():
        text = PAGE.format(title=name.title()) if markdown is None else markdown
        (project / "docs" / f"{name}.md").write_text(text, "utf-8")
        branches.append(f"    if src == '{name}.md':\n        return {code}")
    (project / "hooks.py").write_text(HOOK.replace("{branches}", "\n".join(branches)), "utf-8")
    config = project / "mkdocs.yml"
    # Not enforcing: the page reader refuses a page's top element reordered (the order rows)
    # before the build's gate, which these rows are about.
    text = config.read_text("utf-8").replace("  - fxsite\n", "  - fxsite:\n      enforce: false\n")
    config.write_text(text + "hooks: [hooks.py]\n", "utf-8")
    return project


@pytest.fixture(scope="module")
def gate(tmp_path_factory: pytest.TempPathFactory) -> Gate:
    """The build's gate findings with the site's memo and without, and the navigations
    the memo read once."""
    import fxsite.mkdocs_gate
    import fxsite.verify
    from fxsite.verify import chrome
    from fxsite.verify.gate_memo import GateMemo

    project = _project(tmp_path_factory.mktemp("attacks"))
    verify_site = fxsite.verify.verify_site
    seen: Gate = {}

    def both(site_dir: Path, *, memo: GateMemo, **kw: Any) -> list[Finding]:
        whole = GateMemo(keep=False)
        whole.published, whole.repeats = memo.published, None  # type: ignore[assignment]
        chrome._memo.known.clear()
        shared = verify_site(site_dir, memo=memo, **kw)
        seen["shared"], seen["navigations"] = shared, list(chrome._memo.known.values())
        seen["whole"] = verify_site(site_dir, memo=whole, **kw)
        return shared

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(fxsite.mkdocs_gate, "verify_site", both)  # as the build's gate calls it
        mkdocs_build_here(project, project / "site")
    return seen


def _errors(findings: list[Finding], rel: str) -> list[str]:
    return sorted(f.format() for f in findings if f.path == rel and f.severity == "error")


@pytest.mark.parametrize("name", sorted(ATTACKS))
def test_an_attack_is_judged_as_the_audit_judges_it(name: str, gate: Gate) -> None:
    rel = f"{name}/index.html"
    shared, whole = _errors(gate["shared"], rel), _errors(gate["whole"], rel)
    assert shared == whole
    assert bool(shared) == ATTACKS[name][2], shared


def test_the_gate_finds_the_same_with_and_without_the_memo(gate: Gate) -> None:
    # Every finding line of the site, warnings too, byte for byte.
    assert [f.format() for f in gate["shared"]] == [f.format() for f in gate["whole"]]


def test_the_navigations_are_read_once(gate: Gate) -> None:
    # A near miss of the navigation rows: the memo is taken, so those rows test it.
    assert any(known is not None for known in gate["navigations"])
