"""Play each chapter of LIVE_CHECKS live in JupyterLite; print what happened as one JSON line.

Run by test_lite_offline_unshare.py inside `unshare -n` (only a loopback device): the notebook,
Pyodide, every wheel and the widgets must all come from the site itself. For each chapter: open
it, wait for the kernel, run every cell, click its first board and read the engine's answer;
edit the first code cell to a new position, run it, click again; print the kernel's state.
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


def play(context: object, url: str, game: str) -> dict[str, object]:
    check = LIVE_CHECKS[game]
    page = context.new_page()
    seen = watch_all(context, page)
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
    edited = code_cells(page).nth(0).locator(".rb-board")
    edited.locator("[data-place]").first.wait_for()
    try:  # the board draws first, then hears from its kernel
        page.wait_for_function("board => board.getAttribute('data-live') === 'true'", arg=edited.element_handle(), timeout=30_000)
    except PlaywrightTimeout:  # reported below: the test says the board never went live
        pass
    report["edited_live"] = edited.get_attribute("data-live") == "true"
    for selector in check.edit_clicks:
        edited.locator(selector).click()
    report["edit_answer"] = board_says(edited, check.edit_answer)
    add_cell(page, check.proof)
    wait_until_run(page)
    report["proof"] = code_cells(page).last.locator(".jp-OutputArea-output").last.text_content()
    report["cell_errors_after"] = error_outputs(page)
    page.close()
    report.update(seen)
    return report


#: True once every board on the page has found its kernel.
ALL_LIVE = "() => [...document.querySelectorAll('.rb-board')].every((board) => board.dataset.live === 'true')"


def main(games: list[str]) -> int:
    with tempfile.TemporaryDirectory() as profile, serve() as url, chromium(Path(profile)) as context:
        reports = {game: play(context, url, game) for game in games or LIVE_CHECKS}
    print(json.dumps(reports))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
