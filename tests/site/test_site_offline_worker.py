"""A page visited online opens again with no network at all: the site's service worker
(tools/offline_pages.py, tools/offline_worker.js), in both books.

Each browser test has a profile of its own (the worker and its cache stay in it) and a server it
stops: the network gone for real, every request refused, the worker's too. A page is visited
online once, the worker takes it over and keeps what it loaded; then, with the server stopped, a
reload shows it, its board answers, a Play page starts a game and its engine takes a move. Online
again, a changed page (a new publish) is what the reader sees: network first.
"""

from __future__ import annotations

import functools
import http.server
import mimetypes
import re
import socket
import threading
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from site_browser import CHAPTER, SITE, _QuietHandler, chromium, open_chapter, site_pages, watch

WORKER = SITE / "offline-worker.js"
ZH_CHAPTER = "zh-TW/book/inferno/mighty-bison-king.html"
PLAY = "book/play/inferno.html"
REGISTERS = re.compile(r'workers\.register\(document\.documentElement\.dataset\.content_root \+ "([^"]+)"\)')
CONTENT_ROOT = re.compile(r'<html[^>]*\bdata-content_root="([^"]*)"')

# A Play page's engine: a module worker refuses another type for .mjs, the wasm compile for .wasm.
mimetypes.add_type("text/javascript", ".mjs")
mimetypes.add_type("application/wasm", ".wasm")


class Site:
    """The built site on one port, stopped (the network gone) and started again at will; a path
    of `changed` is served with those bytes instead of its file's (a new publish)."""

    def __init__(self) -> None:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}/"
        self.changed: dict[str, bytes] = {}
        self.stamped: dict[str, str] = {}  # a changed path's Last-Modified
        self.server: http.server.ThreadingHTTPServer | None = None

    def start(self) -> None:
        changed, stamped = self.changed, self.stamped

        class Handler(_QuietHandler):
            def do_GET(self) -> None:  # noqa: N802 (http.server's name)
                body = changed.get(unquote(urlsplit(self.path).path).lstrip("/"))
                if body is None:
                    return super().do_GET()
                self.send_response(200)
                self.send_header("Content-Type", mimetypes.guess_type(self.path.split("?")[0])[0] or "text/html")
                self.send_header("Content-Length", str(len(body)))
                if stamped.get(unquote(urlsplit(self.path).path).lstrip("/")):
                    self.send_header("Last-Modified", stamped[unquote(urlsplit(self.path).path).lstrip("/")])
                self.end_headers()
                self.wfile.write(body)
                return None

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", self.port), functools.partial(Handler, directory=str(SITE)))
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def stop(self) -> None:
        if self.server is not None:
            self.server.shutdown()
            self.server.server_close()
            self.server = None


@pytest.fixture
def site() -> Iterator[Site]:
    if not WORKER.is_file() or not (SITE / CHAPTER).is_file():
        pytest.fail("the site or its offline worker is not built: run `make book`")
    served = Site()
    served.start()
    yield served
    served.stop()


@pytest.fixture
def fresh_browser(tmp_path: Path, playwright: object) -> Callable[[], AbstractContextManager[object]]:
    """A page of Chromium with a profile of its own (no worker, no cache, no game from another
    test), watched (`page.seen`); its browser is `page.context`. Launched by the process's one
    Playwright (conftest.py)."""
    @contextmanager
    def opened() -> Iterator[object]:
        with chromium(tmp_path / "profile", playwright=playwright) as context:
            page = context.new_page()
            page.seen = watch(page)
            yield page

    return opened


#: Every file of the site the page loaded (itself included) is kept by the worker: a list of those not yet.
NOT_KEPT = """async () => {
  const names = await caches.keys(), name = names.find((name) => name.startsWith('rulesbook-offline-'));
  if (!name || !navigator.serviceWorker.controller) return ['(no worker yet)'];
  const cache = await caches.open(name), site = new URL(document.documentElement.dataset.content_root, location.href).href;
  const urls = [location.href, ...performance.getEntriesByType('resource').map((entry) => entry.name)]
    .filter((url) => url.startsWith(site) && !url.startsWith(site + 'lite/') && !url.startsWith(site + '../lite/'));
  const kept = await Promise.all(urls.map((url) => cache.match(url)));
  return urls.filter((url, index) => !kept[index]);
}"""


