"""Tamper suite: attacks on a built copy of the demo site, each caught by the audit.

The demo site is built once per session. A new trick is one line of ``ATTACKS``:
a change to the site and the code ``verify_site`` must report. Tricks that
change different files, each judged where it stands (:data:`SHARED`), are
applied to one copy together (``BATCHES``) and each must be reported at its
own files, nothing anywhere else; a trick on a file others read is audited
alone, unless it is *told* (:func:`told`): where each of its findings is placed and
what its message quotes, which no other told trick's finding says. The told tricks
share one batch, each finding told by exactly one of them. A bare figure put in "an
article" (:func:`in_article`), or a change to a claim's attribute (:func:`cited`), is
made in whichever page its batch leaves free: each is caught on any page alike. The
untouched copy must audit clean, and so must one copy carrying every near miss at once.
"""

from __future__ import annotations

import gzip
import json
import os
import re
import shutil
from collections.abc import Callable
from dataclasses import dataclass, replace
from html import escape
from pathlib import Path
from typing import Any

import pytest
from sitekit import fxsite_here

from fxsite.findings import Finding
from fxsite.render.exports import dumps, loads
from fxsite.verify import verify_site
from fxsite.verify.gate_memo import GateMemo

pytestmark = pytest.mark.slow

CLAIM = r'<a [^>]*data-fx-ref="R1#save_time_baseline"[^>]*>'
HOME = "index.html"
INDEX = "search/search_index.json"
#: the first bar of the first chart drawing, up to the x coordinate of its far end
BAR = r'(#save_time_baseline">\s*<title>[^<]*</title><path d="M [\d.]+ [\d.]+\s+L )[\d.]+'
BUBBLES = "training-bubbles/index.html"
R1 = "evidence/R1/index.html"
E1 = "evidence/E1/index.html"
R9 = "evidence/R9/index.html"
LIBRARY = "evidence/index.html"
ZH = "zh/checkpoint-acceleration/index.html"
#: the label of E1's row in the Evidence Library, and of its Data sources item
E1_ROW = r'(<a href="E1/">E1</a>.*?<span class="fx-label fx-label--estimate"[^>]*>)estimate'
E1_SOURCE = (
    r'(<a class="fx-source-id" href="evidence/E1/"[^>]*>E1</a>.*?fx-label--estimate">)estimate'
)


#: Files other files are judged by (the evidence every page is compared with, the search
#: index whose entries speak for pages, the sitemap and its compressed copy): a trick on
#: one of them is reported elsewhere, so it is audited alone, unless it is told.
SHARED = frozenset({"evidence.json", "search/search_index.json", "sitemap.xml", "sitemap.xml.gz"})
#: The article pages a trick made by :func:`in_article` may be put in.
ARTICLES = (
    HOME,
    BUBBLES,
    "checkpoint-acceleration/index.html",
    "joint-testing/index.html",
    "faq/index.html",
    "verify/index.html",
)
#: The article pages other than the home page that cite R1's baseline save time.
CITING = (
    BUBBLES,
    "checkpoint-acceleration/index.html",
    "joint-testing/index.html",
    "faq/index.html",
)


@dataclass(frozen=True)
class Tamper:
    """A change to a copy of the site, with the files it changes (``paths``).

    One with ``alone``, whose findings fall on other files too, is audited alone.
    ``moved`` makes the same change to another page, one of ``anywhere``.
    One ``told`` (:func:`told`) is found where its findings are placed, by what they say.
    """

    apply: Callable[[Path], None]
    paths: frozenset[str]
    moved: Callable[[str], Tamper] | None = None
    #: the pages ``moved`` may make it in
    anywhere: tuple[str, ...] = ()
    alone: bool = False
    #: (the file a finding is placed at, a text it quotes) for each of its findings
    told: tuple[tuple[str, str], ...] = ()

    def __call__(self, site: Path) -> None:
        self.apply(site)

    @property
    def batched(self) -> bool:
        return not self.alone and not self.paths & SHARED


def _on(rel: str, apply: Callable[[Path], None]) -> Tamper:
    return Tamper(apply, frozenset({rel}))


def alone(tamper: Tamper) -> Tamper:
    """``tamper``, audited alone: what it changes is reported on other pages too."""
    return replace(tamper, alone=True)


def told(tamper: Tamper, *found: tuple[str, str]) -> Tamper:
    """``tamper``, whose findings (of its attack's code) are each at the path of one of
    ``found``, quoting its text, every one of ``found`` in one of them: batched with the
    other told tampers, whatever files it changes or its findings fall on (a file others
    read, :data:`SHARED`, another page, the search index), each finding told by its place
    and words."""
    assert found
    return replace(tamper, told=found)


def edit(rel: str, pattern: str, replacement: str) -> Tamper:
    """Replace the first match of ``pattern`` in a site file; the pattern must match."""

    def apply(site: Path) -> None:
        path = site / rel
        text = path.read_text(encoding="utf-8")
        changed, count = re.subn(pattern, replacement, text, count=1, flags=re.DOTALL)
        assert count == 1, f"{pattern!r} not in {rel}"
        path.write_text(changed, encoding="utf-8")

    return _on(rel, apply)


def claim_attr(ref: str, name: str, value: str, rel: str = "index.html") -> Tamper:
    """Set one attribute of the first claim to ``ref``, whatever the attribute order."""

    def apply(site: Path) -> None:
        path = site / rel
        text = path.read_text(encoding="utf-8")
        match = re.search(f'<a [^>]*data-fx-ref="{re.escape(ref)}"[^>]*>', text)
        assert match, ref
        tag = match.group(0)
        if f' {name}="' in tag:
            new = re.sub(f' {name}="[^"]*"', f' {name}="{value}"', tag, count=1)
        else:
            new = tag[:-1] + f' {name}="{value}">'
        assert new != tag
        path.write_text(text[: match.start()] + new + text[match.end() :], encoding="utf-8")

    return _on(rel, apply)


def paragraph(rel: str, html: str) -> Tamper:
    """Insert ``html`` right after the page's first <h1>...</h1>."""
    return edit(rel, r"(</h1>)", r"\1" + html.replace("\\", "\\\\"))


def in_article(html: str) -> Tamper:
    """:func:`paragraph` in the home page, or in any other of :data:`ARTICLES`."""
    return replace(
        paragraph(HOME, html), moved=lambda rel: paragraph(rel, html), anywhere=ARTICLES[1:]
    )


def cited(name: str, value: str) -> Tamper:
    """:func:`claim_attr` on the home page's claim of R1's baseline save time, or on that
    claim in another of :data:`CITING` (the attribute means the same on any page)."""
    ref = "R1#save_time_baseline"
    return replace(
        claim_attr(ref, name, value),
        moved=lambda rel: claim_attr(ref, name, value, rel),
        anywhere=CITING,
    )


def head(rel: str, html: str) -> Tamper:
    return edit(rel, r"(</head>)", html.replace("\\", "\\\\") + r"\1")


def on_any_article(make: Callable[[str], Tamper]) -> Tamper:
    """``make(rel)`` on the home page, or on any other of :data:`ARTICLES`: a change to
    what every page's theme writes (its head, title, navigation, footer, stamp)."""
    return replace(make(HOME), moved=make, anywhere=ARTICLES[1:])


def write(rel: str, text: str) -> Tamper:
    def apply(site: Path) -> None:
        (site / rel).parent.mkdir(parents=True, exist_ok=True)
        (site / rel).write_text(text, encoding="utf-8")

    return _on(rel, apply)


def write_bytes(rel: str, data: bytes) -> Tamper:
    def apply(site: Path) -> None:
        (site / rel).parent.mkdir(parents=True, exist_ok=True)
        (site / rel).write_bytes(data)

    return _on(rel, apply)


def link(rel: str, target: str | Callable[[Path], Path]) -> Tamper:
    """A symbolic link at ``rel`` to ``target`` (a path, or made from the site's path)."""

    def apply(site: Path) -> None:
        to = target(site) if callable(target) else target
        (site / rel).parent.mkdir(parents=True, exist_ok=True)
        os.symlink(to, site / rel)

    return _on(rel, apply)


