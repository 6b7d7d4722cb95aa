"""The history of every record's figures, from git.

One ``git log`` lists the commits that touched record files (``*.yaml`` and
``*.yml`` under ``evidence/``, subfolders too); one
``git cat-file --batch`` reads each version. Consecutive versions of a record
are compared: figures added, removed or changed (value, range, unit, label),
derived figures (formula, unit, decimals, stated), and the record's label and
status. Only committed versions count; the working tree is the build itself.
A record moved to another file (or folder) in one commit is the same record.

Not a git repository, or git missing: no history and a note saying so, in
evidence.json only (a record page shows no History section where no record has a
committed change: it is the vendor's state, not the reader's). A shallow clone: the
oldest commit available is the starting point (nothing in it counts as added), with
a note.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from fxsite.anchor.gitinfo import git, is_shallow, read_blobs, repo_top
from fxsite.evidence.yamlsafe import load_yaml

__all__ = [
    "Change",
    "History",
    "figure_history",
    "history_data",
    "history_key",
    "history_section_html",
]

_STATED = ("value", "min", "max", "unit", "label")
_DERIVED = ("formula", "unit", "decimals", "stated")


@dataclass(frozen=True)
class Change:
    """One change to one record in one commit."""

    record: str
    commit: str
    date: str
    #: record-added | record-removed | record | figure-added | figure-removed | figure
    kind: str
    figure: str | None = None
    field: str | None = None
    old: str | None = None
    new: str | None = None

    def describe(self, quote: Callable[[str], str] = str) -> str:
        """The change in words, e.g. ``save_time_fx100 value: 94 → 90``.

        ``quote`` wraps names and values (the record page sets them as code:
        record text quoted verbatim, not claims).
        """
        if self.kind == "record-added":
            return "record added"
        if self.kind == "record-removed":
            return "record removed"
        if self.kind in {"figure-added", "figure-removed"}:
            verb = "added" if self.kind == "figure-added" else "removed"
            shown = self.new if self.kind == "figure-added" else self.old
            return f"{quote(str(self.figure))} {verb}" + (f" ({quote(shown)})" if shown else "")
        subject = f"{quote(str(self.figure))} {self.field}" if self.figure else str(self.field)
        old = quote(self.old) if self.old else "—"
        new = quote(self.new) if self.new else "—"
        return f"{subject}: {old} → {new}"


@dataclass
class History:
    """Changes per record (oldest first) and a note for readers, if any."""

    changes: dict[str, list[Change]] = field(default_factory=dict)
    note: str | None = None


def _snapshot(blob: bytes, path: str) -> dict[str, Any] | None:
    loaded = load_yaml(blob, path)
    data = loaded.data
    if not isinstance(data, dict):
        return None

    def raw(*loc: str) -> str | None:
        text = loaded.raw.get(loc)
        if text is not None:
            return text
        value: Any = data
        for key in loc:
            value = value.get(key) if isinstance(value, dict) else None
        return None if value is None or isinstance(value, dict | list) else str(value)

    record_label = raw("label")
    figures: dict[str, dict[str, str | None]] = {}
    for name, fig in (data.get("figures") or {}).items():
        if isinstance(fig, dict):
            figures[str(name)] = {k: raw("figures", name, k) for k in _STATED}
            figures[str(name)]["label"] = figures[str(name)]["label"] or record_label
    derived: dict[str, dict[str, str | None]] = {}
    for name, fig in (data.get("derived") or {}).items():
        if isinstance(fig, dict):
            derived[str(name)] = {k: raw("derived", name, k) for k in _DERIVED}
    return {"label": record_label, "status": raw("status"), "figures": figures, "derived": derived}


def _shown(fig: dict[str, str | None]) -> str:
    if fig.get("formula"):
        return f"= {fig['formula']} {fig.get('unit') or ''}".strip()
    if fig.get("value") is not None:
        amount = fig["value"]
    else:
        amount = f"{fig.get('min') or ''}–{fig.get('max') or ''}"
    return f"{amount} {fig.get('unit') or ''}, {fig.get('label') or ''}".strip(" ,")


def _compare(
    record: str, commit: str, date: str, old: dict[str, Any] | None, new: dict[str, Any] | None
) -> list[Change]:
    def change(kind: str, **kw: str | None) -> Change:
        return Change(record, commit, date, kind, **kw)

    if old is None and new is None:
        return []
    if old is None:
        return [change("record-added")]
    if new is None:
        return [change("record-removed")]
    out = [
        change("record", field=key, old=old[key], new=new[key])
        for key in ("label", "status")
        if old[key] != new[key]
    ]
    for group in ("figures", "derived"):
        before, after = old[group], new[group]
        for name in sorted(before.keys() | after.keys()):
            if name not in before:
                out.append(change("figure-added", figure=name, new=_shown(after[name])))
            elif name not in after:
                out.append(change("figure-removed", figure=name, old=_shown(before[name])))
            else:
                for key in before[name]:
                    if before[name][key] != after[name].get(key):
                        out.append(
                            change(
                                "figure",
                                figure=name,
                                field=key,
                                old=before[name][key],
                                new=after[name].get(key),
                            )
                        )
    return out


def _log(top: Path, rel: str) -> list[tuple[str, str, list[str]]]:
    base = rel + "/" if rel else ""
    out = git(
        top,
        "log",
        "--reverse",
        "--no-renames",
        "--format=%x01%H%x09%cI",
        "--name-only",
        "--",
        f":(glob,icase){base}**/*.yaml",
        f":(glob,icase){base}**/*.yml",
    )
    commits = []
    for chunk in (out or b"").decode("utf-8", "replace").split("\x01")[1:]:
        head, *names = [line for line in chunk.splitlines() if line.strip()]
        sha, _, date = head.partition("\t")
        commits.append((sha, date, names))
    return commits


def history_key(evidence_dir: Path) -> tuple[object, ...] | None:
    """What :func:`figure_history` depends on, in one git call; None when it cannot tell.

    The history is made of commits only (never the working tree): the same
    repository, ``HEAD`` commit, evidence folder and shallow boundary give the
    same history. ``mkdocs serve`` asks this before every build instead of
    reading the history again. None outside git or before the first commit.
    """
    if not evidence_dir.is_dir():
        return None
    out = git(
        evidence_dir,
        "rev-parse",
        "--show-toplevel",
        "--git-common-dir",
        "--is-shallow-repository",
        "--verify",
        "HEAD",
    )
    lines = (out or b"").decode("utf-8", "replace").splitlines()
    if len(lines) != 4:
        return None
    # --git-common-dir may be relative to the folder git ran in.
    shallow = evidence_dir / lines[1] / "shallow"
    try:
        boundary: object = shallow.read_bytes()
    except OSError:
        boundary = None
    return (*lines, str(evidence_dir.resolve()), boundary)


def figure_history(evidence_dir: Path) -> History:
    """Every committed change to the records under ``evidence_dir``."""
    top = repo_top(evidence_dir) if evidence_dir.is_dir() else None
    if top is None:
        return History(
            note="No change history is shown: this site was built from records kept outside "
            "version control (git), so there is no record of earlier values to list."
        )
    rel = evidence_dir.resolve().relative_to(top.resolve()).as_posix()
    rel = "" if rel == "." else rel
    commits = _log(top, rel)
    shallow = is_shallow(top)
    history = History()
    if shallow:
        history.note = (
            "Shallow git history: changes before the oldest available commit are not shown."
        )
    if not commits:
        history.note = history.note or "No committed versions of these records yet."
        return history
    specs, where = [], []
    for sha, date, names in commits:
        for name in names:
            inside = name.removeprefix(rel + "/" if rel else "").split("/")
            if any(part.startswith(".") for part in inside):
                continue  # hidden files are not records (fxsite.evidence.library.record_files)
            specs.append(f"{sha}:{name}")
            where.append((sha, date, name))
    blobs = read_blobs(top, specs)
    # a record moved to another file in one commit: its old path's deletion is not a removal
    kept = {
        (sha, Path(name).stem)
        for (sha, _, name), blob in zip(where, blobs, strict=True)
        if blob is not None
    }
    state: dict[str, dict[str, Any] | None] = {}
    first = commits[0][0]
    for (sha, date, name), blob in zip(where, blobs, strict=True):
        record = Path(name).stem
        if blob is None and (sha, record) in kept:
            continue
        new = None if blob is None else _snapshot(blob, name)
        if not (shallow and sha == first):
            for item in _compare(record, sha, date, state.get(record), new):
                history.changes.setdefault(record, []).append(item)
        state[record] = new
    return history


def history_data(history: History) -> dict[str, Any]:
    """The ``history`` key of evidence.json."""
    data: dict[str, Any] = {
        "changes": [
            {k: v for k, v in asdict(c).items() if v is not None}
            for record in sorted(history.changes, key=str.lower)
            for c in history.changes[record]
        ]
    }
    if history.note:
        data["note"] = history.note
    return data


def _code(text: str) -> str:
    return f"<code>{html.escape(text)}</code>"


def history_section_html(history: History, record_id: str) -> str:
    """The "History" section of a record page, newest change first; none where no record
    has a committed change (records outside git, or none committed yet: blind72, a public
    page said "No committed versions of these records yet"; evidence.json keeps the note)."""
    if not history.changes:
        return ""
    changes = list(reversed(history.changes.get(record_id, [])))
    note = f'<p class="fx-meta">{html.escape(history.note)}</p>' if history.note else ""
    if not changes:
        body = "<p>No committed changes to this record's figures.</p>" if not note else ""
        return f'\n<h2 id="fx-history">History</h2>\n{note}{body}\n'
    rows = "".join(
        f"<tr><td>{html.escape(c.date[:10])}</td><td><code>{html.escape(c.commit[:10])}</code></td>"
        f"<td>{c.describe(_code)}</td></tr>"
        for c in changes
    )
    return (
        '\n<h2 id="fx-history">History</h2>\n'
        f"{note}"
        '<div class="fx-history"><table><thead><tr><th>Date</th><th>Commit</th><th>Change</th>'
        f"</tr></thead><tbody>{rows}</tbody></table></div>\n"
    )
