"""``python -m fxsite``: the command line (as the ``fxsite`` script).

``-m`` puts the current folder first on ``sys.path``: a ``click.py``, a
``yaml/`` or a stale ``fxsite/`` there would be imported instead of the
installed ones. So, unless Python was started with ``-P`` or ``-I``, the folder
is taken off ``sys.path`` before anything else is imported; if a module imported
before this file ran (this package, what it imports) was read from it, this
starts again with ``-P`` instead. (A whole ``fxsite/`` package in the current
folder is imported before this file runs: only the ``fxsite`` script,
``python -P`` or ``python -I`` avoid it.)
"""

import os
import sys


def _read_from(folder: str) -> bool:
    """Whether a module already imported was read from ``folder`` or a folder in it."""
    here = os.path.realpath(folder)
    for module in list(sys.modules.values()):
        places = [getattr(module, "__file__", None), *(getattr(module, "__path__", None) or ())]
        for place in places:
            if not isinstance(place, str):
                continue
            try:
                if os.path.commonpath([here, os.path.realpath(place)]) == here:
                    return True
            except ValueError:  # another drive: not in the folder
                continue
    return False


if not (sys.flags.safe_path or sys.flags.isolated):
    if not sys.path or _read_from(sys.path[0] or os.getcwd()):
        os.execv(sys.executable, [sys.executable, "-P", "-m", "fxsite", *sys.argv[1:]])  # noqa: S606
    del sys.path[0]

# only once the current folder is off sys.path
from fxsite.entry import main  # noqa: E402

main()
