"""Bypass suite: page variants that try to publish a bare figure, each refused twice.

Every row is a trick a clean project may carry. It must be refused by ``fxsite
build`` (exit 1, nothing published), and — built anyway with the plugin's
``enforce: false`` (the adoption mode, which turns every refusal into a
warning) — the resulting site must fail ``verify_site``. The near misses at the
end must build and audit clean. A new trick is one line.

Tricks on a page or in a file of their own are built together, one page (or
file) each, in a few builds; each row is held to findings at its own paths.
Tricks in mkdocs.yml or the record, or shown on every page, build alone.
"""

from __future__ import annotations

import json
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from sitekit import fxsite_here, mkdocs_build_here

from fxsite.verify import verify_site

pytestmark = pytest.mark.slow

CONFIG = """\
site_name: Demo
site_url: https://demo.example/
theme:
  name: material
  font: false
markdown_extensions:
  - abbr
  - admonition
  - attr_list
  - footnotes
  - md_in_html
  - tables
  - toc:
      permalink: true
  - pymdownx.details
  - pymdownx.superfences
  - pymdownx.snippets:
      base_path: [docs]
plugins:
  - search
  - fxsite{plugin}
"""

RECORD = """\
id: R1
title: {title}
label: measured
status: active
date: 2026-03-14
source:
  issuer: {issuer}
  sha256: f16d05ec6b29248d2c61adb1e9263f78e4f7bace1b955014a2d17872cfe4064d
setup:
  baseline: {baseline}
figures:
  save_time_baseline: {{value: 178, unit: s, what: "{what}"}}
  save_time_fx100: {{value: 94, unit: s}}
derived:
  save_speedup: {{formula: save_time_baseline / save_time_fx100, unit: "×", decimals: 1, stated: 1.9}}
{notes}"""

PAGE = """\
{front}# Demo

Saves fell from [178 s](evidence:R1#save_time_baseline) to
[94 s](evidence:R1#save_time_fx100).

{body}
"""


@dataclass(frozen=True)
class Variant:
    name: str
    body: str = ""
    front: str = ""
    config: str = ""
    files: dict[str, str] = field(default_factory=dict)
    record: dict[str, str] = field(default_factory=dict)
    #: The trick shows on every page (the navigation): it cannot share a site.
    alone: bool = False


def V(name: str, body: str = "", **kw: object) -> Variant:
    return Variant(name, body, **kw)  # type: ignore[arg-type]


def fm(text: str) -> str:
    return f"---\n{text}\n---\n"


CLAIM94 = "[94 s](evidence:R1#save_time_fx100)"

