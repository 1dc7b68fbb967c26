"""The built site in a real browser: a quiet local server and Debian's Chromium driven by Playwright.

Shared by the site tests, the `unshare -n` offline check and `make bench`. Chromium is Debian's
(the Makefile installs it when missing); Playwright only drives it, through executable_path —
never `playwright install`, which downloads a browser. The tests run Debian's headless shell of
Chromium (package chromium-headless-shell: the same Blink and V8 without the desktop browser
around them; a part of the book's page checks took 13 % less CPU in it than in `chromium
--headless`); the benchmarks time what a reader's browser does, in `chromium` itself.
"""

from __future__ import annotations

import functools
import http.server
import json
import os
import tempfile
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "_build" / "html"
CHAPTER = "book/inferno/mighty-bison-king.html"
CHROMIUM = os.environ.get("RULESBOOK_CHROMIUM", "/usr/lib/chromium/chromium-headless-shell")
#: The desktop browser, for the benchmarks (the Makefile's `bench` installs it when missing).
READERS_CHROMIUM = "/usr/lib/chromium/chromium"
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--disable-dev-shm-usage",
]


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        pass


@contextmanager
def serve(directory: Path = SITE, handler_class: type[http.server.SimpleHTTPRequestHandler] = _QuietHandler) -> Iterator[str]:
    """Serve the built site on 127.0.0.1 (a free port), with a quiet handler or another one (the
    Play benchmark's compressing host); yields the base URL."""
    handler = functools.partial(handler_class, directory=str(directory))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


@contextmanager
def chromium(user_data_dir: Path, executable: str = CHROMIUM, playwright: object = None) -> Iterator[object]:
    """A headless Chromium (Debian's) with a fresh profile, driven by Playwright: the `playwright`
    given (a process runs one at a time: the sync API refuses to start a second inside the first,
    the session's, conftest.py's `playwright`), or one of its own."""
    if playwright is None:
        from playwright.sync_api import sync_playwright

        with sync_playwright() as started, chromium(user_data_dir, executable, started) as context:
            yield context
        return
    context = playwright.chromium.launch_persistent_context(  # type: ignore[attr-defined]
        str(user_data_dir), executable_path=executable, args=CHROMIUM_ARGS, headless=True,
        viewport={"width": 1100, "height": 900},
    )
    try:
        yield context
    finally:
        context.close()


def site_pages() -> list[Path]:
    """Every page of the built site, the zh-TW book's too (in zh-TW/, with its own _static/): not
    the live part's (JupyterLite's own pages)."""
    return sorted(path for path in SITE.rglob("*.html")
                  if path.relative_to(SITE).parts[0] != "lite" and "_static" not in path.relative_to(SITE).parts)


def watch(page: object) -> dict[str, list[str]]:
    """Collect every message on the page's console (a reader's console stays empty: the theme's
    own notes are kept off it, tools/quiet_console.py), uncaught errors (a board's own errors are
    reported as uncaught) and requests that leave 127.0.0.1."""
    seen: dict[str, list[str]] = {"errors": [], "outside": []}

    def on_console(message: object) -> None:
        where = message.location.get("url") or ""
        seen["errors"].append(f"console {message.type}: {message.text} ({where})")

    def on_page_error(error: object) -> None:
        seen["errors"].append(f"page error: {getattr(error, 'message', str(error))}")

    def on_request(request: object) -> None:
        url = request.url
        if not (url.startswith("http://127.0.0.1:") or url.startswith(("data:", "blob:", "about:"))):
            seen["outside"].append(url)

    page.on("console", on_console)
    page.on("pageerror", on_page_error)
    page.on("request", on_request)
    return seen


def open_chapter(page: object, base_url: str, path: str = CHAPTER) -> None:
    """Open a page and wait until every board on it can be clicked."""
    page.goto(base_url + path)
    if page.locator('script[type="application/vnd.jupyter.widget-view+json"]').count():
        page.wait_for_selector("html[data-boards-ready]", state="attached", timeout=20_000)


#: The boards out of the page's layout (see `undrawn`).
_UNDRAWN = """on => {
  const style = document.getElementById('rb-test-undrawn');
  if (style) style.remove();
  if (on) document.head.append(Object.assign(document.createElement('style'),
    { id: 'rb-test-undrawn', textContent: '.rb-board { display: none !important; }' }));
}"""


