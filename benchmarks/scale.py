"""How fxsite scales, measured side by side with plain MkDocs in one run.

A synthetic project (``R`` records of 10 figures and one derived figure,
``P`` pages of 20 claims each) is generated at the base size and at 4x. For
each size it measures, alternating runs so that machine noise hits both sides
alike:

* ``build``: ``mkdocs build`` with the fxsite plugin against what a user
  would publish without it: plain MkDocs + Material building the same pages,
  each claim an ordinary link, and a hand-written page per record (its setup
  and figures; out of the navigation, as fxsite's record pages are): CPU time
  and peak memory (max RSS of the build process); and the peak memory of
  importing what each side's build imports, before it reads a file (the
  memory no build of either can go below);
* ``check``: ``fxsite check`` against a floor that reads every input once
  (each record with libyaml's C loader, each page with ``markdown.markdown``);
* ``serve``: under a live-reload style rebuild (one config, plugins kept
  between builds, as ``mkdocs serve`` does), the time to rebuild after
  editing one page (a sentence of its prose) and after editing one record
  (what one of its figures measures, words that every claim citing it shows
  in its tooltip), with and without fxsite: each session times three edits of
  each kind and keeps the fastest; sessions alternate as builds do, and the
  ratio is of their medians.

Both sides run from bytecode: MkDocs, Material and the floor's libraries were
compiled when pip installed them, so fxsite is compiled once before measuring
(an editable install under ``PYTHONDONTWRITEBYTECODE`` would otherwise
compile fxsite from source in every run, about 0.1 s, which no installed
copy pays).

Times are CPU seconds (user + system) of the process doing the work, not
wall time: other load on the machine (a CI neighbour, a second build)
stretches wall time far more than it changes CPU time, and both sides of a
ratio are measured the same way. Ratios are printed with the targets of issue 24
(build <= 1.5x at the base size and <= 1.1x from 4x up, memory <= 1.6x, check
<= 2x, serve <= 1.2x) and, when more than one size is measured, how each ratio
moves with the size. It always exits 0: it reports, it does not gate.
``--build-only`` measures builds and their memory alone, as it does for sizes from
``--build-only-from`` (16) up, in one run;
``--check-only`` measures ``check`` against its floor alone (no builds, no serve);
``--tiny`` runs a very small size once, each serve session timing one edit of each
kind (the test suite uses it to keep this script working).

    python benchmarks/scale.py [--records 100] [--pages 100] [--runs 3] [--sizes 1,4,16]
                               [--build-only] [--build-only-from 16] [--check-only] [--tiny]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from decimal import Decimal
from pathlib import Path

#: The targets of issue 24: build <= 1.5x at the base size and <= 1.1x from 4x up.
TARGETS = {
    "build": 1.5,
    "build at 4x": 1.1,
    "memory": 1.6,
    "check": 2.0,
    "serve page": 1.2,
    "serve record": 1.2,
}

_FLOOR = """
import sys, pathlib, yaml, markdown
root = pathlib.Path(sys.argv[1])
for path in sorted((root / "evidence").glob("*.yaml")):
    yaml.load(path.read_bytes(), Loader=yaml.CSafeLoader)
for path in sorted((root / "docs").rglob("*.md")):
    markdown.markdown(path.read_text(encoding="utf-8"), extensions=["tables"])
"""

#: What a build imports before it reads a file, plain MkDocs + Material and with fxsite
#: (its plugin, the gate, the library): the memory neither side can go below.
_IMPORTS = {
    "plain": "import mkdocs.commands.build, material.plugins.search.plugin",
    "fx": (
        "import mkdocs.commands.build, material.plugins.search.plugin, fxsite.mkdocs_plugin, "
        "fxsite.verify.audit, fxsite.evidence.library"
    ),
}

_SERVE = """
import sys, time, pathlib, logging
from mkdocs.config import load_config
from mkdocs.commands.build import build
logging.getLogger("mkdocs").setLevel(logging.ERROR)
config_file, site_dir, page, page_words, record, record_words, edits = sys.argv[1:8]
config = load_config(config_file, site_dir=site_dir)
config.plugins.on_startup(command="serve", dirty=False)
build(config)
out = []
for target, words in ((page, page_words), (record, record_words)):
    path = pathlib.Path(target)
    text = path.read_text(encoding="utf-8")
    assert words in text, (target, words)
    best = None
    for i in range(int(edits)):
        path.write_text(text.replace(words, f"{words} edit {i}", 1), encoding="utf-8")
        start = time.process_time()
        build(config)
        took = time.process_time() - start
        best = took if best is None else min(best, took)
    path.write_text(text, encoding="utf-8")
    out.append(best)
