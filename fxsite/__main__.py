"""``python -m fxsite``: the command line (as the ``fxsite`` script)."""

from fxsite.cli import main

main()
