"""A built page opened from a file (file://), as `make book` tells a reader to, runs its boards.

A browser refuses an ES module script and any fetch on a file:// page; the site's board script is
a classic script that carries the whole shell and every picture, and the lesson data is in the
page itself (rulesbook.widgets.site), so the boards work with no server at all. The live part
(JupyterLite) cannot start from a file: its "Run live" link says so and how to serve the book.
"""

from __future__ import annotations

import sys

import pytest
from site_browser import CHAPTER, ROOT, SITE, watch

sys.path.insert(0, str(ROOT / "lite"))
from run_live import words  # noqa: E402  (lite/run_live.py)


def test_a_page_opened_from_a_file_runs_its_boards(browser_context):
    page = browser_context.new_page()
    seen = watch(page)
    try:
        page.goto((SITE / CHAPTER).as_uri())
        page.wait_for_selector("html[data-boards-ready]", state="attached", timeout=20_000)
        assert page.evaluate("document.documentElement.getAttribute('data-boards-ready')") == str(
            page.locator('script[type="application/vnd.jupyter.widget-view+json"]').count())
        board = page.locator(".rb-board").first
        board.locator('[data-hand="0"]').click()
        assert board.locator(".rb-target").count() > 0, "the chosen card's places are marked"
        target = board.locator(".rb-target").first.get_attribute("data-place")
        board.locator(f'[data-place="{target}"]').click()
        assert board.locator(".rb-message").get_attribute("data-tone") == "ok"
        assert board.locator(".rb-log-entry").count() == 2, "the move is in the log"
        assert seen["errors"] == []
    finally:
        page.close()


@pytest.mark.parametrize(("chapter", "language"), [(CHAPTER, "en"), ("zh-TW/book/inferno/scoring.html", "zh_TW")])
def test_run_live_on_a_page_opened_from_a_file_says_how_to_serve_the_book(browser_context, chapter, language):
    page_file = SITE / chapter
    page = browser_context.new_page()
    seen = watch(page)
    said = []
    page.on("dialog", lambda dialog: (said.append(dialog.message), dialog.dismiss()))
    try:
        page.goto(page_file.as_uri())
        pages = len(browser_context.pages)
        link = page.locator("a.btn-run-live .btn__text-container")
        assert link.inner_text() == words(language).text
        link.click()  # a click on the text inside the link
        page.wait_for_timeout(100)
        assert said == [words(language).from_a_file]
        # A reader of a copied site has no project: the folder is the site's own, which holds its index.html.
        assert "python3 -m http.server" in said[0] and "index.html" in said[0] and "http://localhost:8000/" in said[0]
        assert page.url == page_file.as_uri() and len(browser_context.pages) == pages, "no live site is opened"
        assert seen["errors"] == []
    finally:
        page.close()


def test_a_play_page_opened_from_a_file_says_how_to_serve_the_book(browser_context):
    page = browser_context.new_page()
    seen = watch(page)
    try:
        page.goto((SITE / "book" / "play" / "hudai.html").as_uri())
        page.wait_for_function("document.querySelector('.rb-play-status').textContent.includes('http.server')", timeout=20_000)
        assert "opened from a file" in page.inner_text(".rb-play-status")
        assert seen["errors"] == []
    finally:
        page.close()



@pytest.mark.parametrize("search", ["search.html?q=bison", "zh-TW/search.html?q=%E7%B4%85%E5%AD%A9%E5%85%92"])
def test_search_from_a_file_lists_its_pages_quietly(browser_context, site_url, search):
    """Sphinx's search fetched each page it found for a summary, and from a file every fetch is
    refused with an error in the console (two for each page found): from a file the pages are
    listed without summaries, with nothing in the console; served, each has its summary."""
    for address in (SITE.as_uri() + "/" + search, site_url + search):
        page = browser_context.new_page()
        seen = watch(page)
        try:
            page.goto(address)
            page.wait_for_function("() => /\\d/.test(document.querySelector('#search-results > p')?.textContent || '')",
                                   timeout=20_000)  # "Search finished, found 17 page(s) ..."
            found = page.locator("#search-results li").count()
            assert found > 3, (address, found)
            page.wait_for_timeout(500)  # a summary fetched, or a refused fetch logged, by now
            summaries = page.locator("#search-results li p.context").count()
            assert summaries == (0 if address.startswith("file:") else found), (address, summaries, found)
            assert seen["errors"] == [], seen["errors"][:3]
        finally:
            page.close()
