"""A YAML syntax error in a record, told as the fix to make, at the line to fix.

PyYAML says where it *stopped* and what it could not do ("mapping values are
not allowed here", "expected <block end>"). That is often not where the
writer went wrong: a quote left open on line 3 is closed by the next quote the
file has, and the parser stops six lines later; a value indented 3 spaces
among fields indented 4 makes the parser stop at the next, correct, line.

:func:`yaml_message` tries the rules of :data:`RULES` in order, each a small
function of the error (:class:`YamlError`) that returns what to say and,
when it knows better than the parser, the line to say it at; the first that
answers wins. No library wording is ever passed through (a test runs a table
of typical mistakes and looks for any).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

__all__ = ["RULES", "YamlError", "yaml_message"]

#: 0-based (line, column) to report instead of where the parser stopped
Where = tuple[int, int]
#: what a rule says: the message, and where when that is not where the parser stopped
Told = tuple[str, Where | None]


@dataclass(frozen=True)
class YamlError:
    """A YAML syntax error: PyYAML's ``problem`` and ``context``, and where it stopped
    (0-based ``index`` into ``lines``, and ``col``)."""

    problem: str
    context: str
    lines: list[str]
    index: int
    col: int

    @property
    def current(self) -> str:
        return self.lines[self.index] if self.lines else ""

    @property
    def at(self) -> str:
        """The character where the parser stopped ("" past the line's end)."""
        return self.current[self.col] if 0 <= self.col < len(self.current) else ""

    @property
    def opened(self) -> str:
        """ " opened at line 6" when the context names where its construct began."""
        found = re.search(r"at line (\d+)", self.context)
        return f" opened at line {found.group(1)}" if found else ""


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _key(line: str) -> str | None:
    match = re.match(r"\s*(?:-\s+)?([^\s:#][^:#]*?)\s*:(?:\s|$)", line)
    return match.group(1) if match else None


def _above(lines: list[str], index: int) -> int | None:
    """Index of the nearest non-blank, non-comment line above ``index``."""
    for i in range(index - 1, -1, -1):
        if lines[i].strip() and not lines[i].lstrip().startswith("#"):
            return i
    return None


def _parent(lines: list[str], index: int, indent: int) -> int | None:
    """Index of the nearest keyed line above ``index`` indented less than ``indent``."""
    for i in range(index - 1, -1, -1):
        if lines[i].strip() and _indent(lines[i]) < indent and _key(lines[i]):
            return i
    return None


def _child_indents(lines: list[str], parent_indent: int, skip: int) -> Counter[int]:
    """How far the file indents the fields under the keys indented ``parent_indent`` other
    than line ``skip``'s: for each such key that holds no value, the indentation of the
    first line below it."""
    seen: Counter[int] = Counter()
    for i, line in enumerate(lines):
        if i == skip or _indent(line) != parent_indent:
            continue
        if not re.fullmatch(r"\s*[^\s:#][^:#]*:\s*", line):
            continue
        below = next((j for j in range(i + 1, len(lines)) if lines[j].strip()), None)
        if below is not None and _indent(lines[below]) > parent_indent:
            seen[_indent(lines[below])] += 1
    return seen


# -- the rules, in the order they are tried ---------------------------------------------


def _tab(err: YamlError) -> Told | None:
    # First: the line may hold a bracket too, which is not what YAML stopped at.
    problem = err.problem
    told = "'\\t'" in problem or "\t" in problem or re.search(r"\btab\b", problem)
    if not told and err.at != "\t":
        return None
    current = err.current
    if "\t" in current[: len(current) - len(current.lstrip())] or not current.strip():
        return (
            "a tab in the indentation: YAML indents with spaces only; replace the tab with spaces",
            None,
        )
    return "a tab where YAML reads a token: replace the tab with a space", None


#: A field whose value starts with a quote: ``title: "FX100 …``.
_QUOTED_VALUE = re.compile(r"\s*(?:-\s+)?[^\s:#'\"][^:#]*?:\s+(?P<quote>[\"'])(?P<rest>.*)$")


def _closes(quote: str, rest: str) -> bool:
    """Whether a quoted value's ``rest`` (after its opening ``quote``) closes on its line."""
    if quote == "'":
        return "'" in rest.replace("''", "")
    return re.search(r'(?<!\\)(?:\\\\)*"', rest) is not None


def _closed_at(lines: list[str], opened: int, quote: str) -> int | None:
    """The line a quoted value opened on line ``opened`` closes on (None: never)."""
    for j in range(opened + 1, len(lines)):
        if _closes(quote, lines[j]):
            return j
    return None


def _open_quote(err: YamlError) -> Told | None:
    """A quote opened and not closed on its line, above where the parser stopped: YAML
    read on to the next quote in the file, and stopped past it (a text over several lines
    that closes well before where the parser stopped is not this)."""
    for i in range(err.index + 1 if err.index < len(err.lines) else len(err.lines)):
        match = _QUOTED_VALUE.match(err.lines[i])
        if match is None or _closes(match["quote"], match["rest"]):
            continue
        if i == err.index and "quoted scalar" not in err.context:
            continue  # the parser stopped on this very line, for its own reason
        closing = _closed_at(err.lines, i, match["quote"])
        if closing is not None and closing < err.index - 1:
            continue  # a text over several lines, closed well before the parser stopped
        key = _key(err.lines[i]) or "the value"
        quote = match["quote"]
        return (
            f"the {quote} that starts the value of `{key}` is never closed on its line; "
            f"add the closing {quote} at the end of the value",
            (i, match.start("quote")),
        )
    return None


def _flow_value(err: YamlError) -> Told | None:
    # "a: [94 s](evidence:R1#x) per save": a claim at the start of a value reads as a
    # YAML list; the text only needs quotes.
    match = re.match(r"\s*(?:-\s+)?(?P<key>[\w-]+):\s+(?P<value>[\[{].*)$", err.current)
    if match is None:
        return None
    key, value = match.group("key"), match.group("value").rstrip()
    what = "list" if value.startswith("[") else "mapping"
    quoted = value.replace('"', '\\"')
    return (
        f"the value of `{key}` starts with '{value[0]}', so YAML reads a {what}; "
        f'put the text in quotes: {key}: "{quoted}"',
        None,
    )


def _odd_indent_above(err: YamlError) -> Told | None:
    """The line above is the one indented unlike the rest of the file: ``   value: 94``
    (3 spaces) over ``    unit: s`` (4, as the other figures' fields are)."""
    above = _above(err.lines, err.index)
    if above is None or _indent(err.current) <= _indent(err.lines[above]):
        return None
    parent = _parent(err.lines, above, _indent(err.lines[above]))
    if parent is None:
        return None
    # The file's other blocks at this level indent as the line below does (at least as
    # often as they indent as the line above does).
    seen = _child_indents(err.lines, _indent(err.lines[parent]), parent)
    usual = _indent(err.current)
    if not seen[usual] or seen[usual] < seen[_indent(err.lines[above])]:
        return None
    key = _key(err.lines[above]) or err.lines[above].strip()[:30]
    beside = _key(err.current) or "the line below"
    return (
        f"`{key}` is indented {_indent(err.lines[above])} spaces, unlike the fields beside "
        f"it: indent `{key}` {usual} spaces, like `{beside}`",
        (above, _indent(err.lines[above])),
    )


def _mapping_values(err: YamlError) -> Told | None:
    if "mapping values are not allowed" not in err.problem:
        return None
    lines, current = err.lines, err.current
    above = _above(lines, err.index)
    key = _key(current)
    if above is not None and re.search(r"\w:[^\s/]", lines[above]) and ": " not in lines[above]:
        glued = lines[above].strip()
        return f"put a space after the colon in `{glued}` (line {above + 1})", None
    if above is not None and key and _indent(current) > _indent(lines[above]):
        sibling = _key(lines[above]) or "the line above"
        return (
            f"`{key}` is indented more than `{sibling}` above it: indent `{key}` "
            f"{_indent(lines[above])} spaces, like `{sibling}`",
            None,
        )
    if key:
        value = current.split(":", 1)[1].strip()
        return f"the value of `{key}` contains ': '; put it in quotes: {key}: \"{value}\"", None
    return "a ':' is out of place; put a text containing ': ' in quotes", None


def _bad_start(err: YamlError) -> Told | None:
    if "cannot start any token" in err.problem:
        char = re.search(r"character '(.+?)'", err.problem)
        sign = char.group(1) if char else (err.at or err.current.strip()[:1])
    elif "alias" in err.context or "anchor" in err.context:
        sign = "*" if "alias" in err.context else "&"
    else:
        return None
    key = _key(err.current) or "the value"
    return f'a value cannot start with {sign}; put it in quotes ({key}: "...")', None


def _escape(err: YamlError) -> Told | None:
    if "escape" not in err.problem:
        return None
    return (
        "a backslash in a double-quoted text starts an escape this one is not; "
        "write \\\\ for a backslash, or use single quotes",
        None,
    )


def _unclosed(err: YamlError) -> Told | None:
    if "quoted scalar" in err.context:
        return f"the quote{err.opened} is never closed; add the closing quote", None
    if "flow mapping" in err.context or "flow sequence" in err.context:
        bracket = "{" if "mapping" in err.context else "["
        close = "}" if bracket == "{" else "]"
        return (
            f"the '{bracket}'{err.opened} is never closed, or two entries lack a ',' between "
            f"them; add the '{close}' or the ','",
            None,
        )
    return None


def _list_item(err: YamlError) -> Told | None:
    if not err.current.lstrip().startswith("- "):
        return None
    return (
        "a list item ('- ') where a field was expected; write `name: value` here, "
        "or indent the list under the field it belongs to",
        None,
    )


def _block_end(err: YamlError) -> Told | None:
    if "block end" not in err.problem and "block mapping" not in err.context:
        return None
    lines, index = err.lines, err.index
    line = lines[index]
    key = _key(line) or line.strip()[:30]
    above = _above(lines, index)
    if above is None:
        return f"`{key}` is indented; a record's top-level fields start at the first column", None
    sibling, width = _key(lines[above]), _indent(lines[above])
    parent = _parent(lines, above + 1, width)
    if parent is not None and sibling:
        return (
            f"`{key}` is indented {_indent(line)} spaces, which matches no field above it: "
            f"indent `{key}` under `{_key(lines[parent])}` with {width} spaces, like `{sibling}`",
            None,
        )
    return (
        f"`{key}` is indented {_indent(line)} spaces; indent it {width} spaces, like the line above",
        None,
    )


#: The rules, in order: the first to answer is told.
RULES: tuple[Callable[[YamlError], Told | None], ...] = (
    _tab,
    _open_quote,
    _flow_value,
    _odd_indent_above,
    _mapping_values,
    _bad_start,
    _escape,
    _unclosed,
    _list_item,
    _block_end,
)

_ANY = (
    "this line is not valid YAML: check that it is indented with spaces like the "
    "fields beside it, that each key is followed by ': ', and that quotes are closed"
)


def yaml_message(problem: str, context: str, text: str, line: int, col: int) -> Told:
    """A YAML syntax error (PyYAML's ``problem`` and ``context``) as a fix to make, and the
    0-based (line, column) to tell it at when that is not where the parser stopped.

    ``line`` and ``col`` are 0-based, where PyYAML stopped; ``context`` may name
    where the construct it was reading began ("... at line 6").
    """
    lines = text.split("\n")
    index = min(max(line, 0), len(lines) - 1) if lines else 0
    err = YamlError(problem, context, lines, index, col)
    for rule in RULES:
        told = rule(err)
        if told is not None:
            return told
    return _ANY, None
