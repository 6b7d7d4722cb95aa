"""The ``fxsite`` script's entry point, which imports little itself.

The command line (:mod:`fxsite.cli`) takes a second or so to import; a Ctrl-C then is
told as click tells one later, ``Aborted!`` (exit 1), never a Python traceback
(blind74). ``python -m fxsite`` comes here too.
"""

from __future__ import annotations

import gc
import sys
from typing import NoReturn

__all__ = ["main"]


def main() -> NoReturn:
    """Import the command line and run it; a Ctrl-C while it is imported aborts. The
    garbage collector waits while it is imported (modules leave little garbage, and it
    would walk them all)."""
    gc.disable()
    try:
        from fxsite.cli import main as run
    except KeyboardInterrupt:
        sys.stderr.write("Aborted!\n")
        sys.exit(1)
    finally:
        gc.enable()
    run()