config.plugins.on_shutdown()
print(" ".join(f"{t:.4f}" for t in out))
"""


def _ratio_value(r: int) -> str:
    """Record ``r``'s derived ratio (f0 / f1) as fxsite shows it, two decimals."""
    return f"{(Decimal(100 + r) + Decimal('0.5')) / (Decimal(101 + r) + Decimal('0.5')):.2f}"


def record_yaml(r: int) -> str:
    """Record ``R{r}`` of the synthetic project: ten measured figures and a derived ratio."""
    figures = "\n".join(
        f"  f{i}: {{value: {100 + r + i}.5, unit: s, what: figure {i} of run {r}}}"
        for i in range(10)
    )
    return (
        f"id: R{r}\ntitle: Benchmark run {r}\nlabel: measured\nstatus: active\n"
        f"date: 2026-01-01\nsource: {{issuer: Lab, sha256: '{'0' * 64}'}}\n"
        f"setup:\n  baseline: local drive\n  system: array {r}\n"
        f"figures:\n{figures}\n"
        f"derived:\n  ratio: {{formula: f0 / f1, unit: x, decimals: 2}}\n"
    )


def generate(target: Path, records: int, pages: int) -> None:
    """A synthetic project: records of 10 figures and pages of 20 claims.

    ``docs/`` is fxsite's (claims, the Evidence Library generated);
    ``docs-plain/`` is what a user would publish without it: the same pages
    with each claim an ordinary link to a hand-written page per record
    (``records/R1.md``: its setup and a table of its figures, out of the
    navigation as fxsite's record pages are).
    """
    (target / "evidence").mkdir(parents=True)
    (target / "docs").mkdir()
    (target / "docs-plain" / "records").mkdir(parents=True)
    listing = ["# Records\n"]
    for r in range(records):
        (target / "evidence" / f"R{r}.yaml").write_text(record_yaml(r), encoding="utf-8")
        rows = "\n".join(
            f'| <span id="f{i}"></span>f{i} | {100 + r + i}.5 s | measured | figure {i} of run {r} |'
            for i in range(10)
        )
        (target / "docs-plain" / "records" / f"R{r}.md").write_text(
            f"# R{r}: Benchmark run {r}\n\nmeasured · active · 2026-01-01 · issued by Lab\n\n"
            f"## Setup\n\n| | |\n| --- | --- |\n| baseline | local drive |\n"
            f"| system | array {r} |\n\n## Figures\n\n| figure | value | label | what |\n"
            f"| --- | --- | --- | --- |\n{rows}\n"
            f'| <span id="ratio"></span>ratio | {_ratio_value(r)}× | measured | f0 / f1 |\n',
            encoding="utf-8",
        )
        listing.append(f"- [R{r}: Benchmark run {r}](R{r}.md)")
    (target / "docs-plain" / "records" / "index.md").write_text(
        "\n".join(listing) + "\n", encoding="utf-8"
    )
    for p in range(pages):
        lines = [f"# Page {p}\n", "Some prose about the system under test.\n"]
        plain = list(lines)
        for k in range(10):
            r = (p * 7 + k) % records
            lines.append(f"## Section {k}\n")
            plain.append(f"## Section {k}\n")
            tail = " against the baseline, with *emphasis*, `code` and a [link](https://example.com/).\n"
            lines.append(
                f"The run took [{100 + r + k}.5 s](evidence:R{r}#f{k}) in this case, "
                f"a ratio of [](evidence:R{r}#ratio){tail}"
            )
            plain.append(
                f"The run took [{100 + r + k}.5 s](records/R{r}.md#f{k}) in this case, "
                f"a ratio of [{_ratio_value(r)}×](records/R{r}.md#ratio){tail}"
            )
        (target / "docs" / f"page{p}.md").write_text("\n".join(lines), encoding="utf-8")
        (target / "docs-plain" / f"page{p}.md").write_text("\n".join(plain), encoding="utf-8")
    for docs in ("docs", "docs-plain"):
        (target / docs / "index.md").write_text("# Home\n\nA synthetic site.\n", encoding="utf-8")
    config = (
        "site_name: bench\ntheme:\n  name: material\n  font: false\n"
        "markdown_extensions:\n  - admonition\n  - attr_list\n  - md_in_html\n  - tables\n"
        "  - toc:\n      permalink: true\n"
        "plugins:\n  - search\n  - fxsite\n"
    )
    (target / "mkdocs.yml").write_text(config, encoding="utf-8")
    plain_config = config.replace("  - fxsite\n", "") + (
        "docs_dir: docs-plain\nnot_in_nav: |\n  /records/R*.md\n"
    )
    (target / "mkdocs.plain.yml").write_text(plain_config, encoding="utf-8")