def wait_until_kept(page: object, also: tuple[str, ...] = ()) -> None:
    """The worker controls the page and holds every file the page loaded, and `also` (URLs)."""
    missing: list[str] = []
    for _ in range(200):
        missing = page.evaluate(NOT_KEPT)
        missing += [url for url in also if not page.evaluate("async (url) => Boolean(await caches.match(url))", url)]
        if not missing:
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"not kept for an offline visit: {missing}")


def play_the_board(page: object) -> str:
    """The pilot chapter's first board: a hand card, then a place; what the board says."""
    board = page.locator(".rb-board").first
    board.locator('[data-hand="0"]').click()
    assert board.locator(".rb-target").count() == 7
    board.locator('[data-place="1,3"]').click()
    assert board.locator('[data-place="1,3"] [data-pawn="R"]').count() == 1
    return str(board.locator(".rb-message").text_content())


# --- what the build writes ---------------------------------------------------------------------

def test_the_build_writes_the_worker_at_the_sites_root_with_its_build_id():
    text = WORKER.read_text(encoding="utf-8")
    build = re.search(r'^const BUILD = "([^"]+)";$', text, re.M)
    assert build and build.group(1) != "__BUILD__" and re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", build.group(1))
    assert not (SITE / "zh-TW" / "offline-worker.js").exists()  # one worker, the zh-TW book's pages too


def test_every_page_of_both_books_registers_the_one_worker_at_the_root_after_load_and_only_over_http():
    pages = site_pages()
    assert any(path.relative_to(SITE).parts[0] == "zh-TW" for path in pages)
    for path in pages:
        text = path.read_text(encoding="utf-8")
        if 'http-equiv="Refresh"' in text[:200]:  # Jupyter Book's redirect of a book's root to its first page
            continue
        registered, root = REGISTERS.findall(text), CONTENT_ROOT.search(text)
        assert len(registered) == 1 and root, path
        assert (path.parent / root.group(1) / registered[0]).resolve() == WORKER.resolve(), path
        script = text[text.rindex("<script>", 0, text.index("workers.register(")):]
        assert script.startswith('<script>if (/^https?:$/.test(location.protocol) && navigator.serviceWorker')
        assert 'addEventListener("load"' in script[:300] and "console." not in script[:script.index("</script>")]


# --- in the browser ----------------------------------------------------------------------------

def test_a_chapter_visited_once_opens_and_plays_with_no_network_and_online_shows_a_new_publish(site, fresh_browser):
    with fresh_browser() as page:
        open_chapter(page, site.url)
        wait_until_kept(page)
        site.stop()
        page.reload()
        page.wait_for_selector("html[data-boards-ready]", state="attached", timeout=20_000)
        assert page.title().startswith("Mighty Bison King")
        assert "(1, 3)" in play_the_board(page)
        assert page.seen["errors"] == [] and page.seen["outside"] == []

        # Online again, the site published anew: the reader sees the new page at once.
        page_text = (SITE / CHAPTER).read_text(encoding="utf-8")
        site.changed[CHAPTER] = page_text.replace("<title>Mighty Bison King", "<title>Mighty Bison King, republished", 1).encode()
        site.start()
        page.reload()
        page.wait_for_selector("html[data-boards-ready]", state="attached", timeout=20_000)
        assert page.title().startswith("Mighty Bison King, republished")
        site.stop()  # and that is the page kept now
        page.reload()
        page.wait_for_selector("html[data-boards-ready]", state="attached", timeout=20_000)
        assert page.title().startswith("Mighty Bison King, republished")
        assert page.seen["errors"] == [] and page.seen["outside"] == []


#: A file as the network gives it (past the browser's cache), and as the worker keeps it.
FETCHED = "async (url) => (await fetch(url, { cache: 'no-store' })).text()"
KEPT = "async (url) => { const kept = await caches.match(url); return kept ? kept.text() : null; }"


