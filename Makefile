# Set-up and everyday commands. `make play` and `make test` are all a newcomer needs.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play play-terminal test lint typecheck unit unit-postgres bench browser catalogue clean

# The tests that talk to a server through its API or a WebSocket: `unit` runs them on SQLite
# with the rest, then again on a throw-away PostgreSQL (unit-postgres).
SERVER_TESTS := tests/test_web_*.py tests/test_messages.py tests/test_options.py

# The Makefile too: a venv made before an extra was added here gets it.
$(STAMP): pyproject.toml Makefile
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[web,test,cli,cluster,rl,postgres]'
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

typecheck: $(STAMP)
	$(BIN)/mypy src

unit: $(STAMP)
	$(BIN)/pytest
	$(MAKE) --no-print-directory unit-postgres

# scripts/with_postgres.py installs Debian's postgresql when it is missing, starts a cluster in
# a temporary directory, runs the tests with SAGRADA_TEST_DATABASE_URL, then removes it.
unit-postgres: $(STAMP)
	$(BIN)/python scripts/with_postgres.py -- $(BIN)/pytest $(SERVER_TESTS)

bench: $(STAMP)
	$(BIN)/sagrada bench

# Compile the message catalogues (src/sagrada/locale/*/LC_MESSAGES/sagrada.po) after editing
# them; a test fails while a compiled catalogue is stale.
catalogue: $(STAMP)
	$(BIN)/pybabel compile -d src/sagrada/locale -D sagrada

clean:
	rm -rf $(VENV) build dist .mypy_cache .pytest_cache .ruff_cache
