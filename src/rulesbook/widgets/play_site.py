"""The Play pages on the static site: a Sphinx extension that Jupyter Book loads (see _config.yml).

It writes the Play page's script (widgets/play_page.js with the board shell and the pictures,
bundled by `rulesbook.widgets.assets` into one classic script), its engine worker
(widgets/play_worker.js, as it is: a module worker) and its stylesheet into _static/rulesbook/,
and puts the script, deferred, and the stylesheet only on a page that has a Play area
(`<div class="rb-play" data-game=...>`, in a page of book/play/). The worker loads Pyodide and
the project's wheel from the site's live part (lite/static/pyodide/, built by tools/lite.py).

A Play page also carries the openings of a few games (`openings`): the engine's own answer to
"new" for the set-up its form shows as loaded, for OPENINGS seeds. The page suggests one of those
seeds, and a game started so is on the board at once, from the page, while the engine is still
loading (about 6 MB on a first visit); the engine takes the game over when it is up. Only the
first decision is in the page: the moves after it wait for the engine.

Standard library and Sphinx only; used while building the book, never in a notebook.
"""

from __future__ import annotations

import hashlib
import html
import json
import re
from html.parser import HTMLParser
from typing import Any

from rulesbook.widgets.assets import asset_text, bundle
from rulesbook.widgets.site import write_static

SCRIPT = "rulesbook/play.js"
WORKER = "rulesbook/play_worker.js"
STYLE = "rulesbook/play.css"
#: What marks a page with a Play area.
PLAY_AREA = 'class="rb-play"'
#: How many games' openings a Play page carries (1 to 2 KB each, gzipped).
OPENINGS = 16


def setup(app: Any) -> dict[str, Any]:
    # Where this book's pages lie in the site: "" for the site's own book, "zh-TW" for the zh-TW book
    # built into its zh-TW/ folder; the site's shared parts (its Pyodide, its live part) are that
    # many folders further up. lite/run_live.py reads it too.
    app.add_config_value("rulesbook_site_folder", "", "html")
    app.connect("builder-inited", write_assets)
    app.connect("env-get-outdated", play_pages)
    app.connect("html-page-context", play_page)
    return {"parallel_read_safe": True, "parallel_write_safe": True}


def to_site_root(config: Any) -> str:
    """The way up from a book's root to the site's, where the site's shared parts lie (its Pyodide,
    its service worker): "" for the site's own book, "../" for the zh-TW book in its zh-TW/ folder
    (`rulesbook_site_folder`)."""
    folder = str(getattr(config, "rulesbook_site_folder", "") or "")
    return "../" * len([part for part in folder.split("/") if part])


def play_script() -> str:
    """The Play page's one script: the shell, the pictures and the page (a classic script)."""
    return bundle("play_page.js", classic=True)


def write_assets(app: Any) -> None:
    write_static(app, {
        "play.js": play_script,
        "play_worker.js": lambda: asset_text("play_worker.js"),
        "play.css": lambda: asset_text("play.css"),
    })


def play_pages(app: Any, env: Any, added: set[str], changed: set[str], removed: set[str]) -> list[str]:
    """The Play pages, written again on every build: their openings are the engine's answers, and
    the engine may have changed while their sources did not (three pages, a second or two)."""
    return sorted(name for name in env.found_docs if name.startswith("book/play/"))


#: What a Play page says in a site built without its Python (`make book LITE=0`), by the book's language.
UNBUILT = {
    "en": "The games of this page run the rules engine in the browser, which this copy of the book was "
          "built without (make book LITE=0). Build it with make book to play here, or play in JupyterLab "
          "(the chapters' whole games).",
    "zh": "這一頁的對局要在瀏覽器裡執行規則引擎，但這份書建置時沒有包含它（make book LITE=0）。"
          "用 make book 建置後就能在這裡對局，或在 JupyterLab 裡玩（各章的完整對局）。",
}
_AREA_TAG = re.compile(r'<div class="rb-play"[^>]*>')


def play_page(app: Any, pagename: str, templatename: str, context: dict[str, Any], doctree: Any) -> None:
    body = context.get("body", "")
    if PLAY_AREA in body and not getattr(app.config, "rulesbook_run_live", True):
        context["body"] = unbuilt(body, str(app.config.language or "en"))
    elif PLAY_AREA in body:
        app.add_js_file(SCRIPT, loading_method="defer")
        app.add_css_file(STYLE)
        game, setup = form_defaults(body)
        data = json.dumps({"setup": setup, "games": openings(game, setup)}, separators=(",", ":"))  # in the engine's order (the page compares them as text)
        data = data.replace("</", "<\\/")  # nothing in it can close the script element
        context["metatags"] = context.get("metatags", "") + early_engine(game, context["pathto"], to_site_root(app.config))
        context["body"] = body + f'<script type="application/json" class="rb-play-openings">{data}</script>\n'


