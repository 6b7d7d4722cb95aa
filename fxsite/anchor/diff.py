"""``fxsite diff OLD NEW``: what changed in the evidence, and which pages say it.

Both sides are the content of ``evidence.json``: read from a built site, or
computed from a git revision of the project (:func:`revision_evidence`, the
same functions as the build, without MkDocs). A revision is untrusted: it is
exported into a temporary folder, its ``mkdocs.yml`` must pass
:mod:`fxsite.anchor.allowlist` and only the vetted values are read (no
MkDocs config is loaded, so no hook, plugin or YAML tag of it runs). Figures are compared by
reference (``R1#save_time``): added, removed, or changed in value, range,
unit or label; records by label and status (superseded, retracted). Each
change names every page citing it, on either side.
"""

from __future__ import annotations

import json
import tempfile
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from fxsite.anchor.allowlist import plugin_options, vet_config
from fxsite.anchor.gitinfo import MAX_CHECKOUT, checkout_size, export_revision, repo_top
from fxsite.anchor.trust import load_evidence
from fxsite.findings import ConfigError, Finding
from fxsite.pages.site import Citation, SiteIndex
from fxsite.project import Project
from fxsite.project_paths import CONFIG_NAMES, ProjectPaths, find_config
from fxsite.render.exports import evidence_data

__all__ = [
    "EvidenceChange",
    "diff_evidence",
    "format_changes",
    "load_site_evidence",
    "project_evidence",
    "revision_evidence",
]

_FIELDS = ("value", "min", "max", "unit", "label")


@dataclass(frozen=True)
class EvidenceChange:
    """One changed figure or record."""

    #: figure-added | figure-removed | figure-changed | record-status | record-label
    kind: str
    ref: str
    #: field -> [old, new] (None where absent)
    fields: dict[str, list[str | None]] = field(default_factory=dict)
    old: str | None = None
    new: str | None = None
    pages: list[str] = field(default_factory=list)

    def describe(self) -> str:
        if self.kind == "figure-added":
            return f"added {self.ref}: {self.new}"
        if self.kind == "figure-removed":
            return f"removed {self.ref}: {self.old}"
        if self.kind == "figure-changed":
            parts = ", ".join(f"{k} {o or '—'} -> {n or '—'}" for k, (o, n) in self.fields.items())
            if self.old == self.new:  # a derived figure's value, shown rounded alike
                return f"changed {self.ref}: {parts}, shown as {self.new} before and after"
            return f"changed {self.ref}: {self.old} -> {self.new} ({parts})"
        what = "status" if self.kind == "record-status" else "label"
        return f"record {self.ref} {what}: {self.old} -> {self.new}"


def load_site_evidence(site_dir: Path) -> tuple[dict[str, Any] | None, list[Finding]]:
    """The evidence.json of a built site."""
    data, _, problem = load_evidence(site_dir)
    if data is not None and not isinstance(data.get("figures"), list):
        problem = "not an fxsite evidence.json"
    if problem:
        return None, [Finding(str(site_dir / "evidence.json"), 1, 1, "FX901", problem)]
    return data, []


def project_evidence(project: Project) -> tuple[dict[str, Any], list[Finding]]:
    """What evidence.json would hold for a project's sources (citations by page, no headings)."""
    library = project.load()
    findings = list(library.findings)
    index = SiteIndex()
    pages = project.doc_pages()
    for src in pages:
        try:
            text = (project.paths.docs_dir / src).read_text(encoding="utf-8-sig")
        except (OSError, UnicodeDecodeError):
            continue
        result = project.process(src, text, lambda record, anchor: f"#{anchor}", pages)
        findings.extend(result.findings)
        _, claims = project.judge(src, text, result)  # its text's claims, as rendered
        cited = [*result.claims, *claims]
        seen = dict.fromkeys(claim.ref for claim in cited if claim.value is not None)
        index.citations.extend(Citation(ref, src, None, None) for ref in seen)
    return evidence_data(library, index), findings


def _vetted_paths(root: Path, data: dict[str, Any]) -> ProjectPaths | None:
    """The project's folders from a vetted mkdocs.yml; None without the fxsite plugin."""
    options = plugin_options(data, "fxsite")
    if options is None:
        return None
    theme = data.get("theme")
    return ProjectPaths(
        root=root,
        docs_dir=root / str(data.get("docs_dir", "docs")),
        evidence_dir=root / str(options.get("evidence_dir", "evidence")),
        library_prefix=str(options.get("library_url", "evidence")).strip("/"),
        directory_urls=bool(data.get("use_directory_urls", True)),
        faq_page=str(options.get("faq_page") or "faq.md"),
        language=theme.get("language") if isinstance(theme, dict) else None,
    )