def test_a_file_is_kept_again_only_when_it_changed(site, fresh_browser):
    """The worker wrote every answer to its cache at every visit, a Play page's 10 MB of Pyodide
    too: it writes one only when the file changed (another ETag, or another Last-Modified or
    length). Served anew with the same date and length, a file is the same to it: the copy kept
    stays; with a new date, the new one is kept."""
    path = "_static/rulesbook/probe.txt"
    url = site.url + path
    site.changed[path], site.stamped[path] = b"first", "Mon, 07 Dec 2026 10:00:00 GMT"
    with fresh_browser() as page:
        open_chapter(page, site.url)
        wait_until_kept(page)
        assert page.evaluate(FETCHED, url) == "first"
        page.wait_for_function(f"async () => ({KEPT})({url!r}).then((text) => text === 'first')", polling=100)
        site.changed[path] = b"again"  # the same length and date: the same file to the worker
        assert page.evaluate(FETCHED, url) == "again"  # the network's answer is the one given
        page.wait_for_timeout(500)
        assert page.evaluate(KEPT, url) == "first"
        site.changed[path], site.stamped[path] = b"third", "Tue, 08 Dec 2026 10:00:00 GMT"
        assert page.evaluate(FETCHED, url) == "third"
        page.wait_for_function(f"async () => ({KEPT})({url!r}).then((text) => text === 'third')", polling=100)
        assert page.seen["errors"] == []


def test_a_new_builds_worker_takes_over_and_clears_the_caches_before_it(site, fresh_browser):
    with fresh_browser() as page:
        open_chapter(page, site.url)
        wait_until_kept(page)
        old = page.evaluate("caches.keys()")
        text = WORKER.read_text(encoding="utf-8")
        site.changed["offline-worker.js"] = re.sub(r'^const BUILD = "[^"]+";', 'const BUILD = "a-new-build";', text, count=1, flags=re.M).encode()
        page.reload()  # the browser looks for a new worker at a navigation; its bytes changed
        page.wait_for_function("async () => (await caches.keys()).includes('rulesbook-offline-a-new-build')", polling=100, timeout=20_000)
        page.wait_for_function("() => navigator.serviceWorker.controller.scriptURL.endsWith('/offline-worker.js')")
        for _ in range(100):
            names = page.evaluate("caches.keys()")
            if not set(old) & set(names):
                break
            page.wait_for_timeout(100)
        assert [name for name in old if name.startswith("rulesbook-offline-")] and not set(old) & set(names), (old, names)
        wait_until_kept(page)  # the page, kept again by the new worker
        site.stop()
        page.reload()
        page.wait_for_selector("html[data-boards-ready]", state="attached", timeout=20_000)
        assert "(1, 3)" in play_the_board(page)
        assert page.seen["errors"] == [] and page.seen["outside"] == []


def test_a_zh_tw_chapter_registers_the_same_root_worker_and_plays_with_no_network(site, fresh_browser):
    with fresh_browser() as page:
        open_chapter(page, site.url, ZH_CHAPTER)
        wait_until_kept(page)
        scopes = page.evaluate("async () => (await navigator.serviceWorker.getRegistrations()).map((r) => [r.scope, r.active.scriptURL])")
        assert scopes == [[site.url, site.url + "offline-worker.js"]]
        site.stop()
        page.reload()
        page.wait_for_selector("html[data-boards-ready]", state="attached", timeout=20_000)
        assert page.evaluate("document.documentElement.lang") == "zh-Hant-TW"
        assert "(1, 3)" in play_the_board(page)
        assert page.seen["errors"] == [] and page.seen["outside"] == []


#: What the engine says of a pawn placed, in either book.
MOVED = r"places a pawn at \(|將唐僧標記放在\("


def start_and_move(page: object) -> str:
    """A two-player game started on the Play page, the reader's first pawn placed: the engine's words."""
    page.wait_for_selector(".rb-play[data-play-ready=setup]", state="attached", timeout=120_000)
    page.select_option("select[name=players]", "2")
    page.click(".rb-play-setup button[type=submit]")
    page.wait_for_selector(".rb-play[data-play-ready=reader]", state="attached", timeout=60_000)
    page.wait_for_selector("[data-choice=pawn][aria-pressed=true]", state="attached")
    place = page.locator(".rb-picture .rb-target").first.get_attribute("data-place")
    page.click(f".rb-picture [data-place='{place}']")
    page.wait_for_function("() => window.__rulesbookPlay.history().length >= 2", timeout=60_000)
    return str(page.locator(".rb-message").text_content())


