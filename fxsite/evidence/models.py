"""The evidence record, as pydantic models.

These models are the single source of truth for the record format: the JSON
Schema in ``schemas/evidence.schema.json`` is generated from them (see
:mod:`fxsite.evidence.schema`). Types are strict (a quoted ``"178"`` is not a number)
and unknown fields are refused, because a typo in a record must never pass as
an absent value.
"""

from __future__ import annotations

import datetime
import posixpath
from typing import Annotated, Any, Literal, TypeVar

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    StringConstraints,
    model_validator,
)
from pydantic_core import PydanticCustomError

from fxsite.evidence.invariants import Invariant
from fxsite.evidence.units import UNITS, canonical_unit, unit_hint

__all__ = [
    "FIGURE_NAME_PATTERN",
    "LABELS",
    "LABEL_STRENGTH",
    "RECORD_ID_PATTERN",
    "Derived",
    "Figure",
    "Label",
    "Record",
    "Source",
    "Status",
    "Translation",
    "shared_fields_sets",
    "weakest_label",
]

Label = Literal["measured", "spec", "public", "estimate"]
Status = Literal["active", "superseded", "retracted"]

#: Strongest first: a derived figure takes the weakest label of its inputs.
LABELS: tuple[Label, ...] = ("measured", "spec", "public", "estimate")
LABEL_STRENGTH: dict[str, int] = {label: -i for i, label in enumerate(LABELS)}

#: Record IDs are identifiers so that formulas can say ``R1.save_time``.
RECORD_ID_PATTERN = r"^[A-Za-z][A-Za-z0-9_]{0,31}$"
FIGURE_NAME_PATTERN = r"^[a-z][a-z0-9_]{0,63}$"

RecordId = Annotated[str, StringConstraints(pattern=RECORD_ID_PATTERN)]
FigureName = Annotated[str, StringConstraints(pattern=FIGURE_NAME_PATTERN)]
Text = Annotated[str, StringConstraints(min_length=1, max_length=2000)]
SetupKey = Annotated[str, StringConstraints(pattern=r"^[A-Za-z][A-Za-z0-9_ -]{0,63}$")]

# Every spelling the vocabulary accepts, for the JSON Schema's enum: editors
# then offer completion and flag a typo before fxsite ever runs.
_UNIT_SPELLINGS = sorted({name for unit in UNITS.values() for name in (unit.symbol, *unit.aliases)})


#: One set for each distinct set of given fields (see :func:`shared_fields_sets`); bounded.
_FIELDS_SETS: dict[frozenset[str], set[str]] = {}
_FIELDS_SETS_AT_MOST = 1 << 12
_M = TypeVar("_M", bound=BaseModel)


def shared_fields_sets(model: _M) -> _M:
    """``model``, each model in it holding a set of given fields shared with equal ones.

    pydantic gives every instance its own set of the fields it was given
    (``model_fields_set``), about a third of a validated record's memory. A
    frozen model never changes its set, and a copy of one gets its own.
    """
    fields = model.__pydantic_fields_set__
    shared = _FIELDS_SETS.get(frozenset(fields))
    if shared is None and len(_FIELDS_SETS) < _FIELDS_SETS_AT_MOST:
        shared = _FIELDS_SETS.setdefault(frozenset(fields), fields)
    if shared is not None:
        object.__setattr__(model, "__pydantic_fields_set__", shared)
    for value in model.__dict__.values():
        _share_in(value)
    return model


def _share_in(value: Any) -> None:
    if isinstance(value, BaseModel):
        shared_fields_sets(value)
    elif isinstance(value, dict):
        for item in value.values():
            _share_in(item)
    elif isinstance(value, list | tuple):
        for item in value:
            _share_in(item)


def weakest_label(labels: list[str]) -> Label:
    """The weakest of some labels (measured > spec > public > estimate)."""
    weakest = min(labels, key=LABEL_STRENGTH.__getitem__)
    return next(label for label in LABELS if label == weakest)


def _canonical(value: str) -> str:
    symbol = canonical_unit(value, exact=True)
    if symbol is None:
        raise PydanticCustomError(
            "unknown_unit",
            "unknown unit '{unit}'{hint}",
            {"unit": value, "hint": unit_hint(value)},
        )
    return symbol


Unit = Annotated[
    str,
    AfterValidator(_canonical),
    Field(json_schema_extra={"enum": _UNIT_SPELLINGS}),
]


