"""A record's position tables in a compact form, kept while the build runs.

:func:`~fxsite.evidence.yamlsafe.load_yaml` writes where each field is as dicts
of tuples, one entry per node. A library keeps every record's tables until the
build ends (a finding needs a line; ``evidence.json`` publishes numbers as
written), which made them a large part of a large library's memory. So
:func:`compact` turns them into:

* the fields' paths in file order, a :class:`Layout` shared by every record
  written with the same fields (records of one project mostly are);
* an array of four unsigned ints a field: where its value and its key start
  (0: no key);
* the source text of scalars that are not strings (numbers, booleans, nulls):
  all a record's readers ask of it, since a string's text is its value.

The tables read as the mappings they replace, with the same keys and values.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from fxsite.evidence.yamlsafe import LoadedYaml, YamlPath

__all__ = ["Layout", "Places", "compact"]

#: Layouts met, one object each however many records share one; bounded as
#: :data:`fxsite.evidence.yamlsafe._SHARED` is (past it, a record has its own).
_LAYOUTS: dict[tuple[YamlPath, ...], Layout] = {}
_LAYOUTS_AT_MOST = 1 << 12


@dataclass(frozen=True, slots=True, eq=False)
class Layout:
    """The paths of a record's fields in file order, and each one's index."""

    paths: tuple[YamlPath, ...]
    index: dict[YamlPath, int]


def _layout(paths: tuple[YamlPath, ...]) -> Layout:
    found = _LAYOUTS.get(paths)
    if found is not None:
        return found
    layout = Layout(paths, {path: i for i, path in enumerate(paths)})
    if len(_LAYOUTS) < _LAYOUTS_AT_MOST:
        _LAYOUTS[paths] = layout
    return layout


class Places(Mapping[YamlPath, tuple[int, int]]):
    """The value positions (``key=False``) or key positions (``key=True``) of a record."""

    __slots__ = ("_cells", "_layout", "_offset")

    def __init__(self, layout: Layout, cells: array[int], key: bool) -> None:
        self._layout = layout
        self._cells = cells
        self._offset = 2 if key else 0

    def _at(self, i: int) -> tuple[int, int] | None:
        at = 4 * i + self._offset
        line = self._cells[at]
        return (line, self._cells[at + 1]) if line else None

    def __getitem__(self, path: YamlPath) -> tuple[int, int]:
        i = self._layout.index.get(path)
        found = None if i is None else self._at(i)
        if found is None:
            raise KeyError(path)
        return found

    def __contains__(self, path: object) -> bool:
        i = self._layout.index.get(path)  # type: ignore[call-overload]
        return i is not None and self._cells[4 * i + self._offset] != 0

    def __iter__(self) -> Iterator[YamlPath]:
        return (p for i, p in enumerate(self._layout.paths) if self._at(i) is not None)

    def __len__(self) -> int:
        return sum(1 for _ in self)


def _value_at(data: Any, path: YamlPath) -> Any:
    """The value at ``path`` in ``data``, or None when the path does not lead to one."""
    for part in path:
        in_list = isinstance(data, list) and isinstance(part, int) and 0 <= part < len(data)
        if not (in_list or (isinstance(data, dict) and part in data)):
            return None
        data = data[part]
    return data


def compact(loaded: LoadedYaml) -> LoadedYaml:
    """``loaded``'s findings and tables in the compact form, without its data.

    A scalar whose value is a string keeps no source text; any other keeps it
    (for a number, its precision as written). Tables with a line or column past
    an unsigned int stay as they are.
    """
    paths = tuple(dict.fromkeys([*loaded.positions, *loaded.key_positions]))
    cells: array[int] = array("I")
    try:
        for path in paths:
            cells.extend(loaded.positions.get(path, (0, 0)))
            cells.extend(loaded.key_positions.get(path, (0, 0)))
    except OverflowError:
        return LoadedYaml(None, loaded.findings, loaded.positions, loaded.key_positions, loaded.raw)
    layout = _layout(paths)
    written = {
        path: text
        for path, text in loaded.raw.items()
        if not isinstance(_value_at(loaded.data, path), str)
    }
    return LoadedYaml(
        None,
        loaded.findings,
        Places(layout, cells, key=False),
        Places(layout, cells, key=True),
        written,
    )
