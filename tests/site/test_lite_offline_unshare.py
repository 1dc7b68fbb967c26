"""The live site played in JupyterLite with no network at all (`unshare -n`): a chapter, and a board
of each game.

lite_check.py serves the built site and drives Chromium inside a network namespace that has only
a loopback device: Pyodide, every wheel, the notebook and the widgets must come from the site. It
opens the first game's chapter of LIVE_CHECKS, waits for the kernel, runs every cell, clicks the
first board and reads the engine's answer; then edits the first cell to a new position, runs it,
clicks the new board and prints the kernel's own state, which only Python in the page could have
changed. In the same kernel it then makes, clicks and reads a board of each other game.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from lite_browser import LIVE_CHECKS, LIVE_PAGE
from site_browser import CHROMIUM, SITE

HERE = Path(__file__).resolve().parent


@pytest.fixture(scope="module")
def reports() -> dict:
    if not (SITE / LIVE_PAGE).is_file():
        pytest.fail("the live site is not built: run `make book` (LITE=1, the default)")
    if not shutil.which("unshare") or not shutil.which("ip"):
        pytest.fail("unshare or ip is missing")
    if subprocess.run(["unshare", "-n", "true"], capture_output=True).returncode != 0:
        pytest.fail("this user may not create a network namespace (unshare -n needs root)")
    if not Path(CHROMIUM).is_file():
        pytest.fail(f"no Chromium at {CHROMIUM}")
    script = f"ip link set lo up && exec {sys.executable} {HERE / 'lite_check.py'}"
    done = subprocess.run(["unshare", "-n", "sh", "-c", script], capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


#: The game whose chapter is played; the others' boards are made in its kernel.
CHAPTER_GAME = next(iter(LIVE_CHECKS))


def test_a_chapter_plays_live_with_python_in_the_page_and_no_network(reports):
    check, report = LIVE_CHECKS[CHAPTER_GAME], reports[CHAPTER_GAME]
    # Every cell ran, without an error, and every board found its kernel (live mode).
    assert report["notebook"] == check.notebook
    assert report["code_cells"] > 0 and report["cell_errors"] == []
    assert report["boards"] > 0 and report["live_boards"] == report["boards"]
    assert check.answer in report["answer"]


@pytest.mark.parametrize("game", list(LIVE_CHECKS))
def test_a_board_of_each_game_plays_live_with_python_in_the_page_and_no_network(reports, game):
    check, report = LIVE_CHECKS[game], reports[game]
    # The reader's own position: nothing was precomputed for it, Python answered the click.
    assert report["edited_live"] and check.edit_answer in report["edit_answer"]
    assert report["proof"].startswith("HISTORY") and check.proof_says in report["proof"]
    assert report["cell_errors_after"] == []
    # Nothing from outside, nothing missing, nothing in the console.
    assert report["outside"] == [] and report["failed"] == [] and report["errors"] == []
