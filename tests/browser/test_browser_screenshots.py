"""Full-page screenshots of every page at 1440 and 390 px, light and dark, for people
to look at: saved under test-output/screenshots/ (CI keeps them as artifacts)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from conftest import Session

pytestmark = pytest.mark.browser

VARIANTS = [
    # (file name suffix, session fixture, Material colour scheme)
    ("1440-light", "desktop", "default"),
    ("1440-dark", "dark", "slate"),
    ("390-light", "phone", "default"),
    ("390-dark", "phone_dark", "slate"),
]


def shot_name(page_path: str, suffix: str) -> str:
    return (page_path.strip("/").replace("/", "-") or "home") + f"-{suffix}.png"


@pytest.mark.parametrize(
    ("suffix", "session_name", "scheme"), VARIANTS, ids=[v[0] for v in VARIANTS]
)
def test_screenshot(
    page_path: str,
    suffix: str,
    session_name: str,
    scheme: str,
    screenshots: Path,
    request: pytest.FixtureRequest,
) -> None:
    session: Session = request.getfixturevalue(session_name)
    page = session.goto(page_path)
    assert page.locator("body").get_attribute("data-md-color-scheme") == scheme
    # Only the page itself: no search overlay, tooltip or hover state.
    page.mouse.move(0, 0)
    page.evaluate("() => document.fonts.ready")
    out = screenshots / shot_name(page_path, suffix)
    out.unlink(missing_ok=True)
    # CSS pixels: a 390 px phone shot is 390 px wide whatever the device scale.
    page.screenshot(path=str(out), full_page=True, animations="disabled", scale="css")
    data = out.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 20_000, f"{out}: {len(data)} bytes"
