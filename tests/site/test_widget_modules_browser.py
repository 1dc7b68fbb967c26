"""The boards' JavaScript in Chromium, straight from widgets/ (served on its own local server).

Each source file loads as an ES module from a local http server and exports what the others
import; the notebook module that rulesbook.widgets.assets builds from them draws and plays a
board; a picture that throws is logged in the console and the learner reads a friendly line.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator

import pytest
from site_browser import serve

from rulesbook.inferno import Position, Rules
from rulesbook.lessons.data import answer_tag, clue_key, entry_key, seal
from rulesbook.widgets import InfernoBoard
from rulesbook.widgets.assets import asset_path, board_module, pictures
from rulesbook.widgets.board import WORDS

WIDGETS = asset_path("board.js").parent
MOUNTAIN = Position.parse("MK+1@R PM+1 SB+1 DH+1")
#: What each source module exports (the bundler checks the imports against these too).
EXPORTS = {
    "board.js": ["boardRender", "fill", "html", "pageWords", "svg", "writeText"],
    "seal.js": ["answerTag", "clueKey", "entryKey", "sha256", "unseal"],
    "progress.js": ["Progress", "STORAGE_KEY", "pagePath"],
    "static_page.js": ["startPage"],
    "page_model.js": ["PageModel"],
    **{f"pictures/{name}.js": ["default"] for name in pictures()},
}
#: A model with the part of the anywidget model API the shell uses.
MODEL = """class Model {
  constructor(state) { this.state = { ...state }; this.handlers = {}; this.sent = []; }
  get(name) { return this.state[name]; }
  set(name, value) {
    const changes = typeof name === "object" ? name : { [name]: value };
    Object.assign(this.state, changes);
    for (const key of Object.keys(changes)) for (const handler of this.handlers[`change:${key}`] || []) handler();
  }
  on(event, handler) { (this.handlers[event] = this.handlers[event] || []).push(handler); }
  off() {}
  save_changes() {}
  send(content) { this.sent.push(content); }
}"""


@pytest.fixture(scope="module")
def page(browser_context) -> Iterator[object]:
    with serve(WIDGETS) as url:
        page = browser_context.new_page()
        page.console = []
        page.on("console", lambda message: page.console.append((message.type, message.text)))
        page.on("pageerror", lambda error: page.console.append(("pageerror", str(error))))
        page.route(url + "test.html", lambda route: route.fulfill(
            content_type="text/html", body=f"<!doctype html><html lang=en><body><script>{MODEL}; window.Model = Model;</script></body></html>"))
        page.goto(url + "test.html")
        yield page
        page.close()


@pytest.mark.parametrize("name", sorted(EXPORTS))
def test_each_source_file_is_an_es_module(page, name):
    exported = page.evaluate("async (name) => Object.keys(await import(`./${name}`)).sort()", name)
    assert exported == EXPORTS[name]


def board_state(board: InfernoBoard, **changes) -> dict:
    state = {name: getattr(board, name) for name in ("lesson", "history", "message", "tone", "found")}
    state["lesson"] = {**state["lesson"], **changes}
    return json.loads(json.dumps(state))


RENDER = """async ([code, state]) => {
  const url = URL.createObjectURL(new Blob([code], { type: "text/javascript" }));
  const widget = (await import(url)).default;
  document.body.textContent = "";
  const el = document.createElement("div");
  document.body.append(el);
  widget.render({ model: new Model(state), el });
  return el.querySelectorAll("[data-place]").length;
}"""


def test_the_notebook_module_built_from_them_plays_a_board(page):
    board = InfernoBoard.find(MOUNTAIN, "R")
    page.console.clear()
    assert page.evaluate(RENDER, [board_module("inferno"), board_state(board)]) == len(board.lesson["places"][0])
    for place in ("0,3", "0,1", "0,3"):
        page.locator(f'[data-place="{place}"]').click()
        assert page.locator(".rb-message").text_content() == board.click(place)  # the page says what Python says
    for _ in range(3):
        page.locator(".rb-undo").dispatch_event("click")  # the last time with nothing to undo (aria-disabled)
        board.undo()
        assert page.locator(".rb-message").text_content() == board.message
    assert board.message == WORDS["nothingToUndo"] and page.locator(".rb-found").count() == 0
    assert page.console == []


def test_a_card_with_two_pawns_is_named_with_both_in_the_plural(page):
    """The optional rule lets two pawns share a card (MOI-R13): its place says "pawns"."""
    shared = Position.parse("MK+1@RB PM+1@Y SB+1 DH+1", rules=Rules(two_pawns=True))
    board = InfernoBoard.find(shared, "R", rules=Rules(two_pawns=True))
    page.evaluate(RENDER, [board_module("inferno"), board_state(board)])
    titles = {place: page.locator(f'[data-place="{place}"] title').text_content() for place in ("0,0", "0,1")}
    assert titles["0,0"].endswith(", red and blue pawns") and titles["0,1"].endswith(", yellow pawn"), titles
    assert page.console == []


SEAL = """async ([texts, sealed]) => {
  const { answerTag, clueKey, entryKey, sha256, unseal } = await import("./seal.js");
  const hex = (bytes) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  return {
    hashes: texts.map((text) => hex(sha256(text))),
    opened: sealed.map(([value, key]) => unseal(value, key)),
    tags: texts.map((text) => answerTag("salt", text)),
    keys: [entryKey("s", "0,1"), clueKey("s", "t")],
  };
}"""


def test_the_page_opens_what_python_seals_the_same_way(page):
    """widgets/seal.js and rulesbook.lessons.data agree: SHA-256 at every padding length (55, 56
    and 64 bytes are the edges), text beyond ASCII, the tags and keys, and the sealed entries."""
    texts = ["", "abc", "火焰山 (0, 1)", *("x" * length for length in (55, 56, 63, 64, 65, 119, 120, 1000))]
    values = [["s1", "Right: the PM+1 card at (0, 1) works.", "log", "reach 火"], "Not there: a corner only (rulebook I).", {"a": [1, None]}]
    sealed = [[seal(value, f"key{index}"), f"key{index}"] for index, value in enumerate(values)]
    page.console.clear()
    got = page.evaluate(SEAL, [texts, sealed])
    assert got["hashes"] == [hashlib.sha256(text.encode()).hexdigest() for text in texts]
    assert got["opened"] == values
    assert got["tags"] == [answer_tag("salt", text) for text in texts]
    assert got["keys"] == [entry_key("s", "0,1"), clue_key("s", "t")]
    assert page.console == []


def test_an_exercise_whose_sealed_answers_were_tampered_with_says_so_and_logs_it(page):
    board = InfernoBoard.find(MOUNTAIN, "R")
    state = board_state(board)
    option = state["lesson"]["exercise"]["option"]
    node = state["lesson"]["nodes"][state["lesson"]["start"]]
    node["options"][option] = ["AAAA" + entry[4:] for entry in node["options"][option]]
    page.console.clear()
    page.evaluate(RENDER, [board_module("inferno"), state])
    page.locator('[data-place="0,1"]').click()
    assert page.locator(".rb-message").text_content() == WORDS["broken"]
    assert [kind for kind, _ in page.console] == ["error"] and "rulesbook board:" in page.console[0][1]


BROKEN = """async (state) => {
  const { boardRender } = await import("./board.js");
  const broken = { draw() { throw new Error("broken picture"); } };
  document.body.textContent = "";
  const el = document.createElement("div");
  document.body.append(el);
  boardRender({ broken })({ model: new Model(state), el });
  return [el.querySelector(".rb-message").textContent, el.getAttribute("data-board-error")];
}"""


def test_a_picture_that_throws_is_logged_and_the_learner_reads_a_friendly_line(page):
    board = InfernoBoard.find(MOUNTAIN, "R")
    page.console.clear()
    assert page.evaluate(BROKEN, board_state(board, picture="broken")) == [WORDS["broken"], "broken picture"]
    assert [kind for kind, _ in page.console] == ["error"]
    assert "rulesbook board:" in page.console[0][1] and "broken picture" in page.console[0][1]


LIVE = """async ([code, state, answer]) => {
  const url = URL.createObjectURL(new Blob([code], { type: "text/javascript" }));
  const widget = (await import(url)).default;
  document.body.textContent = "";
  const el = document.createElement("div");
  document.body.append(el);
  const model = new Model(state);
  window.kernel = model;
  widget.render({ model, el });
  const hear = (content) => { for (const handler of model.handlers["msg:custom"] || []) handler(content); };
  hear({ type: "live" });
  // The kernel: records the state asked for (`answer`: the lesson with it), or fails.
  model.send = (content) => {
    model.sent.push(content);
    if (content.type !== "expand") return;
    setTimeout(() => {
      if (answer) model.set({ lesson: answer });
      hear(answer ? { type: "expanded", node: content.node } : { type: "failed" });
    }, 10);
  };
}"""


@pytest.mark.parametrize("kernel_fails", [False, True])
def test_a_live_board_asks_the_kernel_only_for_a_state_the_data_does_not_hold(page, kernel_fails):
    board = InfernoBoard.bison(MOUNTAIN, moves=0)
    state = board_state(board)
    target = board.targets("h0")
    assert (0, 2) in target
    expected = board.click((0, 2), "h0")  # Python records the next state: the lesson it would send
    page.console.clear()
    page.evaluate(LIVE, [board_module("inferno"), state, None if kernel_fails else board_state(board)["lesson"]])
    page.locator('[data-hand="0"]').click()
    page.locator('[data-place="0,2"]').click()
    assert page.evaluate("() => window.kernel.sent.map((content) => content.type)") == ["hello", "expand"]
    if kernel_fails:
        page.wait_for_function("() => document.querySelector('.rb-message').getAttribute('data-tone') === 'no'")
        assert page.locator(".rb-message").text_content() == WORDS["failed"]
        assert page.locator(".rb-log-entry").count() == 1  # the move was not made
        assert [kind for kind, _ in page.console] == ["error"] and "Jupyter log" in page.console[0][1]
    else:
        page.wait_for_function("() => document.querySelectorAll('.rb-log-entry').length === 2")
        assert page.locator(".rb-message").text_content() == expected
        assert page.evaluate("() => window.kernel.get('history')") == board.history
        assert page.console == []


ROLES = """() => [document.querySelector(".rb-picture").getAttribute("role"),
  document.querySelectorAll(".rb-picture [role=option]").length]"""


def test_a_picture_with_no_place_to_click_is_no_listbox(page):
    """An expedition over (the Play page's last state) leaves the Madness picture no place: a
    listbox with no option is one a screen reader says holds nothing to choose, and axe-core
    calls it critical (aria-required-children). It is a group then, a listbox again once it has places."""
    from rulesbook.core.harness import play
    from rulesbook.madness.protocol import GAME, Rules
    from rulesbook.widgets.madness import MadnessExpedition

    over = play(GAME, 3, 1, Rules(), ["random"] * 3).state
    assert over.is_over
    page.console.clear()
    assert page.evaluate(RENDER, [board_module("madness"), board_state(MadnessExpedition.game(over))]) == 0
    assert page.evaluate(ROLES) == ["group", 0]
    board = InfernoBoard.find(MOUNTAIN, "R")
    assert page.evaluate(RENDER, [board_module("inferno"), board_state(board)]) > 0
    assert page.evaluate(ROLES) == ["listbox", len(board.lesson["places"][0])]
    assert page.console == []
