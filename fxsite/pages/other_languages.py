"""How many times faster, and how long in number words, in the languages an English page quotes.

English "3 times faster", "twice as fast", "2-fold" are figures
(:mod:`fxsite.pages.figure_families`); these are the same figures in German, French,
Spanish, Italian, Portuguese, Dutch, Polish and Russian, written with digits or with words
(and with digits in Indonesian and Malay "3 kali lebih cepat", Turkish "1,9 kat daha hızlı",
Vietnamese "nhanh gấp 1,9 lần", Hindi "1.9 गुना तेज़", Arabic "أسرع 1.9 مرة"):

* with digits: "2,5-mal schneller", "3 Mal so schnell", "2,5-fach schneller", "3fach schneller", "3 fois plus", "3 veces más",
  "3 volte più", "3 vezes mais", "3 keer sneller", "2 razy szybciej", "2,5-krotnie",
  "в 2 раза", "2 раза быстрее";
* by a factor: "um den Faktor 3", "d'un facteur 3", "multiplié par 3";
* with words: "doppelt so schnell", "zweimal so schnell", "dreifach schneller", "um das
  Dreifache", "halbiert", "verdoppelt", "um die Hälfte", "multiplié par trois", "divisée
  par deux", "réduit de moitié", Spanish "es el doble", "a la mitad", Italian "dimezzato",
  Dutch "verdubbeld", Swedish "halverad", Russian "наполовину", Polish "o połowę", French
  "a doublé", "deux fois
  plus", "dos veces más", "el doble de rápido", "due volte più", "duas vezes mais", "dwa
  razy szybciej", "dwukrotnie", "в два раза", "вдвое", "twee keer zo snel", Korean "두 배".

A comparison word must follow ("so", "schneller", "plus", "más", "szybciej" …): the same
words alone count occurrences, a frequency ("3 mal versucht", "zweimal täglich", "deux
fois par jour", "2 razy w tygodniu", "2 раза в день"), and are no figure. Polish
"-krotnie" ("twofold") and Russian "вдвое" always multiply, and so does Russian "раз"
after "в" ("в 2 раза": by two times).
"""

from __future__ import annotations

import re

from fxsite.pages.figure_vocab import SP as _SP
from fxsite.pages.lazyre import LazyPattern

__all__ = [
    "OTHER_DURATIONS",
    "OTHER_DURATIONS_CUE",
    "OTHER_TIMES",
    "OTHER_TIMES_CUE",
    "OTHER_TIMES_WORDS",
    "OTHER_TIMES_WORDS_CUE",
]

#: A word of comparison after a number of times, language by language.
_GERMAN_MORE = (
    rf"(?:so{_SP}[^\W\d_]+|(?:schneller|langsamer|höher|niedriger|mehr|weniger|größer|kleiner"
    r"|besser|kürzer|länger|günstiger|teurer)\b)"
)
_POLISH_MORE = r"(?:szybciej|wolniej|więcej|mniej|szybsz[yae]|wolniejsz[yae]|większ[yae])\b"
_RUSSIAN_MORE = (
    r"(?:быстрее|медленнее|больше|меньше|выше|ниже|дешевле|дороже|лучше|короче|длиннее)\b"
)
_NUMBER = r"\b\d{1,4}(?:[.,]\d+)?"

#: With digits.
OTHER_TIMES = LazyPattern(
    rf"{_NUMBER}(?:-?mal|{_SP}[mM]al|-?fach|{_SP}fach){_SP}{_GERMAN_MORE}"
    # by a factor: "um den Faktor 3", "d'un facteur 3", "par un facteur de 3" (blind79)
    rf"|\b(?:um{_SP}(?:den|einen){_SP}Faktor|d['’]un{_SP}facteur(?:{_SP}de)?"
    rf"|par{_SP}un{_SP}facteur(?:{_SP}de)?){_SP}{_NUMBER}\b"
    rf"|\b(?:multipliée?s?|divisée?s?){_SP}par{_SP}{_NUMBER}\b"
    rf"|{_NUMBER}{_SP}(?:fois{_SP}(?:plus|moins)|veces{_SP}(?:más|menos)"
    rf"|volte{_SP}(?:più|meno)|vezes{_SP}(?:mais|menos)"
    rf"|keer{_SP}(?:sneller|meer|minder|hoger|lager|groter|kleiner|zo{_SP}[^\W\d_]+)"
    rf"|razy{_SP}{_POLISH_MORE})\b"
    rf"|{_NUMBER}-?krotnie\b"
    rf"|\bв{_SP}{_NUMBER}{_SP}раза?\b|{_NUMBER}{_SP}раза?{_SP}{_RUSSIAN_MORE}"
    # Portuguese in the singular, Indonesian and Malay, Turkish, Vietnamese, Hindi, Arabic
    rf"|{_NUMBER}{_SP}vez{_SP}(?:mais|menos)\b"
    rf"|{_NUMBER}{_SP}kali{_SP}(?:lebih|lipat)\b"
    rf"|{_NUMBER}{_SP}kat{_SP}(?:daha|fazla)\b"
    rf"|\bgấp{_SP}{_NUMBER}{_SP}lần\b"
    rf"|{_NUMBER}{_SP}?गुना"
    rf"|{_NUMBER}{_SP}مرة|مرة{_SP}{_NUMBER}|ب{_NUMBER}{_SP}مرات"
)
OTHER_TIMES_CUE = re.compile(
    "mal|fach|faktor|facteur|par|fois|veces|volte|vezes|vez|keer|razy|krotnie|раз|kali|kat|lần"
    "|गुना|مر",
    re.IGNORECASE,
)