def _document_path(value: str) -> str:
    # A document path is relative to evidence/ and may not climb out of it:
    # the published site must never link to, or hash, files outside it.
    normal = posixpath.normpath(value)
    if value.startswith(("/", "\\")) or ":" in value or "\\" in value:
        raise PydanticCustomError(
            "document_path", "document must be a relative path inside evidence/"
        )
    if normal == ".." or normal.startswith("../") or normal == ".":
        raise PydanticCustomError("document_path", "document must stay inside evidence/")
    return normal


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True, allow_inf_nan=False)


class Source(_Strict):
    """Who stands behind a report, and where its document is."""

    issuer: Text | None = Field(default=None, description="Who stands behind the report.")
    document: Annotated[str, AfterValidator(_document_path)] | None = Field(
        default=None, description="The report document, a path inside evidence/."
    )
    sha256: Annotated[str, StringConstraints(pattern=r"^[0-9a-f]{64}$")] | None = Field(
        default=None, description="SHA-256 of the report document, 64 lowercase hex digits."
    )
    url: (
        Annotated[str, StringConstraints(pattern=r"^https?://[^\s<>\"']+$", max_length=2000)] | None
    ) = Field(default=None, description="A public copy of the report (http or https only).")
    publish_document: bool | None = Field(
        default=None,
        description="Publish the document with the site at documents/<document> (default: no).",
    )


class Figure(_Strict):
    """A stated figure: one value, a range with ``min`` < ``max``, or one side.

    ``{max: 40, unit: s}`` alone is a one-sided figure ("under 40 s"): the
    source states a bound, not a value. ``{min: 100, ...}`` alone is "at
    least 100".
    """

    value: float | None = Field(default=None, description="The value, as the source states it.")
    min: float | None = Field(
        default=None, description="Low end of a range; alone, a lower bound (at least)."
    )
    max: float | None = Field(
        default=None, description="High end of a range; alone, an upper bound (under)."
    )
    unit: Unit = Field(description="A unit from the vocabulary (aliases allowed, e.g. x for ×).")
    what: Text | None = Field(default=None, description="What the figure measures.")
    label: Label | None = Field(default=None, description="Overrides the record's label.")
    vs_baseline: bool | None = Field(
        default=None,
        description=(
            "true: the figure is taken against setup.baseline, which is shown with it; "
            "false: it is not; default: read from its unit and words."
        ),
    )

    @model_validator(mode="after")
    def _one_value_or_a_range(self) -> Figure:
        has_range = self.min is not None or self.max is not None
        if self.value is not None and has_range:
            raise PydanticCustomError("figure_shape", "give either value or min/max, not both")
        if self.value is None and not has_range:
            raise PydanticCustomError(
                "figure_shape", "a figure needs value, min and max, or one of min and max"
            )
        if self.min is not None and self.max is not None and not self.min < self.max:
            raise PydanticCustomError("figure_shape", "a range needs min < max")
        return self


class Derived(_Strict):
    """A figure the build computes from other figures."""

    formula: Annotated[str, StringConstraints(min_length=1, max_length=500)] = Field(
        description="Arithmetic over figure names and R1.name references; min/max/abs/round."
    )
    unit: Unit = Field(description="Unit of the result.")
    decimals: Annotated[int, Field(ge=0, le=6)] = Field(
        description="Decimals the value is shown with; claims state it at this precision."
    )
    stated: float | None = Field(
        default=None, description="The value the source states; must match at `decimals`."
    )
    what: Text | None = Field(default=None, description="What the figure means.")
    vs_baseline: bool | None = Field(
        default=None,
        description=(
            "true: the figure is taken against setup.baseline, which is shown with it; "
            "false: it is not; default: read from its unit and words."
        ),
    )


#: The languages a record's words may be translated into (the site's other
#: languages; English is the record's own).
TranslationLanguage = Literal["zh"]
Title = Annotated[str, StringConstraints(min_length=1, max_length=300)]


class Translation(_Strict):
    """A record's shown words in another language; what it leaves out stays as written."""

    title: Title | None = Field(default=None, description="The title, translated.")
    setup: dict[SetupKey, Text] = Field(
        default_factory=dict, description="Setup values, translated, by their key in `setup`."
    )
    what: dict[FigureName, Text] = Field(
        default_factory=dict,
        description="What each figure measures, translated, by its name in `figures` or `derived`.",
    )


