"""fxsite.js's words: the build writes the message catalogue's into the script it publishes.

The evidence card (fxsite.js) is drawn in the page's language from the
``card.*`` and ``label.*`` messages; the published script is fxsite's own asset,
which the gate knows by its SHA-256 (:func:`fxsite.verify.theme.is_theme_file`),
so the text it writes is not refused, while any other script that writes is.
"""

from __future__ import annotations

import json
import re
from importlib import resources

import pytest

from fxsite.render.messages import LANGUAGES, MESSAGES, script_messages
from fxsite.verify.notes import NOT_DRAWN
from fxsite.verify.scripts import code_notes
from fxsite.verify.theme import SCRIPT_MESSAGES, is_theme_file, published_asset

RAW = resources.files("fxsite").joinpath("assets", "fxsite.js").read_text("utf-8")
CARD_KEYS = ("card.view", "card.close", "card.baseline", "card.source", "card.setup")


def _words(script: str) -> dict[str, dict[str, str]]:
    match = re.search(r"var TEXT = (\{.*?\});\n", script)
    assert match, "fxsite.js has no words"
    words: dict[str, dict[str, str]] = json.loads(match.group(1))
    return words


def test_the_script_has_one_place_for_its_words() -> None:
    assert RAW.count(SCRIPT_MESSAGES) == 1


def test_the_published_script_carries_the_card_words_in_every_language() -> None:
    published = published_asset("fxsite.js")
    assert SCRIPT_MESSAGES not in published
    words = _words(published)
    assert set(words) == set(LANGUAGES)
    for lang in LANGUAGES:
        for key in CARD_KEYS:
            assert words[lang][key] == MESSAGES[lang][key]
        for label in ("measured", "spec", "public", "estimate"):
            assert words[lang][f"label.{label}"] == MESSAGES[lang][f"label.{label}"]
            assert "{id}" in words[lang][f"card.source.{label}"]
    assert words["zh"]["card.view"] != words["en"]["card.view"]


def test_script_messages_are_only_the_scripts() -> None:
    words = json.loads(script_messages())
    assert all(k.startswith(("card.", "label.")) for table in words.values() for k in table)
    assert "legend" not in script_messages()


@pytest.mark.parametrize(
    ("data", "notes"),
    [
        # fxsite's script as the build publishes it: fxsite's own, not the site's.
        (published_asset("fxsite.js"), []),
        # Near miss: one character changed, it is a script of the site that writes text.
        (published_asset("fxsite.js").replace("View", "Veiw"), [NOT_DRAWN]),
        (
            published_asset("fxsite.js").replace('"card.view": "', '"card.view": "178 s '),
            [NOT_DRAWN],
        ),
    ],
    ids=["published", "edited", "edited-figure"],
)
def test_the_gate_knows_fxsites_script_by_its_hash(data: str, notes: list[str]) -> None:
    raw = data.encode("utf-8")
    assert is_theme_file(raw) == (not notes)
    assert [n.code for n in code_notes("assets/fxsite/fxsite.js", raw)] == notes
