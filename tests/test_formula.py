"""Tests for fxsite.evidence.formula: safe arithmetic for derived figures."""

from __future__ import annotations

import re
from collections.abc import Callable
from decimal import Context, Decimal, DivisionByZero, InvalidOperation, Overflow

import pytest
from hypothesis import given, settings, strategies as st

from fxsite.evidence.formula import (
    MAX_DEPTH,
    MAX_LENGTH,
    Formula,
    FormulaError,
    Reference,
    parse_formula,
)
from fxsite.findings import FxsiteError

VALUES = {
    "save_time_baseline": 178.0,
    "save_time_fx100": 94.0,
    "saves": 20.0,
    "duration": 36000.0,
    "zero": 0.0,
    "neg": -2.5,
}
OTHER = {("R1", "save_time_baseline"): 178.0, ("R1", "save_time_fx100"): 94.0}


def lookup(ref: Reference) -> Decimal:
    if ref.record is None:
        return Decimal(repr(VALUES[ref.figure]))
    return Decimal(repr(OTHER[(ref.record, ref.figure)]))


def value(source: str) -> Decimal:
    return parse_formula(source).evaluate(lookup)


# -- allowed constructs ----------------------------------------------------------


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("save_time_baseline / save_time_fx100", 178 / 94),
        ("R1.save_time_baseline * saves / duration * 100", 178 * 20 / 36000 * 100),
        ("1 + 2 * 3", 7.0),
        ("(1 + 2) * 3", 9.0),
        ("10 - 4 - 3", 3.0),
        ("8 / 4 / 2", 1.0),
        ("-saves", -20.0),
        ("+saves", 20.0),
        ("--3", 3.0),
        ("-(1 + 2)", -3.0),
        ("2.5", 2.5),
        ("1e3", 1000.0),
        ("1_000", 1000.0),
        ("min(3, 1, 2)", 1.0),
        ("max(saves, duration)", 36000.0),
        ("abs(neg)", 2.5),
        ("abs(3)", 3.0),
        ("round(2.4)", 2.0),
        ("round(178 / 94, 1)", 1.9),
        ("round(1234.5, -2)", 1200.0),
        ("round(1250, -2)", 1300.0),
        ("round(x, +1)".replace("x", "2.25"), 2.3),
        ("  saves  ", 20.0),
        ("(saves +\n duration)", 36020.0),
        ("saves\t* 2", 40.0),
        ("(R1.save_time_baseline - R1.save_time_fx100) / R1.save_time_baseline * 100", 84 / 1.78),
    ],
)
def test_allowed_constructs_evaluate(source: str, expected: float) -> None:
    assert float(value(source)) == pytest.approx(expected, rel=1e-12)


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("1.15 * 3", "3.45"),  # binary floats give 3.4499999999999997
        ("0.1 + 0.2", "0.3"),
        ("round(1.15 * 3, 1)", "3.5"),
        ("1.005 * 1000", "1005.000"),
        ("123456789012345678901234567890 + 1", "123456789012345678901234567891"),
        ("round(1 / 3 * 3, 6)", "1.000000"),
        ("2.50 - 0.50", "2.00"),
    ],
)
def test_arithmetic_is_exact_decimal(source: str, expected: str) -> None:
    result = value(source)
    assert isinstance(result, Decimal)
    assert str(result) == expected


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("round(2.5)", 3.0),  # Python's round gives 2
        ("round(3.5)", 4.0),
        ("round(-2.5)", -3.0),  # ties away from zero
        ("round(2.675, 2)", 2.68),  # Python's round gives 2.67
        ("round(1.005, 2)", 1.01),  # Python's round gives 1.0
        ("round(0.125, 2)", 0.13),  # Python's round gives 0.12
        ("round(0.05, 1)", 0.1),
        ("round(15, -1)", 20.0),
        ("round(25, -1)", 30.0),
        ("round(-0.4)", 0.0),
        ("round(1e300, 15)", 1e300),
        ("round(1e-300, 15)", 0.0),
    ],
)
def test_round_is_half_up(source: str, expected: float) -> None:
    result = value(source)
    assert result == Decimal(repr(expected))
    assert not result.is_signed() or expected < 0


