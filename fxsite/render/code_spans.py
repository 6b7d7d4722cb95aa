"""Inline code spans found in a bounded time, however many backticks a paragraph has.

Python-Markdown's code span pattern (:class:`~markdown.inlinepatterns.BacktickInlineProcessor`)
looks, for each run of backticks, for the next run of the same length by reading the
rest of the paragraph character by character, and reads it all where none comes: a
paragraph of ``` ``a` ``` 8,000 times (32 KB) took 13 s to check, quadratic (a fuzz of
inline tokens found it; blind78 had found the same of links, :mod:`.link_brackets`).

Decisions:

- A code span is looked for in the :data:`MAX_CODE_SPAN` characters after its opening
  backticks alone: within them Python-Markdown's own reading is kept, character for
  character (its fallback to a shorter closing run too); a code span longer than that
  is none (its backticks are shown as written, and its text is read as prose).
- The page's reader refuses, before rendering, a paragraph (or a table's row, whose
  cells are read apart) with more than :data:`MAX_CODE_RUNS` runs of backticks
  (:func:`code_runs`): each may cost a reading of the whole reach, so the reading of a
  page stays in a bounded time.
- The pattern is put in place only where Python-Markdown's own is registered: another
  extension's (``pymdownx.inlinehilite``) is left as it is.
"""

from __future__ import annotations

import re
from typing import cast

from markdown import Markdown
from markdown.inlinepatterns import BacktickInlineProcessor

__all__ = ["MAX_CODE_RUNS", "MAX_CODE_SPAN", "bounded_code_spans", "code_runs"]

#: The characters after a code span's opening backticks its closing ones are looked for in.
MAX_CODE_SPAN = 2048
#: Most runs of backticks a paragraph (or a table's row) may hold: 1,000 code spans. Each
#: opening the next run of its length does not close reads the whole reach (``` ``a` ```
#: repeated: Python-Markdown opens each at the last two of three backticks), so this many
#: take about a second.
MAX_CODE_RUNS = 2000
_RUN = re.compile(r"`+")


class _Bounded(BacktickInlineProcessor):
    """Python-Markdown's code span pattern, reading :data:`MAX_CODE_SPAN` characters."""

    # Python-Markdown's own annotation says what its code does not (it gives (start, None))
    def find_code_spans(self, start: int, text: str) -> tuple[int, int | None]:  # type: ignore[override]
        window = text[start : start + MAX_CODE_SPAN]
        found, end = cast("tuple[int, int | None]", super().find_code_spans(0, window))
        return found + start, None if end is None else end + start


def bounded_code_spans(md: Markdown) -> None:
    """Python-Markdown's code span pattern in ``md`` replaced by the bounded one."""
    if "backtick" in md.inlinePatterns and type(md.inlinePatterns["backtick"]) is (
        BacktickInlineProcessor
    ):
        stock = md.inlinePatterns["backtick"]
        md.inlinePatterns.register(_Bounded(stock.pattern), "backtick", 190)


def code_runs(text: str) -> int:
    """The most runs of backticks one text Python-Markdown reads inline in ``text`` (a
    paragraph; a table's row, whose cells are read apart) holds: each may be a code
    span's opening that reads :data:`MAX_CODE_SPAN` characters after it."""
    lines = text.split("\n")
    if all(line.lstrip().startswith("|") for line in lines if line.strip()):
        return max((len(_RUN.findall(line)) for line in lines), default=0)
    return len(_RUN.findall(text))