def unbuilt(body: str, language: str) -> str:
    """A Play page's body in a site without the engine's Python (`make book LITE=0`): its Play area
    hidden, and a note in its place that says why and where to play, so a reader is not left with
    a set-up form whose Start never answers."""
    words = UNBUILT["zh" if language.startswith("zh") else "en"]
    note = f'<div class="admonition note rb-play-unbuilt"><p>{html.escape(words)}</p></div>\n'
    return _AREA_TAG.sub(lambda tag: note + tag.group(0).replace("<div ", "<div hidden ", 1), body, count=1)


def early_engine(game: str, pathto: Any, up: str = "") -> str:
    """A small script at the top of the page's head, before its stylesheets, that starts the
    engine's worker loading at once: the engine's 5.5 MB are most of the wait, and a script after
    the stylesheets waits for them (0.3 s later at 10 Mbps); the page's own script is deferred behind
    the theme's, later still. The page takes this worker up (`Play.start`). `up` leads from the
    book to the site's root, where its Pyodide lies (rulesbook_site_folder)."""
    worker = json.dumps(pathto(f"_static/{WORKER}", 1))
    pyodide = json.dumps(pathto(f"{up}lite/static/pyodide/", 1))
    return (f"<script>window.rulesbookPyodide = new URL({pyodide}, document.baseURI).href; "
            "try { const worker = new Worker(" + worker + ', { type: "module" }); '
            "worker.onerror = () => { worker.failed = true; }; "
            f'worker.postMessage({{ type: "boot", game: "{game}", pyodide: window.rulesbookPyodide }}); '
            "window.rulesbookPlayWorker = worker; } catch (error) {}</script>\n")


class _Form(HTMLParser):
    """The game of a Play area and what its set-up form sends as loaded: each named select's
    selected option (a list for `data-list` ones), each named text or hidden input's value; as the page's
    `formSetup` reads it."""

    def __init__(self) -> None:
        super().__init__()
        self.game = ""
        self.setup: dict[str, Any] = {}
        self.select: tuple[str, bool] | None = None
        self.first: str | None = None
        self.chosen: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if "rb-play" in (found.get("class") or "").split() and found.get("data-game"):
            self.game = found["data-game"] or ""
        elif tag == "select" and found.get("name"):
            self.select, self.first, self.chosen = (found["name"] or "", "data-list" in found), None, None
        elif tag == "option" and self.select:
            value = found.get("value") or ""
            self.first = value if self.first is None else self.first
            if "selected" in found:
                self.chosen = value
        elif tag == "input" and found.get("name") and found.get("type", "text") in ("text", "hidden"):
            self.setup[found["name"] or ""] = found.get("value") or ""

    def handle_endtag(self, tag: str) -> None:
        if tag == "select" and self.select:
            name, listed = self.select
            value = self.chosen if self.chosen is not None else self.first or ""
            if listed:
                self.setup.setdefault(name, []).append(value)
            else:
                self.setup[name] = value
            self.select = None


def form_defaults(body: str) -> tuple[str, dict[str, Any]]:
    """The game of the page's Play area and its form's set-up as loaded, without the seed."""
    form = _Form()
    form.feed(body)
    if not form.game or "seed" not in form.setup:
        raise ValueError("a Play page needs a Play area with its game and a set-up form with a seed")
    return form.game, {name: value for name, value in form.setup.items() if name != "seed"}


def opening_seeds(game: str, count: int = OPENINGS) -> list[str]:
    """The seeds whose openings a Play page carries: six digits, as the page draws its own."""
    return [str(int(hashlib.sha256(f"{game} opening {index}".encode()).hexdigest(), 16) % 900_000 + 100_000)
            for index in range(count)]


def openings(game: str, setup: dict[str, Any], count: int = OPENINGS) -> dict[str, Any]:
    """The engine's answer to "new" (rulesbook.lessons.play.PlayServer) for the set-up with each
    of the seeds, by seed: what the page shows before the engine is up."""
    from rulesbook.lessons.play import PlayServer

    games = {}
    for seed in opening_seeds(game, count):
        reply = json.loads(PlayServer().handle(json.dumps({"type": "new", "game": game, "setup": {**setup, "seed": seed}})))
        if reply.get("type") != "started":
            raise ValueError(f"the {game} Play page's set-up does not start a game: {reply.get('text')}")
        games[seed] = reply
    return games
