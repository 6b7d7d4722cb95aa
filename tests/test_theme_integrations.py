"""Material's integrations switched on in ``mkdocs.yml``: their inline scripts are the
theme's, and what they draw from outside the site is refused where it is set.

blind70: ``extra.analytics`` made the build refuse every page (Material's
``<script id="__analytics">`` was read as the site's own script hiding text) while
``fxsite check`` passed. blind71: ``extra.version.provider: mike`` made Material's script
draw the titles of ``../versions.json``, outside the site, in every page's header.
"""

from __future__ import annotations

import pytest

from fxsite.pages.config_code import config_code_findings
from fxsite.verify.theme import is_theme_inline

MATERIAL = "site_name: s\ntheme:\n  name: material\n  font: false\n"

#: (name, mkdocs.yml, (line, col) of the refusal, or None)
VERSIONS = [
    ("mike's version selector", MATERIAL + "extra:\n  version:\n    provider: mike\n", (7, 15)),
    ("with a default", MATERIAL + "extra:\n  version:\n    provider: mike\n    default: latest\n", (7, 15)),
    ("near miss: no provider", MATERIAL + "extra:\n  version:\n    default: latest\n", None),
    ("near miss: another theme", "site_name: s\ntheme: mkdocs\nextra:\n  version:\n    provider: mike\n", None),
]  # fmt: skip


@pytest.mark.parametrize(
    ("config", "place"), [r[1:] for r in VERSIONS], ids=[r[0] for r in VERSIONS]
)
def test_the_version_selector_is_refused_at_its_provider(
    config: str, place: tuple[int, int] | None
) -> None:
    found = [
        (f.line, f.col) for f in config_code_findings(config, "mkdocs.yml") if f.code == "FX506"
    ]
    assert found == ([place] if place else [])


ANALYTICS = (
    "function __md_analytics(){function e(){dataLayer.push(arguments)}window.dataLayer="
    'window.dataLayer||[],e("js",new Date),e("config","G-XXXX1234"),'
    'document.addEventListener("DOMContentLoaded",(function(){document.forms.search&&'
)

#: (name, inline script body, the theme's)
INLINE = [
    ("Material's analytics, with its id attribute", None, True),
    ("a base URL, as a theme writes it", "var base_url = x;", True),
    # A vendor's script shaped as a theme's, code where the theme writes a value
    ("a call where a value stands", "var base_url = document.body.append(String.fromCharCode(57,52));", False),
    ("an assignment where a value stands", "var base_url = document.title=x;", False),
    ("a script of no template", "document.write(94)", False),
]  # fmt: skip


@pytest.mark.parametrize(("body", "theme"), [r[1:] for r in INLINE], ids=[r[0] for r in INLINE])
def test_an_inline_script_is_the_themes_only_as_a_template_writes_it(
    body: str | None, theme: bool
) -> None:
    if body is None:
        from fxsite.verify.theme import theme_files

        template = next(p for p in theme_files() if p.name == "google.html")
        source = template.read_text("utf-8")
        body = source[source.index("<script") :].split(">", 1)[1].rsplit("</script>", 1)[0]
        body = body.replace("{{ property }}", "G-XXXX1234")
        assert body.startswith(ANALYTICS[:40])
    assert is_theme_inline(body) is theme