def outside_folder(site: Path) -> Path:
    """A folder next to the site, holding a page with bare figures."""
    folder = site.parent / "outside"
    folder.mkdir(exist_ok=True)
    (folder / "index.html").write_text(_page("<p>FX100 costs $499, 12x faster.</p>"))
    return folder


def srcdoc(html: str, levels: int) -> str:
    """``html`` as the document of an iframe, inside ``levels`` iframes in all."""
    for _ in range(levels):
        html = f'<iframe srcdoc="{escape(html)}"></iframe>'
    return html


def remove(rel: str) -> Tamper:
    def apply(site: Path) -> None:
        target = site / rel
        shutil.rmtree(target) if target.is_dir() else target.unlink()

    return _on(rel, apply)


def evidence(change: Callable[[dict[str, Any]], None]) -> Tamper:
    """Change the published evidence.json (numbers stay exact Decimals)."""

    def apply(site: Path) -> None:
        path = site / "evidence.json"
        data = loads(path.read_text(encoding="utf-8"))
        change(data)
        path.write_text(dumps(data), encoding="utf-8")

    return _on("evidence.json", apply)


def figure(ref: str, **fields: Any) -> Tamper:
    def change(data: dict[str, Any]) -> None:
        (item,) = [f for f in data["figures"] if f["ref"] == ref]
        item.update(fields)

    return evidence(change)


def record(record_id: str, change: Callable[[dict[str, Any]], None]) -> Tamper:
    def apply(data: dict[str, Any]) -> None:
        (item,) = [r for r in data["records"] if r["id"] == record_id]
        change(item)

    return evidence(apply)


def search_index(change: Callable[[dict[str, Any]], None]) -> Tamper:
    def apply(site: Path) -> None:
        path = site / "search/search_index.json"
        data = json.loads(path.read_text(encoding="utf-8"))
        change(data)
        path.write_text(json.dumps(data), encoding="utf-8")

    return _on("search/search_index.json", apply)


def search_entry(location: str, field: str, old: str, new: str) -> Tamper:
    """The first search entry at ``location`` whose ``field`` holds ``old``, edited."""

    def change(data: dict[str, Any]) -> None:
        entry = next(d for d in data["docs"] if d["location"] == location and old in d[field])
        entry[field] = entry[field].replace(old, new, 1)

    return search_index(change)


def both(*steps: Tamper) -> Tamper:
    def apply(site: Path) -> None:
        for step in steps:
            step(site)

    paths = frozenset().union(*(step.paths for step in steps))
    return Tamper(apply, paths, alone=any(step.alone for step in steps))


#: A public key whose base64 the detector would read as '79s' if it read it.
PEM = (
    "-----BEGIN PUBLIC KEY-----\n"
    "MCowBQYDK2VwAyEAsU7kfTKLET9sjla2SFfEnZIWtK4fkQgb/79s/bjlNt4=\n"
    "-----END PUBLIC KEY-----\n"
)


def _page(body: str) -> str:
    return (
        '<!doctype html><html><head><meta name="fxsite-build" content="0">'
        f"<title>x</title></head><body><article>{body}</article></body></html>"
    )


@dataclass(frozen=True)
class Attack:
    name: str
    tamper: Tamper | Callable[[Path], None]
    code: str

    @property
    def paths(self) -> frozenset[str] | None:
        """The files this attack changes, where it is reported: None, audited alone."""
        return (
            self.tamper.paths if isinstance(self.tamper, Tamper) and self.tamper.batched else None
        )

    @property
    def told(self) -> tuple[tuple[str, str], ...]:
        """Where this attack's findings are placed and what they quote (:func:`told`)."""
        return self.tamper.told if isinstance(self.tamper, Tamper) else ()


def _status(value: str) -> Callable[[dict[str, Any]], None]:
    def change(item: dict[str, Any]) -> None:
        item["status"] = value
        if value == "superseded":
            item["superseded_by"] = "R9"

    return change


def _set(path: tuple[str, ...], value: Any) -> Callable[[dict[str, Any]], None]:
    def change(item: dict[str, Any]) -> None:
        for key in path[:-1]:
            item = item[key]
        item[path[-1]] = value

    return change


