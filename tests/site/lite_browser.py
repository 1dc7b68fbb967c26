"""The live site (JupyterLite in _build/html/lite) in a real browser: shared by its tests and `make bench`.

`open_live` opens a chapter's notebook as a reader's "Run live" link does and waits for the
kernel; `run_all` runs every cell from the menu; `LIVE_CHECKS` says, for each game, which chapter
the offline browser test plays and what the engine must answer. Add one when a game gets chapters:
test_lite_build.py fails while a game of the table of contents has none.
"""

from __future__ import annotations

import mimetypes
import re
import sys
import time
from dataclasses import dataclass

from site_browser import ROOT, SITE

sys.path.insert(0, str(ROOT / "lite"))
from run_live import is_live  # noqa: E402  (which chapters are live: lite/run_live.py, NOT_LIVE)

LITE = SITE / "lite"
TOC = (ROOT / "_toc.yml").read_text(encoding="utf-8")
#: The chapter notebooks of the table of contents (as "book/GAME/NAME").
NOTEBOOKS = [name for name in re.findall(r"^\s*-\s*file:\s*(\S+)\s*$", TOC, re.M) if (ROOT / f"{name}.ipynb").is_file()]
#: Those the live site holds, and those it leaves out (NOT_LIVE: they say to run them with `make lab`).
CHAPTERS = [name for name in NOTEBOOKS if is_live(name)]
NOT_LIVE_CHAPTERS = [name for name in NOTEBOOKS if not is_live(name)]
#: The zh-TW book's chapter notebooks, as the site holds them ("zh-TW/book/inferno/NAME"): every one
#: live, in the live site's zh-TW/ folder.
ZH_CHAPTERS = [f"zh-TW/{name}" for name in re.findall(r"^\s*-\s*file:\s*(\S+)\s*$", (ROOT / "zh-TW" / "_toc.yml").read_text(encoding="utf-8"), re.M)
               if (ROOT / "zh-TW" / f"{name}.ipynb").is_file()]
#: The page a "Run live" link opens (lite/run_live.py), from the site root.
LIVE_PAGE = "lite/notebooks/index.html"
KERNEL_READY = "[data-jp-item-name=kernelStatus] .jp-KernelStatus-success"
KERNEL_FAILED = "[data-jp-item-name=kernelStatus] .jp-KernelStatus-error"


@dataclass(frozen=True)
class LiveCheck:
    """One chapter played live: after Run All, `clicks` on its first board must make the board say
    `answer`; then the reader edits the first code cell to `edit` (a new position), runs it, and
    `edit_clicks` must make the new board say `edit_answer`; `proof` (a new cell) must then print
    `proof_says`: the kernel's own state, which only Python could have changed."""

    notebook: str
    clicks: tuple[str, ...]
    answer: str
    edit: str
    edit_clicks: tuple[str, ...]
    edit_answer: str
    proof: str
    proof_says: str


#: One chapter per game; Hudai Pass and At the Mountains of Madness join when they have chapters.
LIVE_CHECKS = {
    "inferno": LiveCheck(
        notebook="book/inferno/mighty-bison-king.ipynb",
        clicks=('[data-hand="0"]', '[data-place="1,3"]'),
        answer="(1, 3)",
        edit=(
            "from rulesbook.inferno import Position\n"
            "from rulesbook.widgets import InfernoBoard\n"
            "\n"
            "mountain = Position.parse('''\n"
            "MK+1@R SB-3   DH+1   PM+2\n"
            "DH+2   PM+1   MK+2@Y SB+1\n"
            "''')\n"
            "board = InfernoBoard.bison(mountain, 'R', ['BISON'], pawns=['R'], moves=0)\n"
            "board"
        ),
        edit_clicks=('[data-hand="0"]', '[data-place="1,1"]'),
        edit_answer="(1, 1)",
        proof="print('HISTORY', board.history, board.position.pawn('R'))",
        proof_says="(1, 1)",
    ),
    "hudai": LiveCheck(
        notebook="book/hudai/a-cards-three-parts.ipynb",
        clicks=('[data-choice="value"]', '[data-place="power:left"]'),
        answer="the left power (Drain): 2 left",
        edit=(
            "from rulesbook.hudai import game_moment\n"
            "from rulesbook.widgets import HudaiTable\n"
            "\n"
            "board = HudaiTable.game(game_moment('W1', combo='G5', powers=(6, 2, 9)), only={'value'}, moves=0)\n"
            "board"
        ),
        edit_clicks=('[data-choice="value"]', '[data-place="power:right"]'),
        edit_answer="the right power (Mind pierce): 8 left",
        proof="print('HISTORY', board.history, board.table.powers)",
        proof_says="[6, 2, 8]",
    ),
    "madness": LiveCheck(
        notebook="book/madness/moving-the-airplane.ipynb",
        clicks=('[data-choice="fly"]', '[data-place="C2"]'),
        answer="moves the Airplane to C2",
        edit=(
            "from rulesbook.madness import game_moment\n"
            "from rulesbook.widgets import MadnessExpedition\n"
            "\n"
            "board = MadnessExpedition.turn(game_moment(4, space='C10', visited=['C6']), moves=0, until='landing')\n"
            "board"
        ),
        edit_clicks=('[data-choice="fly"]', '[data-place="M3"]'),
        edit_answer="moves the Airplane to M3",
        proof="print('HISTORY', len(board.history), board.expedition.airplane)",
        proof_says="HISTORY 2 M3",
    ),
}


