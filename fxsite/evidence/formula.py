"""Safe arithmetic for derived figures.

A derived figure is computed from other figures with a small formula such as
``R1.save_time_baseline * saves / duration * 100``. Formulas come from YAML
files anyone may edit, so they are never given to ``eval``: :func:`parse_formula`
parses them with :mod:`ast` and accepts a strict whitelist, and
:meth:`Formula.evaluate` walks that tree itself.

Allowed: integer and decimal numbers; a figure of the formula's own record
(``saves``); a figure of another record (``R1.save_time``, one level only);
``+ - * /``; unary ``-`` and ``+``; parentheses; ``min(a, b, ...)`` and
``max(a, b, ...)`` with at least two arguments; ``abs(x)``; ``round(x)`` and
``round(x, n)`` with ``n`` an integer constant between -15 and 15.

``round`` rounds half **up** (ties away from zero: ``round(2.5)`` is 3,
``round(-2.5)`` is -3) on the shortest decimal form of the value, because that
is what an author checking a figure by hand expects; Python's own ``round``
rounds half to even on the binary value (``round(2.675, 2)`` is 2.67).

Arithmetic is exact decimal (:class:`~decimal.Decimal`, in a local context of
:data:`PRECISION` significant digits): ``1.15 * 3`` is 3.45, never the binary
3.4499999999999997. Numbers are read from the text as written. Exponents are
bounded (:data:`MAX_EXPONENT`), so no value makes arithmetic slow or huge.

Errors are :class:`FormulaError`: code FX304 for a formula that cannot be
parsed or uses a construct outside the whitelist, FX307 for one that cannot
be evaluated (division by zero, overflow, a non-finite input or result).
"""

from __future__ import annotations

import ast
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Context, Decimal, DivisionByZero, InvalidOperation, Overflow

from fxsite.findings import FxsiteError, did_you_mean

__all__ = [
    "DECIMAL",
    "FUNCTIONS",
    "MAX_DEPTH",
    "MAX_EXPONENT",
    "MAX_LENGTH",
    "PRECISION",
    "Formula",
    "FormulaError",
    "Reference",
    "in_bounds",
    "parse_formula",
]

#: Longest formula source accepted, in characters.
MAX_LENGTH = 500
#: Deepest expression tree accepted (``a + b`` is 2 deep).
MAX_DEPTH = 50
#: The functions a formula may call.
FUNCTIONS = ("abs", "max", "min", "round")
#: ``round(x, n)`` accepts ``n`` in this range: enough for any figure, and
#: small enough that decimal rounding stays cheap.
_NDIGITS = range(-15, 16)

_FUNCTIONS_TEXT = "abs, max, min and round"
_OPERATORS_TEXT = "+, -, * and /"

#: Significant digits of every intermediate result: far beyond any measured
#: figure, so a value written with 40 digits is computed exactly.
PRECISION = 40
#: Largest decimal exponent a value or result may have (as binary floats: 1e308).
MAX_EXPONENT = 308
#: The one context for figure arithmetic; every trap that could hide an error is on.
DECIMAL = Context(
    prec=PRECISION,
    Emax=MAX_EXPONENT + PRECISION,
    Emin=-(MAX_EXPONENT + PRECISION),
    traps=[InvalidOperation, DivisionByZero, Overflow],
)

# Operators that exist in Python but not in formulas, with the advice we give.
_BAD_BINOPS: dict[type[ast.operator], tuple[str, str]] = {
    ast.Pow: ("**", "use * and /"),
    ast.FloorDiv: ("//", "use / and round()"),
    ast.Mod: ("%", f"only {_OPERATORS_TEXT} are allowed"),
    ast.MatMult: ("@", f"only {_OPERATORS_TEXT} are allowed"),
    ast.LShift: ("<<", f"only {_OPERATORS_TEXT} are allowed"),
    ast.RShift: (">>", f"only {_OPERATORS_TEXT} are allowed"),
    ast.BitOr: ("|", f"only {_OPERATORS_TEXT} are allowed"),
    ast.BitXor: ("^", "use * and / (there is no power operator)"),
    ast.BitAnd: ("&", f"only {_OPERATORS_TEXT} are allowed"),
}
_COMPARE_SYMBOLS: dict[type[ast.cmpop], str] = {
    ast.Eq: "==",
    ast.NotEq: "!=",
    ast.Lt: "<",
    ast.LtE: "<=",
    ast.Gt: ">",
    ast.GtE: ">=",
    ast.Is: "is",
    ast.IsNot: "is not",
    ast.In: "in",
    ast.NotIn: "not in",
}
_CONSTRUCTS: dict[type[ast.AST], str] = {
    ast.BoolOp: "'and' and 'or' are",
    ast.IfExp: "conditional expressions ('x if c else y') are",
    ast.Lambda: "'lambda' is",
    ast.Subscript: "subscripts ('x[...]') are",
    ast.Slice: "slices are",
    ast.List: "lists ('[...]') are",
    ast.Tuple: "tuples (a comma outside a function call) are",
    ast.Dict: "dicts ('{...}') are",
    ast.Set: "sets ('{...}') are",
    ast.ListComp: "comprehensions are",
    ast.SetComp: "comprehensions are",
    ast.DictComp: "comprehensions are",
    ast.GeneratorExp: "generator expressions are",
    ast.JoinedStr: "f-strings are",
    ast.FormattedValue: "f-strings are",
    ast.NamedExpr: "':=' is",
    ast.Starred: "starred arguments ('*x') are",
    ast.Await: "'await' is",
    ast.Yield: "'yield' is",
    ast.YieldFrom: "'yield' is",
}
# Look-alike characters people paste from prose, with what to write instead.
_CHAR_HINTS = {"×": "*", "÷": "/", "−": "-", "–": "-", "·": "*"}


