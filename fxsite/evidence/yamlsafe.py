"""Strict YAML loading with source positions.

Evidence records and front matter are YAML written by hand, read by a build
that must never run code from them, never blow up on a hostile file and always
say *where* a problem is. PyYAML's own loaders fall short on each count: they
resolve YAML 1.1 types (``yes`` becomes ``True``, ``2026-03-14`` a date,
``1:30`` the integer 90), keep the last of two duplicate keys silently, expand
aliases (a small "billion laughs" file explodes) and forget positions.

So :func:`load_yaml` uses PyYAML only for its reader, scanner and parser
(libyaml's C ones where PyYAML was built with them, else the pure-Python
ones; the marks of both count characters exactly) and builds the data from
the event stream itself:

* plain scalars resolve with the YAML 1.2 **core schema** only: null, bool
  (``true``/``false`` in three spellings), int (decimal, ``0o``, ``0x``) and
  float (decimal, exponent, ``.inf``, ``.nan``); everything else is a string;
* explicit tags are limited to ``!!str !!int !!float !!bool !!null !!map
  !!seq`` (FX104); a value that does not fit its core tag is FX203;
* anchors and aliases are refused (FX103), so nothing is ever expanded;
* duplicate keys are FX102, naming the line of the first one;
* a mapping or sequence used as a mapping key is FX106 (the YAML layer's
  structural code: such a file is not the plain mapping we accept); the entry
  is left out of the data;
* several documents, a top level that is not a mapping (when one is required),
  nesting deeper than :data:`MAX_DEPTH`: FX106;
* syntax errors are FX101, an oversized file FX107; bad UTF-8 is FX105 at the line
  and column of the first bad byte, as :func:`fxsite.safeio.decode_utf8` places and
  words it for pages (a byte-order mark is not counted in the column);
* the characters YAML 1.1 reads as line breaks and YAML 1.2 as ordinary ones
  (NEL U+0085, LINE SEPARATOR U+2028, PARAGRAPH SEPARATOR U+2029) are FX101,
  each at its line and column as an editor counts them: PyYAML would break a
  line there (a comment would end and a key after it be read) where a YAML 1.2
  reader and the author's editor see none, so the file would say two things.
  They are read as spaces for the rest of the file, whose positions stay right.

Every problem becomes a :class:`~fxsite.findings.Finding`; nothing raises for
bad input. Findings that leave no trustworthy data (FX101, FX105, FX107 and
the document-level FX106) make ``data`` ``None``, but an old line break's FX101,
read as a space (its text is known, and a figure after it is still told); the
others (FX102, FX103, FX104, FX203, a non-scalar key) leave best-effort data so
later layers can report their own problems in the same run: the first of duplicate keys is
kept, an alias reads as ``None``, a refused tag is ignored and a value that
does not fit its tag stays a string. Callers refuse the file on any error
finding all the same.
"""

from __future__ import annotations

import math
import re
import sys
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar, cast

import yaml

from fxsite.findings import Finding
from fxsite.safeio import UnreadableFile, decode_utf8

__all__ = ["BREAKS", "MAX_DEPTH", "LoadedYaml", "YamlPath", "line_col", "load_yaml"]

#: A field path: mapping keys and sequence indexes from the document root.
YamlPath = tuple[str | int, ...]
_T = TypeVar("_T")

#: Deepest nesting of mappings and sequences accepted. Records need about
#: five levels; the limit only stops pathological files.
MAX_DEPTH = 100

_CORE = "tag:yaml.org,2002:"
_ALLOWED_TAGS = frozenset(_CORE + t for t in ("str", "int", "float", "bool", "null", "map", "seq"))
_ALLOWED_TAGS_TEXT = "!!str, !!int, !!float, !!bool, !!null, !!map and !!seq"