BYPASSES = [
    # -- whitespace and entities ----------------------------------------------------------------
    V("line wrap between number and unit", "It takes 517\ns to save."),
    V("two spaces", "It takes 517  s to save."),
    V("tab", "It takes 517\ts to save."),
    V("nbsp entity", "It takes 517&nbsp;s to save."),
    V("thin space", "It takes 517\u2009s to save."),
    V("narrow nbsp", "It takes 517\u202fs to save."),
    V("no space", "It takes 517s to save."),
    V("times entity", "It is 1.9&times; faster."),
    V("dollar entity", "It is worth &#36;4.5M."),
    V("decimal entity digit", "It is &#53;x faster."),
    V("hex entity letter", "It is 5&#x78; faster."),
    V("percent entity", "A 47&#37; cut."),
    # -- markup splitting a figure -------------------------------------------------------------------
    V("bold number", "It takes **517** s."),
    V("emphasis unit", "It is 5*x* faster."),
    V("comment between", "It takes 517<!-- -->s."),
    V("empty span between", "It is 5<span></span>x faster."),
    V("bold and italic parts", "It is <b>5</b><i>x</i> faster."),
    V("link around the number", "It takes [517](https://demo.example/) s."),
    V("link around the figure", "It is [5x faster](https://demo.example/)."),
    V("link to a heading", "It is [5x faster](#demo)."),
    V("numeric nbsp entity", "It takes 517&#160;s."),
    # -- glued to a claim ---------------------------------------------------------------------------------
    V("digit before a claim", f"Now 5{CLAIM94}."),
    V("digit after a claim", f"Now {CLAIM94}0."),
    V("currency before a claim", f"Now ${CLAIM94}."),
    V("scale letter after a claim", "Now [1.9×](evidence:R1#save_speedup)M."),
    V("minus before a claim", f"Now -{CLAIM94}."),
    V("decimal after a claim", "Now [1.9×](evidence:R1#save_speedup).5 faster."),
    V("unit after a unitless claim", "Now [94](evidence:R1#save_time_fx100) ms."),
    V("percent after a unitless claim", "Now [1.9](evidence:R1#save_speedup) %."),
    V("unit word after a unitless claim", "Now [94](evidence:R1#save_time_fx100) hours."),
    # -- claims that misstate -----------------------------------------------------------------------------
    V("claim misstates", "Now [95 s](evidence:R1#save_time_fx100)."),
    V("claim to unknown figure", "Now [95 s](evidence:R1#nope)."),
    V("claim to unknown record", "Now [95 s](evidence:Q9#nope)."),
    V("claim too precise", "Now [94.0 s](evidence:R1#save_time_fx100)."),
    V("claim wrong unit", "Now [94 ms](evidence:R1#save_time_fx100)."),
    # -- code that is not code --------------------------------------------------------------------------
    V("unclosed fence", "```\nIt is 5x faster."),
    V("stray backtick", "It is `5x faster."),
    V("kbd element", "It is <kbd>5x</kbd> faster."),
    V("tilde fence unclosed", "~~~\n5x faster"),
    # -- Markdown features ------------------------------------------------------------------------------
    V("heading", "## 5x faster saves"),
    V("table cell", "| a | b |\n|---|---|\n| speed | 5x |"),
    V("admonition title", '!!! note "5x faster"\n    Body.'),
    V("admonition body", "!!! note\n    It is 5x faster."),
    V("details summary", '??? note "5x faster"\n    Body.'),
    V("footnote", "Fast.[^1]\n\n[^1]: It is 5x faster."),
    V("abbreviation title", "FX is fast.\n\n*[FX]: five-fold, 5x faster"),
    V("image alt", "![517 s saved](x.png)"),
    V("image title", '![chart](x.png "5x faster")'),
    V("link title", '[docs](https://demo.example/ "5x faster")'),
    V("attr list title", "Fast text.{ title='5x faster' }"),
    V("raw html block", '<div markdown="1">It is **5x** faster.</div>'),
    V("raw html img alt", '<img src="x.png" alt="517 s">'),
    V("raw html placeholder", '<input placeholder="517 s">'),
    V("raw html aria-label", '<span aria-label="5x faster">x</span>'),
    V("raw html input value", '<input readonly value="FX100: $499 per unit, 12x faster">'),
    V(
        "raw html iframe srcdoc",
        '<iframe srcdoc="&lt;p&gt;The FX100 costs $499.&lt;/p&gt;"></iframe>',
    ),
    V(
        "raw html iframe data url",
        '<iframe src="data:text/html,%3Cp%3E12x faster%3C/p%3E"></iframe>',
    ),
    V(
        "raw html shadow root",
        '<div><template shadowrootmode="open"><p>FX100 costs $499 and saves 17 s.</p>'
        "</template></div>",
    ),
    V("hidden paragraph", "<p hidden>5x faster</p>"),
    V("inline svg text", "<svg><text>517 s</text></svg>"),
    V("snippet include", '--8<-- "extra.txt"', files={"docs/extra.txt": "It is 5x faster.\n"}),
    V("number words", "It is three times faster."),
    V("percent", "A 47% cut."),
    V("currency", "Worth $4.5M."),
    V("spelled unit", "It takes 517 seconds."),
    V("approximate", "It takes ~517 s."),
    # -- invisible and look-alike characters ----------------------------------------------------------
    V("zero-width space", "It is 5\u200bx faster."),
    V("zero-width joiner", "It takes 517\u200ds."),
    V("word joiner", "It is 5\u2060x faster."),
    V("soft hyphen", "It is 5\u00adx faster."),
    V("right-to-left override", "It is \u202e5x faster\u202c."),
    V("left-to-right mark", "It is 5\u200ex faster."),
    V("cyrillic x", "It is 5\u0445 faster."),
    V("greek chi", "It is 5\u03a7 faster."),
    V("full-width digit", "It is \uff15x faster."),
    V("full-width letter", "It is 5\uff58 faster."),
    V("cyrillic s unit", "It takes 517 \u0455."),
    # -- front matter -------------------------------------------------------------------------------------
    V("front matter title", front=fm("title: 5x faster storage")),
    V("front matter description", front=fm("description: It is 5x faster.")),
    V("faq answer", front=fm('faq:\n  - q: How fast?\n    a: "It is 5x faster."')),
    V("faq question", front=fm('faq:\n  - q: "Why 5x faster?"\n    a: "Because."')),
    # -- pages and files beside the Markdown ----------------------------------------------------------
    V("title from file name", files={"docs/5x-faster.md": "Plain words only.\n"}, alone=True),
    V(
        "static html in docs",
        files={"docs/extra.html": "<html><body><p>5x faster</p></body></html>"},
    ),
    V(
        "static svg in docs",
        files={"docs/pic.svg": "<svg xmlns='http://www.w3.org/2000/svg'><text>517 s</text></svg>"},
    ),
    V("static txt in docs", files={"docs/notes.txt": "It is 5x faster.\n"}),
    V("static json in docs", files={"docs/data.json": '{"claim": "5x faster"}'}),
    V(
        "rss feed in docs",
        files={"docs/feed.rss": "<rss><channel><title>FX100 at $499</title></channel></rss>"},
    ),
    V("shtml page in docs", files={"docs/pricing.shtml": "<p>FX100 costs $499</p>"}),
    V("negotiated page in docs", files={"docs/pricing.html.en": "<p>FX100 costs $499</p>"}),
    V("text file in docs", files={"docs/notes.text": "The FX100 costs $499.\n"}),
    V("yaml file in docs", files={"docs/plans.yaml": "price: FX100 at $499\n"}),
    V("file without extension in docs", files={"docs/NOTES": "It is 5x faster.\n"}),
    V("second page", files={"docs/other.md": "# Other\n\nIt is 5x faster.\n"}),
    # -- mkdocs.yml and the theme ----------------------------------------------------------------------
    V("site name", config="site_name: Demo, 5x faster\n"),
    V("site description", config="site_description: It is 5x faster.\n"),
    V("copyright", config="copyright: Storage 5x faster\n"),
    V("nav title", config="nav:\n  - 5x faster: index.md\n"),
    V(
        "theme override",
        config="theme:\n  name: material\n  custom_dir: overrides\n",
        files={
            "overrides/main.html": '{% extends "base.html" %}\n{% block announce %}It is 5x faster{% endblock %}\n'
        },
    ),
    # -- record text printed on pages --------------------------------------------------------------------
    V("record title", record={"title": "FX100 saves 517 s"}),
    V("record setup value", record={"baseline": "NFS at 2 GB/s"}),
    V("record figure description", record={"what": "Save time, 5x faster than NFS"}),
    V("record issuer", record={"issuer": "Lab 5x faster"}),
    V("record notes", record={"notes": "notes: It is 5x faster.\n"}),
    # -- copies of cited figures that say more than the claims ------------------------------------
    V("link title bounds a cited figure", 'See [it](https://demo.example/ "Saves in under 94 s").'),
    V("link title prices a cited figure", 'See [it](https://demo.example/ "It costs $94 a unit").'),
    V("attribute glues a unit to a cited figure", 'See it.\n{: title="It saves 94 s/GB" }'),
]

