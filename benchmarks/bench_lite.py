"""The live site: from opening a chapter's notebook in JupyterLite to a ready kernel and to its first board.

Serves the built site on 127.0.0.1 and opens the pilot chapter as its "Run live" link does, in
Debian's Chromium (headless): first with a fresh profile each time (a reader's first visit, nothing
cached; the median of a few runs), then once more with the same profile (a return visit, with the
browser's cache). "kernel ready" is the kernel status showing success; then Run All Cells is
chosen from the menu, and "first board" is when the first board is drawn. Also: the site's size
with and without the live part.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "site"))

from lite_browser import LITE, LIVE_CHECKS, LIVE_PAGE, menu, open_live, wait_until_run  # noqa: E402
from site_browser import READERS_CHROMIUM, SITE, chromium, serve  # noqa: E402

COLD_RUNS = 3
NOTEBOOK = LIVE_CHECKS["inferno"].notebook


def visit(context: object, url: str) -> dict[str, float]:
    page = context.new_page()
    times = open_live(page, url, NOTEBOOK)
    menu(page, "Run", "Run All Cells")
    page.wait_for_selector(".rb-board [data-place]", timeout=120_000)
    times["board"] = time.perf_counter() - times["started"]
    wait_until_run(page)
    times["all"] = time.perf_counter() - times["started"]
    page.close()
    return times


def size(path: Path, skip: Path | None = None) -> float:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and (skip is None or skip not in p.parents)) / 2**20


def main() -> None:
    if not (SITE / LIVE_PAGE).is_file():
        print("  the live site is not built: run `make book` (LITE=1, the default)")
        return
    cold = []
    load_before = os.getloadavg()[0]
    with serve() as url:
        for _ in range(COLD_RUNS):
            with tempfile.TemporaryDirectory() as profile, chromium(Path(profile), READERS_CHROMIUM) as context:
                cold.append(visit(context, url))
                warm = visit(context, url) if len(cold) == COLD_RUNS else None
    print(f"{NOTEBOOK} in JupyterLite (Chromium, headless), seconds from opening the notebook")
    print(f"(load average {load_before:.1f} before, {os.getloadavg()[0]:.1f} after, on {os.cpu_count()} cores: "
          "other work on the machine slows every figure):")
    rows = (("notebook", "notebook shown"), ("kernel", "kernel ready"), ("board", "first board (Run All)"), ("all", "every cell run"))
    print(f"  {'':24s} first visit (median of {COLD_RUNS}, min-max)   return visit")
    for key, label in rows:
        values = [times[key] for times in cold]
        print(f"  {label:24s} {statistics.median(values):5.1f}  ({min(values):4.1f}-{max(values):4.1f})"
              f"                {warm[key]:5.1f}")
    print(f"site size: {size(SITE):.1f} MiB with the live part, {size(SITE, LITE):.1f} MiB without "
          f"(the live part: {size(LITE):.1f} MiB, of which Pyodide and wheels {size(LITE / 'static' / 'pyodide'):.1f} MiB)")


if __name__ == "__main__":
    main()
