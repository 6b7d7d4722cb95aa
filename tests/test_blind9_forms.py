"""Figures blind tester 9 got published as people write them (issue 20, /work/notes/blind9_cases).

* Scaled FLOPS in any case: "95 TFLOPs", "1.2 PFLOPs", "98 Gflops".
* Prices with a dash for the cents, as German and Swiss prices are written ("300,– €",
  "310.- USD", "EUR 300,--"), thousands grouped by dots ("1.234.567 €"), and a duration
  in ISO 8601 ("PT1M35S").
* Units of time and ratio in the other languages an English page quotes: "98ミリ秒",
  "3割", "1.9배", "97초", "95 segundos", "95 Sekunden", "95 सेकंड", "95 วินาที", "95 saniye".
* Chinese money in colloquial words: "三百块钱", "3毛钱", "320美金"; "310块", "330刀" and
  "340大洋" after a word of spending or price.
* A unit stated by a container's title over bare numbers in its body, as a column's header
  states it over its cells: an admonition "Save time, seconds" over "NFS: 95.", a
  ``<details>`` "Speed-up over NFS (×)" over "2.6", a tab "Save time (s)" over "98", a
  list item "Save time in seconds" over "- NFS: 96".

In-process rows: a sentence in, figures out (the one detector, as the gate reads it), a
near miss that passes beside each family, and a page in, ``(code, line, col)`` out; one
whole site where check and build agree.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sitekit import (
    FIXTURE_EXTENSIONS,
    PAGE_PATH,
    check_and_build,
    finding_lines,
    href_for,
    library,
    page_findings,
    rows_site,
)
from test_detector_linear import _linear, _read_again, _text

from fxsite.evidence.library import Library
from fxsite.markdown import PageRenderer, check_page
from fxsite.pages.stated_numbers import governed_parts
from fxsite.verify.reading import detect

# (name, sentence, figures)
REFUSED = [
    ("TFLOPs", "GPUs delivering 95 TFLOPs each.", ["95 TFLOPs"]),
    ("PFLOPs", "GPUs delivering 1.2 PFLOPs in total.", ["1.2 PFLOPs"]),
    ("GFLOPs", "GPUs delivering 98 GFLOPs each.", ["98 GFLOPs"]),
    ("Tflops", "A card of 95 Tflops.", ["95 Tflops"]),
    ("tflops", "A card of 95 tflops.", ["95 tflops"]),
    ("Gflop", "A 98 Gflop machine.", ["98 Gflop"]),
    ("comma dash euro", "Each licence costs 300,– € a year.", ["300,– €"]),
    ("dot hyphen code", "Each licence costs 310.- USD a year.", ["310.- USD"]),
    ("grouped comma dash", "Each licence costs 1.234,– EUR a year.", ["1.234,– EUR"]),
    ("sign before, comma dash", "It costs € 300,– a year.", ["€ 300,–"]),
    ("code before, double hyphen", "It costs EUR 300,-- a year.", ["EUR 300,--"]),
    ("francs before, dot dash", "It costs CHF 300.– a year.", ["CHF 300.–"]),
    ("dotted thousands", "It costs 1.234.567 € a year.", ["1.234.567 €"]),
    ("dotted thousands, dash", "It costs 1.234.567,– € a year.", ["1.234.567,– €"]),
    ("dotted thousands, cents", "It costs 1.234.567,50 €.", ["1.234.567,50 €"]),
    ("ISO duration", "Each save took PT1M35S on NFS.", ["PT1M35S"]),
    ("ISO duration with days", "Retention is P1DT12H.", ["P1DT12H"]),
    ("ISO hours", "A PT2H window.", ["PT2H"]),
    ("Japanese milliseconds", "Japanese: 保存時間は98ミリ秒です。", ["98ミリ秒"]),
    ("Japanese tenths", "Japanese: 3割速い。", ["3割"]),
    ("Japanese hours", "Japanese: 学習に3時間かかった。", ["3時間"]),
    ("Korean times", "Korean: 저장이 1.9배 빨라졌습니다.", ["1.9배"]),
    ("Korean seconds", "Korean: 저장에 97초 걸렸습니다.", ["97초"]),
    ("Korean minutes", "Korean: 5분 걸렸습니다.", ["5분"]),
    ("Spanish", "Spanish: el guardado tardó 95 segundos.", ["95 segundos"]),
    ("Portuguese", "Portuguese: levou 95 milissegundos.", ["95 milissegundos"]),
    ("French", "French: la sauvegarde a pris 95 secondes.", ["95 secondes"]),
    ("German", "German: das Speichern dauerte 95 Sekunden.", ["95 Sekunden"]),
    ("German hours", "German: 3 Stunden Training.", ["3 Stunden"]),
    ("Italian", "Italian: il salvataggio ha richiesto 95 secondi.", ["95 secondi"]),
    ("Turkish", "Turkish: kaydetme 95 saniye sürdü.", ["95 saniye"]),
    ("Hindi", "Hindi: सहेजने में 95 सेकंड लगे।", ["95 सेकंड"]),
    ("Thai", "Thai: บันทึกใช้เวลา 95 วินาที", ["95 วินาที"]),
    ("Polish", "Polish: zapis trwał 178 sekund.", ["178 sekund"]),
    ("Polish milliseconds", "Polish: 95 milisekund.", ["95 milisekund"]),
    ("Swedish", "Swedish: sparningen tog 95 sekunder.", ["95 sekunder"]),
    ("German percent", "German: es sind 96 Prozent.", ["96 Prozent"]),
    ("French percent", "French: il est à 96 pour cent.", ["96 pour cent"]),
    ("Spanish percent", "Spanish: es el 96 por ciento.", ["96 por ciento"]),
    ("German times faster", "German: es ist 2,5-mal schneller.", ["2,5-mal schneller"]),
    ("German times, spaced", "German: es ist 3 Mal so schnell.", ["3 Mal so schnell"]),
    ("French times faster", "French: il est 3 fois plus rapide.", ["3 fois plus"]),
    ("Spanish times faster", "Spanish: es 3 veces más rápido.", ["3 veces más"]),
    ("Italian times faster", "Italian: è 3 volte più veloce.", ["3 volte più"]),
    # Times faster in words, and Polish (blind12).
    ("German doubled", "German: das Speichern ist doppelt so schnell.", ["doppelt so schnell"]),
    ("German twice", "German: es ist zweimal so schnell.", ["zweimal so schnell"]),
    ("German threefold", "German: das Laden ist dreifach schneller.", ["dreifach schneller"]),
    ("French twice in words", "French: elle est deux fois plus rapide.", ["deux fois plus"]),
    ("Spanish double", "Spanish: el guardado es el doble de rápido.", ["el doble de rápido"]),
    ("Polish times", "Polish: zapis jest 2 razy szybciej.", ["2 razy szybciej"]),
    ("Polish twice in words", "Polish: zapis jest dwa razy szybciej.", ["dwa razy szybciej"]),
    ("Polish fold", "Polish: zapis jest 2,5-krotnie szybszy.", ["2,5-krotnie"]),
    ("Polish twofold in words", "Polish: wzrósł dwukrotnie.", ["dwukrotnie"]),
    # blind79: German "-fach" with digits, by a factor, halved; French by a factor, halved
    ("German fold, a hyphen", "German: es ist 2,5-fach schneller.", ["2,5-fach schneller"]),
    ("German fold, glued", "German: es ist 3fach schneller.", ["3fach schneller"]),
    ("German fold, spaced", "German: es ist 2,5 fach schneller.", ["2,5 fach schneller"]),
    ("German by a factor", "German: um den Faktor 3 schneller.", ["um den Faktor 3"]),
    ("German threefold, a noun", "German: um das Dreifache schneller.", ["um das Dreifache"]),
    ("German halved", "German: die Kosten wurden halbiert.", ["halbiert"]),
    ("German by half", "German: die Latenz sinkt um die Hälfte.", ["um die Hälfte"]),
    ("French by a factor", "French : accélérée d'un facteur 3.", ["d'un facteur 3"]),
    ("French divided by two", "French : la latence est divisée par deux.", ["divisée par deux"]),
    ("French multiplied", "French : le débit est multiplié par trois.", ["multiplié par trois"]),
    ("French halved", "French : le coût a été réduit de moitié.", ["réduit de moitié"]),
    ("Finnish seconds", "Finnish: tallennus kestää 94 sekuntia.", ["94 sekuntia"]),
    (
        "French milliseconds, one",
        "French : la latence est de 0,2 milliseconde.",
        ["0,2 milliseconde"],
    ),
    ("German millions of IOPS", "German: 1,5 Millionen IOPS.", ["1,5 Millionen IOPS"]),
    ("German millions abbreviated", "German: 1,5 Mio. IOPS.", ["1,5 Mio. IOPS"]),
    ("German thousands of IOPS", "German: 150 Tsd. IOPS.", ["150 Tsd. IOPS"]),
    ("Spanish double, after a verb", "Spanish: el rendimiento es el doble.", ["es el doble"]),
    ("Spanish halved", "Spanish: el tiempo se reduce a la mitad.", ["reduce a la mitad"]),
    ("Italian halved", "Italian: il tempo è dimezzato.", ["dimezzato"]),
    ("Italian double", "Italian: il throughput è il doppio.", ["è il doppio"]),
    ("Portuguese double", "Portuguese: o desempenho é o dobro.", ["é o dobro"]),
    ("Dutch doubled", "Dutch: de doorvoer is verdubbeld.", ["verdubbeld"]),
    ("Dutch halved", "Dutch: de tijd is gehalveerd.", ["gehalveerd"]),
    ("Swedish twice", "Swedish: lagringen är dubbelt så snabb.", ["dubbelt så snabb"]),
    ("Swedish halved", "Swedish: tiden är halverad.", ["halverad"]),
    ("Russian halved", "Russian: время сократилось наполовину.", ["наполовину"]),
    ("Polish halved", "Polish: czas skrócił się o połowę.", ["o połowę"]),
    ("French doubled", "French : le débit a doublé.", ["a doublé"]),
    (
        "German two and a half times",
        "German: zweieinhalbmal so schnell.",
        ["zweieinhalbmal so schnell"],
    ),
    (
        "French two and a half times",
        "French : deux fois et demie plus rapide.",
        ["deux fois et demie plus"],
    ),
    (
        "Spanish millions of IOPS",
        "Spanish: alcanza 1,5 millones de IOPS.",
        ["1,5 millones de IOPS"],
    ),
    ("down nine-tenths", "Latency is down nine-tenths.", ["nine-tenths"]),
    ("down three-quarters", "Latency is down three-quarters.", ["three-quarters"]),
    ("an uncertainty in parentheses", "Saves take 94 (±3) s.", ["94 (±3) s"]),
    ("per cent abbreviated", "Throughput is up 90 p.c. now.", ["90 p.c."]),
    ("a speed-up's multiplication sign", "Speed-up × 1.9 here.", ["1.9"]),
    ("a prefix multiplier set against", "Throughput: x 1.9 over NFS.", ["x 1.9"]),
    # a unit before a word of a Latin script with its own letters still ends there
    ("a unit before an accented word", "French : il a pris 94 s à sauver.", ["94 s"]),
    ("a unit before a Spanish word", "Spanish: 94 ms más rápido.", ["94 ms"]),
    ("German millions of euros", "German: es kostet 1,2 Mio. €.", ["1,2 Mio. €"]),
    ("German billions, a word", "German: es kostet 1,2 Milliarden Euro.", ["1,2 Milliarden Euro"]),
    ("German thousands", "German: es kostet 3 Tsd. Euro.", ["3 Tsd. Euro"]),
    ("a ratio as words", "An 8-to-1 ratio of reads.", ["8-to-1"]),
    ("a ratio as words, spaced", "Dedup reaches 8 to 1 on VMs.", ["8 to 1"]),
    # Narrow and thin no-break spaces, as French typesetting puts them: the one space
    # vocabulary (figure_vocab.SP) in every rule.
    ("a ratio, narrow spaces", "An 8\u202fto\u202f1 ratio of reads.", ["8\u202fto\u202f1"]),
    (
        "German times, narrow space",
        "German: es ist 2,5\u202fmal schneller.",
        ["2,5\u202fmal schneller"],
    ),
    ("French times, thin space", "French : 3\u2009fois plus rapide.", ["3\u2009fois plus"]),
    (
        "German doubled, narrow space",
        "German: doppelt\u202fso schnell.",
        ["doppelt\u202fso schnell"],
    ),
    ("kuai qian in numerals", "每次保存花费三百块钱。", ["三百块钱"]),
    ("kuai after spending", "每次保存花费310块。", ["310块"]),
    ("meijin", "每次保存花费320美金。", ["320美金"]),
    ("dao after spending", "每次保存花费330刀。", ["330刀"]),
    ("mao qian", "每次保存只要3毛钱。", ["3毛钱"]),
    ("dayang after spending", "每次保存花费340大洋。", ["340大洋"]),
    ("kuai in numerals after spending", "每次保存花了三百块。", ["三百块"]),
    ("kuai about", "成本3块左右。", ["3块左右"]),
    ("Russian by times", "Russian: ускорение в 2 раза.", ["в 2 раза"]),
    ("Russian by times, a decimal", "Russian: сохранение в 2,5 раза быстрее.", ["в 2,5 раза"]),
    ("Russian times faster", "Russian: это 3 раза быстрее.", ["3 раза быстрее"]),
    ("Russian by times in words", "Russian: в два раза быстрее.", ["в два раза"]),
    ("Russian twofold", "Russian: время сократилось вдвое.", ["вдвое"]),
    # A look-alike word whose every letter looks Latin is read as the Latin it looks like.
    ("Cyrillic look-alikes for seconds", "Save took 94 ѕеcоnds.", ["94 ѕеcоnds"]),
    ("Cyrillic look-alikes for Pa alone", "Pressure 2 ра here.", ["2 ра"]),
    # durations in number words, in the languages whose digits read so ("3 Stunden")
    ("German an hour and a half", "German: dauert anderthalb Stunden.", ["anderthalb Stunden"]),
    ("German one and a half", "German: dauert eineinhalb Stunden.", ["eineinhalb Stunden"]),
    ("German two and a half", "German: dauert zweieinhalb Minuten.", ["zweieinhalb Minuten"]),
    ("German half an hour", "German: dauert eine halbe Stunde.", ["eine halbe Stunde"]),
    ("German three hours", "German: dauert drei Stunden.", ["drei Stunden"]),
    ("French an hour and a half", "French : prend une heure et demie.", ["une heure et demie"]),
    (
        "French two hours and a half",
        "French : prend deux heures et demie.",
        ["deux heures et demie"],
    ),
    ("French half an hour", "French : prend une demi-heure.", ["une demi-heure"]),
    (
        "French ninety seconds",
        "French : prend quatre-vingt-dix secondes.",
        ["quatre-vingt-dix secondes"],
    ),
    ("Spanish an hour and a half", "Spanish: tarda hora y media.", ["hora y media"]),
    ("Spanish half an hour", "Spanish: tarda media hora.", ["media hora"]),
    ("Portuguese two and a half", "Portuguese: leva duas horas e meia.", ["duas horas e meia"]),
    ("Italian an hour and a half", "Italian: dura un'ora e mezza.", ["un'ora e mezza"]),
    ("Italian three minutes", "Italian: dura tre minuti.", ["tre minuti"]),
    ("Dutch an hour and a half", "Dutch: duurt anderhalf uur.", ["anderhalf uur"]),
    # blind80: a named quantity's value after a change or an average; orders without
    # "of magnitude"; a unit said with "a" before "earlier"
    ("a time fell to", "Save time fell to 94.", ["94"]),
    ("a latency dropped to", "Latency dropped to 94.", ["94"]),
    ("a percentile fell to", "The p99 fell to 94.", ["94"]),
    ("an acronym dropped to", "TTFT dropped to 94.", ["94"]),
    ("a time averaged", "Save time averaged 94.", ["94"]),
    ("a time settled at", "Save time settled at 94.", ["94"]),
    ("time to first token", "Time to first token: 94.", ["94"]),
    ("a throughput ratio", "The throughput ratio was 1.9.", ["1.9"]),
    ("orders faster", "Saves are 2 orders faster.", ["2 orders"]),
    ("orders in words faster", "Saves are two orders faster.", ["two orders"]),
    ("a day earlier", "Training finished a day earlier.", ["a day"]),
    # blind80: a paragraph in capitals is read as a reader reads it, in small letters too
    ("seconds in capitals", "SAVES 94 S ON THE FX100.", ["94 S"]),
    ("milliseconds in capitals", "LATENCY DROPS TO 3 MS.", ["3 MS"]),
    ("a rate in capitals", "THE FX100 READS 6.4 GB/S.", ["6.4 GB/S"]),
    # blind80: a named value set against another
    ("a named value versus another", "Save time: 94 versus 178 before.", ["94", "178"]),
    ("a named value vs. another", "Save time: 94 vs. 178 on NFS.", ["94", "178"]),
    ("a named value against another", "Save time: 94 against 178.", ["94", "178"]),
    ("near miss: versus a count", "Save time: 94 versus 3 other vendors.", ["94"]),
    # blind80: a fraction in words a change brought something to, its object between
    ("reduced to a tenth", "The FX100 reduced stalls to a tenth.", ["a tenth"]),
    ("trims to a fifth", "The FX100 trims save time to a fifth.", ["a fifth"]),
    ("cut to a tenth", "The FX100 cut checkpoint stalls to a tenth.", ["a tenth"]),
    ("cut to two thirds of", "It cut save time to two thirds of NFS's.", ["two thirds"]),
    ("slashed to about a third", "It slashed costs to about a third.", ["a third"]),
    # blind80: a change written with an arrow, a time then and now, a count made fewer
    ("went with an arrow", "It went 178 → 94.", ["178", "94"]),
    ("dropped with an ASCII arrow", "Save time dropped 178 -> 94 on the FX100.", ["178", "94"]),
    ("went, thousands", "It went 1,200 → 950 over the year.", ["1,200", "950"]),
    ("took then, now takes", "Checkpoints that took 178 now take 94.", ["178", "94"]),
    ("took then, now they take", "Saves took 178, now they take 94 on the FX100.", ["178", "94"]),
    ("shrinks racks to", "It shrinks 12 racks to 1.", ["12", "1"]),
    ("a median operation", "Median save is 94.", ["94"]),
    ("a mean operation, where", "The mean restore was 94 on the FX100.", ["94"]),
    ("time to first token, hyphened", "Time-to-first-token is 94.", ["94"]),
    # blind81: an operation's time with where it was measured after it, or done "in" it
    ("an operation's time, where", "The save takes 94 on the FX100.", ["94"]),
    ("done in, where", "The FX100 saves in 94 where NFS needed 178.", ["94"]),
    ("completes in", "It completes in 94.", ["94"]),
    ("time to an operation, qualified", "Time to save (FX100) = 94", ["94"]),
    ("a benchmark's score", "MLPerf score: 94.", ["94"]),
    ("an operation's time before a change", "A save took 178 before the upgrade.", ["178"]),
    ("the doing of an operation, not another", "Saving takes 94, not 178.", ["94", "178"]),
    ("a named value instead of another", "Save time: 94 instead of 178.", ["94", "178"]),
    ("an operation went from, to", "Save went from 178 to 94.", ["178", "94"]),
    # blind81 (this round): a named value it came to, a change's amount, a benchmark's score
    ("a named value came to", "Save time for the FX100 came to 94.", ["94"]),
    ("a named value amounted to", "Save time amounted to 94.", ["94"]),
    ("a named value reduced by", "Save time was reduced by 84.", ["84"]),
    ("a named value fell by, where", "Save time fell by 84 on the FX100.", ["84"]),
    ("a benchmark's score of", "It posts a Geekbench score of 9,400.", ["9,400"]),
    ("a benchmark's score in points", "A Geekbench score of 9,400 points.", ["9,400 points"]),
    ("a benchmark's score is", "The TPC-C score is 1,200,000.", ["1,200,000"]),
    ("measured for an operation", "We measured 94 for the FX100 save.", ["94"]),
    ("recorded for each operation, where", "We recorded 94 for each restore on NFS.", ["94"]),
    (
        "parts against what another needed",
        "The FX100 needs 1 rack where NFS needed 12.",
        ["1", "12"],
    ),
    ("parts while another used", "It uses 4 nodes while the old array used 16 nodes.", ["4", "16"]),
    # blind82: a word of degree before the value, of time after it; more verbs
    ("came to just", "Save time for the FX100 came to just 94.", ["94"]),
    ("came to, today", "Save time for the FX100 came to 94 today.", ["94"]),
    ("reduced by, overall", "Save time was reduced by 84 overall.", ["84"]),
    ("reduced by a full", "Save time was reduced by a full 84.", ["84"]),
    ("a score, today", "The FX100 got a Geekbench score of 9,400 today.", ["9,400"]),
    ("a versioned benchmark's score", "The FX100 got a Geekbench 6 score of 9,400.", ["9,400"]),
    ("totalled", "Save time for the FX100 totalled 94.", ["94"]),
    ("ended up at", "Save time on the FX100 ended up at 94.", ["94"]),
    ("measured at", "Save time was measured at 94.", ["94"]),
    ("recorded as", "Save time was recorded as 94.", ["94"]),
    ("logged at", "Save time was logged at 94.", ["94"]),
    ("was just, where", "Save time was just 94 on the FX100.", ["94"]),
    ("brought down to", "Restore time was brought down to 94.", ["94"]),
    ("is now", "Our restore time is now 94, down from 178.", ["94"]),
    ("cut a named quantity by", "The FX100 cut save time by 84.", ["84"]),
    ("reduced a named quantity by, where", "The FX100 reduced save time by 84 on NFS.", ["84"]),
    # blind82: more quantities named
    ("a computation's time", "Compile time for the FX100 came to 94.", ["94"]),
    ("a time per epoch", "Training time per epoch came to 94.", ["94"]),
    ("mean time to recovery", "Mean time to recovery came to 94.", ["94"]),
    ("a recovery objective", "Recovery time objective for the FX100 came to 94.", ["94"]),
    ("power drawn", "Power draw for the FX100 came to 940.", ["940"]),
    ("energy used", "Energy use for the FX100 came to 94.", ["94"]),
    ("power reduced by", "Power consumption was reduced by 84.", ["84"]),
    ("a price per capacity", "Price per TB for the FX100 came to 119.", ["119"]),
    ("a rate per second", "Tokens per second for the FX100 came to 9,400.", ["9,400"]),
    ("requests per second reached", "Requests per second reached 9,400.", ["9,400"]),
    ("a Chinese time brought down to", "保存时间降至94。", ["94"]),
    ("a Chinese time shortened to", "恢复时间缩短到600。", ["600"]),
    ("availability, over a period", "Availability came to 99.99 over the quarter.", ["99.99"]),
    ("a hit ratio", "The cache hit ratio came to 0.94.", ["0.94"]),
    ("accuracy", "Accuracy came to 94.2 with the FX100.", ["94.2"]),
    ("an error rate", "Error rate came to 0.001.", ["0.001"]),
    ("a named value, during", "Latency was 94 during the test.", ["94"]),
    ("a benchmark and a colon", "Geekbench: 9,400.", ["9,400"]),
    ("a versioned benchmark and a colon", "Geekbench 6: 9,400.", ["9,400"]),
    ("scored after a benchmark named", "In Geekbench the FX100 scored 9,400.", ["9,400"]),
    ("scored points", "The FX100 scored 9,400 points.", ["9,400 points"]),
    ("a named value, a product after the colon", "Save time: FX100 94, NFS 178.", ["94"]),
    (
        "a named value, a dash, a product and a colon",
        "Save time — FX100: 94; baseline: 178.",
        ["94"],
    ),
    ("took a product a time to an operation", "It took the FX100 94 to save a snapshot.", ["94"]),
    (
        "needed only a time to an operation",
        "The FX100 needed only 94 to save the snapshot.",
        ["94"],
    ),
]

# (name, sentence): no figure.
PASSED = [
    ("a share of people a change brought", "We cut the meeting to a third of the team."),
    ("to a fraction, no number", "Reduce costs to a fraction."),
    ("to a half-height card", "We cut the board to a half-height card."),
    ("to a third party", "Prices fell to a third party reseller."),
    ("a change word far before", "Costs fell after we moved the rack to a third floor."),
    ("labels joined by an arrow", "Load fell from step 1 → 2."),
    ("pages joined by an arrow", "It went from page 12 → 14."),
    ("an arrow with no word of change", "Pages 12 → 14 list the settings."),
    ("counts then and now", "It took 3 tries, now it takes 1 try."),
    ("people then and now", "The job took 2 people, now takes 1 person."),
    ("a load average", "Average load is 3."),
    ("operations counted", "Average rebuilds: 3 per year."),
    ("a median operation in words", "The median save was fast."),
    ("done in places", "The FX100 saves in 3 places."),
    ("done in phases", "Rebuilds in 2 phases."),
    ("finished in a year", "It finished in 2024."),
    ("an operation's count, where", "The save took 95 runs on the FX100."),
    ("a load went from, to", "Load went from 3 to 5."),
    ("a named value came to mind", "Save time came to mind."),
    ("a named value came to a count", "Save time came to 3 teams' attention."),
    ("a named value reduced by people", "Save time was reduced by 3 engineers."),
    ("a named value reduced by a year", "Latency was reduced by 2024."),
    ("a count reduced by", "Headcount was reduced by 84."),
    ("a benchmark's score of a count", "Our Geekbench score of 3 teams."),
    ("a benchmark's score page", "The Geekbench score page lists 12 runs."),
    ("measured runs for an operation", "We measured 3 runs for the save."),
    ("measured for no operation", "We measured 94 for the team."),
    ("measured for a dialog", "We measured 94 for the save-as dialog."),
    ("parts against fewer another needed", "It needs 12 racks where NFS needed 1."),
    ("parts against another's count of desks", "It has 4 nodes where the lab has 16 desks."),
    ("parts against people", "It needs 2 racks where we had 3 people."),
    ("reduced by people, today", "Save time was reduced by 3 engineers today."),
    ("came to mind, today", "Save time came to mind today."),
    ("recorded as a priority", "Save time was recorded as a priority."),
    ("totalled runs", "Save time totalled 3 runs."),
    ("cut a named quantity by steps", "The FX100 cut save time by 3 steps."),
    ("cut a named quantity by a year", "The FX100 cut save time by 2026."),
    ("cut a budget by", "We cut the budget by 84."),
    ("a computation's time for users", "Query time for 3 users."),
    ("power of racks", "Power consumption of 3 racks."),
    ("a rate of models", "Tokens per second of 3 models."),
    ("power, a page", "Power draw: see page 12."),
    ("accuracy in places", "Accuracy of 3 decimal places."),
    ("an error rate of drives", "The error rate of 3 drives."),
    ("a Chinese time brought down to its least", "保存时间降至最低。"),
    ("a team's points", "The team scored 3 points."),
    ("a benchmark, a page", "Geekbench: see page 12."),
    ("scored after a benchmark in another sentence", "In Geekbench we trust; the team scored 3."),
    ("scored goals", "In March the team scored 120 goals."),
    ("a named value, a product's count", "Latency: NFS 3 nodes."),
    ("a named value, a step", "Save time: Step 3."),
    ("a named value, a chapter", "Save time: Chapter 3 explains it."),
    ("a named value, a product's nodes", "Save time: FX100 2 nodes."),
    ("took a team tries", "It took the team 3 tries to save."),
    ("took a team a count to save the day", "It took the team 3 to save the day."),
    ("operations counted, from, to", "Saves went from 3 to 5 per day."),
    ("the doing of an operation, a count", "Saving takes 3 steps."),
    ("time to save, advice", "It is time to save: 3 tips."),
    ("a match's score", "Score: 3-1."),
    ("FLOPs as a word", "TFLOPs matter more than clocks."),
    ("a model with a digit", "Model X2 TFLOPs ranking."),
    ("a dash in a list", "Pages 3,- see the index."),
    ("a dotted version", "Version 1.234.567 ships today."),
    ("a name after P", "The P100D car and the PT4 board."),
    ("PT alone", "The PT boat sailed."),
    ("glued to a word", "FPT1M35S is a part number."),
    ("Japanese discount word alone", "割引があります。"),
    ("Korean times as a boat", "배를 탔다."),
    ("Spanish seconds vague", "Tardó unos segundos."),
    ("a range of nodes", "Scaled from 8 to 1 node."),
    ("German times as a count", "German: es wurde 3 mal versucht."),
    ("French times as a count", "French: il a essayé 3 fois."),
    ("Spanish times as a count", "Spanish: lo intentó 3 veces."),
    ("a million users in German", "German: 1,2 Mio. Nutzer."),
    ("German frequency", "German: zweimal täglich gespeichert."),
    ("French frequency", "French: deux fois par jour."),
    ("Russian frequency", "Russian: мы сохраняем 2 раза в день."),
    ("Russian frequency in words", "Russian: два раза в неделю."),
    # A word of another alphabet is that alphabet's, though some letters look Latin:
    # "разных" (different) and "раздела" (sections) were read as "2 pa", pascals.
    ("Russian word that starts like Pa", "Russian: у нас 2 разных массива."),
    ("Russian sections", "Russian: в книге 3 раздела."),
    ("Greek hours", "Greek: 2 ώρες λειτουργίας."),
    ("Polish frequency", "Polish: 2 razy w tygodniu."),
    ("Spanish double alone", "Spanish: una habitación doble."),
    ("German simple", "German: einfach schneller."),
    ("a range of steps", "Steps 8 to 12 are optional."),
    ("a score", "We won 3-to-1 on Sunday, then 8 to 1 on points."),
    ("kuai counts disks", "我们买了3块硬盘。"),
    ("kuai counts cards after spending", "花费了8块显卡的钱。"),
    ("dao cuts", "他砍了3刀。"),
    ("one size fits all", "不能一刀切。"),
    ("four oceans", "地球有4大洋。"),
    ("a stone", "一块石头。"),
    # blind79 near misses: a fold that is no speed, half of something counted
    ("German threefold redundancy", "German: ein 3-fach redundantes System."),
    ("German half the customers", "German: die Hälfte der Kunden."),
    ("French by three people", "French : par 3 personnes."),
    ("German millions of customers", "German: wir haben 3 Millionen Kunden."),
    # blind79: a number and a word of a Latin script's own letters ("1 más": not '1 m')
    ("Spanish more", "Spanish: hay 1 más en esta página."),
    ("Swedish hit", "Swedish: det finns 1 sökträff."),
    ("Vietnamese document", "Vietnamese: tìm thấy 1 tài liệu."),
    ("Azerbaijani times", "Azerbaijani: 1 dəfə tapıldı."),
    ("Romanian on", "Romanian: 1 pe pagină."),
    ("Esperanto more", "Esperanto: ankoraŭ 1 pli."),
    ("French double click", "French : un double clic."),
    ("Spanish half the customers", "Spanish: la mitad de los clientes."),
    ("Spanish halfway", "Spanish: voy a la mitad del camino."),
    ("Dutch doubled, a name", "Dutch: de Verdubbelaar."),
    ("an uncertainty of a count", "Saves take 94 (±3 runs)."),
    ("a page and a chapter", "See p. 3 c. 4."),
    ("a throughput times nodes", "IOPS × 2 nodes."),
    ("lanes over a fabric", "PCIe x16 over fabric."),
    ("a whole prefix over a limit", "It runs x 2 over the limit."),
    # one unit is as vague as "an hour"; a time of day; a unit inside a longer word
    ("German an hour", "German: dauert eine Stunde."),
    ("French an hour", "French : prend une heure."),
    ("French at eight o'clock", "French : commence à huit heures."),
    ("Dutch at eight o'clock", "Dutch: begint om acht uur."),
    ("Portuguese at three o'clock", "Portuguese: começa às três horas."),
    ("German a timetable", "German: zwei Stundenpläne."),
    ("Spanish some seconds", "Spanish: tarda unos segundos."),
    # blind80 near misses: no quantity named; no number; a shop's orders
    ("sales fell to", "Sales fell to 94."),
    ("a latency fell to words", "Latency fell to a new low."),
    ("first token of a year", "It was the first token of the year: 94 guests."),
    ("orders placed", "We placed two orders."),
    ("orders shipped faster", "We shipped 2 orders faster than last year."),
    ("later, when", "An hour and a half later, it ended."),
    ("counts in capitals", "WE HAVE 3 OFFICES IN 2 CITIES."),
    ("record IDs in capitals", "SEE X1 AND R1."),
    ("a siemens in mixed case", "The probe reads 94 S at the FX100 site."),
]


@pytest.mark.parametrize(("name", "text", "figures"), REFUSED, ids=[c[0] for c in REFUSED])
def test_written_form_is_a_figure(name: str, text: str, figures: list[str]) -> None:
    assert [text[f.start : f.end] for f in detect(text)] == figures


@pytest.mark.parametrize(("name", "text"), PASSED, ids=[c[0] for c in PASSED])
def test_near_miss_is_no_figure(name: str, text: str) -> None:
    assert [text[f.start : f.end] for f in detect(text)] == []


# (shape, text before, piece repeated, text after): runs of what the new forms start with.
SHAPES = [
    ("dash cents", "", "1,– ", "€"),
    ("dotted thousands", "1", ".000", " €"),
    ("dotted thousands, spaced", "", "1.000.000 ", "€"),
    ("ISO durations", "", "PT1", "S"),
    ("spending words", "", "花费", "3块"),
    ("spending and numerals", "", "花了三", "块"),
    ("changes to no fraction", "", "cut save time to ", "a third."),
    ("changes with arrows", "", "It went 178 → ", "94."),
    ("times then and now", "", "took 178 now ", "take 94."),
]


def test_parts_under_a_unit_read_in_linear_time() -> None:
    def read(text: str) -> object:
        return governed_parts(text, [(0, 1)], "s", "")

    for piece in ("NFS: 95. ", " ", "1 (", "a: "):
        _linear(read, "9" + piece * 1024, "9" + piece * 4096)


@pytest.mark.parametrize(("shape", "before", "piece", "after"), SHAPES, ids=[s[0] for s in SHAPES])
def test_new_forms_read_in_linear_time(shape: str, before: str, piece: str, after: str) -> None:
    _linear(_read_again, _text(before, piece, after, 4096), _text(before, piece, after, 16384))


@pytest.fixture(scope="module")
def lib() -> Library:
    return library()


PAGE = """\
# Results

