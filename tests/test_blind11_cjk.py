"""blind11: 百 and 千 with more numerals, or 余/多, before a unit are a number, the
leading 一 left out: "百七十八秒" (178 s, as Japanese writes it too), "百余秒", "千二百元".
"百秒" or "千元机" alone may be names, as before."""

from __future__ import annotations

import pytest
from sitekit import library, sentence_errors

ROWS = [
    ("a hundred and seventy-eight seconds", "检查点保存耗时百七十八秒。", True),
    ("in Japanese", "保存に百七十八秒かかりました。", True),
    ("a hundred-odd seconds", "检查点保存耗时百余秒。", True),
    ("more than a hundred seconds", "检查点保存耗时百多秒。", True),
    ("one thousand two hundred yuan", "每台售价千二百元。", True),
    # near misses: a scale word alone before a unit, a name, a vague amount, a count
    ("a hundred seconds alone", "百秒挑战赛开始了。", False),
    ("a price class", "这是一款千元机。", False),
    ("a name", "请百度一下。", False),
    ("vague", "耗时上百秒。", False),
    ("a count of users", "平台有百万用户。", False),
]


@pytest.mark.parametrize(("row", "sentence", "refused"), ROWS, ids=[r[0] for r in ROWS])
def test_a_hundred_written_without_its_one_is_a_number(
    row: str, sentence: str, refused: bool
) -> None:
    codes = [code for code, _, _ in sentence_errors(sentence, library())]
    assert codes == (["FX501"] if refused else []), row
