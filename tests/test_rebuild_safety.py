"""``audit --rebuild``, ``diff`` of revisions, ``python -m fxsite`` and ``keygen`` run nothing of a vendor's.

Each attack writes a marker file if any of its code runs; the rows check that
the marker never appears, and that the refusal names what was refused.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from anchorkit import build, commit, git, make_repo
from sitekit import ROOT, fxsite, fxsite_forked

from fxsite import __version__
from fxsite.anchor.allowlist import vet_config
from fxsite.anchor.gitinfo import git_source
from fxsite.anchor.rebuild import rebuild_findings
from fxsite.anchor.signing import write_keypair

BASE = "site_name: clean records\nplugins: [fxsite]\n"
#: Python that leaves a marker file where it runs (MARK is replaced by its path).
PAYLOAD = "open(r'MARK', 'w').write('ran')\n"


def _project(tmp_path: Path, config: str, files: dict[str, str], mark: Path) -> Path:
    repo = make_repo(tmp_path / "repo")
    (repo / "mkdocs.yml").write_text(config.replace("MARK", str(mark)), encoding="utf-8")
    for rel, text in files.items():
        path = repo / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        if text.startswith("->"):
            path.symlink_to(text[2:])
        else:
            path.write_text(text.replace("MARK", str(mark)), encoding="utf-8")
    commit(repo, "vendor's commit")
    return repo


def _manifest(repo: Path, path: str = "") -> dict[str, object]:
    head = git(repo, "rev-parse", "HEAD")
    return {
        "generator": f"fxsite {__version__}",
        "source": {"commit": head, "dirty": False, "path": path},
        "source_date_epoch": 1767225600,
        "files": {},
    }


ATTACKS = [
    # (name, mkdocs.yml, files, the refusal's place: (path, line))
    ("hooks", BASE + "hooks:\n  - hook.py\n", {"hook.py": PAYLOAD}, ("mkdocs.yml", 3)),
    (
        "python tag",
        "site_name: !!python/object/apply:os.system ['touch MARK']\nplugins: [fxsite]\n",
        {},
        ("mkdocs.yml", 1),
    ),
    (
        "a plugin not on the list",
        BASE.replace("[fxsite]", "[fxsite, material/tags]"),
        {},
        ("mkdocs.yml", 2),
    ),
    (
        "theme custom_dir holding Python",
        BASE + "theme:\n  name: material\n  custom_dir: overrides\n",
        {"overrides/main.py": PAYLOAD, "overrides/main.html": '{% extends "base.html" %}\n'},
        ("mkdocs.yml", 5),
    ),
    (
        "site_dir out of the work folder",
        BASE + "site_dir: ../../../victim\n",
        {},
        ("mkdocs.yml", 3),
    ),
    ("docs_dir absolute", BASE + "docs_dir: /etc\n", {}, ("mkdocs.yml", 3)),
    ("INHERIT another file", "INHERIT: base.yml\n", {"base.yml": BASE}, ("mkdocs.yml", 1)),
    (
        "extra_templates",
        BASE + "extra_templates: [x.html]\n",
        {"docs/x.html": "{{ 1 }}"},
        ("mkdocs.yml", 3),
    ),
    (
        "a Markdown extension of the vendor's",
        BASE + "markdown_extensions: [evilext]\n",
        {"evilext.py": PAYLOAD},
        ("mkdocs.yml", 3),
    ),
    (
        "snippets reading the auditor's files",
        BASE + "markdown_extensions:\n  - pymdownx.snippets:\n      base_path: [/]\n",
        {},
        ("mkdocs.yml", 4),
    ),
    (
        "snippets fetching URLs",
        BASE + "markdown_extensions:\n  - pymdownx.snippets:\n      url_download: true\n",
        {},
        ("mkdocs.yml", 4),
    ),
    (  # blind31: --8<-- "/etc/hostname" in a page
        "snippets unrestricted",
        BASE + "markdown_extensions:\n  - pymdownx.snippets:\n      restrict_base_path: false\n",
        {"docs/index.md": '--8<-- "/etc/hostname"\n'},
        ("mkdocs.yml", 4),
    ),
    (
        "fxsite cache_dir out of the work folder",
        "site_name: x\nplugins:\n  - fxsite:\n      cache_dir: ../../../victim\n",
        {},
        ("mkdocs.yml", 3),
    ),
    ("!relative tag", BASE + "extra:\n  p: !relative\n", {}, ("mkdocs.yml", 4)),
    (
        "YAML alias",
        "site_name: &n x\nsite_description: *n\nplugins: [fxsite]\n",
        {},
        ("mkdocs.yml", 2),
    ),
    (
        "symbolic link out of the checkout",
        BASE,
        {"docs/leak.md": "->/etc/hostname"},
        ("docs/leak.md", 1),
    ),
    ("nested too deeply", BASE + "extra: " + "[" * 5000 + "]" * 5000 + "\n", {}, ("mkdocs.yml", 1)),
]


@pytest.mark.parametrize(
    ("config", "files", "where"), [a[1:] for a in ATTACKS], ids=[a[0] for a in ATTACKS]
)
def test_rebuild_refuses_what_is_not_on_the_allow_list(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    config: str,
    files: dict[str, str],
    where: tuple[str, int],
) -> None:
    mark = tmp_path / "MARK"
    victim = tmp_path / "victim"
    victim.mkdir()
    (victim / "keep.txt").write_text("the auditor's", encoding="utf-8")
    repo = _project(tmp_path, config, files, mark)
    (tmp_path / "t").mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "t"))  # the work folder: tmp_path/t/…
    site = tmp_path / "site"
    site.mkdir()
    findings = rebuild_findings(site, _manifest(repo), repo)
    assert not mark.exists(), "vendor code ran"
    assert (victim / "keep.txt").is_file() and not (victim / "index.html").exists()
    refused = [(f.path, f.line) for f in findings if f.code == "FX822"]
    assert where in refused, findings
    assert {f.code for f in findings if f.severity == "error"} == {"FX811", "FX822"}
    assert list((tmp_path / "t").iterdir()) == []  # the work folder is gone


NEAR_MISSES = [
    ("MkDocs' defaults", BASE),
    (
        "search and fxsite with options, as a mapping",
        "site_name: x\nplugins:\n  search: {lang: en}\n  fxsite: {evidence_dir: evidence, cache_dir: .cache/x}\n",
    ),
    ("paths inside", BASE + "docs_dir: docs\nsite_dir: public\n"),
    (
        "snippets inside the checkout",
        BASE
        + "markdown_extensions:\n  - pymdownx.snippets:\n      base_path: [docs, .]\n"
        + "      restrict_base_path: true\n",
    ),
    ("!ENV with a default", BASE + "site_url: !ENV [SITE_URL, 'https://x.example/']\n"),
    (
        "an allowed !!python/name",
        BASE
        + "markdown_extensions:\n  - pymdownx.emoji:\n      emoji_index: !!python/name:material.extensions.emoji.twemoji\n",
    ),
    (
        "Material with a template folder",
        BASE + "theme:\n  name: material\n  custom_dir: overrides\n",
    ),
]


@pytest.mark.parametrize("config", [n[1] for n in NEAR_MISSES], ids=[n[0] for n in NEAR_MISSES])
def test_the_allow_list_passes_what_it_lists(tmp_path: Path, config: str) -> None:
    project = tmp_path / "p"
    (project / "docs").mkdir(parents=True)
    (project / "overrides").mkdir()
    (project / "overrides" / "main.html").write_text(
        '{% extends "base.html" %}\n', encoding="utf-8"
    )
    (project / "docs" / "inner.md").symlink_to("index.md")  # a link inside the checkout
    (project / "mkdocs.yml").write_text(config, encoding="utf-8")
    data, findings = vet_config(project / "mkdocs.yml", project)
    assert findings == [] and data is not None


#: Templates that run a command where Jinja's sandbox alone would let them: through
#: Python's globals, and (blind71) through MkDocs' objects, only in the rebuild's folder.
TEMPLATE_ATTACKS = [
    ("python globals", "{{ cycler.__init__.__globals__.os.system('touch MARK') }}\n"),
    (
        "markdown extension added and the page rendered again",
        '{% extends "base.html" %}{% block content %}{{ super() }}'
        '{% if "fxsite-rebuild-" in config.site_dir and page.markdown is not none %}'
        '{{ config.mdx_configs.update({"subprocess:Popen": {"args": ["touch", "MARK"]}}) }}'
        '{{ config.markdown_extensions.append("subprocess:Popen") }}'
        "{{ page.render(config, pages) }}{% endif %}{% endblock %}\n",
    ),
]


@pytest.mark.slow
@pytest.mark.parametrize(
    "ssti", [t[1] for t in TEMPLATE_ATTACKS], ids=[t[0] for t in TEMPLATE_ATTACKS]
)
def test_a_template_cannot_reach_python(tmp_path: Path, ssti: str) -> None:
    """Jinja runs sandboxed: a template's way to os.system fails the rebuild, runs nothing."""
    mark = tmp_path / "MARK"
    config = BASE + "theme:\n  name: material\n  custom_dir: overrides\n"
    repo = _project(tmp_path, config, {"overrides/main.html": ssti}, mark)
    findings = rebuild_findings(tmp_path, _manifest(repo), repo)
    assert not mark.exists(), "a template ran Python"
    assert any(f.code == "FX811" and "failed" in f.message for f in findings), findings


