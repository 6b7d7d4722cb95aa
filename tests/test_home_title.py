"""The home template's ``<title>``: the page's title alone where it names the site
already, else Material's "title - site name" (blind72, finding 17: "Nimbus Storage —
all-flash arrays that prove their numbers - Nimbus Storage")."""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from types import SimpleNamespace

import jinja2
import material
import pytest

TEMPLATES = Path(str(resources.files("fxsite") / "templates"))
MATERIAL = Path(material.__file__).parent / "templates"


def _title(template: str, meta_title: str | None, title: str | None, home: bool) -> str:
    env = jinja2.Environment(loader=jinja2.FileSystemLoader([TEMPLATES, MATERIAL]))
    for name in ("url", "script_tag", "date"):  # MkDocs' own filters base.html uses elsewhere
        env.filters[name] = str
    page = SimpleNamespace(
        meta={"title": meta_title} if meta_title else {}, title=title, is_homepage=home
    )
    tmpl = env.get_template(template)
    context = tmpl.new_context({"page": page, "config": {"site_name": "Nimbus Storage"}})
    # the template's own block, or the one it inherits from Material's base.html
    block = tmpl.blocks.get("htmltitle") or env.get_template("base.html").blocks["htmltitle"]
    return " ".join("".join(block(context)).split())


@pytest.mark.parametrize(
    ("meta_title", "title", "home", "shown"),
    [
        (
            "Nimbus Storage — all-flash arrays that prove their numbers",
            "Nimbus Storage — all-flash arrays that prove their numbers",
            True,
            "<title>Nimbus Storage — all-flash arrays that prove their numbers</title>",
        ),
        # near misses: a title without the brand keeps it; no title is the site's name
        (
            "Arrays you can check",
            "Arrays you can check",
            True,
            "<title>Arrays you can check - Nimbus Storage</title>",
        ),
        (None, "Welcome", True, "<title>Nimbus Storage</title>"),
        (None, "Nimbus <em>Storage</em> home", False, "<title>Nimbus Storage home</title>"),
    ],
)
def test_the_home_title_names_the_brand_once(
    meta_title: str | None, title: str, home: bool, shown: str
) -> None:
    assert _title("fxsite-home.html", meta_title, title, home) == shown


def test_near_miss_other_pages_keep_materials_title() -> None:
    said = _title("base.html", "Nimbus Storage AF9000", "Nimbus Storage AF9000", False)
    assert said == "<title>Nimbus Storage AF9000 - Nimbus Storage</title>"
