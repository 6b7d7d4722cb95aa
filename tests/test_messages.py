"""The message catalogue: every key in every language, with the same fields."""

from __future__ import annotations

import string

import pytest

from fxsite.render.messages import LANGUAGES, MESSAGES, message


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_key_is_in_every_language(lang: str) -> None:
    assert MESSAGES[lang].keys() == MESSAGES["en"].keys()


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_each_translation_fills_the_same_fields(lang: str) -> None:
    for key, text in MESSAGES[lang].items():
        assert _fields(text) == _fields(MESSAGES["en"][key]), key


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_a_translation_is_not_the_english_left_in(lang: str) -> None:
    # Markup-only or name-only values may be equal; words left in English may not.
    same = {k for k, v in MESSAGES[lang].items() if v == MESSAGES["en"][k] and v.strip(" ,()·{}")}
    assert same <= {"list_sep"}, same


@pytest.mark.parametrize(
    ("key", "lang", "values", "expected"),
    [
        ("sources", "zh", {}, "数据来源"),
        ("sources", "en", {}, "Data sources"),
        ("sources", "fr", {}, "Data sources"),  # a language not written: English
        ("library.title", "zh", {}, "证据库"),
        ("source.measured", "zh", {"id": "R1"}, "实测，报告 R1"),
        ("source.measured", "de", {"id": "R1"}, "measured, report R1"),
    ],
)
def test_message(key: str, lang: str, values: dict[str, str], expected: str) -> None:
    assert message(key, lang, **values) == expected


def test_an_unknown_key_is_an_error() -> None:
    with pytest.raises(KeyError):
        message("no.such.key", "zh")
