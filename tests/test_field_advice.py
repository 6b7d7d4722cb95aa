"""Every fix a bare-figure message names, followed in its own field, makes that field pass.

For each field kind (page prose, an FAQ answer, an ``evidence-table`` cell, a
table's caption, a chart's title, a headline card's context, a page's title
and description, an FAQ question, a record's notes, setup value and title,
a string of ``mkdocs.yml``), a bare figure is checked as ``fxsite check``
checks it (:meth:`fxsite.project.Project.check`, in-process, on a small
project); each fix its message names is applied to the input as the message
says (a claim written where it says, a cell written as the reference it
names, the figure taken out where it says so) and the project is checked
again: it must pass. A claim is named only when exactly one figure fits the
value, unit and the field's own words; where several fit, or none does, the
message lists each candidate, and each is followed. Each kind has a near
miss: the field as the fix leaves it passes as written.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from fxsite.authoring.init import starter_files
from fxsite.evidence.library import load_library
from fxsite.findings import Finding
from fxsite.project import Project
from fxsite.project_paths import ProjectPaths

R5 = """\
id: R5
title: Cluster network and model loading
label: spec
status: active
figures:
  load_old: {value: 88, unit: s, what: "Model loading time, previous release"}
  load_new: {value: 5, unit: s, what: "Model loading time, this release"}
  net: {value: 1, unit: GiB/s, what: "Network bandwidth per node"}
derived:
  load_speedup: {formula: load_old / load_new, unit: "×", decimals: 1, what: "Model loading speed-up"}
"""
R6 = """\
id: R6
title: Another loading test
label: spec
status: active
figures:
  load_new: {value: 5, unit: s, what: "Model loading time on another cluster"}
"""
#: A record whose own words hold the field's text: none of its values is the figure.
R7 = """\
id: R7
title: {title}
label: spec
status: active
setup:
  cluster: {setup}
figures:
  depth: {{value: 32, unit: count, what: "Queue depth"}}
notes: {notes}
"""
CONFIG = "site_name: Loading notes\nsite_description: {text}\nplugins: [search, fxsite]\n"
PAGE = "{front}# Loading\n\n{body}\n"

Files = dict[str, str]


def _files(
    *,
    body: str = "Text.",
    front: str = "",
    setup: str = "eight nodes",
    notes: str = "Run by the vendor.",
    title: str = "Queue test",
    config: str = "Loading notes",
) -> Files:
    return {
        "evidence/S1.yaml": starter_files("x")["evidence/S1.yaml"],
        "evidence/R5.yaml": R5,
        "evidence/R6.yaml": R6,
        "evidence/R7.yaml": R7.format(title=_yaml(title), setup=_yaml(setup), notes=_yaml(notes)),
        "mkdocs.yml": CONFIG.format(text=_yaml(config)),
        "docs/index.md": PAGE.format(front=f"---\n{front}---\n\n" if front else "", body=body),
    }


def _yaml(text: str) -> str:
    """A one-line YAML string."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _check(files: Files, tmp_path: Path) -> list[Finding]:
    root = tmp_path / f"p{len(list(tmp_path.iterdir()))}"
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    project = Project(ProjectPaths(root, root / "docs", root / "evidence"))
    return [f for f in project.check() if f.severity == "error"]


# -- the fields: each makes a project with its text, and applies each kind of fix ------------------

Claim = tuple[str, str]  # (link text, ref)


@dataclass(frozen=True)
class Field:
    """A field kind: its input holding ``text``, and how each fix is applied to it."""

    name: str
    make: Callable[[str], Files]
    #: the field's text with a claim written in place of the bare figure
    cite: Callable[[str, str, Claim], Files] | None = None
    #: a reference (``R1#figure``) written where the message says
    refer: Callable[[str, str, str], Files] | None = None
    #: the claim the message names written where it says (the figure taken out or kept)
    move: Callable[[str, str, Claim], Files] | None = None


def _link(claim: Claim) -> str:
    return f"[{claim[0]}](evidence:{claim[1]})"


def _table(caption: str, cell: str, extra: str = "") -> str:
    rows = f'  - [Run, "{cell}"]\n' if cell else "  - [Run, R5#load_old]\n"
    return (
        f"```evidence-table\ncaption: {_yaml(caption)}\nheader: [Run, Value]\nrows:\n"
        f"{rows}{extra}```"
    )


