"""What the theme draws from the configuration's settings beyond their own strings,
judged where the settings are written.

* MkDocs names the repository from ``repo_url``'s host where ``repo_name`` is not
  given (``https://saves-2x.example.com/…``: "Saves-2X"), and the themes show that name
  in their header. The name as MkDocs made it (the adapter gives it:
  ``ProjectPaths.repo_name``) is judged at ``repo_url``, at the host.
* Material titles a social link that has no ``name`` by its host (``extra.social[].link``):
  that tooltip ("saves-2x.example.com") is judged at the link, at the host.
* Material draws ``theme.icon.logo`` (or the image ``theme.logo`` gives, an SVG file read
  as the text it draws: :func:`fxsite.verify.images.image_text`), and on a narrow screen
  ``theme.icon.menu`` in its place, before the site's name (in a page's language too:
  ``extra.fxsite_translations``). Icons it draws side by side are read
  together, in drawing order: the footer's ``extra.social`` icons, and the header's (a
  palette toggle's, ``theme.icon.alternate``, ``theme.icon.search``, ``theme.icon.repo``
  before the repository's name). An icon that draws a digit or a sign
  (:func:`fxsite.verify.icon_digits.named_icon`) is read with what is drawn after it
  ("9 s per save", "9 S"), at the icon's setting; only a figure the icon's characters
  start is its own (the name's alone is judged as the name).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

import yaml

from fxsite.findings import Finding
from fxsite.pages.judge import judge_plain
from fxsite.pages.locate import SourceLocator
from fxsite.verify.icon_digits import named_icon

__all__ = [
    "Drawn",
    "drawn_findings",
    "drawn_strings",
    "setting",
    "string_node",
    "theme_name",
]


@dataclass(frozen=True)
class Drawn:
    """A string the theme draws from the setting ``node``, where findings are placed."""

    node: yaml.ScalarNode
    #: what the theme draws
    text: str
    #: where ``node``'s value writes ``text[0]``, character for character; None: not so
    at: int | None
    #: what a message calls it
    where: str
    #: characters an icon draws before the text: only a figure starting in them is judged
    icon: int = 0


def setting(node: yaml.Node | None, name: str) -> yaml.Node | None:
    """The value of key ``name`` in a mapping node, or None."""
    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            if isinstance(key, yaml.ScalarNode) and key.value == name:
                return value if isinstance(value, yaml.Node) else None
    return None


def string_node(node: yaml.Node | None) -> yaml.ScalarNode | None:
    """``node`` when it is a string YAML writes as one (not null, not another tag's)."""
    if isinstance(node, yaml.ScalarNode) and node.tag.endswith(":str") and node.value:
        return node
    return None


def theme_name(root: yaml.Node) -> str | None:
    """The configuration's theme's name (``theme: material`` or ``theme: {name: …}``)."""
    theme = setting(root, "theme")
    node = theme if isinstance(theme, yaml.ScalarNode) else setting(theme, "name")
    return str(node.value) if isinstance(node, yaml.ScalarNode) else None


def _at(value: str, text: str, start: int) -> int | None:
    """Where ``value`` writes ``text`` (case aside) from ``start``, character for character."""
    written = value[start : start + len(text)]
    return start if written.lower() == text.lower() and len(written) == len(text) else None


def _repo_name(root: yaml.Node, repo_name: str | None) -> Iterator[Drawn]:
    """The repository's name MkDocs made from ``repo_url`` (``repo_name``), where the
    configuration gives none."""
    url = string_node(setting(root, "repo_url"))
    if url is None or not repo_name or string_node(setting(root, "repo_name")) is not None:
        return
    start = url.value.lower().find(repo_name.lower())
    where = "the repository name MkDocs makes from repo_url's host (give repo_name)"
    yield Drawn(url, repo_name, _at(url.value, repo_name, start) if start >= 0 else None, where)


def _social_titles(root: yaml.Node) -> Iterator[Drawn]:
    """Material's tooltip of each ``extra.social`` link with no ``name``: its host."""
    links = setting(setting(root, "extra"), "social")
    where = "the tooltip Material makes from a social link's host (give the link a name)"
    for item in links.value if isinstance(links, yaml.SequenceNode) else ():
        link = string_node(setting(item, "link"))
        name = setting(item, "name")
        if link is None or "//" not in link.value or string_node(name) is not None:
            continue
        if isinstance(name, yaml.ScalarNode) and name.tag.endswith((":int", ":float")):
            continue  # a name Jinja prints (a number): not the host
        parts = link.value.split("//")
        host = parts[1].split("/")[0]
        if host.strip():
            yield Drawn(link, host, len(parts[0]) + 2, where)


#: The icons of ``theme.icon`` Material draws before the site's name: the logo (on a wide
#: screen) and the menu button (on a narrow one, in the logo's place).
ICON_BEFORE = ("logo", "menu")


def _row(
    icons: list[yaml.Node | None],
    after: str,
    where: str,
    draws: Callable[[str], str | None] = named_icon,
) -> Iterator[Drawn]:
    """A row of icons, side by side, and the text ``after`` them, as drawn: each icon that
    draws text (``draws``: what a setting's icon draws; digits or a sign of a named icon)
    read with the icons after it that draw some (an icon of a picture adds no text
    between, as the page reader reads it) and ``after``, at its setting; only a figure its
    own characters start is its."""
    nodes = [n for n in icons if isinstance(n, yaml.ScalarNode)]
    drawn = [(n, text) for n in nodes if (text := draws(str(n.value)))]
    for i, (node, text) in enumerate(drawn):
        joined = " ".join([*(t for _, t in drawn[i:]), after]).strip()
        yield Drawn(node, joined, None, where, icon=len(text))


def _icons(root: yaml.Node, image: Callable[[str], str | None] | None) -> Iterator[Drawn]:
    """Each digit or sign icon of ``theme.icon`` drawn before the site's name (in each
    language), read with it; and the logo image (``theme.logo``) in the logo icon's
    place, as the text it draws (``image``: an SVG file's, None: not read)."""
    theme = setting(root, "theme")
    name = string_node(setting(root, "site_name"))
    names = [n for n in [name.value if name else "", *_translated_names(root)] if n]
    logo = string_node(setting(theme, "logo"))
    for key in ICON_BEFORE:
        icon = setting(setting(theme, "icon"), key)
        where = f"the text theme.icon.{key} draws before site_name"
        draws: Callable[[str], str | None] = named_icon
        if key == "logo" and logo is not None:  # an image is drawn instead
            if image is None:
                continue
            icon, where, draws = logo, "the text the logo image draws before site_name", image
        for text in dict.fromkeys(names):
            yield from _row([icon], text, where, draws)


def _social_row(root: yaml.Node) -> Iterator[Drawn]:
    """The icons of ``extra.social``, drawn side by side in the footer, in order."""
    links = setting(setting(root, "extra"), "social")
    items = links.value if isinstance(links, yaml.SequenceNode) else []
    where = "the text extra.social's icons draw side by side in the footer"
    yield from _row([setting(item, "icon") for item in items], "", where)


def _search_on(root: yaml.Node) -> bool:
    """Whether the configuration uses the search plugin (MkDocs' default when ``plugins``
    is not given), whose button Material draws in the header."""
    plugins = setting(root, "plugins")
    if plugins is None:
        return True
    items = plugins.value if isinstance(plugins, yaml.SequenceNode) else [plugins]
    names = [i.value if isinstance(i, yaml.ScalarNode) else None for i in items]
    names += [k.value for i in items if isinstance(i, yaml.MappingNode) for k, _ in i.value]
    return any(n in ("search", "material/search") for n in names)


def _header_row(root: yaml.Node, repo_name: str | None) -> Iterator[Drawn]:
    """The icons Material's header draws side by side after the title, in order: a
    palette toggle's (one at a time), ``theme.icon.alternate`` (with ``extra.alternate``),
    ``theme.icon.search`` (with search), ``theme.icon.repo`` before the repository's name
    (with ``repo_url``)."""
    theme = setting(root, "theme")
    icons = setting(theme, "icon")
    palette = setting(theme, "palette")
    schemes = palette.value if isinstance(palette, yaml.SequenceNode) else []
    toggles = [setting(setting(scheme, "toggle"), "icon") for scheme in schemes]
    rest = [
        setting(icons, "alternate") if setting(setting(root, "extra"), "alternate") else None,
        setting(icons, "search") if _search_on(root) else None,
    ]
    after = ""
    if string_node(setting(root, "repo_url")) is not None:
        rest.append(setting(icons, "repo"))
        name = string_node(setting(root, "repo_name"))
        after = name.value if name is not None else repo_name or ""
    where = "the text the header's icons draw side by side (and the repository's name)"
    found: dict[Drawn, None] = {}
    firsts: list[yaml.Node | None] = [t for t in toggles if t is not None] or [None]
    for toggle in firsts:
        found.update(dict.fromkeys(_row([toggle, *rest], after, where)))
    yield from found


def _translated_names(root: yaml.Node) -> list[str]:
    """The site's name in each language of ``extra.fxsite_translations``
    (:mod:`fxsite.pages.chrome`), which pages in that language draw after the logo."""
    languages = setting(setting(root, "extra"), "fxsite_translations")
    words = languages.value if isinstance(languages, yaml.MappingNode) else []
    names = [string_node(setting(value, "site_name")) for _, value in words]
    return [name.value for name in names if name is not None]


def drawn_strings(
    root: yaml.Node,
    repo_name: str | None = None,
    image: Callable[[str], str | None] | None = None,
) -> list[Drawn]:
    """What the theme draws from the merged configuration ``root`` beyond its strings
    (``repo_name``: the repository's name as MkDocs made it, None where not known;
    ``image``: the text the image at a site path draws, None: images not read)."""
    found = list(_repo_name(root, repo_name))
    if theme_name(root) == "material":
        found += [
            *_social_titles(root),
            *_icons(root, image),
            *_social_row(root),
            *_header_row(root, repo_name),
        ]
    return found


def drawn_findings(
    text: str, path: str, library: object, icon: int = 0
) -> list[tuple[Finding, int | None]]:
    """Each figure in the drawn ``text`` (read as the theme prints it, markup and all),
    with where ``text`` holds it (None: not found whole); with ``icon``, the characters an
    icon draws before the text, only a figure that starts in them."""
    locator = SourceLocator(text)
    found = []
    for finding in judge_plain(text, path, library, markup=True):
        at = locator.find(finding.text or "", whole=True)
        if not icon or (at is not None and at < icon):
            found.append((finding, at))
    return found
