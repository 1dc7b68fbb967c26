"""Live mode in a real JupyterLab: the board's clicks go to the kernel, which referees them.

A notebook with a board on a game moment is opened in JupyterLab (served on 127.0.0.1) and run in
Debian's Chromium. A click on the page must reach Python: the kernel's own `board.history` shows
the move afterwards, and the move was never precomputed (moves=0), so only Python could answer.
JupyterLab's own console stays quiet about the live site's builders: they have a venv of their own
(.venv-lite), so their JupyterLab extensions are not loaded here (issue 24).
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

CELLS = [
    "from rulesbook.inferno import game_moment\n"
    "from rulesbook.widgets import InfernoBoard\n"
    "moment = game_moment('MK+1@R PM+1 SB+1@B DH+1', ['MK+2 BISON FAN', 'GUANYIN'])\n"
    "board = InfernoBoard.game(moment, moves=0)\n"
    "board",
    "print('HISTORY', board.history)",
]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def lab(tmp_path):
    notebook = {
        "cells": [{"cell_type": "code", "metadata": {}, "execution_count": None, "outputs": [], "source": source} for source in CELLS],
        "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    (tmp_path / "live.ipynb").write_text(json.dumps(notebook))
    port = free_port()
    command = [
        sys.executable, "-m", "jupyterlab", "--no-browser", f"--port={port}", "--ServerApp.ip=127.0.0.1",
        "--ServerApp.token=", "--ServerApp.password=", f"--ServerApp.root_dir={tmp_path}",
        "--LabApp.news_url=", "--ServerApp.disable_check_xsrf=True",
    ]
    if os.geteuid() == 0:
        command.append("--allow-root")
    log = open(tmp_path / "lab.log", "w")  # noqa: SIM115 (closed below)
    server = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, cwd=tmp_path)
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.3)
        else:
            pytest.fail("JupyterLab did not start within 60 s")
        yield f"http://127.0.0.1:{port}/lab/tree/live.ipynb"
    finally:
        server.terminate()
        server.wait(timeout=30)
        log.close()


def run_cell(page, index: int) -> None:
    page.locator(".jp-Notebook .jp-Cell").nth(index).locator(".jp-InputArea-editor").click()
    page.keyboard.press("Shift+Enter")


def test_a_click_in_jupyterlab_is_refereed_by_the_kernel(lab, tmp_path, browser_context):
    # The session's Chromium (a second Playwright in the same thread would find the first one's loop).
    page = browser_context.new_page()
    console = []
    page.on("console", lambda message: console.append(f"{message.type}: {message.text}"))
    try:
        page.goto(lab)
        page.wait_for_selector(".jp-Notebook .jp-Cell .jp-InputArea-editor", timeout=60_000)
        page.wait_for_function("() => document.body.innerText.includes('| Idle')", timeout=60_000)  # kernel ready
        run_cell(page, 0)
        try:
            page.wait_for_selector(".rb-board [data-place]", timeout=60_000)
        except Exception:
            page.screenshot(path=str(tmp_path / "lab.png"))
            pytest.fail(f"the board did not render (see {tmp_path / 'lab.png'}); server log:\n"
                        + (tmp_path / "lab.log").read_text()[-3000:])
        board = page.locator(".rb-board").first
        board.locator('[data-hand="1"]').click()  # the Mighty Bison King
        board.locator('[data-place="0,1"]').click()
        page.wait_for_function(
            "() => document.querySelector('.rb-board .rb-message').textContent.includes('red pawn now stands at (0, 1)')",
            timeout=30_000,
        )
        board.locator('[data-place="0,3"]').click()  # with no card chosen now: a hint, not a move
        run_cell(page, 1)
        # The second cell's own output (text=HISTORY would match the cell's own code at once).
        output = page.locator(".jp-OutputArea-output").filter(has_text=re.compile("HISTORY"))
        output.first.wait_for(timeout=30_000)
        printed = output.first.text_content()
        assert "'bison R 0,1'" in printed and printed.count("[") == 3  # the start and one move
        assert not [line for line in console if "jupyterlite" in line.lower() or "Shared module" in line], console
    finally:
        page.close()


def test_jupyterlab_has_none_of_the_live_sites_builders():
    """`make lab`'s JupyterLab (this venv) would load the Pyodide kernel's extension, and log that a
    shared module is missing, if the live site's builders were installed beside it."""
    extensions = Path(sys.prefix) / "share" / "jupyter" / "labextensions"
    assert (extensions / "anywidget").is_dir()  # the widgets' extension is here, as it must be
    assert not list(extensions.glob("@jupyterlite/*/package.json"))  # no JupyterLite extension to load
    assert importlib.util.find_spec("jupyterlite_core") is None
