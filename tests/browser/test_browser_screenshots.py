"""Every page at 1440 and 390 px, light and dark, drawn in its colour scheme: a
screenshot of its first screen (what a reader sees on arrival) must show something, and
is saved under test-output/screenshots/ for people to look at (CI keeps them as
artifacts). Each is taken on the load of the page that the sweep (conftest.py's
``drawn``) reads. Full-page screenshots of every page, side by side, are what
``make screens`` draws (tools/screens.py)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from conftest import Drawn
    from playwright.sync_api import Page

pytestmark = pytest.mark.browser

SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-output" / "screenshots"
VARIANTS = [
    # (file name suffix, session fixture, Material colour scheme)
    ("1440-light", "desktop", "default"),
    ("1440-dark", "dark", "slate"),
    ("390-light", "phone", "default"),
    ("390-dark", "phone_dark", "slate"),
]
SUFFIX = {session_name: suffix for suffix, session_name, _ in VARIANTS}
#: Read on every page by the sweep, one load a page and session.
SWEEP = {
    "scheme": (
        "() => document.body.getAttribute('data-md-color-scheme')",
        tuple(session_name for _, session_name, _ in VARIANTS),
    )
}
#: The screenshots this process wrote in this run.
TAKEN: set[Path] = set()


def shot_name(page_path: str, suffix: str) -> str:
    return (page_path.strip("/").replace("/", "-") or "home") + f"-{suffix}.png"


def after_sweep(session_name: str, path: str, page: Page) -> None:
    """Photograph the page the sweep has drawn: only the page itself (no search overlay,
    tooltip or hover state), written beside its place and moved there whole (another
    worker may be writing the same file)."""
    if session_name not in SUFFIX:
        return
    page.mouse.move(0, 0)
    page.evaluate("() => document.fonts.ready")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    out = SCREENSHOTS / shot_name(path, SUFFIX[session_name])
    part = out.with_name(f"{out.name}.{os.getpid()}.part")
    # CSS pixels: a 390 px phone shot is 390 px wide whatever the device scale.
    page.screenshot(path=str(part), type="png", animations="disabled", scale="css")
    os.replace(part, out)
    TAKEN.add(out)


@pytest.mark.parametrize(
    ("suffix", "session_name", "scheme"), VARIANTS, ids=[v[0] for v in VARIANTS]
)
def test_screenshot(
    page_path: str, suffix: str, session_name: str, scheme: str, drawn: Drawn
) -> None:
    assert drawn.on(session_name, page_path, "scheme") == scheme
    out = SCREENSHOTS / shot_name(page_path, suffix)
    assert out in TAKEN, f"{out}: not taken in this run"
    data = out.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 20_000, f"{out}: {len(data)} bytes"