# The YAML 1.2 core schema (https://yaml.org/spec/1.2.2/#1023-core-schema).
_NULL = frozenset({"", "~", "null", "Null", "NULL"})
_TRUE = frozenset({"true", "True", "TRUE"})
_FALSE = frozenset({"false", "False", "FALSE"})
_INT_DEC = re.compile(r"[-+]?[0-9]+")
_INT_OCT = re.compile(r"0o[0-7]+")
_INT_HEX = re.compile(r"0x[0-9a-fA-F]+")
_FLOAT = re.compile(r"[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?")
_INF = re.compile(r"[-+]?\.(?:inf|Inf|INF)")
_NAN = re.compile(r"\.(?:nan|NaN|NAN)")
#: The first characters the six patterns above can start with.
_NUMERIC_START = frozenset("+-.0123456789")

# Characters YAML does not allow in a stream (PyYAML's Reader.NON_PRINTABLE).
_NON_PRINTABLE = re.compile(
    "[^\x09\x0a\x0d\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]"
)

#: The line breaks of YAML 1.2, and of an editor; "\r\n" is one break. PyYAML also
#: breaks lines at :data:`_OLD_BREAKS`, which :func:`load_yaml` never lets it read.
BREAKS = re.compile("\r\n|[\r\n]")
#: What PyYAML (YAML 1.1) reads as a line break and YAML 1.2 does not.
_OLD_BREAKS = re.compile("[\x85\u2028\u2029]")


class _Mark(Protocol):
    """What we read of a PyYAML mark (0-based, in characters)."""

    @property
    def line(self) -> int: ...

    @property
    def column(self) -> int: ...


class _PureEventLoader(yaml.SafeLoader):
    """The pure-Python reader, scanner and parser, for machines without libyaml.

    Subclassing keeps us independent of anyone editing ``SafeLoader``'s
    global resolver tables, which we never consult anyway.
    """


class _CEventLoader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # type: ignore[misc]
    """libyaml's C scanner and parser: events only, about ten times faster.

    Its marks count characters (astral ones too), exactly as the pure-Python
    parser's do, so every column stays exact; only events are read, so no
    code path constructs Python objects from the document.
    """


#: The parser :func:`load_yaml` reads events with.
_EventLoader: type[Any] = (
    _CEventLoader if getattr(yaml, "__with_libyaml__", False) else _PureEventLoader
)


class _Invalid(ValueError):
    """A scalar that does not fit its type (a message for FX203)."""


@dataclass(slots=True)  # one per record file, kept while the build runs
class LoadedYaml:
    """The result of :func:`load_yaml`: data, findings and where each field is.

    ``positions`` maps a field path to the 1-based ``(line, col)`` of its value
    node, ``key_positions`` to that of its key (mapping entries only), and
    ``raw`` to a scalar's source text as written (``"6.40"``), so callers can
    tell the precision an author wrote. ``()`` is the document root. A record
    keeps them in the compact form of :func:`fxsite.evidence.places.compact`.
    """

    data: Any
    findings: list[Finding]
    positions: Mapping[YamlPath, tuple[int, int]] = field(default_factory=dict)
    key_positions: Mapping[YamlPath, tuple[int, int]] = field(default_factory=dict)
    raw: Mapping[YamlPath, str] = field(default_factory=dict)

    def pos(self, loc: Sequence[str | int]) -> tuple[int, int]:
        """Position of ``loc``, else of its nearest recorded ancestor, else (1, 1).

        A missing child key thus points at its parent mapping, which is where
        a reader would add it.
        """
        key = tuple(loc)
        while key not in self.positions:
            if not key:
                return (1, 1)
            key = key[:-1]
        return self.positions[key]


def line_col(text: str, index: int) -> tuple[int, int]:
    """1-based line and column of ``text[index]``, counting :data:`BREAKS`."""
    line = 1
    start = 0
    for match in BREAKS.finditer(text, 0, index):
        line += 1
        start = match.end()
    return line, index - start + 1


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _show_tag(tag: str) -> str:
    return "!!" + tag[len(_CORE) :] if tag.startswith(_CORE) else tag


