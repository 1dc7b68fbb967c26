"""Every chapter page of the built site, in a real browser: each one is listed in the table of
contents, renders every widget it carries, logs no console error, loads nothing from outside
127.0.0.1 and links only to pages and anchors that exist; next/previous links chain the chapters.
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urljoin, urlparse

import pytest
from site_browser import ROOT, SITE, watch

TOC = (ROOT / "_toc.yml").read_text(encoding="utf-8")
CHAPTERS = re.findall(r"^\s*-\s*file:\s*(\S+)\s*$", TOC, re.M)
ROOT_PAGE = re.search(r"^root:\s*(\S+)\s*$", TOC, re.M).group(1)
PAGES = [f"{ROOT_PAGE}.html"] + [f"{chapter}.html" for chapter in CHAPTERS]


def test_the_table_of_contents_lists_every_chapter_notebook():
    notebooks = sorted(str(path.relative_to(ROOT).with_suffix("")) for path in (ROOT / "book").rglob("*.ipynb"))
    # The Play pages (book/play/, issue 23) are Markdown pages, not chapters: every other entry is a notebook.
    plays = sorted(str(path.relative_to(ROOT).with_suffix("")) for path in (ROOT / "book" / "play").glob("*.md"))
    assert sorted(CHAPTERS) == sorted(notebooks + plays)
    for page in PAGES:
        assert (SITE / page).is_file(), f"{page} was not built"
    assert f"{ROOT_PAGE}.html" in (SITE / "index.html").read_text(encoding="utf-8"), "the site opens on the intro"


@pytest.mark.parametrize("page_path", PAGES)
def test_each_page_renders_its_widgets_without_errors_or_broken_links(browser_context, site_url, page_path):
    page = browser_context.new_page()
    seen = watch(page)
    try:
        page.goto(site_url + page_path)
        page.wait_for_load_state("load")
        views = page.locator('script[type="application/vnd.jupyter.widget-view+json"]').count()
        if views:
            page.wait_for_function(
                "n => document.querySelectorAll('.rb-board [data-place]').length > 0 && "
                "document.querySelectorAll('.rb-board').length >= n",
                arg=views,
                timeout=20_000,
            )
        assert page.locator(".rb-board").count() == views, "every widget on the page renders"
        hrefs = page.eval_on_selector_all("a[href]", "links => links.map(link => link.getAttribute('href'))")
        anchors = set(page.eval_on_selector_all("[id]", "nodes => nodes.map(node => node.id)"))
    finally:
        page.close()
    broken = []
    for href in hrefs:
        if href.startswith(("mailto:", "javascript:")):
            continue
        target = urlparse(urljoin(site_url + page_path, href))
        if target.scheme not in ("http", "https") or target.netloc != urlparse(site_url).netloc:
            broken.append(f"outside link {href}")
            continue
        path = target.path.lstrip("/") or "index.html"
        if path.endswith("/"):
            path += "index.html"
        if not (SITE / path).is_file():
            broken.append(href)
        elif path == page_path and target.fragment and target.fragment not in anchors:
            broken.append(href)
    assert not broken, f"broken links on {page_path}: {broken}"
    assert not seen["errors"], seen["errors"]
    assert not seen["outside"], seen["outside"]


def test_next_and_previous_links_chain_the_chapters_in_order():
    order = PAGES
    for before, after in zip(order, order[1:]):
        html = (SITE / before).read_text(encoding="utf-8")
        nxt = re.search(r'<a class="right-next"\s+href="([^"]+)"', html)
        assert nxt, f"{before} has no next link"
        assert Path(urlparse(urljoin(f"http://x/{before}", nxt.group(1))).path.lstrip("/")) == Path(after)
        html_after = (SITE / after).read_text(encoding="utf-8")
        prev = re.search(r'<a class="left-prev"\s+href="([^"]+)"', html_after)
        assert prev, f"{after} has no previous link"
        assert Path(urlparse(urljoin(f"http://x/{after}", prev.group(1))).path.lstrip("/")) == Path(before)
