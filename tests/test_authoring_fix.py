"""``fxsite fix``: bare figures rewritten into claims, and only where that is safe."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from fxsite.authoring.fix import fix_page
from fxsite.cli import cli
from fxsite.evidence.library import load_library

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "fix"
VENDOR = FIXTURES / "vendor"
AFTER = FIXTURES / "checkpoint.after.md"

R1 = """\
id: R1
title: T
label: spec
status: active
figures:
  save_time_baseline: {value: 178, unit: s}
  save_time_fx100: {value: 94, unit: s}
  bandwidth: {value: 6.40, unit: GB/s}
derived:
  save_speedup: {formula: save_time_baseline / save_time_fx100, unit: "×", decimals: 1}
"""
R2 = """\
id: R2
title: Another report stating 94 s
label: spec
status: active
figures:
  other_time: {value: 94, unit: s, what: Save time on another array}
"""
R3 = """\
id: R3
title: Cluster network
label: spec
status: active
figures:
  link: {value: 1, unit: GiB/s, what: Network bandwidth per node}
"""
OLD = """\
id: R0
title: Retracted
label: spec
status: retracted
figures:
  t: {value: 3.5, unit: GB/s}
"""


def invoke(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.stdout, result.stderr


def _vendor(tmp_path: Path) -> Path:
    root = tmp_path / "vendor"
    shutil.copytree(VENDOR, root)
    return root


def test_vendor_page_before_and_after(tmp_path: Path) -> None:
    root = _vendor(tmp_path)
    code, out, err = invoke("check", str(root))
    assert code == 1 and out.count("FX501") == 18
    code, out, err = invoke("fix", str(root))
    assert code == 0, out
    assert out.count(": fixed '") == 18
    assert "fixed 18 figure(s) in 1 page(s); 0 left" in err
    page = root / "docs" / "index.md"
    assert page.read_text(encoding="utf-8") == AFTER.read_text(encoding="utf-8")
    assert "about [94 s](evidence:R1#save_time_fx100)" in page.read_text(encoding="utf-8")
    code, out, _ = invoke("check", str(root), "--quiet")
    assert (code, out) == (0, "")
    # idempotent: a second run changes nothing
    code, out, err = invoke("fix", str(root))
    assert (code, out) == (0, "")
    assert page.read_text(encoding="utf-8") == AFTER.read_text(encoding="utf-8")


def test_diff_prints_and_writes_nothing(tmp_path: Path) -> None:
    root = _vendor(tmp_path)
    page = root / "docs" / "index.md"
    before = page.read_bytes()
    code, out, err = invoke("fix", str(root), "--diff")
    assert code == 0
    assert page.read_bytes() == before
    assert out.startswith("--- a/docs/index.md\n+++ b/docs/index.md\n")
    assert "+| Snapshot save | [178 s](evidence:R1#save_time_baseline) |" in out
    assert "-| Snapshot save | 178 s | about 94 s |" in out
    assert "(nothing written)" in err and ": fixed '" in err


def test_one_page_and_line_ends_kept(tmp_path: Path, project) -> None:  # type: ignore[no-untyped-def]
    root = project(
        {"R1.yaml": R1},
        pages={"a.md": "# A\n", "b.md": "# B\n"},
    )
    (root / "docs" / "a.md").write_bytes("\ufeff# A\r\n\r\nSaves took 178 s.\r\n".encode())
    (root / "docs" / "b.md").write_text("# B\n\nSaves took 94 s.\n", encoding="utf-8")
    code, out, _ = invoke("fix", str(root / "docs" / "a.md"))
    assert code == 0, out
    assert (root / "docs" / "a.md").read_bytes() == (
        "\ufeff# A\r\n\r\nSaves took [178 s](evidence:R1#save_time_baseline).\r\n".encode()
    )
    assert (root / "docs" / "b.md").read_text(encoding="utf-8") == "# B\n\nSaves took 94 s.\n"


# (page text, rewritten text, what the report says). A row whose text is unchanged
# is refused; the others are the near misses that pass.
CASES = {
    "one figure states it": ("Saves took 178 s.", "Saves took [178 s](evidence:R1#save_time_baseline).", ""),
    "approximation kept outside": (
        "Saves took about 178 s.",
        "Saves took about [178 s](evidence:R1#save_time_baseline).",
        "",
    ),
    "ratio": ("Saves are 1.9× faster.", "Saves are [1.9×](evidence:R1#save_speedup) faster.", ""),
    "precision shown, lower": (
        "Bandwidth: about 6.4 GB/s.", "Bandwidth: about [6.4 GB/s](evidence:R1#bandwidth).", "",
    ),
    "in a heading": ("## Saves in 178 s", "## Saves in [178 s](evidence:R1#save_time_baseline)", ""),
    "in a table": (
        "| a | b |\n| - | - |\n| save | 178 s |",
        "| a | b |\n| - | - |\n| save | [178 s](evidence:R1#save_time_baseline) |",
        "",
    ),
    "two records state it": ("Saves took 94 s.", "Saves took 94 s.", "candidates: R1#save_time_fx100, R2#other_time"),
    "one of two records fits the words: near miss": (
        "The FX100 took 94 s.", "The FX100 took [94 s](evidence:R1#save_time_fx100).", "",
    ),
    "the words fit no figure that states it": (
        "It took 178 s.", "It took 178 s.", "no figure's what or name shares a word",
    ),
    "twice, of something else": (
        "Throughput is twice that of Kafka.", "Throughput is twice that of Kafka.",
        "candidates: R1#save_speedup",
    ),
    "a rate of another record": (
        "The workload reads 1 GiB/s.", "The workload reads 1 GiB/s.", "candidates: R3#link",
    ),
    "a rate of that record: near miss": (
        "Network bandwidth: 1 GiB/s.", "Network bandwidth: [1 GiB/s](evidence:R3#link).", "",
    ),
    "near miss by precision": (
        "Bandwidth: 6.3 GB/s.", "Bandwidth: 6.3 GB/s.", "no record figure states this value",
    ),
    "no record states it": ("Saves took 25 minutes.", "Saves took 25 minutes.", "no record figure states this value"),
    "only a retracted record states it": ("It reads 3.5 GB/s.", "It reads 3.5 GB/s.", "no record figure"),
    "wrong precision": ("It wrote 6.401 GB/s.", "It wrote 6.401 GB/s.", "no record figure"),
    "inside another link's text": (
        "See [the 178 s save](https://x.test).", "See [the 178 s save](https://x.test).",
        "inside another link's text",
    ),
    "inside an image's alt text": ("![a 178 s save bar](c.png)", "![a 178 s save bar](c.png)", "image's alt text"),
    "inside a reference link's text": ("See [the 178 s save][r].\n\n[r]: https://x.test", "See [the 178 s save][r].\n\n[r]: https://x.test", "another link's text"),
    "inside a raw HTML block": ("<div>Raw save 178 s</div>", "<div>Raw save 178 s</div>", "raw HTML block"),
    "after a link: near miss": (
        "Saves, see [the run](https://x.test): 178 s.",
        "Saves, see [the run](https://x.test): [178 s](evidence:R1#save_time_baseline).",
        "",
    ),
    "in brackets, not a link: near miss": (
        "Saves [178 s] fell.", "Saves [[178 s](evidence:R1#save_time_baseline)] fell.", "",
    ),
    "inline HTML in a paragraph: near miss": (
        "<b>Saves:</b> 178 s.", "<b>Saves:</b> [178 s](evidence:R1#save_time_baseline).", "",
    ),
    "in code: not a bare figure": ("Run `sleep 178 s`.", "Run `sleep 178 s`.", ""),
    "already a claim": (
        "Saves took [178 s](evidence:R1#save_time_baseline).",
        "Saves took [178 s](evidence:R1#save_time_baseline).",
        "",
    ),
}  # fmt: skip


@pytest.mark.parametrize("name", list(CASES))
def test_fix_rules(tmp_path: Path, project, name: str) -> None:  # type: ignore[no-untyped-def]
    text, want, says = CASES[name]
    root = project({"R1.yaml": R1, "R2.yaml": R2, "R3.yaml": R3, "R0.yaml": OLD})
    library = load_library(root / "evidence", root)
    assert not [f for f in library.findings if f.severity == "error"]
    page = f"# Page\n\n{text}\n"
    result = fix_page(page, "docs/p.md", library)
    assert result.text == f"# Page\n\n{want}\n"
    if text == want and says:
        assert result.unfixed and says in result.unfixed[0].reason + ", ".join(
            ("candidates: " + ", ".join(result.unfixed[0].candidates),)
        )
    else:
        assert not result.unfixed
    # idempotent
    assert fix_page(result.text, "docs/p.md", library).text == result.text


def test_front_matter_title_is_not_rewritten(tmp_path: Path, project) -> None:  # type: ignore[no-untyped-def]
    root = project({"R1.yaml": R1})
    library = load_library(root / "evidence", root)
    # The title's figure is not the body's: a title may repeat only a figure the page cites.
    page = "---\ntitle: Saves in 94 s\n---\n\n# Page\n\nSaves took 178 s.\n"
    result = fix_page(page, "docs/p.md", library)
    assert result.text == page.replace(
        "took 178 s.", "took [178 s](evidence:R1#save_time_baseline)."
    )
    assert [(u.line, u.col, u.text) for u in result.unfixed] == [(2, 17, "94 s")]
    # The reason is the check's advice for a title: the claim goes in the page's text.
    assert result.unfixed[0].reason == (
        "in the page's title (plain text): "
        "cite it in the page's text as [94 s](evidence:R1#save_time_fx100) "
        "(the title may then repeat it), or remove it"
    )


def test_fix_reports_positions_of_the_original_page(tmp_path: Path, project) -> None:  # type: ignore[no-untyped-def]
    root = project({"R1.yaml": R1})
    library = load_library(root / "evidence", root)
    result = fix_page("Saves from 178 s to 25 minutes and 94 s.\n", "docs/p.md", library)
    assert [(c.line, c.col, c.before) for c in result.changes] == [
        (1, 12, "178 s"),
        (1, 36, "94 s"),
    ]
    assert [(u.line, u.col, u.text) for u in result.unfixed] == [(1, 21, "25 minutes")]


def test_fix_exit_1_while_figures_remain(tmp_path: Path, project) -> None:  # type: ignore[no-untyped-def]
    root = project({"R1.yaml": R1}, pages={"index.md": "# Home\n\nIt took 25 minutes.\n"})
    code, out, err = invoke("fix", str(root))
    assert code == 1
    assert "docs/index.md:3:9: not fixed '25 minutes': no record figure states this value" in out
    assert "1 left to cite by hand" in err


def test_faq_answer_is_rewritten(tmp_path: Path, project) -> None:  # type: ignore[no-untyped-def]
    root = project({"R1.yaml": R1})
    library = load_library(root / "evidence", root)
    page = "---\nfaq:\n  - q: How fast?\n    a: Saves take 178 s now.\n---\n\n# Page\n"
    result = fix_page(page, "docs/p.md", library)
    assert "a: Saves take [178 s](evidence:R1#save_time_baseline) now." in result.text
    assert not result.unfixed
