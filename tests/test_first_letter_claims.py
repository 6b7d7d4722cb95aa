"""A ``::first-letter`` rule that hides the first character of a claim (the claim the
first text of a block: ``.fx-stat::first-letter{font-size:0}`` drew "1.9×" as "9×";
blind61) is told (FX503), in the page reader both check and the gate use; a rule on a
block whose first letter is prose hides that letter only (the near miss)."""

from __future__ import annotations

from fxsite.verify.scan import scan_content

CLAIM = (
    '<a class="fx-claim" data-fx-ref="R1#save_speedup" data-fx-value="1.9" '
    'data-fx-unit="×" href="#">1.9×</a>'
)


def _notes(html: str) -> list[tuple[str, str | None]]:
    scan = scan_content(html)
    assert scan.page is not None
    return [(n.code, n.text) for n in scan.page.notes if n.code == "FX503"]


def test_a_first_letter_rule_on_a_claim_is_told() -> None:
    html = f"<style>.stat::first-letter{{font-size:0}}</style><div class=stat><span>{CLAIM}</span></div>"
    assert _notes(html) == [("FX503", "1.9×")]


def test_near_miss_a_first_letter_of_prose_is_no_claims() -> None:
    html = f"<style>.stat::first-letter{{font-size:0}}</style><div class=stat>Up {CLAIM}</div>"
    assert _notes(html) == []
