"""The words people write numbers with: scale words, number words, bound words.

One vocabulary for the claim grammar (:mod:`fxsite.evidence.quantities`) and
the bare-figure detector (:mod:`fxsite.pages.figures`), so that a wording the
detector reports as a figure is a wording a claim may use.

Every value is an exact :class:`~decimal.Decimal`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from decimal import Decimal

__all__ = [
    "APPROX_SUFFIXES",
    "APPROX_WORDS",
    "ARROWS",
    "BOUND_SUFFIXES",
    "BOUND_WORDS",
    "FLOOR_WORDS",
    "FRACTION_WORDS",
    "INSIDE_GROUPS",
    "MONEY_SCALE_SUFFIXES",
    "MULTIPLIER_WORDS",
    "NEGATED_BEING",
    "NEGATION_WORDS",
    "NUMBER_WORDS",
    "SCALE_SUFFIXES",
    "SCALE_WORDS",
    "WIDTH_MAP",
    "alternation",
]

#: Full-width digits, signs and letters read as their ASCII forms ("９６％").
WIDTH_MAP = str.maketrans(
    {chr(c): chr(c - 0xFEE0) for c in range(0xFF01, 0xFF5F)}
    | {"\u3000": " ", "￠": "¢", "￡": "£", "￥": "¥", "￦": "₩"}  # full-width currency signs
)

#: A regex piece for where a number may start: not at a group inside a run of
#: thousands groups ("1,000,000,000,…", or spaced "1 000 000 …") with a group on
#: each side and one more after. A number starting there starts at the group
#: before it too and reaches as far, so a rule that starts its numbers with this
#: reads a run from its first group, not again from each (time quadratic in the
#: run's length).
INSIDE_GROUPS = (
    r"(?!(?<=,\d{3},)\d{3},\d{3})"
    r"(?!(?<=(?:[ \u00a0]|[\u2009\u202f]{1})\d{3}(?:[ \u00a0]|[\u2009\u202f]{1}))"
    r"\d{3}(?:[ \u00a0]|[\u2009\u202f]{1})\d{3})"
)

#: Scale words, spelled out after a space or not ("2.1 million", "2.3亿").
SCALE_WORDS: dict[str, Decimal] = {
    "hundred": Decimal("1e2"),
    "thousand": Decimal("1e3"),
    "million": Decimal("1e6"),
    "billion": Decimal("1e9"),
    "trillion": Decimal("1e12"),
    "万亿": Decimal("1e12"),
    "萬億": Decimal("1e12"),
    "億": Decimal("1e8"),
    "萬": Decimal("1e4"),
    "千万": Decimal("1e7"),
    "百万": Decimal("1e6"),
    "亿": Decimal("1e8"),
    "万": Decimal("1e4"),
    "千": Decimal("1e3"),
    # Korean ("1.2만 원"; places after them: :func:`placed_number`)
    "조": Decimal("1e12"),
    "억": Decimal("1e8"),
    "만": Decimal("1e4"),
}

#: Scale suffixes glued to the number ("350K", "2.1M", "$1.2B", "€3bn").
#: "B" and "T" mean billions and trillions only next to a currency: alone,
#: "70B" names a model size.
SCALE_SUFFIXES: dict[str, Decimal] = {
    "k": Decimal("1e3"),
    "K": Decimal("1e3"),
    "M": Decimal("1e6"),
    "mn": Decimal("1e6"),
    "bn": Decimal("1e9"),
}
MONEY_SCALE_SUFFIXES: dict[str, Decimal] = {
    **SCALE_SUFFIXES,
    "m": Decimal("1e6"),
    "B": Decimal("1e9"),
    "T": Decimal("1e12"),
}

#: Number words one to twenty, and the tens ("thirty" …), in English and Chinese.
NUMBER_WORDS: dict[str, Decimal] = {
    word: Decimal(i)
    for i, word in enumerate(
        [
            "zero",
            "one",
            "two",
            "three",
            "four",
            "five",
            "six",
            "seven",
            "eight",
            "nine",
            "ten",
            "eleven",
            "twelve",
            "thirteen",
            "fourteen",
            "fifteen",
            "sixteen",
            "seventeen",
            "eighteen",
            "nineteen",
            "twenty",
        ]
    )
    if i
} | {
    "thirty": Decimal(30),
    "forty": Decimal(40),
    "fifty": Decimal(50),
    "sixty": Decimal(60),
    "seventy": Decimal(70),
    "eighty": Decimal(80),
    "ninety": Decimal(90),
    **{c: Decimal(i) for i, c in enumerate("零一二三四五六七八九十", start=0) if i},
    "两": Decimal(2),
    "兩": Decimal(2),  # Traditional (blind91: "兩天內")
}

#: The parts a share in words is of ("a third", "two fifths"): each word's denominator.
FRACTION_WORDS: dict[str, int] = {
    **dict.fromkeys(("half", "halves"), 2),
    **dict.fromkeys(("third", "thirds"), 3),
    **dict.fromkeys(("quarter", "quarters", "fourth", "fourths"), 4),
    **dict.fromkeys(("fifth", "fifths"), 5),
    **dict.fromkeys(("sixth", "sixths"), 6),
    **dict.fromkeys(("seventh", "sevenths"), 7),
    **dict.fromkeys(("eighth", "eighths"), 8),
    **dict.fromkeys(("ninth", "ninths"), 9),
    **dict.fromkeys(("tenth", "tenths"), 10),
    **dict.fromkeys(("hundredth", "hundredths"), 100),
    **dict.fromkeys(("thousandth", "thousandths"), 1000),
}

#: Words that are a ratio on their own: (value, decimals shown).
MULTIPLIER_WORDS: dict[str, tuple[Decimal, int]] = {
    "twice": (Decimal(2), 0),
    "double": (Decimal(2), 0),
    "doubled": (Decimal(2), 0),
    "triple": (Decimal(3), 0),
    "tripled": (Decimal(3), 0),
    "treble": (Decimal(3), 0),
    "trebled": (Decimal(3), 0),
    "quadruple": (Decimal(4), 0),
    "quadrupled": (Decimal(4), 0),
    "quintuple": (Decimal(5), 0),
    "quintupled": (Decimal(5), 0),
    "half": (Decimal("0.5"), 1),
    # as a claim's text, in the forms the detector refuses bare (blind88: "[doubles](…)",
    # "[tenfold](…)" were told they state no quantity, "[doubled](…)" and "[10-fold](…)"
    # passed)
    "doubles": (Decimal(2), 0),
    "triples": (Decimal(3), 0),
    "quadruples": (Decimal(4), 0),
    "halves": (Decimal("0.5"), 1),
    "halved": (Decimal("0.5"), 1),
    "twofold": (Decimal(2), 0),
    "threefold": (Decimal(3), 0),
    "fourfold": (Decimal(4), 0),
    "fivefold": (Decimal(5), 0),
    "tenfold": (Decimal(10), 0),
    "hundredfold": (Decimal(100), 0),
    "翻倍": (Decimal(2), 0),
    "一半": (Decimal("0.5"), 1),
}

#: Words before the number that bound it: "max" (the value is at most it) or
#: "min" (at least it).
BOUND_WORDS: dict[str, str] = {
    "under": "max",
    "below": "max",
    "nearly": "max",  # just under it (blind20: "[nearly 100 s]" was "not one quantity")
    "almost": "max",
    "just under": "max",
    "just over": "min",
    "less than": "max",
    "fewer than": "max",
    "at most": "max",
    "no more than": "max",
    "not more than": "max",
    "<": "max",
    "<=": "max",
    "≤": "max",
    "低于": "max",
    "少于": "max",
    "小于": "max",
    "不到": "max",
    "将近": "max",  # "将近一倍" (blind90)
    "不足": "max",  # blind91: "不到" was read, "不足" not
    "接近": "max",
    "不超过": "max",
    "最多": "max",
    "at least": "min",
    "over": "min",
    "more than": "min",
    "above": "min",
    "no less than": "min",
    "not less than": "min",
    # a negated bound, read whole (blind88: "[not below 1 ms](…)" was told to keep "not"
    # outside the link, and "not [below 1 ms](…)" then said the opposite of its record)
    **dict.fromkeys(("not below", "not under", "no lower than", "no fewer than"), "min"),
    **dict.fromkeys(("not above", "not over", "no higher than", "no longer than"), "max"),
    ">": "min",
    ">=": "min",
    "≥": "min",
    "超过": "min",
    "至少": "min",
    "不低于": "min",
    "不少于": "min",
    "高于": "min",
    "大于": "min",
    # blind25: bounds a writer used beside a claim
    **dict.fromkeys(("a maximum of", "just shy of", "shy of", "short of", "beneath"), "max"),
    **dict.fromkeys(("capped at", "≲", "unter", "weniger als", "moins de", "menos de"), "max"),
    **dict.fromkeys(("أقل من", "a minimum of", "≳", "mehr als", "plus de", "más de"), "min"),
    **dict.fromkeys(("beyond", "远超", "遠超"), "min"),  # blind27
    "within": "max",  # blind28
    # blind60
    **dict.fromkeys(("in excess of", "upwards of", "north of", "逾"), "min"),
    "south of": "max",
    "أكثر من": "min",
}

#: Words a price list writes before its floor, read as "at least" inside a claim's link
#: ("[from $119/TB](…)", "[starting at $119/TB](…)": blind89). Not bound words outside a link:
#: "from [178 s](…) to [94 s](…)" states a change.
FLOOR_WORDS: dict[str, str] = dict.fromkeys(
    ("from", "starting at", "starts at", "starting from", "from just", "from only"), "min"
)

#: Words that negate what follows them: right before a claim that states a bound ("not
#: [under 1 ms](…)"), one turns the bound around (blind88).
NEGATION_WORDS = (
    *("not", "never", "no", "isn't", "aren't", "wasn't", "weren't", "doesn't", "don't"),
    *("isn’t", "aren’t", "wasn’t", "weren’t", "doesn’t", "don’t"),
    # blind91: these passed before a bound claim
    *("hardly", "far from", "no longer", "won't", "won’t", "can't", "can’t", "cannot"),
    *("不是", "并非", "并不", "不在", "没有", "未能", "不能", "无法", "不会"),
)
#: A negated verb of being right before a claim of a value ("is not [94 s](…)", "isn't",
#: "不是[94秒](…)"): it says the value is not the record's (blind91). "not [178 s](…) but [94 s](…)"
#: sets two values against each other, and passes.
NEGATED_BEING = (
    *("is not", "was not", "are not", "were not", "isn't", "wasn't", "aren't", "weren't"),
    *("isn’t", "wasn’t", "aren’t", "weren’t", "is never", "was never", "is no longer"),
    *("不是", "并非", "并不是"),
)

#: Words right before a claim that compare a quantity with it ("Saves beat [94 s](…)",
#: "never exceed [94 s](…)", "faster than [94 s](…)", "保存比[94 秒](…)快"): a bound on the
#: figure the claim rule cannot tell from a comparison with another quantity, refused
#: beside a claim as a bound word is (blind28). "相比" and "对比" compare without a bound.
#: Verbs that say a metric came to a value: "IOPS peaked at 150,000", "reached 2M" (blind40).
REACHED_WORDS = (
    *("reached", "reaches", "reaching", "hit", "hits", "hitting", "topped", "tops", "topping"),
    *("peaked", "peaks", "peaking", "exceeded", "exceeds", "exceeding", "stands", "stood", "up"),
)
#: Words of money paid or saved: a price's context ("It costs 300 Ft",
#: :data:`fxsite.pages.figure_vocab.PRICE_BEFORE`), the period money is saved over ("saves
#: money over five years", :mod:`fxsite.pages.time_spans`).
PRICE_WORDS = (
    *("cost", "costs", "costing", "price", "prices", "priced", "pricing", "pay", "pays"),
    *("paid", "paying", "fee", "fees", "charge", "charges", "charged", "billed", "spend"),
    *("spends", "spent", "save", "saves", "saved", "saving", "savings", "budget", "tariff"),
    *("tariffs", "fare", "fares"),
)
#: Verbs of lasting, before a length of time: "takes one day", "took over the [94 s](…) run".
#: Arrows between two values, a change from one to the other: "178 → 94 s", "178 -> 94".
#: The signs a note's mark is written with beside a figure ("94† s", "94 s<sup>‡</sup>"):
#: the asterisk first (written spaced, it multiplies: "3 * 4").
NOTE_SIGNS = "*†‡§¶"
#: A year of the calendar, which a number may be instead of a value: "from 2019 → 2023",
#: "It finished in 2024" (matched whole: ``YEAR.fullmatch``).
YEAR = re.compile(r"(?:19|20)\d\d")
ARROWS = ("→", "->", "⟶", "⇒", "=>", "➔", "➜")
LASTING_WORDS = (
    *("take", "takes", "took", "taking", "last", "lasts", "lasted", "need", "needs", "needed"),
)
COMPARING_WORDS = (
    *("than", "exceed", "exceeds", "exceeding", "exceeded", "beat", "beats", "beating"),
    *("surpass", "surpasses", "surpassing", "outpace", "outpaces", "outdo", "outdoes"),
    *("outlast", "outlasts", "快于", "慢于"),  # blind91
    "比",
)
#: Words after the quantity that bound it ("40秒以内", "100 GB/s以上", "94초 이내").
BOUND_SUFFIXES: dict[str, str] = {
    **{"以内": "max", "以下": "max", "以上": "min", "未満": "max", "之内": "max"},
    "内": "max",  # "两天内", "1秒内" (blind90)
    **{"以內": "max", "之內": "max", "內": "max"},  # Traditional Chinese (blind91)
    **{"足らず": "max", "이상": "min", "이하": "max", "미만": "max", "이내": "max"},
}
#: Words after a number that bound it, as written after a claim ("[94 s](…) or less",
#: "[40秒](…)以内"): a bound the claim's own words do not state (blind24).
BOUND_AFTER_WORDS: dict[str, str] = {
    **BOUND_SUFFIXES,
    **dict.fromkeys(("or less", "or fewer", "or lower", "or below", "or under"), "max"),
    **dict.fromkeys(("at most", "at the most", "tops", "max", "maximum", "at worst"), "max"),
    # blind91: these passed after a claim
    **dict.fromkeys(("or longer", "at minimum", "at a minimum", "plus", "或更长", "多"), "min"),
    **dict.fromkeys(("or shorter", "或更短", "或更少", "甚至更少"), "max"),
    **dict.fromkeys(("or more", "or higher", "or better", "or above", "or over"), "min"),
    **dict.fromkeys(("and up", "and above", "at least", "at the least", "-plus", "+"), "min"),
    # blind60
    **dict.fromkeys(("minimum", "and change", "and then some"), "min"),
    **dict.fromkeys(("有余", "开外", "出头", "有餘", "開外"), "min"),
}

#: Words that state a point value loosely: "about" (either side), "up to" (the most it
#: reaches; also agrees with a ``max`` figure) and "down to" (the least: "as low as 0.42 ms",
#: "低至0.42毫秒"; also agrees with a ``min`` figure; blind22).
APPROX_WORDS: dict[str, str] = {
    "about": "about",
    "around": "about",
    "approximately": "about",
    "approx.": "about",
    "roughly": "about",
    "some": "about",
    "~": "about",
    "≈": "about",
    "∼": "about",
    "约": "about",
    "大约": "about",
    "約": "about",  # Japanese and traditional Chinese (blind20)
    "大約": "about",
    "およそ": "about",
    "약": "about",  # Korean
    "대략": "about",
    "up to": "up to",
    "as much as": "up to",
    "最高": "up to",
    "高达": "up to",
    "最高可达": "up to",
    "可达": "up to",
    "as high as": "up to",  # blind24
    "최대": "up to",
    "as low as": "down to",
    "as little as": "down to",  # blind24
    "as few as": "down to",
    "down to": "down to",
    "低至": "down to",
    "最低": "down to",
    "最低至": "down to",
    "최저": "down to",
    "최소": "down to",
}
APPROX_SUFFIXES: dict[str, str] = {
    "左右": "about",
    "程度": "about",
    "前後": "about",
    "정도": "about",
}


def korean_magnitude(space: str) -> str:
    """A Korean amount's places after its first digits, as a pattern (``space``: the space
    one may stand before a group of places): the four-digit groups 조, 억 and 만, each led
    by its own digits and places below it, and the places 천, 백 and 십 within a group.
    "1만 2천" (12,000), "1만2천", "5천만" (50 million), "3천억", "1조 2천억", "2천5백"
    (2,500), "9천9백", "3천" (blind24). Bounded: at most three groups after the first."""
    places = r"[천백십](?:\d{1,3}[천백십]){0,2}"
    group = rf"(?:{places})?[조억만]"
    return rf"(?:{group}(?:{space}\d{{1,4}}(?:{places})?[조억만]?){{0,3}}|[천백](?:\d{{1,3}}[백십]){{0,2}})"


#: The places of a number written in Chinese, Japanese or Korean, within a four-digit
#: group, and the groups (10⁴, 10⁸, 10¹²) that multiply what stands before them.
EAST_ASIAN_PLACES = {
    "십": 10,
    "백": 100,
    "천": 1000,
    "拾": 10,
    "百": 100,
    "佰": 100,
    "千": 1000,
    "仟": 1000,
}
EAST_ASIAN_GROUPS = {
    "만": 10**4,
    "万": 10**4,
    "萬": 10**4,
    "억": 10**8,
    "億": 10**8,
    "亿": 10**8,
    "조": 10**12,
}
_PLACE_CHARS = "".join([*EAST_ASIAN_PLACES, *EAST_ASIAN_GROUPS])
#: An amount written with places: digits and a place, again and again, and digits last
#: ("1만 2천", "5천만", "1万2千", "2천5백"); in Korean a first place without digits is one
#: of it ("만 원" is 10,000 won, "만2천원" 12,000), not after a Hangul syllable ("이만").
PLACED_NUMBER = re.compile(
    rf"(?:(?<![\d.,])\d{{1,4}}\s?[{_PLACE_CHARS}]|(?<![\d.,가-힣])[십백천만억조])"
    rf"(?:\s?\d{{0,4}}[{_PLACE_CHARS}]){{0,6}}(?:\s?\d{{1,4}}(?!\d))?"
)
_PLACE = re.compile(rf"(\d*)\s?([{_PLACE_CHARS}])|(\d+)")


def placed_number(written: str) -> tuple[int, int] | None:
    """An amount written with places (:data:`PLACED_NUMBER`), as its value and its smallest
    place (``(12000, 1000)`` for "1만 2천": stated to the thousands; "2천3만" is 2,003 of
    10⁴); None where the places do not descend ("3만 2억", "2백3천" are two numbers)."""
    total, group, smallest = 0, [], None
    last_group = last_place = 10**16
    for match in _PLACE.finditer(written):
        digits, char, bare = match.groups()
        if bare is not None:
            group.append((int(bare), 1))
        elif char in EAST_ASIAN_PLACES:
            place = EAST_ASIAN_PLACES[char]
            if place >= last_place:
                return None
            group.append((int(digits or 1), place))
            last_place = place
        else:
            factor = EAST_ASIAN_GROUPS[char]
            if factor >= last_group:
                return None
            if digits or not group:  # "3만": 3 of the group; "천만": a thousand of it
                group.append((int(digits or 1), 1))
            total += sum(n * place * factor for n, place in group)
            smallest = min(place * factor for _, place in group)
            group, last_group, last_place = [], factor, 10**16
    total += sum(n * place for n, place in group)
    if group:
        smallest = min(place for _, place in group)
    return (total, smallest) if smallest is not None else None


#: The digits and places of Chinese numerals.
CHINESE_DIGITS = {c: n for n, c in enumerate("零一二三四五六七八九")} | {"〇": 0, "两": 2, "兩": 2}
_CHINESE_PLACES = {"十": 10, "百": 100, "千": 1000}
#: A number in Chinese numerals below ten thousand, two characters or more ("九十四",
#: "一百二十", "两千零五"): a single one is a number word (:data:`NUMBER_WORDS`).
CHINESE_NUMERAL = re.compile("[零〇一二两兩三四五六七八九十百千]{2,}")


def chinese_numeral(written: str) -> int | None:
    """The value of a :data:`CHINESE_NUMERAL` ("九十四" is 94, "十五" 15); None where its
    places do not descend ("九十十")."""
    total, digit, last = 0, None, 10**4
    for char in written:
        if char in CHINESE_DIGITS:
            if digit:  # two digits with no place between ("九九"): no such numeral
                return None
            digit = CHINESE_DIGITS[char]
            continue
        place = _CHINESE_PLACES[char]
        if place >= last:
            return None
        total += (1 if digit is None else digit) * place
        digit, last = None, place
    return total + (digit or 0)


def alternation(names: Iterable[str]) -> str:
    """Names as one regex alternation, longest first so ``GB/s`` wins over ``GB``."""
    return "|".join(re.escape(n) for n in sorted(names, key=lambda n: (-len(n), n)))


_Tree = dict[str, "_Tree"]


def tree_alternation(names: Iterable[str]) -> str:
    """What :func:`alternation` matches, written as a tree of the names' common beginnings
    (``GB(?:/s)?``): the re engine tries one branch a character instead of every name.
    The same match, longer names first, where no two names differ only by characters that
    match one character (true of names matched case-sensitively, and of lowercase ASCII
    under IGNORECASE)."""
    tree: _Tree = {}
    for name in names:
        node = tree
        for char in name:
            node = node.setdefault(char, {})
        node[""] = {}
    return _branches(tree)


def _branches(node: _Tree) -> str:
    ends = "" in node
    branches = [re.escape(char) + _branches(rest) for char, rest in sorted(node.items()) if char]
    if not branches:
        return ""
    body = branches[0] if len(branches) == 1 and not ends else f"(?:{'|'.join(branches)})"
    return f"{body}?" if ends else body


def word_alternation(names: Iterable[str]) -> str:
    """:func:`alternation` of words: a Latin word is not matched inside a longer one
    ("about" not in "roundabout"); CJK words need no boundary."""
    return "|".join(
        rf"(?<![A-Za-z]){re.escape(n)}(?![A-Za-z])" if n[:1].isascii() else re.escape(n)
        for n in sorted(names, key=lambda n: (-len(n), n))
    )
