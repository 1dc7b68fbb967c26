"""A "Run live" link on every chapter page: the same notebook in the site's JupyterLite.

A small Sphinx extension (`_config.yml`: sphinx.local_extensions). It adds one link, with its
text, to the header buttons that sphinx-book-theme draws above each notebook page; it leads to
the notebook in the JupyterLite that `tools/lite.py` builds into `_build/html/lite/`. The link is
there when the live part is built: the Makefile passes LITE to the build as RULESBOOK_LITE
(on unless it is 0). As a config value, a change of it makes Sphinx write every page again.

The parts of the book listed in NOT_LIVE are the exception: no link, no copy in the live site
(`tools/lite.py` asks `is_live`, and so do the live site's tests).

The zh-TW book (zh-TW/, built into the site's zh-TW/ folder) shares the one live site: its
`rulesbook_site_folder` (rulesbook.widgets.play_site's) names its folder, where its notebooks lie
in the live site's files too (zh-TW/book/inferno/scoring.ipynb), and its pages reach the live
site one folder further up. The link speaks its book's language (WORDS).
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

#: The notebook interface of the site's JupyterLite (tools/lite.py: APP_PAGE), from the site root.
LIVE_PAGE = "lite/notebooks/index.html"


@dataclass(frozen=True)
class LinkWords:
    """The link's words in one book's language: its text, its tooltip, and what it says on a page
    opened from a file (file://), where JupyterLite cannot start (its service worker needs http on
    localhost, or https), instead of opening a live site that never starts."""

    text: str
    tooltip: str
    from_a_file: str

    def script(self) -> str:
        """The page's inline script that says `from_a_file` on a click, when the page is a file (a few
        hundred bytes, on the pages that carry the link)."""
        return ('if(location.protocol==="file:")document.addEventListener("click",function(e){'
                'var a=e.target.closest&&e.target.closest("a.btn-run-live");if(!a)return;e.preventDefault();'
                f'alert({json.dumps(self.from_a_file, ensure_ascii=False)})}});')


SERVE = "python3 -m http.server"
#: By the book's Sphinx language; the zh-TW book's in its own words, as the theme's buttons are.
WORDS = {
    "en": LinkWords(
        "Run live",
        "Run this chapter with Python in your browser, and change it (opens in a new tab)",
        "Run live starts Python in your browser, and that needs the book served over http: this page was "
        f"opened from a file. In the site's folder (the one that holds its index.html: _build/html after make book) run\n\n    {SERVE}\n\nthen open http://localhost:8000/ "
        "and press Run live there. The pages and their boards work from a file as they are."),
    "zh_TW": LinkWords(
        "在瀏覽器執行",
        "在瀏覽器裡用 Python 執行這一章，也可以修改它（在新分頁開啟；JupyterLab 的介面是英文）",
        "「在瀏覽器執行」要在瀏覽器裡啟動 Python，這需要用 http 提供這本書，而這一頁是從檔案開啟的。"
        f"請在網站的資料夾（放著它的 index.html 的那個；make book 之後是 _build/html）執行\n\n    {SERVE}\n\n再打開 http://localhost:8000/，在那裡按「在瀏覽器執行」。"
        "各頁和頁上的盤面從檔案開啟也照常可用。"),
}


def words(language: str | None) -> LinkWords:
    """The link's words for a book in `language` (Sphinx's `language`, None for English)."""
    return WORDS.get(language or "en", WORDS["en"])


#: Folders of the book whose chapters are not live: they need what the browser's Python cannot
#: carry. The design lab plays thousands of games into pandas tables, draws them with matplotlib
#: and spreads them over processes or a Dask cluster; each of its chapters says to run it in
#: JupyterLab (`make lab`) instead.
NOT_LIVE = ("book/lab/",)


def is_live(pagename: str) -> bool:
    """Whether a chapter ("book/inferno/scoring", as the table of contents names it) is in the live site."""
    return not pagename.startswith(NOT_LIVE)


def live_url(pathto: Any, pagename: str, book: str = "") -> str:
    """The relative link from page `pagename` to its notebook in JupyterLite; `book` is the folder
    of a book built into the site's own (the zh-TW book's "zh-TW"), "" for the site's root book."""
    if not book:
        return f"{pathto(LIVE_PAGE, 1)}?path={quote(pagename + '.ipynb')}"
    return f"{pathto('../' + LIVE_PAGE, 1)}?path={quote(f'{book}/{pagename}.ipynb')}"


def add_run_live_link(app: Any, pagename: str, templatename: str, context: dict[str, Any], doctree: Any) -> None:
    if not app.config.rulesbook_run_live or context.get("page_source_suffix") != ".ipynb" or not is_live(pagename):
        return
    buttons = context.get("header_buttons")
    if buttons is None:  # not sphinx-book-theme
        return
    said = words(app.config.language)
    buttons.insert(0, {
        "type": "link",
        "url": live_url(context["pathto"], pagename, getattr(app.config, "rulesbook_site_folder", "")),
        "text": said.text,
        "tooltip": said.tooltip,
        "icon": "fas fa-play",
        "label": "run-live",
    })
    app.add_js_file(None, body=said.script())  # this page only (Sphinx adds it to the page being written)


def setup(app: Any) -> dict[str, Any]:
    app.add_config_value("rulesbook_run_live", os.environ.get("RULESBOOK_LITE", "1") != "0", "html")
    # After sphinx-book-theme has prepared its header buttons (priority 500 and 501).
    app.connect("html-page-context", add_run_live_link, priority=502)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
