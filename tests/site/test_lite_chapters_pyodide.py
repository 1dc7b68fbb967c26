"""Every chapter runs in the browser's Python: the site's own Pyodide (Python 3.14) and wheels.

lite_pyodide_chapters.mjs runs each chapter of the live site, cell after cell, in an IPython shell
in Pyodide under Node, loading packages from each cell's imports as the JupyterLite kernel does
(from the site's lock only). It runs the book's own notebook, checks included: the live copy is
that notebook without its check cells (tests/site/test_lite_build.py), and no visible cell needs
one (tests/book/test_chapter_cells.py), so what holds here holds there, and the checks hold in
the browser's Python too. A chapter must not need a thread, a subprocess or a package the site
does not ship. Run by `make test` after `make book`.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from lite_browser import CHAPTERS, LITE, LIVE_PAGE, ZH_CHAPTERS
from site_browser import ROOT, SITE

HERE = Path(__file__).resolve().parent

#: Chapters that need a package the site cannot ship, and the errors that this causes (matplotlib
#: and pandas exist for Pyodide only as Pyodide's own builds, on neither PyPI nor npm). None today:
#: the chapters draw their charts with the library's own SVG (e.g. `rulesbook.inferno.show_track`).
CANNOT_SHIP: dict[str, list[str]] = {}


@pytest.fixture(scope="module")
def report() -> dict:
    if not (SITE / LIVE_PAGE).is_file():
        pytest.fail("the live site is not built: run `make book` (LITE=1, the default)")
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is missing (make book needs it too, for npm)")
    done = subprocess.run(
        [node, str(HERE / "lite_pyodide_chapters.mjs"), str(LITE), str(ROOT), *(f"{name}.ipynb" for name in CHAPTERS + ZH_CHAPTERS)],
        capture_output=True, text=True, timeout=600,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_the_browser_runs_python_3_14(report):
    assert report["python"].startswith("3.14.")


@pytest.mark.parametrize("name", CHAPTERS + ZH_CHAPTERS)
def test_the_chapter_runs_in_pyodide(report, name):
    chapter = report["chapters"][f"{name}.ipynb"]
    assert chapter["cells"] > 0
    assert [error["error"] for error in chapter["errors"]] == CANNOT_SHIP.get(name, [])
