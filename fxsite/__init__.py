"""fxsite: every published figure backed by an evidence record."""

from __future__ import annotations

from fxsite.findings import ConfigError, Finding, FxsiteError, RefusedError

__all__ = ["STAMP", "ConfigError", "Finding", "FxsiteError", "RefusedError", "__version__"]

__version__ = "0.1.0"

#: ``<meta name="fxsite-build">``: the plugin writes it on every page, the audit requires it.
STAMP = "fxsite-build"
