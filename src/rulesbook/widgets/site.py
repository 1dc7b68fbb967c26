"""The boards on the static site: a Sphinx extension that Jupyter Book loads (see _config.yml).

- It writes the site's one board script and one stylesheet into _static/rulesbook/ (every game's
  picture in them; `rulesbook.widgets.assets.site_module` builds the script from the ES modules
  in widgets/), and puts the stylesheet on every page.
- On a page whose widgets are all boards, it keeps of the widget state only what the boards
  read (their lesson and state; not the module text each board carries in a notebook, nor
  layout models, nor boards that were made and never shown), compact, at the end of the page;
  and loads the board script, asynchronously, instead of the widget manager. It is a classic
  script, not a module, so that a page opened from a file (file://) runs its boards too. A page with other
  widgets keeps the widget manager (loaded deferred, see _config.yml).
- It marks Chinese text in a page (the rulebook's names and quotations) as lang="zh-Hant", so
  that screen readers and fonts treat it as Chinese, and names a hidden cell's toggle by its text.
- It gives every notebook picture its description as alt text: the SVG's <desc> (or <title>),
  which the library writes from the position it draws. A picture without one fails the build
  (give a figure an alt text in its cell's metadata: mystnb: image: alt: ...).
- It lists the book's exercises by part, as the pages' progress lines count them
  (`exercise_list`: _static/rulesbook/exercises.js, read by widgets/progress.js).
- The page's .ipynb download (_sources/) is the chapter as a reader gets it (`reader_copy`):
  without the cells the page leaves out, the chapter's checks and an exercise's answer with
  them. The live site's copies are made so too (tools/lite.py).

Standard library and Sphinx only; used while building the book, never in a notebook.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rulesbook.widgets.assets import site_module, site_style

SCRIPT = "rulesbook/boards.js"
STYLE = "rulesbook/boards.css"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
WIDGET_VIEW = re.compile(r'<script type="application/vnd\.jupyter\.widget-view\+json">(.*?)</script>', re.S)
#: The synced traits a board on a static page reads (rulesbook.widgets.board.Board).
BOARD_TRAITS = ("_picture", "lesson", "history", "message", "tone", "found")
_DESCRIPTION = (re.compile(r"<desc>(.*?)</desc>", re.S), re.compile(r"<title>(.*?)</title>", re.S))
_TAG = re.compile(r"(<[^>]*>)")
#: Runs of Han characters, with the CJK punctuation and spaces between them.
_CHINESE = re.compile(r"[\u3400-\u9fff\uf900-\ufaff](?:[\u3000-\u303f\uff00-\uffef\u3400-\u9fff\uf900-\ufaff ]*[\u3400-\u9fff\uf900-\ufaff])?")


def setup(app: Any) -> dict[str, Any]:
    app.connect("builder-inited", write_assets)
    app.connect("doctree-resolved", describe_pictures)
    app.connect("html-page-context", light_board_page, priority=600)  # after myst-nb adds the widget state
    app.connect("html-page-context", readable_body)
    app.connect("html-page-context", search_from_a_file)
    app.connect("build-finished", reader_downloads)
    app.connect("build-finished", exercise_list)
    app.add_css_file(STYLE)
    return {"parallel_read_safe": True, "parallel_write_safe": True}


#: On the search page opened from a file, no summaries: Sphinx's search fetches each found page for
#: its summary, and a browser refuses any fetch from a file:// page with an error in the console.
SUMMARIES_SERVED_ONLY = 'if (location.protocol === "file:") DOCUMENTATION_OPTIONS.SHOW_SEARCH_SUMMARY = false;'


def search_from_a_file(app: Any, pagename: str, templatename: str, context: dict[str, Any], doctree: Any) -> None:
    """The search page lists what it finds from a file too, quietly (`SUMMARIES_SERVED_ONLY`)."""
    if pagename == "search":
        app.add_js_file(None, body=SUMMARIES_SERVED_ONLY)  # this page only, after the options it changes


#: The tag of a cell the page leaves out (Jupyter Book's), which a reader's copy leaves out too.
LEFT_OUT = "remove-cell"


def reader_copy(notebook: dict[str, Any]) -> dict[str, Any]:
    """A chapter as a reader downloads or runs it: the same notebook without the cells tagged
    remove-cell, whose asserts would give an exercise's answer away (no visible cell needs them:
    tests/book/test_chapter_cells.py)."""
    cells = [cell for cell in notebook["cells"] if LEFT_OUT not in cell.get("metadata", {}).get("tags", [])]
    return {**notebook, "cells": cells}


def reader_downloads(app: Any, exception: Exception | None) -> None:
    """Every chapter's .ipynb download (the site's _sources/) made a `reader_copy`."""
    if exception is not None or app.builder.format != "html":
        return
    for path in sorted(Path(app.outdir, "_sources").rglob("*.ipynb")):
        notebook = json.loads(path.read_text(encoding="utf-8"))
        copy = reader_copy(notebook)
        if copy["cells"] != notebook["cells"]:
            path.write_text(json.dumps(copy, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


PAGE_STATE = re.compile(r'<script type="application/vnd\.jupyter\.widget-state\+json">(.*?)</script>', re.S)
EXERCISES = "exercises.js"


def page_exercises(page: Path, path: str) -> list[str]:
    """The exercises of a built page, each named "<page path>#<its salt>" (rulesbook.lessons.data)."""
    if not page.is_file():
        return []
    found = PAGE_STATE.search(page.read_text(encoding="utf-8"))
    if not found:
        return []
    keys = []
    for model in json.loads(found.group(1).replace("<\\/", "</")).get("state", {}).values():
        lesson = model.get("state", {}).get("lesson") or {}
        salt = (lesson.get("exercise") or {}).get("salt") if lesson.get("mode") == "find" else None
        if salt:
            keys.append(f"{path}#{salt}")
    return keys


def exercise_list(app: Any, exception: Exception | None) -> None:
    """_static/rulesbook/exercises.js: each part of the book (its caption in _toc.yml) and its
    exercises, in the order a learner meets them. Read from every built page, so that a rebuild
    that wrote only some pages lists them all."""
    if exception is not None or app.builder.format != "html":
        return
    site_map = getattr(app.env, "external_site_map", None)
    parts = []
    for tree in site_map.root.subtrees if site_map is not None else []:
        keys = [key for name in tree.files() for key in page_exercises(Path(app.outdir, f"{name}.html"), f"{name}.html")]
        if keys and tree.caption:
            parts.append({"title": tree.caption, "exercises": keys})
    text = json.dumps({"parts": parts}, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")
    folder = Path(app.outdir, "_static", "rulesbook")
    folder.mkdir(parents=True, exist_ok=True)
    (folder / EXERCISES).write_text(f"(window.rulesbookExercises || function () {{}})({text});\n", encoding="utf-8")


def write_static(app: Any, files: dict[str, Callable[[], str]]) -> None:
    """Write each file's text (made only for an HTML build) into the site's _static/rulesbook/."""
    if app.builder.format != "html":
        return
    folder = Path(app.outdir, "_static", "rulesbook")
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (folder / name).write_text(text(), encoding="utf-8")


def write_assets(app: Any) -> None:
    write_static(app, {"boards.js": site_module, "boards.css": site_style})


def board_state(state: dict[str, Any], shown: list[str]) -> dict[str, Any] | None:
    """The widget state a page of boards needs: the boards shown, with the traits they read. None
    when a widget shown is not a board (the page then keeps the widget manager)."""
    models = state.get("state", {})
    boards = {}
    for model_id in shown:
        traits = models.get(model_id, {}).get("state", {})
        if not traits.get("_picture"):
            return None
        boards[model_id] = {
            key: models[model_id][key] for key in ("model_name", "model_module", "model_module_version")
        } | {"state": {name: traits[name] for name in BOARD_TRAITS if name in traits}}
    return {"version_major": state.get("version_major", 2), "version_minor": state.get("version_minor", 0), "state": boards}


def light_board_page(app: Any, pagename: str, templatename: str, context: dict[str, Any], doctree: Any) -> None:
    scripts = context.get("script_files", [])
    widget_state = next((js for js in scripts if getattr(js, "attributes", {}).get("type") == WIDGET_STATE), None)
    if widget_state is None:
        return
    body = context.get("body", "")
    shown = [json.loads(text)["model_id"] for text in WIDGET_VIEW.findall(body)]
    compact = board_state(json.loads(widget_state.attributes["body"]), shown)
    if compact is None:
        return
    runtime = {f"_static/{path}" for path in app.config.nb_ipywidgets_js}
    scripts[:] = [js for js in scripts if js is not widget_state and str(getattr(js, "filename", "") or "") not in runtime]
    text = json.dumps(compact, separators=(",", ":"), ensure_ascii=False).replace("</", "<\\/")
    context["body"] = f'{body}<script type="{WIDGET_STATE}">{text}</script>'
    app.add_js_file(SCRIPT, loading_method="async")


#: Elements whose content is text alone: a <span> inside one is no element (an <option>'s is dropped).
TEXT_ONLY = ("script", "style", "option", "textarea", "title")


def chinese_marked(body: str) -> str:
    """The page body with each run of Chinese text in <span lang="zh-Hant">, outside tags and
    elements of text alone (scripts, an <option>)."""
    return _in_text(body, lambda text, _: _CHINESE.sub(lambda match: f'<span lang="zh-Hant">{match.group(0)}</span>', text))


#: A rule's id ("MOI-R13", "HUD-P05"), which a line never breaks at its hyphen.
_RULE_ID = re.compile(r"\b(?:MOI|HUD|MAD)-[RP]\d+\b")


#: Where each game's rulings and decisions are listed, one table row each (the part's reference).
REFERENCES = {"MOI": "book/inferno/reference", "HUD": "book/hudai/reference", "MAD": "book/madness/reference"}
#: A reference table's row whose first cell is a rule id: the row is that id's anchor.
_RULE_ROW = re.compile(r"<tr(?![^>]*\bid=)([^>]*>\s*<td[^>]*>\s*(?:<p>)?\s*)((?:MOI|HUD|MAD)-[RP]\d+)(?=\s*(?:</p>)?\s*</td>)")


def rule_anchor(rule: str) -> str:
    """The anchor of a rule's row on its reference page: "MOI-R05" -> "moi-r05"."""
    return rule.lower()


