"""``python -m fxsite``: the command line (as the ``fxsite`` script).

``-m`` puts the current folder first on ``sys.path``: a ``click.py``, a
``yaml/`` or a stale ``fxsite/`` there would be imported instead of the
installed ones. So, unless Python was started with ``-P`` or ``-I``, this
starts again with ``-P`` before importing anything else. (A whole ``fxsite/``
package in the current folder is imported before this file runs: only the
``fxsite`` script, ``python -P`` or ``python -I`` avoid it.)
"""

import os
import sys

if not (sys.flags.safe_path or sys.flags.isolated):
    os.execv(sys.executable, [sys.executable, "-P", "-m", "fxsite", *sys.argv[1:]])  # noqa: S606

# only once the current folder is off sys.path
from fxsite.cli import main

main()
