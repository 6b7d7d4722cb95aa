"""What a page draws beyond its text: findings of the drawing rules, and who may lift them.

The rules of :mod:`.order` (text drawn in another order than written) and
:mod:`.scripts` (text a script or a stylesheet writes; things the gate cannot
read) give :class:`Note` s. A note about a writer names it; whether it refuses
depends on the run (:func:`judge_writer`): the build refuses a writer its
project does not declare, and every run refuses one whose drawing no browser
checked (``--browser`` lifts that one, ``FX505``, by drawing the pages).
"""

from __future__ import annotations

from dataclasses import dataclass

from fxsite.findings import Severity

__all__ = [
    "NOT_DRAWN",
    "REORDERED",
    "UNDECLARED",
    "UNREAD",
    "Note",
    "judge_writer",
    "writer_note",
]

#: text drawn in another order than written (a bidi override, flex ``order``…)
REORDERED = "FX504"
#: a script or stylesheet writes text, and no browser checked what it draws
NOT_DRAWN = "FX505"
#: a script or stylesheet writes text, and the project does not declare it
UNDECLARED = "FX506"
#: drawn from what the gate cannot read: a web font, another origin's code, a frame (warning)
UNREAD = "FX507"


@dataclass(frozen=True)
class Note:
    """One drawing finding on a file, quoting ``text`` to place it."""

    code: str
    message: str
    text: str | None = None
    severity: Severity = "error"
    #: a writer's site path ("" for inline code); None when the note is not about a writer
    writer: str | None = None


#: What a writer's note says until a run judges it (see :func:`judge_writer`).
_NOT_DRAWN_HINT = ", which the gate cannot read: only a browser sees it ("
_HOW = {
    True: "fxsite build --browser, fxsite audit --browser)",
    # Inline code is never declared: a build refuses it (FX506) even with --browser.
    False: "fxsite audit --browser; to publish it, move it into a file listed in the "
    "fxsite plugin's scripts_that_write and build with --browser)",
}


def writer_note(message: str, text: str, writer: str) -> Note:
    """A note that ``writer`` (a site path, "" for inline code) writes text, as ``message`` says."""
    return Note(NOT_DRAWN, message + _NOT_DRAWN_HINT + _HOW[bool(writer)], text, writer=writer)


def judge_writer(writer: str, message: str, declared: frozenset[str] | None) -> tuple[str, str]:
    """The code and message of a writer's note: ``declared`` are the project's writers.

    ``declared`` is None where no project speaks (``fxsite audit``, ``fxsite
    check``): any writer is judged by what a browser draws (``FX505``, lifted by
    ``--browser``). In a build, a writer the project does not declare is ``FX506``.
    """
    if declared is None or writer in declared:
        return NOT_DRAWN, message
    if not writer:
        how = "move it into a file listed in the fxsite plugin's scripts_that_write"
    else:
        how = f"list {writer} in the fxsite plugin's scripts_that_write"
    base = message.removesuffix(_NOT_DRAWN_HINT + _HOW[bool(writer)])
    return UNDECLARED, f"{base}, undeclared: {how} and build with --browser"
