# The project's jobs. `make book` builds the static site; `make test` runs every test.
# Both install what they need into .venv (and node_modules) on a fresh machine.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# The packages are installed by uv (from PyPI, pinned below), which fetches and unpacks them side by
# side: on a fresh machine the test install took 34 s against pip's 235 s, the same versions.
# What they leave out, and why: tools/excluded-packages.txt.
UV_VERSION := 0.13.9
export UV_LINK_MODE := copy
UV := $(BIN)/uv
PIP := $(UV) pip install --python $(BIN)/python --quiet --excludes tools/excluded-packages.txt
BOOK_STAMP := $(VENV)/.installed-book
# A .venv made before the live part's builders had a venv of their own (.venv-lite) loses them.
UNINSTALL_LITE := $(UV) pip uninstall --python $(BIN)/python --quiet jupyterlite-core jupyterlite-pyodide-kernel
TEST_STAMP := $(VENV)/.installed-test
LAB_STAMP := $(VENV)/.installed-lab
BENCH_STAMP := $(VENV)/.installed-bench
MUTATE_STAMP := $(VENV)/.installed-mutate
# From the npm registry at the versions widgets/ pins: the Jupyter widget manager, for a page
# with widgets other than boards, and axe-core, for the site tests.
NODE_STAMP := widgets/node_modules/.installed
WIDGET_RUNTIME := _build/widget-runtime
# Debian's headless shell of Chromium runs the browser tests (tests/site/site_browser.py says why);
# the benchmarks time the desktop browser a reader has.
HEADLESS_SHELL := /usr/lib/chromium/chromium-headless-shell
CHROMIUM := /usr/lib/chromium/chromium

.PHONY: book test bench lab mutate clean widget-runtime chromium headless-shell

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# pip stays in the venv, upgraded: tools/lite.py downloads the live site's wheels with it.
$(UV): | $(BIN)/python
	$(BIN)/python -m pip --disable-pip-version-check --quiet install uv==$(UV_VERSION)
	$(PIP) --upgrade pip

$(BOOK_STAMP): pyproject.toml tools/excluded-packages.txt | $(UV)
	$(PIP) -e '.[book]'
	touch $@

# The tests' packages include the book's; the live part's builders have their own venv (below).
$(TEST_STAMP): pyproject.toml tools/excluded-packages.txt | $(UV)
	$(PIP) -e '.[test]'
	$(UNINSTALL_LITE)
	touch $@ $(BOOK_STAMP)

# The benchmarks also need python-chess, to measure the engines against (never a runtime dependency).
$(BENCH_STAMP): pyproject.toml tools/excluded-packages.txt | $(UV)
	$(PIP) -e '.[test,bench]'
	touch $@ $(TEST_STAMP) $(BOOK_STAMP)

# Mutation testing runs the tests under mutmut (pyproject's `mutate` extra, pinned).
$(MUTATE_STAMP): pyproject.toml tools/excluded-packages.txt | $(UV)
	$(PIP) -e '.[test,mutate]'
	touch $@ $(TEST_STAMP) $(BOOK_STAMP)

$(LAB_STAMP): pyproject.toml tools/excluded-packages.txt | $(UV)
	$(PIP) -e '.[lab]'
	$(UNINSTALL_LITE)
	touch $@

$(NODE_STAMP): widgets/package.json widgets/package-lock.json
	cd widgets && npm ci --no-audit --no-fund --ignore-scripts --loglevel=error
	touch $@

widget-runtime: $(NODE_STAMP)
	$(PYTHON) widgets/copy_to_site.py $(WIDGET_RUNTIME)

# Debian's Chromium, installed only when missing (never `playwright install`): its headless shell
# for the tests, the browser itself for the benchmarks.
headless-shell:
	@test -x $(HEADLESS_SHELL) || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq -o=Dpkg::Use-Pty=0 chromium-headless-shell > /dev/null)

chromium:
	@test -x $(CHROMIUM) || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq -o=Dpkg::Use-Pty=0 chromium > /dev/null)

