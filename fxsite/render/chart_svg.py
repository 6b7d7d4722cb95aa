"""matplotlib's SVG of a chart made an inline, page-following, accessible drawing.

:func:`finish_svg` drops what does not belong inline (metadata, a global
``<style>``), makes black ink ``currentColor`` and text inherit the page font,
moves bar colours to presentation attributes (so ``fxsite-charts.css`` can set
the theme's), classes each bar's group (``fx-bar``, ``fx-bar--primary`` or
``fx-bar--muted``, ``fx-bar--modelled``), sets each caption's label lighter than
its value, adds tooltips, a title and a description, and prefixes every id.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from fxsite.evidence.refs import FigureRef
from fxsite.render.chart_spec import MODELLED, Bar, ChartSpec
from fxsite.render.chart_text import bar_tooltip, description

__all__ = ["INK", "finish_svg"]

#: The colour matplotlib draws text, spines and ticks in; rewritten to currentColor.
INK = "#000000"

_SVG_NS = "http://www.w3.org/2000/svg"
_XLINK_NS = "http://www.w3.org/1999/xlink"
_XLINK_HREF = f"{{{_XLINK_NS}}}href"
_URL_REF = re.compile(r"url\(#([^)]+)\)")


def _tooltip(bar: Bar, lang: str) -> str:
    """A bar's tooltip (:func:`~.chart_text.bar_tooltip`)."""
    ref = FigureRef.parse(bar.evidence)
    record = ref.record if ref is not None else bar.evidence
    return bar_tooltip(bar.label, bar.text, bar.evidence_label, record, lang)


def _prefix_ids(root: ET.Element, prefix: str) -> None:
    """Prefix every id and every internal reference to one with ``prefix``."""
    ids = {el.get("id") for el in root.iter() if el.get("id")}

    def ref(match: re.Match[str]) -> str:
        name = match.group(1)
        return f"url(#{prefix}{name})" if name in ids else match.group(0)

    for el in root.iter():
        if (own := el.get("id")) is not None:
            el.set("id", prefix + own)
        for key, value in list(el.attrib.items()):
            if "url(#" in value:
                el.set(key, _URL_REF.sub(ref, value))
        # Links from the spec live on <a>; only <use>-style references are internal.
        if el.tag != f"{{{_SVG_NS}}}a":
            for key in (_XLINK_HREF, "href"):
                target = el.get(key)
                if target and target.startswith("#") and target[1:] in ids:
                    el.set(key, f"#{prefix}{target[1:]}")


def _restyle(value: str) -> str:
    """Make black ink follow the page colour, and text inherit the page font."""
    value = value.replace(INK, "currentColor")
    return re.sub(r"\s*font-family:[^;]*;?", "", value).strip()


def _colour_attributes(el: ET.Element) -> None:
    """Move a drawn colour from ``style`` to presentation attributes, which CSS overrides."""
    kept = []
    for decl in (el.get("style") or "").split(";"):
        name, _, value = decl.partition(":")
        if name.strip() in ("fill", "stroke") and value.strip().startswith("#"):
            el.set(name.strip(), value.strip())
        elif decl.strip():
            kept.append(decl.strip())
    if kept:
        el.set("style", "; ".join(kept))
    else:
        el.attrib.pop("style", None)


def _quiet_label(text: ET.Element | None) -> None:
    """Set a caption's label in a lighter tone than its value: ``178 s`` then `` · measured``."""
    if text is None or not text.text or " · " not in text.text:
        return
    value, _, label = text.text.rpartition(" · ")
    text.text = value
    quiet = ET.SubElement(text, f"{{{_SVG_NS}}}tspan", {"class": "fx-bar-label"})
    quiet.set("fill-opacity", "0.72")
    quiet.set("font-weight", "400")
    quiet.text = f" · {label}"


def _bar_class(spec: ChartSpec, bar: Bar) -> str:
    muted = spec.highlight is not None and bar.label != spec.highlight
    modelled = " fx-bar--modelled" if bar.evidence_label in MODELLED else ""
    return f"fx-bar fx-bar--{'muted' if muted else 'primary'}{modelled}"


def finish_svg(
    svg: bytes, spec: ChartSpec, bars: list[tuple[int, int, Bar]], narrow: bool = False
) -> str:
    ET.register_namespace("", _SVG_NS)
    # ElementTree (expat) drops the XML declaration, DOCTYPE and comments, and never
    # fetches external entities; matplotlib's own output is the only input here.
    root = ET.fromstring(svg)  # noqa: S314
    svg_tag = f"{{{_SVG_NS}}}"

    # RDF metadata is noise inline, and the global <style> rule (`*{...}`) would
    # leak onto the whole HTML page: move its settings onto the root instead.
    for parent in list(root.iter()):
        for child in list(parent):
            if child.tag in (svg_tag + "metadata", svg_tag + "style"):
                parent.remove(child)
    for parent in list(root.iter()):
        for child in list(parent):
            if child.tag == svg_tag + "defs" and len(child) == 0:
                parent.remove(child)
    root.set("stroke-linejoin", "round")
    root.set("stroke-linecap", "butt")

    for el in root.iter():
        if (style := el.get("style")) is not None:
            el.set("style", _restyle(style))
        # Bar links stay on the page: matplotlib adds target="_blank".
        if el.tag == svg_tag + "a":
            el.attrib.pop("target", None)
        # SVG 2 `href` works in every current browser and needs no xlink namespace.
        if (link := el.attrib.pop(_XLINK_HREF, None)) is not None:
            el.set("href", link)

    by_gid = {el.get("id"): el for el in root.iter()}
    for gi, bi, bar in bars:
        for kind in ("bar", "range"):
            drawn = by_gid.get(f"{kind}-{gi}-{bi}")
            if drawn is not None:
                drawn.set("class", _bar_class(spec, bar))
                for path in drawn.iter(svg_tag + "path"):
                    _colour_attributes(path)
        note = by_gid.get(f"value-{gi}-{bi}")
        if note is not None:
            _quiet_label(note.find(svg_tag + "text"))
        group = by_gid.get(f"bar-{gi}-{bi}")
        if group is None:  # pragma: no cover - matplotlib always emits the gid
            continue
        host = group.find(svg_tag + "a")
        tip = ET.Element(svg_tag + "title")
        tip.text = _tooltip(bar, spec.lang)
        (host if host is not None else group).insert(0, tip)

    # The narrow drawing's ids get their own prefix: both drawings share a page.
    prefix = f"{spec.chart_id}-n-" if narrow else f"{spec.chart_id}-"
    _prefix_ids(root, prefix)

    title = ET.Element(svg_tag + "title", {"id": f"{prefix}title"})
    title.text = spec.title
    desc = ET.Element(svg_tag + "desc", {"id": f"{prefix}desc"})
    desc.text = description(
        ((bar.label, bar.text, bar.evidence, bar.evidence_label) for _, _, bar in bars), spec.lang
    )
    root.insert(0, desc)
    root.insert(0, title)
    root.set("class", f"fx-chart-svg fx-chart-svg--{'narrow' if narrow else 'wide'}")
    # "group", not "img": the bars are links and must stay reachable.
    root.set("role", "group")
    root.set("aria-labelledby", f"{prefix}title {prefix}desc")
    # Unstyled text (matplotlib omits fill for black) and the font follow the page.
    root.set("fill", "currentColor")
    # The site search indexes the chart by its title and source line, not its drawing.
    root.set("data-search-exclude", "")
    root.attrib.pop("version", None)
    return ET.tostring(root, encoding="unicode")