ATTACKS = [
    # -- claims: text, data attributes, badge, tooltip, link -------------------------------
    Attack("claim text", edit(HOME, f"({CLAIM})178", r"\g<1>179"), "FX403"),
    Attack(
        "claim value attribute",
        cited("data-fx-value", "179"),
        "FX612",
    ),
    Attack(
        "value and text edited together",
        both(
            edit(HOME, f"({CLAIM})178", r"\g<1>179"),
            claim_attr("R1#save_time_baseline", "data-fx-value", "179"),
        ),
        "FX403",
    ),
    Attack("claim unit attribute", cited("data-fx-unit", "ms"), "FX612"),
    Attack(
        "claim label attribute",
        cited("data-fx-label", "spec"),
        "FX612",
    ),
    Attack(
        "claim label set to setup",
        cited("data-fx-label", "setup"),
        "FX612",
    ),
    Attack(
        "claim decimals attribute",
        cited("data-fx-decimals", "1"),
        "FX612",
    ),
    Attack(
        "claim record attribute",
        cited("data-fx-record", "R9"),
        "FX612",
    ),
    Attack(
        "claim figure attribute",
        cited("data-fx-figure", "save_time_fx100"),
        "FX612",
    ),
    Attack(
        "claim ref to another figure",
        cited("data-fx-ref", "R1#save_time_fx100"),
        "FX403",
    ),
    Attack(
        "claim ref to unknown figure",
        cited("data-fx-ref", "R1#nope"),
        "FX402",
    ),
    Attack(
        "claim ref to unknown record",
        cited("data-fx-ref", "Q7#x"),
        "FX401",
    ),
    Attack(
        "claim links to another anchor",
        claim_attr("R1#save_time_baseline", "href", "evidence/R1/#save_time_fx100"),
        "FX612",
    ),
    Attack(
        "claim links to no anchor",
        claim_attr("R1#save_time_baseline", "href", "evidence/R1/#gone"),
        "FX612",
    ),
    Attack(
        "claim links off site",
        cited("href", "https://evil.example/#save_time_baseline"),
        "FX612",
    ),
    Attack(
        "badge letter",
        edit(HOME, f'({CLAIM}178\u00a0s<span [^>]*class="fx-badge"[^>]*>)R1', r"\1S"),
        "FX612",
    ),
    Attack(
        "badge removed",
        edit(HOME, f'({CLAIM}178\u00a0s)<span [^>]*class="fx-badge"[^>]*>R1</span>', r"\1"),
        "FX612",
    ),
    Attack(
        "screen-reader text", edit(HOME, r"\(measured, report R1\)", "(spec, report R1)"), "FX612"
    ),
    Attack("tooltip", cited("title", "Report R1 · spec"), "FX612"),
    Attack(
        "claim class",
        cited("class", "fx-claim fx-claim--spec"),
        "FX612",
    ),
    Attack(
        "claim hidden by style",
        cited("style", "display:none"),
        "FX612",
    ),
    Attack(
        "claim removed",
        edit(HOME, r'<a class="fx-claim[^>]*data-fx-ref="E1#bubble_share_baseline".*?</a>', "it"),
        "FX402",
    ),
    Attack(
        "claim in a heading badge added",
        edit(BUBBLES, r"(<h1 [^>]*><a [^>]*>1\.9×)", r'\1<span class="fx-badge">M</span>'),
        "FX612",
    ),
    # -- glued characters --------------------------------------------------------------------
    Attack("digit glued before a claim", edit(HOME, f"({CLAIM})", r"5\1"), "FX503"),
    Attack("currency glued before a claim", edit(HOME, f"({CLAIM})", r"$\1"), "FX503"),
    Attack(
        "scale letter glued after a claim",
        edit(HOME, r'(data-fx-ref="R1#save_time_baseline".*?</a>)', r"\1k"),
        "FX503",
    ),
    Attack(
        "digit glued after a claim",
        edit(HOME, r'(data-fx-ref="R1#save_time_baseline".*?</a>)', r"\g<1>0"),
        "FX503",
    ),
    Attack("minus glued before a claim", edit(HOME, f"({CLAIM})", r"-\1"), "FX503"),
    # -- bare figures, every channel ----------------------------------------------------------
    Attack("article paragraph", in_article("<p>Now 5x faster.</p>"), "FX501"),
    Attack(
        "page title",
        on_any_article(lambda rel: edit(rel, r"<title>", "<title>5x faster: ")),
        "FX501",
    ),
    Attack(
        "meta description",
        on_any_article(
            lambda rel: edit(rel, r'(<meta name="description" content=")', r"\g<1>Saves 517 s. ")
        ),
        "FX501",
    ),
    Attack(
        "open graph tag",
        on_any_article(
            lambda rel: head(rel, '<meta property="og:description" content="517 s saved">')
        ),
        "FX501",
    ),
    Attack(
        "twitter tag",
        on_any_article(lambda rel: head(rel, '<meta name="twitter:title" content="3x faster">')),
        "FX501",
    ),
    Attack(
        "json-ld string",
        on_any_article(
            lambda rel: head(
                rel,
                '<script type="application/ld+json">{"@type": "Thing", "name": "517 s saved"}'
                "</script>",
            )
        ),
        "FX501",
    ),
    Attack(
        "json-ld in faq answer",
        edit(BUBBLES, r'("text": "In 8-GPU)', r"\1 saves 517 s and"),
        "FX501",
    ),
    Attack("image alt", in_article('<p><img src="x.png" alt="517 s faster"></p>'), "FX501"),
    Attack("title attribute", in_article('<p><span title="3x faster">x</span></p>'), "FX501"),
    Attack("aria-label", in_article('<p><button aria-label="save 517 s">x</button></p>'), "FX501"),
    Attack("placeholder", in_article('<p><input placeholder="517 s"></p>'), "FX501"),
    Attack(
        "footer copyright",
        on_any_article(
            lambda rel: edit(rel, r'(<div class="md-copyright__highlight">)', r"\1 5x faster. ")
        ),
        "FX501",
    ),
    Attack(
        "navigation link",
        on_any_article(lambda rel: edit(rel, r"(<nav[^>]*>)", r'\1<a href="#">5x faster</a>')),
        "FX501",
    ),
    Attack("404 page", edit("404.html", r"(<h1>)", r"<p>5x faster</p>\1"), "FX501"),
    Attack("record page", paragraph(R1, "<p>really 5x faster</p>"), "FX501"),
    Attack("hidden element", in_article("<p hidden>5x faster</p>"), "FX501"),
    Attack("noscript", in_article("<noscript>5x faster</noscript>"), "FX501"),
    Attack("inline svg text", in_article("<svg><text>517 s</text></svg>"), "FX501"),
    Attack("nbsp entity", in_article("<p>it takes 517&nbsp;s</p>"), "FX501"),
    Attack("times entity", in_article("<p>now 1.9&times; faster</p>"), "FX501"),
    Attack("dollar entity", in_article("<p>worth &#36;4.5M</p>"), "FX501"),
    Attack("split by strong", in_article("<p>it takes <strong>517</strong> s</p>"), "FX501"),
    Attack("split by comment", in_article("<p>it takes 517<!-- -->s</p>"), "FX501"),
    Attack("split by link", in_article('<p>it takes <a href="#">517</a> s</p>'), "FX501"),
    Attack("line break", in_article("<p>it takes 517\n   s</p>"), "FX501"),
    Attack("zero-width space", in_article("<p>it takes 5\u200b17 s</p>"), "FX502"),
    Attack("bidi override", in_article("<p>\u202es 715 sekat ti</p>"), "FX502"),
    Attack("soft hyphen", in_article("<p>5\u00adx faster</p>"), "FX502"),
    Attack("cyrillic x", in_article("<p>now 5\u0445 faster</p>"), "FX501"),
    Attack("full-width digits", in_article("<p>now \uff15x faster</p>"), "FX501"),
    Attack(
        "search index text",
        told(
            search_index(lambda d: d["docs"][1].update(text=d["docs"][1]["text"] + " 517 s")),
            (INDEX, "bare figure '517 s'"),
        ),
        "FX501",
    ),
    Attack(
        "search index title",
        told(search_index(lambda d: d["docs"][2].update(title="5x faster")), (INDEX, "'5x'")),
        "FX501",
    ),
    Attack(
        "search index new entry",
        told(
            search_index(
                lambda d: d["docs"].append({"location": "x/", "title": "t", "text": "<p>7x</p>"})
            ),
            (INDEX, "bare figure '7x'"),
        ),
        "FX501",
    ),
    Attack(
        "search index tags",
        told(
            search_index(lambda d: d["docs"][1].update(tags=["FX100 costs $499, 12x faster"])),
            (INDEX, "bare figure '$499'"),
            (INDEX, "bare figure '12x'"),
        ),
        "FX501",
    ),
    Attack(
        "search index unknown field",
        told(
            search_index(lambda d: d["docs"][1].update(extra={"note": "6x faster"})),
            (INDEX, "bare figure '6x'"),
        ),
        "FX501",
    ),
    Attack(
        "search index top-level key",
        told(
            search_index(lambda d: d.update(banner="Now 8x faster")),
            (INDEX, "bare figure '8x'"),
        ),
        "FX501",
    ),
    # blind68: words of a label its page does not show, in what search results show
    Attack(
        "search index: an estimate's status as measured",
        told(
            search_entry("evidence/E1/", "text", "estimate active", "measured active"),
            ("search/search_index.json", "says 'measured active'"),
        ),
        "FX612",
    ),
    Attack(
        "search index: a label's word in look-alike letters",
        told(
            search_entry("evidence/E2/", "text", "estimate active", "me\u0430sured active"),
            ("search/search_index.json", "says 'me\u0430sured active'"),
        ),
        "FX612",
    ),
    Attack(
        "search index: a model's banner reworded",
        told(
            search_entry(
                "evidence/E1/", "text", "Model — not a measurement", "Measured and validated"
            ),
            ("search/search_index.json", "says 'Measured and validated'"),
        ),
        "FX612",
    ),
    Attack(
        "search index: the library's summary",
        told(
            search_entry("evidence/", "text", "estimate", "measured"),
            ("search/search_index.json", "says '4 records: 2 measured, 2 measured.'"),
        ),
        "FX612",
    ),
    Attack(
        "search index: a label word in a title",
        told(
            search_entry("evidence/E1/", "title", "Training-bubble model", "Measured bubble"),
            ("search/search_index.json", "says 'E1: Measured bubble,"),
        ),
        "FX612",
    ),
    Attack(
        "search index entry not an object",
        told(search_index(lambda d: d["docs"].append("9x faster")), (INDEX, "'9x'")),
        "FX501",
    ),
    Attack(
        "sitemap text", edit("sitemap.xml", r"(<lastmod>)", r"<note>5x faster</note>\1"), "FX501"
    ),
    Attack("robots.txt", write("robots.txt", "User-agent: *\n# 5x faster\n"), "FX501"),
    Attack(
        "static svg",
        write("img/claim.svg", "<svg xmlns='http://www.w3.org/2000/svg'><text>517 s</text></svg>"),
        "FX501",
    ),
    Attack("static json", write("data/x.json", '{"claim": "517 s faster"}'), "FX501"),
    Attack("static html page", write("extra.html", _page("<p>5x faster</p>")), "FX501"),
    # -- every published file that is text (read by content, not a list of extensions) -----------
    Attack("shtml page", write("pricing.shtml", _page("<p>FX100 costs $499</p>")), "FX501"),
    Attack(
        "content-negotiated page",
        write("pricing.html.en", _page("<p>FX100 costs $499</p>")),
        "FX501",
    ),
    Attack("negotiated page unstamped", write("a.htm.fr", "<p>plain</p>"), "FX613"),
    Attack(
        "rss feed",
        write("feed.rss", "<rss><channel><item><title>12x faster</title></item></channel></rss>"),
        "FX501",
    ),
    Attack("atom feed", write("feed.atom", "<feed><title>FX100 at $499</title></feed>"), "FX501"),
    Attack("text file", write("notes.text", "The FX100 costs $499.\n"), "FX501"),
    Attack("markdown source", write("docs/index.md", "# Home\n\nIt is 5x faster.\n"), "FX501"),
    Attack("markdown extension", write("notes.markdown", "It is 5x faster.\n"), "FX501"),
    Attack("yaml file", write("data/plans.yaml", "price: FX100 at $499\n"), "FX501"),
    Attack("tsv file", write("data/t.tsv", "speed\t5x faster\n"), "FX501"),
    Attack("file without extension", write("README", "It is 5x faster.\n"), "FX501"),
    Attack("web manifest", write("site.webmanifest", '{"name": "5x faster"}'), "FX501"),
    Attack(
        "words after the public key", write("fxsite-key.pub", PEM + "Now 5x faster.\n"), "FX501"
    ),
    Attack(
        "words inside the public key block",
        write("fxsite-key.pub", PEM.replace("-----END", "It is 5x faster\n-----END")),
        "FX501",
    ),
    Attack("text under a binary-looking name", write("x.dat", "5x faster\n"), "FX501"),
    Attack(
        "text not utf-8 past the sniffed bytes",
        write_bytes("notes.text", b"a" * 9000 + b"\n\xe9 5x faster\n"),
        "FX614",
    ),
    # -- what a page draws inside itself ---------------------------------------------------------
    Attack(
        "declarative shadow root",
        in_article(
            '<div><template shadowrootmode="open"><p>FX100 costs $499 and saves 17 s.</p>'
            "</template></div>",
        ),
        "FX501",
    ),
    Attack(
        # not drawn, but a search index shows a template's text (Material's does)
        "template without a shadow root",
        in_article("<template><p>12x faster</p></template>"),
        "FX501",
    ),
    Attack(
        "legacy shadow root attribute",
        in_article("<div><template shadowroot=open><p>12x faster</p></template></div>"),
        "FX501",
    ),
    Attack(
        "shadow root in a shadow root",
        in_article(
            "<div><template shadowrootmode=open><span><template shadowrootmode=closed>"
            "<b>12x faster</b></template></span></template></div>",
        ),
        "FX501",
    ),
    Attack(
        "shadow root in a nav list item",
        on_any_article(
            lambda rel: edit(
                rel,
                r"(<nav[^>]*>)",
                r"\1<ul><li><template shadowrootmode=open>5x</template></li></ul>",
            )
        ),
        "FX501",
    ),
    Attack("iframe srcdoc", in_article(srcdoc("<p>The FX100 costs $499.</p>", 1)), "FX501"),
    Attack("srcdoc in srcdoc", in_article(srcdoc("<p>12x faster</p>", 3)), "FX501"),
    Attack(
        "srcdoc glued claim",
        in_article(srcdoc('<p>5<a data-fx-ref="R1#save_time_fx100" href="#">94 s</a></p>', 1)),
        "FX503",
    ),
    Attack(
        "iframe data url",
        in_article('<iframe src="data:text/html,%3Cp%3EFX100 costs $499%3C/p%3E"></iframe>'),
        "FX501",
    ),
    Attack(
        "object base64 data url",
        in_article('<object data="data:text/html;base64,PHA+MTJ4IGZhc3RlcjwvcD4="></object>'),
        "FX501",
    ),
    Attack("embed plain data url", in_article('<embed src="data:,5x%20faster">'), "FX501"),
    Attack(
        "image svg data url",
        in_article(
            '<img alt="" src="data:image/svg+xml,%3Csvg%3E%3Ctext%3E517 s%3C/text%3E%3C/svg%3E">',
        ),
        "FX501",
    ),
    Attack(
        "data url in srcdoc too deep",
        in_article(srcdoc('<iframe src="data:text/html,%3Cp%3Ex%3C/p%3E"></iframe>', 4)),
        "FX614",
    ),
    Attack("srcdoc nested too deep", in_article(srcdoc("<p>plain</p>", 5)), "FX614"),
    Attack(
        "srcdoc nesting elements too deep",
        in_article(srcdoc("<div>" * 5000 + "x", 1)),
        "FX614",
    ),
    Attack(
        "readonly input value",
        in_article('<input readonly value="FX100: $499 per unit, 12x faster">'),
        "FX501",
    ),
    Attack("search input value", in_article('<input type=search value="5x faster">'), "FX501"),
    Attack("number input value", in_article('<input type=number value="$499">'), "FX501"),
    Attack("unknown input type", in_article('<input type=fancy value="12x faster">'), "FX501"),
    Attack(
        "page without stamp",
        write("plain.html", "<html><head></head><body>x</body></html>"),
        "FX613",
    ),
    # -- links out of the site -----------------------------------------------------------------------
    Attack("folder link leaving the site", link("pricing", outside_folder), "FX614"),
    Attack("folder link to the root", link("pricing", "/"), "FX614"),
    Attack("link loop", link("loop", "loop"), "FX614"),
    Attack("links looping in pairs", both(link("a", "b"), link("b", "a")), "FX614"),
    Attack(
        "stamp removed",
        on_any_article(lambda rel: edit(rel, r'<meta name="fxsite-build"[^>]*>', "")),
        "FX613",
    ),
    # -- record pages ----------------------------------------------------------------------------
    Attack("record page value", edit(R1, r'(<td class="fx-value"[^>]*>)178', r"\g<1>179"), "FX612"),
    Attack(
        "record page label",
        edit(R1, r'(id="save_time_baseline".*?fx-label--measured"[^>]*>)measured', r"\1spec"),
        "FX612",
    ),
    Attack(
        "record page status",
        edit(R1, r'(fx-status fx-status--active">)active', r"\1retracted"),
        "FX612",
    ),
    # -- trust markers the build writes from the records ------------------------------------------
    Attack(
        "record page setup value",
        edit(R1, r"(<td>)local NVMe single drive", r"\1NFS over 1 GbE"),
        "FX612",
    ),
    Attack(
        "record page setup row removed", edit(R1, r'<tr id="fx-setup-gpus">.*?</tr>', ""), "FX612"
    ),
    Attack(
        "record page setup row added",
        edit(
            R1,
            r"(</tbody></table></div>)",
            r'<tr id="fx-setup-cache"><th>Cache</th><td>warm</td></tr>\1',
        ),
        "FX612",
    ),
    Attack(
        "record page setup row repeated",
        edit(R1, r'(<tr id="fx-setup-gpus">.*?</tr>)', r"\1\1"),
        "FX612",
    ),
    Attack(
        "record page badge label",
        edit(E1, r'(<p class="fx-record-badges"><span [^>]*>)estimate', r"\1measured"),
        "FX612",
    ),
    Attack(
        "record page badge class",
        edit(
            E1,
            r'(<p class="fx-record-badges"><span class="fx-label fx-label--)estimate',
            r"\1measured",
        ),
        "FX612",
    ),
    Attack(
        "record page badges removed", edit(E1, r'<p class="fx-record-badges">.*?</p>', ""), "FX612"
    ),
    Attack("library row label", edit(LIBRARY, E1_ROW, r"\1measured"), "FX612"),
    Attack(
        "library row filter attribute",
        edit(LIBRARY, r'<tr data-fx-label="estimate"', '<tr data-fx-label="measured"'),
        "FX612",
    ),
    Attack(
        # no record states an issuer, so the Library has no Issuer column: one is made up
        "library row issuer",
        edit(LIBRARY, r'(<td data-label="Status">)', r'<td data-label="Issuer">NIST</td>\1'),
        "FX612",
    ),
    Attack(
        "library row removed",
        edit(
            LIBRARY,
            r'<tr data-fx-label="estimate" data-fx-status="active"><td data-label="ID"><a href="E1/">.*?</tr>',
            "",
        ),
        "FX612",
    ),
    Attack("data sources label", edit(HOME, E1_SOURCE, r"\1measured"), "FX612"),
    Attack(
        "data sources title",
        edit(
            HOME,
            r'(<span class="fx-source-title"[^>]*>)Training-bubble model',
            r"\1Training-bubble test",
        ),
        "FX612",
    ),
    Attack(
        "data sources unknown record",
        edit(HOME, r'(<a class="fx-source-id" href="evidence/E1/"[^>]*>)E1', r"\1E7"),
        "FX612",
    ),
    Attack(
        "data sources label in another language",
        edit(ZH, r'(<span class="fx-label fx-label--measured">)[^<]+', r"\1measured"),
        "FX612",
    ),
    Attack(
        "record page row removed", alone(edit(R1, r'<tr id="save_time_fx100".*?</tr>', "")), "FX612"
    ),
    Attack("record page deleted", alone(remove("evidence/R1")), "FX612"),
    # blind68: words the build writes about the evidence, edited after the build
    Attack(
        "model banner's title hidden",
        edit(E1, r'<p class="fx-model-banner-title">', '<p class="fx-model-banner-title" hidden>'),
        "FX612",
    ),
    Attack(
        "model banner reworded",
        edit(E1, "Model — not a measurement", "Model — validated by measurement"),
        "FX612",
    ),
    Attack(
        "provenance: an issuer added",
        edit(R9, "<dl><div><dt>", "<dl><div><dt>Issuer</dt><dd>TÜV Rheinland</dd></div><div><dt>"),
        "FX612",
    ),
    Attack(
        "provenance: what the source lacks hidden",
        edit(
            R9,
            '<p class="fx-provenance-said">',
            '<p class="fx-provenance-said" style="display:none">',
        ),
        "FX612",
    ),
    Attack(
        "card of an estimate said measured",
        told(
            edit(HOME, "Estimate · model E1", "Measured · R1"),
            (HOME, "the card of E1#bubble_share_fx100 is drawn as estimate and says 'Measured"),
        ),
        "FX612",
    ),
    Attack(
        "card of an estimate drawn measured",
        edit(
            HOME,
            '<div class="fx-stat fx-stat--estimate">',
            '<div class="fx-stat fx-stat--measured">',
        ),
        "FX612",
    ),
    Attack(
        "library summary counts all measured",
        edit(LIBRARY, r"\d+ records: [^<]*", "4 records: 4 measured."),
        "FX612",
    ),
    Attack(
        "label legend reworded",
        edit(
            LIBRARY,
            r'(<dl class="fx-legend"><dt>.*?<dd>)[^<]*',
            r"\1Measured by an independent lab.",
        ),
        "FX612",
    ),
    Attack(
        "marker legend reworded",
        told(
            edit(
                HOME,
                r'(<ul class="fx-legend-markers"[^>]*><li>)[^<]*',
                r"\1Every figure is measured.",
            ),
            (HOME, "the legend of the page's markers is none the build writes"),
        ),
        "FX612",
    ),
    Attack(
        "record notes: a caveat hidden",
        edit(R1, r'(<div class="fx-notes"><p)', r"\1 hidden"),
        "FX612",
    ),
    Attack(
        "a figure's description reworded",
        edit(R1, r'(<div class="fx-what">)', r"\1Independently measured "),
        "FX612",
    ),
    Attack(
        "a derived figure's working reworded",
        edit(R1, r'(<div class="fx-meta fx-formula">)', r"\1(reproduced) "),
        "FX612",
    ),
    Attack(
        "a row label's tooltip",
        edit(
            R1,
            r'(<td class="fx-label-cell"[^>]*><span class="fx-label fx-label--measured")',
            r'\1 title="Independently audited"',
        ),
        "FX612",
    ),
    Attack(
        "a measured label written beside an estimate",
        told(
            edit(
                HOME,
                r'(<a class="fx-claim fx-claim--estimate"[^>]*>.*?</a>)',
                r'\1 <span class="fx-label fx-label--measured">measured</span>',
            ),
            (HOME, "a mark 'measured' (fx-label) stands where the build writes none"),
            # the home page's search entry no longer says what it shows
            ("search/search_index.json", "a search entry says '5.5%' with '5.5%'"),
        ),
        "FX612",
    ),
    Attack(
        "stated-in note rewritten",
        edit(R9, r"stated in <code>line", "stated in <code>the signed lab report, line"),
        "FX612",
    ),
    Attack(
        "consistency block counts more figures found",
        edit("verify/index.html", r"1 of 1 figure was found", "9 of 9 figures were found"),
        "FX612",
    ),
    Attack(
        "consistency block names a document a record lacks",
        edit(
            "verify/index.html",
            r'(<td data-label="Report document">)no report document',
            r"\g<1>4 of 4 found in <code>reports/R1.pdf</code>",
        ),
        "FX612",
    ),
    Attack(
        "evidence.json says a figure is stated where the build found none",
        told(
            figure(
                "R1#save_time_baseline",
                stated_in={"document": "reports/R1.pdf", "unit": "page", "numbers": [3]},
            ),
            (R1, "R1#save_time_baseline: the note beside its value says ''"),
            ("verify/index.html", "the evidence-consistency block shows '4 of 4 invariants"),
        ),
        "FX612",
    ),
    Attack(
        "consistency block counts more invariants",
        edit("verify/index.html", ">4 of 4 invariants hold<", ">5 of 5 invariants hold<"),
        "FX612",
    ),
    Attack(
        "consistency block row of a record without invariants",
        edit(
            "verify/index.html", r'(<td data-label="Invariants">)none declared', r"\g<1>1 of 1 hold"
        ),
        "FX612",
    ),
    # -- charts ------------------------------------------------------------------------------------
    # blind68: an estimate's bars drawn as a measurement's
    Attack(
        "an estimate's bar undashed", edit(BUBBLES, r"stroke-dasharray: [\d.,]+; ", ""), "FX612"
    ),
    Attack("an estimate's bar unmarked", edit(BUBBLES, r" fx-bar--modelled\"", '"'), "FX612"),
    Attack(
        "an estimate's caption label shrunk to nothing",
        edit(BUBBLES, r'(<tspan class="fx-bar-label")', r'\1 font-size="0"'),
        "FX612",
    ),
    Attack(
        "a data table's reference links to another figure",
        edit(
            BUBBLES,
            r'(<td><a href="\.\./evidence/R1/#)save_time_baseline(" tabindex="-1">)',
            r"\1nowhere\2",
        ),
        "FX612",
    ),
    Attack(
        "a bar's tooltip names another value",
        edit(BUBBLES, r"(<title>[^<·:]+): ([0-9][^<·]*) · estimate", r"\1: 1 s · estimate"),
        "FX612",
    ),
    Attack(
        "an estimate's bar tooltip said measured",
        edit(
            BUBBLES,
            r"<title>([^<·]+) · estimate · E1</title>",
            r"<title>\1 · measured · R1</title>",
        ),
        "FX612",
    ),
    Attack(
        "chart data value", edit(BUBBLES, r"(<tr><td>Baseline</td><td>)178", r"\g<1>179"), "FX403"
    ),
    Attack(
        "chart data label",
        edit(BUBBLES, r"(>R1#save_time_baseline</a></td><td>)measured", r"\1spec"),
        "FX612",
    ),
    Attack(
        "chart bar label",
        edit(
            BUBBLES,
            '>178\u00a0s<tspan class="fx-bar-label"',
            '>179\u00a0s<tspan class="fx-bar-label"',
        ),
        "FX612",
    ),
    Attack(
        "chart description", edit(BUBBLES, r"(<desc [^>]*>Baseline: )178", r"\g<1>179"), "FX612"
    ),
    Attack("chart bar length", edit(BUBBLES, BAR, r"\g<1>999.5"), "FX612"),
    Attack(
        "chart bar link",
        edit(
            BUBBLES,
            r'<a href="\.\./evidence/R1/#save_time_baseline">',
            '<a href="../evidence/R1/#save_time_fx100">',
        ),
        "FX612",
    ),
    # -- evidence.json and the exports ---------------------------------------------------------
    Attack(
        "published stated value",
        told(figure("R1#save_time_fx100", value="93"), ("evidence.json", "published value '93'")),
        "FX611",
    ),
    Attack(
        "published derived value",
        told(figure("R1#save_speedup", value="2.1"), ("evidence.json", "published value '2.1'")),
        "FX611",
    ),
    Attack(
        "published unit",
        told(figure("R1#save_time_fx100", unit="ms"), ("evidence.json", "published unit 'ms'")),
        "FX611",
    ),
    Attack(
        "published decimals",
        told(figure("R1#save_time_fx100", decimals=2), ("evidence.json", "published decimals 2 ")),
        "FX611",
    ),
    Attack(
        "published label",
        told(
            figure("R1#save_time_fx100", label="spec"), ("evidence.json", "published label 'spec'")
        ),
        "FX611",
    ),
    Attack(
        "published formula",
        told(
            figure("R1#save_speedup", formula="save_time_baseline / 90"),
            ("evidence.json", "published formula 'save_time_baseline / 90'"),
        ),
        "FX611",
    ),
    Attack(
        "published inputs",
        told(
            figure("R1#save_speedup", inputs=["R1#save_time_baseline"]),
            ("evidence.json", "published inputs ['R1#save_time_baseline']"),
        ),
        "FX611",
    ),
    Attack(
        "published display",
        told(
            figure("R1#save_time_fx100", display="93 s"),
            ("evidence.json", "published display '93 s'"),
        ),
        "FX611",
    ),
    Attack(
        "figure no record defines",
        told(
            evidence(
                lambda d: d["figures"].append(
                    {**d["figures"][0], "ref": "R1#ghost", "name": "ghost"}
                )
            ),
            ("evidence.json", "R1#ghost: no record defines this figure"),
        ),
        "FX611",
    ),
    Attack(
        "record value changed",
        record("R1", _set(("figures", "save_time_fx100", "value"), 93)),
        "FX611",
    ),
    Attack(
        "record stated no longer holds",
        record("R1", _set(("derived", "save_speedup", "stated"), 2.5)),
        "FX308",
    ),
    Attack(
        "record formula changed",
        record(
            "R1",
            _set(("derived", "save_speedup", "formula"), "save_time_fx100 / save_time_baseline"),
        ),
        "FX611",
    ),
    Attack("record label weakened", record("R1", _set(("label",), "estimate")), "FX612"),
    Attack("record retracted but cited", record("R1", _status("retracted")), "FX406"),
    Attack("record superseded but cited", record("R1", _status("superseded")), "FX407"),
    Attack(
        "record with reserved id",
        told(
            evidence(lambda d: d["records"].append({**d["records"][0], "id": "index"})),
            ("evidence.json", "id 'index' is reserved"),
        ),
        "FX311",
    ),
    Attack(
        "citation not on its page",
        told(
            evidence(
                lambda d: d["citations"].append(
                    {"ref": "E2#checkpoint_size", "page": "index.md", "url": ""}
                )
            ),
            (HOME, "lists a citation of E2#checkpoint_size not on the page"),
        ),
        "FX402",
    ),
    Attack(
        "listed page missing",
        told(
            evidence(lambda d: d["pages"].append({"src": "x.md", "url": "x/", "title": "x"})),
            ("evidence.json", "page 'x/' listed in evidence.json is not on the site"),
        ),
        "FX612",
    ),
    Attack("evidence.json schema", figure("R1#save_time_fx100", label="guess"), "FX205"),
    Attack(
        "evidence.csv row",
        edit(
            "evidence.csv",
            r"R1#save_time_fx100,R1,save_time_fx100,94",
            "R1#save_time_fx100,R1,save_time_fx100,93",
        ),
        "FX612",
    ),
    Attack("per-record json", edit("evidence/R1.json", r'"value": 94', '"value": 93'), "FX612"),
    Attack("record schema", edit("schemas/evidence.schema.json", r'"title"', '"Title"'), "FX612"),
    Attack(
        "sitemap.xml.gz",
        told(
            write_bytes("sitemap.xml.gz", gzip.compress(b"<urlset/>")),
            ("sitemap.xml.gz", "does not hold the same bytes as sitemap.xml"),
        ),
        "FX612",
    ),
    # Copies of cited figures (training bubbles cites counts of 20 saves and 500 steps,
    # 94 s, 5.5%): the copy must say what the claim says, nothing glued, no bound added.
    # Each is told by the bare figure it is read as (all in one page's head, together).
    *(
        Attack(
            f"copy: {text}",
            told(
                head(BUBBLES, f'<meta name="description" content="{text}">'),
                (BUBBLES, f"bare figure '{read}'"),
            ),
            "FX501",
        )
        for text, read in (
            ("FX100 costs $500 a unit", "$500"),  # a count of 500 as a price
            ("FX100 is 20% cheaper", "20%"),  # a count of 20 as a percent
            ("FX100 holds 20 TB", "20 TB"),  # ... with a unit after it
            ("FX100 holds 20TB", "20TB"),
            ("FX100 holds twenty TB", "twenty TB"),  # in words
            ("The FX100 saves in under 94 s", "under 94 s"),  # a bound the claim does not state
            ("FX100 saves 94 s per GB", "94 s per GB"),
            ("FX100 saves 94 s/GB", "94 s/GB"),
            ("Bubble share -5.5%", "-5.5%"),  # a sign the claim does not show
        )
    ),
    Attack(
        "copy: another page's heading claim in a description",
        head("verify/index.html", '<meta name="description" content="FX100 saves 1.9× faster">'),
        "FX501",
    ),
    Attack(
        "copy: another record's value on a record page",
        paragraph("evidence/R9/index.html", "<p>The FX100 saves in 94 s.</p>"),
        "FX501",
    ),
]


