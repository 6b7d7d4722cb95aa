"""What importing fxsite costs before a build reads a file (issue 24's import floor).

Each guard here is a piece of work the import used to do and a build does not need
then: the tables are the same, only looked up, built or imported later.
"""

from __future__ import annotations

import subprocess
import sys
import unicodedata

from fxsite.pages.figure_vocab import CURRENCY_SIGNS, currency_symbols


def _run(code: str) -> str:
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    return done.stdout.strip()


def test_currency_symbols_are_unicodes_category_sc() -> None:
    every = {chr(c) for c in range(sys.maxunicode + 1) if unicodedata.category(chr(c)) == "Sc"}
    assert set(currency_symbols()) == every
    assert every <= CURRENCY_SIGNS


def test_importing_the_vocabulary_looks_up_no_plane_of_unicode() -> None:
    # The currency symbols were found by asking each of 131,072 code points its category.
    asked = _run(
        "import unicodedata\n"
        "calls = [0]\n"
        "category = unicodedata.category\n"
        "def counted(c):\n"
        "    calls[0] += 1\n"
        "    return category(c)\n"
        "unicodedata.category = counted\n"
        "import fxsite.pages.figure_vocab\n"
        "print(calls[0])\n"
    )
    assert int(asked) < 1000


def test_a_build_imports_no_library_it_needs_only_later() -> None:
    # Fuzzy source matching (difflib), XML in data: URLs (defusedxml) and the manifest's
    # canonical JSON (rfc8785) load with their first use, not with the plugin.
    loaded = _run(
        "import sys\n"
        "import fxsite.mkdocs_plugin, fxsite.verify.audit, fxsite.evidence.library\n"
        "print(' '.join(sorted(m for m in ('difflib', 'defusedxml', 'rfc8785') if m in sys.modules)))\n"
    )
    assert loaded == ""


def test_a_page_that_refuses_nothing_loads_no_refusals_wording() -> None:
    # The advice a refusal gives (and the page reader it asks), the FAQ's rules, the preview,
    # the records' and YAML's error wording and git's tree export load with their first use:
    # a clean page, checked as a build checks it, needs none of them.
    later = (
        "fxsite.pages.advice",
        "fxsite.pages.subject",
        "fxsite.pages.faq",
        "fxsite.render.preview",
        "fxsite.evidence.plainwords",
        "fxsite.evidence.yaml_words",
        "tarfile",
    )
    loaded = _run(
        "import sys\n"
        "sys.path.insert(0, 'tests')\n"
        "import fxsite.mkdocs_plugin\n"
        "from sitekit import FIXTURE_EXTENSIONS, href_for, library\n"
        "from fxsite.markdown import PageRenderer, check_page\n"
        "text = '# Save\\n\\nIt took [178 s](evidence:R1#save_time_baseline).\\n'\n"
        "html, found = check_page(text, 'docs/p.md', library(), href_for,"
        " PageRenderer(FIXTURE_EXTENSIONS, {}))\n"
        f"print(len(found), ' '.join(m for m in {later!r} if m in sys.modules))\n"
    )
    assert loaded == "0"


def test_rules_behind_a_cue_compile_at_their_first_use() -> None:
    # "N times" and counts of work ("94k writes") run only on text that holds their cue;
    # compiled at import they cost every process a few milliseconds.
    compiled = _run(
        "from fxsite.pages import figure_families as f\n"
        "print(' '.join(n for n in ('_TIMES', '_COUNT') if getattr(f, n).__class__.__name__ !="
        " 'LazyPattern' or getattr(f, n)._compiled is not None))\n"
    )
    assert compiled == ""


def test_rules_an_english_page_without_their_words_compiles_at_their_first_use() -> None:
    # Each compiles in 2-11 ms; a page with no price, no other language's "N times", no
    # count of parts made smaller and no refused claim never runs them: compiled at import
    # they cost `fxsite check` of the base-size benchmark about 0.07 s (2026-12-07).
    rules = {
        "fxsite.pages.judge": ("_QUALIFIED",),
        "fxsite.pages.stated_numbers": ("_LOOSE_LEAD",),
        "fxsite.pages.consolidation": ("_FROM_TO", "_INSTEAD", "_REPLACES"),
        "fxsite.pages.time_spans": ("_MONEY",),
        "fxsite.pages.figure_vocab": ("PRICE_BEFORE",),
        "fxsite.pages.other_languages": ("OTHER_TIMES", "OTHER_TIMES_WORDS"),
    }
    compiled = _run(
        "import sys\n"
        "sys.path.insert(0, 'tests')\n"
        "import fxsite.mkdocs_plugin\n"
        "from sitekit import FIXTURE_EXTENSIONS, href_for, library\n"
        "from fxsite.markdown import PageRenderer, check_page\n"
        "text = '# Save\\n\\nIt took [178 s](evidence:R1#save_time_baseline), 2x the old.\\n'\n"
        "check_page(text, 'docs/p.md', library(), href_for, PageRenderer(FIXTURE_EXTENSIONS, {}))\n"
        f"rules = {rules!r}\n"
        "print(' '.join(f'{m}.{n}' for m, names in rules.items() for n in names"
        " if getattr(sys.modules[m], n).__class__.__name__ != 'LazyPattern'"
        " or getattr(sys.modules[m], n)._compiled is not None))\n"
    )
    assert compiled == ""
