"""What the fortieth blind tester, a technical marketing writer, found passed that states a
figure, or refused that states none:

* A rate with words between its number and what it counts ("500,000 metadata operations
  per second"); a named metric's value after "up to", "peaked at" ("IOPS peaked at
  150,000"), with a scale word ("IOPS: 2 million", told whole: the advice cited "2"), in
  Chinese numerals ("IOPS达到两百万"); a time, a ratio or write amplification named
  ("Restore time: 600", "a data reduction ratio of 4", "数据缩减比达5比1", "写放大系数仅为1.1");
  a count of work at scale with a classifier ("10亿个文件").
* Refused, naming no figure: a size set in a configuration ("Set the stripe size to 128
  KiB"), a power supply by its rating ("two 1600 W power supplies"), a list of link classes
  ("100 Gb, 200 Gb and 400 Gb Ethernet"), a drive's capacity with 的 ("15.36 TB 的 NVMe
  硬盘"), a reading time ("阅读约需 5 分钟"), a schedule whose own verb is not an operation
  ("训练任务每 5 秒采样一次": the sentence trains, the schedule samples), and "Over the
  [10-hour](…) run" (during, not more than).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sitekit import fxsite_here, library, rows_site, sentence_errors

ROWS = [
    # rates with words between
    ("a rate with a qualifier", "Handles 500,000 metadata operations per second.", [("FX501", 3, 9)]),
    ("two words between", "Runs 20,000 inference requests per second.", [("FX501", 3, 6)]),
    ("small files an hour", "It ingests 3 billion small files an hour.", [("FX501", 3, 12)]),
    ("near miss: a count per site", "We have 3 teams per site.", []),
    ("near miss: per se", "Version 2 of the API per se.", []),
    # a named metric's value
    ("up to", "IOPS: up to 150,000.", [("FX501", 3, 13)]),
    ("peaked at", "IOPS peaked at 150,000.", [("FX501", 3, 16)]),
    ("a scale word", "IOPS: 2 million.", [("FX501", 3, 7)]),
    ("in numerals", "IOPS达到两百万。", [("FX501", 3, 7)]),
    ("in words", "Random read IOPS topping two million.", [("FX501", 3, 26)]),
    ("near miss: words after no metric", "A million thanks to IOPS fans.", []),
    ("a time named", "Restore time: 600", [("FX501", 3, 15)]),
    ("a ratio named", "A data reduction ratio of 4.", [("FX501", 3, 27)]),
    ("write amplification", "Write amplification of 1.1.", [("FX501", 3, 24)]),
    ("a ratio in Chinese", "数据缩减比达5比1。", [("FX501", 3, 7)]),
    ("write amplification in Chinese", "写放大系数仅为1.1。", [("FX501", 3, 8)]),
    ("near miss: a count of what is named", "The restore time of 3 nodes is bad.", []),
    ("near miss: no number", "压缩比很高。", []),
    ("near miss: no value in numerals", "IOPS达到很高。", []),
    # counts of work at scale
    ("files at scale", "最高支持10亿个文件的命名空间。", [("FX501", 3, 5)]),
    ("near miss: parts at scale", "170亿个晶体管。", []),
    # not figures
    ("a stripe size set", "Set the stripe size to 128 KiB in the pool configuration.", []),
    ("a block size", "Set the block size to 1 MiB for checkpoint volumes.", []),
    ("in Chinese", "建议将条带大小设置为 128 KiB。", []),
    ("near miss: a pool's size", "The pool size is 2 PB.", [("FX501", 3, 18)]),
    ("near miss: a cache's size", "The cache size of 512 GB helps.", [("FX501", 3, 19)]),
    ("power supplies", "Ships with two 1600 W power supplies.", []),
    ("PSUs by grade", "Ships with 2 x 1600 W Titanium power supplies.", []),
    ("in Chinese", "配置 2 个 1600W 钛金电源。", []),
    ("near miss: power drawn", "The system draws 1600 W.", [("FX501", 3, 18)]),
    ("a list of link classes", "Supports 100 Gb, 200 Gb and 400 Gb Ethernet.", []),
    ("near miss: a rate no standard names", "Supports 100 Gb, 250 Gb and 400 Gb Ethernet.", [("FX501", 3, 10), ("FX501", 3, 18)]),
    ("a drive with 的", "使用 15.36 TB 的 NVMe 硬盘。", []),
    ("near miss: a system's capacity", "系统容量 15 TB。", [("FX501", 3, 6)]),
    ("a reading time", "本白皮书共 24 页，阅读约需 10 分钟。", []),
    ("near miss: a read of data", "读取约需 5 分钟。", [("FX501", 3, 6)]),
    ("a schedule whose verb samples", "训练任务每 5 秒采样一次。", []),
    ("near miss: a schedule whose verb saves", "训练任务每 30 分钟保存一次检查点。", [("FX501", 3, 7)]),
    ("near miss: 进行 a backup", "每隔 5 分钟进行一次备份。", [("FX501", 3, 4)]),
    ("over the run", "Over the [10 h](evidence:E1#run_duration) run, it saved.", []),
    ("near miss: over the mark", "It finished over the [10 h](evidence:E1#run_duration) mark.", [("FX503", 3, 23)]),
    ("near miss: over", "It took over [10 h](evidence:E1#run_duration).", [("FX503", 3, 15)]),
]  # fmt: skip


@pytest.mark.parametrize(("sentence", "errors"), [r[1:] for r in ROWS], ids=[r[0] for r in ROWS])
def test_blind40(sentence: str, errors: list[tuple[str, int, int]]) -> None:
    assert sentence_errors(sentence, library()) == errors


def test_an_faq_page_inside_the_library_folder_is_a_usage_error(tmp_path: Path) -> None:
    """blind35: ``faq_page: evidence/index.md`` lost the FAQ under the generated library."""
    site = rows_site(tmp_path / "s")
    config = site / "mkdocs.yml"
    plain = config.read_text("utf-8")
    for faq, code in (("evidence/index.md", 2), ("evidence-faq.md", 0)):
        config.write_text(plain.replace("  - fxsite\n", f"  - fxsite:\n      faq_page: {faq}\n"))
        out = fxsite_here("check", ".", cwd=site)
        assert out.returncode == code, out.stdout + out.stderr
        assert ("inside library_url 'evidence'" in out.stderr) == (code == 2), out.stderr
