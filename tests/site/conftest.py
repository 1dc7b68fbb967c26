"""Fixtures of the built-site tests: the site served on 127.0.0.1 and one Chromium per session."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from site_browser import CHAPTER, CHROMIUM, SITE, chromium, open_chapter, serve, watch  # noqa: E402


KEEP_PROGRESS_UNLESS_ASKED = """try {
  if (window.name !== "rb-keep-progress") localStorage.removeItem("rulesbook-progress");
} catch (error) {}  // a page with no storage (about:blank) has none to clear"""


def _need_site() -> None:
    if not (SITE / CHAPTER).is_file():
        pytest.fail("the site is not built: run `make book` (make test builds it first)")


@pytest.fixture(scope="session")
def site_url():
    _need_site()
    with serve() as url:
        yield url


@pytest.fixture(scope="session")
def browser_context(tmp_path_factory):
    _need_site()
    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail(f"no Chromium at {CHROMIUM}: `make test` installs Debian's chromium-headless-shell")
    with chromium(tmp_path_factory.mktemp("chromium-profile")) as context:
        # The exercises one test finds must not be found already when another opens the page (a
        # page keeps its reader's progress: widgets/progress.js); a page that keeps it across a
        # reload names itself so (test_site_progress_browser.py).
        context.add_init_script(KEEP_PROGRESS_UNLESS_ASKED)
        yield context


@pytest.fixture
def chapter(browser_context, site_url):
    """The pilot chapter, freshly loaded; `chapter.seen` collects errors and outside requests."""
    page = browser_context.new_page()
    page.seen = watch(page)
    open_chapter(page, site_url)
    yield page
    page.close()