class FormulaError(FxsiteError):
    """A formula that cannot be parsed (FX304) or evaluated (FX307).

    ``offset`` is the 0-based character offset in the formula source, for
    column reporting. A lookup callback may raise it too, with its own code
    (FX305 for an unknown figure).
    """

    def __init__(self, message: str, offset: int = 0, *, code: str = "FX304") -> None:
        super().__init__(message)
        self.message = message
        self.offset = offset
        self.code = code


@dataclass(frozen=True, slots=True)
class Reference:
    """A figure a formula reads: ``record`` is ``None`` for its own record."""

    record: str | None
    figure: str
    offset: int

    def __str__(self) -> str:
        return self.figure if self.record is None else f"{self.record}.{self.figure}"


# The checked tree: only what evaluation needs, independent of ``ast``.
@dataclass(frozen=True, slots=True)
class _Num:
    value: Decimal
    offset: int


@dataclass(frozen=True, slots=True)
class _Ref:
    ref: Reference
    offset: int


@dataclass(frozen=True, slots=True)
class _Unary:
    negate: bool
    operand: _Node
    offset: int


@dataclass(frozen=True, slots=True)
class _Bin:
    op: str  # one of + - * /
    left: _Node
    right: _Node
    offset: int
    right_text: str  # for "division by zero: 'x' is 0"


@dataclass(frozen=True, slots=True)
class _Call:
    name: str
    args: tuple[_Node, ...]
    offset: int
    ndigits: int = 0


_Node = _Num | _Ref | _Unary | _Bin | _Call


@dataclass(frozen=True)
class Formula:
    """A checked formula: its source and the figures it reads."""

    source: str
    references: tuple[Reference, ...]
    _tree: _Node | None = field(default=None, compare=False, repr=False)

    def evaluate(self, lookup: Callable[[Reference], Decimal]) -> Decimal:
        """The formula's value, with ``lookup`` supplying each referenced figure.

        Raises :class:`FormulaError` (FX307) when the value cannot be computed;
        errors ``lookup`` raises propagate unchanged.
        """
        tree = self._tree if self._tree is not None else parse_formula(self.source)._tree
        assert tree is not None
        value = _evaluate(tree, lookup)
        if not in_bounds(value):
            raise FormulaError("the result is too large (overflow)", 0, code="FX307")
        return DECIMAL.plus(value)  # normalises -0 to 0


def parse_formula(source: str) -> Formula:
    """Parse and check ``source``; raises :class:`FormulaError` (FX304)."""
    if len(source) > MAX_LENGTH:
        raise FormulaError(f"formula is longer than {MAX_LENGTH} characters", MAX_LENGTH)
    for index, char in enumerate(source):
        if char in _CHAR_HINTS:
            raise FormulaError(f"'{char}' is not an operator; write {_CHAR_HINTS[char]}", index)
        if not char.isascii() or (not char.isprintable() and char not in " \t\n\r"):
            raise FormulaError(f"character {char!r} is not allowed in a formula", index)
    # Line breaks and tabs carry no meaning (a YAML block scalar may hold
    # them); turning each into one space keeps offsets and lets the formula
    # parse as a single line, where ast's col_offset is the offset in source.
    text = source.translate({ord("\n"): " ", ord("\r"): " ", ord("\t"): " "})
    body = text.lstrip(" ")
    lead = len(text) - len(body)  # eval mode refuses leading spaces ("unexpected indent")
    if not body.strip():
        raise FormulaError("formula is empty", 0)
    try:
        with warnings.catch_warnings():
            # Parsing may warn (an odd escape in a string literal); the
            # whitelist refuses those constructs anyway, and pytest turns
            # stray warnings into errors.
            warnings.simplefilter("ignore")
            tree = ast.parse(body, mode="eval")
    except SyntaxError as exc:
        # ast reports offset 0 when the formula ends too early: point at its end.
        offset = lead + exc.offset - 1 if exc.offset else len(source.rstrip())
        raise FormulaError(
            f"formula syntax error: {exc.msg}", max(0, min(offset, len(source)))
        ) from None
    except (ValueError, RecursionError, MemoryError) as exc:
        raise FormulaError(f"formula cannot be parsed: {exc}", 0) from None
    checker = _Checker(body, lead)
    node = checker.check(tree.body, 1)
    return Formula(source, tuple(checker.references), node)