#: With words.
OTHER_TIMES_WORDS = LazyPattern(
    rf"\b(?:(?:zwei|drei|vier|fünf|zehn)mal{_SP}{_GERMAN_MORE}"
    rf"|doppelt{_SP}so{_SP}[^\W\d_]+"
    rf"|(?:zwei|drei|vier|fünf|zehn)fach{_SP}{_GERMAN_MORE}"
    # "um das Dreifache", "halbiert", "verdoppelt", "um die Hälfte" (blind79)
    rf"|um{_SP}das{_SP}(?:doppelte|dreifache|vierfache|fünffache|zehnfache)"
    r"|(?:halbiert|verdoppelt|verdreifacht|vervierfacht|verzehnfacht)\b"
    rf"|um{_SP}die{_SP}hälfte"
    # French: "multiplié par trois", "divisée par deux", "réduit de moitié" (blind79)
    rf"|(?:multipliée?s?|divisée?s?){_SP}par{_SP}(?:deux|trois|quatre|cinq|dix)\b"
    rf"|(?:réduite?s?|diminuée?s?|baissée?s?){_SP}de{_SP}moitié"
    # doubled, tripled and halved, by a verb or a noun, in more languages (blind79)
    rf"|(?:es|era|fue|será){_SP}el{_SP}doble\b(?!{_SP}de\b)"
    rf"|(?:reduce|reducen|redujo|reducid[oa]s?|baja|bajó|cae|cayó|recorta|recortó){_SP}a{_SP}la"
    rf"{_SP}mitad\b"
    rf"|dimezzat[oaie]\b|(?:è|sarà|era){_SP}il{_SP}doppio\b"
    rf"|(?:é|foi|será){_SP}o{_SP}dobro\b"
    r"|verdubbeld\b|gehalveerd\b|verdrievoudigd\b"
    rf"|dubbelt{_SP}så{_SP}[^\W\d_]+|halverad(?:e|es|ats)?\b"
    rf"|наполовину\b|o{_SP}połowę\b"
    rf"|(?:a|ont|avait|avaient){_SP}(?:doublé|triplé|quadruplé)\b"
    rf"|(?:zwei|drei|vier|fünf|zehn)einhalbmal{_SP}{_GERMAN_MORE}"
    rf"|(?:deux|trois|quatre|cinq|dix){_SP}fois{_SP}et{_SP}demie{_SP}(?:plus|moins)\b"
    rf"|(?:deux|trois|quatre|cinq|dix){_SP}fois{_SP}(?:plus|moins)\b"
    rf"|(?:dos|tres|cuatro|cinco|diez){_SP}veces{_SP}(?:más|menos)\b"
    rf"|el{_SP}(?:doble|triple){_SP}de{_SP}[^\W\d_]+"
    rf"|(?:due|tre|quattro|cinque|dieci){_SP}volte{_SP}(?:più|meno)\b"
    rf"|(?:duas|dois|três|quatro|cinco|dez){_SP}vezes{_SP}(?:mais|menos)\b"
    rf"|(?:dwa|trzy|cztery|pięć|dziesięć){_SP}razy{_SP}{_POLISH_MORE}"
    r"|(?:dwu|trzy|cztero|pięcio|dziesięcio)krotnie\b"
    rf"|в{_SP}(?:два|три|четыре|пять|десять){_SP}раза?\b"
    rf"|(?:два|три|четыре|пять|десять){_SP}раза?{_SP}{_RUSSIAN_MORE}"
    r"|(?:вдвое|втрое|вчетверо|впятеро|вдесятеро)\b"
    rf"|(?:twee|drie|vier|vijf|tien){_SP}keer{_SP}(?:zo{_SP}[^\W\d_]+|sneller|meer|minder)\b"
    # Korean: "두 배", "두 배로 늘었다" (doubled: blind20), "절반으로" (halved: "절반의 직원", half
    # the staff, is a share of people)
    rf"|(?<![^\W\d_])(?:두|세|네|다섯|열){_SP}배(?:로)?(?![^\W\d_])"
    r"|(?<![^\W\d_])절반으로(?![^\W\d_])"
    r")",
    re.IGNORECASE,
)
OTHER_TIMES_WORDS_CUE = re.compile(
    "mal|fach|doppelt|fois|veces|doble|triple|volte|vezes|razy|krotnie|раз|вдво|втро|вчетв"
    "|впят|вдесят|keer|배|절반|halbiert|verdoppelt|verdreifacht|vervierfacht|verzehnfacht"
    "|hälfte|par|moitié|doble|mitad|dimezz|doppio|dobro|verdubbel|gehalveerd|verdrievoud"
    "|dubbelt|halver|наполовину|połow|doublé|triplé|quadruplé|einhalbmal|demie",
    re.IGNORECASE,
)


