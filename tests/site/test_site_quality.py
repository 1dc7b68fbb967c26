"""The built site as a reader meets it, beyond what every page's visit checks (page_visit.py:
axe-core in light and dark mode, a phone, the skip link, the robot): printed, the focus kept on a
pressed control, two hand cards that do not play together, a board's own error, every picture
described and Chinese marked.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from playwright.sync_api import expect
from page_visit import focused
from robot import READ_BOARDS
from site_browser import SITE, open_chapter, opened, site_pages, watch
from test_site_every_chapter import PAGES

from rulesbook.lessons.data import opened_exercise

HAN = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")


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


def test_a_printed_board_is_a_handout_its_question_and_picture_with_no_answer_marked(browser_context, site_url):
    with opened(browser_context, site_url, "book/inferno/red-boy.html") as page:
        exercise = page.locator(".rb-board").nth(1)
        answer = opened_exercise(page.evaluate(READ_BOARDS)[1]["lesson"])["answers"][0]
        exercise.locator(f'[data-place="{answer}"]').click()
        lesson = page.locator(".rb-board").nth(0)
        lesson.locator('[data-hand="0"]').click()  # a lesson's legal places, marked on the screen
        marks = ".rb-found, .rb-target, .rb-found-mark, .rb-target-mark, .rb-cursor"
        assert exercise.locator(marks).count() and lesson.locator(marks).count()
        page.emulate_media(media="print")
        page.wait_for_function(f"() => !document.querySelector('.rb-board :is({marks})')")  # drawn again as printing starts
        for board in (exercise, lesson):
            assert board.locator(marks).count() == 0
            assert board.locator(".rb-picture svg [data-place]").first.is_visible()
        assert exercise.locator(".rb-title").is_visible() and exercise.locator(".rb-title").text_content()
        shown = page.evaluate("""() => [...document.querySelectorAll('.rb-message, .rb-tools, .rb-log')]
            .filter((e) => getComputedStyle(e).display !== 'none').length""")
        assert shown == 0  # nothing the board said: the right answer's words neither
        page.emulate_media(media="screen")  # the reader's own board comes back as it was
        exercise.locator(f'[data-place="{answer}"].rb-found').wait_for()
        assert exercise.locator(".rb-found").count() == 1 and lesson.locator(".rb-target").count()


# --- keyboard --------------------------------------------------------------------------------
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


#: Whether the board's keyboard cursor is in sight: below the page's sticky header, above the board's
#: dock where it sticks to the foot of a phone's screen (board.showPlace's measure, from outside).
CURSOR_IN_SIGHT = """board => {
  const cursor = board.querySelector('.rb-picture .rb-cursor');
  if (!cursor) return false;
  const box = cursor.getBoundingClientRect();
  const dock = board.querySelector('.rb-dock');
  const bottom = getComputedStyle(dock).position === 'sticky' ? dock.getBoundingClientRect().top : innerHeight;
  const top = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
  return box.height > 0 && box.top >= top - 1 && box.bottom <= Math.min(innerHeight, bottom) + 1;
}"""


def test_the_boards_keys_keep_its_cursor_on_a_place_and_in_sight(browser_context, site_url):
    """A keyboard audit at 390 px: Shift+Tab back from the dock left the cursor under it; Home and
    End scrolled the page, not the cursor; a move that changed the places (the Sled revealed, the
    players' panels now) left the cursor on none, where Enter did nothing and Space scrolled away."""
    with opened(browser_context, site_url, "book/madness/moving-the-airplane.html", viewport={"width": 390, "height": 844}) as page:
        board = page.locator(".rb-board").nth(2)
        area = board.locator(".rb-picture")
        area.focus()
        page.keyboard.press("End")
        last = area.evaluate("a => [...a.querySelectorAll('[data-place]')].pop().getAttribute('data-place')")
        assert area.locator(".rb-cursor").get_attribute("data-place") == last
        assert board.evaluate(CURSOR_IN_SIGHT)
        page.keyboard.press("Tab")
        page.keyboard.press("Shift+Tab")
        page.wait_for_function(CURSOR_IN_SIGHT, arg=board.element_handle())
        scrolled = page.evaluate("scrollY")
        page.keyboard.press("Home")
        first = area.evaluate("a => a.querySelector('[data-place]').getAttribute('data-place')")
        assert area.locator(".rb-cursor").get_attribute("data-place") == first and board.evaluate(CURSOR_IN_SIGHT)
        assert abs(page.evaluate("scrollY") - scrolled) < 844, "Home moved the cursor, not the page to its top"
    with opened(browser_context, site_url, "book/madness/relics.html") as page:
        board = page.locator(".rb-board").first
        area = board.locator(".rb-picture")
        board.locator('[data-choice="reveal"]').click()
        area.focus()
        before = {place.get_attribute("data-place") for place in area.locator("[data-place]").all()}
        page.keyboard.press("Home")
        while area.locator(".rb-cursor.rb-target").count() == 0:
            page.keyboard.press("ArrowRight")
        page.keyboard.press("Enter")  # the Sled revealed: the places are now others
        page.wait_for_function("() => document.querySelectorAll('.rb-board')[0].querySelectorAll('.rb-log-entry').length > 1")
        assert {place.get_attribute("data-place") for place in area.locator("[data-place]").all()} != before
        assert area.get_attribute("aria-activedescendant") and area.locator(".rb-cursor").count() == 1
        scrolled = page.evaluate("scrollY")
        page.keyboard.press(" ")
        assert page.evaluate("scrollY") == scrolled, "Space is the board's key, never the page's"


@pytest.mark.parametrize("path", ["book/madness/moving-the-airplane.html", "book/inferno/mighty-bison-king.html"])
def test_the_opposite_arrow_takes_the_cursor_back_where_it_came_from(browser_context, site_url, path):
    """A keyboard audit: the arrows go to the nearest place drawn that way, which on a picture not
    in a grid is not always the way back (on Madness's mountain ArrowRight from X3 went to Y3 and
    ArrowLeft from there to Y2; on a Mountain with a ragged row, 3,2 went right to 2,3 and back to
    2,2): a walk of arrows is retraced by the opposite arrows, in reverse."""
    back = {"ArrowUp": "ArrowDown", "ArrowDown": "ArrowUp", "ArrowLeft": "ArrowRight", "ArrowRight": "ArrowLeft"}
    with opened(browser_context, site_url, path, viewport={"width": 390, "height": 844}) as page:
        area = page.locator(".rb-board").first.locator(".rb-picture")
        area.focus()
        page.keyboard.press("Home")
        cursor = lambda: area.locator(".rb-cursor").get_attribute("data-place")  # noqa: E731
        walk = [(None, cursor())]
        for key in ["ArrowRight", "ArrowDown", "ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp", "ArrowRight", "ArrowRight", "ArrowDown", "ArrowLeft"] * 2:
            page.keyboard.press(key)
            if cursor() != walk[-1][1]:
                walk.append((key, cursor()))
        assert len(walk) >= 10, walk
        for (key, _), (_, before) in zip(reversed(walk[1:]), reversed(walk[:-1])):
            page.keyboard.press(back[key])
            assert cursor() == before, (key, walk)


def test_the_arrows_reach_the_spaces_joined_on_madnesss_map(browser_context, site_url):
    """A keyboard audit: on Madness's map, whose rows are set half a space apart, Down from M3 went
    to C7, two rows down and not joined to it, and C10 and C11, joined below M3, were no arrow away.
    Every arrow from every space is pressed (its opposite takes the cursor back, as the arrows
    remember their way): 26 of the map's 92 joined pairs were more than one press apart, 16 now
    (the map's spaces with more than four joined spaces make 11 the least four arrows could do)."""
    from rulesbook.madness import Rules

    joined = {space.id: set(space.adjacent) for space in Rules().pack.spaces.values()}
    back = {"ArrowUp": "ArrowDown", "ArrowDown": "ArrowUp", "ArrowLeft": "ArrowRight", "ArrowRight": "ArrowLeft"}
    with opened(browser_context, site_url, "book/madness/moving-the-airplane.html", viewport={"width": 390, "height": 844}) as page:
        area = page.locator(".rb-board").first.locator(".rb-picture")
        area.focus()
        page.keyboard.press("Home")
        cursor = lambda: area.locator(".rb-cursor").get_attribute("data-place")  # noqa: E731
        reached: dict[str, set[str]] = {}

        def explore(place: str) -> None:
            reached[place] = set()
            for key in back:
                page.keyboard.press(key)
                there = cursor()
                if there == place:
                    continue
                reached[place].add(there)
                if there not in reached:
                    explore(there)
                page.keyboard.press(back[key])
                assert cursor() == place, (place, key)

        explore(cursor())
    spaces = [place for place in reached if place in joined]
    assert len(spaces) == len(joined), sorted(set(joined) - set(reached))
    apart = [(space, other) for space in spaces for other in joined[space] if other not in reached[space]]
    assert len(apart) <= 16, apart
    assert reached["M3"] & {"C10", "C11"}, reached["M3"]  # Down from M3 reaches a space joined below it


def test_the_move_log_is_one_tab_stop_and_the_arrow_keys_move_in_it(browser_context, site_url):
    """A whole game's log is hundreds of entries: Tab reaches it once, at its current entry, and
    leaves it at once; the arrow keys, Home and End move between its entries."""
    with opened(browser_context, site_url, "book/inferno/mighty-bison-king.html") as page:
        board = page.locator(".rb-board").nth(3)
        for _ in range(2):  # two moves: the first card or button with a legal place, played there
            for choice in board.locator(".rb-hand-card, .rb-effect").all():
                choice.click()
                if board.locator(".rb-picture .rb-target").count():
                    board.locator(".rb-picture .rb-target").first.click()
                    break
        entries = board.locator(".rb-log-entry")
        assert entries.count() == 3 and entries.evaluate_all("all => all.filter((e) => e.tabIndex === 0).length") == 1
        board.locator(".rb-reset").focus()
        page.keyboard.press("Tab")
        assert focused(page) == "rb-log-entry|2"
        for key, entry in (("ArrowUp", 1), ("ArrowUp", 0), ("ArrowUp", 0), ("End", 2), ("Home", 0), ("ArrowDown", 1)):
            page.keyboard.press(key)
            assert focused(page) == f"rb-log-entry|{entry}", key
        page.keyboard.press("Tab")
        assert not focused(page).startswith("rb-log-entry"), "Tab leaves the log"
        page.keyboard.press("Shift+Tab")
        assert focused(page) == "rb-log-entry|1"  # back where the reader left it


def test_a_second_hand_card_never_leaves_two_cards_pressed_that_do_not_play_together(browser_context, site_url):
    with opened(browser_context, site_url, "book/inferno/red-boy.html") as page:
        # An exercise keeps its own card pressed: another card is refused politely, clicks still count.
        exercise = page.locator(".rb-board").nth(1)
        pressed = exercise.locator('[aria-pressed="true"]').all_text_contents()
        exercise.locator('[data-hand="1"]').click()
        assert "stays chosen" in exercise.locator(".rb-message").text_content()
        assert exercise.locator('[aria-pressed="true"]').all_text_contents() == pressed
        state = page.evaluate(READ_BOARDS)[1]
        answer = opened_exercise(state["lesson"])["answers"][0]
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
            chinese = (attributes.get("lang") or "").startswith("zh-Hant") or bool(self._stack and self._stack[-1][1])
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



class Prose(HTMLParser):
    """A page's text outside code: Markdown that was not read as such shows its marks there."""

    CODE = ("pre", "code", "kbd", "samp", "script", "style", "textarea")
    MARKS = re.compile(r"\*\*|(?<![\w*\\])\*(?=\w)|(?<!\w)__|`")

    def __init__(self) -> None:
        super().__init__()
        self.marks: list[str] = []
        self._code = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._code += tag in self.CODE

    def handle_endtag(self, tag: str) -> None:
        self._code -= tag in self.CODE

    def handle_data(self, data: str) -> None:
        if not self._code:
            self.marks += [data[max(0, found.start() - 20):found.end() + 20] for found in self.MARKS.finditer(data)]


def test_no_markdown_mark_is_left_in_a_pages_text():
    """A bold lead-in written `**準備。**兩人` is no bold to CommonMark (its closing `**` follows
    punctuation and precedes a letter): the reader saw the asterisks. Both books, every page."""
    pages = site_pages()
    assert len(pages) > 60
    for path in pages:
        prose = Prose()
        prose.feed(path.read_text(encoding="utf-8"))
        assert prose.marks == [], path.relative_to(SITE)
    caught = Prose()
    caught.feed("<p>**準備。**兩人 <code>**kwargs</code> `rules` *not</p><pre>**kwargs</pre>")
    assert len(caught.marks) == 5, caught.marks  # two `**`, two backticks, one `*`


def test_a_boards_own_error_tells_the_reader_and_fails_the_page(browser_context, site_url):
    page = browser_context.new_page()
    seen = watch(page)
    try:
        open_chapter(page, site_url, "book/inferno/setting-up.html")
        board = page.locator(".rb-board").first
        page.evaluate("() => { document.querySelector('.rb-board').__rulesbookBoard.picture = () => { throw new Error('broken picture'); }; }")
        board.locator('[data-place="0,0"]').click()
        assert board.locator(".rb-message").text_content() == "Something went wrong on this board; press Start again to reset it."
        assert board.get_attribute("data-board-error") == "broken picture"
    finally:
        page.close()
    # Logged in the console with the error (what makes every other page test fail), not thrown.
    [error] = seen["errors"]
    assert error.startswith("console error: rulesbook board:") and "broken picture" in error


@pytest.mark.parametrize("path", ["book/intro.html", "zh-TW/book/intro.html"])
def test_one_search_box_and_no_empty_header_strip_above_the_page(browser_context, site_url, path):
    """pydata-sphinx-theme shows its header, holding only a second search box, unless
    navbar_persistent is set (sphinx-book-theme issue 986): the desktop page began with a 64 px
    strip over the sidebar's own search."""
    with opened(browser_context, site_url, path, viewport={"width": 1100, "height": 900}) as page:
        assert page.evaluate("(document.querySelector('.bd-header') || {offsetHeight: 0}).offsetHeight") == 0
        assert page.locator(".bd-sidebar-primary .search-button-field, .bd-sidebar-primary form.bd-search").count() == 1
        assert page.locator("#pst-header .search-button-field, #pst-header form.bd-search").count() == 0


def test_a_boards_question_is_what_a_screen_reader_hears_first_of_it(browser_context, site_url):
    """A keyboard audit: the question ("Which cards does blue score?") was a plain line beside the
    board, and the six boards of a page had one name: a screen reader skipped the question."""
    with opened(browser_context, site_url, "book/inferno/mighty-bison-king.html") as page:
        titled = 0
        for board in page.locator(".rb-board").all():
            title = board.locator(".rb-title")
            if title.is_hidden():
                continue
            titled += 1
            expect(board.locator(".rb-picture")).to_have_accessible_name(re.compile("^" + re.escape(title.inner_text().strip()) + " \u2014 "))
        assert titled >= 1


def test_a_table_wider_than_a_phone_fades_on_the_side_with_more_to_see(browser_context, site_url):
    """A learner's audit: on a phone the Guan Yin answers table scrolled sideways in its box with two
    of its six columns cut off and no sign of them. The side with more to see fades out (site.css);
    a table that fits has no fade."""
    path = "book/inferno/guan-yin-and-cancelling.html"
    fade = "(index) => getComputedStyle(document.querySelectorAll('.pst-scrollable-table-container')[index]).maskImage"
    with opened(browser_context, site_url, path, viewport={"width": 390, "height": 844}) as page:
        box = page.locator(".pst-scrollable-table-container").first
        assert box.evaluate("box => box.scrollWidth - box.clientWidth") > 60, "the table is wider than a phone"
        assert page.evaluate(fade, 0).startswith("linear-gradient(to right, rgb(0, 0, 0) calc(100% - 40px), rgba(0, 0, 0, 0))")
        box.evaluate("box => { box.scrollLeft = 30; }")
        expect(box).to_have_css("mask-image", re.compile(r"^linear-gradient\(to right, rgba\(0, 0, 0, 0\), .*rgba\(0, 0, 0, 0\)\)$"))
        box.evaluate("box => { box.scrollLeft = box.scrollWidth; }")
        expect(box).to_have_css("mask-image", "linear-gradient(to right, rgba(0, 0, 0, 0), rgb(0, 0, 0) 40px)")
    with opened(browser_context, site_url, path, viewport={"width": 1280, "height": 900}) as page:
        box = page.locator(".pst-scrollable-table-container").first
        assert box.evaluate("box => box.scrollWidth <= box.clientWidth"), "the table fits"
        assert page.evaluate(fade, 0) == "none"
