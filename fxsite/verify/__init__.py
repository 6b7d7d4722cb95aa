"""Verification of published output: the build's last gate and ``fxsite audit``."""

from fxsite.verify.audit import verify_site
from fxsite.verify.sources import locate_in_sources

__all__ = ["locate_in_sources", "verify_site"]