class _Checker:
    """Walks an ``ast`` tree, refusing anything outside the whitelist."""

    def __init__(self, body: str, lead: int) -> None:
        self.body = body
        self.lead = lead
        self.references: list[Reference] = []

    def offset(self, node: ast.AST) -> int:
        # Source is ASCII and one line, so col_offset (bytes) is characters.
        return self.lead + int(getattr(node, "col_offset", 0))

    def refuse(self, node: ast.AST, message: str) -> FormulaError:
        return FormulaError(message, self.offset(node))

    def reference(self, record: str | None, figure: str, node: ast.AST) -> _Ref:
        ref = Reference(record, figure, self.offset(node))
        if all((r.record, r.figure) != (record, figure) for r in self.references):
            self.references.append(ref)
        return _Ref(ref, ref.offset)

    def check(self, node: ast.expr, depth: int) -> _Node:
        if depth > MAX_DEPTH:
            raise self.refuse(node, f"formula is nested more than {MAX_DEPTH} levels deep")
        offset = self.offset(node)
        if isinstance(node, ast.Constant):
            return _Num(self.number(node), offset)
        if isinstance(node, ast.Name):
            return self.reference(None, node.id, node)
        if isinstance(node, ast.Attribute):
            if not isinstance(node.value, ast.Name):
                raise self.refuse(
                    node,
                    "only RECORD.figure is allowed after a '.' "
                    f"(one level, like R1.save_time), not {self.text(node)!r}",
                )
            return self.reference(node.value.id, node.attr, node.value)
        if isinstance(node, ast.BinOp):
            return self.binop(node, depth)
        if isinstance(node, ast.UnaryOp):
            if isinstance(node.op, ast.Not):
                raise self.refuse(node, "'not' is not allowed; a formula computes a number")
            if isinstance(node.op, ast.Invert):
                raise self.refuse(node, f"'~' is not allowed; only {_OPERATORS_TEXT} are")
            operand = self.check(node.operand, depth + 1)
            return _Unary(isinstance(node.op, ast.USub), operand, offset)
        if isinstance(node, ast.Call):
            return self.call(node, depth)
        if isinstance(node, ast.Compare):
            symbol = _COMPARE_SYMBOLS.get(type(node.ops[0]), "comparison")
            raise self.refuse(
                node, f"comparisons ('{symbol}') are not allowed; a formula computes a number"
            )
        what = _CONSTRUCTS.get(type(node), f"'{type(node).__name__}' is")
        raise self.refuse(node, f"{what} not allowed in a formula")

    def number(self, node: ast.Constant) -> Decimal:
        value = node.value
        if isinstance(value, bool) or value is None:
            raise self.refuse(node, f"'{value}' is not a number")
        if isinstance(value, str | bytes):
            raise self.refuse(
                node,
                "strings are not allowed; write figure names without quotes",
            )
        if isinstance(value, int | float):
            # The number as written ("1.15"), never its binary float.
            text = self.text(node).replace("_", "")
            try:
                number = Decimal(text) if isinstance(value, float) else None
            except ArithmeticError:
                number = None
            if number is None:
                number = Decimal(value) if isinstance(value, int) else Decimal(repr(value))
            if not in_bounds(number):
                raise self.refuse(node, "number is too large")
            return number
        raise self.refuse(node, f"{self.text(node)!r} is not a number allowed in a formula")

    def binop(self, node: ast.BinOp, depth: int) -> _Bin:
        bad = _BAD_BINOPS.get(type(node.op))
        if bad is not None:
            symbol, advice = bad
            # Point at the operator, not at the start of the left operand.
            at = self.operator_offset(node, symbol)
            raise FormulaError(f"'{symbol}' is not allowed; {advice}", at)
        symbol = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/"}[type(node.op)]
        left = self.check(node.left, depth + 1)
        right = self.check(node.right, depth + 1)
        return _Bin(symbol, left, right, self.offset(node), self.text(node.right))

    def operator_offset(self, node: ast.BinOp, symbol: str) -> int:
        start = int(getattr(node.left, "end_col_offset", 0) or 0)
        found = self.body.find(symbol, start)
        return self.lead + (found if found >= 0 else int(node.col_offset))

    def call(self, node: ast.Call, depth: int) -> _Call:
        offset = self.offset(node)
        if not isinstance(node.func, ast.Name) or node.func.id not in FUNCTIONS:
            name = self.text(node.func)
            hint = did_you_mean(name, FUNCTIONS) if isinstance(node.func, ast.Name) else ""
            raise self.refuse(
                node,
                f"calling {name!r} is not allowed; the functions are {_FUNCTIONS_TEXT}{hint}",
            )
        name = node.func.id
        if node.keywords:
            raise self.refuse(
                node.keywords[0].value if node.keywords[0].arg is None else node,
                f"keyword arguments are not allowed in {name}(); "
                "write round(x, 2), not round(x, ndigits=2)",
            )
        for arg in node.args:
            if isinstance(arg, ast.Starred):
                raise self.refuse(arg, "starred arguments ('*x') are not allowed")
        count = len(node.args)
        if name in ("min", "max") and count < 2:
            raise self.refuse(node, f"{name}() needs at least 2 arguments, got {count}")
        if name == "abs" and count != 1:
            raise self.refuse(node, f"abs() takes exactly 1 argument, got {count}")
        if name == "round" and count not in (1, 2):
            raise self.refuse(node, f"round() takes 1 or 2 arguments, got {count}")
        ndigits = 0
        if name == "round" and count == 2:
            ndigits = self.ndigits(node.args[1])
        args = tuple(
            self.check(arg, depth + 1) for arg in node.args[: 1 if name == "round" else None]
        )
        return _Call(name, args, offset, ndigits)

    def ndigits(self, node: ast.expr) -> int:
        sign = 1
        inner = node
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub | ast.UAdd):
            sign = -1 if isinstance(node.op, ast.USub) else 1
            inner = node.operand
        if (
            isinstance(inner, ast.Constant)
            and isinstance(inner.value, int)
            and not isinstance(inner.value, bool)
            and sign * inner.value in _NDIGITS
        ):
            return sign * inner.value
        raise self.refuse(
            node,
            "round()'s second argument must be an integer constant "
            f"from {_NDIGITS.start} to {_NDIGITS.stop - 1}",
        )

    def text(self, node: ast.AST) -> str:
        return ast.get_source_segment(self.body, node) or type(node).__name__


