"""What a plugin or hook changes after fxsite's gate read the site is refused by
``fxsite build`` (and ``check``'s build of a hooked project), never published.

fxsite's gate, manifest and signature run in ``on_post_build`` at priority -100;
a hook at a lower priority, or in ``on_shutdown``, runs after them and could
change the staged site (an adversarial tester published a bare figure so: build
0, audit 1). After MkDocs returns, ``fxsite build`` compares the staged files
with the manifest it just wrote: a file changed (FX806), gone (FX807) or added
(FX808) refuses the build. Near misses: a hook that runs before the gate (its
changes are read by the gate) and one that only reads after it.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from sitekit import CLEAN, fxsite_here

HOOK = """
from pathlib import Path
from mkdocs.plugins import event_priority

@event_priority({priority})
def {event}(config=None, **kwargs):
    site = Path((config or CONFIG[0]).site_dir)
    index = site / "index.html"
{body}

CONFIG = []

def on_config(config):
    CONFIG[:] = [config]
"""

#: name: (event, priority, the hook's body, the code the build refuses with, or None).
ROWS = {
    "edits a page after the gate": (
        "on_post_build",
        -200,
        "    index.write_text(index.read_text('utf-8') + '<p>Saves 95 s</p>', 'utf-8')",
        "FX806",
    ),
    "deletes a file after the gate": (
        "on_post_build",
        -200,
        "    (site / 'evidence.csv').unlink()",
        "FX807",
    ),
    "adds a file after the gate": (
        "on_post_build",
        -200,
        "    (site / 'late.txt').write_text('Saves 95 s', 'utf-8')",
        "FX808",
    ),
    "edits a page at shutdown": (
        "on_shutdown",
        0,
        "    index.write_text(index.read_text('utf-8') + '<p>Saves 95 s</p>', 'utf-8')",
        "FX806",
    ),
    # near misses
    "adds a file before the gate": (
        "on_post_build",
        0,
        "    (site / 'early.txt').write_text('No figures here.', 'utf-8')",
        None,
    ),
    "reads after the gate": (
        "on_post_build",
        -200,
        "    index.read_text('utf-8')",
        None,
    ),
}


def _project(root: Path, name: str) -> Path:
    event, priority, body, _ = ROWS[name]
    project = root / "p"
    shutil.copytree(CLEAN, project)
    hook = HOOK.format(priority=priority, event=event, body=body)
    (project / "hooks.py").write_text(hook, "utf-8")
    config = project / "mkdocs.yml"
    config.write_text(config.read_text("utf-8") + "hooks: [hooks.py]\n", "utf-8")
    return project


@pytest.mark.parametrize("name", sorted(ROWS))
def test_what_changes_after_the_gate_is_refused(name: str, tmp_path: Path) -> None:
    project = _project(tmp_path, name)
    code = ROWS[name][3]
    built = fxsite_here("build", ".", cwd=project)
    said = built.stdout + built.stderr
    assert "Traceback" not in said, said
    if code is None:
        assert built.returncode == 0, said
        assert (project / "site" / "index.html").is_file()
        return
    assert built.returncode == 1, said
    assert f": {code} " in said and "after fxsite's gate" in said, said
    assert not (project / "site").exists()  # nothing published
    checked = fxsite_here("check", ".", cwd=project)
    assert checked.returncode == 1 and f": {code} " in checked.stdout, checked.stdout