def test_references_in_order_with_offsets_and_no_duplicates() -> None:
    formula = parse_formula("R1.save_time_baseline * saves / (saves + R1.save_time_baseline) - x")
    assert formula.references == (
        Reference("R1", "save_time_baseline", 0),
        Reference(None, "saves", 24),
        Reference(None, "x", 66),
    )
    assert [str(r) for r in formula.references] == ["R1.save_time_baseline", "saves", "x"]


def test_reference_offsets_count_leading_space() -> None:
    formula = parse_formula("   a + R2.b")
    assert [(str(r), r.offset) for r in formula.references] == [("a", 3), ("R2.b", 7)]


def test_same_figure_name_in_two_records_is_two_references() -> None:
    formula = parse_formula("a + R1.a + R2.a")
    assert [str(r) for r in formula.references] == ["a", "R1.a", "R2.a"]


def test_function_names_are_not_references() -> None:
    assert parse_formula("round(min(a, 1), 2)").references == (Reference(None, "a", 10),)


def test_formula_without_a_tree_still_evaluates() -> None:
    formula = Formula("saves * 2", (Reference(None, "saves", 0),))
    assert formula.evaluate(lookup) == 40
    assert formula == parse_formula("saves * 2")


def test_lookup_receives_references() -> None:
    seen: list[Reference] = []

    def record(ref: Reference) -> Decimal:
        seen.append(ref)
        return Decimal(2)

    assert parse_formula("a * R9.b + a").evaluate(record) == 6
    assert [str(r) for r in seen] == ["a", "R9.b", "a"]


# -- refused constructs --------------------------------------------------------------


