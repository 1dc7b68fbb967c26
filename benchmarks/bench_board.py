"""The board on the static page: time from a reader's click to the board redrawn (aim p95 <= 16 ms).

Serves the built site on 127.0.0.1, opens the pilot chapter in Debian's Chromium and clicks the
first board many times in the page itself: a legal Bison King move (then Undo) and a refused
click, each after the page has settled for two frames. "redrawn" is the click handler's work,
lookup and SVG rebuilt, measured with performance.now() around the dispatched click; "with
layout" also forces the browser's style and layout of the new drawing. (Waiting for the next
animation frame would mostly measure where in the 16.7 ms frame the click fell.)
"""

from __future__ import annotations

import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "site"))

from site_browser import CHAPTER, SITE, chromium, open_chapter, serve  # noqa: E402

CLICKS = 100

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


def main() -> None:
    if not (SITE / CHAPTER).is_file():
        print("  the site is not built: run `make book` first")
        return
    with tempfile.TemporaryDirectory() as profile, serve() as url, chromium(Path(profile)) as context:
        page = context.new_page()
        open_chapter(page, url)
        times = page.evaluate(MEASURE, CLICKS)
    print(f"click to board redrawn on the static page, {CLICKS} clicks each (Chromium, headless):")
    rows = (("move", "legal move"), ("moveLayout", "legal move, with layout"), ("refusal", "refused click"), ("undo", "undo"))
    for name, label in rows:
        values = times[name]
        print(f"  {label:26s} p50 {statistics.median(values):6.2f} ms   p95 {percentile(values, 0.95):6.2f} ms")


if __name__ == "__main__":
    main()
