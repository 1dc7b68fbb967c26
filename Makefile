# The project's jobs. `make book` builds the static site; `make test` runs every test.
# Both install what they need into .venv (and node_modules) on a fresh machine.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PIP := $(BIN)/python -m pip --disable-pip-version-check --quiet
BOOK_STAMP := $(VENV)/.installed-book
TEST_STAMP := $(VENV)/.installed-test
LAB_STAMP := $(VENV)/.installed-lab
# From the npm registry at the versions widgets/ pins: the Jupyter widget manager, for a page
# with widgets other than boards, and axe-core, for the site tests.
NODE_STAMP := widgets/node_modules/.installed
WIDGET_RUNTIME := _build/widget-runtime
CHROMIUM := /usr/lib/chromium/chromium

.PHONY: book test bench lab clean widget-runtime chromium

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(PIP) install --upgrade pip

$(BOOK_STAMP): pyproject.toml | $(BIN)/python
	$(PIP) install -e '.[book]'
	touch $@

$(TEST_STAMP): pyproject.toml | $(BIN)/python
	$(PIP) install -e '.[test]'
	touch $@ $(BOOK_STAMP)

$(LAB_STAMP): pyproject.toml | $(BIN)/python
	$(PIP) install -e '.[lab]'
	touch $@

$(NODE_STAMP): widgets/package.json widgets/package-lock.json
	cd widgets && npm ci --no-audit --no-fund --ignore-scripts --loglevel=error
	touch $@

widget-runtime: $(NODE_STAMP)
	$(PYTHON) widgets/copy_to_site.py $(WIDGET_RUNTIME)

# Debian's Chromium for the browser tests, installed only when missing (never `playwright install`).
chromium:
	@test -x $(CHROMIUM) || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium)

## book: build the static site into _build/html
# --all: a chapter's outputs depend on the library and the widgets' JavaScript, not only on
# its own text, so every chapter is executed again on each build.
book: $(BOOK_STAMP) widget-runtime
	$(BIN)/jupyter-book build . --all --warningiserror --keep-going --quiet
	@echo "The book is built: open file://$(CURDIR)/_build/html/index.html"

## test: every test — the library (pytest), every chapter (nbval) and the built site
test: $(TEST_STAMP) chromium
	$(MAKE) --no-print-directory book
	$(BIN)/python -m pytest tests book --nbval-lax -p no:cacheprovider

## bench: the benchmarks, with their figures
bench: $(TEST_STAMP) chromium
	@test -f _build/html/book/inferno/mighty-bison-king.html || $(MAKE) --no-print-directory book
	$(BIN)/python benchmarks/run.py

## lab: open the book in JupyterLab
lab: $(LAB_STAMP)
	$(BIN)/jupyter lab book

clean:
	rm -rf _build .pytest_cache .hypothesis
