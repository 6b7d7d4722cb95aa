"""Link texts' closing brackets found in time linear in a paragraph, however many links it has.

Python-Markdown's link patterns (``[text](url)``, ``![alt](src)``, ``[text][id]``,
``[text]``) find the ``]`` that closes a link's text by reading the whole
paragraph for every bracket in it, once per paragraph text; but each link found
changes the text (the link becomes a placeholder), so a paragraph of *n* claims
was read *n* times: 1,000 claims in one paragraph took 6 s to check, 4,000 took
99 s. :func:`linear_links` puts in their place the same patterns reading with a
:class:`Brackets`, which gives the same closing brackets for the same texts.

Decisions:

- Brackets are matched as Python-Markdown matches them: a link's text ends at the
  ``]`` that brings the count of ``[`` less ``]`` after its ``[`` back to none
  (escaped brackets are placeholders by then). No bracket closes a ``[`` when the
  count never comes back.
- The text is read left to right, bracket by bracket, only as far as the bracket
  asked about closes, and what was read is kept in distances from the text's end.
  When a link found becomes a placeholder, what was read after the link is still
  true of the new text (the same characters, at the same distance from its end),
  so it is kept; what was read before it is forgotten. Each bracket of a
  paragraph is then read a bounded number of times: a paragraph of links, of
  ``[`` that never close, or of both, takes time linear in its length.
- Patterns are put in place only where Python-Markdown's own are registered:
  another extension's link pattern under the same name is left as it is.
- The rare caller asking about a place that does not follow a ``[`` gets
  Python-Markdown's own answer, read afresh.
- A link's destination and title (what follows ``](``) are read in the next
  :data:`MAX_LINK_TAIL` characters alone: Python-Markdown reads from each ``](`` to the
  paragraph's end when the ``)`` that closes it never comes (``[a](b "c)"`` repeated:
  2,000 took 3.6 s, quadratic), and a link whose destination and title run longer than
  that is no link a page means (browsers cap a URL near 2,000 characters). The page's
  reader refuses, before rendering, a page with more than
  :data:`~fxsite.pages.page.MAX_UNMATCHED` such tails that do not close
  (:func:`unclosed_link_tails`), so that the reading stays in a bounded time.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from markdown import Markdown
from markdown.inlinepatterns import (
    ImageInlineProcessor,
    ImageReferenceInlineProcessor,
    LinkInlineProcessor,
    ReferenceInlineProcessor,
    ShortImageReferenceInlineProcessor,
    ShortReferenceInlineProcessor,
)

__all__ = ["MAX_LINK_TAIL", "Brackets", "linear_links", "unclosed_link_tails"]

_BRACKET = re.compile(r"[\[\]]")

#: The characters after a link's ``](`` its destination and title are read in.
MAX_LINK_TAIL = 2048
#: A link's tail that closes as Python-Markdown closes it, soon: a destination (in
#: ``<>``, or with balanced parentheses one deep), an optional title, the ``)``.
_CLOSED_TAIL = re.compile(
    r"\]\(\s*(?:<[^<>\n]*>|[^\s()]*(?:\([^\s()]*\)[^\s()]*)*)"
    r"(?:\s+(?:\"[^\"\n]*\"|'[^'\n]*'|\([^()\n]*\)))?\s*\)"
)


def unclosed_link_tails(text: str) -> int:
    """How many of ``text``'s ``](`` start no destination and title that close soon
    (:data:`_CLOSED_TAIL`): each costs Python-Markdown a reading of up to
    :data:`MAX_LINK_TAIL` characters."""
    return sum(1 for m in re.finditer(r"\]\(", text) if _CLOSED_TAIL.match(text, m.start()) is None)


_Match = tuple[ET.Element | str | None, int | None, int | None]


class Brackets:
    """The closing brackets of one text at a time, read as far as asked."""

    def __init__(self) -> None:
        self.reads = 0  # brackets read, for the tests' count of work
        self._text = ""
        self._next = 0  # the place of the first character not read yet
        self._known = 0  # brackets this many characters or fewer from the end are read
        self._open: list[int] = []  # brackets not closed yet, in distances from the end
        self._closes: dict[int, int] = {}  # a ``[``'s distance from the end → its ``]``'s
        self._changed: tuple[str, int] | None = None  # a text, and the end of a link in it

    def close(self, text: str, index: int) -> int | None:
        """The place just past the ``]`` closing the ``[`` at ``index - 1`` of ``text``."""
        if text is not self._text:
            self._follow(text)
        at = len(text) - (index - 1)
        if at > self._known:  # before what was read: read from here
            self._start(text, index - 1)
        while at not in self._closes:
            if self._next >= len(text):
                return None
            self._read(text)
        return len(text) - self._closes[at]

    def replaced(self, text: str, end: int) -> None:
        """A link ending at ``end`` in ``text`` is to become a placeholder in the next text."""
        self._changed = (text, end)

    def _start(self, text: str, place: int) -> None:
        self._text, self._next, self._known = text, place, len(text) - place
        self._open, self._closes = [], {}

    def _follow(self, text: str) -> None:
        """Keep what was read past the link last replaced, if ``text`` is the text after it."""
        changed, self._changed = self._changed, None
        old = self._text
        if changed is None or changed[0] is not old or self._next < changed[1]:
            self._start(text, len(text))
            return
        kept = len(old) - changed[1]
        if kept > len(text) or not text.endswith(old[changed[1] :]):
            self._start(text, len(text))
            return
        self._next = len(text) - (len(old) - self._next)
        self._known = min(self._known, kept)
        cut = 0
        while cut < len(self._open) and self._open[cut] > kept:
            cut += 1
        del self._open[:cut]
        self._text = text

    def _read(self, text: str) -> None:
        """Read the next bracket of ``text`` (or to its end)."""
        found = _BRACKET.search(text, self._next)
        if found is None:
            self._next = len(text)
            return
        self.reads += 1
        place = found.start()
        self._next = place + 1
        if text[place] == "[":
            self._open.append(len(text) - place)
        elif self._open:
            self._closes[self._open.pop()] = len(text) - place - 1


class _Linear(LinkInlineProcessor):
    """A link pattern whose link texts end where :class:`Brackets` closes them."""

    def __init__(self, pattern: str, md: Markdown) -> None:
        super().__init__(pattern, md)
        self.brackets = Brackets()

    def getText(self, data: str, index: int) -> tuple[str, int, bool]:
        if index < 1 or data[index - 1] != "[":
            self._bracket_data = None  # Python-Markdown's own reading, afresh
            return super().getText(data, index)
        end = self.brackets.close(data, index)
        if end is None:
            return data[index:], len(data), False
        return data[index : end - 1], end, True

    def getLink(self, data: str, index: int) -> tuple[str, str | None, int, bool]:
        """Python-Markdown's reading of a link's destination and title, in the next
        :data:`MAX_LINK_TAIL` characters (see the module's note)."""
        href, title, end, handled = super().getLink(data[index : index + MAX_LINK_TAIL], 0)
        # -1: where Python-Markdown ends a link at the text's last character (a title's
        # quote left open after a parenthesis closed), kept as it gives it
        return href, title, end + index if end >= 0 else end, handled

    def handleMatch(self, m: re.Match[str], data: str) -> _Match:  # type: ignore[override]
        element, start, end = super().handleMatch(m, data)
        if element is not None and end is not None:
            self.brackets.replaced(data, end)
        return element, start, end


class _Link(_Linear):
    pass


class _Image(_Linear, ImageInlineProcessor):
    pass


class _Reference(_Linear, ReferenceInlineProcessor):
    pass


class _ImageReference(_Linear, ImageReferenceInlineProcessor):
    pass


class _ShortReference(_Linear, ShortReferenceInlineProcessor):
    pass


class _ShortImageReference(_Linear, ShortImageReferenceInlineProcessor):
    pass


#: Python-Markdown's link patterns: name, class, priority, and the linear class in its place
_PATTERNS: tuple[tuple[str, type[LinkInlineProcessor], int, type[_Linear]], ...] = (
    ("reference", ReferenceInlineProcessor, 170, _Reference),
    ("link", LinkInlineProcessor, 160, _Link),
    ("image_link", ImageInlineProcessor, 150, _Image),
    ("image_reference", ImageReferenceInlineProcessor, 140, _ImageReference),
    ("short_reference", ShortReferenceInlineProcessor, 130, _ShortReference),
    ("short_image_ref", ShortImageReferenceInlineProcessor, 125, _ShortImageReference),
)


def linear_links(md: Markdown) -> None:
    """Python-Markdown's link patterns in ``md`` replaced by the same patterns, linear."""
    for name, stock, priority, linear in _PATTERNS:
        if name in md.inlinePatterns and type(md.inlinePatterns[name]) is stock:
            pattern = md.inlinePatterns[name].pattern
            md.inlinePatterns.register(linear(pattern, md), name, priority)
