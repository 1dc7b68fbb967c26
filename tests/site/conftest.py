"""Fixtures of the built-site tests: the site served on 127.0.0.1 and one Chromium per session."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from site_browser import CHAPTER, CHROMIUM, ROOT, SITE, chromium, open_chapter, serve, watch  # noqa: E402

sys.path.insert(0, str(ROOT / "tools"))
import offline_pages  # noqa: E402  (tools/offline_pages.py: the site's service worker, by its name)


KEEP_PROGRESS_UNLESS_ASKED = """try {
  if (window.name !== "rb-keep-progress") localStorage.removeItem("rulesbook-progress");
} catch (error) {}  // a page with no storage (about:blank) has none to clear"""


NO_SITE_WORKER = """if (navigator.serviceWorker) {
  const register = navigator.serviceWorker.register.bind(navigator.serviceWorker);
  navigator.serviceWorker.register = (url, options) =>
    String(url).endsWith("%s") ? new Promise(() => {}) : register(url, options);
}""" % offline_pages.WORKER


def _need_site() -> None:
    if not (SITE / CHAPTER).is_file():
        pytest.fail("the site is not built: run `make book` (make test builds it first)")


@pytest.fixture(scope="session")
def site_url():
    _need_site()
    with serve() as url:
        yield url


@pytest.fixture(scope="session")
def playwright():
    """The one Playwright of a test process: every Chromium of the process is launched by it (its
    sync API refuses to start a second while one runs)."""
    from playwright.sync_api import sync_playwright

    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail(f"no Chromium at {CHROMIUM}: `make test` installs Debian's chromium-headless-shell")
    with sync_playwright() as started:
        yield started


@pytest.fixture(scope="session")
def browser_context(tmp_path_factory, playwright):
    _need_site()
    with chromium(tmp_path_factory.mktemp("chromium-profile"), playwright=playwright) as context:
        # The exercises one test finds must not be found already when another opens the page (a
        # page keeps its reader's progress: widgets/progress.js); a page that keeps it across a
        # reload names itself so (test_site_progress_browser.py).
        context.add_init_script(KEEP_PROGRESS_UNLESS_ASKED)
        # Nor does the site's service worker (tools/offline_worker.js) answer a test's page: what it
        # answers, `page.route` does not see (a test holding Pyodide back let it through), and a
        # test would read what another kept. test_site_offline_worker.py tests it, each test in a
        # browser of its own; JupyterLite's worker is left to register.
        context.add_init_script(NO_SITE_WORKER)
        yield context


@pytest.fixture
def chapter(browser_context, site_url):
    """The pilot chapter, freshly loaded; `chapter.seen` collects errors and outside requests."""
    page = browser_context.new_page()
    page.seen = watch(page)
    open_chapter(page, site_url)
    yield page
    page.close()