@pytest.mark.parametrize(
    ("source", "fragment", "offset"),
    [
        ("a ** 2", "'**' is not allowed; use * and /", 2),
        ("a // 2", "'//' is not allowed", 2),
        ("a % 2", "'%' is not allowed", 2),
        ("a @ b", "'@' is not allowed", 2),
        ("a ^ 2", "'^' is not allowed", 2),
        ("a | b", "'|' is not allowed", 2),
        ("a & b", "'&' is not allowed", 2),
        ("a << 2", "'<<' is not allowed", 2),
        ("a >> 2", "'>>' is not allowed", 2),
        ("~a", "'~' is not allowed", 0),
        ("not a", "'not' is not allowed", 0),
        ("a < b", "comparisons ('<')", 0),
        ("1 + (a == b)", "comparisons ('==')", 5),
        ("a and b", "'and' and 'or'", 0),
        ("a if b else c", "conditional expressions", 0),
        ("lambda: 1", "'lambda'", 0),
        ("a[0]", "subscripts", 0),
        ("[1, 2]", "lists", 0),
        ("a, b", "tuples", 0),
        ("{1}", "sets", 0),
        ("{1: 2}", "dicts", 0),
        ("[x for x in a]", "comprehensions", 0),
        ("abs(x for x in a)", "generator expressions", 3),
        ("f'{a}'", "f-strings", 0),
        ("(a := 1)", "':='", 1),
        ("'saves' * 2", "strings are not allowed; write figure names without quotes", 0),
        ("b'x'", "strings are not allowed", 0),
        ("True", "'True' is not a number", 0),
        ("None", "'None' is not a number", 0),
        ("1j", "'1j' is not a number", 0),
        ("...", "'...' is not a number", 0),
        ("1e999", "number is too large", 0),
        ("__import__('os')", "calling '__import__' is not allowed", 0),
        ("eval('1')", "calling 'eval' is not allowed", 0),
        ("os.system('ls')", "calling 'os.system' is not allowed", 0),
        ("mni(a, b)", "(did you mean 'min'?)", 0),
        ("(lambda: 1)()", "calling 'lambda: 1' is not allowed", 0),
        ("a.b.c", "only RECORD.figure is allowed after a '.'", 0),
        ("R1.a.__class__", "only RECORD.figure", 0),
        ("(1).real", "only RECORD.figure", 0),
        ("min(a)", "min() needs at least 2 arguments, got 1", 0),
        ("max()", "max() needs at least 2 arguments, got 0", 0),
        ("abs(a, b)", "abs() takes exactly 1 argument, got 2", 0),
        ("abs()", "abs() takes exactly 1 argument, got 0", 0),
        ("round()", "round() takes 1 or 2 arguments, got 0", 0),
        ("round(a, 1, 2)", "round() takes 1 or 2 arguments, got 3", 0),
        ("round(a, b)", "second argument must be an integer constant", 9),
        ("round(a, 1.0)", "second argument must be an integer constant", 9),
        ("round(a, True)", "second argument must be an integer constant", 9),
        ("round(a, 16)", "from -15 to 15", 9),
        ("round(a, -16)", "from -15 to 15", 9),
        ("round(a, ndigits=2)", "keyword arguments are not allowed", 0),
        ("min(**a)", "keyword arguments are not allowed", 6),
        ("min(*a)", "starred arguments", 4),
        ("a × b", "'×' is not an operator; write *", 2),
        ("a ÷ b", "'÷' is not an operator; write /", 2),
        ("a − b", "'−' is not an operator; write -", 2),
        ("é + 1", "character 'é' is not allowed", 0),
        ("a +\x00 b", "character '\\x00' is not allowed", 3),
        ("", "formula is empty", 0),
        ("  \n ", "formula is empty", 0),
        ("a +", "formula syntax error", 3),
        ("a b", "formula syntax error", 2),
        ("(a", "'(' was never closed", 0),
        ("a)", "unmatched ')'", 1),
        ("  a +* b", "formula syntax error", 5),
    ],
)
def test_refused_constructs(source: str, fragment: str, offset: int) -> None:
    with pytest.raises(FormulaError) as caught:
        parse_formula(source)
    error = caught.value
    assert fragment in error.message
    assert error.offset == offset
    assert error.code == "FX304"
    assert str(error) == error.message


def test_length_limit() -> None:
    longest = "saves + 1" + " " * (MAX_LENGTH - 9)
    assert len(longest) == MAX_LENGTH
    assert value(longest) == 21.0
    with pytest.raises(FormulaError, match=f"longer than {MAX_LENGTH}") as caught:
        parse_formula(longest + " ")
    assert caught.value.code == "FX304"


def test_depth_limit() -> None:
    # "-" * n + "1": a chain of n unary minus nodes above a constant
    assert value("-" * (MAX_DEPTH - 1) + "1") == (-1.0 if (MAX_DEPTH - 1) % 2 else 1.0)
    with pytest.raises(FormulaError, match="nested more than"):
        parse_formula("-" * MAX_DEPTH + "1")
    with pytest.raises(FormulaError, match="nested more than"):
        parse_formula("+".join(["1"] * (MAX_DEPTH + 1)))
    with pytest.raises(FormulaError):
        parse_formula("(" * 400 + "1" + ")" * 400)


# -- evaluation errors ------------------------------------------------------------------


def test_division_by_zero_is_fx307_at_the_divisor() -> None:
    formula = parse_formula("saves / (zero * 2)")
    with pytest.raises(FormulaError) as caught:
        formula.evaluate(lookup)
    assert caught.value.code == "FX307"
    assert caught.value.offset == 9  # the divisor inside its parentheses
    assert caught.value.message == "division by zero: 'zero * 2' is 0"


def test_division_by_literal_zero() -> None:
    with pytest.raises(FormulaError, match="division by zero: '0' is 0") as caught:
        value("1 / 0")
    assert caught.value.offset == 4


