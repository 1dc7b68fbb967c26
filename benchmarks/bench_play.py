"""The Play pages: how soon a page's text shows and its board plays at 10 Mbps, what it loads, and
how long the engine takes to answer a click (side by side with the live chapters: bench_lite).

Each Play page of the built site (book/play/*.html) is opened in Debian's Chromium, throttled by
Chromium itself (10 Mbit/s each way, 40 ms round trip): first with a fresh profile (a first visit,
nothing cached): the engine loads, and a game is started from the page's own set-up as soon as it
may be; then once more with the same profile (a return visit: the files cached, the game played
back from the browser's storage, the engine from the snapshot its worker kept on the first visit,
which waits until it is stored, as a reader who looks at the board a moment). "text" is the first
contentful paint, "engine" the moment Python is ready in the worker, "playable" the board of a
started game drawn (the performance mark rulesbook-play-ready): on a first visit, with the set-up
the page suggests, from the opening the page carries (rulesbook.widgets.play_site), before the
engine is up; the engine takes the game over when it is.
The server compresses as a static host does (GitHub Pages and most others gzip text and wasm):
gzip with Content-Encoding for COMPRESSED's types (HTML, CSS, JavaScript, JSON, SVG, CSV, wasm),
the rest (zip, fonts, images) as it is. "sent" is the body bytes it sent for a visit (on a return
visit, what the cache did not hold). One more first visit of the first page, from a server that
does not compress, shows what that costs. Last, unthrottled, the hints play a game for a while
(`?pace=0`) through the board's own clicks: the worker's time per answered click (its `ms`), p50
and p95, with the page's suggested bots, and on the Inferno page once more against two search
bots and against three at a four-player table (the bots' answers to a click are worked out once
it is made); the reader's own clicks apart, which are what a reader waits for.
Budgets (issue 23): text within 1.5 s, playable within 6 s on a first visit and 2 s on a return
visit, a move within 300 ms (p95).
"""

from __future__ import annotations

import gzip
import http.server
import io
import os
import statistics
import sys
import tempfile
import threading
import time
from contextlib import AbstractContextManager
from email.utils import parsedate_to_datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "site"))

from play_browser import SETTLED  # noqa: E402
from site_browser import READERS_CHROMIUM, SITE, chromium, serve  # noqa: E402

MBPS = 10
#: The types a static host gzips (GitHub Pages' and most CDNs' lists hold these): text and wasm.
COMPRESSED = ("text/", "application/javascript", "application/json", "image/svg+xml", "application/wasm")
MOVES = 60
#: The Inferno page's set-up with the search bot in both bots' seats (the form's three players),
#: and a four-player table with three.
SEARCHING = {1: "quick-search", 2: "quick-search"}
SEARCHING_4 = {1: "quick-search", 2: "quick-search", 3: "quick-search"}
BUDGETS = {"text": 1.5, "first": 6.0, "return": 2.0, "move": 300.0}
PAGES = sorted(str(path.relative_to(SITE)) for path in (SITE / "book" / "play").glob("*.html"))

MARKS = """() => {
  const paint = performance.getEntriesByName('first-contentful-paint')[0];
  const ready = performance.getEntriesByName('rulesbook-play-ready')[0];
  return [paint ? paint.startTime / 1000 : null, ready ? ready.startTime / 1000 : null];
}"""
#: The worker's snapshot is in the page's Cache Storage (widgets/play_worker.js).
STORED = "async () => (await (await caches.open('rulesbook-play')).keys()).length > 0"
HINTED = """async () => {
  const play = window.__rulesbookPlay;
  const hint = await play.ask({ type: 'hint', node: play.here() });
  if (!hint.click) return false;
  play.board.chosen = hint.click.choice;
  play.board.actor = hint.click.actor || null;
  play.board.clickPlace(hint.click.place);
  return true;
}"""


