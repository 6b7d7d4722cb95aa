"""The quantities a page names without their unit, and the kind of each: one vocabulary.

"Save time: 94", "Latency: 3", "p99 is 12", a column headed "Save time": the number
is a figure of the quantity named. The detector reads it so in prose
(:mod:`.cjk_figures`, :data:`PROSE_NAMES`) and under a table's header
(:mod:`.cell_units`, :data:`NAMED_QUANTITY`); the advice offers a writer only the
record figures of that kind (:mod:`.advice`, :func:`named_dimensions`: blind69's
"Latency: 3" was offered a 3.2 GB/s figure).

Decisions, each a column of :data:`NAMES`:

- A name in words is matched in any case ("LATENCY: 3"); an acronym (TTFT, MTTR,
  p99) as written (``P99`` too), and not inside a longer word or number.
- ``reads``: where a name makes its number a figure. ``prose``: a writer uses it for one
  quantity, so a number after it is a figure anywhere. ``header``: a header of a table
  names a quantity this broadly ("Rebuild time", "Reduction factor"), while in prose
  "at the same time: 3" is no figure. ``advice``: it only tells the advice which kind of
  figure fits ("boot-time", "duration", "speed-up"; the detector reads speed-ups by
  their own rule).
- ``dimensions``: the kinds of unit (:attr:`fxsite.evidence.units.Unit.dimension`) a
  figure of it has, for the advice, which reads a sentence's names (``prose`` and
  ``advice``, not a header's broader ones); none where the record decides ("efficiency":
  a percent, or FLOPS per watt), and then the advice does not narrow by it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

__all__ = [
    "BENCHMARK_NAMES",
    "DOING",
    "NAMED_QUANTITY",
    "NAMES",
    "OPERATIONS",
    "PROSE_NAMES",
    "TIMED_OPERATIONS",
    "QuantityName",
    "named_dimensions",
]


@dataclass(frozen=True)
class QuantityName:
    """One name of a quantity (a regular expression without groups)."""

    pattern: str
    dimensions: frozenset[str]
    reads: Literal["prose", "header", "advice"] = "prose"
    acronym: bool = False

    @property
    def bounded(self) -> str:
        """The pattern where it stands alone: a word's in any case, an acronym's as written."""
        if self.acronym:
            return rf"(?<![\w.])(?:{self.pattern})(?![\w.])"
        return rf"(?i:\b(?:{self.pattern})\b)"


_TIME = frozenset({"time"})

#: The operations whose time a page names ("save time"), a regular expression's text: a
#: number after one and a verb of lasting is that time too ("Saves take 94", read by
#: :mod:`.cjk_figures`).
#: Operations whose name alone names the time they take ("Median save is 94", "Save went
#: from 178 to 94"); not a load (a level) nor a response (a reply).
TIMED_OPERATIONS = "save|restore|rebuild|failover|recovery|checkpoint|boot|switchover|resync"
#: The doing of them: "Saving takes 94" (blind81).
DOING = "saving|restoring|rebuilding|recovering|checkpointing|booting|resyncing"
OPERATIONS = f"{TIMED_OPERATIONS}|load|response|{DOING}"
_PERCENT = frozenset({"percent"})
_RATIO = frozenset({"ratio"})

#: Benchmarks by their own names: a number before one ("hit 9,500 SPECrate"), after
#: "scores" and one ("scores 12,000 in Geekbench"), or one's score ("a Geekbench score of
#: 9,400": blind81) is its score.
BENCHMARK_NAMES = (
    *("Geekbench", "PassMark", "SPECrate", "SPECint", "SPECfp", "SPECpower", "SPECjbb"),
    *("SPECspeed", "Cinebench", "3DMark", "PCMark", "AnTuTu", "MLPerf", "TPC-C", "TPC-H"),
    *("TPC-DS", "TPCx-AI", "LINPACK", "HPL", "HPCG", "STREAM", "sysbench", "UnixBench"),
    *("Speedometer", "JetStream", "Octane", "Blender", "YCSB", "fio", "IO500", "Graph500"),
)
_BENCHMARK = "|".join(re.escape(name) for name in BENCHMARK_NAMES)

#: The names, in the order the detector tries them.
NAMES: tuple[QuantityName, ...] = (
    QuantityName("throughput", frozenset({"bandwidth", "rate"})),
    QuantityName("bandwidth", frozenset({"bandwidth"})),
    QuantityName("latency|latencies", _TIME),
    QuantityName(rf"(?:{OPERATIONS})[ ]time", _TIME),
    # blind82: the time of a computation, the objectives of a recovery, power and energy
    # drawn, a price per a unit of capacity, a rate of work per second
    QuantityName(
        r"(?:compile|query|training|inference|job)[ ]time(?:[ ]per[ ](?:epoch|step|job|query))?",
        _TIME,
    ),
    QuantityName(
        r"mean[ ]time[ ]to[ ](?:recovery|repair|recover)|recovery[ ](?:time|point)[ ]objective",
        _TIME,
    ),
    QuantityName(r"power[ ](?:draw|consumption|use|usage)", frozenset({"power"})),
    QuantityName(r"energy[ ](?:use|usage|consumption)", frozenset({"energy"})),
    QuantityName(
        r"(?:cost|price)[ ]per[ ](?:terabyte|gigabyte|petabyte|TB|GB|PB|TiB|GiB)",
        frozenset({"price/TB", "price/GB"}),
    ),
    QuantityName(
        r"(?:tokens|requests|queries|transactions|operations)[ ]per[ ]second", frozenset({"rate"})
    ),
    QuantityName("time[ -]to[ -]first[ -](?:token|byte)", _TIME),
    # blind81: "Time to save (FX100) = 94", "MLPerf score: 94"
    QuantityName(
        "time[ ]to[ ](?:save|restore|rebuild|fail[ ]over|recover|checkpoint|boot|resync)", _TIME
    ),
    # blind82: a benchmark's version between its name and "score": "a Geekbench 6 score"
    QuantityName(
        rf"(?:benchmark|SPEC|performance|(?:{_BENCHMARK})(?:[ ]v?\d+(?:\.\d+)?)?)[ ]score",
        frozenset(),
    ),
    # blind80: an operation's typical time named by the operation ("Median save is 94")
    QuantityName(f"(?:median|mean|average)[ ](?:{TIMED_OPERATIONS})", _TIME),
    QuantityName(
        "(?:data[ -]reduction|compression|dedup(?:e|lication)?|reduction|speed(?:-?up)?"
        "|performance|measured|throughput|efficiency)[ ]ratio",
        _RATIO,
    ),
    QuantityName("write[ ]amplification(?:[ ]factor)?", _RATIO),
    # blind60: service levels and latency percentiles named without a unit ("p99: 94",
    # "Availability: 99.99", "MTTR: 30", "Hit rate: 95")
    QuantityName("availability", _PERCENT),
    QuantityName("percentage", _PERCENT),
    QuantityName("uptime", _PERCENT),
    QuantityName("efficiency", frozenset()),
    QuantityName("hit[ ](?:rate|ratio)", _PERCENT),
    # blind82: a model's accuracy, an error rate
    QuantityName("accuracy|error[ ]rate", _PERCENT),
    QuantityName("utili[sz]ation", _PERCENT),
    QuantityName(r"TTFT|TPOT|MTTR|MTBF|RPO|RTO|[pP](?:50|90|95|99|99\.9|999)", _TIME, acronym=True),
    QuantityName("[a-z -]+[ ]time", frozenset(), reads="header"),
    QuantityName("[a-z -]+[ ](?:ratio|factor)", frozenset(), reads="header"),
    QuantityName("[a-z]+[ -]time|duration", _TIME, reads="advice"),
    QuantityName("speed-?ups?|slow-?downs?", _RATIO, reads="advice"),
)


def _alternation(reads: tuple[str, ...]) -> str:
    """The names read where ``reads`` says, words (any case) before acronyms (as written)."""
    names = [n for n in NAMES if n.reads in reads]
    words = "|".join(n.pattern for n in names if not n.acronym)
    acronyms = "|".join(n.pattern for n in names if n.acronym)
    return rf"(?i:{words})|(?<![\w.])(?:{acronyms})(?![\w.])"


#: The names a number after which is a figure, in prose: a regular expression's text,
#: for the detector's rules to place (before ": 94", " of 94", " went from 178 to 94").
PROSE_NAMES = _alternation(("prose",))

#: A header (or a prose name, whole) naming a quantity whose numbers may be written
#: without its unit: "Save time", "Latency", "p99", "Rebuild time" (:mod:`.cell_units`).
NAMED_QUANTITY = re.compile(_alternation(("prose", "header")))

_SEARCHED = tuple(
    (re.compile(n.bounded), n.dimensions) for n in NAMES if n.dimensions and n.reads != "header"
)


@lru_cache(maxsize=64)
def named_dimensions(context: str) -> tuple[frozenset[str], ...]:
    """The kinds of quantity ``context`` names, each once; once a context (a title's every
    figure is advised with the whole title around it)."""
    return tuple(dict.fromkeys(dims for pattern, dims in _SEARCHED if pattern.search(context)))
