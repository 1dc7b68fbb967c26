"""What a phone and the keyboard show of a Play page where nothing was tapped (the phone and keyboard
audit h69, what its fix left; widgets/play_page.js and board.js's room, inSight and showPlace):

- a choice made for the reader (the only one offered) marks its places "each marked with a dot":
  on a phone, when none of them is in sight as the reader's turn comes, the first comes into sight;
  one in sight moves nothing, nor does a desktop's page (the mouse's);
- a place taller than the room between the page's header and the phone's dock is shown from its
  top, as much of it as fits, wherever the page was (the dock, below the screen or standing on its
  board's top, comes up as the page scrolls: the place brought to the screen's foot went under it);
- Play again pressed from the keyboard: the new game is in sight from its status line, the keyboard
  on its board; where the status line was in sight already, nothing moves;
- Start a new game pressed, with Enter or a pointer: on a phone the new game's status line is in
  sight, the keyboard on its board;
- the dock's compact Undo and Hint step aside while the board's own tools row is in sight, and a
  focus on one of them goes to the board's same tool.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from play_browser import IN_SIGHT, ROBOT, opened, robot, settled  # noqa: E402
from site_browser import PHONE, next_frame  # noqa: E402
from test_play_screen_reader import GAMES, HUDAI, INFERNO, MADNESS, WON, start  # noqa: E402

DESKTOP = {"width": 1280, "height": 800}

#: The board's dotted places (rb-target), each with whether it is in sight (IN_SIGHT, and within
#: the picture's own box sideways).
TARGETS = f"""() => [...document.querySelectorAll('.rb-play .rb-picture .rb-target')].map((place) => {{
  const area = document.querySelector('.rb-play .rb-picture').getBoundingClientRect(), box = place.getBoundingClientRect();
  const selector = `.rb-play .rb-picture [data-place='${{place.dataset.place}}']`;
  return [place.dataset.place, ({IN_SIGHT})(selector) && box.left >= area.left - 1 && box.right <= area.right + 1];
}})"""


def reader_moment(page) -> int:
    """The robot's next move, drawn (the page as the reader sees it), then a frame: the moves."""
    moves = page.evaluate(ROBOT, 1)
    assert page.get_attribute(".rb-play", "data-play-ready") == "reader"
    next_frame(page)
    return moves


def undo(page, moves: int) -> int:
    """Undo (the dock's on a phone), back to the reader's moment before; the moves."""
    page.locator(".rb-play [data-dock-tool=undo]:visible, .rb-play [data-tool=undo]:visible").first.click()
    page.wait_for_function("moves => Number(window.__rulesbookPlay.root.dataset.playMoves) < moves", arg=moves)
    next_frame(page)
    return int(page.evaluate("window.__rulesbookPlay.history().length - 1"))


def test_a_choice_made_for_the_reader_shows_its_first_place_on_a_phone(browser_context, site_url):
    """Audit h69 (Hudai, seed 7, phone): the page moves on to the step the reader must pick ("End
    the combo": its one place, step:2, chosen for the reader, no tap), and the dot was off the top
    of the screen, 5 times in a game. The reader's turn come, the first dotted place is in sight;
    one in sight moves nothing."""
    with opened(browser_context, site_url, HUDAI) as page:
        start(page, HUDAI, "7")
        robot(page, 13)
        # The reader had scrolled up (the page's top); the turn comes with step:2 chosen for them.
        page.evaluate("scrollTo(0, 0)")
        moves = reader_moment(page)
        assert page.evaluate("window.__rulesbookPlay.board.chosen") == "end"
        assert page.evaluate(TARGETS) == [["step:2", True]]
        # One in sight: nothing moves.
        undo(page, moves)
        page.evaluate("document.querySelector(\".rb-play .rb-picture [data-place='step:2']\").scrollIntoView({ block: 'center' })")
        next_frame(page)
        y = page.evaluate("scrollY")
        assert reader_moment(page) == moves
        assert page.evaluate(TARGETS) == [["step:2", True]] and page.evaluate("scrollY") == y
        assert page.seen["errors"] == [], page.seen


#: A place's box, the room it is seen in (below the page's header, above the phone's dock) and how
#: much of the place shows in it.
PLACE_IN_ROOM = """place => {
  const box = document.querySelector(`.rb-play .rb-picture [data-place='${place}']`).getBoundingClientRect();
  const top = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
  const dock = document.querySelector('.rb-play .rb-dock').getBoundingClientRect().top;
  return { top: box.top - top, height: box.height, room: dock - top, shown: Math.min(box.bottom, dock) - Math.max(box.top, top) };
}"""

#: What the board scrolls itself (showPlace: window.scrollBy), counted from now on.
COUNT_SCROLLS = """() => {
  window.__scrolled = 0;
  const by = window.scrollBy.bind(window);
  window.scrollBy = (...a) => { window.__scrolled += 1; by(...a); };
}"""


