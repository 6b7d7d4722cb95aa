"""The home page's hero, configured under ``extra`` in ``mkdocs.yml``.

    extra:
      fxsite_hero:
        image: assets/fx100.svg            # optional: an image file in docs/
        image_alt: The FX100 array         # required with image
        cta: {text: Plan a joint test, href: joint-testing.md}
        contact: {text: Contact us, href: "mailto:sales@example.com"}

Every key is optional. ``href`` is a page of the site (``joint-testing.md``,
with an optional ``#anchor``) or an ``https:``, ``http:``, ``mailto:`` or
``tel:`` address. The text is a string the theme shows, so it is judged for
bare figures with every other string under ``extra``
(:mod:`fxsite.pages.config_text`). A page shows the hero when its front matter
says ``template: fxsite-home.html`` (:mod:`fxsite.render.hero`).

The file is composed (PyYAML's ``compose``), as :mod:`fxsite.pages.config_text`
reads it: positions are kept and no tag is resolved.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

import yaml

from fxsite.findings import Finding, did_you_mean
from fxsite.pages.config_drawn import setting
from fxsite.pages.config_text import compose_config

__all__ = ["HERO_KEY", "Hero", "Link", "read_hero"]

HERO_KEY = "fxsite_hero"
CODE = "FX607"
_KEYS = ("image", "image_alt", "cta", "contact")
_LINK_KEYS = ("text", "href")
IMAGE_SUFFIXES = (".svg", ".png", ".jpg", ".jpeg", ".webp", ".avif", ".gif")
_ADDRESS = re.compile(r"(?:https?://[^\s\"'<>]+|mailto:[^\s\"'<>@]+@[^\s\"'<>]+|tel:\+?[0-9 ()-]+)")
_PAGE = re.compile(r"(?P<page>[^#\s:?]+\.md)(?P<anchor>#[A-Za-z0-9_-]*)?")
_MAX_TEXT = 60
_HREF_SHAPE = (
    "a page of the site (joint-testing.md, joint-testing.md#contact) "
    "or an https:, mailto: or tel: address"
)


@dataclass(frozen=True)
class Link:
    """A button: its words and where it goes (a docs page, or an address as written)."""

    text: str
    href: str
    #: True when ``href`` is a docs page (resolved to its URL per page), else an address
    page: bool


@dataclass(frozen=True)
class Hero:
    image: str | None = None
    image_alt: str = ""
    cta: Link | None = None
    contact: Link | None = None


class _Reader:
    def __init__(self, path: str, docs_dir: Path) -> None:
        self.path, self.docs_dir = path, docs_dir
        self.findings: list[Finding] = []

    def bad(self, node: yaml.Node, message: str) -> None:
        mark = node.start_mark
        # Inside its quotes, as fxsite.pages.config_text places a string.
        col = mark.column + 1 + bool(isinstance(node, yaml.ScalarNode) and node.style)
        self.findings.append(Finding(self.path, mark.line + 1, col, CODE, f"{HERO_KEY}: {message}"))

    def mapping(
        self, node: yaml.Node, keys: tuple[str, ...], what: str
    ) -> dict[str, yaml.Node] | None:
        """The mapping's values by key; unknown keys and non-mappings are findings."""
        if not isinstance(node, yaml.MappingNode):
            self.bad(node, f"{what} is a mapping of {', '.join(keys)}")
            return None
        out: dict[str, yaml.Node] = {}
        for key, value in node.value:
            name = key.value if isinstance(key, yaml.ScalarNode) else None
            if name not in keys:
                hint = did_you_mean(str(name), keys)
                self.bad(key, f"unknown key '{name}'{hint} in {what}; it takes {', '.join(keys)}")
                continue
            out[str(name)] = value
        return out

    def text(self, node: yaml.Node, what: str) -> str | None:
        """A plain one-line string, or a finding."""
        if (
            not isinstance(node, yaml.ScalarNode)
            or node.tag != "tag:yaml.org,2002:str"
            or not str(node.value).strip()
        ):
            self.bad(node, f"{what} is a line of text")
            return None
        value = " ".join(str(node.value).split())
        if len(value) > _MAX_TEXT:
            self.bad(
                node, f"{what} is longer than {_MAX_TEXT} characters: a button says a few words"
            )
            return None
        return value

    def page(self, node: yaml.Node, target: str, what: str) -> bool:
        """Whether ``target`` is a file of docs/ (a finding when it is not)."""
        parts = PurePosixPath(target).parts
        inside = not target.startswith("/") and ".." not in parts and "\\" not in target
        if inside and (self.docs_dir / target).is_file():
            return True
        self.bad(node, f"{what} '{target}' is not a file in {self.docs_dir.name}/")
        return False

    def image(self, node: yaml.Node) -> str | None:
        value = self.text(node, "image")
        if value is None:
            return None
        if not value.lower().endswith(IMAGE_SUFFIXES):
            self.bad(node, f"image '{value}' is not an image file ({', '.join(IMAGE_SUFFIXES)})")
            return None
        return value if self.page(node, value, "image") else None

    def link(self, node: yaml.Node, what: str) -> Link | None:
        fields = self.mapping(node, _LINK_KEYS, what)
        if fields is None:
            return None
        for key in _LINK_KEYS:
            if key not in fields:
                self.bad(
                    node, f"{what} needs {key}: {{text: Plan a joint test, href: joint-testing.md}}"
                )
                return None
        text = self.text(fields["text"], f"{what}.text")
        href = self.text(fields["href"], f"{what}.href")
        if text is None or href is None:
            return None
        if _ADDRESS.fullmatch(href):
            return Link(text, href, page=False)
        match = _PAGE.fullmatch(href)
        if match is None:
            self.bad(fields["href"], f"{what}.href '{href}' is {_HREF_SHAPE}")
            return None
        if not self.page(fields["href"], match["page"], f"{what}.href"):
            return None
        return Link(text, href, page=True)

    def hero(self, node: yaml.Node) -> Hero | None:
        fields = self.mapping(node, _KEYS, HERO_KEY)
        if fields is None:
            return None
        image = self.image(fields["image"]) if "image" in fields else None
        alt = self.text(fields["image_alt"], "image_alt") if "image_alt" in fields else None
        if "image" in fields and "image_alt" not in fields:
            self.bad(fields["image"], "image needs image_alt: what the image shows, in words")
        if "image_alt" in fields and "image" not in fields:
            self.bad(fields["image_alt"], "image_alt without an image")
        cta = self.link(fields["cta"], "cta") if "cta" in fields else None
        contact = self.link(fields["contact"], "contact") if "contact" in fields else None
        return Hero(image, alt or "", cta, contact)


def _hero_node(text: str) -> yaml.Node | None:
    """The node of ``extra.fxsite_hero``, or None (no such key, or no config to read:
    MkDocs refuses a configuration it cannot read, first)."""
    return setting(setting(compose_config(text), "extra"), HERO_KEY)


def read_hero(text: str, path: str, docs_dir: Path) -> tuple[Hero | None, list[Finding]]:
    """The hero of the config ``text`` (named ``path``), and each problem at its line.

    None when the config has no ``extra.fxsite_hero``; a hero with a field left
    out where that field has a finding.
    """
    node = _hero_node(text)
    if node is None:
        return None, []
    reader = _Reader(path, docs_dir)
    hero = reader.hero(node)
    return hero, sorted(reader.findings, key=lambda f: (f.line, f.col))
