"""The boards' part of the site build (rulesbook.widgets.site) and the pictures' descriptions.

The built site itself is checked in a browser by tests/site; these tests hold the build's rules.
"""

from __future__ import annotations

import json
import re

import pytest

from rulesbook.inferno import DECK, Position
from rulesbook.inferno.render import cards_svg, describe_position, position_svg
from rulesbook.widgets import InfernoBoard, board_module, site_module, site_style
from rulesbook.widgets.assets import BundleError, asset_text, bundle, pictures
from rulesbook.widgets.board import LANGUAGE_WORDS, WORDS
from rulesbook.widgets.site import (BOARD_TRAITS, board_state, chinese_marked, picture_description, readable_body,
                                    rule_anchor, rule_ids_whole, rule_rows, rule_rows_anchored, rule_rows_meta)

MOUNTAIN = Position.parse("""
MK+1   SB-3@R
.      PM+2@Y
""")


def widget_state(*models: tuple[str, dict]) -> dict:
    return {"version_major": 2, "version_minor": 0, "state": {model_id: state for model_id, state in models}}


def test_a_page_of_boards_keeps_only_the_boards_shown_and_what_they_read():
    shown = InfernoBoard.find(MOUNTAIN, "R")
    hidden = InfernoBoard.find(MOUNTAIN, "Y")  # made in a hidden cell to check the one shown
    layout = {"model_name": "LayoutModel", "model_module": "@jupyter-widgets/base", "model_module_version": "2.0.0", "state": {}}
    state = widget_state(*[(board.model_id, {"model_name": "AnyModel", "model_module": "anywidget",
                                             "model_module_version": "~0.11.*", "state": board.get_state()})
                           for board in (shown, hidden)], ("layout", layout))
    compact = board_state(state, [shown.model_id])
    assert list(compact["state"]) == [shown.model_id]
    kept = compact["state"][shown.model_id]["state"]
    assert set(kept) == set(BOARD_TRAITS) and kept["lesson"] == shown.lesson
    assert "_esm" in shown.get_state() and "_esm" not in kept  # no copy of the board code per board


def test_a_page_with_another_widget_keeps_the_widget_manager():
    board = InfernoBoard.find(MOUNTAIN, "R")
    slider = {"model_name": "IntSliderModel", "model_module": "@jupyter-widgets/controls", "model_module_version": "2.0.0",
              "state": {"value": 3}}
    state = widget_state((board.model_id, {"model_name": "AnyModel", "model_module": "anywidget", "model_module_version": "x",
                                           "state": board.get_state()}), ("slider", slider))
    assert board_state(state, [board.model_id, "slider"]) is None


def test_chinese_text_is_marked_outside_tags_and_scripts():
    body = '<p title="孫悟空">Guan Yin (觀世音菩薩) or 任一 對手</p><script>let name = "豬八戒";</script><em>火焰山</em>'
    assert chinese_marked(body) == ('<p title="孫悟空">Guan Yin (<span lang="zh-Hant">觀世音菩薩</span>) or '
                                    '<span lang="zh-Hant">任一 對手</span></p><script>let name = "豬八戒";</script>'
                                    '<em><span lang="zh-Hant">火焰山</span></em>')
    # An <option>'s content is text alone (a parser drops a <span> inside it), as a <title>'s.
    assert chinese_marked('<select><option>中文版</option></select>') == '<select><option>中文版</option></select>'
    assert chinese_marked('<title>火焰山</title><p>火焰山</p>') == '<title>火焰山</title><p><span lang="zh-Hant">火焰山</span></p>'


def test_a_rule_id_is_kept_whole_outside_tags_and_elements_of_text_alone():
    body = '<p title="MOI-R13">Pawns share (MOI-R13; HUD-P05, MAD-R01)</p><option>MOI-R13</option><p>XMOI-R1 MOI-R</p>'
    assert rule_ids_whole(body) == ('<p title="MOI-R13">Pawns share (<span class="rb-rule-id">MOI-R13</span>; '
                                    '<span class="rb-rule-id">HUD-P05</span>, <span class="rb-rule-id">MAD-R01</span>)</p>'
                                    '<option>MOI-R13</option><p>XMOI-R1 MOI-R</p>')