def test_overflow_is_fx307() -> None:
    with pytest.raises(FormulaError, match="too large") as caught:
        value("1e308 * 10")
    assert caught.value.code == "FX307"
    with pytest.raises(FormulaError, match="too large"):
        value("1e308 / 1e-10")
    with pytest.raises(FormulaError, match="too large"):
        value("-1e308 - 9e308")


@pytest.mark.parametrize(
    "bad", [Decimal("Infinity"), Decimal("-Infinity"), Decimal("NaN"), Decimal("1e400")]
)
def test_non_finite_input_is_fx307(bad: Decimal) -> None:
    formula = parse_formula("1 + R3.x")
    with pytest.raises(FormulaError, match=re.escape("'R3.x' is not a finite number")) as caught:
        formula.evaluate(lambda ref: bad)
    assert caught.value.code == "FX307"
    assert caught.value.offset == 4


def test_non_number_input_is_fx307() -> None:
    formula = parse_formula("x")
    with pytest.raises(FormulaError, match="'x' is not a number"):
        formula.evaluate(lambda ref: "5")  # type: ignore[arg-type,return-value]
    with pytest.raises(FormulaError, match="'x' is not a number"):
        formula.evaluate(lambda ref: 5.0)  # type: ignore[arg-type,return-value]


def test_lookup_errors_propagate_with_their_code() -> None:
    def unknown(ref: Reference) -> Decimal:
        raise FormulaError(f"unknown figure '{ref}'", ref.offset, code="FX305")

    with pytest.raises(FormulaError) as caught:
        parse_formula("1 + R1.nope").evaluate(unknown)
    assert caught.value.code == "FX305"
    assert caught.value.offset == 4


def test_formula_error_is_an_fxsite_error() -> None:
    error = FormulaError("bad")
    assert isinstance(error, FxsiteError)
    assert (error.message, error.offset, error.code) == ("bad", 0, "FX304")


def test_ints_evaluate_as_decimals() -> None:
    result = value("7 / 2")
    assert result == Decimal("3.5")
    assert isinstance(parse_formula("1 + 1").evaluate(lookup), Decimal)


# -- property-based ------------------------------------------------------------------------


def _parse_and_evaluate(source: str, lookup_value: float) -> None:
    try:
        formula = parse_formula(source)
    except FormulaError as error:
        assert error.code == "FX304"
        assert 0 <= error.offset <= len(source)
        return
    for ref in formula.references:
        assert source.startswith(ref.record or ref.figure, ref.offset)
    try:
        result = formula.evaluate(lambda ref: Decimal(repr(lookup_value)))
    except FormulaError as error:
        assert error.code == "FX307"
        assert 0 <= error.offset <= len(source)
        return
    assert result.is_finite()


@settings(max_examples=500, deadline=None)
@given(st.text(max_size=60), st.floats(allow_nan=False, allow_infinity=False))
def test_random_text_raises_only_formula_error(source: str, lookup_value: float) -> None:
    _parse_and_evaluate(source, lookup_value)


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet="abR1.()+-*/%<>=!,~^&|@[]{}:'\" \n0123456789eji_", max_size=40))
def test_random_operator_soup_raises_only_formula_error(source: str) -> None:
    _parse_and_evaluate(source, 0.0)
    _parse_and_evaluate(source, 3.0)


_leaf_text = st.sampled_from(
    [
        "1",
        "0",
        "2.5",
        "1e308",
        "1e-308",
        "saves",
        "zero",
        "R1.x",
        "R1.x.y",
        "'s'",
        "True",
        "None",
        "1j",
        "...",
        "__import__",
        "os.system",
        "x[0]",
    ]
)
_ops = st.sampled_from(
    ["+", "-", "*", "/", "**", "//", "%", "@", "<<", "|", "^", "<", "==", "and", "or", "if"]
)
_funcs = st.sampled_from(["min", "max", "abs", "round", "foo", "eval", "__import__", "(min)"])