#: Whether a place's dot (its mark as a legal place) is on the screen, above the board's dock.
DOT_ABOVE_DOCK = """(place) => {
  const dot = document.querySelector(`.rb-play [data-place="${place}"] .rb-md-mark`).getBoundingClientRect();
  return dot.top >= 0 && dot.bottom <= document.querySelector(".rb-play .rb-dock").getBoundingClientRect().top;
}"""


def test_a_place_taller_than_the_room_shows_from_its_top_as_much_as_fits(browser_context, site_url):
    """Madness, seed 7: the players' panels dotted, chosen for the reader; P1's is 316 px, its dot
    beside its name. On a small phone (390x600: the room between the header and the dock is 292 px)
    from the page's top (the dock below the screen, coming up as the page scrolls), only its first
    80 px showed above the dock; from anywhere, it comes into sight from its top (4 px below the
    header), as much of it as fits, and a second time nothing moves. On a desktop, the mouse's,
    nothing moves: the panels stay below the screen, the message in sight."""
    with opened(browser_context, site_url, MADNESS, viewport=DESKTOP) as page:
        start(page, MADNESS, "7")
        robot(page, 11)
        page.evaluate("scrollBy(0, document.querySelector('.rb-play .rb-message').getBoundingClientRect().top - 100)")
        page.evaluate(COUNT_SCROLLS)
        next_frame(page)
        y = page.evaluate("scrollY")
        after = reader_moment(page)
        assert page.evaluate("window.__rulesbookPlay.board.chosen") == "give"
        assert [place for place, _ in page.evaluate(TARGETS)] == ["P1", "P2", "P3", "P4"]
        assert page.evaluate("[scrollY, window.__scrolled]") == [y, 0]
        assert not any(shown for _, shown in page.evaluate(TARGETS))
        undo(page, after)
        page.set_viewport_size({"width": PHONE["width"], "height": 600})
        page.evaluate("scrollTo(0, 0)")
        next_frame(page)
        assert reader_moment(page) == after  # the turn come: P1, the first dotted place, brought in
        for start_at in (None, "scrollTo(0, 0)", "scrollTo(0, document.documentElement.scrollHeight)"):
            if start_at:
                page.evaluate(start_at)
                next_frame(page)
                page.evaluate("window.__rulesbookPlay.board.showPlace('P1')")
                next_frame(page)
            shown = page.evaluate(PLACE_IN_ROOM, "P1")
            assert shown["height"] > shown["room"] and shown["top"] == pytest.approx(4, abs=1), (start_at, shown)
            assert shown["shown"] == pytest.approx(shown["room"] - 4, abs=1), (start_at, shown)
            assert page.evaluate(DOT_ABOVE_DOCK, "P1"), "the panel's dot is beside its name, at its top, in sight"
        y = page.evaluate("scrollY")
        page.evaluate("window.__rulesbookPlay.board.showPlace('P1')")
        next_frame(page)
        assert page.evaluate("scrollY") == y
        assert page.seen["errors"] == [], page.seen


@pytest.mark.parametrize("path, viewport", [(MADNESS, DESKTOP), (HUDAI, PHONE)], ids=["madness-1280x800", "hudai-390x844"])
def test_play_again_from_the_keyboard_shows_the_new_game(browser_context, site_url, path, viewport):
    """Audit h69 (8, related): Play again pressed from the keyboard, the keyboard went to the new
    game's board, which showed its cursor, and the new game's status line ("Seed N. You are …")
    was off the top of the screen (y -118 at 1280x800, -199 on a phone). It is in sight, the
    keyboard on the board; where it was in sight already, nothing moves."""
    seed, choices, _ = WON[path]
    with opened(browser_context, site_url, path, viewport=viewport) as page:
        for kept in (False, True):
            start(page, path, seed, **choices)
            robot(page, 3000)
            assert page.get_attribute(".rb-play", "data-play-ready") == "over"
            next_frame(page)
            if kept:  # the status line in sight, Play again just below it
                page.evaluate("document.querySelector('.rb-play-status').scrollIntoView({ block: 'start' })")
                next_frame(page)
                y = page.evaluate("scrollY")
            page.focus("[data-play=again]")
            page.keyboard.press("Enter")
            # The new game begun (its seed told; "Setting up…" comes first), then settled.
            page.wait_for_function("""seed => { const status = document.querySelector('.rb-play-status').textContent;
              return /^Seed \\d+\\. /.test(status) && !status.startsWith(`Seed ${seed}. `); }""", arg=seed)
            settled(page, -1)
            next_frame(page)
            next_frame(page)
            status = page.evaluate("document.querySelector('.rb-play-status').getBoundingClientRect().toJSON()")
            assert page.evaluate(IN_SIGHT, ".rb-play-status"), (kept, status)
            assert page.evaluate("document.activeElement.matches('.rb-play .rb-picture')"), (kept, page.evaluate("document.activeElement.outerHTML.slice(0, 80)"))
            if kept:
                assert page.evaluate("scrollY") == y, (y, page.evaluate("scrollY"))
        assert page.seen["errors"] == [], page.seen


