"""The built site in a real browser: a quiet local server and Debian's Chromium driven by Playwright.

Shared by the site tests, the `unshare -n` offline check and `make bench`. Chromium is the
Debian package (the Makefile installs it when missing); Playwright only drives it, through
executable_path — never `playwright install`, which downloads a browser.
"""

from __future__ import annotations

import functools
import http.server
import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "_build" / "html"
CHAPTER = "book/inferno/mighty-bison-king.html"
CHROMIUM = os.environ.get("RULESBOOK_CHROMIUM", "/usr/lib/chromium/chromium")
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--disable-dev-shm-usage",
]
#: Console errors of the book theme on every page, not of the boards: Jupyter Book 1 adds
#: sphinx-thebe's one-line config script twice (thebe itself is off), and pydata-sphinx-theme
#: complains once when no light/dark choice is stored yet.
THEME_NOISE = (
    "Identifier 'THEBE_JS_URL' has already been declared",
    "Got invalid theme mode: . Resetting to auto.",
)


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        pass


@contextmanager
def serve(directory: Path = SITE) -> Iterator[str]:
    """Serve the built site on 127.0.0.1 (a free port); yields the base URL."""
    handler = functools.partial(_QuietHandler, directory=str(directory))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


@contextmanager
def chromium(user_data_dir: Path) -> Iterator[object]:
    """A headless Chromium (Debian's) with a fresh profile, driven by Playwright."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            str(user_data_dir), executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True,
            viewport={"width": 1100, "height": 900},
        )
        try:
            yield context
        finally:
            context.close()


def watch(page: object) -> dict[str, list[str]]:
    """Collect the page's console errors, uncaught errors and requests that leave 127.0.0.1."""
    seen: dict[str, list[str]] = {"errors": [], "outside": []}

    def on_console(message: object) -> None:
        if message.type == "error" and message.text not in THEME_NOISE:
            seen["errors"].append(f"console: {message.text} ({message.location.get('url')})")

    def on_page_error(error: object) -> None:
        text = getattr(error, "message", str(error))
        if text not in THEME_NOISE:
            seen["errors"].append(f"page error: {text}")

    def on_request(request: object) -> None:
        url = request.url
        if not (url.startswith("http://127.0.0.1:") or url.startswith(("data:", "blob:", "about:"))):
            seen["outside"].append(url)

    page.on("console", on_console)
    page.on("pageerror", on_page_error)
    page.on("request", on_request)
    return seen


def open_chapter(page: object, base_url: str, path: str = CHAPTER) -> None:
    page.goto(base_url + path)
    page.wait_for_selector(".rb-board [data-place]", timeout=20_000)
