"""One function takes a project's paths from mkdocs.yml: check, build and the plugin
call :meth:`fxsite.project_paths.ProjectPaths.of` (issue 20: no second ``ProjectPaths``)."""

from __future__ import annotations

from pathlib import Path

from mkdocs.config import load_config

from fxsite.cli import _project
from fxsite.mkdocs_plugin import site_readers
from fxsite.project_paths import ProjectPaths

_CONFIG = """site_name: Paths
docs_dir: pages
draft_docs: |
  drafts/
theme:
  name: material
  language: de
plugins:
  - search
  - fxsite:
      evidence_dir: records
      library_url: /library/
      faq_page: questions.md
      cache_dir: .fxcache
"""


def _config(tmp_path: Path) -> Path:
    (tmp_path / "pages").mkdir()
    (tmp_path / "records").mkdir()
    (tmp_path / "mkdocs.yml").write_text(_CONFIG, "utf-8")
    return tmp_path / "mkdocs.yml"


def test_paths_are_the_configs_and_drafts_are_left_out_but_when_serving(tmp_path: Path) -> None:
    file = _config(tmp_path)
    config = load_config(str(file))
    readers = site_readers(config)
    paths = ProjectPaths.of(config, config.plugins["fxsite"].config, readers=readers)
    assert paths.docs_dir == tmp_path / "pages"
    assert paths.evidence_dir == tmp_path / "records"
    assert (paths.library_prefix, paths.faq_page, paths.language) == (
        "library",
        "questions.md",
        "de",
    )
    assert paths.cache_dir == tmp_path / ".fxcache"
    assert paths.left_out is not None and paths.left_out("drafts/a.md")
    served = ProjectPaths.of(config, config.plugins["fxsite"].config, readers=readers, drafts=True)
    assert served.left_out is not None and not served.left_out("drafts/a.md")


def test_check_takes_the_paths_the_plugin_takes(tmp_path: Path) -> None:
    file = _config(tmp_path)
    project, config, _, _ = _project(file)
    options = config.plugins["fxsite"].config
    assert project.paths == ProjectPaths.of(config, options, readers=site_readers(config))
