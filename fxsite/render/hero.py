"""The home page's hero and the contact button, laid out from a page's rendered HTML.

A page whose front matter says ``template: fxsite-home.html`` opens with a
hero: its title and lead at display size, the configured call to action and
contact (:mod:`fxsite.pages.hero_config`) beside the optional product image,
then its headline cards (``evidence-stats``) in one row, and the estimate note
under them as a footnote. The page's own HTML is moved, never rewritten: the
headline and lead are the Markdown's, judged as any page's.

A ``fxsite-contact`` block writes a slot that :func:`fill_contact` fills with
the configured contact button.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable

from fxsite.findings import Finding
from fxsite.pages.hero_config import HERO_KEY, Hero, Link

__all__ = [
    "CONTACT_KIND",
    "HOME_TEMPLATE",
    "contact_findings",
    "fill_contact",
    "hero_layout",
    "no_contact",
    "render_contact",
]

HOME_TEMPLATE = "fxsite-home.html"
CONTACT_KIND = "fxsite-contact"
_STATS = '<div class="fx-stats">'
_NOTE = re.compile(r'<p class="fx-estimate-note">.*?</p>\n?', re.DOTALL)
_H2 = re.compile(r"<h2[\s>]")
_DIV = re.compile(r"<div[\s>]|</div>")
_SLOT = re.compile(r'<div class="fx-contact-slot" data-fx-line="(?P<line>[0-9]+)"></div>')
#: A docs page (``joint-testing.md#contact``) as a URL from the page being rendered.
Resolve = Callable[[str], str]


def _element_end(text: str, start: int) -> int:
    """The end of the ``<div>`` that opens at ``start`` (nested divs counted)."""
    depth = 0
    for match in _DIV.finditer(text, start):
        depth += -1 if match.group() == "</div>" else 1
        if depth == 0:
            return match.end()
    return len(text)


def _button(link: Link, resolve: Resolve, primary: bool) -> str:
    href = resolve(link.href) if link.page else link.href
    kind = "md-button md-button--primary" if primary else "md-button"
    return f'<a class="{kind}" href="{html.escape(href)}">{html.escape(link.text)}</a>'


def _actions(hero: Hero, resolve: Resolve) -> str:
    buttons = [
        _button(link, resolve, primary=n == 0)
        for n, link in enumerate(x for x in (hero.cta, hero.contact) if x is not None)
    ]
    return f'<p class="fx-hero-actions">{"".join(buttons)}</p>' if buttons else ""


def _figure(hero: Hero, resolve: Resolve) -> str:
    if hero.image is None:
        return ""
    return (
        f'<figure class="fx-hero-figure"><img src="{html.escape(resolve(hero.image))}" '
        f'alt="{html.escape(hero.image_alt)}"></figure>'
    )


def hero_layout(content: str, hero: Hero | None, resolve: Resolve) -> str:
    """The page's HTML with its head (up to the first ``<h2>``) laid out as a hero.

    The head is the title and lead, then the first stats block and the estimate
    note, wherever the page put it, under the cards.
    """
    h2 = _H2.search(content)
    head_end = h2.start() if h2 else len(content)
    head, rest = content[:head_end], content[head_end:]
    notes = "".join(m.group() for m in _NOTE.finditer(head))
    head = _NOTE.sub("", head)
    stats = ""
    at = head.find(_STATS)
    if at >= 0:
        end = _element_end(head, at)
        head, stats = head[:at] + head[end:], head[at:end]
    hero = hero or Hero()
    text = f'<div class="fx-hero-text">{head.strip()}{_actions(hero, resolve)}</div>'
    return (
        f'<section class="fx-hero"><div class="fx-hero-main">{text}{_figure(hero, resolve)}</div>'
        f'{stats}{f"""<div class="fx-hero-footnote">{notes}</div>""" if notes else ""}'
        f"</section>\n{rest}"
    )


def render_contact(text: str, path: str, first_line: int) -> tuple[str, list[Finding]]:
    """The block's slot, or a finding when it has content (``first_line`` 0-based)."""
    for i, line in enumerate(text.split("\n")):
        if line.strip():
            col = len(line) - len(line.lstrip()) + 1
            message = (
                f"a {CONTACT_KIND} block takes no content: its button is configured in mkdocs.yml"
            )
            return "", [Finding(path, first_line + i + 1, col, "FX604", message, text=line.strip())]
    return f'\n<div class="fx-contact-slot" data-fx-line="{first_line}"></div>\n', []


def fill_contact(content: str, hero: Hero | None, resolve: Resolve) -> tuple[str, list[int]]:
    """Each contact slot filled with the contact button; the lines of slots left empty."""
    empty: list[int] = []

    def fill(match: re.Match[str]) -> str:
        if hero is None or hero.contact is None:
            empty.append(int(match["line"]))
            return ""
        return f'<p class="fx-contact">{_button(hero.contact, resolve, primary=True)}</p>'

    return _SLOT.sub(fill, content), empty


def no_contact(path: str, line: int) -> Finding:
    """The warning for a contact block at ``line`` when mkdocs.yml configures no contact."""
    message = (
        f"the {CONTACT_KIND} block shows extra.{HERO_KEY}.contact, which mkdocs.yml does not set"
    )
    return Finding(path, line, 1, "FX607", message, "warning")


def contact_findings(content: str, path: str, hero: Hero | None) -> list[Finding]:
    """A warning at each contact block of a page's ``content`` that nothing fills."""
    _, empty = fill_contact(content, hero, lambda target: target)
    return [no_contact(path, line) for line in empty]
