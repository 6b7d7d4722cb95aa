"""Verification of published output: the build's last gate and ``fxsite audit``.

The gate and the audit are imported on first use: ``fxsite check`` reads pages
with some of this package's modules (:mod:`.scan`, :mod:`.visible`), never
with the gate.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from fxsite.verify.audit import verify_site
    from fxsite.verify.sources import locate_in_sources

__all__ = ["locate_in_sources", "verify_site"]


def __getattr__(name: str) -> Any:
    if name == "verify_site":
        from fxsite.verify.audit import verify_site

        return verify_site
    if name == "locate_in_sources":
        from fxsite.verify.sources import locate_in_sources

        return locate_in_sources
    raise AttributeError(f"module 'fxsite.verify' has no attribute '{name}'")
