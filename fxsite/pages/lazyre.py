"""Regular expressions compiled on their first use.

The detector's rules are many and large; CPython's ``re`` compiles them in
Python, and the ones with big character sets (Chinese) cost about a
millisecond each. A rule that runs only on some text (Chinese text, a
paragraph with a number word or with "token" in it) is a :class:`LazyPattern`:
a page without such text never pays for compiling it. The rules that run on
every paragraph stay plain compiled patterns. A rule runs only where the text
:func:`holds` its cue (:func:`needles`: a word or sign every match holds).
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator

__all__ = ["LazyPattern", "holds", "needles"]


class LazyPattern:
    """The methods of a compiled pattern the detector uses, compiling on the first call."""

    __slots__ = ("_compiled", "flags", "source")

    def __init__(self, source: str, flags: int = 0) -> None:
        self.source = source
        self.flags = flags
        self._compiled: re.Pattern[str] | None = None

    @property
    def compiled(self) -> re.Pattern[str]:
        if self._compiled is None:
            self._compiled = re.compile(self.source, self.flags)
        return self._compiled

    def finditer(self, text: str) -> Iterator[re.Match[str]]:
        return self.compiled.finditer(text)

    def search(self, text: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        return self.compiled.search(text, pos, endpos)

    def match(self, text: str, pos: int = 0) -> re.Match[str] | None:
        return self.compiled.match(text, pos)

    def fullmatch(self, text: str) -> re.Match[str] | None:
        return self.compiled.fullmatch(text)


def needles(*words: str) -> re.Pattern[str]:
    """A rule's cue: a pattern found where a text holds any of ``words`` (as substrings),
    the same in every process (vocabularies are sets: their order changes with the hash seed)."""
    return re.compile("|".join(map(re.escape, sorted(set(words), key=lambda n: (-len(n), n)))))


def holds(text: str, cue: re.Pattern[str]) -> bool:
    """Whether ``text`` holds ``cue``: a rule runs only on text that does."""
    return cue.search(text) is not None