def _chart(title: str, extra: str = "", label: str = "Previous", callout: str = "") -> str:
    told = f"callout: {{ref: R5#load_old, text: {_yaml(callout)}}}\n" if callout else ""
    return (
        f"```evidence-chart\ntitle: {_yaml(title)}\n{told}bars:\n"
        f"  - {{label: {_yaml(label)}, ref: R5#load_old}}\n{extra}```"
    )


def _stats(context: str, extra: str = "") -> str:
    return f"```evidence-stats\n[88 s](evidence:R5#load_old) | {context}\n{extra}```"


def _faq(q: str, a: str) -> str:
    return f"faq:\n  - q: {_yaml(q)}\n    a: {_yaml(a)}\n"


FIELDS = [
    Field(
        "page prose",
        lambda t: _files(body=t),
        cite=lambda t, s, c: _files(body=t.replace(s, _link(c), 1)),
    ),
    Field(
        "a heading",
        lambda t: _files(body=f"## {t}\n\nText."),
        cite=lambda t, s, c: _files(body=f"## {t.replace(s, _link(c), 1)}\n\nText."),
    ),
    Field(
        "an image's alt text",
        lambda t: _files(body=f"![{t}](a.png)"),
        # The alt text repeats the figure the page then cites.
        move=lambda t, s, c: _files(body=f"![{t.replace(s, c[0])}](a.png)\n\nSee {_link(c)}."),
    ),
    Field(
        "an FAQ answer",
        lambda t: _files(front=_faq("How fast?", t)),
        cite=lambda t, s, c: _files(front=_faq("How fast?", t.replace(s, _link(c), 1))),
    ),
    Field(
        "an FAQ answer's code",
        lambda t: _files(front=_faq("How fast?", f"Run `bench {t}`.")),
        move=lambda t, s, c: _files(
            front=_faq("How fast?", f"Run `bench {t.replace(s, '')}`, {_link(c)}.")
        ),
    ),
    Field(
        "a table cell",
        lambda t: _files(body=_table("Loading", t)),
        refer=lambda t, s, r: _files(body=_table("Loading", r)),
    ),
    Field(
        "a table's caption",
        lambda t: _files(body=_table(t, "")),
        refer=lambda t, s, r: _files(body=_table(t.replace(s, ""), "", f"  - [This, {r}]\n")),
        move=lambda t, s, c: _files(body=_table(t.replace(s, ""), "") + f"\n\nSee {_link(c)}."),
    ),
    Field(
        "a chart's title",
        lambda t: _files(body=_chart(t)),
        refer=lambda t, s, r: _files(
            body=_chart(t.replace(s, ""), f"  - {{label: This, ref: {r}}}\n")
        ),
        move=lambda t, s, c: _files(body=_chart(t.replace(s, "")) + f"\n\nSee {_link(c)}."),
    ),
    Field(
        "a bar's label",
        lambda t: _files(body=_chart("Loading", label=t)),
        refer=lambda t, s, r: _files(
            body=_chart("Loading", f"  - {{label: This, ref: {r}}}\n", label=t.replace(s, ""))
        ),
        move=lambda t, s, c: _files(
            body=_chart("Loading", label=t.replace(s, "")) + f"\n\nSee {_link(c)}."
        ),
    ),
    Field(
        "a chart's callout",
        lambda t: _files(body=_chart("Loading", callout=t)),
        refer=lambda t, s, r: _files(
            body=_chart("Loading", f"  - {{label: This, ref: {r}}}\n", callout=t.replace(s, ""))
        ),
        move=lambda t, s, c: _files(
            body=_chart("Loading", callout=t.replace(s, "")) + f"\n\nSee {_link(c)}."
        ),
    ),
    Field(
        "a card's context",
        lambda t: _files(body=_stats(t)),
        move=lambda t, s, c: _files(body=_stats(t.replace(s, ""), f"{_link(c)} | this\n")),
    ),
    Field(
        "a page's title",
        lambda t: _files(front=f"title: {_yaml(t)}\n"),
        # The title repeats the figure the page then cites.
        move=lambda t, s, c: _files(
            front=f"title: {_yaml(t.replace(s, c[0]))}\n", body=f"See {_link(c)}."
        ),
    ),
    Field(
        "a page's description",
        lambda t: _files(front=f"description: {_yaml(t)}\n"),
        # The description repeats the figure the page then cites.
        move=lambda t, s, c: _files(
            front=f"description: {_yaml(t.replace(s, c[0]))}\n", body=f"See {_link(c)}."
        ),
    ),
    Field(
        "an FAQ question",
        lambda t: _files(front=_faq(t, "Yes.")),
        move=lambda t, s, c: _files(front=_faq(t.replace(s, ""), f"Yes, {_link(c)}.")),
    ),
    Field(
        "a record's notes",
        lambda t: _files(notes=t),
        cite=lambda t, s, c: _files(notes=t.replace(s, _link(c), 1)),
    ),
    Field(
        "a record's setup value",
        lambda t: _files(setup=t),
        move=lambda t, s, c: _files(setup=t.replace(s, ""), notes=f"See {_link(c)}."),
    ),
    Field(
        "a record's title",
        lambda t: _files(title=t),
        move=lambda t, s, c: _files(title=t.replace(s, ""), notes=f"See {_link(c)}."),
    ),
    Field(
        "a string of mkdocs.yml",
        lambda t: _files(config=t),
        move=lambda t, s, c: _files(config=t.replace(s, ""), body=f"See {_link(c)}."),
    ),
]