def _resolve_plain(text: str) -> Any:
    """A plain scalar under the core schema. Raises ``_Invalid`` for a huge int."""
    if text in _NULL:
        return None
    if text in _TRUE:
        return True
    if text in _FALSE:
        return False
    if text[0] not in _NUMERIC_START:
        return text  # no number, infinity or NaN starts otherwise
    if _INT_DEC.fullmatch(text):
        return _to_int(text, 10)
    if _INT_OCT.fullmatch(text):
        return int(text[2:], 8)
    if _INT_HEX.fullmatch(text):
        return int(text[2:], 16)
    if _FLOAT.fullmatch(text):
        return float(text)
    if _INF.fullmatch(text):
        return -math.inf if text.startswith("-") else math.inf
    if _NAN.fullmatch(text):
        return math.nan
    return text


def _to_int(text: str, base: int) -> int:
    try:
        return int(text, base)
    except ValueError:
        # Python refuses decimal strings of more than 4300 digits (CVE-2020-10735).
        raise _Invalid(f"integer {text[:20]}... is too long to read") from None


def _resolve_tagged(tag: str, text: str) -> Any:
    """A scalar with an explicit core tag; raises ``_Invalid`` when it does not fit."""
    name = tag[len(_CORE) :]
    if name == "str":
        return text
    if name in ("map", "seq"):
        raise _Invalid(f"tag '!!{name}' cannot be put on a scalar")
    value = _resolve_plain(text)
    ok = {
        "null": value is None,
        "bool": isinstance(value, bool),
        "int": isinstance(value, int) and not isinstance(value, bool),
        "float": isinstance(value, int | float) and not isinstance(value, bool),
    }[name]
    if not ok:
        raise _Invalid(f"'{_one_line(text)[:40]}' is not a valid !!{name}")
    return float(value) if name == "float" else value


#: What the builder does with each kind of event, first match wins (a mapping
#: start is also a collection start).
_EVENT_KINDS: tuple[tuple[type[Any], str], ...] = (
    (yaml.DocumentStartEvent, "document"),
    (yaml.CollectionEndEvent, "end"),
    (yaml.AliasEvent, "alias"),
    (yaml.ScalarEvent, "scalar"),
    (yaml.MappingStartEvent, "mapping"),
    (yaml.CollectionStartEvent, "sequence"),
)


def _classify(cls: type[Any]) -> str:
    """What the builder does with an event of class ``cls`` ("other": stream and document ends)."""
    return next((kind for base, kind in _EVENT_KINDS if issubclass(cls, base)), "other")


#: Field paths and positions, one object each however many files hold them: a
#: library's records share their layout, and a record keeps its tables while the
#: build runs. Bounded: past :data:`_SHARED_AT_MOST` entries new ones are not shared.
_SHARED: dict[object, object] = {}
_SHARED_AT_MOST = 1 << 16


def _shared(value: _T) -> _T:
    """``value``, or an equal one met before (see :data:`_SHARED`)."""
    found = _SHARED.get(value)
    if found is not None:
        return cast(_T, found)
    if len(_SHARED) < _SHARED_AT_MOST:
        _SHARED[value] = value
    return value


#: :func:`_classify` of each event class met, looked up once a class.
_KINDS: dict[type[Any], str] = {}


@dataclass
class _Frame:
    """A mapping or sequence being built."""

    value: dict[Any, Any] | list[Any]
    path: YamlPath | None  # None: positions are not recorded (inside a key, a dropped entry)
    pos: tuple[int, int]
    # Mapping state: the key read last, waiting for its value.
    key_pending: bool = False
    key: Any = None
    key_ok: bool = False
    key_elem: str | int = ""
    key_pos: tuple[int, int] = (1, 1)
    seen: dict[Any, int] = field(default_factory=dict)


