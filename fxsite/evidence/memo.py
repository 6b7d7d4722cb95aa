"""Answers of pure functions of a library, remembered while they hold.

A build asks the same questions many times (every page repeats claims), and
``mkdocs serve`` asks them again after every edit. :class:`LibraryMemo` keeps
answers for one library; :class:`RecordMemo` keeps answers that depend on one
record, across libraries, for as long as that record's
:meth:`~fxsite.evidence.library.Library.fingerprint` is unchanged (editing one
record leaves the answers about the others standing).
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import Generic, TypeVar

from fxsite.evidence.library import Library

__all__ = ["LibraryMemo", "RecordMemo", "forget_all"]

K = TypeVar("K")
V = TypeVar("V")

#: Every memo made, for :func:`forget_all`.
_ALL: weakref.WeakSet[LibraryMemo[object, object] | RecordMemo[object, object]] = weakref.WeakSet()


def forget_all() -> None:
    """Empty every memo: the next question about any library is answered afresh."""
    for memo in list(_ALL):
        memo.clear()


class LibraryMemo(Generic[K, V]):
    """Answers of a pure function of a library, kept for the last library asked about.

    The library is held, so its identity cannot pass to another object; a new
    library (a rebuild, the audit's published one) starts with no answers.
    """

    def __init__(self) -> None:
        self._library: object = None
        self._answers: dict[K, V] = {}
        _ALL.add(self)  # type: ignore[arg-type]

    def clear(self) -> None:
        self._library, self._answers = None, {}

    def get(self, library: object, key: K, make: Callable[[], V]) -> V:
        """The answer for ``key`` under ``library``, made by ``make()`` the first time."""
        if self._library is not library:
            self._library, self._answers = library, {}
        if key not in self._answers:
            self._answers[key] = make()
        return self._answers[key]


class RecordMemo(Generic[K, V]):
    """Answers that depend on the library only through one record, kept while it holds.

    ``get(library, record_id, key, make)`` promises that ``make()`` reads
    nothing of ``library`` but record ``record_id`` and its figures (what its
    fingerprint covers). When ``record_id`` is not a record of ``library`` the
    answer may depend on all of it (an "unknown record" hint names others), so
    it is kept for that library only, as :class:`LibraryMemo` keeps it. A new
    library drops the answers about records it does not hold as they were.
    With ``limit`` set, it keeps that many answers about records, the least
    recently asked for going first.
    """

    def __init__(self) -> None:
        self._library: Library | None = None
        self._answers: dict[tuple[bytes, K], V] = {}
        self._wide: LibraryMemo[K, V] = LibraryMemo()
        self.limit: int | None = None
        _ALL.add(self)  # type: ignore[arg-type]

    def clear(self) -> None:
        self._library, self._answers = None, {}
        self._wide.clear()

    def get(self, library: Library, record_id: str, key: K, make: Callable[[], V]) -> V:
        if self._library is not library:
            self._library = library
            live = {library.fingerprint(r) for r in library.records}
            self._answers = {k: v for k, v in self._answers.items() if k[0] in live}
        stamp = library.fingerprint(record_id)
        if stamp is None:
            return self._wide.get(library, key, make)
        answers = self._answers
        if (stamp, key) in answers:
            answer = answers.pop((stamp, key))  # put back last: the most recently asked
        else:
            answer = make()
            if self.limit is not None and len(answers) >= self.limit:
                del answers[next(iter(answers))]
        answers[stamp, key] = answer
        return answer