# (the field's text, its bare figure, the figures the message names: one when it names a
# claim to write, several or none when it lists candidates)
CASES = [
    # one figure fits the value, the unit and the words
    ("Each node's network bandwidth is 1 GiB/s", "1 GiB/s", "one", ["R5#net"]),
    # two figures fit: both listed, none named
    ("Model loading takes 5 s", "5 s", "several", ["R5#load_new", "R6#load_new"]),
    # figures state the value, but no figure's words fit (they share only words that tell
    # none apart): listed
    ("Loading took 5 s", "5 s", "listed", ["R5#load_new", "R6#load_new"]),
    # figures state the value, but share no word at all with the field's: named, no claim
    # offered (blind72: this row was "listed", each offered as a claim)
    ("It took 5 s", "5 s", "unrelated", ["R5#load_new", "R6#load_new"]),
    # stated only at another precision: the claims that pass are named
    ("The loading speed-up is 17x", "17x", "listed", ["R5#load_speedup"]),
    # no figure states it: no figure named
    ("Model loading took 25 minutes", "25 minutes", "none", []),
]
_REF = re.compile(r"\b([A-Z][A-Za-z0-9_]*#[a-z][a-z0-9_.]*)")
_CLAIM = re.compile(r"\[([^\]\n]*)\]\(evidence:([A-Za-z][A-Za-z0-9_]*#[a-z][a-z0-9_.]*)\)")


@pytest.mark.parametrize("field", FIELDS, ids=[f.name for f in FIELDS])
@pytest.mark.parametrize(
    ("text", "shown", "fit", "refs"), CASES, ids=[c[2] + "-" + c[1] for c in CASES]
)
def test_every_fix_a_message_names_passes_in_its_field(
    field: Field, text: str, shown: str, fit: str, refs: list[str], tmp_path: Path
) -> None:
    findings = _check(field.make(text), tmp_path)
    assert [f.code for f in findings] == ["FX501"] and findings[0].text == shown, findings
    message = findings[0].message
    named = [r for r in dict.fromkeys(_REF.findall(message)) if r != "ID#figure"]
    assert sorted(named) == sorted(refs), message
    claims = [(t, r) for t, r in dict.fromkeys(_CLAIM.findall(message)) if r != "ID#figure"]
    # A reference the message names outside a claim is written as a reference (a cell, a row).
    refers = [r for r in dict.fromkeys(_REF.findall(_CLAIM.sub("", message))) if r != "ID#figure"]
    assert ("did you mean" in message) == (fit == "one" and field.cite is not None), message
    fixes: list[Files] = []
    for ref in refers if field.refer else []:
        fixes.append(field.refer(text, shown, ref))  # type: ignore[misc]
    for claim in claims:
        if field.cite:
            fixes.append(field.cite(text, shown, claim))
        if field.move:
            fixes.append(field.move(text, shown, claim))
    # Unrelated, a figure is offered where the field's own words share one with it (a cell
    # or a bar under "Loading"), else only named.
    if fit != "none" and not (fit == "unrelated" and not fixes):
        assert fixes, message  # each candidate is named in a form the field can take
    else:
        assert "remove it" in message or "take it out" in message, message
        # Taken out, the field passes (the near miss: the field as every fix leaves it).
        fixes.append(field.make(text.replace(shown, "")))
    for fixed in fixes:
        assert _check(fixed, tmp_path) == [], (message, fixed)