class _Builder:
    """Turns PyYAML events into plain data, positions and findings."""

    def __init__(self, path: str, line_offset: int, require_mapping: bool) -> None:
        self.path = path
        self.line_offset = line_offset
        self.require_mapping = require_mapping
        self.positions: dict[YamlPath, tuple[int, int]] = {}
        self.key_positions: dict[YamlPath, tuple[int, int]] = {}
        self.raw: dict[YamlPath, str] = {}
        self.result = LoadedYaml(None, [], self.positions, self.key_positions, self.raw)
        self.stack: list[_Frame] = []
        self.documents = 0
        self.root: Any = None
        self.root_kind = ""
        self.root_pos = (1 + line_offset, 1)
        self.fatal = False
        # After a fatal structural finding the rest is only scanned for syntax errors.
        self.building = True
        # Set when reading on is pointless or slow: PyYAML's scanner spends time
        # proportional to the open flow levels on every token, so a file of
        # thousands of '[' would take minutes to scan to the end.
        self.stop = False

    # -- findings ---------------------------------------------------------

    def add(self, pos: tuple[int, int], code: str, message: str) -> None:
        self.result.findings.append(Finding(self.path, pos[0], pos[1], code, message))

    def mark(self, mark: _Mark | None) -> tuple[int, int]:
        if mark is None:
            return (1 + self.line_offset, 1)
        return (mark.line + 1 + self.line_offset, mark.column + 1)

    # -- events -------------------------------------------------------------

    def feed(self, event: yaml.Event) -> None:
        cls = type(event)
        kind = _KINDS.get(cls) or _KINDS.setdefault(cls, _classify(cls))
        if kind == "document":
            self.documents += 1
            if self.documents == 2:
                self.add(
                    self.mark(event.start_mark),
                    "FX106",
                    "a second YAML document starts here; a file holds exactly one",
                )
                self.fatal = True
                self.building = False
            return
        if not self.building or kind == "other":
            return
        if kind == "end":
            frame = self.stack.pop()
            self.finish(frame.value, frame.path, scalar=False, pos=frame.pos, raw=None)
            return
        assert isinstance(event, yaml.NodeEvent)
        mark = event.start_mark
        pos = _shared(
            (mark.line + 1 + self.line_offset, mark.column + 1)
            if mark is not None
            else self.mark(None)
        )
        if event.anchor is not None or getattr(event, "tag", None) is not None:
            self.check_properties(event, pos)
        if kind == "scalar":
            assert isinstance(event, yaml.ScalarEvent)
            path = self.begin(pos)
            value = self.scalar(event, pos)
            self.finish(value, path, scalar=True, pos=pos, raw=event.value)
        elif kind == "alias":
            self.add(
                pos,
                "FX103",
                f"alias '*{event.anchor}' is not allowed: anchors and aliases are refused",
            )
            self.begin(pos)
            self.finish(None, None, scalar=True, pos=pos, raw=None, usable=False)
        else:
            if len(self.stack) >= MAX_DEPTH:
                self.add(pos, "FX106", f"too deeply nested (more than {MAX_DEPTH} levels)")
                self.fatal = True
                self.building = False
                self.stop = True
                return
            path = self.begin(pos)
            container: dict[Any, Any] | list[Any] = {} if kind == "mapping" else []
            self.stack.append(_Frame(container, path, pos))

    def check_properties(self, event: yaml.NodeEvent, pos: tuple[int, int]) -> None:
        if event.anchor is not None and not isinstance(event, yaml.AliasEvent):
            self.add(
                pos,
                "FX103",
                f"anchor '&{event.anchor}' is not allowed: anchors and aliases are refused",
            )
        tag = getattr(event, "tag", None)
        if tag is None:
            return
        kind_ok = (
            tag == _CORE + "map"
            if isinstance(event, yaml.MappingStartEvent)
            else tag == _CORE + "seq"
            if isinstance(event, yaml.SequenceStartEvent)
            else True
        )
        if tag not in _ALLOWED_TAGS:
            self.add(
                pos,
                "FX104",
                f"tag '{_show_tag(tag)}' is not allowed; only {_ALLOWED_TAGS_TEXT} are",
            )
        elif not kind_ok:
            what = "mapping" if isinstance(event, yaml.MappingStartEvent) else "sequence"
            self.add(pos, "FX203", f"tag '{_show_tag(tag)}' cannot be put on a {what}")

    def scalar(self, event: yaml.ScalarEvent, pos: tuple[int, int]) -> Any:
        tag = event.tag
        try:
            if tag in _ALLOWED_TAGS:
                return _resolve_tagged(tag, event.value)
            # Only plain scalars are resolved; quoted and block scalars are strings.
            # A refused tag (already reported) is ignored for best-effort data.
            return _resolve_plain(event.value) if not event.style else event.value
        except _Invalid as exc:
            self.add(pos, "FX203", str(exc))
            return event.value

    # -- tree building ------------------------------------------------------

    def begin(self, pos: tuple[int, int]) -> YamlPath | None:
        """Where the node starting at ``pos`` goes; records its positions."""
        if not self.stack:
            if self.documents != 1:
                return None
            self.root_pos = pos
            self.positions[()] = pos
            return ()
        parent = self.stack[-1]
        if isinstance(parent.value, list):
            if parent.path is None:
                return None
            path = _shared((*parent.path, len(parent.value)))
        elif not parent.key_pending:
            return None  # a key: its own path is its parent's entry
        elif parent.path is None or not parent.key_ok:
            return None
        else:
            path = _shared((*parent.path, parent.key_elem))
            self.key_positions[path] = parent.key_pos
        self.positions[path] = pos
        return path

    def finish(
        self,
        value: Any,
        path: YamlPath | None,
        *,
        scalar: bool,
        pos: tuple[int, int],
        raw: str | None,
        usable: bool = True,
    ) -> None:
        """Attach a complete node to its parent (or make it the root)."""
        if scalar and path is not None and raw is not None:
            self.raw[path] = raw
        if not self.stack:
            if self.documents == 1:
                self.root = value
                self.root_kind = (
                    "mapping"
                    if isinstance(value, dict)
                    else "sequence"
                    if isinstance(value, list)
                    else "scalar"
                )
            return
        parent = self.stack[-1]
        if isinstance(parent.value, list):
            parent.value.append(value)
        elif parent.key_pending:
            if parent.key_ok:
                parent.value[parent.key] = value
            parent.key_pending = False
        else:
            self.take_key(parent, value, scalar=scalar, pos=pos, raw=raw, usable=usable)

    def take_key(
        self,
        parent: _Frame,
        key: Any,
        *,
        scalar: bool,
        pos: tuple[int, int],
        raw: str | None,
        usable: bool,
    ) -> None:
        parent.key_pending = True
        parent.key_ok = False
        if not scalar:
            kind = "mapping" if isinstance(key, dict) else "sequence"
            self.add(pos, "FX106", f"a mapping key must be a scalar, not a {kind}")
            return
        if not usable:
            return
        shown = f"'{key}'" if isinstance(key, str) else (raw or repr(key))
        # Python equality decides, as the dict would: 1, 1.0 and true are one key.
        if key in parent.seen:
            self.add(pos, "FX102", f"duplicate key {shown} (first at line {parent.seen[key]})")
            return
        parent.seen[key] = pos[0]
        # One object for each key text, however many mappings and files repeat it.
        parent.key = sys.intern(key) if type(key) is str else key
        parent.key_ok = True
        parent.key_pos = pos
        if isinstance(key, str) or (isinstance(key, int) and not isinstance(key, bool)):
            parent.key_elem = parent.key
        else:
            parent.key_elem = raw if raw is not None else repr(key)

    def close(self) -> LoadedYaml:
        """Document-level checks once the stream is read."""
        result = self.result
        self.positions.setdefault((), self.root_pos)
        if self.fatal:
            return result
        if self.documents == 0:
            if self.require_mapping:
                self.add(self.root_pos, "FX106", "the document is empty; expected a mapping")
            return result
        if self.require_mapping and not isinstance(self.root, dict):
            found = "null" if self.root is None else f"a {self.root_kind}"
            self.add(self.root_pos, "FX106", f"expected a mapping at the top level, found {found}")
            return result
        result.data = self.root
        return result