def test_a_rule_id_links_to_its_row_outside_links_and_code():
    body = ('<p>Share (MOI-R13), <a href="x">MOI-R13</a>, <code>HUD-P05</code></p>'
            '<table><tr class="row-odd"><td><p>MOI-R13</p></td><td><p>as MOI-R03</p></td></tr></table>')
    linked = rule_ids_whole(rule_rows_anchored(body), lambda rule: f"reference.html#{rule_anchor(rule)}")
    assert linked == ('<p>Share (<a class="rb-rule-id" href="reference.html#moi-r13">MOI-R13</a>), <a href="x">'
                      '<span class="rb-rule-id">MOI-R13</span></a>, <code><span class="rb-rule-id">HUD-P05</span></code></p>'
                      '<table><tr id="moi-r13" class="row-odd"><td><p><a class="rb-rule-id" href="reference.html#moi-r13">MOI-R13</a></p></td>'
                      '<td><p>as <a class="rb-rule-id" href="reference.html#moi-r03">MOI-R03</a></p></td></tr></table>')
    assert rule_rows_anchored('<tr id="kept"><td>MOI-R13</td></tr><tr><td>see MOI-R13</td></tr>') == (
        '<tr id="kept"><td>MOI-R13</td></tr><tr><td>see MOI-R13</td></tr>')  # an id kept; a row about a rule is not its row


def test_a_rule_rows_cells_say_their_columns():
    """Learner: a rule link opens the reference page at the rule's row, the table's header far above
    and off the screen: each cell of a rule's row carries its column's name (site.css shows it in
    the row reached, `:target`), tags and entities of the header read as text, an empty cell none;
    other rows, and tables with no header, are left as they were."""
    table = ('<table><thead><tr><th class="head"><p>id</p></th><th class="head"><p>EN <em>(default)</em></p></th>'
             '<th class="head"><p>&quot;ZH&quot; &amp; more</p></th><th class="head"><p>note</p></th></tr></thead><tbody>'
             '<tr class="row-odd"><td><p>MOI-R05</p></td><td><p>1-3 steps</p></td><td><p>as EN</p></td><td><p></p></td></tr>'
             '<tr class="row-even"><td><p>see MOI-R05</p></td><td><p>x</p></td><td><p>y</p></td><td><p>z</p></td></tr>'
             '</tbody></table>')
    assert rule_rows_anchored(table) == table.replace(
        '<tr class="row-odd"><td><p>MOI-R05</p></td><td><p>1-3 steps</p></td><td><p>as EN</p></td>',
        '<tr id="moi-r05" class="row-odd"><td data-label="id"><p>MOI-R05</p></td><td data-label="EN (default)">'
        '<p>1-3 steps</p></td><td data-label="&quot;ZH&quot; &amp; more"><p>as EN</p></td>')
    headless = '<table><tr><td><p>MOI-R05</p></td><td><p>x</p></td></tr></table>'
    assert rule_rows_anchored(headless) == headless.replace("<tr>", '<tr id="moi-r05">')


def built_page(pagename: str, docs: set[str], language: str = "en", body: str = "<p>(MOI-R05, HUD-R04)</p>") -> dict:
    """What readable_body leaves in a page's context (Sphinx's html-page-context), for a book of
    `docs`; its pathto as Sphinx's: relative to the page."""
    from posixpath import relpath
    from types import SimpleNamespace

    app = SimpleNamespace(config=SimpleNamespace(language=language), env=SimpleNamespace(found_docs=docs))
    context = {"body": body, "metatags": '<meta name="viewport" content="width=device-width" />',
               "pathto": lambda page: relpath(f"{page}.html", pagename.rpartition("/")[0] or ".")}
    readable_body(app, pagename, "page.html", context, None)
    return context


