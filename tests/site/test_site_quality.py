"""The built site as a reader meets it: accessible (axe-core), on a phone, in dark mode, printed,
from the keyboard, with every picture described. Every page of the table of contents, every board.

axe-core comes from the npm registry at the version widgets/package.json pins (make book installs
it into widgets/node_modules) and is injected into each page: it runs offline.
"""

from __future__ import annotations

import re
from contextlib import contextmanager
from html.parser import HTMLParser

import pytest
from robot import READ_BOARDS
from site_browser import ROOT, SITE, open_chapter, watch
from test_site_every_chapter import PAGES

from rulesbook.lessons import unpack

AXE = ROOT / "widgets" / "node_modules" / "axe-core" / "axe.min.js"
PHONE = {"width": 390, "height": 844}
#: Pages that carry boards (read from the built pages, so new chapters are covered).
BOARD_PAGES = [page for page in PAGES if "application/vnd.jupyter.widget-view+json" in (SITE / page).read_text(encoding="utf-8")]
HAN = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")

RUN_AXE = """async () => {
  const result = await axe.run(document, { resultTypes: ['violations'] });
  return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help,
    where: v.nodes.slice(0, 4).map((n) => n.target.join(' ')) }));
}"""


def first_refusal(lesson: dict) -> tuple[str, str] | None:
    """A place this board refuses now, and the reason, from its page data."""
    nodes = unpack(lesson)
    node = nodes[lesson["start"]]
    if lesson["mode"] == "find":
        option = node["options"][lesson["exercise"]["option"]]
        return next(iter(option["refusals"].items()), None)
    return None


def next_frame(page) -> None:
    """Wait until the browser has drawn the next frame (the board scrolls its message in then)."""
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")


def open_page(browser_context, site_url, page_path, scheme="light", viewport=None):
    page = browser_context.new_page()
    page.seen = watch(page)
    page.emulate_media(color_scheme=scheme)
    if viewport:
        page.set_viewport_size(viewport)
    open_chapter(page, site_url, page_path)
    return page


@contextmanager
def opened(browser_context, site_url, page_path, scheme="light", viewport=None):
    """A page to test; closed afterwards, and failed if it logged an error or a warning."""
    page = open_page(browser_context, site_url, page_path, scheme, viewport)
    try:
        yield page
    finally:
        page.close()
    assert not page.seen["errors"], page.seen["errors"]


# --- axe-core, in light and in dark mode ----------------------------------------------------------
BOARD_BOXES = "() => [...document.querySelectorAll('.rb-board')].map((b) => [Math.round(b.getBoundingClientRect().width), Math.round(b.getBoundingClientRect().height)])"


@pytest.mark.parametrize("page_path", PAGES)
def test_axe_core_finds_nothing_serious_in_light_or_dark_mode_and_dark_keeps_every_boards_layout(browser_context, site_url, page_path):
    """One visit of the page in each scheme: the boards' sizes as drawn, then every board with a
    message showing, then axe-core."""
    assert AXE.is_file(), "axe-core is missing: `make book` installs widgets/node_modules"
    sizes = {}
    for scheme in ("light", "dark"):
        with opened(browser_context, site_url, page_path, scheme) as page:
            assert page.evaluate("document.documentElement.dataset.theme") == scheme
            sizes[scheme] = page.evaluate(BOARD_BOXES)
            if sizes[scheme] and scheme == "dark":
                background = page.evaluate("getComputedStyle(document.querySelector('.rb-board')).backgroundColor")
                assert background == "rgb(29, 33, 39)", "the board is dark in dark mode"
            for board in page.locator(".rb-board").all():  # every board with a message showing
                board.locator(".rb-hint").click()
            page.add_script_tag(path=str(AXE))
            violations = page.evaluate(RUN_AXE)
        failing = [v for v in violations if v["impact"] in ("serious", "critical") or v["id"] == "aria-prohibited-attr"]
        assert failing == [], (scheme, failing)
    assert sizes["dark"] == sizes["light"], "dark mode keeps every board's layout"