@contextmanager
def undrawn(page: object) -> Iterator[None]:
    """The page's boards out of its layout while a robot clicks them through their DOM (robot.py, the
    Play pages' robots). A board answers a click in its DOM before the click returns, and a robot
    reads the DOM, so the frame the page would draw after each of its calls shows nobody anything:
    it was two thirds of the robots' CPU (measured: the chapters' robot 115 core-s against 69, the
    Madness Play robot 42 against 24). How the boards look is checked on boards drawn: axe-core,
    the phone, dark mode, test_site_board_layout.py and the Play pages' quality checks."""
    page.evaluate(_UNDRAWN, True)
    try:
        yield
    finally:
        page.evaluate(_UNDRAWN, False)


#: A phone's screen (the narrowest the site is made for).
PHONE = {"width": 390, "height": 844}


def next_frame(page: object) -> None:
    """Wait until the browser has drawn the next frame (a board scrolls its message in then)."""
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")


def small_targets(page: object, within: str = ".rb-board") -> list[str]:
    """What a reader taps in `within` (a button, a place the pointer shows as one) that is smaller
    than WCAG 2.2's 24 x 24 px target (2.5.8), as its words and size; hidden ones do not count."""
    return page.evaluate("""within => [...document.querySelectorAll(`${within} button, ${within} [data-place]`)]
        .filter((el) => el.tagName === 'BUTTON' || getComputedStyle(el).cursor === 'pointer')
        .map((el) => [el, el.getBoundingClientRect()]).filter(([el, box]) => box.width > 0 && (box.width < 24 || box.height < 24))
        .map(([el, box]) => `${(el.textContent || el.getAttribute('data-place')).trim().slice(0, 30)} (${Math.round(box.width)}x${Math.round(box.height)})`)""", within)


def rule_ids_not_whole(page: object, within: str = ".bd-article") -> dict[str, list[str]]:
    """The rule ids (MOI-R13) of the text in `within` (a page's article, its boards' messages
    with it) that a line may break at the hyphen: those left loose, outside a
    <span class="rb-rule-id"> (rulesbook.widgets.site.rule_ids_whole; the boards' writeText), and
    those shown on two lines all the same. The theme's contents list is not the page's text."""
    return page.evaluate("""within => {
      const id = /\\b(?:MOI|HUD|MAD)-[RP]\\d+\\b/, loose = [];
      const walker = document.createTreeWalker(document.querySelector(within) || document.body, NodeFilter.SHOW_TEXT);
      for (let text = walker.nextNode(); text; text = walker.nextNode()) {
        if (id.test(text.data) && !text.parentElement.closest('script, style, title, option, .rb-rule-id')) loose.push(text.data.trim().slice(0, 60));
      }
      const broken = [...document.querySelectorAll(`${within} .rb-rule-id`)]
        .filter((element) => new Set([...element.getClientRects()].map((box) => Math.round(box.top))).size > 1).map((element) => element.textContent);
      return {loose, broken};
    }""", within)


@contextmanager
def opened(browser_context: object, site_url: str, path: str, scheme: str = "light",
           viewport: dict[str, int] | None = None) -> Iterator[object]:
    """A page of the site, its boards ready, in a colour scheme and a viewport; closed afterwards,
    and failed if it logged an error or a warning (`page.seen`, see `watch`)."""
    page = browser_context.new_page()
    page.seen = watch(page)
    page.emulate_media(color_scheme=scheme)
    if viewport:
        page.set_viewport_size(viewport)
    try:
        open_chapter(page, site_url, path)
        yield page
    finally:
        page.close()
    assert not page.seen["errors"], page.seen["errors"]


def report_offline(play: Callable[[object, str], dict[str, object]]) -> int:
    """The offline checks' one frame (run inside `unshare -n`): serve the site, open a page in a fresh
    Chromium and let `play(page, site_url)` fill a report; print it as JSON with the console errors,
    the outside requests and the failed requests seen meanwhile."""
    with tempfile.TemporaryDirectory() as profile, serve() as url, chromium(Path(profile)) as context:
        page = context.new_page()
        seen = watch(page)
        failed: list[str] = []
        page.on("requestfailed", lambda request: failed.append(request.url))
        report = play(page, url)
        report.update(errors=seen["errors"], outside=seen["outside"], failed=failed)
    print(json.dumps(report))
    return 0


def run_offline(page_path: str, script: Path) -> dict[str, object]:
    """Run `script` (whose main calls report_offline) inside `unshare -n`, where the only network
    is a loopback device, and read its report; the test fails, saying why, if it cannot run."""
    import shutil
    import subprocess
    import sys

    import pytest

    if not (SITE / page_path).is_file():
        pytest.fail(f"{page_path} is not built: run `make book`")
    if not shutil.which("unshare") or not shutil.which("ip"):
        pytest.fail("unshare or ip is missing")
    command = f"ip link set lo up && exec {sys.executable} {script}"
    done = subprocess.run(["unshare", "-n", "sh", "-c", command], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    report: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return report