def _timed(argv: list[str], cwd: Path) -> tuple[float, int]:
    """CPU time (user + system) and peak RSS (KiB) of one child process, via wait4."""
    proc = subprocess.Popen(argv, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    assert proc.stderr is not None
    err = proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    took = usage.ru_utime + usage.ru_stime
    proc.returncode = os.waitstatus_to_exitcode(status)
    proc.stderr.close()
    if proc.returncode != 0:  # the synthetic project is clean: anything else is a bug
        raise SystemExit(f"{' '.join(argv)} failed ({proc.returncode}):\n{err.decode()[-2000:]}")
    return took, usage.ru_maxrss


def _target(name: str, size: int) -> float:
    """The issue's target for a ratio (the build's is tighter from 4x up)."""
    if name == "build":
        return TARGETS["build"] if size < 4 else TARGETS["build at 4x"]
    return TARGETS[name]


def _ratio_line(
    name: str, ours: float, theirs: float, unit: str, floor_name: str, size: int
) -> tuple[str, float]:
    ratio = ours / theirs if theirs else float("inf")
    target = _target(name, size)
    verdict = "ok" if ratio <= target else "OVER"
    line = (
        f"  {name:<13} fxsite {ours:8.3f} {unit}   {floor_name} {theirs:8.3f} {unit}   "
        f"ratio {ratio:5.2f}  (target <= {target}: {verdict})"
    )
    return line, ratio


def measure(
    project: Path,
    runs: int,
    size: int,
    build_only: bool,
    check_only: bool = False,
    serve_edits: int = 3,
) -> tuple[list[str], dict[str, float]]:
    """The lines to print, and each ratio by name (``check_only``: check's alone; each serve
    session keeps the fastest of ``serve_edits`` edits of each kind)."""
    py = sys.executable
    lines: list[str] = []
    ratios: dict[str, float] = {}

    def add(name: str, ours: float, theirs: float, unit: str, floor_name: str) -> None:
        line, ratios[name] = _ratio_line(name, ours, theirs, unit, floor_name, size)
        lines.append(line)

    build: dict[str, list[tuple[float, int]]] = {"fx": [], "plain": []}
    check: dict[str, list[float]] = {"fx": [], "floor": []}
    for i in range(runs):
        for kind, config in (
            () if check_only else (("fx", "mkdocs.yml"), ("plain", "mkdocs.plain.yml"))
        ):
            out = project / f"site-{kind}-{i}"
            argv = [py, "-m", "mkdocs", "build", "-q", "-f", config, "-d", str(out)]
            build[kind].append(_timed(argv, project))
            shutil.rmtree(out, ignore_errors=True)
        if not build_only:
            check["fx"].append(_timed([py, "-m", "fxsite", "check", "."], project)[0])
            check["floor"].append(_timed([py, "-c", _FLOOR, "."], project)[0])
    if check_only:
        add(
            "check", statistics.median(check["fx"]), statistics.median(check["floor"]), "s", "floor"
        )
        return lines, ratios
    med = {k: statistics.median(t for t, _ in v) for k, v in build.items()}
    mem = {k: max(m for _, m in v) for k, v in build.items()}
    add("build", med["fx"], med["plain"], "s", "plain")
    add("memory", mem["fx"] / 1024, mem["plain"] / 1024, "MiB", "plain")
    imported = {k: _timed([py, "-c", code], project)[1] / 1024 for k, code in _IMPORTS.items()}
    allowed = TARGETS["memory"] * mem["plain"] / 1024
    lines.append(
        f"  (imports alone: fxsite {imported['fx']:.1f} MiB, plain {imported['plain']:.1f} MiB;"
        f" the memory target allows {allowed:.1f} MiB for the whole build)"
    )
    if build_only:
        return lines, ratios
    add("check", statistics.median(check["fx"]), statistics.median(check["floor"]), "s", "floor")
    serve: dict[str, list[list[float]]] = {"fx": [], "plain": []}
    # The same edits on each side: a page's prose; a figure's words, in its record
    # (fxsite) or in its hand-written record page (plain).
    edits = {
        "fx": ("mkdocs.yml", project / "docs" / "page1.md", project / "evidence" / "R1.yaml"),
        "plain": (
            "mkdocs.plain.yml",
            project / "docs-plain" / "page1.md",
            project / "docs-plain" / "records" / "R1.md",
        ),
    }
    for _ in range(runs):  # alternating, as the builds: noise hits both sides alike
        for kind, (config, page, record) in edits.items():
            argv = [
                py,
                "-c",
                _SERVE,
                config,
                str(project / f"site-serve-{kind}"),
                str(page),
                "Some prose",
                str(record),
                "figure 0 of run 1",
                str(serve_edits),
            ]
            result = subprocess.run(argv, cwd=project, capture_output=True, text=True, check=False)
            if result.returncode != 0:
                raise SystemExit(f"serve benchmark failed:\n{result.stderr[-2000:]}")
            serve[kind].append([float(x) for x in result.stdout.split()])
    page_edit = {k: statistics.median(r[0] for r in v) for k, v in serve.items()}
    record_edit = {k: statistics.median(r[1] for r in v) for k, v in serve.items()}
    add("serve page", page_edit["fx"], page_edit["plain"], "s", "plain")
    add("serve record", record_edit["fx"], record_edit["plain"], "s", "plain")
    return lines, ratios


def compile_fxsite() -> None:
    """Compile fxsite's modules to bytecode, as pip does for an installed package."""
    import compileall

    import fxsite

    compileall.compile_dir(str(Path(fxsite.__file__).parent), quiet=1)


def _slope(by_size: dict[int, dict[str, float]]) -> list[str]:
    """How each ratio moves from the smallest size measured to the largest."""
    names = [
        n
        for n in ("build", "memory", "check", "serve page", "serve record")
        if n in by_size[min(by_size)]
    ]
    lines = ["slope (each ratio by size):"]
    for name in names:
        moves = " -> ".join(
            f"{ratios[name]:.2f} at {size}x"
            for size, ratios in sorted(by_size.items())
            if name in ratios
        )
        lines.append(f"  {name:<13} {moves}")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--records", type=int, default=100)
    parser.add_argument("--pages", type=int, default=100)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--sizes", default="1,4,16", help="multipliers of the base size")
    parser.add_argument("--tiny", action="store_true", help="one run at a very small size")
    parser.add_argument(
        "--build-only", action="store_true", help="builds and their memory only (large sizes)"
    )
    parser.add_argument(
        "--check-only", action="store_true", help="check against its floor only (no builds)"
    )
    parser.add_argument(
        "--build-only-from",
        type=int,
        default=16,
        help="sizes from this one up: builds and their memory only, one run",
    )
    args = parser.parse_args(argv)
    sizes = [1] if args.tiny else [int(s) for s in args.sizes.split(",")]
    records, pages, runs = (5, 5, 1) if args.tiny else (args.records, args.pages, args.runs)
    compile_fxsite()
    print(f"fxsite scale benchmark on {os.cpu_count()} core(s); median of {runs} run(s)")
    by_size: dict[int, dict[str, float]] = {}
    for size in sizes:
        with tempfile.TemporaryDirectory() as tmp:
            project = Path(tmp) / "project"
            generate(project, records * size, pages * size)
            print(
                f"{records * size} records x 10 figures, {pages * size} pages x 20 claims "
                f"({'base' if size == 1 else f'{size}x'}"
                f"{'; builds only, one run' if size >= args.build_only_from else ''})",
                flush=True,
            )
            large = size >= args.build_only_from
            lines, by_size[size] = measure(
                project,
                1 if large else runs,
                size,
                args.build_only or (large and not args.check_only),
                args.check_only,
                1 if args.tiny else 3,
            )
            for line in lines:
                print(line, flush=True)
    if len(by_size) > 1:
        print("\n".join(_slope(by_size)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