def _extend(children: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    binary = st.tuples(children, _ops, children).map(
        lambda t: f"({t[0]} {t[1]} {t[2]} else 0)" if t[1] == "if" else f"({t[0]} {t[1]} {t[2]})"
    )
    unary = st.tuples(st.sampled_from(["-", "+", "~", "not "]), children).map("".join)
    args = st.lists(children | children.map(lambda c: f"*{c}") | st.just("k=1"), max_size=3)
    call = st.tuples(_funcs, args).map(lambda t: f"{t[0]}({', '.join(t[1])})")
    other = children.map(lambda c: f"[{c}]") | children.map(lambda c: f"lambda: {c}")
    return binary | unary | call | other


@settings(max_examples=500, deadline=None)
@given(
    st.recursive(_leaf_text, _extend, max_leaves=12),
    st.floats(allow_nan=False, allow_infinity=False),
)
def test_random_expressions_raise_only_formula_error(source: str, lookup_value: float) -> None:
    _parse_and_evaluate(source, lookup_value)


# Allowed formulas generated with the value they must have, computed the same
# way (decimal, left to right, in a context of the same precision and range)
# but without the module: None means FX307.
_Case = tuple[str, Decimal | None]
_VAR = {
    "saves": Decimal(20),
    "zero": Decimal(0),
    "neg": Decimal("-2.5"),
    "R1.save_time_baseline": Decimal(178),
}
_CTX = Context(prec=40, Emax=348, Emin=-348, traps=[InvalidOperation, DivisionByZero, Overflow])


def _num_leaf() -> st.SearchStrategy[_Case]:
    ints = st.integers(0, 10**6).map(lambda n: (str(n), Decimal(n)))
    floats = st.floats(0, 1e300, allow_nan=False).map(lambda x: (repr(x), Decimal(repr(x))))
    names = st.sampled_from(sorted(_VAR)).map(lambda n: (n, _VAR[n]))
    return ints | floats | names


def _finite(compute: Callable[[], Decimal]) -> Decimal | None:
    try:
        x = compute()
    except ArithmeticError:
        return None
    return x if x.is_zero() or x.adjusted() <= 308 else None


def _binary(case: tuple[_Case, str, _Case]) -> _Case:
    (lt, lv), op, (rt, rv) = case
    text = f"({lt} {op} {rt})"
    if lv is None or rv is None:
        return text, None
    if op == "+":
        return text, _finite(lambda: _CTX.add(lv, rv))
    if op == "-":
        return text, _finite(lambda: _CTX.subtract(lv, rv))
    if op == "*":
        return text, _finite(lambda: _CTX.multiply(lv, rv))
    return text, None if rv == 0 else _finite(lambda: _CTX.divide(lv, rv))


def _call(case: tuple[str, list[_Case]]) -> _Case:
    name, args = case
    text = f"{name}({', '.join(t for t, _ in args)})"
    values = [v for _, v in args]
    if any(v is None for v in values):
        return text, None
    numbers = [v for v in values if v is not None]
    return text, (min(numbers) if name == "min" else max(numbers))


def _allowed_extend(children: st.SearchStrategy[_Case]) -> st.SearchStrategy[_Case]:
    binary = st.tuples(children, st.sampled_from("+-*/"), children).map(_binary)
    neg = children.map(lambda c: (f"-{c[0]}", None if c[1] is None else _CTX.minus(c[1])))
    absolute = children.map(lambda c: (f"abs({c[0]})", None if c[1] is None else abs(c[1])))
    call = st.tuples(
        st.sampled_from(["min", "max"]), st.lists(children, min_size=2, max_size=3)
    ).map(_call)
    return binary | neg | absolute | call


@settings(max_examples=500, deadline=None)
@given(st.recursive(_num_leaf(), _allowed_extend, max_leaves=10))
def test_allowed_expressions_evaluate_like_plain_arithmetic(case: _Case) -> None:
    source, expected = case
    formula = parse_formula(source)
    if expected is None:
        with pytest.raises(FormulaError) as caught:
            formula.evaluate(lookup)
        assert caught.value.code == "FX307"
    else:
        assert formula.evaluate(lookup) == expected