@pytest.mark.slow
def test_the_manifest_never_chooses_the_folder_built(tmp_path: Path) -> None:
    """A signed manifest's source.path names another project: it is reported, not built."""
    repo = make_repo(tmp_path / "repo")
    other = make_repo(tmp_path / "other")
    (other / "site").mkdir()
    (other / "site" / "keep.txt").write_text("the auditor's own site", encoding="utf-8")
    site = build(repo)
    for path in (str(other), "../../../other"):
        findings = rebuild_findings(site, _manifest(repo, path), repo)
        assert (other / "site" / "keep.txt").is_file()
        assert [f.code for f in findings if f.severity == "error"] == []
        assert any(f.code == "FX811" and "rebuilding ''" in f.message for f in findings)


@pytest.mark.slow
def test_a_rebuild_of_an_allowed_rich_config_matches(tmp_path: Path) -> None:
    """The near miss, built: Material, a template folder, search, pymdownx, !ENV, !!python/name."""
    config = (
        "site_name: !ENV [FXSITE_TEST_UNSET, 'rich']\n"
        "theme:\n  name: material\n  custom_dir: overrides\n"
        "plugins:\n  - search\n  - fxsite\n"
        "markdown_extensions:\n  - toc:\n      permalink: true\n  - admonition\n"
        "  - pymdownx.superfences:\n      custom_fences:\n        - name: math\n"
        "          class: math\n"
        "          format: !!python/name:pymdownx.superfences.fence_code_format\n"
    )
    files = {"overrides/main.html": '{% extends "base.html" %}\n'}
    repo = _project(tmp_path, config, files, tmp_path / "MARK")
    site = build(repo, epoch="1767225600")
    manifest = _manifest(repo)
    findings = rebuild_findings(site, manifest, repo)
    assert [f for f in findings if f.severity == "error"] == []