## book: build the static site into _build/html
# The last line says how to read it: every page and its boards work opened from a file; the live
# part (JupyterLite: its service worker needs http on localhost, or https) and the Play pages (their
# engine, Pyodide in a Web Worker, which a page opened from a file cannot start) need a server.
SERVE := python3 -m http.server -d $(CURDIR)/_build/html
BOOK_BUILT = The book is built: open file://$(CURDIR)/_build/html/index.html (every page and its boards work from a file)$(if \
	$(filter 0,$(LITE)),.,; the "Run live" button and the Play pages (Python in the browser) need a server: $(SERVE), then open http://localhost:8000/)
# tools/chapters.py runs each chapter whose code or library changed under nbval (pytest --nbval-lax, two at a time) into the
# jupyter-cache that the build reads (execute_notebooks: cache); a chapter that fails stops here.
# jupyter-book runs only when a source of the pages changed (or a chapter ran again, which writes
# the cache's chapter-inputs.json): a rebuild with nothing changed is left at that.
# The live part and the pages are built side by side under `make -j` (as `make test` does): the
# pages do not read the live part, and jupyter-book, one process, leaves a core to the live build.
book: $(BOOK_STAMP) widget-runtime lite pages
	@echo '$(BOOK_BUILT)'

.PHONY: pages
pages: $(BOOK_STAMP) widget-runtime
	$(BIN)/python tools/chapters.py
	$(MAKE) --no-print-directory $(SITE_STAMP)

## test: every test — the types of src/ (mypy), the library, every chapter (run once, by the
## book build) and the built site; the slowest tests are listed at the end, to keep the run short
# The tests run on every core (pytest-xdist; TEST_WORKERS=0 runs them in this process; two workers
# a core measured slower on 2 cores: 935 s against 794 s), a file's tests on one worker, so that a
# module's fixture (a Pyodide or JupyterLite run) is made once, the longest files first
# (tests/conftest.py, LONGEST_FIRST; xdist's own order, by the number of tests in a file, would
# start the few long ones last and leave a core idle at the end).
# On a fresh machine the installs (Python packages, npm packages) run side by side; then the type
# check and every test that needs no built book (EARLY_TESTS: the library's, the lab's, the
# README's) run beside the book build (its live part beside its pages: the live part's build and
# jupyter-book's are one process each, which would leave a core idle) and Chromium's install (only
# the site's tests use it); then the tests of the chapters and of the built site (BOOK_TESTS), on
# every core.
TEST_WORKERS ?= auto
BOOK_TESTS := tests/book tests/site
EARLY_TESTS := tests $(BOOK_TESTS:%=--ignore=%)
PYTEST := $(BIN)/python -m pytest -p no:cacheprovider -n $(TEST_WORKERS) --dist loadfile --no-loadscope-reorder
test:
	$(MAKE) --no-print-directory -j4 --output-sync=target $(TEST_STAMP) $(LITE_STAMP) $(NODE_STAMP) $(LITE_NODE_STAMP)
	$(MAKE) --no-print-directory -j5 --output-sync=target headless-shell typecheck early-tests book
	$(PYTEST) $(BOOK_TESTS) --durations=20

.PHONY: typecheck early-tests
typecheck: $(TEST_STAMP)
	$(BIN)/mypy

early-tests: $(TEST_STAMP)
	$(PYTEST) $(EARLY_TESTS) --durations=10

## bench: the benchmarks, with their figures (`make bench BENCH=speed` for some of them)
bench: $(BENCH_STAMP) chromium
	@if [ -z "$(BENCH)" ] || [ -n "$(filter board,$(BENCH))" ]; then \
		test -f _build/html/book/inferno/mighty-bison-king.html || $(MAKE) --no-print-directory book; fi
	$(BIN)/python benchmarks/run.py $(BENCH)

## mutate: mutation testing of the rules packages and their core (not part of `make test`); `make mutate ONLY=hudai`
# mutmut ([tool.mutmut] in pyproject.toml says what is mutated and which tests run) copies the code
# with its mutants to mutants/ and runs, for each mutant, the tests that reach the mutated function,
# with the random simulations at MUTATE_SCALE of their games (tests/simulation_scale.py), one child
# at a time (MUTATE_JOBS). A run picks up where the last one stopped; ONLY=core|inferno|hudai|madness
# (re)runs that package's mutants. The score per package is printed and the surviving mutants, with
# their diffs, are written to mutation-survivors.txt (a generated report, git-ignored).
# `rm -rf mutants` starts over.
MUTATE_SCALE ?= 0.05
MUTATE_JOBS ?= 1
ONLY ?=
mutate: $(MUTATE_STAMP)
	RULESBOOK_TEST_SCALE=$(MUTATE_SCALE) $(BIN)/mutmut run --max-children $(MUTATE_JOBS) $(if $(ONLY),'rulesbook.$(ONLY).*')
	RULESBOOK_TEST_SCALE=$(MUTATE_SCALE) $(BIN)/python tools/mutation_report.py --output mutation-survivors.txt

