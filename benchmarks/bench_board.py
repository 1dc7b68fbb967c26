"""The boards on the static site: how heavy a board page is, how soon it reads and answers at
10 Mbps, and how fast a click redraws.

- Page weight: every board page of the built site loaded in Debian's Chromium from a local
  server; the bytes of the page itself and of everything it loads, raw and gzipped (what a
  server that compresses would send).
- At 10 Mbps: Chromium's own network throttling (10 Mbit/s each way, 40 ms round trip, cache
  off); "first text" is the first contentful paint, "interactive" the moment the board runtime
  marks every board of the page ready to click (performance mark rulesbook-boards-ready).
  Budgets (issue 11): first text within 1.5 s, boards interactive within 3 s.
- Click to redraw: the pilot chapter's first board, clicked many times in the page itself: a
  legal Bison King move (then Undo) and a refused click, each after the page has settled for two
  frames. "redrawn" is the click handler's work, lookup and SVG rebuilt, measured with
  performance.now() around the dispatched click; "with layout" also forces the browser's style
  and layout of the new drawing. (Waiting for the next animation frame would mostly measure
  where in the 16.7 ms frame the click fell.)
"""

from __future__ import annotations

import gzip
import re
import statistics
import sys
import tempfile
from pathlib import Path
from urllib.parse import unquote, urlparse

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "site"))

from site_browser import CHAPTER, READERS_CHROMIUM, SITE, chromium, open_chapter, serve  # noqa: E402

CLICKS = 100
MBPS = 10
FIRST_TEXT_BUDGET = 1.5
INTERACTIVE_BUDGET = 3.0
TOC = (ROOT / "_toc.yml").read_text(encoding="utf-8")
ROOT_PAGE = re.search(r"^root:\s*(\S+)", TOC, re.M).group(1)
PAGES = [f"{ROOT_PAGE}.html"] + [f"{chapter}.html" for chapter in re.findall(r"^\s*-\s*file:\s*(\S+)\s*$", TOC, re.M)]
BOARD_PAGES = [page for page in PAGES if "application/vnd.jupyter.widget-view+json" in (SITE / page).read_text(encoding="utf-8")]

TIMES = """() => {
  const paint = performance.getEntriesByName('first-contentful-paint')[0];
  const ready = performance.getEntriesByName('rulesbook-boards-ready')[0];
  return [paint ? paint.startTime : null, ready ? ready.startTime : null, document.querySelectorAll('.rb-board').length];
}"""

MEASURE = """
async (clicks) => {
  const root = document.querySelectorAll('.rb-board')[0];
  const times = { move: [], moveLayout: [], refusal: [], undo: [] };
  const settle = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  const click = (selector, laidOut) => {
    const target = root.querySelector(selector);
    const started = performance.now();
    target.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    const handled = performance.now() - started;
    document.body.offsetHeight;  // force style and layout of the new drawing
    if (laidOut) laidOut.push(performance.now() - started);
    return handled;
  };
  for (let i = 0; i < clicks; i += 1) {
    root.querySelector('[data-hand="0"]').click();
    await settle();
    times.refusal.push(click('[data-place="0,3"]'));
    await settle();
    times.move.push(click('[data-place="1,3"]', times.moveLayout));
    if (!root.querySelector('[data-place="1,3"] [data-pawn="R"]')) throw new Error('the pawn did not move');
    await settle();
    times.undo.push(click('.rb-undo'));
    if (!root.querySelector('[data-place="1,0"] [data-pawn="R"]')) throw new Error('undo did not restore');
    await settle();
  }
  return times;
}
"""


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def site_file(url: str) -> Path | None:
    path = unquote(urlparse(url).path).lstrip("/") or "index.html"
    found = SITE / path
    return found if found.is_file() else None


def page_weights(context, url: str) -> list[tuple[str, int, int, int, int]]:
    """(page, html raw, html gzip, all raw, all gzip) for each board page."""
    rows = []
    for page_path in BOARD_PAGES:
        page = context.new_page()
        loaded: dict[str, Path] = {}
        page.on("requestfinished", lambda request: loaded.setdefault(request.url.split("?")[0], site_file(request.url)))
        open_chapter(page, url, page_path)
        page.wait_for_load_state("load")
        page.close()
        files = [path for path in loaded.values() if path is not None]
        raw = sum(path.stat().st_size for path in files)
        packed = sum(len(gzip.compress(path.read_bytes(), 6)) for path in files)
        html = (SITE / page_path).read_bytes()
        rows.append((page_path, len(html), len(gzip.compress(html, 6)), raw, packed))
    return rows


