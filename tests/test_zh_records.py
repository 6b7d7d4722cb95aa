"""A record's translations: their shape, their use on Chinese pages, and their words judged."""

from __future__ import annotations

from pathlib import Path

import pytest

from fxsite.evidence.library import Library, load_library
from fxsite.pages.claims import Claim, resolve_claim, tooltip
from fxsite.pages.record_text import record_text_findings
from fxsite.pages.sections import source_item

_RECORD = """id: R7
title: FX100 on an 8-GPU node
label: spec
status: active
setup:
  system: FX100
  baseline: local drive
figures:
  save: {{value: 94, unit: s, what: Save time}}
translations:
  zh:
    title: {title}
    setup:
      baseline: {baseline}
    what:
      save: {what}
"""
_PLAIN = {"title": "8卡节点上的 FX100", "baseline": "本地盘", "what": "保存时间"}


def _library(tmp_path: Path, **fields: str) -> Library:
    (tmp_path / "evidence").mkdir(exist_ok=True)
    text = _RECORD.format(**{**_PLAIN, **fields})
    (tmp_path / "evidence" / "R7.yaml").write_text(text, "utf-8")
    return load_library(tmp_path / "evidence", tmp_path)


@pytest.mark.parametrize(
    ("field", "text", "where"),
    [
        ("title", "FX100 保存用时95秒", [(12, 22)]),
        ("title", "FX100 保存用时 95 s", [(12, 23)]),
        ("title", "FX100 保存用时94秒", [(12, 22)]),  # no copy of its own value
        ("baseline", "带 512 GB 内存的本地盘", [(14, 19)]),
        ("what", "保存时间，约77秒", [(16, 18)]),
        ("what", "保存时间，94秒", [(16, 18)]),  # shown on other pages: no copy either
        # near misses: names, versions, counts without a unit
        ("baseline", "8卡节点的本地盘（MkDocs 1.6）", []),
        ("title", "8卡 32B LoRA 节点上的 FX100", []),
    ],
)
def test_translated_text_is_judged_at_its_line(
    field: str, text: str, where: list[tuple[int, int]], tmp_path: Path
) -> None:
    lib = _library(tmp_path, **{field: text})
    assert [f for f in lib.findings if f.severity == "error"] == []
    found = record_text_findings(lib)
    assert [(f.line, f.col) for f in found] == where, [f.format() for f in found]
    assert all(f.path == "evidence/R7.yaml" and f.code == "FX501" for f in found)


@pytest.mark.parametrize(
    ("translations", "message"),
    [
        ("  zh:\n    setup: {gpus: '8'}\n", "'gpus' in zh.setup is not a setup key"),
        ("  zh:\n    what: {load: 加载}\n", "'load' in zh.what is not a figure"),
        ("  fr:\n    title: Sauvegarde\n", "translations.fr"),
        ("  zh:\n    titel: 标题\n", "titel"),
    ],
)
def test_a_translation_names_only_what_the_record_has(
    translations: str, message: str, tmp_path: Path
) -> None:
    text = _RECORD.format(**_PLAIN).split("translations:\n")[0] + "translations:\n" + translations
    (tmp_path / "evidence").mkdir()
    (tmp_path / "evidence" / "R7.yaml").write_text(text, "utf-8")
    lib = load_library(tmp_path / "evidence", tmp_path)
    errors = [f for f in lib.findings if f.severity == "error"]
    assert len(errors) == 1 and message in errors[0].message, [f.format() for f in errors]
    assert errors[0].path == "evidence/R7.yaml" and errors[0].line >= 10


def _claim(lib: Library, dest: str, lang: str, text: str = "") -> Claim:
    result = resolve_claim(text, dest, lib, lang=lang)
    assert isinstance(result, Claim), result
    return result


@pytest.mark.parametrize(
    ("lang", "tip", "baseline", "title"),
    [
        ("zh", "保存时间 · 厂商规格，记录 R7", "本地盘", "8卡节点上的 FX100"),
        (
            "en",
            "Save time · vendor spec, record R7",
            "local drive",
            "FX100 on an 8-GPU node",
        ),
    ],
)
def test_a_page_shows_the_record_in_its_language(
    lang: str, tip: str, baseline: str, title: str, tmp_path: Path
) -> None:
    lib = _library(tmp_path)
    assert tooltip(_claim(lib, "evidence:R7#save", lang), lib) == tip
    assert _claim(lib, "evidence:R7#setup.baseline", lang).display == baseline
    item = source_item(lib.records["R7"], lambda record, anchor: f"/evidence/{record}/", lang)
    assert f'<span class="fx-source-title" id="fx-source-R7">{title}</span>' in item


@pytest.mark.parametrize(
    ("text", "refused"),
    [
        ("本地盘", False),  # the translated value
        ("local drive", False),  # the record's own words still state it
        ("本地硬盘", True),
    ],
)
def test_a_setup_claim_states_the_value_in_either_language(
    text: str, refused: bool, tmp_path: Path
) -> None:
    lib = _library(tmp_path)
    result = resolve_claim(text, "evidence:R7#setup.baseline", lib, lang="zh")
    assert isinstance(result, Claim) is not refused, result


@pytest.mark.parametrize(
    ("lang", "tip"),
    [("zh", "记录 R7 的测试条件（基线）"), ("en", "Test condition (baseline) of record R7")],
)
def test_a_setup_claim_names_its_key_in_the_page_language(
    lang: str, tip: str, tmp_path: Path
) -> None:
    lib = _library(tmp_path)
    assert tooltip(_claim(lib, "evidence:R7#setup.baseline", lang), lib) == tip
