# Set-up and everyday commands. `make play` and `make test` are all a newcomer needs.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play play-terminal test lint typecheck unit unit-compiled unit-postgres bench browser \
	catalogue fast pure clean screenshots lighthouse

# The tests that talk to a server through its API or a WebSocket: `unit` runs them on SQLite
# with the rest, then again on a throw-away PostgreSQL (unit-postgres).
SERVER_TESTS := tests/test_web_*.py tests/test_messages.py tests/test_options.py

# The Makefile too: a venv made before an extra was added here gets it.
$(STAMP): pyproject.toml Makefile
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[web,test,cli,cluster,rl,postgres,fast]'
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/sagrada serve

# The terminal game, for those without a browser.
play-terminal: $(STAMP)
	$(BIN)/sagrada play

test: $(STAMP) browser lint typecheck unit

# Browser tests drive Debian's Chromium (a test tool's own browser download cannot work here).
browser:
	@command -v chromium >/dev/null 2>&1 || { \
		echo "Installing Debian's chromium for the browser tests..."; \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium >/dev/null; }

lint: $(STAMP)
	$(BIN)/ruff check src tests scripts
	$(BIN)/ruff format --check src tests scripts

typecheck: $(STAMP)
	$(BIN)/mypy src

# The suite's processes (pytest-xdist): one a core, at most 4; the PostgreSQL pass below keeps
# to one, as its tests share one database.
JOBS ?= $(shell $(PYTHON) -c "import os; print(max(1, min(4, len(os.sched_getaffinity(0)))))")

# The whole suite runs on the pure build: a compiled build put in src/ by `make fast` is taken
# out first (`make fast` puts it back from build/fast in a second). The fuzzer plays 320 games
# there (the fewest that still play every tool, mode and combination of rule modules: about
# 2.5 minutes of one core) and its full 480 on the compiled build, three times as fast, below:
# the suite stays within its time.
unit: $(STAMP) pure
	SAGRADA_EXPECT_BUILD=pure SAGRADA_FUZZ_GAMES=320 $(BIN)/pytest -n $(JOBS)
	$(MAKE) --no-print-directory unit-compiled
	$(MAKE) --no-print-directory unit-postgres

# The fuzzer and the golden games again on the compiled build (docs/compiled.md): a compiled
# copy of the package in build/fast (compiled again only when a source it depends on changed),
# first on the path; tests/test_compiled_build.py checks that its compiled modules are the ones
# imported.
COMPILED_TESTS := tests/test_compiled_build.py tests/test_fuzz.py tests/test_golden.py
unit-compiled: $(STAMP)
	$(BIN)/python scripts/compile.py build/fast
	SAGRADA_EXPECT_BUILD=compiled PYTHONPATH=build/fast $(BIN)/pytest -n $(JOBS) -p no:cacheprovider \
		$(COMPILED_TESTS)

# scripts/with_postgres.py installs Debian's postgresql when it is missing, starts a cluster in
# a temporary directory, runs the tests with SAGRADA_TEST_DATABASE_URL, then removes it.
unit-postgres: $(STAMP)
	$(BIN)/python scripts/with_postgres.py -- $(BIN)/pytest $(SERVER_TESTS)

bench: $(STAMP)
	$(BIN)/sagrada bench

# The compiled build (docs/compiled.md): the rules core and the search bots compiled with mypyc
# (the `fast` extra and a C compiler), put beside their sources in src/ where Python imports
# them instead; `sagrada bench` says which build runs. Compiled again only when a source
# changed. `make pure` takes them out.
fast: $(STAMP)
	$(BIN)/python scripts/compile.py --in-place

pure:
	$(PYTHON) scripts/compile.py --remove

# The pages measured (docs/measuring.md): the screenshot set into docs/screenshots/
# (SCREENSHOT_LANG=de: the German one, into docs/screenshots/de/), and Lighthouse on the lobby
# and a game page (npm's lighthouse@12.2.3 into build/lighthouse the first time).
SCREENSHOT_LANG ?= en
screenshots: $(STAMP) browser
	$(BIN)/python scripts/screenshots.py --lang $(SCREENSHOT_LANG)

lighthouse: $(STAMP) browser
	$(BIN)/python scripts/lighthouse.py

# Compile the message catalogues (src/sagrada/locale/*/LC_MESSAGES/sagrada.po) after editing
# them; a test fails while a compiled catalogue is stale.
catalogue: $(STAMP)
	$(BIN)/pybabel compile -d src/sagrada/locale -D sagrada

clean:
	rm -rf $(VENV) build dist .mypy_cache .pytest_cache .ruff_cache