def in_bounds(value: Decimal) -> bool:
    """Finite, and no larger in magnitude than :data:`MAX_EXPONENT` allows."""
    if not value.is_finite():
        return False
    return value.is_zero() or value.adjusted() <= MAX_EXPONENT


def _evaluate(node: _Node, lookup: Callable[[Reference], Decimal]) -> Decimal:
    if isinstance(node, _Num):
        return node.value
    if isinstance(node, _Ref):
        value = lookup(node.ref)
        if not isinstance(value, Decimal):
            raise FormulaError(f"'{node.ref}' is not a number", node.offset, code="FX307")
        if not in_bounds(value):
            raise FormulaError(f"'{node.ref}' is not a finite number", node.offset, code="FX307")
        return value
    if isinstance(node, _Unary):
        operand = _evaluate(node.operand, lookup)
        return DECIMAL.minus(operand) if node.negate else operand
    if isinstance(node, _Bin):
        left = _evaluate(node.left, lookup)
        right = _evaluate(node.right, lookup)
        if node.op == "/" and right.is_zero():
            raise FormulaError(
                f"division by zero: {node.right_text!r} is 0",
                node.right.offset,
                code="FX307",
            )
        operation = {"+": DECIMAL.add, "-": DECIMAL.subtract, "*": DECIMAL.multiply}
        try:
            result = operation.get(node.op, DECIMAL.divide)(left, right)
        except ArithmeticError:
            raise FormulaError(
                "the result is too large (overflow)", node.offset, code="FX307"
            ) from None
        if not in_bounds(result):
            raise FormulaError("the result is too large (overflow)", node.offset, code="FX307")
        return result
    values = [_evaluate(arg, lookup) for arg in node.args]
    if node.name == "min":
        return min(values)
    if node.name == "max":
        return max(values)
    if node.name == "abs":
        return abs(values[0])
    return _round_half_up(values[0], node.ndigits, node.offset)


def _round_half_up(value: Decimal, ndigits: int, offset: int) -> Decimal:
    """``value`` rounded half up (ties away from zero) at ``ndigits`` decimals."""
    exponent = value.as_tuple().exponent
    if isinstance(exponent, int) and exponent >= -ndigits:
        return DECIMAL.plus(value)  # nothing to round: 1e300 at 15 decimals is 1e300
    try:
        rounded = value.quantize(Decimal(1).scaleb(-ndigits), ROUND_HALF_UP, DECIMAL)
    except ArithmeticError:
        raise FormulaError("round() cannot round this value", offset, code="FX307") from None
    return DECIMAL.plus(rounded)  # normalises -0 to 0
