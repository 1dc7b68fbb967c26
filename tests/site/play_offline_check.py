"""Open the Hudai Play page, start a game and make one move, reporting as JSON on stdout.

Run by test_play_hudai_browser.py inside `unshare -n` (only a loopback device): Pyodide, the
standard library and the project's wheel must all come from the site for the engine to start.
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from site_browser import chromium, serve, watch  # noqa: E402


def main() -> int:
    report: dict[str, object] = {}
    with tempfile.TemporaryDirectory() as profile, serve() as url, chromium(Path(profile)) as context:
        page = context.new_page()
        seen = watch(page)
        failed: list[str] = []
        page.on("requestfailed", lambda request: failed.append(request.url))
        page.goto(f"{url}book/play/hudai.html?pace=0")
        page.wait_for_selector(".rb-play[data-play-ready=setup]", state="attached", timeout=120_000)
        page.click(".rb-play-setup button[type=submit]")
        page.wait_for_selector(".rb-play[data-play-ready=reader]", state="attached", timeout=30_000)
        page.locator("[data-choice=end]").click()
        page.click(".rb-picture [data-place='step:2']")
        page.wait_for_function("() => window.__rulesbookPlay.history().length === 2", timeout=30_000)
        report["message"] = page.locator(".rb-message").text_content()
        report["errors"] = seen["errors"]
        report["outside"] = seen["outside"]
        report["failed"] = failed
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
