"""Bare figures the detector finds on a real documentation site no one here wrote.

Issue 22's real-site benchmark is Material for MkDocs' own documentation
(``squidfunk/mkdocs-material``, folder ``docs``): a site with no performance
claims, so what the detector reports there is what a team converting it would
have to answer. Each page is rendered with Material's Markdown extensions and
read by the one page reader (:func:`fxsite.verify.scan.scan_content`), as
``fxsite check`` reads a page; every figure found is printed with its page,
then the totals.

``--deny`` adds deny by default (``benchmarks/deny_by_default.py``): every
number no figure rule took and no non-figure grammar explains is reported too,
so the two modes can be compared on the same pages.

    .venv/bin/python benchmarks/realsite_bench.py PATH/TO/mkdocs-material/docs [--deny]
"""

from __future__ import annotations

import re
import sys
import time
from collections import Counter
from pathlib import Path

import markdown

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

#: Material's own markdown_extensions (mkdocs.yml), less the ones that need its
#: Python objects (emoji) or files (snippets).
EXTENSIONS = [
    "abbr",
    "admonition",
    "attr_list",
    "def_list",
    "footnotes",
    "md_in_html",
    "toc",
    "pymdownx.arithmatex",
    "pymdownx.betterem",
    "pymdownx.caret",
    "pymdownx.details",
    "pymdownx.highlight",
    "pymdownx.inlinehilite",
    "pymdownx.keys",
    "pymdownx.mark",
    "pymdownx.smartsymbols",
    "pymdownx.superfences",
    "pymdownx.tabbed",
    "pymdownx.tasklist",
    "pymdownx.tilde",
]
_FRONT_MATTER = re.compile(r"\A---\n.*?\n---\n", re.DOTALL)


def page_figures(path: Path) -> list[str]:
    """The figures the page reader finds in one Markdown page, as shown."""
    from fxsite.verify.scan import scan_content

    text = _FRONT_MATTER.sub("", path.read_text(encoding="utf-8"))
    html = markdown.markdown(text, extensions=EXTENSIONS)
    return [found.shown for found in scan_content(html).candidates]


def main(argv: list[str]) -> int:
    if not argv or argv[0].startswith("-"):
        print(__doc__)
        return 2
    docs = Path(argv[0])
    if "--deny" in argv:
        from deny_by_default import find_bare_numbers

        import fxsite.verify.reading as reading

        reading.find_bare_figures = find_bare_numbers  # type: ignore[assignment]
    pages = sorted(docs.rglob("*.md"))
    found: Counter[str] = Counter()
    start = time.process_time()
    for path in pages:
        for shown in page_figures(path):
            print(f"{path.relative_to(docs)}: {shown!r}")
            found[str(path)] += 1
    took = time.process_time() - start
    print(f"pages: {len(pages)}  pages with a figure: {len(found)}  figures: {sum(found.values())}")
    print(f"CPU: {took:.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