#: Changes that look like the attacks but show no bare figure: each must audit clean.
NEAR_MISSES = [
    (
        "shadow root in the head",
        head(HOME, "<template shadowrootmode=open><p>12x faster</p></template>"),
    ),
    ("srcdoc of plain words", in_article(srcdoc("<p>Plain words.</p>", 4))),
    ("srcdoc with an anchor", in_article(srcdoc('<p id="x">Plain words.</p>', 1))),
    (
        "image png data url",
        in_article('<img alt="" src="data:image/png;base64,NXggZmFzdGVy">'),
    ),
    ("image plain-text data url", in_article('<img alt="" src="data:,5x%20faster">')),
    ("link to a data url", in_article('<a href="data:text/html,5x%20faster">open</a>')),
    ("hidden input value", in_article('<input type="hidden" name="p" value="5x faster">')),
    ("password input value", in_article('<input type="password" value="12x faster">')),
    ("checkbox value", in_article('<input type="checkbox" value="5x">')),
    ("radio value", in_article('<input type="radio" value="$499">')),
    ("range value", in_article('<input type="range" min="0" max="9" value="5">')),
    ("color value", in_article('<input type="color" value="#00ff5x">')),
    ("list item value", in_article('<ol><li value="5">first</li></ol>')),
    (
        "a caption's label a shade lighter",
        edit(BUBBLES, r'(<tspan class="fx-bar-label" fill-opacity=")0\.72', r"\g<1>0.5"),
    ),
    (
        "provenance indented",
        edit(R9, r'(<section class="fx-provenance[^>]*>)', "\\1\n    "),
    ),
    (
        "setup row heading renamed",
        edit(R1, r'(<tr id="fx-setup-gpus"><th scope="row">)GPUs', r"\1Accelerators"),
    ),
    (
        "setup rows reordered",
        edit(R1, r'(<tr id="fx-setup-baseline"[^>]*>.*?</tr>)(.*?)(</tbody>)', r"\2\1\3"),
    ),
    (
        "library citation count",
        edit(LIBRARY, r'(<td data-label="Cited on pages"><span class="fx-count">)\d+', r"\g<1>0"),
    ),
    ("public key", write("fxsite-key.pub", PEM)),
    ("plain text file", write("notes.text", "Plain words, MkDocs 1.6.\n")),
    ("rss of plain words", write("feed.rss", "<rss><channel><title>News</title></channel></rss>")),
    ("png holding text", write_bytes("img/x.png", b"\x89PNG\r\n\x1a\n\0\0 5x faster")),
    ("binary with a NUL", write_bytes("data/x.bin", b"5x faster\0\1\2")),
    ("script file", write("assets/x.js", "// 5x faster\n")),
    ("stylesheet", write("assets/x.css", "/* 5x faster */\n")),
    ("source map", write("assets/x.js.map", '{"names": ["5x faster"]}')),
    ("folder link inside the site", link("alias", "evidence")),
    ("folder link to the site itself", link("self", ".")),
    ("file link inside the site", link("icon.png", "assets/images/favicon.png")),
    (  # only a label's words are held to the page: other words are read as prose
        "search entry words of no label",
        search_entry("evidence/E1/", "text", "Model ID", "Model name"),
    ),
    (
        "search entry location",
        search_index(lambda d: d["docs"][1].update(location=d["docs"][1]["location"] + "#5x")),
    ),
]


