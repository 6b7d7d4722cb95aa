"""The search index read entry by entry gives what parsing it whole gives, errors too."""

from __future__ import annotations

import gc
import tracemalloc
from collections.abc import Callable
from typing import Any

import pytest

from fxsite.render.exports import MAX_JSON_DEPTH, PublishedJsonError, loads
from fxsite.verify.index_json import index_entries


def _whole(text: str) -> tuple[dict[str, Any], list[Any]]:
    """What the gate read of a parsed index before: its other members, and its entries."""
    data = loads(text)
    docs = data.get("docs", []) if isinstance(data, dict) else data
    others = {k: v for k, v in data.items() if k != "docs"} if isinstance(data, dict) else {}
    return others, docs if isinstance(docs, list) else [docs]


_ENTRY = '{"location": "a/", "title": "A", "text": "<p>It took 94 s</p>"}'


@pytest.mark.parametrize(
    "text",
    [
        f'{{"config": {{"lang": ["en"]}}, "docs": [{_ENTRY}, {_ENTRY}]}}',
        f'\n {{ "docs" : [ {_ENTRY} ,\n\t{_ENTRY} ] , "config" : {{ }} }} \r\n',
        f"[{_ENTRY}, 7, null]",  # a list: its items are the entries
        '{"config": {"x": "12 s"}}',  # no docs
        '{"docs": []}',
        "{}",
        "[]",
        '{"docs": null}',  # not a list: one entry
        '{"docs": {"title": "94 s"}}',
        '"94 s"',  # neither object nor list
        "1.5",
        # near miss of the duplicate members refused below: the same name in two objects
        '{"a": "1 s", "b": {"a": "3 s"}}',
        '{"docs": [[{"docs": [1]}], {"a": {"b": [1.25, "x"]}}], "c": [{"docs": 2}]}',
        '{"\\u0064ocs": [{"title": "escaped key"}]}',  # "docs", escaped
        '{"docs": [{"title": "a \\" ] , } b"}, "] ,"]}',  # brackets inside strings
    ],
)
def test_entries_are_what_parsing_whole_gives(text: str) -> None:
    others, docs = index_entries(text)
    assert (others, list(docs)) == _whole(text)


@pytest.mark.parametrize(
    "text",
    [
        '{"docs": [1, 2,]}',  # trailing comma
        '{"docs": [1, 2]} x',  # data after the value
        '{"docs": [NaN]}',
        '{"docs": [Infinity]}',
        '{"docs": [1}',
        '{"docs" [1]}',
        "",
        "\ufeff{}",
        '{"docs": [' + "[" * MAX_JSON_DEPTH + "]" * MAX_JSON_DEPTH + "]}",  # too deep
        '{"docs": ["' + "1" * 10 + '"], "n": ' + "9" * 5000 + "}",  # past the digit limit
        # a member written twice in one object: a reader may take either (blind61)
        f'{{"docs": [{_ENTRY}], "config": 1, "docs": [{{"title": "12 s"}}]}}',
        '{"a": "1 s", "b": 2, "a": "3 s"}',
        f'{{"docs": [{_ENTRY}], "docs": "5 s"}}',
        '{"docs": [{"value": 90, "value": 94}]}',
    ],
)
def test_unreadable_json_is_refused_as_parsing_whole_refuses_it(text: str) -> None:
    with pytest.raises(PublishedJsonError) as whole:
        loads(text)
    with pytest.raises(PublishedJsonError) as streamed:
        index_entries(text)
    assert str(streamed.value) == str(whole.value)


def _kept(read: Callable[[], object]) -> tuple[int, int]:
    """Bytes allocated once ``read`` returns (what it keeps), and the most at once."""
    gc.collect()
    tracemalloc.start()
    try:
        kept = read()
        current, peak = tracemalloc.get_traced_memory()
        del kept
        return current, peak
    finally:
        tracemalloc.stop()


def test_entries_are_parsed_one_at_a_time() -> None:
    """A 1 MB index parsed whole is megabytes of objects; its entries read one by one
    are a few kilobytes at once."""
    entry = '{"location": "p%d/#s", "title": "Section %d", "text": "<p>The run took %d s</p>"}'
    text = '{"config": {}, "docs": [' + ", ".join(entry % (i, i, i) for i in range(10_000)) + "]}"
    assert len(text) > 800_000
    assert _kept(lambda: loads(text))[0] > 2 * len(text)
    assert _kept(lambda: index_entries(text))[0] < 10_000
    _, docs = index_entries(text)
    assert _kept(lambda: sum(1 for _ in docs))[1] < 10_000