# --- phones ----------------------------------------------------------------------------------
@pytest.mark.parametrize("page_path", BOARD_PAGES)
def test_on_a_phone_card_text_is_readable_and_the_message_is_next_to_the_board(browser_context, site_url, page_path):
    with opened(browser_context, site_url, page_path, viewport=PHONE) as page:
        next_frame(page)
        smallest = page.evaluate("""() => Math.min(...[...document.querySelectorAll('.rb-board svg text')]
            .filter((t) => t.getBBox().width > 0)
            .map((t) => parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a))""")
        assert smallest >= 11, f"card text of {smallest:.1f}px on a phone"
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], "the page scrolls sideways"
        lessons = page.evaluate(READ_BOARDS)
        for index, state in enumerate(lessons):
            refusal = first_refusal(state["lesson"])
            if refusal is None:
                continue
            place, reason = refusal
            board = page.locator(".rb-board").nth(index)
            board.locator(f'[data-place="{place}"]').click()
            next_frame(page)
            assert board.locator(".rb-message").text_content() == reason
            assert board.locator(".rb-refused").count() == 1, "the refused place is marked on the board"
            picture = board.locator(".rb-picture").bounding_box()
            message = board.locator(".rb-message").bounding_box()
            # Right under the picture, or in the dock kept at the foot of the screen over it.
            assert message["y"] - (picture["y"] + picture["height"]) <= 24, "the message sits right under the board"
            assert 0 <= message["y"] and message["y"] + message["height"] <= PHONE["height"] + 1, "the message is in sight"


# --- print ----------------------------------------------------------------------------------------
def test_print_hides_the_controls_and_wraps_code(browser_context, site_url):
    with opened(browser_context, site_url, "book/inferno/setting-up.html") as page:
        page.emulate_media(media="print")
        hidden = page.evaluate("""() => ['.rb-tools', '.rb-log', '.rb-log-label', '.rb-skip']
            .map((selector) => [...document.querySelectorAll(selector)].every((e) => getComputedStyle(e).display === 'none'))""")
        assert all(hidden), hidden
        assert page.locator(".rb-board .rb-picture svg").first.is_visible()
        wrapping = page.evaluate("""() => [...document.querySelectorAll('div.highlight pre')]
            .map((pre) => [getComputedStyle(pre).whiteSpace, pre.scrollWidth <= pre.clientWidth + 1])""")
        assert wrapping and all(space == "pre-wrap" and fits for space, fits in wrapping), wrapping


# --- keyboard --------------------------------------------------------------------------------
def focused(page) -> str:
    return page.evaluate("""() => { const e = document.activeElement;
        return e ? (e.className && typeof e.className === 'string' ? e.className : e.tagName) + '|' + (e.getAttribute('data-hand')
        ?? e.getAttribute('data-choice') ?? e.getAttribute('data-entry') ?? e.getAttribute('data-tool') ?? '') : ''; }""")


@pytest.mark.parametrize("page_path", BOARD_PAGES)
def test_a_skip_link_among_the_first_tabs_leads_to_the_first_board(browser_context, site_url, page_path):
    with opened(browser_context, site_url, page_path) as page:
        for _ in range(3):
            page.keyboard.press("Tab")
            if "rb-skip" in focused(page):
                break
        assert "rb-skip" in focused(page), f"three Tabs reach {focused(page)!r}, not the skip link"
        page.keyboard.press("Enter")
        assert page.evaluate("document.activeElement === document.querySelector('.rb-board .rb-picture')")
        page.keyboard.press("Enter")  # the keyboard cursor clicks the place under it
        assert page.locator(".rb-board").first.locator(".rb-message").text_content()


def test_focus_stays_on_the_control_that_was_pressed(browser_context, site_url):
    with opened(browser_context, site_url, "book/inferno/mighty-bison-king.html") as page:
        board = page.locator(".rb-board").nth(3)  # two Bison Kings and the step
        for selector, key in (('[data-hand="0"]', "Enter"), ('[data-hand="1"]', " "), ('[data-choice="step"]', "Enter"),
                              (".rb-hint", "Enter"), (".rb-undo", " "), (".rb-reset", "Enter")):
            board.locator(selector).focus()
            before = focused(page)
            page.keyboard.press(key)
            assert focused(page) == before, f"{selector}: focus went to {focused(page)!r}"
        board.locator('[data-hand="0"]').click()
        board.locator('[data-place="0,0"]').click()
        board.locator('.rb-log-entry[data-entry="1"]').focus()
        page.keyboard.press("Enter")
        assert focused(page) == "rb-log-entry|1"
        board.locator('.rb-log-entry[data-entry="0"]').focus()
        page.keyboard.press("Enter")
        assert focused(page) == "rb-log-entry|0"
        board.locator(".rb-undo").focus()
        page.keyboard.press("Enter")  # nothing left to undo: the button says so and keeps the focus
        assert focused(page) == "rb-undo|undo" and board.locator(".rb-undo").get_attribute("aria-disabled") == "true"