@pytest.fixture
def site(demo_site: Path, tmp_path: Path) -> Path:
    return Path(shutil.copytree(demo_site, tmp_path / "site", symlinks=True))


def test_untouched_site_audits_clean(demo_site: Path) -> None:
    assert verify_site(demo_site) == []
    proc = fxsite_here("audit", str(demo_site), cwd=demo_site.parent)
    # built unsigned here: the one warning says that nothing anchors it
    assert proc.returncode == 0 and [line.split()[1] for line in proc.stdout.splitlines()] == [
        "FX820"
    ], proc.stdout


@pytest.mark.parametrize(
    "text",
    [
        "FX100 saves a checkpoint in 94 s",  # the claim as it is
        "FX100 saves a checkpoint in about 94 s",  # a loose word the claim grammar allows
        "Bubble share 9.9% → 5.5%",  # two claims and a separator
        "20 saves per run",  # a count with its noun
    ],
)
def test_faithful_copies_pass(text: str, site: Path) -> None:
    """Near misses of the copy attacks: what the page cites, said as it says it."""
    head(BUBBLES, f'<meta name="description" content="{text}">')(site)
    assert verify_site(site) == []


def test_at_least_sixty_attacks() -> None:
    assert len(ATTACKS) >= 60
    assert len({a.name for a in ATTACKS}) == len(ATTACKS)