# Durations in number words: the number words of each language from two (one, "eine
# Stunde", "une heure", is as vague as "an hour") and its units of time under a day, the
# units its digits are read with ("3 Stunden" is a figure: unit_table); and halves.
_DURATION_NUMBERS = (
    "zwei|drei|vier|fünf|sechs|sieben|acht|neun|zehn|elf|zwölf|fünfzehn|zwanzig|dreißig"
    "|vierzig|fünfzig|sechzig|neunzig|hundert|anderthalb|eineinhalb"
    f"|(?:zwei|drei|vier|fünf|zehn)einhalb|eine[rn]?{_SP}halben?"
    "|quatre-vingt-dix|quatre-vingts?|soixante-dix|deux|trois|quatre|cinq|six|sept|huit|neuf|dix|onze|douze|quinze|vingt|trente"
    f"|quarante|cinquante|soixante|cent|une{_SP}demi-"
    "|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|quince|veinte|treinta|cuarenta"
    "|cincuenta|sesenta|cien|media"
    "|dois|duas|três|sete|oito|nove|dez|vinte|trinta|quarenta|cinquenta|sessenta|cem|meia"
    "|due|tre|quattro|cinque|sei|sette|otto|dieci|quindici|venti|quaranta|sessanta|cento"
    "|twee|vijf|zes|zeven|negen|tien|vijftien|twintig|dertig|veertig|vijftig|zestig|honderd"
)
_DURATION_UNITS = (
    "(?:milli)?sekunden?|minuten?|stunden?"
    "|(?:milli)?secondes?|minutes?|heures?"
    "|(?:mili)?segundos?|minutos?|horas?|(?:mili)?ssegundos?"
    "|(?:milli)?second[ie]|minut[oi]|(?:milli)?seconden"
)
#: A duration in words, in German, French, Spanish, Portuguese, Italian and Dutch:
#: "anderthalb Stunden", "drei Minuten", "eine halbe Stunde", "une heure et demie", "deux
#: heures et demie", "une demi-heure", "hora y media", "media hora", "hora e meia",
#: "un'ora e mezza", "mezz'ora", "anderhalf uur". Not a time of day: "à huit heures", "om
#: acht uur", "às três horas"; not "unos segundos" (some seconds).
OTHER_DURATIONS = LazyPattern(
    rf"\b(?:une?|deux|trois|quatre|cinq|dix){_SP}(?:heures?|minutes?|secondes?){_SP}et{_SP}demie\b"
    rf"|\b(?:una?|uma|dos|dois|duas|tres|três){_SP}(?:horas?|minutos?|segundos?){_SP}"
    rf"(?:y{_SP}medi[ao]|e{_SP}mei[ao])\b"
    rf"|\b(?:horas?|minutos?|segundos?){_SP}(?:y{_SP}medi[ao]|e{_SP}mei[ao])\b"
    rf"|\bun['’]ora{_SP}e{_SP}mezz[ao]\b|\bmezz['’]ora\b|\bmezzora\b"
    rf"|\b(?:anderhalf|een{_SP}half){_SP}uur\b|\been{_SP}halve{_SP}minuut\b"
    # after the halves, which a number of whole units starts
    rf"|(?<![^\W\d_])(?<!à{_SP})(?<!às{_SP})(?:{_DURATION_NUMBERS}){_SP}?(?:{_DURATION_UNITS})\b",
    re.IGNORECASE,
)
OTHER_DURATIONS_CUE = re.compile(
    "sekunde|minute|stunde|seconde|heure|segundo|minuto|hora|second[ie]|minut[oi]|mezz|uur|minuut",
    re.IGNORECASE,
)