DIFF_ATTACKS = [
    ("hooks", BASE + "hooks:\n  - hook.py\n", {"hook.py": PAYLOAD}, "HEAD:mkdocs.yml:3:1: FX822"),
    (
        "python tag",
        "site_name: !!python/object/apply:os.system ['touch MARK']\nplugins: [fxsite]\n",
        {},
        "HEAD:mkdocs.yml:1:1: FX822",
    ),
    (
        "link out of the tree",
        BASE,
        {"docs/leak.md": "->/etc/hostname"},
        "HEAD:docs/leak.md:1:1: FX822",
    ),
]


@pytest.mark.parametrize(
    ("config", "files", "refusal"), [a[1:] for a in DIFF_ATTACKS], ids=[a[0] for a in DIFF_ATTACKS]
)
def test_diff_of_revisions_runs_none_of_their_code(
    tmp_path: Path, config: str, files: dict[str, str], refusal: str
) -> None:
    mark = tmp_path / "MARK"
    repo = _project(tmp_path, config, files, mark)
    proc = fxsite("diff", "HEAD~1", "HEAD", cwd=repo)
    assert not mark.exists(), "a revision's code ran"
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert refusal in proc.stderr
    # the near miss: the revision before it diffs as before (forked from this warm process:
    # the attack's run above is the one whose process is the point)
    assert fxsite_forked("diff", "HEAD~1", "HEAD~1", cwd=repo).returncode == 0