NEAR_MISSES = [
    V("code span", "Run `5x faster` literally."),
    V("fenced code", "```\n5x faster\n```"),
    V("names", "Built with MkDocs 1.6 for 32B LoRA on 8-GPU nodes, report R1."),
    V("plain count", "We ran 20 saves."),
    V(
        "unitless claim then a count",
        "Each save took [94](evidence:R1#save_time_fx100), over 20 saves.",
    ),
    V("unitless claim then words", "The speed-up was [1.9](evidence:R1#save_speedup) on average."),
    V("claim at sentence end", f"Now {CLAIM94}."),
    V("claim in parentheses", f"Now ({CLAIM94})."),
    V("claim with plus sign before", "A gain of +[1.9×](evidence:R1#save_speedup)."),
    V("date", "Tested on 2026-03-14."),
    V("list numbers", "1. first\n2. second"),
    V("hidden input value", '<input type="hidden" name="plan" value="5x faster">'),
    V("checkbox input value", '<input type="checkbox" name="plan" value="$499">'),
    V("iframe srcdoc of plain words", '<iframe srcdoc="&lt;p&gt;Plain words.&lt;/p&gt;"></iframe>'),
    V("text file of plain words", files={"docs/notes.text": "Plain words, MkDocs 1.6.\n"}),
    V(
        "link title repeats a claim",
        'See [it](https://demo.example/ "It saves a checkpoint in 94 s").',
    ),
]