@pytest.mark.parametrize("field", FIELDS, ids=[f.name for f in FIELDS])
@pytest.mark.parametrize("text", ["Loading on 8-GPU nodes, Qwen-7B", "Model loading, release 2"])
def test_names_and_counts_pass_in_every_field(field: Field, text: str, tmp_path: Path) -> None:
    """The near miss of each field: words and names that are no figure pass as written."""
    assert _check(field.make(text), tmp_path) == []


#: The fields of a page, which ``fxsite fix`` rewrites.
PAGE_FIELDS = [f for f in FIELDS if "record" not in f.name and "mkdocs" not in f.name]


@pytest.mark.parametrize("field", PAGE_FIELDS, ids=[f.name for f in PAGE_FIELDS])
def test_fix_writes_only_what_the_message_offers_in_place(field: Field, tmp_path: Path) -> None:
    """``fxsite fix`` writes a claim where the message offers it in place, else gives its advice."""
    from fxsite.authoring.fix import fix_page

    files = field.make(CASES[0][0])
    findings = _check(files, tmp_path)
    root = tmp_path / "p0"
    result = fix_page(
        files["docs/index.md"], "docs/index.md", load_library(root / "evidence", root)
    )
    if field.cite is not None:  # prose: the claim the message names, in place
        assert [c.after for c in result.changes] == ["[1 GiB/s](evidence:R5#net)"]
        assert _check({**files, "docs/index.md": result.text}, tmp_path) == []
    else:  # a field that takes no claim: nothing written, the message's advice the reason
        assert not result.changed
        told = findings[0].message.removeprefix("bare figure '1 GiB/s' ")
        assert [u.reason for u in result.unfixed] == [told]


@pytest.mark.parametrize(
    ("setup", "notes", "placed"),
    [
        # the same figure in two fields: each reported at its own, with its field's advice
        (
            "1 GiB/s per node",
            "Each node's network bandwidth is 1 GiB/s.",
            [(6, "in the record's setup value"), (9, "did you mean")],
        ),
        # twice in one field: two faults, both there
        (
            "1 GiB/s, then 1 GiB/s",
            "Run by the vendor.",
            [(6, "in the record's setup value"), (6, "in the record's setup value")],
        ),
        # near miss: once, in the notes only
        ("eight nodes", "Each node's network bandwidth is 1 GiB/s.", [(9, "did you mean")]),
    ],
)
def test_a_record_figure_is_reported_at_each_field_that_shows_it(
    setup: str, notes: str, placed: list[tuple[int, str]], tmp_path: Path
) -> None:
    findings = _check(_files(setup=setup, notes=notes), tmp_path)
    assert [f.line for f in findings] == [line for line, _ in placed], findings
    for finding, (_, says) in zip(findings, placed, strict=True):
        assert says in finding.message, finding.message


_CELL_PAGE = (
    "# Loading\n\n```evidence-table\ncaption: Per node\nheader: [Run, Value]\nrows:\n{rows}```\n"
)


