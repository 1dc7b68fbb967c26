"""Open the pilot chapter and play one move, reporting what happened as JSON on stdout.

Run by test_site_offline_unshare.py inside `unshare -n` (a network namespace with only a
loopback device), where no outside server can answer: if the board draws and plays there,
the page needs none.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from site_browser import open_chapter, report_offline  # noqa: E402


def play(page: object, url: str) -> dict[str, object]:
    open_chapter(page, url)
    board = page.locator(".rb-board").first
    report: dict[str, object] = {"cards": board.locator(".rb-card").count()}
    board.locator('[data-hand="0"]').click()
    report["targets"] = board.locator(".rb-target").count()
    board.locator('[data-place="1,3"]').click()
    report["moved"] = board.locator('[data-place="1,3"] [data-pawn="R"]').count() == 1
    report["message"] = board.locator(".rb-message").text_content()
    return report


if __name__ == "__main__":
    sys.exit(report_offline(play))