SHADOWS = [
    ("click.py", {"click.py": PAYLOAD}),
    (
        "a stale fxsite/",
        {
            "fxsite/__init__.py": "",
            "fxsite/__main__.py": (ROOT / "fxsite" / "__main__.py").read_text(encoding="utf-8"),
            "fxsite/cli.py": PAYLOAD,
        },
    ),
]


@pytest.mark.parametrize("files", [s[1] for s in SHADOWS], ids=[s[0] for s in SHADOWS])
def test_python_m_fxsite_imports_nothing_from_the_current_folder(
    tmp_path: Path, files: dict[str, str]
) -> None:
    mark = tmp_path / "MARK"
    for rel, text in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text.replace("MARK", str(mark)), encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k not in {"PYTHONPATH", "PYTHONSAFEPATH"}}
    proc = subprocess.run(
        [sys.executable, "-m", "fxsite", "--version"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert not mark.exists(), "a module of the current folder was imported"
    assert proc.returncode == 0 and __version__ in proc.stdout, proc.stderr


KEY_LINKS = [
    # (which path is a link, link target exists)
    ("KEYFILE.pub", False),
    ("KEYFILE", False),
    ("KEYFILE.pub", True),
]


@pytest.mark.parametrize(("link", "target_exists"), KEY_LINKS)
def test_keygen_never_writes_through_a_symbolic_link(
    tmp_path: Path, link: str, target_exists: bool
) -> None:
    target = tmp_path / "elsewhere"
    if target_exists:
        target.write_text("the auditor's file", encoding="utf-8")
    (tmp_path / link.replace("KEYFILE", "k")).symlink_to(target)
    fingerprint, findings = write_keypair(tmp_path / "k")
    assert fingerprint is None and [f.code for f in findings] == ["FX809"]
    assert not target.exists() or target.read_text(encoding="utf-8") == "the auditor's file"
    assert not (tmp_path / "k").exists() or (tmp_path / "k").is_symlink()


def test_keygen_near_miss_writes_both_files(tmp_path: Path) -> None:
    fingerprint, findings = write_keypair(tmp_path / "k")
    assert fingerprint is not None and findings == []
    assert (tmp_path / "k").is_file() and (tmp_path / "k.pub").is_file()


def test_a_template_that_loops_is_stopped_and_leaves_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """blind21: a template looping 10^10 times ran past the audit's own `timeout`, its child
    kept running and its work folder stayed. It is stopped at the time limit, in a session
    of its own whose group is killed, and the work folder is removed."""
    import tempfile

    from fxsite.anchor import rebuild

    monkeypatch.setattr(rebuild, "_BUILD_TIMEOUT", 4)
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()
    loop = "{% for a in range(99999) %}{% for b in range(99999) %}{% endfor %}{% endfor %}"
    template = '{% extends "base.html" %}\n{% block announce %}' + loop + "{% endblock %}\n"
    config = BASE + "theme:\n  name: material\n  custom_dir: overrides\n"
    repo = _project(tmp_path, config, {"overrides/main.html": template}, tmp_path / "MARK")
    findings = rebuild_findings(tmp_path, _manifest(repo), repo)
    assert any(f.code == "FX811" and "longer than 4 s" in f.message for f in findings), findings
    assert list((tmp_path / "tmp").iterdir()) == []  # the work folder is gone


def test_the_rebuild_runs_the_fxsite_the_audit_runs() -> None:
    """blind21: `python -I` ignores PYTHONPATH, so the child imported whichever fxsite the
    interpreter had installed; it is given this one's folder."""
    import subprocess
    import sys

    import fxsite
    from fxsite.anchor import rebuild

    root = str(Path(rebuild.__file__).resolve().parents[2])
    run = "runpy.run_module('fxsite.mkdocs_rebuild', run_name='__main__', alter_sys=True)"
    assert run in rebuild._CHILD
    code = rebuild._CHILD.replace(run, "import fxsite; print(fxsite.__file__)")
    done = subprocess.run(
        [sys.executable, "-I", "-c", code, root], capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == fxsite.__file__


_TERMINATED = """
import sys, tempfile
from pathlib import Path
sys.path.insert(0, sys.argv[2])
tempfile.tempdir = sys.argv[3]
from test_rebuild_safety import BASE, _manifest, _project
from fxsite.anchor.rebuild import rebuild_findings
tmp = Path(sys.argv[1])
loop = "{% for a in range(99999) %}{% for b in range(99999) %}{% endfor %}{% endfor %}"
template = '{% extends "base.html" %}\\n{% block announce %}' + loop + "{% endblock %}\\n"
config = BASE + "theme:\\n  name: material\\n  custom_dir: overrides\\n"
repo = _project(tmp, config, {"overrides/main.html": template}, tmp / "MARK")
print("building", flush=True)
rebuild_findings(tmp, _manifest(repo), repo)
"""


def test_an_audit_ended_by_sigterm_leaves_no_child_and_no_folder(tmp_path: Path) -> None:
    """blind21: `timeout 120 fxsite audit --rebuild` left its child building at 60% CPU and
    its work folder behind."""
    import signal
    import subprocess
    import sys
    import time

    work = tmp_path / "tmp"
    work.mkdir()
    tests = str(Path(__file__).parent)
    audit = subprocess.Popen(
        [sys.executable, "-c", _TERMINATED, str(tmp_path), tests, str(work)],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert audit.stdout is not None
    assert audit.stdout.readline().strip() == "building"
    time.sleep(3)  # the child is building, in the loop
    assert list(work.iterdir()), "no work folder while building"
    audit.send_signal(signal.SIGTERM)
    audit.communicate(timeout=30)
    assert list(work.iterdir()) == []  # the work folder is gone
    listing = subprocess.run(["ps", "-eo", "args"], capture_output=True, text=True).stdout
    assert str(tmp_path) not in listing  # the child (building this project) was killed


def test_a_checkouts_own_git_commands_do_not_run(tmp_path: Path) -> None:
    """blind31: a checkout handed to the auditor whose ``.git/config`` names a
    ``core.fsmonitor`` command and a hooks folder: no git fxsite runs (the rebuild's
    clone, a build's `git status`) starts them."""
    mark = tmp_path / "MARK"
    repo = _project(tmp_path, BASE, {}, mark)
    hooks = tmp_path / "hooks"
    hooks.mkdir()
    (hooks / "post-checkout").write_text(f"#!/bin/sh\ntouch {mark}.hook\n", encoding="utf-8")
    (hooks / "post-checkout").chmod(0o755)
    git(repo, "config", "core.fsmonitor", f"touch {mark}; true")
    git(repo, "config", "core.hooksPath", str(hooks))
    (tmp_path / "t").mkdir()
    site = tmp_path / "site"
    site.mkdir()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(tempfile, "tempdir", str(tmp_path / "t"))
        rebuild_findings(site, _manifest(repo), repo)
    (repo / "docs" / "index.md").write_text("changed\n", encoding="utf-8")
    assert git_source(repo) is not None  # `git status`: reads the index
    assert not mark.exists() and not Path(f"{mark}.hook").exists()
