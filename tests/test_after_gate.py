"""What a plugin or hook changes after fxsite's gate read the site is refused by
``fxsite build`` (and ``check``'s build of a hooked project), never published.

fxsite's gate, manifest and signature run in ``on_post_build`` at priority -100;
a hook at a lower priority, or in ``on_shutdown``, runs after them and could
change the staged site (an adversarial tester published a bare figure so: build
0, audit 1). After MkDocs returns, ``fxsite build`` compares the staged files
with the manifest it just wrote: a file changed (FX806), gone (FX807) or added
(FX808) refuses the build. Near misses: a hook that runs before the gate (its
changes are read by the gate) and one that only reads after it.

The rows are built in a few projects (``BATCHES``), each with every hook of its rows: the
refused rows of a project change files of their own, so that each finding is told by
its path; the near misses are built together, and must publish.
"""

from __future__ import annotations

import shutil
import subprocess
from dataclasses import dataclass
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

#: name: (event, priority, the hook's body, the finding the build refuses with ("path:
#: line:col: code"), or None).
ROWS = {
    "edits a page after the gate": (
        "on_post_build",
        -200,
        "    index.write_text(index.read_text('utf-8') + '<p>Saves 95 s</p>', 'utf-8')",
        "index.html:1:1: FX806",
    ),
    "deletes a file after the gate": (
        "on_post_build",
        -200,
        "    (site / 'evidence.csv').unlink()",
        "evidence.csv:1:1: FX807",
    ),
    "adds a file after the gate": (
        "on_post_build",
        -200,
        "    (site / 'late.txt').write_text('Saves 95 s', 'utf-8')",
        "late.txt:1:1: FX808",
    ),
    "edits a page at shutdown": (
        "on_shutdown",
        0,
        "    index.write_text(index.read_text('utf-8') + '<p>Saves 95 s</p>', 'utf-8')",
        "index.html:1:1: FX806",
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


#: The rows built together: no two refused rows of one project change the same file.
BATCHES = (
    ("edits a page after the gate", "deletes a file after the gate", "adds a file after the gate"),
    ("edits a page at shutdown",),
    ("adds a file before the gate", "reads after the gate"),
)


def _project(root: Path, names: tuple[str, ...]) -> Path:
    """The clean fixture site with the hooks of ``names``, a file each."""
    project = root / "p"
    shutil.copytree(CLEAN, project)
    files = []
    for n, name in enumerate(names):
        event, priority, body, _ = ROWS[name]
        hook = HOOK.format(priority=priority, event=event, body=body)
        (project / f"hooks{n}.py").write_text(hook, "utf-8")
        files.append(f"hooks{n}.py")
    config = project / "mkdocs.yml"
    config.write_text(config.read_text("utf-8") + f"hooks: [{', '.join(files)}]\n", "utf-8")
    return project


def test_every_row_is_in_one_batch_and_refused_rows_tell_their_files() -> None:
    assert sorted(name for batch in BATCHES for name in batch) == sorted(ROWS)
    for batch in BATCHES:
        found = [ROWS[name][3] for name in batch]
        assert all(f is None for f in found) or all(f is not None for f in found), batch
        files = [f.split(":")[0] for f in found if f is not None]
        assert len(files) == len(set(files)), batch


@dataclass(frozen=True)
class Built:
    """A batch's ``fxsite build``, its ``fxsite check`` (refused rows), whether the build
    left a site folder, and whether it published the home page."""

    build: subprocess.CompletedProcess[str]
    check: subprocess.CompletedProcess[str] | None
    site: bool
    published: bool


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Built]:
    """Each batch built (and checked, when refused) once: what each row's batch did."""
    out = {}
    for batch in BATCHES:
        project = _project(tmp_path_factory.mktemp("batch"), batch)
        build = fxsite_here("build", ".", cwd=project)
        refused = ROWS[batch[0]][3] is not None
        check = fxsite_here("check", ".", cwd=project) if refused else None
        site, published = project / "site", (project / "site" / "index.html").is_file()
        out |= {name: Built(build, check, site.exists(), published) for name in batch}
    return out


def _says(output: str, finding: str) -> bool:
    """A line of ``output`` is ``finding``, made after fxsite's gate read the site."""
    return any(
        line.startswith(finding + " ") and "after fxsite's gate" in line
        for line in output.splitlines()
    )


@pytest.mark.parametrize("name", sorted(ROWS))
def test_what_changes_after_the_gate_is_refused(name: str, built: dict[str, Built]) -> None:
    done, finding = built[name], ROWS[name][3]
    said = done.build.stdout + done.build.stderr
    assert "Traceback" not in said, said
    if finding is None:
        assert done.build.returncode == 0, said
        assert done.published
        return
    assert done.build.returncode == 1, said
    assert _says(said, finding), said
    assert not done.site  # nothing published
    assert done.check is not None
    assert done.check.returncode == 1 and _says(done.check.stdout, finding), done.check.stdout