ROWS_META = re.compile(r"<meta name=\"rb-rule-rows\" content='([^']*)' />")


def test_a_page_says_where_the_rows_its_boards_link_are():
    """A board writes its messages in the browser (board.js writeText): the page tells it, in a
    <meta name="rb-rule-rows">, where each part's rows are, the same addresses as the chapter's own
    links, only for the parts the book has (the zh-TW book has only Inferno's)."""
    english = {"book/play/hudai", "book/inferno/reference", "book/hudai/reference", "book/madness/reference"}
    page = built_page("book/play/hudai", english)
    assert page["metatags"].startswith('<meta name="viewport"')  # what was there is kept
    rows = json.loads(ROWS_META.search(page["metatags"]).group(1))
    assert rows == {"MOI": "../inferno/reference.html", "HUD": "../hudai/reference.html", "MAD": "../madness/reference.html"}
    assert page["body"] == ('<p>(<a class="rb-rule-id" href="../inferno/reference.html#moi-r05">MOI-R05</a>, '
                            '<a class="rb-rule-id" href="../hudai/reference.html#hud-r04">HUD-R04</a>)</p>')
    # zh-TW: only Inferno's reference; its other ids stay spans, in the page and on its boards.
    chinese = built_page("book/play/inferno", {"book/play/inferno", "book/inferno/reference", "intro"}, "zh_TW")
    assert json.loads(ROWS_META.search(chinese["metatags"]).group(1)) == {"MOI": "../inferno/reference.html"}
    assert '<span class="rb-rule-id">HUD-R04</span>' in chinese["body"]
    # The reference page itself: its own rows, on the page ("#moi-r05").
    assert rule_rows("book/inferno/reference", english, lambda page: "x")["MOI"] == ""
    # A book without any reference page says nothing (a notebook has no meta at all: its spans stay).
    assert ROWS_META.search(built_page("intro", {"intro"})["metatags"]) is None
    assert rule_rows_meta({}) == ""
    # An address with a quote or an ampersand is still one attribute, its JSON intact once parsed.
    meta = rule_rows_meta({"MOI": "../it's & <here>.html"})
    assert "'s" not in meta and "<here>" not in meta
    import html as html_module
    assert json.loads(html_module.unescape(ROWS_META.search(meta).group(1))) == {"MOI": "../it's & <here>.html"}


def test_a_picture_is_described_by_what_the_library_drew():
    svg = position_svg(MOUNTAIN, highlights=[(1, 0)], title="Red & yellow")
    description = picture_description(svg)
    assert description == describe_position(MOUNTAIN, [(1, 0)], (), "Red & yellow")
    assert description.startswith("Red & yellow. A Mountain of 3 cards in rows 0 to 1 and columns 0 to 1.")
    assert "Sandy Brother \u22123 at column 1 with the red pawn" in description
    assert "Outlined: the empty place (1, 0)." in description
    assert picture_description('<svg><title>only a title</title></svg>') == "only a title"
    assert picture_description("<svg></svg>") == ""


def test_a_drawing_of_cards_counts_the_same_cards_together():
    description = picture_description(cards_svg(DECK, title="The deck"))
    assert description.startswith("The deck: 52 cards: Monkey King +1 \u00d74, Monkey King +2 \u00d73, Monkey King +3,")
    assert "Red Boy (Sandy Brother picture) \u00d72" in description and description.endswith("Guan Yin \u00d72.")