def test_a_second_hand_card_never_leaves_two_cards_pressed_that_do_not_play_together(browser_context, site_url):
    with opened(browser_context, site_url, "book/inferno/red-boy.html") as page:
        # An exercise keeps its own card pressed: another card is refused politely, clicks still count.
        exercise = page.locator(".rb-board").nth(1)
        pressed = exercise.locator('[aria-pressed="true"]').all_text_contents()
        exercise.locator('[data-hand="1"]').click()
        assert "stays chosen" in exercise.locator(".rb-message").text_content()
        assert exercise.locator('[aria-pressed="true"]').all_text_contents() == pressed
        state = page.evaluate(READ_BOARDS)[1]
        answer = state["lesson"]["exercise"]["answers"][0]
        exercise.locator(f'[data-place="{answer}"]').click()
        assert exercise.locator(".rb-message").text_content().startswith("Right")
        # A lesson: a disciple, then a Red Boy: they are not played together, the Red Boy stays chosen.
        lesson = page.locator(".rb-board").nth(0)
        lesson.locator('[data-hand="1"]').click()
        lesson.locator('[data-hand="0"]').click()
        assert lesson.locator('[aria-pressed="true"]').count() == 1
        assert lesson.get_attribute("data-chosen") == "h0"
        assert "played together" in lesson.locator(".rb-message").text_content()
        assert lesson.locator(".rb-target").count() > 0


# --- pictures and languages (the built pages as text) ---------------------------------------
class Pictures(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.alts: list[tuple[str, str]] = []
        self.unmarked: list[str] = []
        self._stack: list[tuple[str, bool]] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        if tag == "img":
            self.alts.append((attributes.get("src") or "", attributes.get("alt") or ""))
        if tag in ("script", "style", "title"):
            self._skip += 1
        if tag not in ("img", "br", "hr", "meta", "link", "input", "source", "wbr"):
            chinese = attributes.get("lang") == "zh-Hant" or bool(self._stack and self._stack[-1][1])
            self._stack.append((tag, chinese))

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style", "title"):
            self._skip -= 1
        while self._stack:
            if self._stack.pop()[0] == tag:
                break

    def handle_data(self, data: str) -> None:
        if not self._skip and HAN.search(data) and not (self._stack and self._stack[-1][1]):
            self.unmarked.append(data.strip()[:40])


@pytest.mark.parametrize("page_path", PAGES)
def test_every_picture_is_described_and_chinese_is_marked(page_path):
    parser = Pictures()
    parser.feed((SITE / page_path).read_text(encoding="utf-8"))
    for source, alt in parser.alts:
        assert alt and not alt.endswith((".svg", ".png")) and "_images/" not in alt, f"{source}: alt text {alt!r}"
        assert len(alt.split()) >= 5, f"{source}: {alt!r} describes too little"
    assert parser.unmarked == [], "Chinese text without lang=zh-Hant"


def test_a_boards_own_error_tells_the_reader_and_fails_the_page(browser_context, site_url):
    page = open_page(browser_context, site_url, "book/inferno/setting-up.html")
    try:
        board = page.locator(".rb-board").first
        page.evaluate("() => { document.querySelector('.rb-board').__rulesbookBoard.picture = () => { throw new Error('broken picture'); }; }")
        board.locator('[data-place="0,0"]').click()
        assert board.locator(".rb-message").text_content() == "Something went wrong on this board; press Start again to reset it."
        assert board.get_attribute("data-board-error") == "broken picture"
    finally:
        page.close()
    # Logged in the console with the error (what makes every other page test fail), not thrown.
    [error] = page.seen["errors"]
    assert error.startswith("console error: rulesbook board:") and "broken picture" in error