def test_near_misses_together_audit_clean(demo_site: Path, tmp_path: Path) -> None:
    """Every near miss in one copy of the site (each change asserts it applied): no finding."""
    site = Path(shutil.copytree(demo_site, tmp_path / "site", symlinks=True))
    for _, change in NEAR_MISSES:
        change(site)
    assert verify_site(site) == []


def test_audit_cli_reports_json(site: Path) -> None:
    ATTACKS[0].tamper(site)
    proc = fxsite_here("audit", "--format", "json", str(site), cwd=site.parent)
    assert proc.returncode == 1 and "Traceback" not in proc.stderr
    findings = json.loads(proc.stdout)
    assert ("index.html", "FX403") in [(f["path"], f["code"]) for f in findings]
    assert all({"path", "line", "col", "code", "message"} <= set(f) for f in findings)


def test_not_a_built_site_is_a_usage_error(tmp_path: Path) -> None:
    proc = fxsite_here("audit", str(tmp_path), cwd=tmp_path)
    assert proc.returncode == 2
    assert "no evidence.json" in proc.stderr and "Traceback" not in proc.stderr


def _batch(attacks: list[Attack]) -> list[tuple[Attack, ...]]:
    """``attacks`` in groups whose members change different files, each judged where it
    stands; an attack that may be made anywhere (:func:`in_article`, :func:`cited`,
    :func:`on_any_article`) goes to the first page its group leaves free. The told attacks
    (:func:`told`) are one group. Any other attack whose files are not known, or are read
    by others, is a group of its own. Fixed attacks are placed first, so that movable ones
    fill in."""
    groups: list[tuple[set[str], list[Attack]]] = []
    told_group: list[Attack] = []
    movable = [a for a in attacks if isinstance(a.tamper, Tamper) and a.tamper.anywhere]
    fixed = [a for a in attacks if not (isinstance(a.tamper, Tamper) and a.tamper.anywhere)]
    for attack in fixed + movable:
        tamper = attack.tamper
        if attack.told:
            if not told_group:
                groups.append((set(), told_group))
            told_group.append(attack)
            continue
        if attack.paths is None or not isinstance(tamper, Tamper):
            groups.append((set(), [attack]))
            continue
        options = [tamper] + [tamper.moved(rel) for rel in tamper.anywhere if tamper.moved]
        placed = next(
            (
                (used, members, option)
                for used, members in groups
                if members[0].paths is not None
                for option in options
                if not option.paths & used
            ),
            None,
        )
        if placed is None:
            groups.append((set(tamper.paths), [attack]))
        else:
            used, members, option = placed
            used |= option.paths
            members.append(replace(attack, tamper=option))
    return [tuple(members) for _, members in groups]