def _project(root: Path, variant: Variant, *, enforce: bool) -> Path:
    project = root / ("enforced" if enforce else "adopted")
    (project / "docs").mkdir(parents=True)
    (project / "evidence").mkdir()
    config = CONFIG.format(plugin="" if enforce else ":\n      enforce: false")
    if variant.config:
        keys = {line.split(":", 1)[0] for line in variant.config.splitlines() if line[:1].isalpha()}
        kept, skip = [], False
        for line in config.splitlines():
            if line[:1].isalpha():
                skip = line.split(":", 1)[0] in keys
            if not skip:
                kept.append(line)
        config = "\n".join(kept) + "\n" + variant.config
        if "markdown_extensions" in keys:
            config = config.replace(
                "toc:\n      permalink: 5x",
                "toc:\n      permalink: 5x\n  - footnotes\n  - attr_list",
            )
    (project / "mkdocs.yml").write_text(config, encoding="utf-8")
    fields = {
        "title": "Checkpoint write",
        "issuer": "Lab",
        "baseline": "local NVMe",
        "what": "Save time",
        "notes": "",
    }
    fields.update(variant.record)
    (project / "evidence/R1.yaml").write_text(RECORD.format(**fields), encoding="utf-8")
    page = PAGE.format(front=variant.front, body=variant.body)
    (project / "docs/index.md").write_text(page, encoding="utf-8")
    for rel, text in variant.files.items():
        (project / rel).parent.mkdir(parents=True, exist_ok=True)
        (project / rel).write_text(text, encoding="utf-8")
    return project


def test_at_least_eighty_bypasses() -> None:
    assert len(BYPASSES) >= 80
    assert len({v.name for v in [*BYPASSES, *NEAR_MISSES]}) == len(BYPASSES) + len(NEAR_MISSES)


# ---------------------------------------------------------------- tricks built together


def _batched(variant: Variant) -> bool:
    return not (variant.config or variant.record or variant.alone)


def _has_page(variant: Variant) -> bool:
    return bool(variant.body or variant.front)


def _own_paths(key: str, variant: Variant) -> set[str]:
    """Where findings about ``variant`` (page ``docs/<key>.md``) may be: source and site paths."""
    paths = {f"docs/{key}.md", f"{key}/index.html"} if _has_page(variant) else set()
    for rel in variant.files:
        published = rel.removeprefix("docs/")
        paths |= {rel, published}
        if published.endswith(".md"):
            paths.add(published.removesuffix(".md") + "/index.html")
    return paths


