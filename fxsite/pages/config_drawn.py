"""What the theme draws from the configuration's settings beyond their own strings,
judged where the settings are written.

* MkDocs names the repository from ``repo_url``'s host where ``repo_name`` is not
  given (``https://saves-2x.example.com/…``: "Saves-2X"), and the themes show that name
  in their header. The name as MkDocs made it (the adapter gives it:
  ``ProjectPaths.repo_name``) is judged at ``repo_url``, at the host.
* Material titles a social link that has no ``name`` by its host (``extra.social[].link``):
  that tooltip ("saves-2x.example.com") is judged at the link, at the host.
* Material draws ``theme.icon.logo`` (unless ``theme.logo`` gives an image) before the
  site's name (in a page's language too: ``extra.fxsite_translations``), and
  ``theme.icon.repo`` before the repository's: an icon that draws a
  digit or a sign (:func:`fxsite.verify.icon_digits.named_icon`) is read with the name
  beside it ("9 s per save"), at the icon's setting; only a figure the icon's
  characters are part of is its own (the name's alone is judged as the name).
"""

from __future__ import annotations

from collections.abc import Iterator
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
    "icon_prefix",
    "setting",
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


def _string(node: yaml.Node | None) -> yaml.ScalarNode | None:
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
    url = _string(setting(root, "repo_url"))
    if url is None or not repo_name or _string(setting(root, "repo_name")) is not None:
        return
    start = url.value.lower().find(repo_name.lower())
    where = "the repository name MkDocs makes from repo_url's host (give repo_name)"
    yield Drawn(url, repo_name, _at(url.value, repo_name, start) if start >= 0 else None, where)


def _social_titles(root: yaml.Node) -> Iterator[Drawn]:
    """Material's tooltip of each ``extra.social`` link with no ``name``: its host."""
    links = setting(setting(root, "extra"), "social")
    where = "the tooltip Material makes from a social link's host (give the link a name)"
    for item in links.value if isinstance(links, yaml.SequenceNode) else ():
        link = _string(setting(item, "link"))
        name = setting(item, "name")
        if link is None or "//" not in link.value or _string(name) is not None:
            continue
        if isinstance(name, yaml.ScalarNode) and name.tag.endswith((":int", ":float")):
            continue  # a name Jinja prints (a number): not the host
        parts = link.value.split("//")
        host = parts[1].split("/")[0]
        if host.strip():
            yield Drawn(link, host, len(parts[0]) + 2, where)


#: The name Material draws after each icon of ``theme.icon``.
ICON_BEFORE = {"logo": "site_name", "repo": "repo_name"}


def icon_prefix(icon: yaml.Node | None) -> str | None:
    """What an icon setting (``material/numeric-9``) draws when it draws digits or a sign."""
    return named_icon(str(icon.value)) if isinstance(icon, yaml.ScalarNode) else None


def _icons(root: yaml.Node, repo_name: str | None) -> Iterator[Drawn]:
    """Each digit or sign icon of ``theme.icon`` read with the name drawn after it."""
    theme = setting(root, "theme")
    for key, name_key in ICON_BEFORE.items():
        icon = setting(setting(theme, "icon"), key)
        drawn = icon_prefix(icon)
        if drawn is None or not isinstance(icon, yaml.ScalarNode):
            continue
        if key == "logo" and _string(setting(theme, "logo")) is not None:
            continue  # an image is drawn instead
        if key == "repo" and _string(setting(root, "repo_url")) is None:
            continue  # no repository, no link to it
        name = _string(setting(root, name_key))
        texts = [name.value if name is not None else repo_name if key == "repo" else None]
        if key == "logo":
            texts += _translated_names(root)
        where = f"the text theme.icon.{key} ('{icon.value}') draws before {name_key}"
        for text in texts:
            if text:
                yield Drawn(icon, f"{drawn} {text}", None, where, icon=len(drawn))


def _translated_names(root: yaml.Node) -> list[str]:
    """The site's name in each language of ``extra.fxsite_translations``
    (:mod:`fxsite.pages.chrome`), which pages in that language draw after the logo."""
    languages = setting(setting(root, "extra"), "fxsite_translations")
    words = languages.value if isinstance(languages, yaml.MappingNode) else []
    names = [_string(setting(value, "site_name")) for _, value in words]
    return [name.value for name in names if name is not None]


def drawn_strings(root: yaml.Node, repo_name: str | None = None) -> list[Drawn]:
    """What the theme draws from the merged configuration ``root`` beyond its strings
    (``repo_name``: the repository's name as MkDocs made it, None where not known)."""
    found = list(_repo_name(root, repo_name))
    if theme_name(root) == "material":
        found += [*_social_titles(root), *_icons(root, repo_name)]
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
