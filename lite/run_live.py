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
site one folder further up.
"""

from __future__ import annotations

import os
from typing import Any
from urllib.parse import quote

#: The notebook interface of the site's JupyterLite (tools/lite.py: APP_PAGE), from the site root.
LIVE_PAGE = "lite/notebooks/index.html"
TEXT = "Run live"
TOOLTIP = "Run this chapter with Python in your browser, and change it (opens in a new tab)"
#: On a page opened from a file (file://), where JupyterLite cannot start (its service worker needs
#: http on localhost, or https), the link says what to do instead of opening a live site that never
#: starts. Inline, a few hundred bytes, on the pages that carry the link.
FROM_A_FILE = (
    'if(location.protocol==="file:")document.addEventListener("click",function(e){'
    'var a=e.target.closest&&e.target.closest("a.btn-run-live");if(!a)return;e.preventDefault();'
    'alert("Run live starts Python in your browser, and that needs the book served over http: this page '
    'was opened from a file. In the project folder run\\n\\n    python3 -m http.server -d _build/html\\n\\n'
    'then open http://localhost:8000/ and press Run live there. The pages and their boards work from a '
    'file as they are.")});'
)
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
    buttons.insert(0, {
        "type": "link",
        "url": live_url(context["pathto"], pagename, getattr(app.config, "rulesbook_site_folder", "")),
        "text": TEXT,
        "tooltip": TOOLTIP,
        "icon": "fas fa-play",
        "label": "run-live",
    })
    app.add_js_file(None, body=FROM_A_FILE)  # this page only (Sphinx adds it to the page being written)


def setup(app: Any) -> dict[str, Any]:
    app.add_config_value("rulesbook_run_live", os.environ.get("RULESBOOK_LITE", "1") != "0", "html")
    # After sphinx-book-theme has prepared its header buttons (priority 500 and 501).
    app.connect("html-page-context", add_run_live_link, priority=502)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