def _batch_project(root: Path, variants: dict[str, Variant], *, enforce: bool) -> Path:
    """One project holding each variant as page ``docs/<key>.md`` and its own files."""
    project = _project(root, Variant("base"), enforce=enforce)
    nav = ["nav:", "  - index.md"]
    for key, variant in variants.items():
        if _has_page(variant):
            page = PAGE.format(front=variant.front, body=variant.body)
            (project / f"docs/{key}.md").write_text(page, encoding="utf-8")
            nav.append(f"  - {key.upper()}: {key}.md")
        for rel, text in variant.files.items():
            assert not (project / rel).exists(), f"two variants write {rel}"
            (project / rel).parent.mkdir(parents=True, exist_ok=True)
            (project / rel).write_text(text, encoding="utf-8")
    # Navigation titles from the config: a page's title trick (front matter) would
    # otherwise show in every page's navigation and give every page a finding.
    with (project / "mkdocs.yml").open("a", encoding="utf-8") as config:
        config.write("\n".join(nav) + "\n")
    return project


def _errors(findings: list[dict[str, object]]) -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for finding in findings:
        if finding["severity"] == "error":
            found.setdefault(str(finding["path"]), set()).add(str(finding["code"]))
    return found


def _codes_at(found: dict[str, set[str]], paths: set[str]) -> set[str]:
    return set().union(*(found.get(path, set()) for path in paths))


BATCHED = {f"b{i}": v for i, v in enumerate(BYPASSES) if _batched(v)}
ALONE = [v for v in BYPASSES if not _batched(v)]


@dataclass(frozen=True)
class Builds:
    """What ``fxsite build`` refused, by path, over the rounds of one batch."""

    found: dict[str, set[str]]
    rounds: list[subprocess.CompletedProcess[str]]
    published: list[bool]


@pytest.fixture(scope="module")
def refused(tmp_path_factory: pytest.TempPathFactory) -> Builds:
    """Every batched bypass in one project, enforced, through ``fxsite build``.

    A build refused by the source check stops before its output gate, so the
    variants it did not refuse at their own paths are built again, by
    themselves, until every variant is refused or a round refuses none of them.
    """
    root = tmp_path_factory.mktemp("refused")
    left, found = dict(BATCHED), {}
    rounds, published = [], []
    while left:
        project = _batch_project(root / f"round{len(rounds)}", left, enforce=True)
        proc = fxsite_here("build", str(project), "--format", "json", cwd=project)
        rounds.append(proc)
        published.append((project / "site").exists())
        if proc.returncode != 1:
            break
        new = _errors(json.loads(proc.stdout))
        for path, codes in new.items():
            found.setdefault(path, set()).update(codes)
        caught = {k for k, v in left.items() if _codes_at(new, _own_paths(k, v))}
        if not caught:
            break
        left = {k: v for k, v in left.items() if k not in caught}
    return Builds(found, rounds, published)


def test_batched_builds_refuse_and_publish_nothing(refused: Builds) -> None:
    for proc, published in zip(refused.rounds, refused.published, strict=True):
        assert "Traceback" not in proc.stderr + proc.stdout
        assert proc.returncode == 1, proc.stderr + proc.stdout
        assert not published, "a refused build published a site"


@pytest.mark.parametrize("key_variant", BATCHED.items(), ids=lambda kv: kv[1].name)
def test_bypass_is_refused_by_build(key_variant: tuple[str, Variant], refused: Builds) -> None:
    key, variant = key_variant
    assert _codes_at(refused.found, _own_paths(key, variant)), "the build let the trick through"


