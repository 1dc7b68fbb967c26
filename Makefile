# The project's jobs. `make book` builds the static site; `make test` runs every test.
# Both install what they need into .venv (and node_modules) on a fresh machine.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PIP := $(BIN)/python -m pip --disable-pip-version-check --quiet
BOOK_STAMP := $(VENV)/.installed-book
TEST_STAMP := $(VENV)/.installed-test
LAB_STAMP := $(VENV)/.installed-lab

.PHONY: book test bench lab clean

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

## book: build the static site into _build/html
book: $(BOOK_STAMP)
	$(BIN)/jupyter-book build . --warningiserror --keep-going --quiet
	@echo "The book is built: open file://$(CURDIR)/_build/html/index.html"

## test: every test — the library (pytest), every chapter (nbval) and the built site
test: $(TEST_STAMP)
	$(MAKE) --no-print-directory book
	$(BIN)/python -m pytest tests book --nbval-lax -p no:cacheprovider

## bench: the benchmarks, with their figures
bench: $(BOOK_STAMP)
	$(BIN)/python benchmarks/run.py

## lab: open the book in JupyterLab
lab: $(LAB_STAMP)
	$(BIN)/jupyter lab book

clean:
	rm -rf _build .pytest_cache .hypothesis