def test_one_module_and_one_stylesheet_carry_every_games_picture():
    module, style = site_module(), site_style()
    assert "inferno" in pictures()
    for name in pictures():
        assert f"/* --- pictures/{name}.js --- */" in module and f"const {name} = $pictures_{name}.default;" in module
    assert module.count("class Board ") == 1 and "function startBoards" in module
    assert module.startswith('(() => {\n"use strict";') and module.endswith("})();\n")  # a classic script
    assert not re.search(r"^\s*(import|export)\b", module, re.M)
    assert ".rb-board" in style and ".rb-mountain" in style and "@media print" in style
    notebook = board_module("inferno")
    assert notebook.endswith("export default { render };\n") and "startBoards" not in notebook
    assert "pictures/hudai.js" not in notebook and notebook.count("export ") == 1


def test_the_shells_words_are_one_table_for_the_page_and_python():
    assert f"const WORDS = {json.dumps(WORDS, ensure_ascii=False, separators=(',', ':'))};" in board_module("inferno")
    assert json.loads(asset_text("words.json")) == WORDS and WORDS["undone"] == "Undone."
    chinese = LANGUAGE_WORDS["zh-TW"]  # the zh-TW words, bundled the same way, for a lesson in zh-TW
    assert json.loads(asset_text("words.zh-TW.json")) == chinese and chinese["undone"] == "已復原。"
    for script in (board_module("inferno"), site_module()):
        assert f"const WORDS_ZH_TW = {json.dumps(chinese, ensure_ascii=False, separators=(',', ':'))};" in script


def joined(**sources: str) -> str:
    return bundle("entry.js", sources={name.replace("_", "/") + ".js": text for name, text in sources.items()})


def test_the_bundle_keeps_each_module_in_its_own_scope_in_import_order():
    text = joined(
        entry='import { twice as double } from "./lib/maths.js";\nimport label from "./lib/label.js";\nexport default double(label.length);\n',
        lib_maths='const secret = 2;\nexport function twice(n) {\n  return secret * n;\n}\n',
        lib_label='import { twice } from "./maths.js";\nconst secret = "a";\nexport default secret + twice(1);\n',
    )
    assert text.index("lib/maths.js") < text.index("lib/label.js") < text.index("entry.js")
    assert text.count("/* --- lib/maths.js --- */") == 1  # imported twice, joined once
    assert "const { twice: double } = $lib_maths;" in text and "const label = $lib_label.default;" in text
    assert text.endswith("export default double(label.length);\n")


@pytest.mark.parametrize("source, why", [
    ('import * as all from "./lib.js";\n', "does not know this module form"),
    ('import "./lib.js";\n', "does not know this module form"),
    ('import { a } from "https://cdn.example/lib.js";\n', "does not know this module form"),
    ('export { a };\n', "does not know this module form"),
    ('export * from "./lib.js";\n', "does not know this module form"),
    ('export default function () {}\n', "does not know this module form"),
    ('export let a = 1;\n', "does not know this module form"),
    ('const lib = await import("./lib.js");\n', "does not know this module form"),
    ('import { a, b c } from "./lib.js";\n', "cannot read the imported name 'b c'"),
    ('import { missing } from "./lib.js";\n', "imports missing from lib.js, which does not export it"),
    ('import { a } from "./absent.js";\n', "imports absent.js, which is not there"),
    ('import { a } from "./loop.js";\n', "the modules import each other: entry.js -> loop.js -> entry.js"),
])
def test_the_bundle_refuses_any_other_module_form(source, why):
    with pytest.raises(BundleError, match=re.escape(why)):
        joined(entry=source, lib="export const a = 1;\n", loop='import { b } from "./entry.js";\nexport const a = 1;\n')


def test_a_refused_form_is_named_with_its_file_and_line():
    with pytest.raises(BundleError, match=r"^lib\.js:2: the bundler does not know this module form: 'export \{ b \};'"):
        joined(entry='import { a } from "./lib.js";\n', lib="export const a = 1;\nexport { b };\n")


def test_a_classic_script_refuses_an_entry_that_exports():
    with pytest.raises(BundleError, match="a classic script can export nothing"):
        bundle("entry.js", classic=True, sources={"entry.js": "export const a = 1;\n"})
