# Two commands do all the set-up from a fresh clone:
#   make site   creates .venv, installs fxsite, builds the demo site into site/
#   make test   installs the test extras, lints, type-checks and runs every test
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
NPM    ?= npm
# pytest-xdist workers for `make test`: one per core (TEST_WORKERS=0 runs in one process).
TEST_WORKERS ?= auto

.PHONY: site test lint check serve bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Stamp files re-run the install whenever pyproject.toml changes.
$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@ $(VENV)/.installed

tests/browser/node_modules/axe-core/axe.min.js: tests/browser/package-lock.json
	@if command -v $(NPM) >/dev/null 2>&1; then \
		$(NPM) ci --prefix tests/browser --no-audit --no-fund --loglevel=error; \
	else echo "npm not found: the accessibility checks will be skipped (CI fails instead)"; fi

# The demo is signed with a TEST key that is public in this repository (never a real key).
DEMO_KEY := tests/keys/demo-test-key

site: $(VENV)/.installed
	$(BIN)/fxsite build . --sign $(DEMO_KEY)

check: $(VENV)/.installed
	$(BIN)/fxsite check .

serve: $(VENV)/.installed
	$(BIN)/mkdocs serve

lint: $(VENV)/.installed-test
	$(BIN)/ruff check fxsite tests benchmarks tools
	$(BIN)/ruff format --check fxsite tests benchmarks tools
	$(BIN)/mypy
	$(BIN)/fxsite schema --check .

test: $(VENV)/.installed-test tests/browser/node_modules/axe-core/axe.min.js lint
	$(BIN)/fxsite build . --sign $(DEMO_KEY)
	$(BIN)/python -m pytest -n $(TEST_WORKERS) --dist loadgroup

# Screenshots of every page of the demo at 390 and 1440 px, light and dark, into
# screens/ (ignored), with screens/index.html showing them side by side.
.PHONY: screens
screens: $(VENV)/.installed-test
	$(BIN)/python tools/screens.py

# Ratios to plain MkDocs at 1x, 4x and 16x the base size, then a site of 10,000 records.
bench: $(VENV)/.installed-test
	$(BIN)/python benchmarks/scale.py
	$(BIN)/python benchmarks/scale.py --records 10000 --pages 2000 --sizes 1 --runs 1 --build-only
	$(BIN)/python benchmarks/breakdown.py
	$(BIN)/python benchmarks/detector_bench.py

clean:
	rm -rf site .pytest_cache .mypy_cache .ruff_cache test-output
