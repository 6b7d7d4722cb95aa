"""``fxsite audit``: re-verify a built site from what it publishes, alone.

An auditor has the published folder and nothing else. From ``evidence.json``
the audit re-derives every computed figure with the same safe evaluator, and
then reads every HTML page: each rendered claim must name a published figure,
carry its value, unit and label, and state it in its visible text exactly as
``fxsite check`` would demand; content pages must hold no bare figure.
"""

from __future__ import annotations

import json
from decimal import Decimal
from functools import partial
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator
from referencing import Registry, Resource

from fxsite.evidence.formula import FormulaError, Reference, parse_formula
from fxsite.evidence.models import weakest_label
from fxsite.evidence.quantities import check_stated, format_number
from fxsite.evidence.schema import SCHEMA_ID, record_schema
from fxsite.findings import ConfigError, Finding, sort_findings
from fxsite.pages.figures import find_bare_figures
from fxsite.render.exports import EVIDENCE_JSON_SCHEMA

__all__ = ["audit_site"]

#: Elements whose text a reader does not see as prose.
_NOT_PROSE = {"code", "pre", "script", "style", "svg", "kbd", "samp", "template"}


class _PageReader(HTMLParser):
    """Collects claims and the prose of the article, with source positions."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.claims: list[tuple[dict[str, str], str, tuple[int, int]]] = []
        self.prose: list[tuple[str, tuple[int, int]]] = []
        self._stack: list[str] = []
        self._article = 0
        self._skip = 0
        self._claim: tuple[dict[str, str], list[str], tuple[int, int]] | None = None
        self._claim_depth = 0
        self._hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {k: v or "" for k, v in attrs}
        classes = set(values.get("class", "").split())
        if tag in {"br", "img", "input", "meta", "link", "hr", "wbr", "source"}:
            return
        self._stack.append(tag)
        if tag == "article":
            self._article += 1
        if tag in _NOT_PROSE or classes & {"fx-chart-data", "headerlink"} or "hidden" in values:
            self._skip += 1
            self._stack[-1] = f"skip:{tag}"
        if self._claim is not None:
            self._claim_depth += 1
            if classes & {"fx-badge", "fx-sr"}:
                self._hidden += 1
                self._stack[-1] = f"hidden:{tag}"
        elif tag == "a" and "data-fx-ref" in values:
            self._claim = (values, [], self.getpos())
            self._claim_depth = 0

    def handle_endtag(self, tag: str) -> None:
        if (
            tag not in self._stack
            and f"skip:{tag}" not in self._stack
            and f"hidden:{tag}" not in self._stack
        ):
            return
        while self._stack:
            top = self._stack.pop()
            if top.startswith("skip:"):
                self._skip -= 1
            if top.startswith("hidden:"):
                self._hidden -= 1
            if top.split(":")[-1] == "article":
                self._article -= 1
            if self._claim is not None:
                if self._claim_depth == 0 and top == "a":
                    attrs, text, pos = self._claim
                    self.claims.append((attrs, "".join(text), pos))
                    self._claim = None
                else:
                    self._claim_depth -= 1
            if top.split(":")[-1] == tag:
                break

    def handle_data(self, data: str) -> None:
        if self._claim is not None:
            if not self._hidden:
                self._claim[1].append(data)
            return
        if self._article and not self._skip and data.strip():
            self.prose.append((data, self.getpos()))


def _load(site_dir: Path) -> dict[str, Any]:
    path = site_dir / "evidence.json"
    if not path.is_file():
        raise ConfigError(f"{site_dir}: no evidence.json; is this a site built by fxsite?")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ConfigError(f"{path}: not valid JSON: {exc}") from None
    if not isinstance(data, dict):
        raise ConfigError(f"{path}: not an fxsite evidence file")
    return data


def _schema_findings(data: dict[str, Any]) -> list[Finding]:
    registry: Registry[Any] = Registry().with_resource(
        SCHEMA_ID, Resource.from_contents(record_schema())
    )
    validator = Draft202012Validator(EVIDENCE_JSON_SCHEMA, registry=registry)
    return [
        Finding(
            "evidence.json",
            1,
            1,
            "FX205",
            f"{'/'.join(map(str, e.absolute_path)) or '(root)'}: {e.message}",
        )
        for e in validator.iter_errors(data)
    ]


def _published_value(figures: dict[str, dict[str, Any]], own: str, ref: Reference) -> float:
    return float(figures[f"{ref.record or own}#{ref.figure}"]["value"])


def _figure_findings(figures: dict[str, dict[str, Any]], records: dict[str, Any]) -> list[Finding]:
    """Re-derive every computed figure; re-read every stated one from its record."""
    out = []

    def bad(ref: str, code: str, message: str) -> None:
        out.append(Finding("evidence.json", 1, 1, code, f"{ref}: {message}"))

    for ref, fig in figures.items():
        record = records.get(fig["record"], {})
        if "formula" not in fig:
            stated = record.get("figures", {}).get(fig["name"])
            if stated is None:
                bad(ref, "FX402", "published figure is not in its record")
                continue
            for key in ("value", "min", "max"):
                if key in fig and Decimal(fig[key]) != Decimal(repr(float(stated.get(key, "nan")))):
                    bad(
                        ref,
                        "FX403",
                        f"published {key} {fig[key]} differs from the record's {stated.get(key)}",
                    )
            if fig["label"] != stated.get("label", record.get("label")):
                bad(ref, "FX403", f"published label {fig['label']} differs from the record's")
            continue
        try:
            formula = parse_formula(fig["formula"])
            inputs = [
                figures[f"{r.record or fig['record']}#{r.figure}"] for r in formula.references
            ]
            value = formula.evaluate(partial(_published_value, figures, fig["record"]))
        except (FormulaError, KeyError) as exc:
            bad(ref, "FX307", f"cannot re-derive: {exc}")
            continue
        decimals = fig["decimals"]
        if format_number(Decimal(repr(value)), decimals) != format_number(
            Decimal(fig["value"]), decimals
        ):
            bad(ref, "FX308", f"published {fig['value']} but the formula gives {value!r}")
        if inputs and fig["label"] != weakest_label([i["label"] for i in inputs]):
            bad(ref, "FX403", f"label {fig['label']} is not the weakest of its inputs")
    return out


_CLAIM_ATTRS = (
    ("data-fx-value", "value"),
    ("data-fx-min", "min"),
    ("data-fx-max", "max"),
    ("data-fx-unit", "unit"),
    ("data-fx-label", "label"),
)


def _published_value_shape(fig: dict[str, Any]) -> tuple[Decimal, Decimal | None, str | None]:
    """(low, high, bound) of a published figure: a value, a range or one side."""
    if "value" in fig:
        return Decimal(fig["value"]), None, None
    if "min" in fig and "max" in fig:
        return Decimal(fig["min"]), Decimal(fig["max"]), None
    bound = "max" if "max" in fig else "min"
    return Decimal(fig.get(bound, "0")), None, bound


def _claim_findings(
    rel: str, reader: _PageReader, figures: dict[str, dict[str, Any]]
) -> list[Finding]:
    """Each rendered claim against the figure evidence.json publishes."""
    out = []
    for attrs, text, (line, col) in reader.claims:
        ref = attrs.get("data-fx-ref", "")
        at = partial(Finding, rel, line, col + 1)  # HTMLParser columns are 0-based
        if attrs.get("data-fx-label") == "setup":
            continue
        fig = figures.get(ref)
        if fig is None:
            out.append(at("FX402", f"claim to {ref}, which evidence.json does not publish"))
            continue
        for attr, key in _CLAIM_ATTRS:
            shown = attrs.get(attr)
            if shown is not None and shown != str(fig.get(key)):
                out.append(at("FX403", f"{ref}: {attr}={shown} but published {fig.get(key)}"))
        low, high, bound = _published_value_shape(fig)
        _, verdict = check_stated(text, low, high, fig["unit"], fig["decimals"], bound)
        if verdict in {"unstated", "unit"}:
            message = f"{ref}: shown text '{text}' does not state {fig['display']}"
            out.append(at("FX405", message, text=text))
        elif verdict is not None:
            message = f"{ref}: shown text '{text}' misstates {fig['display']}"
            out.append(at("FX403", message, text=text))
    return out


def audit_site(site_dir: Path) -> list[Finding]:
    """Every discrepancy between a built site and its published evidence."""
    data = _load(site_dir)
    findings = _schema_findings(data)
    if findings:
        return sort_findings(findings)
    records = {r["id"]: r for r in data["records"]}
    figures = {f["ref"]: f for f in data["figures"]}
    findings.extend(_figure_findings(figures, records))
    content_pages = {p["url"] for p in data["pages"]}
    cited: dict[str, set[str]] = {}
    for c in data["citations"]:
        cited.setdefault(c.get("url", ""), set()).add(c["ref"])
    for page in sorted(site_dir.rglob("*.html")):
        rel = page.relative_to(site_dir).as_posix()
        reader = _PageReader()
        reader.feed(page.read_text(encoding="utf-8", errors="replace"))
        reader.close()
        findings.extend(_claim_findings(rel, reader, figures))
        url = rel.removesuffix("index.html")
        if url in content_pages:
            for text, (line, col) in reader.prose:
                for span in find_bare_figures(text):
                    findings.append(
                        Finding(
                            rel,
                            line,
                            col + 1 + span.start,
                            "FX501",
                            f"bare figure '{span.text}' in published text",
                            text=span.text,
                        )
                    )
            shown = {a.get("data-fx-ref", "") for a, _, _ in reader.claims} - {""}
            for ref in sorted(cited.get(url, set()) - shown):
                findings.append(
                    Finding(
                        rel,
                        1,
                        1,
                        "FX402",
                        f"evidence.json lists a citation of {ref} not on the page",
                    )
                )
    return sort_findings(findings)
