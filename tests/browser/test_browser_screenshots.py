"""Full-page screenshots for people to look at, saved under test-output/screenshots/."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from conftest import Session

pytestmark = pytest.mark.browser

SHOTS = [
    # (file name, session fixture, path)
    ("home-desktop-light.png", "desktop", "/"),
    ("home-desktop-dark.png", "dark", "/"),
    ("home-phone.png", "phone", "/"),
    ("record-R1-desktop.png", "desktop", "/evidence/R1/"),
    ("library-desktop.png", "desktop", "/evidence/"),
    ("training-bubbles-desktop.png", "desktop", "/training-bubbles/"),
    ("training-bubbles-phone.png", "phone", "/training-bubbles/"),
    ("checkpoint-zh-desktop.png", "desktop", "/zh/checkpoint-acceleration/"),
    ("checkpoint-zh-phone.png", "phone", "/zh/checkpoint-acceleration/"),
]


@pytest.mark.parametrize(("name", "session_name", "path"), SHOTS, ids=[s[0] for s in SHOTS])
def test_screenshot(
    name: str, session_name: str, path: str, screenshots: Path, request: pytest.FixtureRequest
) -> None:
    session: Session = request.getfixturevalue(session_name)
    page = session.goto(path)
    scheme = page.locator("body").get_attribute("data-md-color-scheme")
    assert scheme == ("slate" if session_name == "dark" else "default")
    # Only the page itself: no search overlay, tooltip or hover state.
    page.mouse.move(0, 0)
    page.evaluate("() => document.fonts.ready")
    out = screenshots / name
    out.unlink(missing_ok=True)
    page.screenshot(path=str(out), full_page=True, animations="disabled")
    data = out.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 20_000, f"{out}: {len(data)} bytes"