BATCHES = _batch(ATTACKS)


def test_every_attack_is_in_one_batch_and_batches_share_no_file() -> None:
    """Every attack is in one batch; those of a batch change different files, but for the
    told attacks, told apart by their findings (each finding told by exactly one)."""
    assert sorted(a.name for batch in BATCHES for a in batch) == sorted(a.name for a in ATTACKS)
    assert all(bool(a.told) == bool(batch[0].told) for batch in BATCHES for a in batch)
    for batch in BATCHES:
        if batch[0].told:
            continue
        paths = [p for a in batch for p in a.paths or ()]
        assert len(batch) == 1 or len(paths) == len(set(paths)), [a.name for a in batch]
    assert len(BATCHES) < len(ATTACKS) / 2  # batching is what makes the table fast


def _within(path: str, paths: frozenset[str]) -> bool:
    return any(path == p or path.startswith(p + "/") for p in paths)


def _caught(attack: Attack, fresh: list[Finding]) -> bool:
    """``attack``'s code is found in the files it changed (anywhere, for one audited
    alone); a told attack's at each place it is told at, quoting its text there."""
    if attack.told:
        return all(
            any(f.code == attack.code and f.path == path and text in f.message for f in fresh)
            for path, text in attack.told
        )
    where = attack.paths
    return attack.code in {f.code for f in fresh if where is None or _within(f.path, where)}


def _told_by(finding: Finding, batch: tuple[Attack, ...]) -> list[str]:
    """The told attacks of ``batch`` a finding is placed and worded as."""
    return [
        a.name
        for a in batch
        if any(finding.path == path and text in finding.message for path, text in a.told)
    ]


@pytest.fixture(scope="module")
def shared_memo() -> GateMemo:
    """One memo for every batch, as ``mkdocs serve`` keeps one between rebuilds.

    Scoped to the file, which makes the file one xdist group (tests/conftest.py): every
    batch runs on one worker against this one memo, and the scans of the untouched demo
    (and the audit's other first-use work) are made once, not once on every worker.
    """
    return GateMemo()


@pytest.mark.parametrize(
    "batch", BATCHES, ids=[f"{i:02d}-{b[0].name}+{len(b) - 1}" for i, b in enumerate(BATCHES)]
)
def test_attacks_are_caught_where_made_and_the_memo_and_export_hide_nothing(
    batch: tuple[Attack, ...], site: Path, demo_site: Path, shared_memo: GateMemo
) -> None:
    """A fresh audit catches every attack of the batch in the files it changed (an attack
    audited alone, anywhere; a told one where it is told), and reports nothing in any other
    file (in the told batch: nothing no attack is told by); the gate as the build
    runs it (scans kept between builds by content, the evidence.json just exported passed
    in) finds exactly what the fresh audit finds."""
    exported = (demo_site / "evidence.json").read_text(encoding="utf-8")
    assert verify_site(site, memo=shared_memo, exported=exported) == []  # scans kept
    for attack in batch:
        attack.tamper(site)
    fresh = verify_site(site)
    for attack in batch:
        assert _caught(attack, fresh), (attack.name, sorted({(f.path, f.code) for f in fresh}))
    if batch[0].told:  # each finding of the told batch is told by one of them, and one only
        assert [(f, told) for f in fresh if len(told := _told_by(f, batch)) != 1] == []
    elif len(batch) > 1:
        changed = frozenset(p for a in batch for p in a.paths or ())
        # A page edited makes its search entry's label words ones it does not show: the
        # index is then told too, rightly (the attack is caught on the page as well).
        follows = [
            f
            for f in fresh
            if f.path == "search/search_index.json" and "which its page does not show" in f.message
        ]
        assert [f for f in fresh if not _within(f.path, changed) and f not in follows] == []
    assert verify_site(site, memo=shared_memo, exported=exported) == fresh
    assert verify_site(site, memo=shared_memo, exported=exported) == fresh  # from the memo


