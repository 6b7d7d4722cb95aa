"""``tests/first_run_costs.json``, the order a fresh clone's run hands out its costliest
units in (``costliest_first`` in ``tests/conftest.py``), names units that exist: a group
(``tests/browser``, a test file) or a test of a file, by its function's name."""

from __future__ import annotations

import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_every_unit_named_exists() -> None:
    costs = json.loads((ROOT / "tests" / "first_run_costs.json").read_text(encoding="utf-8"))
    assert costs and all(isinstance(v, (int, float)) and v > 0 for v in costs.values())
    gone = []
    for key in costs:
        path, _, test = key.partition("::")
        if not (ROOT / path).exists():
            gone.append(key)
        elif test:
            name = re.sub(r"\[.*", "", test)
            if f"def {name}(" not in (ROOT / path).read_text(encoding="utf-8"):
                gone.append(key)
    assert gone == [], f"gone from the suite: {gone} (remeasure tests/first_run_costs.json)"
