"""Findings on published files mapped back to the source page that holds the text."""

from __future__ import annotations

from collections.abc import Mapping

from fxsite.findings import Finding
from fxsite.verify.audit import url_of

__all__ = ["locate_in_sources"]


def _position(source: str, snippet: str) -> tuple[int, int] | None:
    """1-based line and column of ``snippet`` in ``source``, tolerant of line wraps."""
    for needle in (snippet, snippet.replace("\u00a0", " "), snippet.split(" ")[0]):
        at = source.find(needle) if needle else -1
        if at >= 0:
            line = source.count("\n", 0, at) + 1
            return line, at - (source.rfind("\n", 0, at) + 1) + 1
    return None


def locate_in_sources(
    findings: list[Finding], sources: Mapping[str, tuple[str, str]]
) -> list[Finding]:
    """Each finding on a page moved to ``src path:line:col`` where its text is written.

    ``sources`` maps a site URL (``""`` for the home page, ``a/`` for
    ``a/index.html``) to ``(source path, source text)``. A finding whose text is
    not in the source (a theme override, a generated page) keeps its site path.
    """
    out = []
    for finding in findings:
        src = sources.get(url_of(finding.path))
        where = _position(src[1], finding.text) if src and finding.text else None
        if src is None or where is None:
            out.append(finding)
            continue
        out.append(
            Finding(
                src[0],
                where[0],
                where[1],
                finding.code,
                f"{finding.message} (published in {finding.path})",
                finding.severity,
                finding.text,
            )
        )
    return out