def rule_rows_anchored(body: str) -> str:
    """A reference page's body with each row that lists a rule anchored by its id (`rule_anchor`),
    its cells labelled by their columns (`columns_labelled`)."""
    anchored = _RULE_ROW.sub(lambda match: f'<tr id="{rule_anchor(match.group(2))}"{match.group(1)}{match.group(2)}', body)
    return _TABLE.sub(lambda match: columns_labelled(match.group(0)), anchored)


_TABLE = re.compile(r"<table\b.*?</table>", re.S)
_HEAD_CELL = re.compile(r"<th\b[^>]*>(.*?)</th>", re.S)
_RULE_ROW_WHOLE = re.compile(r'<tr id="(?:moi|hud|mad)-[rp]\d+"[^>]*>.*?</tr>', re.S)
_CELL = re.compile(r"<td\b([^>]*)>(.*?)</td>", re.S)


def columns_labelled(table: str) -> str:
    """The table with each cell of a rule's row given its column's name (data-label): a reader
    sent to the row by a link sees it at the top of the screen, its header rows above, and
    site.css shows the names in that row (`:target`). An empty cell needs none."""
    names = [html.escape(html.unescape(_TAG.sub("", name)).strip()) for name in _HEAD_CELL.findall(table)]

    def row(match: re.Match[str]) -> str:
        cells = iter(names)
        return _CELL.sub(lambda cell: _labelled(cell, next(cells, "")), match.group(0))

    return _RULE_ROW_WHOLE.sub(row, table) if names else table


