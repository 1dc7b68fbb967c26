"""No built page needs an outside server: every script, style and font it loads is relative.

Reads every page of _build/html and every stylesheet under _static, after `make book`.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from site_browser import CHAPTER, SITE

OUTSIDE = re.compile(r"^(?:[a-zA-Z][a-zA-Z0-9+.-]*:|//)")
CSS_URL = re.compile(r"""url\(\s*['"]?([^'")\s]+)|@import\s+['"]([^'"]+)""")
LOADING_RELS = {"stylesheet", "preload", "modulepreload", "prefetch", "icon", "shortcut", "manifest", "apple-touch-icon"}


def outside(url: str) -> bool:
    return bool(OUTSIDE.match(url.strip())) and not url.strip().startswith("data:")


class Loads(HTMLParser):
    """The URLs a page makes the browser load: scripts, stylesheets, fonts, icons, inline styles."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []
        self.cdn_attributes: list[str] = []
        self._in_style = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        if tag == "script" and attributes.get("src"):
            self.urls.append(attributes["src"])
        if tag == "script" and "data-jupyter-widgets-cdn" in attributes:
            self.cdn_attributes.append(attributes["data-jupyter-widgets-cdn"] or "")
        if tag == "link" and attributes.get("href"):
            rels = set((attributes.get("rel") or "").lower().split())
            if rels & LOADING_RELS:
                self.urls.append(attributes["href"])
        if tag in ("img", "source", "embed", "iframe") and attributes.get("src"):
            self.urls.append(attributes["src"])
        if attributes.get("style"):
            self.urls.extend(found for pair in CSS_URL.findall(attributes["style"]) for found in pair if found)
        self._in_style = tag == "style"

    def handle_endtag(self, tag: str) -> None:
        if tag == "style":
            self._in_style = False

    def handle_data(self, data: str) -> None:
        if self._in_style:
            self.urls.extend(found for pair in CSS_URL.findall(data) for found in pair if found)


@pytest.fixture(scope="module")
def pages() -> list[Path]:
    if not (SITE / CHAPTER).is_file():
        pytest.fail("the site is not built: run `make book` (make test builds it first)")
    return sorted(SITE.rglob("*.html"))


def test_every_page_loads_scripts_styles_and_fonts_from_the_site_itself(pages):
    problems = []
    for page in pages:
        parser = Loads()
        parser.feed(page.read_text(encoding="utf-8"))
        problems.extend(f"{page.relative_to(SITE)}: {url}" for url in parser.urls if outside(url))
        problems.extend(f"{page.relative_to(SITE)}: widget CDN {cdn}" for cdn in parser.cdn_attributes if outside(cdn))
    assert problems == []


def test_every_stylesheet_loads_fonts_and_imports_from_the_site_itself(pages):
    problems = []
    for sheet in sorted((SITE / "_static").rglob("*.css")):
        for pair in CSS_URL.findall(sheet.read_text(encoding="utf-8", errors="replace")):
            problems.extend(f"{sheet.relative_to(SITE)}: {url}" for url in pair if url and outside(url))
    assert problems == []


def test_a_board_page_loads_one_board_module_and_no_widget_manager(pages):
    html = (SITE / CHAPTER).read_text(encoding="utf-8")
    head, body = html.split("</head>", 1)
    assert html.count("application/vnd.jupyter.widget-view+json") >= 5
    assert "application/vnd.jupyter.widget-state+json" in body and "widget-state" not in head  # after the text
    # A classic script (not type="module"), which a page opened from file:// runs too.
    assert re.search(r'<script async="async" src="\.\./\.\./_static/rulesbook/boards\.js(\?[^"]*)?">', head)
    assert 'type="module"' not in head
    # The boards' stylesheet, in the page's one bundle of stylesheets (tools/light_pages.py).
    bundle = re.search(r'href="\.\./\.\./(_static/rulesbook/styles/\w+\.css)(\?[^"]*)?"', head)
    assert bundle and "/* _static/rulesbook/boards.css */" in (SITE / bundle.group(1)).read_text(encoding="utf-8")
    for name in ("require.js", "amd-config.js", "embed-amd.js"):
        assert name not in html, name
    assert '"_esm"' not in html and "export default" not in html  # no copy of the board code per board
    assert (SITE / "_static" / "rulesbook" / "boards.js").is_file()


def test_the_widget_manager_is_on_the_site_for_pages_with_other_widgets(pages):
    runtime = SITE / "_static" / "widget-runtime"
    for name in ("require.js", "amd-config.js", "embed-amd.js", "anywidget.js"):
        assert (runtime / name).is_file(), name
