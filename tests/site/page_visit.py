"""Every page of the built site, visited once, as a reader would: the checks of a visit, in turn,
on one open page.

Opening a page and drawing its boards costs more than most checks made on it, so each page of a
part of the book is opened once (`visits(part)`, a module-scoped fixture: pytest runs every check
of one page before it opens the next) and the checks below read it in the order they are written:

1. as loaded: every widget rendered, every word of its picture reachable by a screen reader (an
   option's, or the picture's description), every link leads to a page or an anchor that exists;
2. the keyboard's first Tabs, while nothing has the focus yet: a skip link to the first board;
3. axe-core in light mode, every board with a message showing; then dark mode (the theme follows
   the reader's colour scheme): the same layout, the boards dark, the colours still clean;
4. a 390 px phone: nothing runs off the side (what a cell printed wraps), no rule id broken at
   its hyphen, card text readable,
   every place and button at least 24 px square, a refusal's message in sight;
5. the robot (robot.py) completes every board.

Each check ends with the page quiet: nothing on the console, nothing loaded from outside. The part
files are test_site_pages_<part>.py (one a part, so that the test workers share them out).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any
from urllib.parse import urljoin, urlparse

import pytest
from robot import READ_BOARDS, complete_boards
from site_browser import PHONE, ROOT, SITE, next_frame, open_chapter, rule_ids_not_whole, small_targets, watch

from rulesbook.lessons import unpack

__all__ = [
    "visits",
    "test_the_page_renders_its_widgets_and_links_only_to_what_exists",
    "test_a_skip_link_among_the_first_tabs_leads_to_the_first_board",
    "test_axe_core_finds_nothing_serious_in_light_or_dark_mode_and_dark_keeps_every_boards_layout",
    "test_on_a_phone_nothing_runs_off_the_side_and_a_refusal_is_in_sight",
    "test_a_robot_completes_every_board_on_the_page",
]

AXE = ROOT / "widgets" / "node_modules" / "axe-core" / "axe.min.js"
#: axe-core's every rule, or only those a colour scheme can change (dark mode changes colours only).
RUN_AXE = """async (only) => {
  const options = { resultTypes: ['violations'] };
  if (only) options.runOnly = { type: 'rule', values: only };
  const result = await axe.run(document, options);
  return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help,
    where: v.nodes.slice(0, 4).map((n) => n.target.join(' ')) }));
}"""
COLOUR_RULES = ["color-contrast", "link-in-text-block"]
BOARD_BOXES = """() => [...document.querySelectorAll('.rb-board')].map((b) => {
  const box = b.getBoundingClientRect();
  return [Math.round(box.width), Math.round(box.height)];
})"""
#: The words a board's picture shows that a screen reader cannot reach: the arrow keys go from
#: option to option (the places), and the rest must be in the listbox's description or its
#: details (aria-details: the facts the description only counts, which the key D says).
UNREACHED = """() => [...document.querySelectorAll('.rb-picture')].flatMap((area) => {
  const described = ['aria-describedby', 'aria-details'].flatMap((name) => (area.getAttribute(name) || '').split(' '))
    .filter(Boolean).map((id) => document.getElementById(id));
  const walker = document.createTreeWalker(area, NodeFilter.SHOW_TEXT);
  const missed = [];
  for (let text = walker.nextNode(); text; text = walker.nextNode()) {
    const element = text.parentElement;
    if (!text.textContent.trim() || element.closest('[aria-hidden=true], [role=option]')) continue;
    if (!described.some((fact) => fact && area.contains(fact) && fact.contains(text))) missed.push(text.textContent.trim());
  }
  return missed;
})"""
#: The desktop screen the visit is made on (the phone check narrows it, then puts it back).
DESKTOP = {"width": 1100, "height": 900}


def visits(part: list[str]) -> Any:
    """The fixture `visit` of a part's pages: each one opened once, in light mode on a desktop
    screen, its boards ready; `visit.path`, `visit.seen` (see site_browser.watch)."""

    @pytest.fixture(scope="module", params=part)
    def visit(request: pytest.FixtureRequest, browser_context: Any, site_url: str) -> Iterator[Any]:
        page = browser_context.new_page()
        page.seen = watch(page)
        page.path = request.param
        page.emulate_media(color_scheme="light")
        page.set_viewport_size(DESKTOP)
        try:
            open_chapter(page, site_url, request.param)
            yield page
        finally:
            page.close()

    return visit


def quiet(page: Any) -> None:
    assert page.seen == {"errors": [], "outside": []}, page.seen


def board_count(page: Any) -> int:
    return page.locator('script[type="application/vnd.jupyter.widget-view+json"]').count()


def axe(page: Any, only: list[str] | None = None) -> list[dict[str, Any]]:
    if not page.evaluate("typeof axe !== 'undefined'"):
        assert AXE.is_file(), "axe-core is missing: `make book` installs widgets/node_modules"
        page.add_script_tag(path=str(AXE))
    return [v for v in page.evaluate(RUN_AXE, only)
            if v["impact"] in ("serious", "critical") or v["id"] == "aria-prohibited-attr"]


def scheme(page: Any, name: str) -> None:
    """The reader's colour scheme changed: wait until the theme follows it, and see the colours as
    they end (a button fades to its new colours: its transition is taken to its end)."""
    page.emulate_media(color_scheme=name)
    page.wait_for_function("name => document.documentElement.dataset.theme === name", arg=name)
    page.evaluate("() => { for (const a of document.getAnimations()) if (a instanceof CSSTransition) a.finish(); }")


# --- 1. as loaded ---------------------------------------------------------------------------------
def broken_links(site_url: str, page_path: str, hrefs: list[str], anchors: set[str]) -> list[str]:
    broken = []
    for href in hrefs:
        if href.startswith(("mailto:", "javascript:")):
            continue
        target = urlparse(urljoin(site_url + page_path, href))
        if target.scheme not in ("http", "https") or target.netloc != urlparse(site_url).netloc:
            broken.append(f"outside link {href}")
            continue
        path = target.path.lstrip("/") or "index.html"
        if path.endswith("/"):
            path += "index.html"
        if not (SITE / path).is_file():
            broken.append(href)
        elif path == page_path and target.fragment and target.fragment not in anchors:
            broken.append(href)
    return broken


def test_the_page_renders_its_widgets_and_links_only_to_what_exists(visit, site_url):
    views = board_count(visit)
    assert visit.locator(".rb-board").count() == views, "every widget on the page renders"
    if views:
        assert visit.locator(".rb-board [data-place]").count() > 0, "the boards are drawn"
        assert visit.evaluate(UNREACHED) == [], "every word of a picture reaches a screen reader"
        # "(no cards)" says a box is empty: never above a question's buttons (Madness's, once).
        assert visit.locator(".rb-empty-hand ~ .rb-effect, .rb-effect ~ .rb-empty-hand").count() == 0
    assert visit.evaluate("document.documentElement.dataset.theme") == "light"
    hrefs = visit.eval_on_selector_all("a[href]", "links => links.map(link => link.getAttribute('href'))")
    anchors = set(visit.eval_on_selector_all("[id]", "nodes => nodes.map(node => node.id)"))
    broken = broken_links(site_url, visit.path, hrefs, anchors)
    assert not broken, f"broken links on {visit.path}: {broken}"
    quiet(visit)


# --- 2. the keyboard ------------------------------------------------------------------------------
def focused(page: Any) -> str:
    return page.evaluate("""() => { const e = document.activeElement;
        return e ? (e.className && typeof e.className === 'string' ? e.className : e.tagName) + '|' + (e.getAttribute('data-hand')
        ?? e.getAttribute('data-choice') ?? e.getAttribute('data-entry') ?? e.getAttribute('data-tool') ?? '') : ''; }""")


def test_a_skip_link_among_the_first_tabs_leads_to_the_first_board(visit):
    if not board_count(visit):
        assert visit.locator(".rb-skip").count() == 0, "a skip link with no board to lead to"
        return
    for _ in range(3):
        visit.keyboard.press("Tab")
        if "rb-skip" in focused(visit):
            break
    assert "rb-skip" in focused(visit), f"three Tabs reach {focused(visit)!r}, not the skip link"
    visit.keyboard.press("Enter")
    assert visit.evaluate("document.activeElement === document.querySelector('.rb-board .rb-picture')")
    board = visit.locator(".rb-board").first
    visit.keyboard.press("Enter")  # the keyboard cursor clicks the place under it
    assert board.locator(".rb-message").text_content()
    board.locator(".rb-reset").click()  # the board as loaded, for the checks after this one
    assert board.get_attribute("data-node") == visit.evaluate(READ_BOARDS)[0]["lesson"]["start"]
    quiet(visit)


# --- 3. axe-core, in light and in dark mode -------------------------------------------------------
def test_axe_core_finds_nothing_serious_in_light_or_dark_mode_and_dark_keeps_every_boards_layout(visit):
    for board in visit.locator(".rb-board").all():  # every board with a message showing
        board.locator(".rb-hint").click()
    light = visit.evaluate(BOARD_BOXES)
    assert axe(visit) == [], ("light", axe(visit))
    scheme(visit, "dark")
    try:
        assert visit.evaluate(BOARD_BOXES) == light, "dark mode keeps every board's layout"
        if light:
            background = visit.evaluate("getComputedStyle(document.querySelector('.rb-board')).backgroundColor")
            assert background == "rgb(29, 33, 39)", "the board is dark in dark mode"
        failing = axe(visit, COLOUR_RULES)
        assert failing == [], ("dark", failing)
    finally:
        scheme(visit, "light")
    quiet(visit)


# --- 4. a phone -----------------------------------------------------------------------------------
def first_refusal(lesson: dict[str, Any]) -> tuple[str, str] | None:
    """A place this board refuses as loaded, and the reason, from its page data."""
    nodes = unpack(lesson)
    node = nodes[lesson["start"]]
    if lesson["mode"] == "find":
        option = node["options"][lesson["exercise"]["option"]]
        return next(iter(option["refusals"].items()), None)
    return None


def test_on_a_phone_nothing_runs_off_the_side_and_a_refusal_is_in_sight(visit):
    visit.set_viewport_size(PHONE)
    try:
        next_frame(visit)
        assert visit.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], "the page scrolls sideways"
        wide = visit.evaluate("""() => [...document.querySelectorAll('div.cell_output .output.stream pre')]
            .filter((pre) => pre.scrollWidth > pre.clientWidth + 1).map((pre) => pre.textContent.slice(0, 60))""")
        assert wide == [], f"what a cell printed scrolls sideways: {wide}"
        ids = rule_ids_not_whole(visit)
        assert ids == {"loose": [], "broken": []}, f"a rule's id a line may break at its hyphen: {ids}"
        if board_count(visit):
            phone_boards(visit)
    finally:
        visit.set_viewport_size(DESKTOP)
    quiet(visit)


def phone_boards(page: Any) -> None:
    """Card text readable; every place and button big enough to tap; a refused place marked, its
    reason right under the board and in sight."""
    smallest = page.evaluate("""() => Math.min(...[...document.querySelectorAll('.rb-board svg text')]
        .filter((t) => t.getBBox().width > 0)
        .map((t) => parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a))""")
    assert smallest >= 11, f"card text of {smallest:.1f}px on a phone"
    small = small_targets(page)
    assert small == [], f"places and buttons smaller than WCAG's 24 x 24 px targets (2.5.8): {small[:5]}"
    for index, state in enumerate(page.evaluate(READ_BOARDS)):
        refusal = first_refusal(state["lesson"])
        if refusal is None:
            continue
        place, reason = refusal
        board = page.locator(".rb-board").nth(index)
        board.locator(f'[data-place="{place}"]').click()
        next_frame(page)
        assert board.locator(".rb-message").text_content() == reason
        assert board.locator(".rb-refused").count() == 1, "the refused place is marked on the board"
        ids = rule_ids_not_whole(page)
        assert ids == {"loose": [], "broken": []}, f"a rule's id the refusal may break at its hyphen: {ids}"
        picture = board.locator(".rb-picture").bounding_box()
        message = board.locator(".rb-message").bounding_box()
        # Right under the picture, or in the dock kept at the foot of the screen over it.
        assert message["y"] - (picture["y"] + picture["height"]) <= 24, "the message sits right under the board"
        assert 0 <= message["y"] and message["y"] + message["height"] <= PHONE["height"] + 1, "the message is in sight"


# --- 5. the robot ---------------------------------------------------------------------------------
def test_a_robot_completes_every_board_on_the_page(visit):
    complete_boards(visit)
    assert visit.evaluate(UNREACHED) == [], "every word of a picture, at the robot's last states, reaches a screen reader"
    quiet(visit)
