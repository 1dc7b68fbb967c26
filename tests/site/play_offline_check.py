"""Open the Hudai Play page, start a game and make one move, reporting as JSON on stdout.

Run by test_play_hudai_browser.py inside `unshare -n` (only a loopback device): Pyodide, the
standard library and the project's wheel must all come from the site for the engine to start.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from site_browser import report_offline  # noqa: E402


def play(page: object, url: str) -> dict[str, object]:
    page.goto(f"{url}book/play/hudai.html?pace=0")
    page.wait_for_selector(".rb-play[data-play-ready=setup]", state="attached", timeout=120_000)
    page.click(".rb-play-setup button[type=submit]")
    page.wait_for_selector(".rb-play[data-play-ready=reader]", state="attached", timeout=30_000)
    page.locator("[data-choice=end]").click()
    page.click(".rb-picture [data-place='step:2']")
    page.wait_for_function("() => window.__rulesbookPlay.history().length === 2", timeout=30_000)
    return {"message": page.locator(".rb-message").text_content()}


if __name__ == "__main__":
    sys.exit(report_offline(play))
