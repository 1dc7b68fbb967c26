"""Every chapter page of the built site: each one is listed in the table of contents and built, and
next/previous links chain the chapters. (In a real browser, each page's widgets and links are
checked by page_visit.py, in test_site_pages_<part>.py.)
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urljoin, urlparse

from site_browser import ROOT, SITE

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
