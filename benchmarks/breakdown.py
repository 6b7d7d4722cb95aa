"""Where a build's time goes: CPU seconds per stage, fxsite and plain MkDocs side by side.

It builds the synthetic project of ``scale.py`` (base size unless told) once
with the fxsite plugin and once without, in child processes, and times each
stage by wrapping MkDocs' own functions and the plugins' events:

* ``imports``: Python, MkDocs, Material and (with the plugin) fxsite;
* ``pages: Markdown``: ``_populate_page`` of authored pages (our
  ``on_page_markdown`` source check and the claims extension included);
* ``pages: theme``: ``_build_page`` of authored pages without search;
* ``pages: search``: Material's search plugin reading each page;
* ``library pages``: both steps for the generated Evidence Library pages
  (plain: the hand-written record pages of ``scale.py``);
* ``gate``: the output gate (``verify_site``);
* ``exports, signing``: the rest of fxsite's ``on_env`` and ``on_post_build``;
* ``other``: what MkDocs does around them (config, files, navigation, copying).

    python benchmarks/breakdown.py [--records 100] [--pages 100]

It reports, it does not gate, and always exits 0. ``scale.py`` gives the ratios;
this says which stage they come from.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from scale import compile_fxsite, generate

_PROBE = r"""
import collections, functools, logging, os, resource, sys, time
start = time.process_time()
from mkdocs.commands import build as B
from mkdocs.config import load_config
from material.plugins.search import plugin as search
fx = None
if sys.argv[1] == "mkdocs.yml":
    import fxsite.mkdocs_plugin as fx
imported = time.process_time() - start
imported_rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
logging.getLogger("mkdocs").setLevel(logging.ERROR)
spent = collections.Counter()
peaks = {}
stack = []

def timed(owner, name, label):
    original = getattr(owner, name)

    @functools.wraps(original)
    def wrapper(*args, **kwargs):
        began = time.process_time()
        stack.append(0.0)
        try:
            return original(*args, **kwargs)
        finally:
            took = time.process_time() - began
            inner = stack.pop()
            spent[label(args) if callable(label) else label] += took - inner
            if stack:
                stack[-1] += took
            # the peak RSS once the stage has run, in MiB
            name = label(args) if callable(label) else label
            peaks[name] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024

    setattr(owner, name, wrapper)

def generated(args):
    # fxsite's Evidence Library, or plain's hand-written record pages
    return args[0].file.src_uri.startswith("evidence/" if fx is not None else "records/")

timed(B, "_populate_page", lambda a: "library pages" if generated(a) else "pages: Markdown")
timed(B, "_build_page", lambda a: "library pages" if generated(a) else "pages: theme")
timed(search.SearchPlugin, "on_page_context", "pages: search")
if fx is not None:
    timed(fx.FxsitePlugin, "_verify_gate", "gate")
    timed(fx.FxsitePlugin, "on_env", "exports, signing")
    timed(fx.FxsitePlugin, "on_post_build", "exports, signing")
began = time.process_time()
config = load_config(sys.argv[1], site_dir=sys.argv[2])
B.build(config)
total = time.process_time() - began
spent["imports"] = imported
spent["other"] = total - sum(v for k, v in spent.items() if k != "imports")
peaks["imports"] = imported_rss
peaks["other"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
for name, seconds in spent.items():
    print(f"{name}\t{seconds:.4f}\t{peaks.get(name, 0.0):.1f}")
"""

_ORDER = [
    "imports",
    "pages: Markdown",
    "pages: theme",
    "pages: search",
    "library pages",
    "gate",
    "exports, signing",
    "other",
]


def _run(project: Path, config: str) -> tuple[dict[str, float], dict[str, float]]:
    """CPU seconds per stage, and the peak RSS (MiB) reached by the end of each."""
    out = project / f"site-{config}"
    proc = subprocess.run(
        [sys.executable, "-c", _PROBE, config, str(out)],
        cwd=project,
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    if proc.returncode != 0:
        raise SystemExit(f"build failed:\n{proc.stderr[-2000:]}")
    found, peaks = {}, {}
    for line in proc.stdout.splitlines():
        name, seconds, peak = line.split("\t")
        found[name], peaks[name] = float(seconds), float(peak)
    return found, peaks


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--records", type=int, default=100)
    parser.add_argument("--pages", type=int, default=100)
    args = parser.parse_args(argv)
    compile_fxsite()
    with tempfile.TemporaryDirectory() as tmp:
        project = Path(tmp) / "project"
        generate(project, args.records, args.pages)
        fx, fx_peaks = _run(project, "mkdocs.yml")
        plain, plain_peaks = _run(project, "mkdocs.plain.yml")
    print(f"CPU seconds per stage, {args.records} records, {args.pages} pages")
    print(f"  {'stage':<18} {'fxsite':>8} {'plain':>8} {'extra':>8}")
    for name in _ORDER:
        ours, theirs = fx.get(name, 0.0), plain.get(name, 0.0)
        print(f"  {name:<18} {ours:8.3f} {theirs:8.3f} {ours - theirs:+8.3f}")
    total_fx, total_plain = sum(fx.values()), sum(plain.values())
    print(f"  {'total':<18} {total_fx:8.3f} {total_plain:8.3f} {total_fx - total_plain:+8.3f}")
    print("Peak RSS (MiB) once each stage has run (a stage that runs per page: its last)")
    for name in _ORDER:
        if name in fx_peaks or name in plain_peaks:
            print(f"  {name:<18} {fx_peaks.get(name, 0.0):8.1f} {plain_peaks.get(name, 0.0):8.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