def _labelled(cell: re.Match[str], name: str) -> str:
    if not name or not _TAG.sub("", cell.group(2)).strip() or "data-label=" in cell.group(1):
        return cell.group(0)
    return f'<td data-label="{name}"{cell.group(1)}>{cell.group(2)}</td>'


def rule_ids_whole(body: str, link: Callable[[str], str | None] | None = None) -> str:
    """The page body with each rule id in <span class="rb-rule-id"> (site.css keeps it on one
    line: a phone broke "MOI-R13" after its hyphen), outside tags and elements of text alone; with
    `link` (a rule id to the address of its row, or None), each id outside a link and code is a
    link of that class instead, so a reader who meets "HUD-P06" in a chapter can read it."""
    def whole(text: str, in_link_or_code: bool) -> str:
        return _RULE_ID.sub(lambda match: _rule_id(match.group(0), None if in_link_or_code or link is None else link(match.group(0))), text)

    return _in_text(body, whole)


def _rule_id(rule: str, address: str | None) -> str:
    if address is None:
        return f'<span class="rb-rule-id">{rule}</span>'
    return f'<a class="rb-rule-id" href="{html.escape(address)}">{rule}</a>'


def _in_text(body: str, change: Callable[[str, bool], str]) -> str:
    """The body with `change` made to its text: not to tags, nor inside elements of text alone;
    `change` is told whether the text is inside a link or code (where no link may go)."""
    out = []
    hidden = False
    plain = 0  # how many links and code elements the text is inside
    for piece in _TAG.split(body):
        if piece.startswith("<"):
            name = piece[1:].split(None, 1)[0].lower().rstrip(">") if len(piece) > 1 else ""
            hidden = name in TEXT_ONLY or (hidden and name.removeprefix("/") not in TEXT_ONLY)
            if name.removeprefix("/") in ("a", "code", "pre"):
                plain = max(0, plain + (-1 if name.startswith("/") else 1))
            out.append(piece)
        else:
            out.append(piece if hidden else change(piece, plain > 0))
    return "".join(out)