class Record(_Strict):
    """One evidence record: one report, its conditions and its figures."""

    model_config = ConfigDict(
        title="fxsite evidence record",
        json_schema_extra={"description": "One evidence record, evidence/<id>.yaml"},
    )

    id: RecordId = Field(description="Report ID, unique case-insensitively; the file name.")
    title: Title = Field(description="What the report is.")
    label: Label = Field(description="Default label for its figures.")
    status: Status = Field(description="active, superseded (needs superseded_by) or retracted.")
    superseded_by: RecordId | None = Field(default=None, description="The record replacing it.")
    date: datetime.date | None = Field(
        default=None, strict=False, description="Only where the source states one (YYYY-MM-DD)."
    )
    source: Source | None = Field(default=None, description="Who issued it and its document.")
    setup: dict[SetupKey, Text] = Field(
        default_factory=dict, description="The test conditions; `baseline` is shown prominently."
    )
    figures: Annotated[dict[FigureName, Figure], Field(min_length=1)] = Field(
        description="The figures the source states."
    )
    derived: dict[FigureName, Derived] = Field(
        default_factory=dict, description="Figures computed from others."
    )
    invariants: list[Invariant] = Field(
        default_factory=list,
        description="How the figures relate: each expression must equal its figure, within a tolerance.",
    )
    notes: Annotated[str, StringConstraints(max_length=20000)] | None = Field(
        default=None,
        description="Notes for readers, published on the record page; "
        "a blank line starts a new paragraph.",
    )
    internal_notes: Annotated[str, StringConstraints(max_length=20000)] | None = Field(
        default=None,
        description="Notes for editors only: never published in any output file.",
    )
    translations: dict[TranslationLanguage, Translation] = Field(
        default_factory=dict,
        description="The title, setup values and `what` of figures in another language "
        "(`zh`), shown on pages in that language; judged like the record's own words.",
    )

    @model_validator(mode="after")
    def _consistent(self) -> Record:
        if self.status == "superseded" and self.superseded_by is None:
            raise PydanticCustomError(
                "superseded", "a superseded record needs superseded_by", {"field": "status"}
            )
        if self.status != "superseded" and self.superseded_by is not None:
            raise PydanticCustomError(
                "superseded",
                "superseded_by is only for superseded records",
                {"field": "superseded_by"},
            )
        if self.superseded_by is not None and self.superseded_by.lower() == self.id.lower():
            raise PydanticCustomError(
                "superseded", "a record cannot supersede itself", {"field": "superseded_by"}
            )
        for lang, translation in self.translations.items():
            _translation_names(lang, translation, self)
        for name, figure in self.figures.items():
            if figure.label and LABEL_STRENGTH[figure.label] > LABEL_STRENGTH[self.label]:
                raise PydanticCustomError(
                    "figure_label",
                    "'{name}' is labelled {label} in a record labelled {record}: a figure may "
                    "weaken its record's label, never strengthen it (a {label} figure is cited "
                    "from the record of its {label} source)",
                    {
                        "name": name,
                        "label": figure.label,
                        "record": self.label,
                        "field": ("figures", name, "label"),
                    },
                )
        both = sorted(set(self.figures) & set(self.derived))
        if both:
            raise PydanticCustomError(
                "figure_names",
                "names in both figures and derived: {names}",
                {"names": ", ".join(both)},
            )
        return self

    def _translation(self, lang: str) -> Translation | None:
        return next((t for key, t in self.translations.items() if key == lang), None)

    def title_in(self, lang: str) -> str:
        """The title in ``lang``: its translation where the record has one."""
        translation = self._translation(lang)
        return translation.title if translation and translation.title else self.title

    def setup_in(self, lang: str, key: str) -> str | None:
        """Setup value ``key`` in ``lang`` (its translation where the record has one)."""
        translation = self._translation(lang)
        if translation is not None and key in translation.setup:
            return translation.setup[key]
        return self.setup.get(key)

    def baseline_in(self, lang: str) -> str | None:
        """The setup's ``baseline`` in ``lang``; None where the record says it is not stated."""
        value = self.setup_in(lang, "baseline")
        if not value or value.strip().lower().startswith("not stated"):
            return None
        return value

    def what_in(self, lang: str, name: str) -> str | None:
        """What figure ``name`` measures, in ``lang`` (its translation where the record has one)."""
        translation = self._translation(lang)
        if translation is not None and name in translation.what:
            return translation.what[name]
        figure = self.figures.get(name) or self.derived.get(name)
        return figure.what if figure is not None else None


def _translation_names(lang: str, translation: Translation, record: Record) -> None:
    """A translation names only setup keys and figures the record has."""
    for key in translation.setup:
        if key not in record.setup:
            raise PydanticCustomError(
                "translation",
                "'{key}' in {lang}.setup is not a setup key of this record",
                {"lang": lang, "key": key, "field": "translations"},
            )
    for name in translation.what:
        if name not in record.figures and name not in record.derived:
            raise PydanticCustomError(
                "translation",
                "'{name}' in {lang}.what is not a figure of this record",
                {"lang": lang, "name": name, "field": "translations"},
            )
