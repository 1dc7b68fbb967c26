"""Play LIVE_CHECKS live in JupyterLite; print what happened as one JSON line.

Run by test_lite_offline_unshare.py inside `unshare -n` (only a loopback device): the notebook,
Pyodide, every wheel and the widgets must all come from the site itself. The first game's chapter
is played as a reader would: open it, wait for the kernel, run every cell, click its first board
and read the engine's answer; edit the first code cell to a new position, run it, click again;
print the kernel's state. Then, in the same kernel, a board of each other game is made in a new
cell, clicked, and its state printed: one JupyterLite kernel started instead of one a game (the
test took 86 s of `make test` with three, 36 s with one); every chapter of every game runs in the
site's Pyodide in test_lite_chapters_pyodide.py.
"""

from __future__ import annotations

import json
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import TimeoutError as PlaywrightTimeout

sys.path.insert(0, str(Path(__file__).resolve().parent))

from lite_browser import (  # noqa: E402
    LIVE_CHECKS, add_cell, board_says, code_cells, edit_cell, error_outputs, open_live, run_all, wait_until_run,
)
from site_browser import chromium, serve  # noqa: E402


def watch_all(context: object, page: object) -> dict[str, list[str]]:
    """Console errors, uncaught errors, and requests (of the page and its workers) that leave
    127.0.0.1 or fail."""
    seen: dict[str, list[str]] = {"errors": [], "outside": [], "failed": []}
    page.on("console", lambda m: m.type == "error" and seen["errors"].append(f"console: {m.text} ({m.location.get('url')})"))
    page.on("pageerror", lambda e: seen["errors"].append(f"page error: {getattr(e, 'message', e)}"))

    def on_request(request: object) -> None:
        if not request.url.startswith(("http://127.0.0.1:", "data:", "blob:", "about:")):
            seen["outside"].append(request.url)

    context.on("request", on_request)
    context.on("requestfailed", lambda r: seen["failed"].append(r.url))
    context.on("response", lambda r: r.status >= 400 and seen["failed"].append(f"{r.status} {r.url}"))
    return seen


def play(page: object, url: str, game: str) -> dict[str, object]:
    """The game's chapter, run live, its first board clicked, then its first cell edited (`edit_board`)."""
    check = LIVE_CHECKS[game]
    report: dict[str, object] = {"notebook": check.notebook}
    times = open_live(page, url, check.notebook)
    report["kernel_seconds"] = round(times["kernel"], 1)
    run_all(page)
    report["run_all_seconds"] = round(time.perf_counter() - times["started"], 1)
    report["code_cells"] = code_cells(page).count()
    report["cell_errors"] = error_outputs(page)
    boards = page.locator(".rb-board")
    report["boards"] = boards.count()
    # Each board turns live once the kernel answers its hello, a moment after its cell ran.
    try:
        page.wait_for_function(ALL_LIVE, timeout=30_000)
    except PlaywrightTimeout:
        pass  # the report counts the boards that turned live, and the test says how many did not
    report["live_boards"] = page.locator('.rb-board[data-live="true"]').count()
    first = boards.first
    for selector in check.clicks:
        first.locator(selector).click()
    report["answer"] = board_says(first, check.answer)
    edit_cell(page, 0, check.edit)
    wait_until_run(page)
    report.update(edit_board(page, code_cells(page).nth(0).locator(".rb-board"), game))
    return report


def edit_board(page: object, board: object, game: str) -> dict[str, object]:
    """The reader's own position of `game` (LIVE_CHECKS[game].edit, just run): the board turns live,
    answers the clicks from the kernel, and a new cell prints the kernel's own state."""
    check = LIVE_CHECKS[game]
    report: dict[str, object] = {}
    board.locator("[data-place]").first.wait_for()
    try:  # the board draws first, then hears from its kernel
        page.wait_for_function("board => board.getAttribute('data-live') === 'true'", arg=board.element_handle(), timeout=30_000)
    except PlaywrightTimeout:  # reported below: the test says the board never went live
        pass
    report["edited_live"] = board.get_attribute("data-live") == "true"
    for selector in check.edit_clicks:
        board.locator(selector).click()
    report["edit_answer"] = board_says(board, check.edit_answer)
    add_cell(page, check.proof)
    wait_until_run(page)
    report["proof"] = code_cells(page).last.locator(".jp-OutputArea-output").last.text_content()
    report["cell_errors_after"] = error_outputs(page)
    return report


def play_all(context: object, url: str, games: list[str]) -> dict[str, dict[str, object]]:
    """The first game's chapter played (`play`), then each other game's board in the same kernel."""
    page = context.new_page()
    seen = watch_all(context, page)
    first, *others = games
    reports = {first: play(page, url, first)}
    for game in others:
        add_cell(page, LIVE_CHECKS[game].edit)
        wait_until_run(page)
        reports[game] = {"notebook": LIVE_CHECKS[first].notebook,
                         **edit_board(page, code_cells(page).last.locator(".rb-board"), game)}
    page.close()
    return {game: {**report, **seen} for game, report in reports.items()}


#: True once every board on the page has found its kernel.
ALL_LIVE = "() => [...document.querySelectorAll('.rb-board')].every((board) => board.dataset.live === 'true')"


def main(games: list[str]) -> int:
    with tempfile.TemporaryDirectory() as profile, serve() as url, chromium(Path(profile)) as context:
        reports = play_all(context, url, games or list(LIVE_CHECKS))
    print(json.dumps(reports))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
