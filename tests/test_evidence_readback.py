"""The build's gate reads the ``evidence.json`` it just wrote as the build knows it
(:func:`~fxsite.verify.published.as_written`), without parsing it; an audit reads the
published bytes (:func:`~fxsite.verify.published.load_published`). On the demo project
the two are the same: the records as published, their figures and invariants, the
pages and citations listed. An exporter that wrote something else would let a build
pass what an audit refuses; it fails here.
"""

from __future__ import annotations

import logging
import shutil

import pytest
from sitekit import ROOT

from fxsite.render.exports import site_listing
from fxsite.verify.published import Published, as_written, load_published


@pytest.fixture(scope="module")
def readings(tmp_path_factory: pytest.TempPathFactory) -> tuple[Published, Published]:
    """The demo project built in this process: evidence.json as the build wrote it, and
    as read back from the published site."""
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    root = tmp_path_factory.mktemp("readback")
    for name in ("docs", "evidence"):
        shutil.copytree(ROOT / name, root / name)
    shutil.copy(ROOT / "mkdocs.yml", root / "mkdocs.yml")
    logging.getLogger("mkdocs").setLevel(logging.ERROR)
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(root)
        config = load_config("mkdocs.yml", site_dir=str(root / "site"))
        build(config)
    plugin = config.plugins["fxsite"]
    text = (root / "site" / "evidence.json").read_text(encoding="utf-8")
    written = as_written(text, plugin.project.library, *site_listing(plugin.index))
    assert written.key == plugin.written_key  # the bytes the build wrote
    return written, load_published(root / "site")


@pytest.mark.slow
def test_evidence_json_reads_back_as_the_build_wrote_it(
    readings: tuple[Published, Published],
) -> None:
    written, read = readings
    assert read.key == written.key and read.findings == []
    built, back = written.library, read.library
    assert sorted(back.records) == sorted(built.records) and back.records
    for name, record in built.records.items():  # internal notes are never published
        assert back.records[name] == record.model_copy(update={"internal_notes": None}), name
    assert back.figures == built.figures and back.figures
    assert back.invariants == built.invariants
    assert back.invalid == built.invalid == set()
    assert sorted(read.pages) == sorted(written.pages) and read.pages
    assert sorted(read.citations) == sorted(written.citations) and read.citations