@pytest.mark.parametrize("variant", ALONE, ids=lambda v: v.name)
def test_bypass_alone_is_refused_by_build(variant: Variant, tmp_path: Path) -> None:
    project = _project(tmp_path, variant, enforce=True)
    proc = fxsite_here("build", str(project), cwd=project)
    assert "Traceback" not in proc.stderr + proc.stdout
    assert proc.returncode == 1, proc.stderr + proc.stdout
    assert not (project / "site").exists(), "a refused build published a site"


@pytest.fixture(scope="module")
def adopted(tmp_path_factory: pytest.TempPathFactory) -> dict[str, set[str]]:
    """Every batched bypass in one site built with ``enforce: false``: its audit's errors by path."""
    root = tmp_path_factory.mktemp("adopted")
    project = _batch_project(root, BATCHED, enforce=False)
    built = mkdocs_build_here(project, root / "site")
    assert built.returncode == 0, built.stderr
    found: dict[str, set[str]] = {}
    for finding in verify_site(root / "site"):
        if finding.severity == "error":
            found.setdefault(finding.path, set()).add(finding.code)
    return found


@pytest.mark.parametrize("key_variant", BATCHED.items(), ids=lambda kv: kv[1].name)
def test_bypass_is_caught_by_audit(
    key_variant: tuple[str, Variant], adopted: dict[str, set[str]]
) -> None:
    key, variant = key_variant
    assert _codes_at(adopted, _own_paths(key, variant)), (
        "the audit passed a site carrying the trick"
    )


@pytest.mark.parametrize("variant", ALONE, ids=lambda v: v.name)
def test_bypass_alone_is_caught_by_audit(variant: Variant, tmp_path: Path) -> None:
    adopted = _project(tmp_path, variant, enforce=False)
    site = tmp_path / "site"
    built = mkdocs_build_here(adopted, site)
    assert built.returncode == 0, built.stderr
    findings = [f for f in verify_site(site) if f.severity == "error"]
    assert findings, "the audit passed a site carrying the trick"


# ---------------------------------------------------------------- near misses

NEAR = {f"n{i}": v for i, v in enumerate(NEAR_MISSES)}


@dataclass(frozen=True)
class Clean:
    """The near misses built together: the build, and its findings and its audit's by path."""

    proc: subprocess.CompletedProcess[str]
    built: dict[str, set[str]]
    audited: dict[str, set[str]]


@pytest.fixture(scope="module")
def near_misses(tmp_path_factory: pytest.TempPathFactory) -> Clean:
    assert all(_batched(v) for v in NEAR_MISSES)
    project = _batch_project(tmp_path_factory.mktemp("near"), NEAR, enforce=True)
    proc = fxsite_here("build", str(project), "--format", "json", cwd=project)
    built = _errors(json.loads(proc.stdout or "[]"))
    audited: dict[str, set[str]] = {}
    if proc.returncode == 0:
        for finding in verify_site(project / "site"):
            audited.setdefault(finding.path, set()).add(finding.code)
    return Clean(proc, built, audited)


def test_near_misses_build_and_audit_clean(near_misses: Clean) -> None:
    proc = near_misses.proc
    assert proc.returncode == 0, proc.stderr + proc.stdout
    assert near_misses.audited == {}


@pytest.mark.parametrize("key_variant", NEAR.items(), ids=lambda kv: kv[1].name)
def test_near_miss_builds_and_audits_clean(
    key_variant: tuple[str, Variant], near_misses: Clean
) -> None:
    key, variant = key_variant
    paths = _own_paths(key, variant)
    assert not _codes_at(near_misses.built, paths), near_misses.proc.stdout
    assert not _codes_at(near_misses.audited, paths)


def test_mkdocs_build_runs_the_gate_too(tmp_path: Path) -> None:
    """A trick only the published output shows fails plain ``mkdocs build`` as well."""
    project = _project(tmp_path, V("zero-width only", "It is 5\u200bx faster."), enforce=True)
    built = mkdocs_build_here(project, tmp_path / "site")
    assert built.returncode != 0
    assert "FX502" in built.stderr and "docs/index.md:6" in built.stderr
