"""Open the pilot chapter and play one move, reporting what happened as JSON on stdout.

Run by test_site_offline_unshare.py inside `unshare -n` (a network namespace with only a
loopback device), where no outside server can answer: if the board draws and plays there,
the page needs none.
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from site_browser import chromium, open_chapter, serve, watch  # noqa: E402


def main() -> int:
    report: dict[str, object] = {}
    with tempfile.TemporaryDirectory() as profile, serve() as url, chromium(Path(profile)) as context:
        page = context.new_page()
        seen = watch(page)
        failed: list[str] = []
        page.on("requestfailed", lambda request: failed.append(request.url))
        open_chapter(page, url)
        board = page.locator(".rb-board").first
        report["cards"] = board.locator(".rb-card").count()
        board.locator('[data-hand="0"]').click()
        report["targets"] = board.locator(".rb-target").count()
        board.locator('[data-place="1,3"]').click()
        report["moved"] = board.locator('[data-place="1,3"] [data-pawn="R"]').count() == 1
        report["message"] = board.locator(".rb-message").text_content()
        report["errors"] = seen["errors"]
        report["outside"] = seen["outside"]
        report["failed"] = failed
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