def _decode(
    source: bytes | str, path: str, line_offset: int, max_bytes: int
) -> tuple[str | None, Finding | None]:
    """Text without a BOM, or the FX105/FX107 finding that stops loading."""
    size = (
        len(source) if isinstance(source, bytes) else len(source.encode("utf-8", "surrogatepass"))
    )
    if size > max_bytes:
        return None, Finding(
            path, 1 + line_offset, 1, "FX107", f"file is {size} bytes; the limit is {max_bytes}"
        )
    if isinstance(source, str):
        text = source
    else:
        try:
            text = decode_utf8(source, path)
        except UnreadableFile as exc:  # placed as pages' are: the one decoder's line and column
            line, col = exc.where
            return None, Finding(path, line + line_offset, col, "FX105", f"file {exc.reason}")
    # A BOM is allowed; dropping it keeps first-line columns right.
    return text.removeprefix("\ufeff"), None


def _refuse_old_breaks(text: str, builder: _Builder) -> str:
    """``text`` with each of :data:`_OLD_BREAKS` refused (FX101) and read as a space."""
    if _OLD_BREAKS.search(text) is None:
        return text
    line, start, counted = 1, 0, 0
    for found in _OLD_BREAKS.finditer(text):
        for end in BREAKS.finditer(text, counted, found.start()):
            line, start = line + 1, end.end()
        counted = found.start()
        builder.add(
            (line + builder.line_offset, found.start() - start + 1),
            "FX101",
            f"the character U+{ord(found.group()):04X} ({unicodedata.name(found.group(), 'NEL')})"
            " is a line break to some YAML readers and not to others; remove it, or write it"
            f" as \\u{ord(found.group()):04X} in a double-quoted string",
        )
    return _OLD_BREAKS.sub(" ", text)