## lab: open the book in JupyterLab
# JupyterLab refuses to start as root (as in a container) unless told that is intended.
lab: $(LAB_STAMP)
	$(BIN)/jupyter lab book $(if $(filter 0,$(shell id -u)),--allow-root)

clean:
	rm -rf _build .pytest_cache .hypothesis

# --- The live part of the site (issue 16) ------------------------------------------------------
# JupyterLite with every chapter, Python (Pyodide) and the widgets, in _build/html/lite, built by
# tools/lite.py from what lite/ pins: Pyodide from npm (lite/package.json and its lock), the wheels
# the browser loads from PyPI (lite/wheels.txt, with sha256), the builders (pyproject's `lite`
# extra). Downloads stay in lite/node_modules and _build/lite, so a rebuild takes seconds.
# `make book LITE=0` builds the site without it and without its "Run live" links (lite/run_live.py
# reads RULESBOOK_LITE).
# Its builders (pyproject's `lite` extra) sit in a venv of their own, .venv-lite: in .venv their
# JupyterLab extensions (the Pyodide kernel's) would be loaded by the JupyterLab of `make lab`, which
# then logs "Shared module @jupyterlite/services doesn't exist" (issue 24).
LITE ?= 1
export RULESBOOK_LITE := $(LITE)
LITE_VENV := .venv-lite
LITE_STAMP := $(LITE_VENV)/.installed-lite
LITE_NODE_STAMP := lite/node_modules/.installed
.PHONY: lite

# pip stays in it, upgraded: tools/lite.py downloads the live site's wheels with it.
$(LITE_VENV)/bin/python:
	$(PYTHON) -m venv $(LITE_VENV)

$(LITE_STAMP): pyproject.toml tools/excluded-packages.txt | $(UV) $(LITE_VENV)/bin/python
	$(UV) pip install --python $(LITE_VENV)/bin/python --quiet --excludes tools/excluded-packages.txt --upgrade pip -e '.[lite]'
	touch $@

$(LITE_NODE_STAMP): lite/package.json lite/package-lock.json
	cd lite && npm ci --no-audit --no-fund --ignore-scripts --loglevel=error
	touch $@

ifeq ($(LITE),0)
lite:
	rm -rf _build/html/lite
else
lite: $(LITE_STAMP) $(LITE_NODE_STAMP)
	$(LITE_VENV)/bin/python tools/lite.py
endif
# --- end of the live part

# --- The pages: jupyter-book, once the chapters ran (after LITE is set: its value names the stamp)
SITE_STAMP = _build/html/.pages-built-lite$(LITE)
# The zh-TW book (zh-TW/, its own _config.yml and _toc.yml; tools/languages.py says why) is built
# after the English one, into _build/zh-TW, and copied into the site as _build/html/zh-TW.
# .nojekyll: GitHub Pages, publishing a branch, runs the site through Jekyll, which leaves out every
# folder whose name starts with "_" (_static: every page's scripts, styles and boards) without it.
SITE_SOURCES = _toc.yml _config.yml $(shell find book zh-TW _templates locale tools widgets lite src -name node_modules -prune \
	-o -name __pycache__ -prune -o -name _build -prune -o -type f -print) $(wildcard _build/.jupyter_cache/chapter-inputs.json)
$(SITE_STAMP): $(SITE_SOURCES)
	rm -f _build/html/.pages-built-lite*
	$(BIN)/jupyter-book build . --warningiserror --keep-going --quiet
	$(BIN)/jupyter-book build zh-TW --path-output _build/zh-TW --warningiserror --keep-going --quiet
	rm -rf _build/html/zh-TW && cp -r _build/zh-TW/_build/html _build/html/zh-TW
	touch _build/html/.nojekyll $@
