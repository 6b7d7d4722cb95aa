"""Build time of fxsite against plain MkDocs, measured side by side in one run.

Two projects are timed: the demo site, and a generated one (many records and
pages, many claims) that shows how the cost grows. For each, the same docs are
built with the fxsite plugin and with a config that drops it (plain MkDocs +
Material); runs alternate so that machine noise hits both alike. Each build
is a fresh ``python -m mkdocs build`` process, as a user would run it.

    python benchmarks/build_speed.py [--runs 5] [--pages 40] [--records 60]
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _plain_config(project: Path) -> Path:
    text = (project / "mkdocs.yml").read_text(encoding="utf-8")
    plain = project / "mkdocs.plain.yml"
    plain.write_text(text.replace("  - fxsite\n", ""), encoding="utf-8")
    return plain


def _generate(target: Path, pages: int, records: int) -> None:
    """A synthetic project: ``records`` records of 8 figures, ``pages`` pages."""
    (target / "evidence").mkdir(parents=True)
    (target / "docs").mkdir()
    for r in range(records):
        figures = "\n".join(f"  f{i}: {{value: {100 + r + i}.5, unit: s}}" for i in range(8))
        (target / "evidence" / f"R{r}.yaml").write_text(
            f"id: R{r}\ntitle: Record {r}\nlabel: measured\nstatus: active\n"
            f"date: 2026-01-01\nsource: {{issuer: Lab}}\nfigures:\n{figures}\n"
            f"derived:\n  ratio: {{formula: f0 / f1, unit: x, decimals: 2}}\n",
            encoding="utf-8",
        )
    for p in range(pages):
        lines = [f"# Page {p}\n"]
        for k in range(30):
            r = (p * 7 + k) % records
            lines.append(
                f"Paragraph {k}: the run took [{100 + r + k % 8}.5 s](evidence:R{r}#f{k % 8}), "
                f"a ratio of [](evidence:R{r}#ratio) against the baseline.\n"
            )
        (target / "docs" / f"page{p}.md").write_text("\n".join(lines), encoding="utf-8")
    (target / "docs" / "index.md").write_text("# Home\n\nA synthetic site.\n", encoding="utf-8")
    (target / "mkdocs.yml").write_text(
        "site_name: bench\ntheme:\n  name: material\n  font: false\nplugins:\n  - search\n  - fxsite\n",
        encoding="utf-8",
    )


def _time_build(project: Path, config: Path, out: Path) -> float:
    start = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "-q", "-f", str(config), "-d", str(out)],
        cwd=project,
        check=True,
        capture_output=True,
    )
    return time.perf_counter() - start


def _measure(name: str, project: Path, runs: int) -> None:
    plain = _plain_config(project)
    times: dict[str, list[float]] = {"fxsite": [], "plain": []}
    with tempfile.TemporaryDirectory() as out:
        for _ in range(runs):
            times["fxsite"].append(_time_build(project, project / "mkdocs.yml", Path(out) / "a"))
            times["plain"].append(_time_build(project, plain, Path(out) / "b"))
    plain.unlink()
    fx, pl = statistics.median(times["fxsite"]), statistics.median(times["plain"])
    print(
        f"{name:<28} fxsite {fx:6.2f} s   plain MkDocs {pl:6.2f} s   "
        f"ratio {fx / pl:4.2f}   (median of {runs}; min {min(times['fxsite']):.2f} / "
        f"{min(times['plain']):.2f} s)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--pages", type=int, default=40)
    parser.add_argument("--records", type=int, default=60)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        demo = Path(tmp) / "demo"
        shutil.copytree(
            ROOT,
            demo,
            ignore=shutil.ignore_patterns(".venv", ".git", "site", "node_modules", "tests"),
        )
        _measure("demo site", demo, args.runs)
        synthetic = Path(tmp) / "synthetic"
        _generate(synthetic, args.pages, args.records)
        claims = args.pages * 60
        _measure(f"synthetic ({args.pages} pages, {claims} claims)", synthetic, args.runs)


if __name__ == "__main__":
    main()