def rule_rows(pagename: str, docs: Any, pathto: Callable[[str], str]) -> dict[str, str]:
    """Where a page finds each part's rows of rules: {"MOI": the address of its reference page,
    relative to `pagename` ("" on that page itself)}, only for the parts whose reference page is
    among the book's `docs` (zh-TW has only Inferno's)."""
    return {part: "" if page == pagename else pathto(page) for part, page in REFERENCES.items() if page in docs}


def rule_rows_meta(rows: dict[str, str]) -> str:
    """The <meta name="rb-rule-rows"> that tells a page's boards (board.js writeText) where the
    rows are, so a rule id in a board's message links to its row as the chapter's own text does;
    nothing when the book lists none."""
    if not rows:
        return ""
    text = html.escape(json.dumps(rows, ensure_ascii=False), quote=False).replace("'", "&#x27;")
    return f"<meta name=\"rb-rule-rows\" content='{text}' />\n"


def readable_body(app: Any, pagename: str, templatename: str, context: dict[str, Any], doctree: Any) -> None:
    """Chinese marked as such on an English page (a zh-TW page says its language once, on <html>:
    a span around each run would split a label's words into pieces of a flex box); rule ids kept
    whole on a line and each a link to its row on the part's reference page (`REFERENCES`), the
    rows anchored there, and the page told where they are (`rule_rows_meta`: its boards link the
    ids in their messages too); a hidden cell's toggle named by what it shows ("Show code cell
    source"), not by myst-nb's aria-label, which differs from its text (axe-core)."""
    if "body" in context:
        body = context["body"] if str(app.config.language or "").startswith("zh") else chinese_marked(context["body"])
        if pagename in REFERENCES.values():
            body = rule_rows_anchored(body)
        rows = rule_rows(pagename, app.env.found_docs, context["pathto"])

        def link(rule: str) -> str | None:
            page = rows.get(rule[:3])
            if page is None:
                return None  # a book without that game's part
            return f"{page}#{rule_anchor(rule)}"

        context["body"] = rule_ids_whole(body, link).replace('<summary aria-label="Toggle hidden content">', "<summary>")
        context["metatags"] = context.get("metatags", "") + rule_rows_meta(rows)


def picture_description(svg_text: str) -> str:
    """What an SVG picture shows, from its <desc> or else its <title>, as one line of text."""
    for element in _DESCRIPTION:
        match = element.search(svg_text)
        if match and match.group(1).strip():
            return " ".join(html.unescape(match.group(1)).split())
    return ""


def describe_pictures(app: Any, doctree: Any, docname: str) -> None:
    from docutils import nodes
    from sphinx.util import logging

    logger = logging.getLogger(__name__)
    for image in doctree.findall(nodes.image):
        if image.get("alt"):
            continue
        path = Path(app.srcdir, image["uri"])
        description = picture_description(path.read_text(encoding="utf-8")) if path.suffix == ".svg" and path.is_file() else ""
        if description:
            image["alt"] = description
        else:
            logger.warning("a picture without a description (%s): draw it with the library, or give its cell "
                           "metadata mystnb: image: alt: ...", image["uri"], location=image)
