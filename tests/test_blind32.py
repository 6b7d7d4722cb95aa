"""What the thirty-second blind tester, a marketing lead writing an honest site, found
refused or lost:

* A writer's ``faq.md`` on a site no page of which has an FAQ was replaced by the
  generated FAQ ("No page has questions yet"): ``check`` judged the writer's page,
  ``build`` published the empty one, and the writer's text was lost without a word.
  Only a generated page replaces its file now (where one is generated, the clash is
  FX605, as before).
* "检查点[40秒以内](…)": the 点 of 检查点 (a checkpoint) was read as a decimal point glued to
  the claim. 点 continues a claim's digits after a numeral only.
* "The keynote at StorageCon runs 1 hour": an event's length with a place between.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sitekit import fxsite_here, library, rows_site, sentence_errors

ROWS = [
    ("点 ending a word", "模型检查点[94 秒](evidence:R1#save_time_fx100)完成。", []),
    ("點 ending a word", "模型檢查點[94 秒](evidence:R1#save_time_fx100)完成。", []),
    ("near miss: a decimal point after a numeral", "零点[94 秒](evidence:R1#save_time_fx100)", [("FX503", 3, 4)]),
    ("near miss: after a digit", "3点[94 秒](evidence:R1#save_time_fx100)", [("FX503", 3, 4)]),
    ("an event at a place", "The keynote at StorageCon runs 1 hour.", []),
    ("an event for an audience", "The webinar for partners lasts 45 minutes.", []),
    ("near miss: an operation at a place", "The save at StorageCon runs 1 hour.", [("FX501", 3, 29)]),
]  # fmt: skip


@pytest.mark.parametrize(("sentence", "errors"), [r[1:] for r in ROWS], ids=[r[0] for r in ROWS])
def test_blind32(sentence: str, errors: list[tuple[str, int, int]]) -> None:
    assert sentence_errors(sentence, library()) == errors


FAQ = "# FAQ\n\n## How long is the warranty?\n\nFive years, with parts replacement (WRITER-FAQ-7C1).\n"


def test_a_writers_faq_page_is_published_as_written(tmp_path: Path) -> None:
    site = rows_site(tmp_path / "s")
    (site / "docs" / "faq.md").write_text(FAQ.replace("Five years", "Ten pages"), "utf-8")
    assert fxsite_here("check", cwd=site).returncode == 0
    out = fxsite_here("build", cwd=site)
    assert out.returncode == 0, out.stderr
    published = (site / "site" / "faq" / "index.html").read_text("utf-8")
    assert "WRITER-FAQ-7C1" in published
    assert "No page has questions yet" not in published


def test_a_writers_faq_page_is_judged_by_both(tmp_path: Path) -> None:
    site = rows_site(tmp_path / "s")
    (site / "docs" / "faq.md").write_text(FAQ, "utf-8")
    check = fxsite_here("check", cwd=site)
    build = fxsite_here("build", cwd=site)
    assert check.returncode == build.returncode == 1
    assert "docs/faq.md:5:1: FX501" in check.stdout + check.stderr
    assert "docs/faq.md:5:1: FX501" in build.stdout + build.stderr