@pytest.mark.parametrize(
    ("rows", "written"),
    [
        ("  - [Network bandwidth, 1 GiB/s]\n", "  - [Network bandwidth, R5#net]\n"),
        ("  - [Network bandwidth, 1 GiB/s]  # peak\n", "  - [Network bandwidth, R5#net]  # peak\n"),
        ("  - - Network bandwidth\n    - 1 GiB/s\n", "  - - Network bandwidth\n    - R5#net\n"),
        # near misses: the cell is more than the figure, or quoted, or several figures fit
        ('  - [Network bandwidth, "1 GiB/s"]\n', None),
        ("  - [Network bandwidth, 1 GiB/s per node]\n", None),
        ("  - [Network bandwidth, a - 1 GiB/s]\n", None),
        ("  - - Network bandwidth\n    - a - 1 GiB/s\n", None),
        ("  - [Model loading, 5 s]\n", None),
    ],
)
def test_fix_writes_a_cell_as_the_reference_its_message_names(
    rows: str, written: str | None, tmp_path: Path
) -> None:
    """A cell that is the figure alone becomes the reference; any other is left with the advice."""
    from fxsite.authoring.fix import fix_page

    page = _CELL_PAGE.format(rows=rows)
    files = _files() | {"docs/index.md": page}
    findings = _check(files, tmp_path)
    assert [f.code for f in findings] == ["FX501"], findings
    root = tmp_path / "p0"
    result = fix_page(page, "docs/index.md", load_library(root / "evidence", root))
    if written is None:
        assert not result.changed
        assert [u.reason in findings[0].message for u in result.unfixed] == [True], result
    else:
        assert result.text == _CELL_PAGE.format(rows=written)
        assert _check({**files, "docs/index.md": result.text}, tmp_path) == []


_UNIT_PAGE = "# Loading\n\n```evidence-table\ncaption: {caption}\nheader: [{head}]\nrows:\n  - [{row}]\n```\n"


@pytest.mark.parametrize(
    ("caption", "head", "row", "refs"),
    [
        # a bare number under a header stating the unit: a figure, told the reference to write
        ("Loading", "Run, Model loading time (s)", "Previous release, 88", ["R5#load_old"]),
        # "this release" is R5#load_new's alone ("model" and "loading" are most figures')
        ("Loading", "Run, Model loading time (s)", "This release, 5", ["R5#load_new"]),
        # the unit stated by the row's label, or by the caption
        ("Loading", "Run, Previous release", "Model loading time (s), 88", ["R5#load_old"]),
        ("Previous release loading time (s)", "Run, Old", "Load, 88", ["R5#load_old"]),
        # near misses: no unit stated; a row label under one; a named column under the caption's
        ("Loading", "Run, Model loading runs", "Previous release, 88", None),
        ("Loading", "Time (s), Value", "88, R5#load_old", None),
        ("Model loading time (s)", "Run, Version", "Load, 88", None),
    ],
)
def test_a_number_under_a_unit_header_is_told_the_reference(
    caption: str, head: str, row: str, refs: list[str] | None, tmp_path: Path
) -> None:
    from fxsite.authoring.fix import fix_page

    page = _UNIT_PAGE.format(caption=caption, head=head, row=row)
    findings = _check(_files() | {"docs/index.md": page}, tmp_path)
    if refs is None:
        assert findings == []
        return
    assert [(f.code, f.line) for f in findings] == [("FX501", 7)], findings
    message = findings[0].message
    assert "(read as '" in message and "in a cell: " in message, message
    assert "write the cell as" in message, message
    assert _REF.findall(message) == refs, message
    number = row.split(", ")[1]
    for ref in refs:
        fixed = page.replace(f", {number}]", f", {ref}]")
        assert _check(_files() | {"docs/index.md": fixed}, tmp_path) == [], (message, ref)
    root = tmp_path / "p0"
    result = fix_page(page, "docs/index.md", load_library(root / "evidence", root))
    expected = page.replace(f", {number}]", f", {refs[0]}]") if len(refs) == 1 else page
    assert result.text == expected


@pytest.mark.parametrize(
    "bars", ["bars: 5", "groups: 7", "groups: [1, {bars: 3}]", "bars: [{ref: 5}]"]
)
def test_a_malformed_chart_is_still_told_where_its_title_figure_goes(
    bars: str, tmp_path: Path
) -> None:
    page = f"# Loading\n\n```evidence-chart\ntitle: Loading in 88 s\n{bars}\n```\n"
    findings = _check(_files() | {"docs/index.md": page}, tmp_path)
    told = [f.message for f in findings if f.code == "FX501"]
    assert len(told) == 1 and "in a chart's title (plain text)" in told[0], findings
    assert any(f.code == "FX604" for f in findings), findings
