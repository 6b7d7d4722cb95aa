"""Chinese pages: claims in Chinese units, bare figures refused in Chinese prose."""

from __future__ import annotations

import json

import pytest
from sitekit import CLEAN, ROOT, copy_site, fxsite_here

# (page text, figures fxsite check must refuse, as written)
PAGES: list[tuple[str, list[str]]] = [
    ("保存时间为178秒。", ["178秒"]),
    ("# 保存时间为178秒\n", ["178秒"]),
    ("保存时间从178秒缩短到[94秒](evidence:R1#save_time_fx100)。", ["178秒"]),
    ("吞吐提升1.9倍，带宽提升96％。", ["1.9倍", "96％"]),
    ('!!! note "说明"\n\n    保存约3分钟。\n', ["约3分钟"]),
    # near misses: cited, or names and dates only
    ("保存时间为[178秒](evidence:R1#save_time_baseline)。", []),
    ("保存约[3分钟](evidence:R1#save_time_baseline)，吞吐[1.9倍](evidence:R1#save_speedup)。", []),
    ("2026年3月14日，8卡 32B LoRA 在昇腾910B上完成测试。", []),
]


@pytest.fixture(scope="module")
def checked(tmp_path_factory: pytest.TempPathFactory) -> tuple[list[dict[str, object]], str]:
    """One ``fxsite check`` run over a site holding every page of the table."""
    site = copy_site(CLEAN, tmp_path_factory.mktemp("zh"))
    for i, (text, _) in enumerate(PAGES):
        (site / "docs" / f"zh{i}.md").write_text(text, encoding="utf-8")
    (site / "docs" / "zh-lines.md").write_text("第一行\n保存时间为178秒。\n", encoding="utf-8")
    as_json = fxsite_here("check", "--format", "json", str(site), cwd=site)
    as_text = fxsite_here("check", str(site), cwd=site)
    assert as_json.returncode == 1
    return json.loads(as_json.stdout), as_text.stdout


@pytest.mark.parametrize("index", range(len(PAGES)), ids=[p[0][:20] for p in PAGES])
def test_fxsite_check_refuses_bare_figures_in_chinese_prose(
    checked: tuple[list[dict[str, object]], str], index: int
) -> None:
    findings = [f for f in checked[0] if f["path"] == f"docs/zh{index}.md"]
    refused = PAGES[index][1]
    assert [(f["code"], f["text"]) for f in findings] == [("FX501", t) for t in refused]


def test_bare_figure_in_chinese_names_its_position(
    checked: tuple[list[dict[str, object]], str],
) -> None:
    assert "docs/zh-lines.md:2:6: FX501 bare figure '178秒'" in checked[1]
    assert "[178秒](evidence:R1#save_time_baseline)" in checked[1]  # the suggestion


def test_demo_chinese_page_cites_the_same_records_as_the_english_one() -> None:
    zh = (ROOT / "docs" / "zh" / "checkpoint-acceleration.md").read_text(encoding="utf-8")
    en = (ROOT / "docs" / "checkpoint-acceleration.md").read_text(encoding="utf-8")
    assert "[178秒](evidence:R1#save_time_baseline)" in zh
    assert "[1.9倍](evidence:R1#save_speedup)" in zh

    def records(text: str) -> set[str]:
        return {part.split("#")[0] for part in text.split("(evidence:")[1:]}

    # That both pass check is tests/test_cli.py's test_demo_project_is_clean_but_for_fx309.
    assert records(zh) == records(en)
