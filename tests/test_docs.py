"""The examples in the documentation run as tests, as python-chess runs its README: every `>>>`
example in a docstring of src/rulesbook (doctest, module by module: each module is imported, the
widgets and the lab too where their extras are installed, as in `make test`), and every ```python
block of README.md, each alone, in a namespace of its own, as a reader pastes one (with a tenth of
the games a simulation plays).

A README block may be left out only with a visible mark as its first line, saying why:
`# not run by the tests: <why>` (for a block that opens a browser or would run for minutes).
"""

from __future__ import annotations

import doctest
import importlib
import json
import pkgutil
import re
from pathlib import Path

import pytest

import rulesbook

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
#: The first line of a README block the tests leave out, with the reason after the colon.
NOT_RUN = "# not run by the tests:"
#: Modules that cannot be imported to read: running the package as a program exits.
NOT_IMPORTED = {"rulesbook.__main__"}
#: The packages an extra installs: a module that needs one is skipped only where it is missing.
EXTRAS = {"anywidget", "ipywidgets", "IPython", "pandas", "matplotlib", "tqdm", "distributed", "dask", "sphinx", "docutils"}
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


def modules() -> list[str]:
    names = [info.name for info in pkgutil.walk_packages(rulesbook.__path__, "rulesbook.")]
    return sorted({"rulesbook", *names} - NOT_IMPORTED)


def imported(name: str):
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as error:
        if (error.name or "").split(".")[0] in EXTRAS:
            pytest.skip(f"{name} needs {error.name}, an extra this environment does not have")
        raise


@pytest.mark.parametrize("name", modules())
def test_the_docstring_examples_of_each_module_run(name):
    module = imported(name)
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    said: list[str] = []
    for test in doctest.DocTestFinder(exclude_empty=True).find(module, name):
        runner.run(test, out=said.append)
    results = runner.summarize(verbose=False)
    assert results.failed == 0, "".join(said)


def test_the_docstrings_have_examples_to_run():
    """The mechanism finds the examples: the core's at least (a finder that finds none passes nothing)."""
    found = {name: sum(len(test.examples) for test in doctest.DocTestFinder().find(importlib.import_module(name)))
             for name in ("rulesbook.core.protocol", "rulesbook.core.data", "rulesbook.core.records", "rulesbook.core.rules")}
    assert all(count >= 3 for count in found.values()), found


def readme_blocks() -> list[tuple[int, str]]:
    """(line, code) of every ```python block of the README, in order."""
    text = README.read_text(encoding="utf-8")
    return [(text[:match.start()].count("\n") + 2, match.group(1))
            for match in re.finditer(r"^```python\n(.*?)^```$", text, re.S | re.M)]


def fewer_games(code: str) -> str:
    """The block with a tenth of each run's games (at least 10): what the test holds is that every
    line runs as written, not the figures the reader's own run would give."""
    return re.sub(r"\bgames=(\d+)", lambda match: f"games={max(10, int(match[1]) // 10)}", code)


def test_fewer_games_keeps_every_call_and_only_shortens_the_runs():
    code = 'lab.simulate("inferno", games=200, players=4)\nlab.sweep("hudai", grid, games=40)\nlab.simulate("x", games=5)'
    assert fewer_games(code) == 'lab.simulate("inferno", games=20, players=4)\nlab.sweep("hudai", grid, games=10)\nlab.simulate("x", games=10)'


def test_each_readme_python_block_runs_alone(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # a block that writes a file writes it here
    # A class's progress, handed in a folder each, as the README's lab.progress line reads it.
    (tmp_path / "handed-in" / "ana").mkdir(parents=True)
    (tmp_path / "handed-in" / "ana" / "rulesbook-progress.json").write_text(json.dumps({
        "format": "rulesbook-progress", "version": 1, "exported": "2026-12-03T18:00:00.000Z", "exercises": [
            {"exercise": "book/inferno/red-boy.html#0123", "page": "book/inferno/red-boy.html", "title": "Where may the Red Boy go?",
             "total": 3, "found": 3, "attempts": 4, "misses": 1, "done": True, "updated": "2026-12-03T17:58:00.000Z"}]}), encoding="utf-8")
    run = left_out = 0
    for line, code in readme_blocks():
        if code.startswith(NOT_RUN):
            assert code.splitlines()[0].removeprefix(NOT_RUN).strip(), f"README line {line}: say why it is not run"
            left_out += 1
            continue
        try:  # a block of its own, as a reader pastes it: it makes or imports all it uses (a first-time reader's audit)
            exec(compile(fewer_games(code), f"README.md, the block at line {line}", "exec"), {"__name__": "readme"})
        except Exception as error:
            raise AssertionError(f"README.md, the block at line {line}: {type(error).__name__}: {error}") from error
        run += 1
    assert run >= 3 and left_out <= 1, (run, left_out)
