"""A search entry's figures in the order the page gives them.

A search index repeats a page's text, and each figure in it may be a copy of one
the page cites (:mod:`.copies`). An entry that is one of the page's boxes, or a run
of them, was judged on the page (:class:`~.boxes.Boxes`); another repeats the page
loosely (a heading as a result's title, a flattened table, a summary). Each figure
of such an entry is a cited one, but two of them may be swapped, or one put where
another stands: "from 94 s to 178 s" over a page's "from 178 s to 94 s" (blind61).

So on a page the build writes (not a record page, whose values are no claims), the
figures a block of an entry states, two or more, each a claim of the page, must be a
run of the page's claims, one after another, each the claim's text (or it with a loose
or bound word before it: :func:`~fxsite.pages.judge.told_in`); else FX612. One figure
alone cannot be out of order, and one that is no claim of the page is judged as a copy
(:mod:`.copies`), by the rules that tell it once.

One figure can be put where another stands, though: "Saves took 178 s." over the page's
"Saves took 94 s.", both cited (blind61). So a block of an entry that is not one of the
page's boxes, but would be one with one of its figures replaced by another claim of the
page, is FX612 too (:func:`swapped`): the page's own sentence with another figure in it.
"""

from __future__ import annotations

from collections.abc import Sequence

from fxsite.pages.judge import told_in
from fxsite.verify.boxes import Boxes
from fxsite.verify.scan import Candidate

__all__ = ["out_of_order", "swapped"]


def out_of_order(candidates: Sequence[Candidate], claims: Sequence[str]) -> list[tuple[str, str]]:
    """Each block of ``candidates`` (one search entry's figures) holding two figures or
    more that are no run of ``claims`` (the page's claims' texts, in document order):
    ``(message, text)``."""
    by_block: dict[str, list[Candidate]] = {}
    for candidate in candidates:
        by_block.setdefault(candidate.block, []).append(candidate)
    out = []
    for block, found in by_block.items():
        said = [f.shown for f in sorted(found, key=lambda f: f.start)]
        if len(said) < 2 or not all(any(told_in(t, c) for c in claims) for t in said):
            continue  # a figure that is no claim of the page is the copy rules' to judge
        if _a_run(said, claims):
            continue
        shown = block if len(block) <= 120 else f"{block[:117]}…"
        message = (
            f"a search entry says '{shown}': its figures ({', '.join(said)}) are not in "
            "the order the page cites them; publish the page's own text"
        )
        out.append((message, said[0]))
    return out


def _a_run(said: Sequence[str], claims: Sequence[str]) -> bool:
    """``said`` is the texts of consecutive ``claims``, each told in its claim."""
    last = len(claims) - len(said)
    return any(
        all(told_in(text, claims[at + k]) for k, text in enumerate(said)) for at in range(last + 1)
    )


def swapped(
    candidates: Sequence[Candidate], claims: Sequence[str], shown: Boxes
) -> list[tuple[str, str]]:
    """Each figure of ``candidates`` (one search entry's figures, in blocks that are no
    box of the page: the rest were skipped) that stands where the page's box ``shown``
    has another of its ``claims``: ``(message, text)``."""
    texts = sorted(set(claims))
    out = []
    for c in candidates:
        if c.shown not in texts:
            continue  # no claim of the page: the copy rules' to judge
        for other in texts:
            if other != c.shown and shown.cover(f"{c.block[: c.start]}{other}{c.block[c.end :]}"):
                block = c.block if len(c.block) <= 120 else f"{c.block[:117]}…"
                message = (
                    f"a search entry says '{block}' with '{c.shown}' where the page says "
                    f"'{other}'; publish the page's own text"
                )
                out.append((message, c.shown))
                break
    return out
