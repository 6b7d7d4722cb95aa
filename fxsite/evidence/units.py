"""The one unit vocabulary: canonical symbols, their dimension and aliases.

Records store the canonical symbol (``s``, ``GB/s``, ``×``, ``%``); claim texts
and records may use any alias (``x`` for ``×``, ``sec`` for ``s``). Lookup is
case-sensitive first because ``Gb`` (bits) and ``GB`` (bytes) differ, then
case-insensitive for spelled-out words only.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from decimal import Decimal

from fxsite.evidence.unit_shape import same_shape
from fxsite.findings import closest

__all__ = [
    "COUNTED",
    "COUNTED_AT_SCALE",
    "COUNTED_AT_SCALE_CJK",
    "COUNTED_CJK",
    "COUNT_RATES",
    "RATING_SCALES",
    "UNITS",
    "Unit",
    "canonical_unit",
    "conversion_factor",
    "is_cjk",
    "loose_unit",
    "unit_hint",
]


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
    #: exact size in its dimension's base unit (s, B, B/s, W, J …); None when
    #: the unit never converts (ratios, percentages, rates, months, °C)
    factor: Decimal | None = None
    #: a price per period or quantity (``USD/month``): its currency, and what the
    #: price is per as written after the number (``$12/month``)
    currency: str | None = None
    per: str | None = None


#: The scales a rating is given on, each a unit of its own (``/5``: "4.8/5", "4.8 out of 5").
RATING_SCALES = ("5", "10", "100")


def _u(
    symbol: str,
    dimension: str,
    *aliases: str,
    prefix: bool = False,
    tight: bool = False,
    factor: str | None = None,
) -> Unit:
    return Unit(symbol, dimension, aliases, prefix, tight, Decimal(factor) if factor else None)


#: Nouns that count what a benchmark measures; after a number each is a unit
#: ("500 cycles", "4 tokens"), and each counts a different thing (none converts).
#: Counts of parts, people and configuration ("8 GPUs", "10,000 training steps")
#: are not units.
COUNTED: tuple[tuple[str, str], ...] = (
    ("cycles", "cycle"),
    ("tokens", "token"),
    ("instructions", "instruction"),
    ("operations", "operation"),
    ("requests", "request"),
    ("queries", "query"),
    ("transactions", "transaction"),
    ("messages", "message"),
    ("events", "event"),
    ("errors", "error"),
    ("failures", "failure"),
    ("faults", "fault"),
    ("interrupts", "interrupt"),
    ("packets", "packet"),
    ("frames", "frame"),
    ("samples", "sample"),
    ("I/Os", "I/O"),
    ("round trips", "round trip"),
    ("cache misses", "cache miss"),
    ("context switches", "context switch"),
)
#: Nouns that count work a benchmark does at scale: each is a unit a record may state
#: (``{value: 8000000000, unit: rows}``), and in prose a figure with a scale word
#: ("8 billion rows", "94k writes"). Alone, "8 rows" and "3 jobs" count a setup's
#: parts as "8 GPUs" does.
COUNTED_AT_SCALE: tuple[tuple[str, str], ...] = (
    ("rows", "row"),
    ("records", "record"),
    ("reads", "read"),
    ("writes", "write"),
    ("inferences", "inference"),
    ("predictions", "prediction"),
    ("tasks", "task"),
    ("jobs", "job"),
    ("images", "image"),
    ("documents", "document"),
    ("lookups", "lookup"),
    ("calls", "call"),
    ("invocations", "invocation"),
    ("updates", "update"),
    ("inserts", "insert"),
    ("commits", "commit"),
    ("vectors", "vector"),
    ("embeddings", "embedding"),
    ("searches", "search"),
    # capacity: what a system holds or serves at once (blind17)
    ("connections", "connection"),
    ("sessions", "session"),
    ("files", "file"),
    ("objects", "object"),
    ("streams", "stream"),
)
#: How Chinese (simplified and traditional), Japanese and Korean name the nouns of
#: :data:`COUNTED` (and a few of :data:`COUNTED_AT_SCALE`) that a count of work is
#: written with: "500 次请求", "500件のリクエスト", "500건의 요청" are 500 requests.
COUNTED_CJK: dict[str, tuple[str, ...]] = {
    "requests": ("请求", "請求", "リクエスト", "요청"),
    "queries": ("查询", "查詢", "クエリ", "쿼리"),
    "transactions": ("事务", "事務", "交易", "トランザクション", "트랜잭션", "거래"),
    "messages": ("消息", "訊息", "メッセージ", "메시지"),
    "events": ("事件", "イベント", "이벤트"),
    "errors": ("错误", "錯誤", "エラー", "오류", "에러"),
    "failures": ("故障", "失败", "失敗", "障害", "장애"),
    "interrupts": ("中断", "中斷", "割り込み", "인터럽트"),
    "packets": ("数据包", "數據包", "封包", "パケット", "패킷"),
    "samples": ("样本", "樣本", "サンプル", "샘플"),
    "cycles": ("时钟周期", "時鐘週期", "サイクル", "사이클"),
    "instructions": ("指令", "命令", "명령어"),
    "operations": ("操作", "オペレーション", "연산"),
    "tokens": ("令牌", "トークン", "토큰"),
    "I/Os": ("读写", "讀寫", "I/O", "IO"),
    "reads": ("读取", "讀取", "読み取り", "읽기"),
    "writes": ("写入", "寫入", "書き込み", "쓰기"),
    "inferences": ("推理", "推論", "추론"),
    "calls": ("调用", "呼叫", "呼び出し", "호출"),
}
#: How they name nouns of :data:`COUNTED_AT_SCALE` that count work only in a rate ("每分钟处理
#: 500 个任务", "분당 500개의 작업": blind20), as "500 tasks a minute" does; alone, "500 个任务"
#: counts a setup's parts as "500 tasks" does. Chinese writes "token" in Latin letters too.
COUNTED_AT_SCALE_CJK: dict[str, tuple[str, ...]] = {
    "tasks": ("任务", "任務", "タスク", "태스크"),
    "jobs": ("作业", "作業", "ジョブ", "작업"),
    "tokens": ("token", "tokens"),
}

#: Units of time in the other languages an English page quotes ("95 Sekunden", "95
#: secondes", "178 sekund", Korean "94초", Japanese "98ミリ秒"): a claim may say them, and
#: the detector reads them.
_S_ELSEWHERE = (
    *("segundo", "segundos", "seconde", "secondes", "sekunde", "sekunden", "secondi"),
    *("seconden", "saniye", "sekund", "sekundy", "sekunder", "초", "ثانية", "ثوان", "ثواني"),
    # abbreviations: German "Sek.", Russian "сек" and the Russian words; Spanish "seg";
    # Indonesian, Greek, Hebrew, Persian, Turkish "in seconds"
    *("Sek", "сек", "секунд", "секунды", "секунда", "seg", "detik", "δευτερόλεπτα"),
    *("δευτερόλεπτο", "שניות", "ثانیه", "saniyede"),
    # Finnish (blind79)
    *("sekunti", "sekuntia", "sekunnissa", "sekunnin"),
)
_MS_ELSEWHERE = (
    *("milisegundos", "milissegundos", "millisecondes", "millisekunden", "millisecondi"),
    *("milliseconden", "milisaniye", "milisekund", "milisekundy", "millisekunder"),
    *("밀리초", "ミリ秒", "мс", "миллисекунд", "миллисекунды"),
    *("milliseconde", "millisekunde", "millisekuntia"),
)
_MIN_ELSEWHERE = (
    "minutos",
    "minuten",
    "minuti",
    "dakika",
    "minut",
    "minuter",
    "분",
    "分間",  # Japanese: "42分間" (blind26; "分" alone is also a point or a cent)
    *("мин", "минут", "минуты", "минута"),
    "دقيقة",
    "دقائق",
)
_H_ELSEWHERE = (
    *("horas", "heures", "stunden", "saat", "godzin", "godziny", "timmar", "시간", "時間"),
    *("Std", "час", "часа", "часов"),
)

_ALL: tuple[Unit, ...] = (
    # time (months and years have no exact length: they never convert)
    _u("ns", "time", "nsec", "nsecs", "nanosecond", "nanoseconds", "纳秒", "ナノ秒", factor="1e-9"),
    _u(
        "µs",
        "time",
        *("us", "μs", "usec", "usecs", "microsecond", "microseconds", "微秒", "마이크로초"),
        "マイクロ秒",
        factor="1e-6",
    ),
    _u(
        "ms",
        "time",
        "millisecond",
        "milliseconds",
        "msec",
        "msecs",
        "毫秒",
        *_MS_ELSEWHERE,
        factor="1e-3",
    ),
    _u("s", "time", "sec", "secs", "second", "seconds", "秒", "秒钟", *_S_ELSEWHERE, factor="1"),
    _u("min", "time", "mins", "minute", "minutes", "分钟", "分鐘", *_MIN_ELSEWHERE, factor="60"),
    _u(
        "h",
        "time",
        *("hr", "hrs", "hour", "hours", "小时", "个小时", "小時", "個小時", *_H_ELSEWHERE),
        factor="3600",
    ),
    _u("d", "time", "day", "days", "天", "日間", factor="86400"),
    _u("wk", "time", "week", "weeks", "周", "个星期", "週間", factor="604800"),
    _u("mo", "time", "month", "months", "个月", "個月", "か月", "ヶ月", "カ月"),
    _u("yr", "time", "year", "years", "年", "年間"),
    # size (decimal and binary)
    _u("B", "size", "byte", "bytes", "字节", factor="1"),
    _u("KB", "size", "kB", "kilobyte", "kilobytes", factor="1e3"),
    _u("MB", "size", "megabyte", "megabytes", "メガバイト", "메가바이트", factor="1e6"),
    _u("GB", "size", "gigabyte", "gigabytes", "ギガバイト", "기가바이트", factor="1e9"),
    _u("TB", "size", "terabyte", "terabytes", "テラバイト", "테라바이트", factor="1e12"),
    _u("PB", "size", "petabyte", "petabytes", "ペタバイト", "페타바이트", factor="1e15"),
    _u("EB", "size", "exabyte", "exabytes", factor="1e18"),
    _u("KiB", "size", factor="1024"),
    _u("MiB", "size", factor="1048576"),
    _u("GiB", "size", factor="1073741824"),
    _u("TiB", "size", factor="1099511627776"),
    _u("PiB", "size", factor="1125899906842624"),
    # sizes in bits: a lower-case "b" is a bit (IEEE 1541), "Gb" is not "GB"
    _u("Kb", "size", "kbit", "kilobit", "kilobits", factor="125"),
    _u("Mb", "size", "Mbit", "megabit", "megabits", factor="125e3"),
    _u("Gb", "size", "Gbit", "gigabit", "gigabits", factor="125e6"),
    _u("Tb", "size", "Tbit", "terabit", "terabits", factor="125e9"),
    # bandwidth
    _u("B/s", "bandwidth", "Bps", factor="1"),
    _u("KB/s", "bandwidth", "kB/s", factor="1e3"),
    _u("MB/s", "bandwidth", "MBps", "megabytes per second", factor="1e6"),
    _u("GB/s", "bandwidth", "GBps", "gigabytes per second", factor="1e9"),
    _u("TB/s", "bandwidth", "TBps", "terabytes per second", factor="1e12"),
    _u("MiB/s", "bandwidth", factor="1048576"),
    _u("GiB/s", "bandwidth", factor="1073741824"),
    _u("b/s", "bandwidth", "bps", "bit/s", factor="0.125"),
    _u("Kb/s", "bandwidth", "Kbps", "kbps", "kbit/s", "kb/s", factor="125"),
    _u("Mb/s", "bandwidth", "Mbps", "Mbit/s", "megabits per second", factor="125000"),
    _u("Gb/s", "bandwidth", "Gbps", "Gbit/s", "gigabits per second", factor="125000000"),
    _u("Tb/s", "bandwidth", "Tbps", "Tbit/s", "terabits per second", factor="125000000000"),
    # rates: each counts a different thing, so none converts into another
    _u("IOPS", "rate", "iops", "input/output operations per second", "I/O operations per second"),
    _u("ops/s", "rate", "op/s", "operations per second", "次/秒", "次每秒"),
    _u(
        "tokens/s",
        "rate",
        *("tok/s", "token/s", "tokens/sec", "tokens per second", "tokens/second"),
    ),
    _u("TPS", "rate", "transactions per second"),
    _u("req/s", "rate", "requests/s", "rps", "QPS", "qps", "requests per second"),
    _u("req/min", "rate", "requests/min", "rpm", "requests per minute"),
    _u("samples/s", "rate", "sample/s", "samples/sec", "samples per second"),
    _u("images/s", "rate", "img/s", "images per second"),
    _u("fps", "rate", "frames per second"),
    _u("MT/s", "rate"),
    _u("GT/s", "rate"),
    # compute throughput and efficiency
    _u("GFLOPS", "compute", "gigaflops", factor="1e9"),
    _u("TFLOPS", "compute", "teraflops", factor="1e12"),
    _u("PFLOPS", "compute", "petaflops", factor="1e15"),
    _u("EFLOPS", "compute", "exaflops", factor="1e18"),
    _u("TOPS", "compute-int"),
    _u("GFLOPS/W", "compute-efficiency", factor="1e9"),
    _u("TFLOPS/W", "compute-efficiency", factor="1e12"),
    # carbon: grams of CO2-equivalent, and per kWh of electricity
    _u("gCO2e", "carbon", "gCO2eq", "gCO₂e", factor="1"),
    _u("kgCO2e", "carbon", "kgCO2eq", "kgCO₂e", factor="1e3"),
    _u("tCO2e", "carbon", "tCO2eq", "tCO₂e", factor="1e6"),
    _u(
        "gCO2e/kWh",
        "carbon-intensity",
        *("gCO2eq/kWh", "gCO₂e/kWh", "gCO₂eq/kWh", "gCO2/kWh", "g CO2e/kWh"),
        factor="1",
    ),
    _u("kgCO2e/kWh", "carbon-intensity", "kgCO2eq/kWh", "kgCO₂e/kWh", factor="1e3"),
    _u("GPU-h", "gpu-time", "GPU hours", "GPU-hours", "GPU hour", "GPU-hour"),
    # ratio and shares
    _u("×", "ratio", "x", "X", "times", "fold", "倍", "배", tight=True),
    _u(
        "%",
        "percent",
        *("percent", "per cent", "pct", "٪", "﹪", "persen", "процент", "процента", "процентов"),
        "درصد",
        tight=True,
    ),  # Arabic, small, Indonesian, Russian, Persian
    _u("pp", "percent", "percentage points", "percentage point", "个百分点"),
    _u("count", "count"),
    # a rating on a scale: "4.8/5", "4.8 out of 5", "9/10", "87/100" (blind66: refused bare,
    # and no claim could state one)
    *(_u(f"/{m}", f"rating/{m}", f"out of {m}", tight=True) for m in RATING_SCALES),
    *(_u(noun, f"count/{noun}", singular) for noun, singular in (*COUNTED, *COUNTED_AT_SCALE)),
    # currency
    _u(
        "USD",
        "currency",
        *("$", "US$", "dollars", "dollar", "美元", "ドル", "달러", "доллар", "доллара"),
        *("долларов", "دولار", "đô la"),
        prefix=True,
    ),
    _u("EUR", "currency", "€", "euros", "euro", "欧元", prefix=True),
    _u("GBP", "currency", "£", "英镑", prefix=True),
    _u("CNY", "currency", "¥", "CN¥", "RMB", "yuan", "元", "圆", "圓", "人民币", prefix=True),
    # "¥" is the yuan's here; yen are written "円", "JP¥" or "JPY" (blind24)
    _u("JPY", "currency", "JP¥", "円", "yen", "日元", "日圓", "엔", prefix=True),
    _u("KRW", "currency", "₩", "원", "won", "韩元", "韓元", prefix=True),
    _u("¢", "currency", "cent", "cents"),
    # power and energy
    _u("W", "power", "watt", "watts", "瓦", factor="1"),
    _u("kW", "power", "kilowatt", "kilowatts", "千瓦", factor="1e3"),
    _u("MW", "power", "megawatt", "megawatts", "兆瓦", factor="1e6"),
    _u("Wh", "energy", factor="3600"),
    _u("kWh", "energy", "千瓦时", factor="3.6e6"),
    _u("MWh", "energy", factor="3.6e9"),
    _u("GWh", "energy", factor="3.6e12"),
    _u("TWh", "energy", factor="3.6e15"),
    _u("J", "energy", "joule", "joules", factor="1"),
    _u("kJ", "energy", "kilojoule", "kilojoules", factor="1e3"),
    _u("mAh", "charge", factor="3.6"),
    _u("Ah", "charge", factor="3600"),
    # mass and length (hardware spec sheets)
    _u("g", "mass", "gram", "grams", "克", factor="1"),
    _u("kg", "mass", "kilogram", "kilograms", "公斤", "千克", factor="1e3"),
    _u("t", "mass", "tonne", "tonnes", "metric ton", "metric tons", "吨", factor="1e6"),
    _u(
        "mm",
        "length",
        "millimetre",
        "millimetres",
        "millimeter",
        "millimeters",
        "毫米",
        factor="1e-3",
    ),
    _u(
        "cm",
        "length",
        "centimetre",
        "centimetres",
        "centimeter",
        "centimeters",
        "厘米",
        factor="1e-2",
    ),
    _u("m", "length", "metre", "metres", "meter", "meters", "米", factor="1"),
    _u(
        "km",
        "length",
        "kilometre",
        "kilometres",
        "kilometer",
        "kilometers",
        "公里",
        "千米",
        factor="1e3",
    ),
    _u("inch", "length", "inches", factor="0.0254"),  # never "in": "#1 in the ranking"
    _u("km/h", "speed", "kph", "公里/小时", "公里每小时"),
    # efficiency and density, as spec sheets state them (blind70: "2,000 IOPS/W" was refused
    # bare, and no record could state one); none converts
    _u("IOPS/W", "efficiency/IOPS per W", "IOPS per watt", "IOPS per W"),
    _u("GB/s/W", "efficiency/GB/s per W", "GB/s per watt", "GB/s per W"),
    _u("W/TB", "efficiency/W per TB", "W per TB", "watts per TB"),
    _u("TB/U", "density/TB per U", "TB per U", "TB per rack unit"),
    # frequency
    _u("Hz", "frequency", "赫兹", factor="1"),
    _u("kHz", "frequency", factor="1e3"),
    _u("MHz", "frequency", "兆赫", factor="1e6"),
    _u("GHz", "frequency", "吉赫", factor="1e9"),
    # temperature (affine scales: never converted)
    _u("°C", "temperature", "degC", "℃", "摄氏度"),
    _u("°F", "temperature", "degF", "℉"),
)

#: What a price may be per: ``(written, aliases, Chinese)``. Cloud and lab prices are
#: per hour or month, storage per GB-month (rented) or per GB or TB (bought), inference per
#: million tokens, GPUs per GPU-hour.
_PERIODS: tuple[tuple[str, tuple[str, ...], str | None], ...] = (
    ("h", ("hr", "hour"), "小时"),
    ("day", (), "天"),
    ("month", ("mo",), "月"),
    ("year", ("yr",), "年"),
    ("GB-month", ("GB/month", "GB/mo"), None),
    ("TB-month", ("TB/month", "TB/mo"), None),
    # a subscription per capacity a year ("$40/TB/yr": blind72)
    ("GB-year", ("GB/year", "GB/yr"), None),
    ("TB-year", ("TB/year", "TB/yr"), None),
    # electricity ("$0.15/kWh", "0.6元/千瓦时": blind72, a power-cost TCO's input)
    ("kWh", (), "千瓦时"),
    # a list price per capacity bought ("$120/TB", "$0.12/GB": blind70, a vendor's key
    # figure no record could state); Chinese writes the size's symbol ("119美元/TB": blind72)
    ("GB", ("gigabyte",), "GB"),
    ("TB", ("terabyte",), "TB"),
    ("IOPS", (), None),  # a price per IOPS bought ("$0.05/IOPS")
    ("1M tokens", ("M tokens", "million tokens"), None),
    ("GPU-hour", ("GPU-h", "GPU hour"), None),
)
#: The currencies a price is written in: code, signs and words, Chinese name.
_PRICED: tuple[tuple[str, tuple[str, ...], str | None], ...] = (
    ("USD", ("$", "US$"), "美元"),
    ("EUR", ("€",), "欧元"),
    ("GBP", ("£",), None),
    ("CNY", ("¥", "CN¥", "RMB"), "元"),
    ("JPY", ("JP¥",), "日元"),
    ("KRW", ("₩",), "韩元"),
)


def _prices() -> tuple[Unit, ...]:
    """``USD/month``, ``$/h``, ``EUR per GB-month`` …: a price per period or quantity.

    The symbol is ``CODE/per``; aliases write the currency by its sign or code and
    "per" as ``/`` or the word (``$/hr``, ``USD per month``, ``美元/月``). Prices per
    different periods never convert (a month has no exact length).
    """
    units = []
    for code, signs, chinese in _PRICED:
        for per, per_aliases, per_zh in _PERIODS:
            aliases = []
            for cur in (code, *signs):
                for name in (per, *per_aliases):
                    aliases += [f"{cur}/{name}", f"{cur} per {name}"]
            if chinese and per_zh:
                aliases.append(f"{chinese}/{per_zh}")
            symbol = f"{code}/{per}"
            units.append(
                Unit(
                    symbol,
                    f"price/{per}",
                    tuple(a for a in aliases if a != symbol),
                    currency=code,
                    per=per,
                )
            )
    return tuple(units)


#: The precisions compute throughput is quoted at ("1,979 FP16 TFLOPS").
_FLOAT_PRECISIONS = ("FP64", "FP32", "TF32", "BF16", "FP16", "FP8", "FP6", "FP4")
_INT_PRECISIONS = ("INT8", "INT4")


def _by_precision() -> tuple[Unit, ...]:
    """``FP16 TFLOPS``, ``INT8 TOPS`` …: compute throughput at one precision.

    Operations at different precisions are different things: ``FP8 TFLOPS`` never
    converts into ``FP16 TFLOPS`` or plain ``TFLOPS``; scales of one precision do
    (``FP16 PFLOPS`` is 1,000 ``FP16 TFLOPS``). Aliases put the precision after
    the unit (``TFLOPS FP16``, ``TFLOPS (FP16)``).
    """
    scales = (("G", "1e9"), ("T", "1e12"), ("P", "1e15"), ("E", "1e18"))
    units = []
    for precisions, ops in ((_FLOAT_PRECISIONS, "FLOPS"), (_INT_PRECISIONS, "OPS")):
        for precision in precisions:
            for scale, factor in scales:
                unit = f"{scale}{ops}"
                units.append(
                    _u(
                        f"{precision} {unit}",
                        f"compute/{precision}",
                        f"{unit} {precision}",
                        f"{unit} ({precision})",
                        factor=factor,
                    )
                )
    return tuple(units)


#: The periods a count is a rate per, as ``/`` writes them and as words (with their
#: article): "94 tasks/min", "94 tasks per minute", "94 tasks a minute".
_RATE_PERIODS = (("s", "second", "a"), ("min", "minute", "a"), ("h", "hour", "an"))


def _with_rates(units: tuple[Unit, ...]) -> tuple[tuple[Unit, ...], frozenset[str]]:
    """``units`` and a rate of every counted noun per second, minute and hour, and the
    spellings this adds.

    ``tasks/min`` is written "tasks per minute" or "tasks a minute"; where the
    vocabulary has the rate already (``req/s`` is "requests per second"), the
    "a"/"an" spelling is added to it.
    """
    named = {name: unit.symbol for unit in units for name in (unit.symbol, *unit.aliases)}
    extra: dict[str, list[str]] = {}
    rates = []
    for noun, _ in (*COUNTED, *COUNTED_AT_SCALE):
        if "/" in noun:
            continue
        for symbol, word, article in _RATE_PERIODS:
            per, per_a = f"{noun} per {word}", f"{noun} {article} {word}"
            known = named.get(per) or named.get(f"{noun}/{symbol}")
            if known is not None:
                extra.setdefault(known, []).append(per_a)
            else:
                rates.append(_u(f"{noun}/{symbol}", "rate", per, per_a))
    grown = tuple(
        replace(u, aliases=(*u.aliases, *extra[u.symbol])) if u.symbol in extra else u
        for u in units
    )
    added = {a for names in extra.values() for a in names}
    added |= {name for unit in rates for name in (unit.symbol, *unit.aliases)}
    return (*grown, *rates), frozenset(added)


def _per_second(units: tuple[Unit, ...]) -> tuple[Unit, ...]:
    """``units`` with every bandwidth spelled each way its size and "per second" are.

    ``GB/s`` is also "GB per second", "GB/sec", "GB/second", "gigabytes per second" and
    "gigabytes/s": the size by its symbol or its spelled-out words (from the size's own
    aliases), "per" as ``/`` or the word, the second as ``s``, "sec" or "second"
    (blind72: "48.5 gigabytes per second" passed and "48.5 GB per second" was refused).
    """
    sizes = {u.symbol: u for u in units if u.dimension == "size"}
    seconds = ("s", "sec", "second")
    grown = []
    for unit in units:
        size = sizes.get(unit.symbol.removesuffix("/s"))
        if unit.dimension != "bandwidth" or size is None:
            grown.append(unit)
            continue
        names = (size.symbol, *(a for a in size.aliases if a.isascii() and a.isalpha()))
        spelled = [f"{n}/{sec}" for n in names for sec in seconds]
        spelled += [f"{n} per {sec}" for n in names for sec in seconds[1:]]
        new = [a for a in spelled if a != unit.symbol and a not in unit.aliases]
        grown.append(replace(unit, aliases=(*unit.aliases, *new)))
    return tuple(grown)


#: COUNT_RATES: every spelling of a counted noun's rate the vocabulary generates
#: ("tasks/min", "tasks per minute", "tasks a minute", "requests a second"); the detector
#: reads them by its rules for rates, not among its unit names.
_ALL, COUNT_RATES = _with_rates((*_per_second(_ALL), *_prices(), *_by_precision()))

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
    return _FOLDED.get(name.lower()) or loose_unit(name)


# A data or power symbol in any case ("tb", "12.8tbps", "15KW", "148 Ebayt").
_LOOSE = re.compile(
    r"(?P<prefix>[kKmMgGtTpPeE])(?P<binary>[iI]?)"
    r"(?:(?P<bit>b|[bB](?i:its?))|(?P<byte>B|[bB](?i:ytes?|ayt))|(?P<watt>[wW])(?P<hour>[hH]?))"
    r"(?P<rate>(?i:ps)|/s)?"
)


def loose_unit(text: str) -> str | None:
    """The canonical symbol a data or power symbol written in another case means.

    The prefix letter's case is read loosely ("tb", "Tb" and "TB" are all tera;
    "k" and "K" kilo); "m" and "M" are mega for data (there are no milli-bytes)
    but stay apart for power (mW and MW). The "b" keeps its meaning: a lower-case
    "b" is a bit and an upper-case "B" a byte (IEEE 1541), so "18 tb" is 18
    terabits and "12.8tbps" 12.8 Tb/s, never terabytes; "byte" spelled out (or
    transliterated "bayt") is a byte in any case. None for the vocabulary's own
    spellings (see :func:`canonical_unit`) and for what this does not read.
    """
    match = _LOOSE.fullmatch(text)
    if match is None or text in _EXACT:
        return None
    prefix = match["prefix"].upper()
    if match["watt"] is not None:
        if prefix == "M" or match["binary"] or match["rate"]:
            return None  # mW or MW
        symbol = f"{'k' if prefix == 'K' else prefix}W{'h' if match['hour'] else ''}"
    else:
        base = "b" if match["bit"] is not None else "B"
        if match["binary"] and base == "b":
            return None
        symbol = f"{prefix}{'i' if match['binary'] else ''}{base}"
        symbol += "/s" if match["rate"] else ""
    return _EXACT.get(symbol)


#: How alike (difflib's ratio) an unknown unit must be to a known spelling to be offered it:
#: "secnds" (0.92 to "seconds") and "GBs" (0.86 to "GB/s") are; "furlongs" (0.62 to
#: "euros") is not.
UNIT_HINT_CUTOFF = 0.75


#: Units named by a word no spelling of theirs is close to, or by a letter a record may
#: mean them by (blind69: "celsius", "C" were offered nothing); "K" is no hint (kelvin, or
#: thousands), and no kelvin is in the vocabulary.
_NAMED_UNITS = {
    "celsius": "°C",
    "centigrade": "°C",
    "c": "°C",
    "fahrenheit": "°F",
    "f": "°F",
}
#: "degrees" before a temperature's name ("degrees Celsius", "deg. C").
_DEGREES = re.compile(r"^(?:degrees?|deg\.?)\s*")


def unit_hint(text: str, currency: str | None = None) -> str:
    """A message suffix suggesting the closest known unit, as a record writes it: the
    symbol of a spelling it is close to ("sek" is close to "Sek", which is ``s``).

    Closer than names must be (:data:`UNIT_HINT_CUTOFF`): the vocabulary has 1,600
    spellings, and at difflib's usual 0.6 an unrelated word finds one ("furlongs" was
    offered "euros"); and of the same shape (:mod:`~fxsite.evidence.unit_shape`).
    A price is hinted in the currency ``text`` writes ("元/kWh": CNY), else in
    ``currency`` (the cited figure's), else not at all: a hint never names a currency
    the writer did not (blind73: "元/kWh" and "per terabyte" were offered 'EUR/…'). A
    price's spellings are looked among only where a currency is known: else the closest
    spelling may be a price ("GB/h" is close to "GBP/h"), and none is offered.
    """
    named = _NAMED_UNITS.get(_DEGREES.sub("", text.strip().lower()))
    money = _written_currency(text) or currency
    pool = _EXACT.keys() if money is None else _SPELLINGS_IN.get(money, _EXACT.keys())
    close = closest(text, pool, cutoff=UNIT_HINT_CUTOFF)
    symbols = list(dict.fromkeys([*([named] if named else []), *(_EXACT[c] for c in close)]))
    # a hint measures what the unit does, or there is none ("USD/kWh" is no "USD/h"); and
    # names no currency the writer did not
    symbols = [
        s
        for s in symbols
        if same_shape(text, s, _dimension_of) and (money or UNITS[s].currency is None)
    ]
    if not symbols:
        return ""
    return " (did you mean " + " or ".join(f"'{s}'" for s in symbols) + "?)"


def _written_currency(text: str) -> str | None:
    """The currency a unit's text names by a sign, code or word ("元/kWh", "yuan per
    terabyte", "$ per TB"), or None."""
    for part in re.split(r"[\s/]+", text.strip()):
        symbol = _EXACT.get(part) or _FOLDED.get(part.lower())
        if symbol is None and part[:1] > "\u2e80":  # Chinese glued: "元每TB"
            symbol = next((_EXACT[n] for n in _CJK_CURRENCY if part.startswith(n)), None)
        if symbol is not None and UNITS[symbol].dimension == "currency":
            return symbol
    return None


def _spellings_in() -> dict[str, tuple[str, ...]]:
    """The spellings a hint may offer where a price's currency is known: a price's only in
    that currency."""
    prices = {c for n in _EXACT if (c := UNITS[_EXACT[n]].currency) is not None}
    return {
        money: tuple(n for n in _EXACT if UNITS[_EXACT[n]].currency in (None, money))
        for money in prices
    }


_SPELLINGS_IN = _spellings_in()
#: The currencies' Chinese, Japanese and Korean names, longest first ("日元" before "元").
_CJK_CURRENCY = sorted(
    (n for u in _ALL if u.dimension == "currency" for n in u.aliases if n[0] > "\u2e80"),
    key=len,
    reverse=True,
)


def _dimension_of(text: str) -> str | None:
    symbol = canonical_unit(text)
    return UNITS[symbol].dimension if symbol is not None else None


def conversion_factor(from_symbol: str, to_symbol: str) -> Decimal | None:
    """The exact factor turning a value in ``from_symbol`` into ``to_symbol``.

    None when the two never convert: another dimension, or a unit without an
    exact factor (ratios, percentages, rates, currencies, months, °C).
    """
    a, b = UNITS[from_symbol], UNITS[to_symbol]
    if a.dimension != b.dimension or a.factor is None or b.factor is None:
        return None
    return a.factor / b.factor


#: The vocabulary's currencies written in kana or Hangul ("ドル", "원", "엔"): the detector
#: reads them beside the Chinese units, and Korean amounts in numerals before them.
KANA_HANGUL_CURRENCY = frozenset(
    n
    for u in UNITS.values()
    if u.dimension == "currency"
    for n in u.aliases
    if any("\u30a0" <= c <= "\u30ff" or "\uac00" <= c <= "\ud7a3" for c in n)
)


def is_cjk(char: str) -> bool:
    """True for a CJK ideograph (Chinese text has no spaces between words)."""
    return "\u3400" <= char <= "\u9fff" or "\uf900" <= char <= "\ufaff"