@pytest.mark.parametrize("path", [INFERNO, HUDAI, MADNESS])
def test_start_leaves_the_new_games_status_in_sight_on_a_phone(browser_context, site_url, path):
    """Audit (carried since h69): on a 390 px phone, Start a new game pressed with Enter (Tab to it)
    left Madness's status line ("Seed 7. You are P1…", the first thing to read) 87 px above the
    screen's top: the board, focused from the keyboard, brought its cursor low on the map into
    sight after the page had shown the status line. From the keyboard and from a pointer, in each
    game, the status line is in sight once the new game is drawn, the keyboard on its board."""
    submit = ".rb-play-setup button[type=submit]"
    with opened(browser_context, site_url, path) as page:
        for seed, how in (("7", "keyboard"), ("8", "pointer")):
            page.evaluate("scrollTo(0, 0)")
            page.fill("input[name=seed]", seed)
            if how == "keyboard":
                page.focus(submit)
                page.keyboard.press("Enter")
            else:
                page.click(submit)
            page.wait_for_function("seed => document.querySelector('.rb-play-status').textContent.startsWith(`Seed ${seed}. `)", arg=seed)
            settled(page, -1)
            next_frame(page)
            next_frame(page)
            status = page.evaluate("document.querySelector('.rb-play-status').getBoundingClientRect().toJSON()")
            assert page.evaluate(IN_SIGHT, ".rb-play-status"), (how, status)
            assert page.evaluate("document.activeElement.matches('.rb-play .rb-picture')"), how
        assert page.seen["errors"] == [], page.seen


#: Which Undo and Hint buttons a reader sees on the screen: the dock's ("dock undo") and the board's
#: tools row's ("board undo"), each shown (drawn and not visibility: hidden) and wholly on the screen.
TOOLS_SEEN = """() => [...document.querySelectorAll('.rb-play [data-dock-tool], .rb-play .rb-tools [data-tool]')].filter((b) => {
  const box = b.getBoundingClientRect();
  return box.height && getComputedStyle(b).visibility === 'visible' && box.top >= 0 && box.bottom <= innerHeight;
}).map((b) => b.dataset.dockTool ? `dock ${b.dataset.dockTool}` : `board ${b.dataset.tool}`).filter((name) => !name.endsWith('reset'))"""


def tools_seen(page) -> list[str]:
    """TOOLS_SEEN once the page has drawn two frames (the browser tells its intersection observers
    as it draws)."""
    next_frame(page)
    next_frame(page)
    return page.evaluate(TOOLS_SEEN)


def test_the_docks_undo_and_hint_step_aside_while_the_boards_own_are_in_sight(browser_context, site_url):
    """Carried audit finding (phone): the dock's compact Undo and Hint and the board's tools row
    after the dock were both on the screen once the page was scrolled down to that row: two of
    each. While the board's row is in sight the dock's pair steps aside, its room kept (the dock
    keeps its height: nothing under the reader's scroll moves); scrolled back up, it is there
    again. A dock's tool focused (a tap focuses it) when it steps aside hands the focus to the
    board's same tool, never to the page; the tab order keeps one Undo and one Hint."""
    with opened(browser_context, site_url, INFERNO) as page:
        seed, choices = GAMES[INFERNO]
        start(page, INFERNO, seed, **choices)
        robot(page, 2)
        dock = ".rb-play .rb-dock"
        page.evaluate("document.querySelector('.rb-play .rb-picture').scrollIntoView({ block: 'end' })")
        assert tools_seen(page) == ["dock undo", "dock hint"]
        height = page.evaluate(f"document.querySelector('{dock}').getBoundingClientRect().height")
        page.focus(".rb-play [data-dock-tool=undo]")  # as a tap leaves it
        page.evaluate("document.querySelector('.rb-play .rb-tools').scrollIntoView({ block: 'center' })")
        assert tools_seen(page) == ["board undo", "board hint"]
        assert page.evaluate("document.activeElement.matches('.rb-play .rb-tools [data-tool=undo]')"), page.evaluate("document.activeElement.outerHTML.slice(0, 80)")
        assert page.evaluate(f"document.querySelector('{dock}').getBoundingClientRect().height") == height
        page.evaluate("document.querySelector('.rb-play .rb-picture').scrollIntoView({ block: 'end' })")
        assert tools_seen(page) == ["dock undo", "dock hint"]
        tab_stops = page.evaluate("""() => [...document.querySelectorAll('.rb-play button')]
          .filter((b) => b.tabIndex >= 0 && !b.closest('[aria-hidden=true]') && /^(Undo|Hint)$/.test(b.textContent)).map((b) => b.textContent)""")
        assert sorted(tab_stops) == ["Hint", "Undo"]
        assert page.seen["errors"] == [], page.seen
