"""A bare figure's advice reads only the figures near its value (fxsite.evidence.value_index).

What a bare figure is told (the claims that state it, the figures that state it at
another precision) must be what reading every figure of the library told: the index is
a filter, and the rules decide as before. Compared here with every figure read, on a
library of many units, ranges, bounds and precisions, for texts that state, round,
convert, bound and miss them. And the work per bare figure no longer grows with the
library, nor does finding one record's figures (``Library.figures_of``).
"""

from __future__ import annotations

import dataclasses
import functools
import random
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path

import pytest

from fxsite.evidence.library import Library, load_library
from fxsite.evidence.value_index import figures_near
from fxsite.pages import advice, claims

_WORDS = [
    "checkpoint",
    "restore",
    "ingest",
    "rebuild",
    "scrub",
    "replication",
    "snapshot",
    "compaction",
    "backup",
]
_UNITS = ["s", "ms", "min", "h", "GB/s", "MB/s", "GiB", "TB", "%", "x", "W", "IOPS"]


def _record(r: int, rng: random.Random) -> str:
    figures = []
    for i in range(12):
        unit = rng.choice(_UNITS)
        digits = rng.choice([0, 0, 1, 2, 3])
        value = Decimal(rng.randint(0, 200_000)).scaleb(-digits - rng.choice([0, 0, 1, 3]))
        value = -value if rng.random() < 0.05 else value
        shape = rng.random()
        if shape < 0.1:
            high = value + Decimal(rng.randint(1, 50)).scaleb(-digits)
            body = f"{{min: {value}, max: {high}, unit: '{unit}'}}"
        elif shape < 0.2:
            body = f"{{{rng.choice(['max', 'min'])}: {abs(value)}, unit: '{unit}'}}"
        else:
            body = f"{{value: {value}, unit: '{unit}'}}"
        figures.append(f"  f{i}: {body[:-1]}, what: '{rng.choice(_WORDS)} of {unit}'}}")
    return (
        f"id: R{r}\ntitle: Run {r}\nlabel: measured\nstatus: active\ndate: 2026-01-01\n"
        "source: {issuer: Lab}\nsetup:\n  baseline: local drive\nfigures:\n"
        + "\n".join(figures)
        + "\n"
    )


@functools.cache
def _library(tmp: Path) -> Library:
    rng = random.Random(24)
    evidence = tmp / "evidence"
    evidence.mkdir()
    for r in range(30):
        (evidence / f"R{r}.yaml").write_text(_record(r, rng), encoding="utf-8")
    library = load_library(evidence, tmp)
    assert not [f for f in library.findings if f.severity == "error"], library.findings[:3]
    return library


@pytest.fixture(scope="module")
def library(tmp_path_factory: pytest.TempPathFactory) -> Library:
    return _library(tmp_path_factory.mktemp("value-index"))


def _texts(library: Library) -> Iterator[tuple[str, str]]:
    """Texts near each figure: as stated, rounded, converted, bounded, a range, missed."""
    rng = random.Random(7)
    figures = list(library.figures.values())
    for fig in rng.sample(figures, 60):
        value, unit, about = fig.low, fig.unit, f"The {fig.what} was"
        texts = [f"{value} {unit}", f"{value}", f"about {round(value)} {unit}"]
        texts += [f"{round(value, 1)}{unit}", f"under {value} {unit}", f"{value + 1} {unit}"]
        texts += [f"{round(value)} {unit}", f"{value:.4f} {unit}", f"{int(value)} {unit}"]
        if fig.high is not None:
            texts.append(f"{value}–{fig.high} {unit}")
        if unit == "s":
            texts += [f"{(value / 60):.1f} min", f"{round(value * 1000)} ms"]
        if unit == "GB/s":
            texts.append(f"{round(value * 1000)} MB/s")
        if abs(value) >= 1_000_000:
            texts.append(f"{(value / 1_000_000):.1f} million {unit}")
        for text in texts:
            yield text, about
            yield text, ""
    for text in ["0 h", "0", "1x", "100%", "2 min", "twice", "1e400 GB/s", "-3 s"]:
        yield text, ""


def _every_figure(library: Library, asked: object, *, same: bool = False) -> list[object]:
    return list(library.figures.values())


