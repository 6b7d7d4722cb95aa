"""Front matter of a page: read with the strict YAML loader, checked, typed.

fxsite reads the keys it owns (``title``, ``description``, ``related``,
``faq``) and leaves every other key to MkDocs and its theme.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Collection
from dataclasses import dataclass, field, replace
from typing import Any

from fxsite.evidence.yamlsafe import LoadedYaml, load_yaml
from fxsite.findings import Finding
from fxsite.pages.scalar_place import offset_of, scalar_segments

__all__ = [
    "FaqItem",
    "FrontMatter",
    "Related",
    "TextAt",
    "judge_front_matter",
    "read_front_matter",
    "split_front_matter",
]

_OPEN = re.compile(r"\A---[ \t]*\r?\n")
_CLOSE = re.compile(r"^(?:---|\.\.\.)[ \t]*\r?$", re.MULTILINE)


@dataclass(frozen=True)
class TextAt:
    """A string from front matter and where each of its pieces is in the file."""

    text: str
    line: int
    col: int
    #: ``(offset in text, line, col)`` where each source line of the text starts
    segments: tuple[tuple[int, int, int], ...] = ()

    def pos(self, offset: int) -> tuple[int, int]:
        """File position of a character of ``text`` (its segment found by bisection)."""
        at = bisect_right(self.segments, offset, key=lambda segment: segment[0])
        if at == 0:
            return self.line, self.col + offset
        start, line, col = self.segments[at - 1]
        return line, col + offset - start


@dataclass(frozen=True)
class Related:
    """An entry of ``related:``: a page of the site, or a title only."""

    page: str | None
    title: str | None
    line: int
    col: int


@dataclass(frozen=True)
class FaqItem:
    q: TextAt
    a: TextAt


@dataclass
class FrontMatter:
    data: dict[str, Any] = field(default_factory=dict)
    title: TextAt | None = None
    description: TextAt | None = None
    related: list[Related] = field(default_factory=list)
    faq: list[FaqItem] = field(default_factory=list)
    #: strings the theme or fxsite show besides the title and description:
    #: the titles of ``related`` entries, Material's ``subtitle`` and ``tags``
    shown: list[TextAt] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    #: 0-based line where the body starts
    body_line: int = 0
    #: Material's ``icon``, drawn before the page's title in the navigation
    icon: TextAt | None = None


def split_front_matter(source: str) -> tuple[str | None, str, int]:
    """``(front matter text or None, body, body's first line index)``; a MultiMarkdown
    header (:func:`_header`) is taken off the body as MkDocs takes it (its text: None)."""
    return _split(source)[:3]


def _split(
    source: str,
) -> tuple[str | None, str, int, dict[str, TextAt] | None]:
    """:func:`split_front_matter`, and a MultiMarkdown header's values where the page has one."""
    opening = _OPEN.match(source)
    closing = _CLOSE.search(source, opening.end()) if opening else None
    if opening is None or closing is None:
        header = _header(source)
        if header is None:
            return None, source, 0, None
        values, body_line = header
        lines = source.split("\n", body_line)
        return None, lines[body_line] if len(lines) > body_line else "", body_line, values
    front = source[opening.end() : closing.start()]
    rest = source[closing.end() :]
    rest = rest[1:] if rest.startswith("\n") else rest
    body_line = source.count("\n", 0, closing.end()) + (
        1 if source[closing.end() :].startswith("\n") else 0
    )
    return front, rest, body_line, None


def _text_at(
    loaded: LoadedYaml, loc: tuple[str | int, ...], value: str, front: str, shift: int
) -> TextAt:
    """Where ``value`` sits in the file (``front`` starts ``shift`` lines into it),
    character by character (quoted, escaped, folded, plain, a block scalar:
    :func:`~fxsite.pages.scalar_place.scalar_segments`); else where it starts."""
    line, col = loaded.pos(loc)
    start = offset_of(front, line - shift, col)
    segments = None if start is None else scalar_segments(front, start, value)
    if not segments:
        return TextAt(value, line, col)
    moved = tuple((at, seg_line + shift, seg_col) for at, seg_line, seg_col in segments)
    return TextAt(value, moved[0][1], moved[0][2], moved)


#: A MultiMarkdown header's line and the line that continues its value, as MkDocs reads
#: them (``mkdocs.utils.meta``: ``META_RE``, ``META_MORE_RE``).
_HEADER_KEY = re.compile(r"[ ]{0,3}(?P<key>[A-Za-z0-9_-]+):\s*(?P<value>.*)")
_HEADER_MORE = re.compile(r"(?:[ ]{4}|\t)\s*(?P<value>.*)")


def _header(source: str) -> tuple[dict[str, TextAt], int] | None:
    """A page's MultiMarkdown header, read as MkDocs reads it whatever the Markdown
    extensions (``mkdocs.utils.meta.get_data``, where no YAML front matter opens the
    page): ``Key: value`` lines at its top, a value continued on lines indented by four
    spaces or a tab (joined by a space), a key given twice joined so too; a blank line
    or a line of neither kind ends it, and the blank lines after it go with it. Each
    value where its pieces are written, by lower-cased key, and the body's first line
    index; None where the page has no header. MkDocs shows what it reads (its title in
    the navigation and ``<title>``, its description in a ``<meta>``) and takes it off
    the page: it is the page's front matter (blind78). Pieces are joined once a key, so
    a header of many lines is read in linear time."""
    if _HEADER_KEY.match(source) is None:
        return None
    pieces: dict[str, list[tuple[str, int, int]]] = {}
    key, lines, line = "", source.split("\n"), 0
    for line, text in enumerate(lines):
        text = text.removesuffix("\r")
        if not text.strip():
            line += 1
            break
        match = _HEADER_KEY.match(text) or (_HEADER_MORE.match(text) if key else None)
        if match is None:
            break
        if "key" in match.groupdict():
            key = match["key"].lower().strip()
        pieces.setdefault(key, []).append(
            (match["value"].strip(), line + 1, match.start("value") + 1)
        )
    else:
        line = len(lines)
    while line < len(lines) and lines[line] == "":
        line += 1
    return {key: _joined(parts) for key, parts in pieces.items()}, line


def _joined(parts: list[tuple[str, int, int]]) -> TextAt:
    """A header's value from its pieces (each with its line and column), joined by spaces."""
    segments, at = [], 0
    for value, line, col in parts:
        segments.append((at, line, col))
        at += len(value) + 1
    text = " ".join(value for value, _, _ in parts)
    return TextAt(text, segments[0][1], segments[0][2], tuple(segments))


#: Keys judged as what they are (the title and description, FAQ entries): not as printed.
_JUDGED = ("title", "description", "faq", "related", "tags")


#: How deep in a printed key's value its strings are read (a template writes a few levels).
_LEAF_DEPTH = 4


def _leaves(loc: tuple[Any, ...], value: Any, depth: int = 0) -> list[tuple[tuple[Any, ...], Any]]:
    """``value`` at ``loc``, or the items of a list or mapping it is, each at its place,
    nested up to :data:`_LEAF_DEPTH` levels: the strings a template may print of it."""
    if depth < _LEAF_DEPTH and isinstance(value, list):
        return [
            leaf for i, item in enumerate(value) for leaf in _leaves((*loc, i), item, depth + 1)
        ]
    if depth < _LEAF_DEPTH and isinstance(value, dict):
        return [leaf for k, item in value.items() for leaf in _leaves((*loc, k), item, depth + 1)]
    return [(loc, value)]


def read_front_matter(source: str, path: str, printed: Collection[str] = ()) -> FrontMatter:
    """Parse and check the front matter of a page source; ``printed``: the keys whose
    values the site's templates print (shown, as the ``subtitle``)."""
    front, body, body_line, header = _split(source)
    if header is not None:
        return _header_front(header, printed, body_line)
    if front is None:
        return FrontMatter(body_line=body_line)
    result = judge_front_matter(load_yaml(front, path, line_offset=1), front, path, printed, 1)
    result.body_line = body_line
    result.faq = [FaqItem(item.q, _with_definitions(item.a, body)) for item in result.faq]
    return result


def _header_front(
    values: dict[str, TextAt], printed: Collection[str], body_line: int
) -> FrontMatter:
    """The front matter a MultiMarkdown header gives (:func:`_header`): its values are
    text, the title and description judged as they are, the keys the templates print as
    shown."""
    result = FrontMatter(data={k: v.text for k, v in values.items()}, body_line=body_line)
    result.title, result.description = values.get("title"), values.get("description")
    shown = ["subtitle", *sorted(set(printed) - {"subtitle", *_JUDGED})]
    result.shown = [values[key] for key in shown if key in values]
    return result


def _with_definitions(answer: TextAt, body: str) -> TextAt:
    """``answer`` followed by the page body's reference definitions (``[x]: evidence:…``)
    of the labels it uses and does not define: Markdown would apply them to the answer in
    the body, and the answer is rendered apart from it (its FAQ section, the site's FAQ)."""
    from fxsite.pages.prose import (
        _REFDEF,
        _REFERENCE,
        _unread,
        definition_label,
        definitions,
        link_label,
    )

    if "[" not in answer.text or "]:" not in body:
        return answer
    masked = _unread(answer.text)[0]
    own = definitions(masked).keys()
    used = {link_label(m["label"] or m["text"]) for m in _REFERENCE.finditer(masked)} - own
    shown = _unread(body)[0]
    lines = [
        shown[m.start() : m.end()].strip()
        for m in _REFDEF.finditer(shown)
        if definition_label(m["label"]) in used and not m["label"].startswith("^")
    ]
    if not lines:
        return answer
    return replace(answer, text="\n\n".join([answer.text.rstrip("\n"), "\n".join(lines)]))


def judge_front_matter(
    loaded: LoadedYaml, front: str, path: str, printed: Collection[str] = (), shift: int = 0
) -> FrontMatter:
    """The fields of front matter ``front`` (``shift`` lines into file ``path``), as the
    strict YAML loader read it (``loaded``), checked and typed (``printed``: as for
    :func:`read_front_matter`)."""
    result = FrontMatter()
    result.findings.extend(loaded.findings)
    if not isinstance(loaded.data, dict):
        return result
    data: dict[str, Any] = loaded.data
    result.data = data

    def bad(loc: tuple[str | int, ...], code: str, message: str) -> None:
        line, col = loaded.pos(loc)
        result.findings.append(Finding(path, line, col, code, message))

    for key in ("title", "description"):
        if key in data:
            if isinstance(data[key], str):
                setattr(result, key, _text_at(loaded, (key,), data[key], front, shift))
            else:
                bad((key,), "FX601", f"{key} must be a string")
    if isinstance(data.get("icon"), str):
        result.icon = _text_at(loaded, ("icon",), data["icon"], front, shift)
    related = data.get("related", [])
    if not isinstance(related, list):
        bad(("related",), "FX601", "related must be a list of pages or {title: ...} entries")
        related = []
    shown: list[tuple[tuple[str | int, ...], Any]] = []
    for i, item in enumerate(related):
        line, col = loaded.pos(("related", i))
        if isinstance(item, str):
            result.related.append(Related(item, None, line, col))
        elif (
            isinstance(item, dict)
            and set(item) <= {"page", "title"}
            and all(isinstance(v, str) for v in item.values())
            and item
        ):
            result.related.append(Related(item.get("page"), item.get("title"), line, col))
            shown.append((("related", i, "title"), item.get("title")))
        else:
            bad(
                ("related", i), "FX601", "a related entry is a page path or {page: ..., title: ...}"
            )
    tags = data.get("tags")
    shown.append((("subtitle",), data.get("subtitle")))
    for key in sorted(set(printed) - {"subtitle", *_JUDGED}):
        # a list's items, where a template walks it (MkDocs' source), and a mapping's
        # strings, where it writes one of them (``page.meta.hero.text``: blind80)
        shown += _leaves((key,), data.get(key))
    shown += [(("tags", i), tag) for i, tag in enumerate(tags if isinstance(tags, list) else [])]
    result.shown = [
        _text_at(loaded, loc, text, front, shift) for loc, text in shown if isinstance(text, str)
    ]
    faq = data.get("faq", [])
    if not isinstance(faq, list):
        bad(("faq",), "FX603", "faq must be a list of {q: ..., a: ...}")
        faq = []
    for i, item in enumerate(faq):
        if (
            not isinstance(item, dict)
            or set(item) != {"q", "a"}
            or not all(isinstance(v, str) and v.strip() for v in item.values())
        ):
            bad(("faq", i), "FX603", "a FAQ entry needs exactly q and a, both non-empty text")
            continue
        result.faq.append(
            FaqItem(
                _text_at(loaded, ("faq", i, "q"), item["q"], front, shift),
                _text_at(loaded, ("faq", i, "a"), item["a"], front, shift),
            )
        )
    return result
