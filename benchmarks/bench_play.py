"""The Play pages: how soon a page's text shows and its board plays at 10 Mbps, what it loads, and
how long the engine takes to answer a click (side by side with the live chapters: bench_lite).

Each Play page of the built site (book/play/*.html) is opened in Debian's Chromium, throttled by
Chromium itself (10 Mbit/s each way, 40 ms round trip): first with a fresh profile (a first visit,
nothing cached): the engine loads, and a game is started from the page's own set-up as soon as it
may be; then once more with the same profile (a return visit: the files cached, the game played
back from the browser's storage). "text" is the first contentful paint, "engine" the moment the
page may start a game (Python ready in the worker), "playable" the board of a started game drawn
(the performance mark rulesbook-play-ready). The bytes are the site's files the page and its
worker asked for, as they are (this server does not compress) and gzipped (what a host that
compresses sends). Last, unthrottled, the hints play a game for a while (`?pace=0`) through the
board's own clicks: the worker's time per answered click (its `ms`), p50 and p95.
Budgets (issue 23): text within 1.5 s, playable within 6 s on a first visit and 2 s on a return
visit, a move within 300 ms (p95).
"""

from __future__ import annotations

import gzip
import statistics
import sys
import tempfile
from pathlib import Path
from urllib.parse import unquote, urlparse

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "site"))

from play_browser import SETTLED  # noqa: E402
from site_browser import SITE, chromium, serve  # noqa: E402

MBPS = 10
MOVES = 60
BUDGETS = {"text": 1.5, "first": 6.0, "return": 2.0, "move": 300.0}
PAGES = sorted(str(path.relative_to(SITE)) for path in (SITE / "book" / "play").glob("*.html"))

MARKS = """() => {
  const paint = performance.getEntriesByName('first-contentful-paint')[0];
  const ready = performance.getEntriesByName('rulesbook-play-ready')[0];
  return [paint ? paint.startTime / 1000 : null, ready ? ready.startTime / 1000 : null];
}"""
HINTED = """async () => {
  const play = window.__rulesbookPlay;
  const hint = await play.ask({ type: 'hint', node: play.here() });
  if (!hint.click) return false;
  play.board.chosen = hint.click.choice;
  play.board.actor = hint.click.actor || null;
  play.board.clickPlace(hint.click.place);
  return true;
}"""


def throttle(context, page) -> None:
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    rate = MBPS * 1_000_000 / 8
    cdp.send("Network.emulateNetworkConditions", {"offline": False, "latency": 40, "downloadThroughput": rate, "uploadThroughput": rate})


def visit(context, url: str, first: bool) -> dict[str, float]:
    """One visit of a Play page: its times, and (on a first visit) the files it loaded."""
    page = context.new_page()
    files: set[Path] = set()
    context.on("requestfinished", lambda request: files.add(SITE / unquote(urlparse(request.url).path).lstrip("/")))
    throttle(context, page)
    page.goto(url, wait_until="commit", timeout=60_000)
    root = page.locator(".rb-play")
    page.wait_for_function("document.querySelector('.rb-play') && document.querySelector('.rb-play').dataset.playReady",
                           timeout=180_000)
    engine = page.evaluate("performance.now() / 1000")
    if first:
        root.locator("form.rb-play-setup [type=submit]").click()
    page.wait_for_function("performance.getEntriesByName('rulesbook-play-ready').length > 0", timeout=180_000)
    page.wait_for_function("performance.getEntriesByName('first-contentful-paint').length > 0", timeout=60_000)
    text, playable = page.evaluate(MARKS)
    page.close()
    found = [path for path in files if path.is_file()]
    raw = sum(path.stat().st_size for path in found)
    packed = sum(len(gzip.compress(path.read_bytes(), 6)) for path in found)
    return {"text": text, "engine": engine, "playable": playable, "raw": raw / 1e6, "gzip": packed / 1e6}


def moves(context, url: str) -> list[float]:
    """The worker's milliseconds per answered click over MOVES of the hints' moves (and the bots')."""
    page = context.new_page()
    page.goto(url + "?pace=0", timeout=60_000)
    page.wait_for_function("window.__rulesbookPlay && window.__rulesbookPlay.root.dataset.playReady === 'setup'", timeout=180_000)
    page.locator("form.rb-play-setup [type=submit]").click()
    played = page.evaluate("window.__rulesbookPlay.history().length - 1") - 1
    page.wait_for_function(SETTLED, arg=played, timeout=60_000)
    for _ in range(MOVES):
        played = page.evaluate("window.__rulesbookPlay.history().length - 1")
        if page.evaluate("window.__rulesbookPlay.root.dataset.playReady") == "over" or not page.evaluate(HINTED):
            break
        page.wait_for_function(SETTLED, arg=played, timeout=60_000)
    times = page.evaluate("window.__rulesbookPlay.timings.moves || []")
    page.close()
    return times


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    if not PAGES or not (SITE / "lite" / "static" / "pyodide" / "play_stdlib.zip").is_file():
        print("  no Play page with its engine: run `make book` (LITE=1, the default)")
        return
    print(f"Play pages at {MBPS} Mbps (Chromium throttling, 40 ms round trip), seconds from opening the page:")
    print(f"  {'':24s} text  engine  playable    return: playable   loaded (first visit)")
    with serve() as base:
        for page_path in PAGES:
            with tempfile.TemporaryDirectory() as profile, chromium(Path(profile)) as context:
                first = visit(context, base + page_path, first=True)
                again = visit(context, base + page_path, first=False)
            with tempfile.TemporaryDirectory() as profile, chromium(Path(profile)) as context:
                times = moves(context, base + page_path)
            name = Path(page_path).stem
            print(f"  {name:24s} {first['text']:4.1f}  {first['engine']:6.1f}  {first['playable']:8.1f}"
                  f"            {again['playable']:5.1f}      {first['raw']:5.1f} MB ({first['gzip']:4.1f} MB gzip)")
            if times:
                print(f"  {'':24s} the engine per click: p50 {statistics.median(times):5.1f} ms, p95 {percentile(times, 0.95):5.1f} ms"
                      f" over {len(times)} clicks (budget p95 {BUDGETS['move']:.0f} ms)")
    print(f"  budgets: text {BUDGETS['text']} s, playable {BUDGETS['first']} s first visit, {BUDGETS['return']} s return visit")


if __name__ == "__main__":
    main()