def load_yaml(
    source: bytes | str,
    path: str,
    *,
    line_offset: int = 0,
    max_bytes: int = 1_048_576,
    require_mapping: bool = True,
) -> LoadedYaml:
    """Load one YAML document strictly; never raises for bad input.

    ``path`` only labels the findings; ``line_offset`` is added to every line
    (front matter that starts below line 1 of its Markdown file).
    """
    text, stop = _decode(source, path, line_offset, max_bytes)
    if text is None:
        assert stop is not None
        return LoadedYaml(data=None, findings=[stop], positions={(): (1 + line_offset, 1)})
    builder = _Builder(path, line_offset, require_mapping)
    bad = _NON_PRINTABLE.search(text)
    if bad is not None:
        # Both readers refuse exactly these characters (PyYAML's Reader.NON_PRINTABLE,
        # libyaml's reader); found here, with their place, neither reader meets one.
        line, col = line_col(text, bad.start())
        builder.add(
            (line + line_offset, col),
            "FX101",
            f"the character U+{ord(bad.group()):04X} is not allowed in YAML; remove it",
        )
        builder.fatal = True
        return builder.close()
    text = _refuse_old_breaks(text, builder)
    loader: Any = None
    try:
        loader = _EventLoader(text)
        while not builder.stop and loader.check_event():
            builder.feed(loader.get_event())
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        problem = _one_line(exc.problem or exc.context or "invalid YAML")
        if "maximum nesting depth" in problem:
            # libyaml's own limit, met while scanning ahead of our builder.
            builder.add(
                builder.mark(mark), "FX106", f"too deeply nested (more than {MAX_DEPTH} levels)"
            )
            builder.fatal = True
            return builder.close()
        # The two parsers word this one differently; say it one way.
        problem = problem.replace("not allowed in this context", "not allowed here")
        context = _one_line(exc.context or "")
        if exc.context_mark is not None:
            context += f" at line {exc.context_mark.line + 1 + line_offset}"
        here = mark or exc.context_mark
        # In plain words, with the fix: never the parser's own wording.
        from fxsite.evidence.yaml_words import yaml_message  # only text YAML cannot parse

        message, where = yaml_message(
            problem if exc.problem else "",
            context,
            text,
            here.line if here else 0,
            here.column if here else 0,
        )
        pos = builder.mark(mark)
        if where is not None:  # where the writer went wrong, before where the parser stopped
            pos = (where[0] + 1 + line_offset, where[1] + 1)
        builder.add(pos, "FX101", message)
        builder.fatal = True
    except (yaml.YAMLError, RecursionError, MemoryError, ValueError, TypeError):
        # PyYAML should only raise the errors above; anything else is still
        # the input's fault from the user's point of view, never a traceback.
        builder.add(builder.mark(None), "FX101", "this file cannot be read as YAML")
        builder.fatal = True
    finally:
        if loader is not None:
            loader.dispose()
    return builder.close()
