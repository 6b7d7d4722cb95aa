"""Parts and settings named by their size, rate or rating, not a quantity stated.

A server takes modules of a size ("128 GB DIMMs"), a rack holds drives of a form factor
("3.5-inch drive bays"), a network is named by its standard rate ("100 Gb Ethernet",
"32Gb Fibre Channel"), a power supply by its rating ("two 1600 W power supplies"), a
workload by its I/O size ("4K random read IOPS"), and a configuration sets a size ("Set
the stripe size to 128 KiB"). :func:`names_a_part` is asked about every figure the
detector finds (:func:`fxsite.pages.figure_names.names_a_class`).

Each pattern matches from the figure's first digit, so a bound word before it ("up to 128
GB DIMMs") keeps the figure a claim; "over" a network is the way a protocol runs ("NVMe
over 100Gb Ethernet"), not a bound. A total, a system's capacity, a rate written as one
("400 Gb/s InfiniBand ports") and power drawn ("draws 1600 W") are figures.
"""

from __future__ import annotations

import re

from fxsite.pages.quantity_names import PROSE_NAMES
from fxsite.pages.sentences import sentence_span

__all__ = ["SIZE_SETTINGS", "is_a_set_size", "names_a_part"]

# A form factor: "3.5-inch drive bays", "a 2.5-inch SATA SSD" (as "a 19-inch rack" is).
_FORM_FACTOR = re.compile(
    r"\d+(?:\.\d+)?-inch(?=\s+(?i:drives?|bays?|sata|sas|hdds?|ssds?|disks?|nvme|u\.2"
    r"|form|slots?|chassis|racks?)\b)"
)
# A connector named by its size: "3.5mm jack", "a 2.5 mm headphone plug".
_CONNECTOR = re.compile(
    r"\d+(?:\.\d+)?[ \u00a0]?mm(?=\s+(?:(?i:audio|headphone|headset|stereo|mic|microphone|"
    r"TRS|TRRS|phone)\s+)?(?i:jacks?|plugs?|connectors?|sockets?|ports?)\b)"
)
# Memory modules named by their size, as drive bays by their form factor: "128 GB
# DIMMs", "128-GB DIMMs", "64GB DDR5 RDIMMs" (a server takes modules of a size). One module is a
# configuration stated ("a 64 GB DIMM per socket is the minimum"), and a total is a
# figure ("2 TB of memory").
_MODULE = re.compile(
    r"\d+[ \u00a0-]?(?:GB|GiB|TB)(?=[ \u00a0](?:DDR\d[ \u00a0])?(?:(?:R|LR|U|SO-?|MR)?DIMMs"
    r"|(?i:memory\s+modules))\b)"
)
# A network link named by its standard rate, as the trade writes a class ("100 Gb
# Ethernet adapter", "100G ports"); a rate written as one ("400 Gb/s InfiniBand ports")
# states the link's speed and is a figure.
_LINK_RATES = r"1|2\.5|5|10|25|40|50|100|200|400|800"
# Fibre Channel's generations are named by their rate, as Ethernet's are: "32Gb Fibre
# Channel", "64G FC ports" (blind38).
_FC_RATES = r"4|8|16|32|64|128"
_NETWORKS = r"(?i:ethernet|infiniband|fib(?:re|er)\s+channel|RoCE(?:v2)?)|FC(?:-NVMe)?"
# In Chinese: "100Gb 以太网", "32Gb 光纤通道", "4 个 100Gb 以太网端口" (blind42).
_NETWORKS_CJK = r"[ \u00a0]?(?:以太网|乙太网|光纤通道|光纖通道|InfiniBand|网卡|端口|交换机)"
# A list of them: "100 Gb, 200 Gb and 400 Gb Ethernet" (blind40), "16Gb, 32Gb and 64Gb Fibre
# Channel" (blind42).
_LIST = r"(?:,?[ \u00a0](?:(?:and|or)[ \u00a0])?|、|和|或)"
_LINK_LIST = rf"(?:{_LIST}(?:{_LINK_RATES})[ \u00a0-]?(?:Gb|G|Gbit))*"
_FC_LIST = rf"(?:{_LIST}(?:{_FC_RATES})[ \u00a0-]?(?:Gb|G|Gbit))*"
_LINK_CLASS = re.compile(
    rf"(?:(?:{_LINK_RATES})[ \u00a0-]?(?:Gb|G|Gbit)(?={_LINK_LIST}(?:[ \u00a0](?:{_NETWORKS}"
    r"|(?i:nics?|adapters?|ports?|switch(?:es)?|uplinks?|network\s+cards?)|OSFP|QSFP\w*|SFP\w*)\b"
    rf"|{_NETWORKS_CJK}))"
    rf"|(?:{_FC_RATES})[ \u00a0-]?(?:Gb|G|Gbit)(?={_FC_LIST}(?:[ \u00a0](?i:fib(?:re|er)\s+channel)"
    r"\b|[ \u00a0]FC\b|[ \u00a0]?(?:光纤通道|光纖通道))))"
)
# A network a protocol runs over, by its class: "NVMe over 100Gb Ethernet", "over 32Gb
# Fibre Channel" (blind38) says how, not how much; "over 100 Gb of data" is a bound.
_OVER_LINK = re.compile(rf"(?i:over)[ \u00a0](?={_LINK_CLASS.pattern}[ \u00a0](?:{_NETWORKS})\b)")
# A power supply named by its rating, as a part is: "two 1600 W power supplies", "2 x 1600 W
# Titanium PSUs", "2 个 1600W 钛金电源" (blind40); "draws 1600 W" is a figure.
_PSU = re.compile(
    r"\d{3,4}[ \u00a0]?W(?=[ \u00a0](?:(?:[A-Z][\w-]*|80[ \u00a0]PLUS|(?i:hot-?swap(?:pable)?"
    r"|redundant|AC|DC))[ \u00a0]){0,3}(?i:power[ \u00a0]suppl(?:y|ies)|PSUs?)\b"
    r"|[ \u00a0]?(?:钛金|铂金|金牌|白金|冗余|热插拔)*[ \u00a0]?电源)"
)
# A drive named by its capacity, as the trade names a class of part ("15.36 TB NVMe
# drives", "7.68 TB SSDs", "16 TB HDDs"); a system's or a pool's capacity is a figure.
_DRIVE_LIST = (
    r"(?:(?:,[ \u00a0]?|[ \u00a0](?:or|and)[ \u00a0]|、|或|和)\d+(?:\.\d+)?[ \u00a0-]?(?:GB|TB))*"
)
_DRIVE = re.compile(
    # a drive holds at most about a hundred terabytes: "368 TB 的 NVMe 硬盘" is a system's
    r"(?:\d{1,3}(?:\.\d+)?[ \u00a0-]?TB|\d{1,4}(?:\.\d+)?[ \u00a0-]?GB)"
    rf"(?={_DRIVE_LIST}[ \u00a0](?:(?:NVMe|SAS|SATA|QLC|TLC|MLC|U\.[23]"
    r"|E[13]\.[SL]|M\.2|enterprise|data-?center)[ \u00a0])*(?i:drives?|SSDs?|HDDs?|disks?)\b"
    # "15.36 TB 的 NVMe 硬盘", "30.72TB 的 SSD" (blind40)
    rf"|{_DRIVE_LIST}[ \u00a0]?的?[ \u00a0]?(?:(?:NVMe|SAS|SATA|QLC|TLC|MLC|U\.[23]|企业级)[ \u00a0]?)*"
    r"(?:固态硬盘|机械硬盘|硬盘|SSD|HDD|盘))"
)
# The size of each I/O of a workload, named as benchmarks name it ("4 KiB random read",
# "128 KiB sequential writes", "8K blocks"); a rate or a latency of it is the figure.
_IO_SIZE = re.compile(
    r"\d+[ \u00a0-]?(?:KiB|KB|K|MiB|MB|M)(?=[ \u00a0](?i:random|sequential|seq|rand|mixed"
    r"|blocks?|block\s+size|I/?Os?|reads?|writes?|transfers?)\b)"
)
# The workload's name before its unit: "4K random read IOPS" are the IOPS of 4 KiB random
# reads, as the trade writes them (blind38), not 4,000 IOPS.
_IO_WORKLOAD = re.compile(
    r"[ \u00a0](?i:random|sequential|seq|rand|mixed)(?:[ \u00a0/-](?i:read|write|r/w|rw|reads"
    r"|writes|mixed))*[ \u00a0](?:IOPS|I/Os)"
)
#: The sizes whose IOPS are measured and named so (a rate of larger I/Os is said as
#: bandwidth), and what the name is of: "the 4K random read IOPS test", "4K random read IOPS
#: of 2 million" ("64K random read IOPS per drive" and "400K random read IOPS" are figures:
#: blind42).
_IOPS_SIZE = re.compile(r"(?:4|8)[ \u00a0-]?(?:KiB|KB|K)")
_IOPS_NAMED = re.compile(
    r"[ \u00a0](?i:tests?|benchmarks?|workloads?|profiles?|runs?|jobs?|results?|figures?"
    r"|numbers?|metrics?|scores?|performance|charts?|graphs?|tables?)\b"
    r"|[ \u00a0](?i:of|at|reach\w*|hit\w*|top\w*|is|was|were|are)[ \u00a0]\S*\d"
)
_SIZE = r"\d+(?:\.\d+)?[ \u00a0]?(?:KiB|KB|K|MiB|MB|M|GiB|GB|B|bytes)"
#: What a configuration sets the size of ("stripe size", "I/O size"), in English: a test's
#: setting, in prose and in a table's header (:mod:`fxsite.pages.header_units`).
SIZE_SETTINGS = (
    r"(?i:stripe|block|chunk|record|page|sector|strip|segment|object|blob|extent|i/?o"
    r"|transfer|request|queue|allocation\s+unit|cluster|cache\s+line)[ \u00a0](?i:sizes?|widths?)"
)
# A size set in a configuration, not measured: "Set the stripe size to 128 KiB", "a block
# size of 1 MiB", "条带大小设置为 128 KiB" (blind40); "the pool's size is 2 PB" is a figure.
# A test's sizes, each for a workload: "Block sizes were 4 KiB for random and 1 MiB for
# sequential workloads" (blind72).
_SETTING_BEFORE = re.compile(
    rf"(?:\b{SIZE_SETTINGS}"
    r"(?:[ \u00a0](?i:of|to|is|are|was|were|=|at)|[ \u00a0]?[:=])?"
    r"|(?:条带|块|分块|页|扇区|记录|对象|IO|I/O)(?:大小|尺寸)(?:可?(?:设置为|设为|设置成|为|是)|[:：=])?)"
    # a choice of sizes: "a stripe size of 64 KiB or 128 KiB" (blind42)
    rf"(?:[ \u00a0]?{_SIZE}(?:[ \u00a0](?i:for)(?:[ \u00a0][A-Za-z-]{{1,20}}){{1,3}}?)?"
    r"[ \u00a0]?(?:,|(?:or|and)|、|或|和))*[ \u00a0]?\Z"
)
_SETTING_SIZE = re.compile(_SIZE)
#: What makes a set size a rate: "a block size of 1 MiB every microsecond", "per second".
_SETTING_RATE = re.compile(r"[ \u00a0]*(?:/|(?i:every|per|each|a|an)\b|每)")
# What a sentence says when it states what a part does, not which part it is (blind42):
# a network's rate ("Replication saturates 400Gb Ethernet", "at 32Gb Fibre Channel speed"),
# a power supply's draw ("Power draw: two 1600 W power supplies", "功耗：1600W 钛金电源"), a
# drive's capacity or fill ("Usable capacity: 15.36 TB NVMe drives", "writes 15.36 TB NVMe
# drives every minute").
_RATE_TALK = re.compile(
    r"(?i:throughput|bandwidth|saturat\w*|line[- ]rate|wire[- ]speed|speeds?\b|every\s+second"
    r"|per\s+second|top(?:s|ped)?\s+out|match(?:es|ed)?\b|full\s+rate|sustain\w*|fills?\b)"
    r"|速率|带宽|帶寬|吞吐|线速|線速|跑满|跑滿"
)
_POWER_TALK = re.compile(
    r"(?i:\bdraws?\b|\bdrew\b|drawing|consum\w*|power\s+use|\buses?\b|\bonly\b|\bjust\b"
    r"|less\s+than|\bunder\b)|功耗|耗电|耗電|能耗|仅|僅|只需|只要"
)
_CAPACITY_TALK = re.compile(
    r"(?i:capacity|usable|\braw\b|\bstores?\b|\bstored\b|\bholds?\b|\bwrites?\b|written"
    r"|\bevery\b|\bper\b)|容量|可用|存储|存儲|写入|寫入|每"
)
# A radio band named by its frequency, as the standards name it: "the 5 GHz band", "2.4 GHz
# and 5 GHz bands", "6 GHz Wi-Fi" (blind69); "a 5 GHz clock" is a figure.
_RADIO_BAND = re.compile(
    r"(?:2\.4|5|6|60)[ \u00a0-]?GHz(?=(?:,?[ \u00a0](?:and|or)[ \u00a0](?:2\.4|5|6|60)"
    r"[ \u00a0-]?GHz)*[ \u00a0](?i:bands?|wi-?fi|radios?|spectrum|channels?|wlan)\b)"
)
# A workload's mix of reads and writes, each side a share: "70% read, 30% write", "70%
# reads / 30% writes", "测试采用70%读、30%写的混合负载" (blind70); a share with one side only,
# or of what is read ("70% read latency", "70%读延迟"), is a figure.
_SHARE = re.compile(r"\d{1,3}(?:\.\d+)?[ \u00a0]?%")
_MIX_SIDE = re.compile(
    r"[ \u00a0]?(?:(?i:random|sequential|rand|seq)[ \u00a0])?(?i:(?P<read>reads?)|writes?)\b"
    r"(?![ \u00a0-](?i:latenc|throughput|bandwidth|iops|performance|speed|time|hit|cache|amplif"
    r"|gain|boost|rate|error|fail))"
    r"|(?:随机|顺序)?(?:(?P<du>读)|写)(?![延吞带速性命错失])"
)
# A test's load level, as a run sets it: "Run the random read test at 50% and 100% load",
# "latency at 90% load" (blind72); the shares listed after "at" before "load", each one. A
# load measured ("CPU load at 50%", "runs at 30% CPU utilization") is a figure.
_SHARES_THEN = r"(?:(?:,[ \u00a0]?|,?[ \u00a0](?:and|or|to)[ \u00a0])\d{1,3}(?:\.\d+)?[ \u00a0]?%)*"
_LOAD = re.compile(rf"\d{{1,3}}(?:\.\d+)?[ \u00a0]?%(?={_SHARES_THEN}[ \u00a0](?i:load)\b)")
_LOAD_BEFORE = re.compile(
    r"\b(?i:at)[ \u00a0](?:\d{1,3}(?:\.\d+)?[ \u00a0]?%(?:,[ \u00a0]?|,?[ \u00a0](?:and|or|to)"
    r"[ \u00a0]))*\Z"
)
#: How far before a load level its "at" is looked for.
_LOAD_REACH = 60
# A design named by the one medium it is built of, as "all-NVMe" names it: "A 100% NVMe
# design", "a 100% flash array" (blind72); not a quantity of it ("100% NVMe throughput").
_ALL_OF = re.compile(
    rf"100(?:[ \u00a0]?%|[ \u00a0](?i:percent))(?=[ \u00a0-](?:NVMe|(?i:flash|all-flash|SSDs?"
    rf"|solid[ -]state))(?![\w-])(?![ \u00a0-](?:{PROSE_NAMES})))"
)
#: How far from a share the other side of its mix is looked for (a search from the text's
#: start would be quadratic in a page of mixes).
_MIX_REACH = 200
_PARTS = (
    (_ALL_OF, None),
    (_RADIO_BAND, None),
    (_FORM_FACTOR, None),
    (_CONNECTOR, None),
    (_MODULE, None),
    (_LINK_CLASS, _RATE_TALK),
    (_PSU, _POWER_TALK),
    (_DRIVE, _CAPACITY_TALK),
    (_IO_SIZE, None),
)