def revision_evidence(root: Path, revision: str) -> tuple[dict[str, Any] | None, list[Finding]]:
    """What evidence.json would hold for git ``revision`` of the project at ``root``, running none of it."""
    top = repo_top(root)
    if top is None:
        message = f"{revision}: not a built site, and {root} is not in a git repository"
        return None, [Finding(str(root), 1, 1, "FX901", message)]
    prefix = root.resolve().relative_to(top.resolve())
    with tempfile.TemporaryDirectory(prefix="fxsite-diff-") as tmp:
        written, refused_member = export_revision(top, revision, Path(tmp))
        if refused_member:
            message = "a link out of the revision's tree (or a member tar refuses): nothing read"
            return None, [Finding(f"{revision}:{refused_member}", 1, 1, "FX822", message)]
        size = checkout_size(top, revision)
        if not written and size is not None and size > MAX_CHECKOUT:
            message = f"{revision}: its files hold {size:,} bytes, more than a diff reads ({MAX_CHECKOUT:,})"
            return None, [Finding(str(root), 1, 1, "FX901", message)]
        if not written:
            message = f"{revision}: neither a built site nor a git revision of {top}"
            return None, [Finding(str(root), 1, 1, "FX901", message)]
        project_dir = Path(tmp) / prefix
        config = find_config(project_dir) or project_dir / CONFIG_NAMES[0]
        data, refused = vet_config(config, Path(tmp))
        if data is None:
            where = f"{revision}:{prefix.as_posix()}/" if prefix.parts else f"{revision}:"
            return None, [
                Finding(where + f.path, f.line, f.col, f.code, f.message) for f in refused
            ]
        paths = _vetted_paths(project_dir, data)
        if paths is None:
            message = f"{revision}: {config.name} has no fxsite plugin"
            return None, [Finding(str(root), 1, 1, "FX901", message)]
        try:
            return project_evidence(Project(paths))
        except ConfigError as exc:
            return None, [Finding(str(root), 1, 1, "FX901", f"{revision}: {exc}")]


def _citing(*sides: dict[str, Any]) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for data in sides:
        for c in data.get("citations", []):
            out.setdefault(c["ref"], set()).add(c["page"])
            out.setdefault(c["ref"].split("#", 1)[0], set()).add(c["page"])
    return out


def diff_evidence(old: dict[str, Any], new: dict[str, Any]) -> list[EvidenceChange]:
    """Every figure and record change from ``old`` to ``new``."""
    citing = _citing(old, new)
    before = {f["ref"]: f for f in old.get("figures", [])}
    after = {f["ref"]: f for f in new.get("figures", [])}
    changes = []
    for ref in sorted(before.keys() | after.keys(), key=str.lower):
        pages = sorted(citing.get(ref, set()))
        if ref not in before:
            changes.append(
                EvidenceChange("figure-added", ref, new=after[ref]["display"], pages=pages)
            )
        elif ref not in after:
            changes.append(
                EvidenceChange("figure-removed", ref, old=before[ref]["display"], pages=pages)
            )
        else:
            o, n = before[ref], after[ref]
            fields = {k: [o.get(k), n.get(k)] for k in _FIELDS if o.get(k) != n.get(k)}
            if fields:
                changes.append(
                    EvidenceChange("figure-changed", ref, fields, o["display"], n["display"], pages)
                )
    old_records = {r["id"]: r for r in old.get("records", [])}
    for record in sorted(new.get("records", []), key=lambda r: r["id"].lower()):
        previous = old_records.get(record["id"])
        if previous is None:
            continue
        pages = sorted(citing.get(record["id"], set()))
        for key, kind in (("status", "record-status"), ("label", "record-label")):
            if previous[key] != record[key]:
                shown = record[key]
                if key == "status" and record.get("superseded_by"):
                    shown += f" by {record['superseded_by']}"
                changes.append(
                    EvidenceChange(kind, record["id"], old=previous[key], new=shown, pages=pages)
                )
    return changes


def _markdown(changes: list[EvidenceChange]) -> str:
    if not changes:
        return "**Evidence:** no figure or record changed.\n"
    rows = [
        "| Change | Figure | Before | After | Pages citing it |",
        "|---|---|---|---|---|",
    ]
    for c in changes:
        kind = c.kind.replace("-", " ")
        pages = ", ".join(f"`{p}`" for p in c.pages) or "none"
        old, new = c.old or "—", c.new or "—"
        if c.kind == "figure-changed" and c.old == c.new:  # the unrounded value changed
            old, new = (
                f"{c.old} ({', '.join(f'{k} {o or chr(8212)}' for k, (o, _) in c.fields.items())})",
                f"{c.new} ({', '.join(f'{k} {n or chr(8212)}' for k, (_, n) in c.fields.items())})",
            )
        rows.append(f"| {kind} | `{c.ref}` | {old} | {new} | {pages} |")
    return f"**Evidence:** {len(changes)} change(s).\n\n" + "\n".join(rows) + "\n"


def format_changes(changes: list[EvidenceChange], fmt: str) -> str:
    """Changes as ``text`` (one a line), ``json`` or ``markdown`` (a pull-request comment)."""
    if fmt == "json":
        return json.dumps([asdict(c) for c in changes], indent=2, ensure_ascii=False) + "\n"
    if fmt == "markdown":
        return _markdown(changes).replace("\u00a0", " ")
    if not changes:
        return "no figure or record changed\n"
    lines = []
    for c in changes:
        lines.append(c.describe())
        lines.append("  cited on: " + (", ".join(c.pages) or "no page"))
    # displays keep a no-break space between number and unit; terminals want a plain one
    return "\n".join(lines).replace("\u00a0", " ") + "\n"