def label(page_path: str) -> str:
    """A page as its part and name (two parts have an a-whole-game and a reference)."""
    path = Path(page_path)
    return f"{path.parent.name}/{path.stem}" if path.parent.name else path.stem


def throttled(url: str) -> list[tuple[str, float, float, int]]:
    """(page, first text s, interactive s, boards) for each board page at MBPS, each page in a
    browser of its own (throttled connections of one page must not hold up the next)."""
    rows = []
    for page_path in BOARD_PAGES:
        with tempfile.TemporaryDirectory() as profile, chromium(Path(profile), READERS_CHROMIUM) as context:
            page = context.new_page()
            cdp = context.new_cdp_session(page)
            cdp.send("Network.enable")
            cdp.send("Network.setCacheDisabled", {"cacheDisabled": True})
            rate = MBPS * 1_000_000 / 8
            cdp.send("Network.emulateNetworkConditions",
                     {"offline": False, "latency": 40, "downloadThroughput": rate, "uploadThroughput": rate})
            page.goto(url + page_path, wait_until="commit", timeout=60_000)
            page.wait_for_selector("html[data-boards-ready]", state="attached", timeout=60_000)
            # Boards may be ready before Chromium has reported the first paint (a page whose runtime
            # is already cached by the operating system): wait for that entry too.
            page.wait_for_function("performance.getEntriesByName('first-contentful-paint').length > 0", timeout=60_000)
            paint, ready, boards = page.evaluate(TIMES)
            rows.append((page_path, paint / 1000, ready / 1000, boards))
    return rows


def main() -> None:
    if not (SITE / CHAPTER).is_file():
        print("  the site is not built: run `make book` first")
        return
    boards_js = SITE / "_static" / "rulesbook" / "boards.js"
    boards_css = SITE / "_static" / "rulesbook" / "boards.css"
    with serve() as url:
        with tempfile.TemporaryDirectory() as profile, chromium(Path(profile), READERS_CHROMIUM) as context:
            weights = page_weights(context, url)
            page = context.new_page()
            open_chapter(page, url)
            times = page.evaluate(MEASURE, CLICKS)
        timings = throttled(url)
    print(f"board pages: {len(BOARD_PAGES)}, {sum(row[3] for row in timings)} boards; one board module "
          f"{boards_js.stat().st_size / 1000:.1f} KB ({len(gzip.compress(boards_js.read_bytes())) / 1000:.1f} KB gzip) and one "
          f"stylesheet {boards_css.stat().st_size / 1000:.1f} KB for the whole site")
    print("bytes per board page (the page itself; everything it loads), raw and gzip:")
    for page_path, html, html_gz, raw, raw_gz in weights:
        print(f"  {label(page_path):34s} page {html / 1000:6.1f} KB ({html_gz / 1000:5.1f} gzip)   "
              f"all {raw / 1e6:5.2f} MB ({raw_gz / 1e6:4.2f} gzip)")
    print(f"at {MBPS} Mbps (Chromium throttling, 40 ms round trip, no cache): first text / boards interactive")
    for page_path, paint, ready, boards in timings:
        print(f"  {label(page_path):34s} {paint:5.2f} s / {ready:5.2f} s  ({boards} boards)")
    worst_paint = max(row[1] for row in timings)
    worst_ready = max(row[2] for row in timings)
    print(f"  worst: first text {worst_paint:.2f} s (budget {FIRST_TEXT_BUDGET} s: {'ok' if worst_paint <= FIRST_TEXT_BUDGET else 'OVER'}), "
          f"interactive {worst_ready:.2f} s (budget {INTERACTIVE_BUDGET} s: {'ok' if worst_ready <= INTERACTIVE_BUDGET else 'OVER'})")
    print(f"click to board redrawn on the static page, {CLICKS} clicks each (Chromium, headless):")
    rows = (("move", "legal move"), ("moveLayout", "legal move, with layout"), ("refusal", "refused click"), ("undo", "undo"))
    for name, what in rows:
        values = times[name]
        print(f"  {what:26s} p50 {statistics.median(values):6.2f} ms   p95 {percentile(values, 0.95):6.2f} ms")


if __name__ == "__main__":
    main()