def is_a_set_size(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` is a size alone, as a setting writes it ("128 KiB";
    not a rate: "1 MiB per second")."""
    return bool(_SETTING_SIZE.fullmatch(text, start, end)) and not _SETTING_RATE.match(text, end)


def names_a_part(text: str, start: int, end: int) -> bool:
    """True when the figure at ``text[start:end]`` names a part, a network, a workload or a
    setting by its size (the patterns above), in a sentence that does not say what the part
    does (:data:`_RATE_TALK`, :data:`_POWER_TALK`, :data:`_CAPACITY_TALK`)."""
    over = _OVER_LINK.match(text, start)
    if over is not None:
        start = over.end()  # "over" a network is the way, not a bound
    for pattern, talk in _PARTS:
        match = pattern.match(text, start)
        if match is not None and match.end() == end:
            return talk is None or talk.search(text, *sentence_span(text, start, end)) is None
    if is_a_set_size(text, start, end) and _SETTING_BEFORE.search(text, max(0, start - 60), start):
        return True
    if _SHARE.fullmatch(text, start, end) and _mixes_reads_and_writes(text, start, end):
        return True
    if _at_load(text, start, end):
        return True
    size = _IOPS_SIZE.match(text, start)
    return (
        size is not None
        and _IO_WORKLOAD.fullmatch(text, size.end(), end) is not None
        and _IOPS_NAMED.match(text, end) is not None
    )


def _at_load(text: str, start: int, end: int) -> bool:
    """Whether the share at ``text[start:end]`` is a test's load level (:data:`_LOAD`)."""
    match = _LOAD.match(text, start)
    return (
        match is not None
        and match.end() == end
        and _LOAD_BEFORE.search(text, max(0, start - _LOAD_REACH), start) is not None
    )


def _mixes_reads_and_writes(text: str, start: int, end: int) -> bool:
    """Whether the share at ``text[start:end]`` is one side of a workload's mix: a share of
    reads (or writes) whose sentence states the other side's share too."""
    side = _MIX_SIDE.match(text, end)
    if side is None:
        return False
    reads = side["read"] is not None or side["du"] is not None
    lo, hi = sentence_span(text, start, end, _MIX_REACH)
    for share in _SHARE.finditer(text, lo, hi):
        other = _MIX_SIDE.match(text, share.end())
        if other is not None and (other["read"] is not None or other["du"] is not None) != reads:
            return True
    return False
