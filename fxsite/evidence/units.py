"""The one unit vocabulary: canonical symbols, their dimension and aliases.

Records store the canonical symbol (``s``, ``GB/s``, ``×``, ``%``); claim texts
and records may use any alias (``x`` for ``×``, ``sec`` for ``s``). Lookup is
case-sensitive first because ``Gb`` (bits) and ``GB`` (bytes) differ, then
case-insensitive for spelled-out words only.
"""

from __future__ import annotations

from dataclasses import dataclass

from fxsite.findings import did_you_mean

__all__ = ["UNITS", "Unit", "canonical_unit", "unit_hint", "unit_of"]


@dataclass(frozen=True, slots=True)
class Unit:
    """One canonical unit."""

    symbol: str
    dimension: str
    aliases: tuple[str, ...] = ()
    #: written before the number, like ``$1,200``
    prefix: bool = False
    #: no space between number and unit, like ``1.9×`` and ``96%``
    tight: bool = False


def _u(
    symbol: str, dimension: str, *aliases: str, prefix: bool = False, tight: bool = False
) -> Unit:
    return Unit(symbol, dimension, aliases, prefix, tight)


_ALL: tuple[Unit, ...] = (
    # time
    _u("ns", "time", "nanosecond", "nanoseconds"),
    _u("µs", "time", "us", "μs", "microsecond", "microseconds"),
    _u("ms", "time", "millisecond", "milliseconds", "msec"),
    _u("s", "time", "sec", "secs", "second", "seconds"),
    _u("min", "time", "mins", "minute", "minutes"),
    _u("h", "time", "hr", "hrs", "hour", "hours"),
    _u("d", "time", "day", "days"),
    _u("wk", "time", "week", "weeks"),
    _u("mo", "time", "month", "months"),
    _u("yr", "time", "year", "years"),
    # size (decimal and binary)
    _u("B", "size", "byte", "bytes"),
    _u("KB", "size", "kB", "kilobyte", "kilobytes"),
    _u("MB", "size", "megabyte", "megabytes"),
    _u("GB", "size", "gigabyte", "gigabytes"),
    _u("TB", "size", "terabyte", "terabytes"),
    _u("PB", "size", "petabyte", "petabytes"),
    _u("KiB", "size"),
    _u("MiB", "size"),
    _u("GiB", "size"),
    _u("TiB", "size"),
    _u("PiB", "size"),
    # bandwidth
    _u("B/s", "bandwidth", "Bps"),
    _u("KB/s", "bandwidth", "kB/s"),
    _u("MB/s", "bandwidth", "MBps"),
    _u("GB/s", "bandwidth", "GBps"),
    _u("TB/s", "bandwidth", "TBps"),
    _u("MiB/s", "bandwidth"),
    _u("GiB/s", "bandwidth"),
    _u("Mb/s", "bandwidth", "Mbps", "Mbit/s"),
    _u("Gb/s", "bandwidth", "Gbps", "Gbit/s"),
    _u("Tb/s", "bandwidth", "Tbps"),
    # rates
    _u("IOPS", "rate", "iops"),
    _u("ops/s", "rate", "op/s"),
    _u("tokens/s", "rate", "tok/s", "token/s", "tokens per second"),
    _u("req/s", "rate", "requests/s", "rps", "requests per second"),
    _u("req/min", "rate", "requests/min", "rpm", "requests per minute"),
    _u("samples/s", "rate", "sample/s", "samples per second"),
    _u("images/s", "rate", "img/s", "images per second"),
    _u("fps", "rate", "frames per second"),
    _u("MT/s", "rate"),
    _u("GT/s", "rate"),
    # compute throughput
    _u("GFLOPS", "compute"),
    _u("TFLOPS", "compute"),
    _u("PFLOPS", "compute"),
    # ratio and shares
    _u("×", "ratio", "x", "X", "times", tight=True),
    _u("%", "percent", "percent", "per cent", "pct", tight=True),
    _u("pp", "percent", "percentage points", "percentage point"),
    _u("count", "count"),
    # currency
    _u("USD", "currency", "$", "US$", "dollars", "dollar", prefix=True),
    _u("EUR", "currency", "€", "euros", "euro", prefix=True),
    _u("GBP", "currency", "£", prefix=True),
    _u("CNY", "currency", "¥", "RMB", "yuan", prefix=True),
    _u("¢", "currency", "cent", "cents"),
    # power and energy
    _u("W", "power", "watt", "watts"),
    _u("kW", "power", "kilowatt", "kilowatts"),
    _u("MW", "power", "megawatt", "megawatts"),
    _u("Wh", "energy"),
    _u("kWh", "energy"),
    _u("MWh", "energy"),
    _u("GWh", "energy"),
    _u("TWh", "energy"),
    _u("J", "energy", "joule", "joules"),
    _u("kJ", "energy", "kilojoule", "kilojoules"),
    _u("mAh", "charge"),
    _u("Ah", "charge"),
    # mass and length (hardware spec sheets)
    _u("g", "mass", "gram", "grams"),
    _u("kg", "mass", "kilogram", "kilograms"),
    _u("mm", "length", "millimetre", "millimetres", "millimeter", "millimeters"),
    _u("cm", "length", "centimetre", "centimetres", "centimeter", "centimeters"),
    _u("km", "length", "kilometre", "kilometres", "kilometer", "kilometers"),
    _u("inch", "length", "inches"),  # never "in": "#1 in the ranking"
    # frequency
    _u("Hz", "frequency"),
    _u("MHz", "frequency"),
    _u("GHz", "frequency"),
    # temperature
    _u("°C", "temperature", "degC"),
    _u("°F", "temperature", "degF"),
)

#: canonical symbol -> unit
UNITS: dict[str, Unit] = {u.symbol: u for u in _ALL}

_EXACT: dict[str, str] = {}
_FOLDED: dict[str, str] = {}
for _unit in _ALL:
    for _name in (_unit.symbol, *_unit.aliases):
        _EXACT[_name] = _unit.symbol
        # Only spelled-out words fold case; symbols (Gb vs GB, ms vs Ms) do not.
        if len(_name) > 3 and _name.isalpha():
            _FOLDED[_name.lower()] = _unit.symbol


def canonical_unit(text: str, *, exact: bool = False) -> str | None:
    """The canonical symbol for a unit or alias, or None when unknown.

    ``exact`` accepts only the vocabulary's own spellings, as records must
    (so the published schema's enum and the models agree); prose may vary
    case and spacing ("Seconds").
    """
    if exact:
        return _EXACT.get(text)
    name = " ".join(text.split())
    if name in _EXACT:
        return _EXACT[name]
    return _FOLDED.get(name.lower())


def unit_of(symbol: str) -> Unit:
    """The :class:`Unit` for a canonical symbol (KeyError when not canonical)."""
    return UNITS[symbol]


def unit_hint(text: str) -> str:
    """A message suffix suggesting the closest known unit."""
    return did_you_mean(text, _EXACT.keys())