class Host(http.server.SimpleHTTPRequestHandler):
    """The built site as a static host serves it: gzip for COMPRESSED's types when the browser
    accepts it (made once per file), Last-Modified and 304s as http.server gives them; counts the
    body bytes it sends (`sent`, shared by the server's threads)."""

    compress = True
    sent = [0]
    packed: dict[str, tuple[float, bytes]] = {}
    lock = threading.Lock()

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        pass

    def send_head(self):  # type: ignore[no-untyped-def]
        path = self.translate_path(self.path)
        kind = self.guess_type(path)
        if not (self.compress and os.path.isfile(path) and kind.startswith(COMPRESSED)
                and "gzip" in self.headers.get("Accept-Encoding", "")):
            return super().send_head()
        stat = os.stat(path)
        since = self.headers.get("If-Modified-Since")
        if since and "If-None-Match" not in self.headers:
            try:
                if int(stat.st_mtime) <= parsedate_to_datetime(since).timestamp():
                    self.send_response(http.server.HTTPStatus.NOT_MODIFIED)
                    self.end_headers()
                    return None
            except (TypeError, ValueError):
                pass
        body = self.pack(path)
        self.send_response(http.server.HTTPStatus.OK)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", self.date_time_string(int(stat.st_mtime)))
        self.end_headers()
        return io.BytesIO(body)

    @classmethod
    def pack(cls, path: str) -> bytes:
        """The file gzipped, made once (a static host serves it ready: none is made while a page waits)."""
        made = os.stat(path).st_mtime
        with cls.lock:
            when, body = cls.packed.get(path, (None, b""))
            if when != made:
                body = gzip.compress(Path(path).read_bytes(), 6)
                cls.packed[path] = (made, body)
        return body

    def copyfile(self, source, outputfile) -> None:  # type: ignore[no-untyped-def]
        class Counted:
            def write(inner, data: bytes) -> int:  # noqa: N805
                with Host.lock:
                    Host.sent[0] += len(data)
                return outputfile.write(data)
        super().copyfile(source, Counted())


def host(compress: bool) -> AbstractContextManager[str]:
    """Serve the built site on 127.0.0.1 as Host does (compressing or not); yields the base URL.
    The Play pages' engine files are gzipped before the first visit (the wasm takes half a second)."""
    if compress:
        for name in ("pyodide.asm.wasm", "pyodide.asm.mjs", "pyodide.mjs", "pyodide-lock.json"):
            Host.pack(str(SITE / "lite" / "static" / "pyodide" / name))
    return serve(SITE, type("Served", (Host,), {"compress": compress}))


def throttle(context, page) -> None:
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    rate = MBPS * 1_000_000 / 8
    cdp.send("Network.emulateNetworkConditions", {"offline": False, "latency": 40, "downloadThroughput": rate, "uploadThroughput": rate})


def visit(context, url: str, first: bool) -> dict[str, float]:
    """One visit of a Play page: its times, and the bytes the server sent for it."""
    page = context.new_page()
    throttle(context, page)
    Host.sent[0] = 0
    page.goto(url, wait_until="commit", timeout=60_000)
    root = page.locator(".rb-play")
    page.wait_for_function("document.querySelector('.rb-play') && document.querySelector('.rb-play').dataset.playReady",
                           timeout=180_000)
    if first:
        root.locator("form.rb-play-setup [type=submit]").click()
    page.wait_for_function("performance.getEntriesByName('rulesbook-play-ready').length > 0", timeout=180_000)
    page.wait_for_function("performance.getEntriesByName('first-contentful-paint').length > 0", timeout=60_000)
    text, playable = page.evaluate(MARKS)
    page.wait_for_function("window.__rulesbookPlay.up", timeout=180_000)
    engine = page.evaluate("window.__rulesbookPlay.timings.engine / 1000")
    restored = page.evaluate("Boolean(window.__rulesbookPlay.timings.snapshot)")
    if first:  # the reader stays a moment: the worker keeps its snapshot for the next visit
        deadline = time.monotonic() + 60
        while not page.evaluate(STORED) and time.monotonic() < deadline:
            time.sleep(0.2)
    page.close()
    return {"text": text, "engine": engine, "playable": playable, "sent": Host.sent[0] / 1e6, "restored": restored}


