"""An FAQ's structured data against the FAQ the page shows.

A page with an FAQ carries it twice: as headings and answers in the page, and as
schema.org ``Question``\\ s in its JSON-LD, which a search engine shows as they are
(blind61). Each figure of the JSON-LD is a copy of one the page cites
(:mod:`.copies`), but a copy may stand in the wrong answer: an answer that swaps
the page's "178 s to 94 s" into "94 s to 178 s", or that gives another question's
figure, repeats cited figures only.

So each ``Question`` of the JSON-LD is found on the page, as the text of a heading
(``h2``…``h6``) or of a ``<details>``' ``<summary>``; its answer there is what
follows, up to the next heading of the same level or higher (the rest of the
``<details>``). The figures each answer states (:func:`~fxsite.pages.figures.find_bare_figures`,
on its text as a reader reads it: a claim's mark and screen readers' words left out)
must be the page's, in the same order. Both texts are compared with typographic
quotes, dashes and ellipses as their plain forms (a site's ``smarty`` writes the
page's "don't" as "don’t"; the JSON-LD keeps the Markdown's).

A question the page does not ask is FX612 too: its answer would stand unchecked.
"""

from __future__ import annotations

from collections.abc import Iterator

from selectolax.lexbor import LexborHTMLParser, LexborNode

from fxsite.pages.figures import find_bare_figures
from fxsite.pages.question_units import answered
from fxsite.verify.notes import Note

__all__ = ["faq_notes"]

#: Typographic forms read as their plain ones.
_PLAIN = str.maketrans({"‘": "'", "’": "'", "“": '"', "”": '"', "–": "-", "—": "-"})
#: What a reader does not read in an answer: a claim's mark and its screen readers'
#: words, a heading's permalink.
_UNREAD = frozenset({"fx-badge", "fx-sr", "headerlink"})
_HEADINGS = {f"h{n}": n for n in range(2, 7)}
#: Elements a reader reads apart from the text before them (inline ones join it:
#: ``9<b>4</b> s`` reads "94 s").
_APART = frozenset(
    {"p", "div", "li", "ul", "ol", "dl", "dt", "dd", "br", "table", "tr", "td", "th",
     "blockquote", "pre", "section", "figure", "figcaption", "details", "summary",
     *_HEADINGS, "h1"}
)  # fmt: skip


def _plain(text: str) -> str:
    return " ".join(text.translate(_PLAIN).replace("…", "...").split())


def questions(data: object) -> Iterator[tuple[str, list[str]]]:
    """Each ``Question`` of JSON-LD ``data`` that names itself: its name and its answers'
    texts (schema.org reads them as HTML), by the one walk of a page's JSON-LD questions
    (:func:`~fxsite.pages.question_units.answered`)."""
    for item, name, texts in answered(data):
        if item.get("@type") == "Question":
            yield name, texts


def _read(node: LexborNode | None, out: list[str]) -> None:
    """The text of ``node`` and its descendants as a reader reads an answer (own stack)."""
    stack = [node] if node is not None else []
    while stack:
        current = stack.pop()
        if current.tag == "-text":
            out.append(current.text_content or "")
            continue
        if _UNREAD & set((current.attributes.get("class") or "").split()):
            continue
        if current.tag in ("script", "style", "template"):
            continue
        if current.tag in _APART:
            out.append(" ")
        child = current.last_child
        while child is not None:
            stack.append(child)
            child = child.prev


def _text(nodes: list[LexborNode]) -> str:
    out: list[str] = []
    for node in nodes:
        _read(node, out)
    return _plain("".join(out))


def shown_faq(body: LexborNode) -> dict[str, str]:
    """The page's questions (a heading's or a summary's text) and the text of each one's
    answer, the first where a question is asked twice."""
    shown: dict[str, str] = {}
    for node in body.css("h2, h3, h4, h5, h6, details > summary"):
        following: list[LexborNode] = []
        level = _HEADINGS.get(node.tag or "")
        sibling = node.next
        while sibling is not None:
            tag = sibling.tag or ""
            if level is not None and tag in _HEADINGS and _HEADINGS[tag] <= level:
                break
            if tag == "h1":
                break
            following.append(sibling)
            sibling = sibling.next
        shown.setdefault(_text([node]), _text(following))
    return shown


def _figures(text: str) -> list[str]:
    return [text[f.start : f.end] for f in find_bare_figures(text)]


def _answer_text(answer: str) -> str:
    """An Answer's text as schema.org reads it: as HTML."""
    if "<" not in answer and "&" not in answer:
        return _plain(answer)
    body = LexborHTMLParser(answer).body
    return _plain(body.text(separator=" ") if body is not None else "")


def faq_notes(data: object, body: LexborNode | None) -> list[Note]:
    """FX612 for each ``Question`` of JSON-LD ``data`` that ``body`` does not ask, or
    answers with other figures."""
    notes: list[Note] = []
    shown: dict[str, str] | None = None
    for name, answers in questions(data):
        if shown is None:
            shown = shown_faq(body) if body is not None else {}
        asked = _plain(name)
        page = shown.get(asked)
        if page is None:
            notes.append(
                Note(
                    "FX612",
                    f"the page's structured data (JSON-LD) asks '{asked}', which the page "
                    "does not ask as a heading: a search engine would show an answer no "
                    "one checked",
                    name,
                )
            )
            continue
        wanted = _figures(page)
        for answer in answers:
            given = _figures(_answer_text(answer))
            if given != wanted:
                notes.append(Note("FX612", _unlike(asked, given, wanted), answer))
    return notes


def _unlike(asked: str, given: list[str], wanted: list[str]) -> str:
    """What the finding says: the first figure that differs, and where."""
    at = next(
        (i for i, (g, w) in enumerate(zip(given, wanted, strict=False)) if g != w),
        min(len(given), len(wanted)),
    )
    says = f"'{given[at]}'" if at < len(given) else "no more figures"
    shows = f"'{wanted[at]}'" if at < len(wanted) else "no more figures"
    return (
        f"the page's structured data (JSON-LD) answers '{asked}' with {says} where the "
        f"page's answer has {shows} (figure {at + 1} of {len(wanted)}): a search engine "
        "shows the structured data as it is; publish the page's answer"
    )
