"""The Play pages on the static site: a Sphinx extension that Jupyter Book loads (see _config.yml).

It writes the Play page's script (widgets/play_page.js with the board shell and the pictures,
bundled by `rulesbook.widgets.assets` into one classic script), its engine worker
(widgets/play_worker.js, as it is: a module worker) and its stylesheet into _static/rulesbook/,
and puts the script, deferred, and the stylesheet only on a page that has a Play area
(`<div class="rb-play" data-game=...>`, in a page of book/play/). The worker loads Pyodide and
the project's wheel from the site's live part (lite/static/pyodide/, built by tools/lite.py).

Standard library and Sphinx only; used while building the book, never in a notebook.
"""

from __future__ import annotations

from typing import Any

from rulesbook.widgets.assets import asset_text, bundle
from rulesbook.widgets.site import write_static

SCRIPT = "rulesbook/play.js"
WORKER = "rulesbook/play_worker.js"
STYLE = "rulesbook/play.css"
#: What marks a page with a Play area.
PLAY_AREA = 'class="rb-play"'


def setup(app: Any) -> dict[str, Any]:
    app.connect("builder-inited", write_assets)
    app.connect("html-page-context", play_page)
    return {"parallel_read_safe": True, "parallel_write_safe": True}


def play_script() -> str:
    """The Play page's one script: the shell, the pictures and the page (a classic script)."""
    return bundle("play_page.js", classic=True)


def write_assets(app: Any) -> None:
    write_static(app, {
        "play.js": play_script,
        "play_worker.js": lambda: asset_text("play_worker.js"),
        "play.css": lambda: asset_text("play.css"),
    })


def play_page(app: Any, pagename: str, templatename: str, context: dict[str, Any], doctree: Any) -> None:
    if PLAY_AREA in context.get("body", ""):
        app.add_js_file(SCRIPT, loading_method="defer")
        app.add_css_file(STYLE)
