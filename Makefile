# Two commands do all the set-up from a fresh clone:
#   make site   creates .venv, installs fxsite, builds the demo site into site/
#   make test   installs the test extras, lints, type-checks and runs every test
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
NPM    ?= npm
# pytest-xdist workers for `make test`: two a core and one more, since a worker waits on the
# builds, servers and browsers it starts (on 2 cores, pytest took 5:11 with 2 workers, 4:50
# with 3, 4:24 with 4 and 4:13 with 5); TEST_WORKERS=0 runs in one process.
TEST_WORKERS ?= $(shell echo $$(( 2 * $$(nproc 2>/dev/null || echo 1) + 1 )))

.PHONY: site test lint check serve bench clean

# The venv gets uv (from PyPI, by pip): it installs what pip would, several times faster.
# Where uv cannot be installed, pip is upgraded and installs; where uv fails, pip installs.
$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet uv || $(BIN)/python -m pip install --quiet --upgrade pip

# `$(call install,REQUIREMENT)`: with the venv's uv, bytecode compiled as pip compiles it
# (the tests start many Python processes), else with pip.
install = { [ -x $(BIN)/uv ] && $(BIN)/uv pip install --quiet --compile-bytecode \
	--python $(BIN)/python $(1); } || $(BIN)/python -m pip install --quiet $(1)

# Stamp files re-run the install whenever pyproject.toml changes.
$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(call install,-e .)
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(call install,-e '.[test]')
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
	$(BIN)/python tools/hiding_table.py --check

# fxsite compiled once (also where PYTHONDONTWRITEBYTECODE is set: each `fxsite` the tests
# start reads its bytecode), the lint, the demo build and the test files' rewriting at once,
# then the tests.
test: $(VENV)/.installed-test tests/browser/node_modules/axe-core/axe.min.js
	$(BIN)/python -m compileall -q fxsite
	$(MAKE) --no-print-directory -j2 --output-sync=target lint site tests-rewritten
	$(BIN)/python -m pytest -n $(TEST_WORKERS) --dist loadgroup

# Every pytest-xdist worker collects every test file. pytest rewrites their asserts and
# caches the result in __pycache__ (never where PYTHONDONTWRITEBYTECODE is set), so this one
# collection rewrites them once for all the workers: a worker then collects in 5 s, not 11.
.PHONY: tests-rewritten
tests-rewritten: $(VENV)/.installed-test
	env -u PYTHONDONTWRITEBYTECODE $(BIN)/python -m pytest --collect-only -q -p no:cacheprovider >/dev/null

# Screenshots of every page of the demo at 390 and 1440 px, light and dark, into
# screens/ (ignored), with screens/index.html showing them side by side.
.PHONY: screens
screens: $(VENV)/.installed-test
	$(BIN)/python tools/screens.py

# A sample of rules, each broken where it is decided (tools/mutants.py): each must fail a test.
.PHONY: mutants
mutants: $(VENV)/.installed-test
	$(BIN)/python tools/mutants.py

# Ratios to plain MkDocs at 1x, 4x and 16x the base size, then a site of 10,000 records.
bench: $(VENV)/.installed-test
	$(BIN)/python benchmarks/scale.py
	$(BIN)/python benchmarks/scale.py --records 10000 --pages 2000 --sizes 1 --runs 1 --build-only
	$(BIN)/python benchmarks/breakdown.py
	$(BIN)/python benchmarks/detector_bench.py

clean:
	rm -rf site .pytest_cache .mypy_cache .ruff_cache test-output