@pytest.mark.parametrize("play", [PLAY, f"zh-TW/{PLAY}"])
def test_a_play_page_visited_once_starts_a_game_and_its_engine_takes_a_move_with_no_network(site, fresh_browser, play):
    """The engine (Pyodide in a Web Worker) loaded before the worker was there: the page asks it
    for its files (widgets/play_worker.js), and the worker keeps them with the page's."""
    with fresh_browser() as page:
        page.goto(f"{site.url}{play}?pace=0")
        assert re.search(MOVED, start_and_move(page))
        engine = tuple(f"{site.url}lite/static/pyodide/{name}" for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "play_python_inferno.zip"))
        wait_until_kept(page, also=engine)
        site.stop()
        page.evaluate("localStorage.clear()")  # a new game, not the one kept
        page.reload()
        assert re.search(MOVED, start_and_move(page))  # the engine's words, from Python in the page
        assert page.evaluate("window.__rulesbookPlay.timings.snapshot") is True  # from the first visit's snapshot
        assert page.seen["errors"] == [] and page.seen["outside"] == []


def test_a_page_opened_from_a_file_registers_no_worker_and_says_nothing(fresh_browser):
    with fresh_browser() as page:
        page.goto((SITE / CHAPTER).as_uri())
        page.wait_for_selector("html[data-boards-ready]", state="attached", timeout=20_000)
        page.wait_for_function("document.readyState === 'complete'")
        page.wait_for_timeout(500)
        assert page.evaluate("document.body.innerHTML.includes('workers.register(') || document.head.innerHTML.includes('workers.register(')")
        assert "(1, 3)" in play_the_board(page)
        assert page.seen["errors"] == []


def test_run_live_still_works_where_the_sites_worker_is_and_the_worker_keeps_none_of_jupyterlites_files(site, fresh_browser):
    """JupyterLite (lite/) has its own service worker and drive. On a first Run live after the
    site's worker came, that worker controls the live page (its scope is the whole site), and
    JupyterLite, finding a worker it does not know, unregisters it and registers its own: the
    live part works as ever, the site's worker keeps none of its files (but a Play engine's, which
    are the live part's Pyodide), and the next book page visited online registers it again, its
    kept pages still kept."""
    from lite_browser import LIVE_CHECKS, board_says, error_outputs, open_live, run_all

    check = LIVE_CHECKS["inferno"]
    with fresh_browser() as page:
        seen = page.seen
        open_chapter(page, site.url)
        wait_until_kept(page)
        errors = len(seen["errors"])
        open_live(page, site.url, check.notebook)
        assert page.evaluate("navigator.serviceWorker.controller.scriptURL").startswith(site.url + "lite/service-worker.js")
        run_all(page)
        assert error_outputs(page) == []
        board = page.locator(".rb-board").first
        board.wait_for()
        for selector in check.clicks:
            board.locator(selector).click()
        board_says(board, check.answer)
        kept = page.evaluate("""async () => {
          const name = (await caches.keys()).find((name) => name.startsWith('rulesbook-offline-'));
          return (await (await caches.open(name)).keys()).map((request) => request.url);
        }""")
        lite = [url for url in kept if url.startswith(site.url + "lite/")]
        assert all(re.fullmatch(rf"{site.url}lite/static/pyodide/(pyodide[\w.-]*|play_python_\w+\.zip)", url) for url in lite), lite
        assert [line for line in seen["errors"][errors:] if line.startswith(("console error", "page error"))] == []
        seen["errors"][errors:] = []  # JupyterLite's own notes (info, warnings) are its own

        open_chapter(page, site.url)
        wait_until_kept(page)
        scopes = page.evaluate("async () => (await navigator.serviceWorker.getRegistrations()).map((r) => r.scope).sort()")
        assert scopes == [site.url, site.url + "lite/"]
        site.stop()
        page.reload()
        page.wait_for_selector("html[data-boards-ready]", state="attached", timeout=20_000)
        assert "(1, 3)" in play_the_board(page)
        assert seen["errors"] == [] and seen["outside"] == []