The save took [94 s](evidence:R1#save_time_fx100) on GPUs of 95 TFLOPs.

Each licence costs 300,– € a year, or EUR 300,--.

Each save took PT1M35S; Japanese: 98ミリ秒, Korean: 1.9배.

Spanish: 95 segundos.

每次保存花费310块，只要3毛钱。

!!! note "Save time, seconds"
    NFS: 95.

??? info "Speed-up over NFS (×)"
    2.6
"""


#: Where each figure of :data:`PAGE` stands (line, column).
PLACES = [
    *((3, 62), (5, 20), (5, 39), (7, 16), (7, 35), (7, 50), (9, 10), (11, 7), (11, 14)),
    *((14, 10), (17, 5)),
]


def test_forms_refused_at_their_place(lib: Library) -> None:
    assert page_findings(PAGE, lib) == [("FX501", line, col) for line, col in PLACES]


def test_cited_figures_beside_near_misses_pass(lib: Library) -> None:
    page = (
        "# Results\n\nThe save took [94 s](evidence:R1#save_time_fx100); TFLOPs matter, "
        "the P100D car too.\n\n我们买了3块硬盘，不能一刀切。\n"
    )
    assert page_findings(page, lib) == []


#: The fixture renderer with content tabs, in both of pymdownx.tabbed's styles.
TABS = {
    style: PageRenderer(
        [*FIXTURE_EXTENSIONS, "pymdownx.tabbed"], {"pymdownx.tabbed": {"alternate_style": style}}
    )
    for style in (True, False)
}

# (name, body of a page after its heading, places of its figures (line, col)): a title
# stating a unit over bare numbers.
CONTAINERS = [
    ("admonition, comma", '!!! note "Save time, seconds"\n    NFS: 95.\n', [(4, 10)]),
    ("admonition, in", '!!! note "Save time in seconds"\n    ~95\n', [(4, 5)]),
    ("admonition, parenthesis", '!!! note "Save time (s)"\n    95\n\n    96\n', [(4, 5), (6, 5)]),
    ("details", '??? info "Speed-up over NFS (×)"\n    2.6\n', [(4, 5)]),
    ("details open", '???+ info "Latency (ms)"\n    FX100: 0.5\n', [(4, 12)]),
    ("tab", '=== "Save time (s)"\n    98\n', [(4, 5)]),
    (
        "beside a claim",
        '!!! note "Save time, seconds"\n    NFS: 95. FX100: [94 s](evidence:R1#save_time_fx100).\n',
        [(4, 10)],
    ),
    (
        "a table cell beside a claim",
        "| Save time (s) |\n|---|\n| [94](evidence:R1#save_time_fx100); 179 |\n",
        [(5, 38)],
    ),
    (
        "an 'in seconds:' label beside a claim, read once",
        "| Save time (s) |\n|---|\n| [94](evidence:R1#save_time_fx100); NFS in seconds: 179 |\n",
        [(5, 54)],
    ),
    ("a list item's words", "- Save time in seconds\n    - NFS: 96\n    - 97\n", [(4, 12), (5, 7)]),
    ("a loose list item's words", "1. Speed-up\n\n    * 2.6\n", [(5, 7)]),
    ("second tab", '=== "Linux"\n    Fast.\n\n=== "Latency (ms)"\n    97\n', [(7, 5)]),
]
# (name, body): no figure.
CONTAINER_MISSES = [
    ("a title stating no unit", '!!! note "Results"\n    95\n'),
    ("no title", "!!! note\n    95\n"),
    ("words under a unit", '!!! note "Save time (s)"\n    See the record for details.\n'),
    ("a step under a unit", '!!! note "Save time (s)"\n    Step 3 of the run.\n'),
    ("a calendar title", '??? info "Week"\n    32\n'),
    ("a tab of no unit", '=== "Linux"\n    3\n'),
    (
        "words beside a claim",
        '!!! note "Save time (s)"\n    FX100: [94](evidence:R1#save_time_fx100) on R1. See step 3.\n',
    ),
    # In a table's cell a label's words may name another quantity than the row's (the
    # record page's "Cited on pages: 1" in the row of a speed-up): only a title's
    # blocks are read after a label.
    ("a table cell after a label", "| Figure | Cited by |\n|---|---|\n| Speedup | Pages: 1 |\n"),
    (
        "a label beside a claim in a cell",
        "| Save time (s) |\n|---|\n| [94](evidence:R1#save_time_fx100); NFS: 179 |\n",
    ),
    ("a list item naming no unit", "- Linux\n    - 3 nodes\n    - 4\n"),
    ("words under a list item's unit", "- Save time in seconds\n    - See R1.\n"),
    (
        "a list item's unit over a claim",
        "- Save time (s)\n    - [94](evidence:R1#save_time_fx100)\n",
    ),
    ("a claim in the unit", '!!! note "Save time (s)"\n    [94](evidence:R1#save_time_fx100)\n'),
]


def _container_findings(body: str, lib: Library, alternate: bool) -> list[tuple[str, int, int]]:
    _, found = check_page(f"# T\n\n{body}", PAGE_PATH, lib, href_for, TABS[alternate])
    return sorted((f.code, f.line, f.col) for f in found if f.severity == "error")


@pytest.mark.parametrize("alternate", [True, False], ids=["alternate tabs", "old tabs"])
@pytest.mark.parametrize(("name", "body", "places"), CONTAINERS, ids=[c[0] for c in CONTAINERS])
def test_unit_in_a_title_governs_its_body(
    name: str, body: str, places: list[tuple[int, int]], alternate: bool, lib: Library
) -> None:
    assert _container_findings(body, lib, alternate) == [("FX501", *at) for at in places]


@pytest.mark.parametrize("alternate", [True, False], ids=["alternate tabs", "old tabs"])
@pytest.mark.parametrize(("name", "body"), CONTAINER_MISSES, ids=[c[0] for c in CONTAINER_MISSES])
def test_container_near_miss_passes(name: str, body: str, alternate: bool, lib: Library) -> None:
    assert _container_findings(body, lib, alternate) == []


def test_check_and_build_agree_on_the_forms(tmp_path: Path) -> None:
    site = rows_site(tmp_path / "site", PAGE)
    checked, built = check_and_build(site)
    found = [
        [ln.split(" bare figure")[0] for ln in finding_lines(out.stdout, warnings=False)]
        for out in (checked, built)
    ]
    assert (checked.returncode, built.returncode) == (1, 1)
    expected = sorted(f"docs/index.md:{line}:{col}: FX501" for line, col in PLACES)
    assert found == [expected, expected]