def test_the_advice_is_what_reading_every_figure_gave(
    library: Library, monkeypatch: pytest.MonkeyPatch
) -> None:
    texts = list(dict.fromkeys(_texts(library)))

    def told() -> list[tuple[object, object]]:
        return [
            (
                claims.suggest_claims(text, library, context=about, limit=10**6),
                advice.advise(text, library, context=about),
            )
            for text, about in texts
        ]

    indexed = told()
    monkeypatch.setattr(claims, "figures_near", _every_figure)
    monkeypatch.setattr(advice, "figures_near", _every_figure)
    read_all = told()
    differ = [(t, a, b) for t, a, b in zip(texts, indexed, read_all, strict=True) if a != b]
    assert not differ, differ[:3]
    # The comparison means something: many texts are stated by a figure, some by several.
    stating = [t for t, (found, _) in zip(texts, read_all, strict=True) if found]
    assert len(stating) > len(texts) / 3
    near = [
        t for t, (_, said) in zip(texts, read_all, strict=True) if "at this precision" in str(said)
    ]
    assert len(near) > 20


@pytest.mark.parametrize(
    ("value", "width", "unit", "low", "fig_unit", "reached"),
    [
        ("94", "1", "s", "94", "s", True),
        ("94", "1", "s", "95", "s", True),  # at the window's edge
        ("94", "1", "s", "95.01", "s", False),
        ("1.6", "0.1", "min", "94", "s", True),  # 94 s is 1.5667 min
        ("1.6", "0.01", "min", "94", "s", False),
        ("94000", "1", "ms", "94", "s", True),
        ("94", "1", "ms", "94", "s", False),
        ("94", "1", None, "94", "GB/s", True),  # a text with no unit: the figure's own
        ("94", "1", "%", "94", "x", False),  # a share is never a ratio
        ("-3", "1", "s", "-3.5", "s", True),
    ],
)
def test_a_figure_is_reached_within_the_window_in_the_texts_unit(
    tmp_path: Path,
    value: str,
    width: str,
    unit: str | None,
    low: str,
    fig_unit: str,
    reached: bool,
) -> None:
    evidence = tmp_path / "evidence"
    evidence.mkdir()
    (evidence / "R1.yaml").write_text(
        "id: R1\ntitle: Run\nlabel: measured\nstatus: active\ndate: 2026-01-01\n"
        f"source: {{issuer: Lab}}\nfigures:\n  f: {{value: {low}, unit: {fig_unit}}}\n",
        encoding="utf-8",
    )
    library = load_library(evidence, tmp_path)
    found = figures_near(library, [(Decimal(value), lambda _decimals: Decimal(width), unit)])
    assert bool(found) is reached


def test_the_figures_a_bare_figure_reads_do_not_grow_with_the_library(
    library: Library, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One bare figure against a library 4x larger: the same figures read (those near
    its value), where every figure was read before."""
    read: list[int] = []
    original = claims.check_stated

    def counted(*args: object, **kwargs: object) -> object:
        read.append(1)
        return original(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(claims, "check_stated", counted)
    bigger = Library(
        records=dict(library.records),
        figures={
            **library.figures,
            **{
                f"{ref}-{copy}": fig
                for copy in range(3)
                for ref, fig in library.figures.items()
                if fig.unit != "s"
            },
        },
    )
    claims.suggest_claims("123456.7 s", library)
    small = len(read)
    read.clear()
    claims.suggest_claims("123456.7 s", bigger)
    assert len(bigger.figures) > 3 * len(library.figures)
    assert len(read) == small <= 20


class _Counted(dict[str, object]):
    """A library's figures that count how often all of them are read."""

    reads = 0

    def values(self):  # type: ignore[override]
        type(self).reads += 1
        return super().values()


def test_a_records_figures_are_found_without_reading_every_figure(library: Library) -> None:
    """``figures_of`` for every record reads the figures once (an audit asked it for each of
    10,000 records, reading 110,000 figures each time), and sees a figure added later."""
    counted = Library(records=dict(library.records), figures=_Counted(library.figures))
    expected = {
        rid: [f for f in library.figures.values() if f.record == rid] for rid in library.records
    }
    _Counted.reads = 0
    assert {rid: counted.figures_of(rid) for rid in library.records} == expected
    assert _Counted.reads == 1
    first = next(iter(library.figures.values()))
    added = dataclasses.replace(first, name="added")
    counted.figures[added.ref] = added
    assert counted.figures_of(first.record) == [*expected[first.record], added]