def moves(context, url: str, seats: dict[int, str] | None = None, players: int | None = None) -> tuple[list[float], list[float]]:
    """The worker's milliseconds per answered click over MOVES of the hints' moves (and the bots'
    that follow each), and per click of the reader's alone; `seats` gives some seats another level
    (seat: the level's name)."""
    page = context.new_page()
    page.goto(url + "?pace=0", timeout=60_000)
    page.wait_for_function("window.__rulesbookPlay && window.__rulesbookPlay.root.dataset.playReady === 'setup'", timeout=180_000)
    if players:
        page.locator("form.rb-play-setup select[name=players]").select_option(str(players))
    for seat, level in (seats or {}).items():
        page.locator("form.rb-play-setup select[name=seats]").nth(seat).select_option(level)
    page.locator("form.rb-play-setup [type=submit]").click()
    played = page.evaluate("window.__rulesbookPlay.history().length - 1") - 1
    page.wait_for_function(SETTLED, arg=played, timeout=60_000)
    for _ in range(MOVES):
        played = page.evaluate("window.__rulesbookPlay.history().length - 1")
        if page.evaluate("window.__rulesbookPlay.root.dataset.playReady") == "over" or not page.evaluate(HINTED):
            break
        page.wait_for_function(SETTLED, arg=played, timeout=60_000)
    times = page.evaluate("window.__rulesbookPlay.timings.moves || []")
    yours = page.evaluate("window.__rulesbookPlay.timings.yours || []")
    page.close()
    return times, yours


def spread(yours: list[float]) -> str:
    """The reader's own clicks: what a reader waits for."""
    if not yours:
        return "none of yours"
    return (f"yours alone p50 {statistics.median(yours):5.1f} ms, p95 {percentile(yours, 0.95):5.1f} ms, "
            f"the slowest {max(yours):5.1f} ms over {len(yours)}")


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    if not PAGES or not (SITE / "lite" / "static" / "pyodide" / "play_python_inferno.zip").is_file():
        print("  no Play page with its engine: run `make book` (LITE=1, the default)")
        return
    print(f"Play pages at {MBPS} Mbps (Chromium throttling, 40 ms round trip), a host that gzips text and wasm;")
    print("seconds from opening the page, and MB the server sent:")
    print(f"  {'':12s} text  engine  playable  sent   |  return: playable  sent")
    with host(compress=True) as base:
        for page_path in PAGES:
            with tempfile.TemporaryDirectory() as profile, chromium(Path(profile), READERS_CHROMIUM) as context:
                first = visit(context, base + page_path, first=True)
                again = visit(context, base + page_path, first=False)
            with tempfile.TemporaryDirectory() as profile, chromium(Path(profile), READERS_CHROMIUM) as context:
                times, yours = moves(context, base + page_path)
            name = Path(page_path).stem
            print(f"  {name:12s} {first['text']:4.1f}  {first['engine']:6.1f}  {first['playable']:8.1f}  {first['sent']:4.2f}"
                  f"   |          {again['playable']:5.1f}  {again['sent']:5.2f}"
                  f"  {'(from the snapshot)' if again['restored'] else '(started afresh)'}")
            if times:
                print(f"  {'':12s} the engine per click: p50 {statistics.median(times):5.1f} ms, p95 {percentile(times, 0.95):5.1f} ms"
                      f" over {len(times)} clicks (budget p95 {BUDGETS['move']:.0f} ms); {spread(yours)}")
        with tempfile.TemporaryDirectory() as profile, chromium(Path(profile), READERS_CHROMIUM) as context:
            times, yours = moves(context, base + "book/play/inferno.html", SEARCHING)
        print(f"  inferno, you against two search bots: the engine per click (the bots' answers to it with it): "
              f"p50 {statistics.median(times):5.1f} ms, p95 {percentile(times, 0.95):5.1f} ms over {len(times)} clicks; {spread(yours)}")
        with tempfile.TemporaryDirectory() as profile, chromium(Path(profile), READERS_CHROMIUM) as context:
            times, yours = moves(context, base + "book/play/inferno.html", SEARCHING_4, players=4)
        print(f"  inferno, you against three search bots: p50 {statistics.median(times):5.1f} ms, p95 {percentile(times, 0.95):5.1f} ms"
              f" over {len(times)} clicks; {spread(yours)}")
    with host(compress=False) as base, tempfile.TemporaryDirectory() as profile, chromium(Path(profile), READERS_CHROMIUM) as context:
        plain = visit(context, base + PAGES[0], first=True)
    print(f"  {Path(PAGES[0]).stem} from a server that does not compress: text {plain['text']:.1f} s, "
          f"playable {plain['playable']:.1f} s, {plain['sent']:.2f} MB sent")
    print(f"  budgets: text {BUDGETS['text']} s, playable {BUDGETS['first']} s first visit, {BUDGETS['return']} s return visit")
