"""The detector's pieces written for CPython's ``re`` compiler match what their plain forms did.

Some pieces of :mod:`fxsite.pages.figure_vocab` are split so that the compiler
does not build a 64K-entry table (or walk a 21K-character range) each of the
many times they appear in the rules (``SP``, ``SIGN``, ``START``, ``NUM``, the
Chinese divisor in ``PER``). Each row holds one of them to its plain, one-class
form on every string of a few characters over an alphabet that has the
characters it is about and their neighbours. The last table holds the short
path the digit rules take for a paragraph whose digits all end it.
"""

from __future__ import annotations

import re
from itertools import product

import pytest

from fxsite.pages import figure_vocab as vocab

_SPACES = " \u00a0\u2009\u202f\u2000\u2008\u200a\u202e\u2028\u3000\t\n"
_SIGNS = "+-−±/–\u2212\u2213*×."
_CJK = "的了和与及或是为在起以左秒月天元第一鿿\u4dff\ua000"

PLAIN_SP = r"[ \u00a0\u2009\u202f]"
PLAIN_PER = (
    r"(?:/(?:(?:百万|千万|万|千|亿)?[A-Za-z]+[²³]?|千瓦时|兆瓦时|平方米|立方米"
    r"|[\u4e00-\u9fff](?:(?![的了和与及或是为在起以左])[\u4e00-\u9fff])?))*"
)

ROWS = [
    # (name, as written, plain form, alphabet, longest string)
    ("SP", vocab.SP, PLAIN_SP, _SPACES + "a1", 3),
    ("SP repeated", rf"x{vocab.SP}+y", rf"x{PLAIN_SP}+y", "xy \u00a0\u2009\u202f\u2000", 5),
    ("SIGN", vocab.SIGN, r"(?:\+/-|±|[+\-−])", _SIGNS + "1", 3),
    (
        "START",
        rf"{vocab.START}\d",
        # not after a letter, a digit, or a "_" or "*" joined to one (blind62: a lone
        # one is drawn as itself), but after a lowercase word of three letters
        r"(?<![A-Z0-9])(?<![A-Za-z0-9_]_)(?:(?<![a-z])|(?<=[a-z]{3})(?<![a-f]{3}))"
        r"(?<![.×第])(?<![A-Za-z0-9)\]]\*)(?<![A-Za-z0-9_]-)(?<!\d:)\d",
        "1a-.×*第:x 万_)",
        4,
    ),
    (
        "NUM",
        vocab.NUM,
        r"(?:\d{1,3}(?:,\d{3})+(?!\d)|\d{1,3}(?:[ \u00a0\u2009\u202f]\d{3})+(?!\d)|\d+,\d{1,2}(?![\d,])"
        r"|\d+)"
        r"(?:\.\d+)?",
        "12,.\u00a0\u2009\u202f ",
        6,
    ),
    ("PER", vocab.PER, PLAIN_PER, "/" + _CJK + "Gs²", 4),
]


@pytest.mark.parametrize(
    ("written", "plain", "alphabet", "longest"),
    [row[1:] for row in ROWS],
    ids=[row[0] for row in ROWS],
)
def test_written_form_matches_plain_form(
    written: str, plain: str, alphabet: str, longest: int
) -> None:
    ours, theirs = re.compile(written), re.compile(plain)
    for size in range(1, longest + 1):
        for chars in product(alphabet, repeat=size):
            text = "".join(chars)
            found = [m.span() for m in ours.finditer(text)]
            assert found == [m.span() for m in theirs.finditer(text)], repr(text)


# A paragraph whose digits all end it takes a short path through the digit rules
# (only a currency prefix can end at a digit): what it finds there, and what not.
ENDING_DIGITS = [
    ("Price: $5", ["$5"]),
    ("costs about $1.2", ["about $1.2"]),
    ("US$ 300", ["US$ 300"]),
    ("人民币12", ["人民币12"]),
    ("USD 5", ["USD 5"]),
    ("a ratio of 8:1", ["8:1"]),  # a digit before ":1": the long path
    ("## Step 3", []),
    ("Section 12\n", []),
    ("v2", []),
    ("from 3 ", []),
]


@pytest.mark.parametrize(("text", "found"), ENDING_DIGITS, ids=[t for t, _ in ENDING_DIGITS])
def test_digits_at_the_end_of_a_paragraph(text: str, found: list[str]) -> None:
    from fxsite.pages.figures import find_bare_figures

    assert [span.text for span in find_bare_figures(text)] == found
