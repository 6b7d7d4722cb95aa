"""What keeps a vendor's code from the auditor's machine, in process: the rebuild's template
sandbox (``fxsite.mkdocs_rebuild.TemplateSandbox``) and Chromium's under ``--browser``.

blind71: Jinja's own sandbox let a vendor's template add ``subprocess:Popen`` to the
config's Markdown extensions and call ``page.render(config, pages)``, which ran a command
on the auditor's machine. Each attack row is a template given MkDocs' own objects, as the
theme gets them; it must be stopped, and leave the objects as they were. The near misses
are what Material's and fxsite's templates do.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from jinja2 import DictLoader
from jinja2.exceptions import SecurityError
from mkdocs.config import load_config
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

from fxsite.mkdocs_rebuild import TemplateSandbox

ATTACKS = [
    ("a list changed", '{{ config.markdown_extensions.append("subprocess:Popen") }}'),
    ("a dict changed", '{{ config.mdx_configs.update({"subprocess:Popen": {}}) }}'),
    ("a dict item set", '{{ config.mdx_configs.setdefault("subprocess:Popen", {}) }}'),
    ("the page rendered again", "{{ page.render(config, pages) }}"),
    ("the page's source read", "{{ page.read_source(config) }}"),
    ("a file copied", '{{ page.file.copy_file("/tmp/x") }}'),
    ("a config method", "{{ config.copy() }}"),
    ("a plugin's event", '{{ config.plugins.run_event("startup", command="build") }}'),
    ("Python's globals", "{{ cycler.__init__.__globals__.os.system('true') }}"),
    ("a function the config holds", "{{ config.plugins.items() }}"),
]

NEAR_MISSES = [
    ("a string's method", '{{ "a b".split()|join(",") }}', "a,b"),
    ("a macro", "{% macro m(x) %}<{{ x }}>{% endmacro %}{{ m(1) }}", "<1>"),
    ("a namespace", "{% set ns = namespace(n=1) %}{% set ns.n = 2 %}{{ ns.n }}", "2"),
    ("range and a dict", '{{ range(3)|list }} {{ dict(a=1).get("a") }}', "[0, 1, 2] 1"),
    ("a loop's cycle", '{% for i in "ab" %}{{ loop.cycle("x", "y") }}{% endfor %}', "xy"),
    (
        "a page's data",
        "{{ page.title }} {{ page.file.src_uri }} {{ config.site_name }}",
        "T a.md s",
    ),
    ("a block called", "{% block b %}B{% endblock %}{{ self.b() }}", "BB"),
    ("a translation", "{% trans %}Next{% endtrans %}", "Next"),
]


@pytest.fixture(scope="module")
def objects(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    root = tmp_path_factory.mktemp("sandbox")
    (root / "docs").mkdir()
    (root / "docs" / "a.md").write_text("# A\n", encoding="utf-8")
    (root / "mkdocs.yml").write_text("site_name: s\nmarkdown_extensions: [toc]\n", "utf-8")
    config = load_config(str(root / "mkdocs.yml"))
    file = File("a.md", config.docs_dir, config.site_dir, use_directory_urls=True)
    page = Page("T", file, config)
    return {"config": config, "page": page, "pages": Files([file])}


def _render(source: str, objects: dict[str, object]) -> str:
    env = TemplateSandbox(loader=DictLoader({"t.html": source}), extensions=["jinja2.ext.i18n"])
    env.install_null_translations()  # type: ignore[attr-defined]
    return env.get_template("t.html").render(**objects)


@pytest.mark.parametrize("source", [a[1] for a in ATTACKS], ids=[a[0] for a in ATTACKS])
def test_a_template_calls_and_changes_nothing_it_is_given(
    source: str, objects: dict[str, object]
) -> None:
    config = objects["config"]
    before = (list(config["markdown_extensions"]), dict(config["mdx_configs"]))
    with pytest.raises(SecurityError):
        _render(source, objects)
    assert (list(config["markdown_extensions"]), dict(config["mdx_configs"])) == before


@pytest.mark.parametrize(
    ("source", "shown"), [m[1:] for m in NEAR_MISSES], ids=[m[0] for m in NEAR_MISSES]
)
def test_what_templates_are_made_of_still_renders(
    source: str, shown: str, objects: dict[str, object]
) -> None:
    assert _render(source, objects) == shown


def test_the_rebuild_renders_with_the_sandbox() -> None:
    """The rebuild's process puts the sandbox in MkDocs' place (its ``__main__`` block)."""
    source = (Path(__file__).parent.parent / "fxsite" / "mkdocs_rebuild.py").read_text("utf-8")
    assert "theme.Theme.get_env = sandboxed_env" in source


@pytest.mark.parametrize(("euid", "sandboxed"), [(1000, True), (0, False)])
def test_the_browser_keeps_chromiums_sandbox_but_as_root(euid: int, sandboxed: bool) -> None:
    """blind71: ``--browser`` runs the vendor's scripts; Chromium's sandbox was always off."""
    from fxsite.verify.browser import chromium_args

    assert ("--no-sandbox" not in chromium_args(euid)) is sandboxed