def test_memo_forgets_what_a_build_did_not_read(site: Path) -> None:
    memo = GateMemo()
    verify_site(site, memo=memo)
    kept = len(memo.files)
    (site / "index.html").write_text(
        (site / "index.html").read_text(encoding="utf-8") + "<!-- edited -->", encoding="utf-8"
    )
    verify_site(site, memo=memo)
    assert len(memo.files) == kept  # the old scan of index.html was dropped
    # Judged pages are kept for the scans still held, and no others.
    held = {id(scan) for scan in memo.files.values()}
    assert memo.judged and {scan for scan, _ in memo.judged} <= held


def test_memo_judges_again_what_read_changed_evidence(site: Path) -> None:
    """A page is judged again when a record it reads changes, or, for a page that reads
    the whole evidence (the Evidence Library), when any of it changes."""
    memo = GateMemo()
    verify_site(site, memo=memo)
    first = dict(memo.judged)
    path = site / "evidence.json"
    data = loads(path.read_text(encoding="utf-8"))  # numbers as written: 6.40 stays 6.40
    edited = data["records"][0]
    edited["title"] += " (edited)"
    path.write_text(dumps(data), encoding="utf-8")
    verify_site(site, memo=memo)  # the same scans, other evidence
    again = {k for k, v in memo.judged.items() if first.get(k) is not v}
    kept = set(memo.judged) - again
    reads = {scan: read for scan, read in memo.judged}

    def reads_edited(scan: int) -> bool:
        read = reads[scan]
        return isinstance(read, bytes) or edited["id"] in {name for name, _ in read}

    assert again and kept, "some pages judged again, others kept"
    # A record page reads its own record (its rows, badges and setup table), not all.
    assert any(not isinstance(read, bytes) and read for _, read in kept)
    assert all(reads_edited(scan) for scan, _ in again)
    assert not any(reads_edited(scan) for scan, _ in kept)


def test_single_build_keeps_no_scans(site: Path) -> None:
    memo = GateMemo(keep=False)
    assert verify_site(site, memo=memo) == []
    assert memo.files == {}


def test_a_figure_only_in_the_search_index_says_so(site: Path) -> None:
    """Placed in the index, at the figure's column, the finding names the page whose entry
    holds it (blind13: an auditor was pointed at an untouched index.html; blind81: at
    ``t/index.html:1:1``, a page that shows no such text); a figure the page itself shows
    keeps the page's words (one finding, not two)."""
    search_index(lambda d: d["docs"][0].update(text=d["docs"][0]["text"] + " Now 3 times faster."))(
        site
    )
    search_index(lambda d: d.update(banner="Now 8x faster"))(site)
    found = {f.text: f for f in verify_site(site) if f.code == "FX501"}
    assert set(found) == {"3 times", "8x"}, found
    index = (site / "search" / "search_index.json").read_text(encoding="utf-8")
    for text, f in found.items():
        assert f.path == "search/search_index.json", f
        line = index.split("\n")[f.line - 1]
        assert line[f.col - 1 :].startswith(text), (f, line[f.col - 20 : f.col + 20])
    entry, banner = found["3 times"].message, found["8x"].message
    assert "in the entry for the home page, which its page does not show" in entry
    assert "in no page's entry" in banner  # the index's own key, not the home page's entry


@pytest.mark.parametrize(
    ("rel", "html", "figure"),
    [
        (HOME, "<p>Save time fell to 50 s on NFS.</p>", "50 s"),
        (BUBBLES, '<p title="Saves 7x faster">Words.</p>', "7x"),
        (
            R1,
            "<table><tr><td>Lorem ipsum dolor sit amet, 3.5 GB/s here.</td></tr></table>",
            "3.5 GB/s",
        ),
    ],
    ids=["prose", "an attribute", "a table cell"],
)
def test_a_published_figure_is_named_at_its_column(
    site: Path, rel: str, html: str, figure: str
) -> None:
    """blind82: a page's findings were told at column 1 of lines thousands of characters
    long (a table cell's figure at column 3,789): each is told where its text starts."""
    paragraph(rel, html)(site)
    found = [f for f in verify_site(site) if f.code == "FX501" and f.path == rel]
    assert [f.text for f in found] == [figure], found
    line = (site / rel).read_text(encoding="utf-8").split("\n")[found[0].line - 1]
    assert found[0].col > 1 and line[found[0].col - 1 :].startswith(figure), (found, line[:200])


def test_a_search_entry_may_not_pass_a_figure_off_as_a_charts_tick(site: Path) -> None:
    """blind82: "Save time fell to 50 s." added to the search entry of a page whose chart
    has a tick "50" passed the audit: an entry's figure was let through when its number was
    one of its page's ticks. An entry is no chart: the page's own boxes, a chart's among
    them, are skipped as shown; a number of its own is judged as any other text's."""
    page = "checkpoint-acceleration/"
    assert re.search(r"<text[^>]*>50</text>", (site / page / "index.html").read_text("utf-8"))

    def tamper(index: dict[str, Any]) -> None:
        entry = next(d for d in index["docs"] if d["location"] == page)
        entry["tags"] = ["Save time fell to 50 s."]

    search_index(tamper)(site)
    found = [f for f in verify_site(site) if f.code == "FX501"]
    assert [(f.path, f.text) for f in found] == [(INDEX, "50 s")], found
    assert f"in the entry for {page}" in found[0].message


@pytest.mark.parametrize("name", ["fxsite.css", "fxsite.js"])
def test_fxsites_own_asset_edited_is_told_first(site: Path, name: str) -> None:
    """blind82: a comment added to fxsite.css gave some 80 findings, fxsite's own rules
    judged as the site's, and none said the stylesheet was edited: one finding says so,
    at its first changed line (the rules are still judged: an edit may hide or draw)."""
    asset = site / "assets" / "fxsite" / name
    lines = asset.read_text(encoding="utf-8").split("\n")
    asset.write_text("\n".join([*lines, "/* harmless comment */"]), encoding="utf-8")
    rel = f"assets/fxsite/{name}"
    told = [f for f in verify_site(site) if f.path == rel and "differs from the one" in f.message]
    assert [(f.code, f.line) for f in told] == [("FX612", len(lines) + 1)], told


def test_a_figure_only_in_the_search_index_is_placed_where_it_is_written() -> None:
    """Its column as written, or as JSON escapes it; not found, the first line and column."""
    from fxsite.verify.site_facts import place_in_file

    index = '{"docs": [{"text": "a 13 s b"},\n {"text": "now 3\\u00a0s, 3\\u00d7 faster"}]}'
    assert place_in_file(index, "3\u00a0s") == (2, 16)
    assert place_in_file(index, "3\u00d7") == (2, 26)
    assert place_in_file(index, "13 s") == (1, 23)
    assert place_in_file(index, "8 s") == (1, 1)  # not in the file
    # blind82: a figure written with a character reference, not a chart's tick of its digits
    page = "<html><body>\n<svg><text>50</text></svg>\n<p>Saves in 5&#48; s</p>\n</body>"
    assert place_in_file(page, "50 s")[0] == 3


def test_the_manifest_names_files_and_its_names_are_no_text() -> None:
    """blind79: a page ``3x-faster.md`` or an image ``logo-2x.png`` built and published, and
    the audit alone refused the site, at the manifest, whose map names every file: a
    file's name is no text a page shows. Its other strings, and any other JSON file's
    keys, are read."""
    from fxsite.verify.scan import scan_file

    files = {"3x-faster/index.html": {"sha256": "0" * 64, "size": 1}, "img/logo-2x.png": {}}
    manifest = json.dumps({"files": files, "note": "Saves 9x faster"})
    assert [c.shown for c in scan_file("fxsite-manifest.json", manifest).candidates] == ["9x"]
    other = json.dumps({"files": files})
    assert sorted(c.shown for c in scan_file("data.json", other).candidates) == ["-2x", "3x"]