# JupyterLite needs these types (a module worker refuses other types for .mjs, the wasm streaming
# compile for .wasm); the site's server (site_browser.serve) takes them from `mimetypes`, which
# knows them only where the machine's mime.types does.
mimetypes.add_type("text/javascript", ".mjs")
mimetypes.add_type("application/wasm", ".wasm")
mimetypes.add_type("application/json", ".ipynb")


def live_url(base_url: str, notebook: str) -> str:
    return f"{base_url}{LIVE_PAGE}?path={notebook}"


def open_live(page: object, base_url: str, notebook: str, timeout: float = 120) -> dict[str, float]:
    """Open `notebook` in JupyterLite and wait for its kernel: seconds to the notebook, to the kernel."""
    started = time.perf_counter()
    page.goto(live_url(base_url, notebook))
    page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=timeout * 1000)
    shown = time.perf_counter() - started
    page.wait_for_selector(f"{KERNEL_READY}, {KERNEL_FAILED}", timeout=timeout * 1000)
    if page.locator(KERNEL_FAILED).count():
        raise RuntimeError("the kernel failed to start")
    return {"notebook": shown, "kernel": time.perf_counter() - started, "started": started}


def menu(page: object, top: str, item: str) -> None:
    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(f"^{top}$")).click()
    page.locator(".lm-Menu-itemLabel", has_text=re.compile(f"^{re.escape(item)}$")).click()


def code_cells(page: object) -> object:
    return page.locator(".jp-Notebook .jp-CodeCell")


def wait_until_run(page: object, timeout: float = 180) -> None:
    """Every code cell has run: each prompt shows an execution count ("[*]" while waiting)."""
    page.wait_for_function(
        "() => [...document.querySelectorAll('.jp-Notebook .jp-CodeCell .jp-InputArea-prompt')]"
        ".every(prompt => /\\[\\d+\\]/.test(prompt.textContent))",
        timeout=timeout * 1000,
    )


def run_all(page: object, timeout: float = 180) -> None:
    menu(page, "Run", "Run All Cells")
    wait_until_run(page, timeout)


def error_outputs(page: object) -> list[str]:
    """The tracebacks and stderr that the cells printed."""
    return page.eval_on_selector_all(
        '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"], .jp-OutputArea-output.jp-mod-error',
        "nodes => nodes.map(node => node.textContent.slice(-600))",
    )


def edit_cell(page: object, index: int, source: str) -> None:
    """Replace code cell `index`'s text by `source` and run it (Shift+Enter), as a reader would."""
    cell = code_cells(page).nth(index)
    cell.locator(".jp-InputArea-editor").click()
    page.keyboard.press("Control+a")
    page.keyboard.insert_text(source)
    page.keyboard.press("Shift+Enter")


def add_cell(page: object, source: str) -> None:
    """A new code cell below the last code cell, run at once."""
    # The cell, not its editor: the last cell may be a check the chapter keeps folded (source_hidden).
    code_cells(page).last.locator(".jp-Cell-inputWrapper").click(position={"x": 4, "y": 4})
    page.keyboard.press("Escape")  # command mode
    page.keyboard.press("b")  # a new cell below
    page.keyboard.press("Enter")  # edit it
    page.keyboard.insert_text(source)
    page.keyboard.press("Shift+Enter")


def board_says(board: object, text: str, timeout: float = 30) -> str:
    """Wait until `board`'s message contains `text`; returns the message."""
    message = board.locator(".rb-message")
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        said = message.text_content() or ""
        if text in said:
            return said
        time.sleep(0.1)
    raise AssertionError(f"the board said {message.text_content()!r}, not {text!r}")
