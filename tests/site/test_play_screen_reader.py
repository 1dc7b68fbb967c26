"""What a screen reader is told on the Play pages, and what a phone shows of them (the screen-reader
and the learner audits of December 2026, widgets/play_page.js and play.css).

A screen reader hears a live region's every change: the board's message line (`.rb-message`,
polite) and the page's own status line for it (`.rb-play-aside`). The tests record each change with
whether the message line was live then (its aria-live), as a screen reader would hear it:

- the bots' (or the demon's) moves play quietly, one after another, shown but not told; when the
  reader's turn comes back, one announcement tells them all, then "Your turn" (a burst of 5 to 10
  polite sentences in a few seconds was lost or queued for a minute); they have no tick, the
  reader's own moves have;
- a new game, and Play again, tell the first decision; the end tells what the last move did, then
  the result, once, and where Play again is; a card pressed after the end says the game is over;
  the move that ends a game lost has no tick, and the hand is offered no more;
- a refusal that the page links to its rule's chapter says where that link is;
- Undo says what it took back and what is to decide now (it said the same sentence every time);
- Hudai's demon goes on by itself: the page does not ask to press Go on;
- the Sand Timer's text changes once a second, not four times;
- a hint made ready from the keyboard says to press Enter (a click is for the mouse);
- on a phone the board's sticky dock leaves most of the screen to the table, after turns of play;
- on a phone, in Madness's timed Encounter, what the table said and the time left are in the dock
  (a copy for the eye: a screen reader has the decision line, and hears no countdown);
- the move that ends a game the reader's side won has a tick;
- a set-up refused shows its words on a phone's screen, not below it;
- what the reader must act on next is in sight (the phone and keyboard audit h69): on a phone, the
  dock's cards and buttons when the turn comes, a tapped card's first place, the end of a game
  played; with the keyboard on the board, its cursor when the turn comes back.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from play_browser import IN_SIGHT, ROBOT, node, opened, play_hint, robot, settled, shown_message  # noqa: E402
from site_browser import PHONE, next_frame  # noqa: E402
from test_site_rule_links import MESSAGE_IDS, NO_LINK_THERE, assert_linked  # noqa: E402

INFERNO, HUDAI, MADNESS = "book/play/inferno.html", "book/play/hudai.html", "book/play/madness.html"

#: Every change of the message line and of the page's status line for a screen reader, from now
#: on (window.__said): where, its text, and whether the line was live (polite) when it changed.
LISTEN = """() => {
  window.__said = [];
  if (window.__listening) return;
  window.__listening = true;
  const watch = (selector, where) => {
    const element = document.querySelector(selector);
    new MutationObserver(() => window.__said.push({ where, text: element.textContent, live: element.getAttribute('aria-live') || 'polite',
                                                    tone: element.getAttribute('data-tone') }))
      .observe(element, { childList: true, characterData: true, subtree: true });
  };
  watch('.rb-play .rb-message', 'message');
  watch('.rb-play-aside', 'aside');
}"""


def start(page, path: str, seed: str, **choices: str) -> int:
    """A new game of the page's form with `seed` and the `choices` (select name -> value); the moves."""
    page.wait_for_selector(".rb-play-setup button[type=submit]:not([disabled])", state="attached", timeout=120_000)
    for name, value in choices.items():
        if name == "seats":
            for index, seat in enumerate(value.split(",")):
                page.locator("select[name=seats]").nth(index).select_option(seat)
        else:
            page.select_option(f"select[name={name}]", value)
    page.fill("input[name=seed]", seed)
    page.click(".rb-play-setup button[type=submit]")
    begun = f"種子 {seed}。" if path.startswith("zh-TW/") else f"Seed {seed}. "
    page.wait_for_function("begun => document.querySelector('.rb-play-status').textContent.startsWith(begun)", arg=begun)
    return settled(page, -1)


def aside(page) -> str:
    """What the page's status line for a screen reader says once its last words are written."""
    page.wait_for_timeout(120)  # tell() empties it, then writes its words 50 ms later
    return page.inner_text(".rb-play-aside")


def said(page, where: str = "message", live: bool = True) -> list[str]:
    """The texts a line took since LISTEN, those while it was live (or while it was not)."""
    return [entry["text"] for entry in page.evaluate("window.__said")
            if entry["where"] == where and entry["text"] and (entry["live"] != "off") == live]


GAMES = {
    INFERNO: ("5", {"players": "2", "seats": "you,greedy", "hint_bot": "random"}),
    HUDAI: ("35", {"hint_bot": "random"}),
    MADNESS: ("19", {"players": "4", "seats": "you,random,random,random", "hint_bot": "random"}),
}


def timed_encounter(page) -> int:
    """The page's Madness game (GAMES) played with the hints until the Sand Timer runs; the moves."""
    seed, choices = GAMES[MADNESS]
    moves = start(page, MADNESS, seed, **choices)
    for _ in range(30):
        if page.is_visible(".rb-play-sand"):
            return moves
        moves = play_hint(page, moves)
    pytest.fail("no Encounter timed")


@pytest.mark.parametrize("path", [INFERNO, HUDAI, MADNESS])
def test_the_bots_moves_are_told_once_when_the_turn_comes_back(browser_context, site_url, path):
    """SR H1 (and L8 on Hudai): the moves nobody decides are shown, not told one by one."""
    with opened(browser_context, site_url, path) as page:
        seed, choices = GAMES[path]
        moves = start(page, path, seed, **choices)
        page.evaluate(LISTEN)
        for _ in range(60):
            page.evaluate("window.__said = []")
            before = moves
            moves = play_hint(page, moves)
            if moves > before + 1 and page.get_attribute(".rb-play", "data-play-ready") == "reader":
                break
        else:
            pytest.fail("the bots never played a turn")
        story = page.locator(".rb-play-story li").all_inner_texts()
        assert len(story) == moves - before - 1, story
        # Each of the bots' moves was shown on the message line, none while it was live.
        quiet, told = said(page, live=False), said(page)
        assert [text for text in told if text in story] == [], told
        assert set(story) <= set(quiet), (story, quiet)
        # Shown as news, without the tick of a move well chosen (the demon's blow had one); the
        # reader's own move before them has it.
        tones = {entry["text"]: entry["tone"] for entry in page.evaluate("window.__said") if entry["where"] == "message"}
        assert {tones[text] for text in story} == {"info"}, tones
        assert "ok" in {tone for text, tone in tones.items() if text not in story}, tones
        # Told once, when the turn came back: the moves as the list below the board has them, then the turn.
        decision = page.inner_text(".rb-play .rb-decision")
        assert aside(page) == " ".join([*story, f"Your turn. {decision}"])
        assert not any("press Go on" in text for text in told), told  # Hudai's demon goes on by itself
        # The reader's next action is told again on the message line.
        page.click("[data-tool=hint]")
        page.wait_for_function("() => /marked on the board\\.$|press Enter/.test(document.querySelector('.rb-message').textContent)")
        assert said(page)[-1] == page.inner_text(".rb-message")


def test_undo_says_what_it_took_back_and_what_is_to_decide(browser_context, site_url):
    """SR M5: Undo names the reader's action taken back, the moves after it, and the decision now."""
    with opened(browser_context, site_url, INFERNO) as page:
        seed, choices = GAMES[INFERNO]
        moves = start(page, INFERNO, seed, **choices)
        for _ in range(60):
            before = moves
            moves = robot(page, 1)
            if moves > before + 1 and before > 0:  # a bots' turn after the reader's second action at least
                break
        bots = moves - before - 1
        mine = page.evaluate("at => (p => p.board.said(p.history()[at], p.history()[at + 1]))(window.__rulesbookPlay)", before)
        page.click("[data-tool=undo]")
        page.wait_for_function("n => window.__rulesbookPlay.history().length - 1 === n", arg=before)
        first = page.inner_text(".rb-message")
        decision = page.inner_text(".rb-play .rb-decision")
        after = "the move after it" if bots == 1 else f"the {bots} moves after it"
        assert mine and first.startswith(f"Undone: \u201c{mine.rstrip('.')}\u201d, and {after}. {decision}"), (first, mine)
        page.click("[data-tool=undo]")
        page.wait_for_function("n => window.__rulesbookPlay.history().length - 1 < n", arg=before)
        second = page.inner_text(".rb-message")
        assert second.startswith("Undone: \u201c") and second != first, second


def test_a_new_game_the_end_and_play_again_are_told(browser_context, site_url):
    """SR M3: the first decision of a new game; SR L4: the end, its result and where Play again
    is; a card pressed after the end says the game is over."""
    with opened(browser_context, site_url, HUDAI) as page:
        seed, choices = GAMES[HUDAI]
        start(page, HUDAI, seed, **choices)
        decision = page.inner_text(".rb-play .rb-decision")
        assert decision and aside(page) == f"Your turn. {decision}"
        robot(page, 500)
        assert page.get_attribute(".rb-play", "data-play-ready") == "over"
        ending = page.inner_text(".rb-play-end-words")
        assert ending and aside(page).endswith(f"{ending} Play again is just above the board, after these words."), aside(page)
        page.locator(".rb-play [data-hand]").first.click(force=True)  # offered no more (aria-disabled), it still answers
        assert page.inner_text(".rb-message") == node(page)["idle"] == "The game is over. Undo, or click an entry of the move log, to look back."
        page.click("[data-play=again]")
        page.wait_for_function("() => window.__rulesbookPlay.root.dataset.playReady === 'reader' && window.__rulesbookPlay.history().length === 1")
        decision = page.inner_text(".rb-play .rb-decision")
        assert aside(page) == f"Your turn. {decision}"


def test_the_sand_timer_is_written_once_a_second(browser_context, site_url):
    """SR L10: the countdown (role=timer) changes when its seconds do, not four times a second."""
    with opened(browser_context, site_url, MADNESS) as page:
        page.goto(f"{site_url}{MADNESS}?pace=0&sand=30")
        timed_encounter(page)
        page.evaluate("""() => {
          const sand = document.querySelector('.rb-play-sand');
          window.__sand = [];
          new MutationObserver(() => window.__sand.push(sand.textContent)).observe(sand, { childList: true, characterData: true, subtree: true });
        }""")
        page.wait_for_timeout(2100)
        written = page.evaluate("window.__sand")
        assert 1 <= len(written) <= 3 and len(set(written)) == len(written), written


def test_a_hint_from_the_keyboard_says_press_enter(browser_context, site_url):
    """SR M7 (the page's part): a hint asked from the keyboard says to press Enter on the board,
    where the focus goes; asked with a click, to click the marked place."""
    with opened(browser_context, site_url, INFERNO) as page:
        seed, choices = GAMES[INFERNO]
        start(page, INFERNO, seed, **choices)
        page.focus("[data-tool=hint]")
        page.keyboard.press("Enter")
        page.wait_for_function("() => /^The random bot would /.test(document.querySelector('.rb-message').textContent)")
        place = page.evaluate("document.querySelector('.rb-picture .rb-cursor').dataset.place")
        message = page.inner_text(".rb-message")
        assert re.search(r" Ready: press Enter to play it at .+\.$", message), message
        assert page.evaluate("document.activeElement.classList.contains('rb-picture')")
        page.keyboard.press("Escape")
        page.click("[data-tool=hint]")
        page.wait_for_function("() => /marked on the board\\.$/.test(document.querySelector('.rb-message').textContent)")
        assert re.search(r" Ready: click .+, marked on the board\.$", page.inner_text(".rb-message")), place


#: The board's sticky dock's share of the screen, where it sticks (0 where it does not).
DOCK_SHARE = """() => {
  const dock = document.querySelector('.rb-play .rb-dock');
  return getComputedStyle(dock).position === 'sticky' ? dock.getBoundingClientRect().height / innerHeight : 0;
}"""


@pytest.mark.parametrize("path", [INFERNO, HUDAI, MADNESS])
def test_the_dock_leaves_most_of_a_phone_screen_to_the_table(browser_context, site_url, path):
    """Learner 1 and 2: after five turns on a 390x844 phone, the sticky dock (the message and the
    choices) is at most 45 % of the screen; the move log is not in its sticky part."""
    with opened(browser_context, site_url, path) as page:
        seed, choices = GAMES[path]
        moves = start(page, path, seed, **choices)
        turns = 0
        for _ in range(80):
            before = moves
            moves = robot(page, 1)
            turns += moves > before + 1
            if turns == 5 or page.get_attribute(".rb-play", "data-play-ready") == "over":
                break
        assert page.viewport_size == PHONE
        page.focus(".rb-picture")
        page.evaluate("window.__rulesbookPlay.board.showPlace(window.__rulesbookPlay.board.cursor)")
        share = page.evaluate(DOCK_SHARE)
        assert 0 < share <= 0.45, f"the dock covers {share:.0%} of a phone's screen"
        # A long message (Madness's talk, a refusal with its rule: 700 characters) with the hand: still at most 45 %.
        page.evaluate("window.__rulesbookPlay.board.settle('P2 said Books 3, Books 5, Tools 3 and Weapons 5. '.repeat(14), 'info')")
        share = page.evaluate(DOCK_SHARE)
        assert 0 < share <= 0.45, f"with a long message the dock covers {share:.0%} of a phone's screen"
        assert page.evaluate("!document.querySelector('.rb-play .rb-dock').contains(document.querySelector('.rb-play .rb-log'))")
        # The message begins in sight, at the top of the dock (which scrolls within).
        top, dock = page.evaluate("[document.querySelector('.rb-play .rb-message'), document.querySelector('.rb-play .rb-dock')].map((e) => e.getBoundingClientRect().top)")
        assert dock - 1 <= top < PHONE["height"] - 40, (top, dock)


def test_a_refused_set_up_is_said_in_sight_on_a_phone(browser_context, site_url):
    """Learner 4 (the page's part): the refusal's words come into sight on a phone, the field at
    fault still marked and focused."""
    with opened(browser_context, site_url, HUDAI) as page:
        page.wait_for_selector(".rb-play-setup button[type=submit]:not([disabled])", state="attached", timeout=120_000)
        page.locator("select[name=powers]").nth(1).select_option("drain")
        page.click(".rb-play-setup button[type=submit]")
        page.wait_for_function("() => document.querySelector('.rb-play-status').dataset.tone === 'no'", timeout=120_000)
        assert page.get_attribute("select[name=powers] >> nth=1", "aria-invalid") == "true"  # the Centre tile, the second Drain
        page.wait_for_function(IN_SIGHT, arg=".rb-play-status")
        # in the form's words, without the field's path ("setup.powers[1]: ... drain (drop) is given twice")
        assert page.text_content(".rb-play-status") == ("Centre tile: Drain is the left tile already; the demon's three tiles "
                                                        "are different (HUD-R12: the box has one tile of each symbol)")


#: How each page's game (GAMES) ends: lost by the reader's side (Red, the monk, the expedition).
LOST = {
    INFERNO: r"^Yellow wins with \d+",
    HUDAI: r"^The monk has lost in ",
    MADNESS: r"^The expedition is lost |, and you lost: ",
}


@pytest.mark.parametrize("path", [INFERNO, HUDAI, MADNESS])
def test_a_lost_game_ends_with_no_tick_and_the_hand_offered_no_more(browser_context, site_url, path):
    """Learner 8 and SR L4: the move that ended a lost game was shown in the "ok" tone with a tick
    ("\u2713 \u2026 the monk falls to the dark side and loses"), and the hand's buttons were still
    offered. The ending move is in the neutral tone; the hand's, the buttons' and the actors'
    buttons are aria-disabled, and a press on one says the game is over, with no error."""
    with opened(browser_context, site_url, path) as page:
        seed, choices = GAMES[path]
        start(page, path, seed, **choices)
        robot(page, 3000)
        assert page.get_attribute(".rb-play", "data-play-ready") == "over"
        assert re.search(LOST[path], page.inner_text(".rb-play-end-words")), page.inner_text(".rb-play-end-words")
        message = page.locator(".rb-play .rb-message")
        assert message.get_attribute("data-tone") == "info", message.get_attribute("data-tone")
        assert "\u2713" not in message.evaluate("m => getComputedStyle(m, '::before').content")
        buttons = page.locator(".rb-play .rb-hand button, .rb-play .rb-actors button")
        offered = buttons.evaluate_all("all => all.filter((b) => b.getClientRects().length && b.getAttribute('aria-disabled') !== 'true').map((b) => b.textContent)")
        assert offered == [], offered
        if buttons.count():
            buttons.first.click(force=True)
            expect_idle = node(page)["idle"]
            assert page.inner_text(".rb-message") == expect_idle
        assert page.seen["errors"] == [], page.seen


def test_a_refusal_linked_to_its_chapter_says_where_the_link_is(browser_context, site_url):
    """SR L7: "Why not: the chapter on MOI-R19 explains it." came after the board, unannounced. The
    refusal's spoken words end by saying that the link follows the board (shown as before: the
    words a screen reader is told are off the screen); a refusal with no such link says nothing
    more, and the link's own words are unchanged."""
    with opened(browser_context, site_url, INFERNO) as page:
        seed, choices = GAMES[INFERNO]
        start(page, INFERNO, seed, **choices)
        page.evaluate(LISTEN)
        page.locator(".rb-play .rb-picture [data-place]:not(.rb-target)").first.click()
        link = page.locator(".rb-play-rule")
        assert link.is_visible() and link.inner_text() == "Why not: the chapter on MOI-R19 explains it."
        refusal = page.evaluate("m => [...m.childNodes].filter((n) => !(n.classList && n.classList.contains('rb-said-mark'))).map((n) => n.textContent).join('')",
                                page.locator(".rb-play .rb-message").element_handle())
        assert refusal.endswith("(MOI-R19)"), refusal
        note = "The chapter on MOI-R19 explains why: its link follows the board."
        assert page.locator(".rb-play .rb-message").text_content() == f"{refusal} {note}"
        assert said(page)[-1] == f"{refusal} {note}"
        # A move made: no link, nothing more said.
        page.locator(".rb-play .rb-picture [data-place].rb-target").first.click()
        page.wait_for_function("() => document.querySelector('.rb-play-rule').hidden")
        assert "link follows" not in page.locator(".rb-play .rb-message").text_content()


#: The Undo and Hint a reader can press from the dock: [words, wholly on the screen] of each shown.
DOCK_TOOLS = """() => [...document.querySelectorAll('.rb-play .rb-dock button')].filter((b) => /^(Undo|Hint)$/.test(b.textContent) && b.getClientRects().length)
  .map((b) => { const box = b.getBoundingClientRect(); return [b.textContent, box.top >= 0 && box.bottom <= innerHeight && box.height >= 24]; })"""
#: The page's tab stops by their words (a button's name): those named Undo or Hint.
TAB_STOPS = """() => [...document.querySelectorAll('.rb-play button, .rb-play [tabindex]')]
  .filter((b) => b.tabIndex >= 0 && b.getClientRects().length && !b.closest('[aria-hidden=true]') && /^(Undo|Hint)$/.test(b.textContent)).map((b) => b.textContent)"""


def test_undo_and_hint_are_within_reach_of_the_dock_on_a_phone(browser_context, site_url):
    """Learner (phone): Undo and Hint were in the tools row after the dock, off the screen while the
    reader played from the sticky dock. On a phone the dock holds a compact Undo and Hint (at its
    foot, in sight whatever the message's length), which act as the tools do; the dock stays at
    most 40 % of the screen; a screen reader and the keyboard still find one Undo and one Hint
    (the copy is for the thumb: out of the tab order and the accessibility tree), and on a desktop
    the copy is not drawn at all."""
    with opened(browser_context, site_url, INFERNO) as page:
        seed, choices = GAMES[INFERNO]
        moves = start(page, INFERNO, seed, **choices)
        for _ in range(3):
            moves = robot(page, 1)
        page.focus(".rb-picture")
        page.evaluate("window.__rulesbookPlay.board.showPlace(window.__rulesbookPlay.board.cursor)")
        assert page.evaluate(DOCK_TOOLS) == [["Undo", True], ["Hint", True]]
        assert 0 < page.evaluate(DOCK_SHARE) <= 0.40
        page.evaluate("window.__rulesbookPlay.board.settle('P2 said Books 3, Books 5, Tools 3 and Weapons 5. '.repeat(14), 'info')")
        assert page.evaluate(DOCK_TOOLS) == [["Undo", True], ["Hint", True]]
        assert 0 < page.evaluate(DOCK_SHARE) <= 0.40
        assert sorted(page.evaluate(TAB_STOPS)) == ["Hint", "Undo"]
        assert page.evaluate("() => new Set([...document.querySelectorAll('[id]')].map((e) => e.id)).size === document.querySelectorAll('[id]').length")
        # The dock's Hint makes the hint's move ready, as the tools' Hint does; its Undo takes back.
        page.locator(".rb-play .rb-dock button", has_text="Hint").click()
        page.wait_for_function("() => /marked on the board\\.$/.test(document.querySelector('.rb-message').textContent)")
        page.locator(".rb-play .rb-dock button", has_text="Undo").click()
        page.wait_for_function("n => window.__rulesbookPlay.history().length - 1 < n", arg=moves)
        assert page.inner_text(".rb-message").startswith("Undone")
        assert page.seen["errors"] == [], page.seen
        # A desktop: no copy drawn, and the tools where they were.
        page.set_viewport_size({"width": 1100, "height": 900})
        assert page.evaluate(DOCK_TOOLS) == []
        assert sorted(page.evaluate(TAB_STOPS)) == ["Hint", "Undo"]


#: The dock's elements, shown, whose own text is `words` (the deepest such), each as [top, bottom,
#: hidden from a screen reader]; and the dock's box where it sticks.
IN_THE_DOCK = """words => {
  const dock = document.querySelector('.rb-play .rb-dock');
  const found = [...dock.querySelectorAll('*')].filter((e) => e.textContent.trim() === words.trim() && e.getClientRects().length
    && ![...e.children].some((c) => c.textContent.trim() === words.trim()));
  const box = dock.getBoundingClientRect();
  return { found: found.map((e) => { const b = e.getBoundingClientRect(); return [b.top, b.bottom, Boolean(e.closest('[aria-hidden=true]'))]; }),
           dock: [box.top, box.bottom] };
}"""


def test_the_encounters_talk_and_time_left_are_in_the_dock_on_a_phone(browser_context, site_url):
    """Learner 2 (phone, Madness): in the real-time Encounter the bots' talk (MAD-P18) was only in
    the decision line at the board's top, and the Sand Timer's countdown above the board: both far
    off the screen while the reader played from the dock. On a phone the dock shows the talk as the
    engine says it in the decision, beginning in the dock's sight, and the time left at its foot;
    the dock stays at most 40 % of the screen. Both are copies for the eye (aria-hidden): the
    countdown is not live, and its copy changes once a second. The Sand Timer's switch turned off,
    the time left goes; a desktop draws neither copy."""
    with opened(browser_context, site_url, MADNESS) as page:
        page.goto(f"{site_url}{MADNESS}?pace=0&sand=60")
        timed_encounter(page)
        page.focus(".rb-picture")
        page.evaluate("window.__rulesbookPlay.board.showPlace(window.__rulesbookPlay.board.cursor)")
        decision, said = page.text_content(".rb-play .rb-decision"), node(page)["view"]["talk"]
        assert re.match(r"P\d (says|said) ", said) and said in decision, (said, decision)  # the engine's words, the decision's part
        talk = page.evaluate(IN_THE_DOCK, said)
        assert len(talk["found"]) == 1, talk
        top, bottom, hidden = talk["found"][0]
        dock_top, dock_bottom = talk["dock"]
        assert hidden and dock_top <= top < dock_bottom - 40, talk  # begins in sight, in the dock
        countdown = page.text_content(".rb-play-sand")
        assert re.fullmatch(r"Sand Timer: \d+ s left", countdown), countdown
        # The time left as the countdown says it (read together: the second may change between two reads).
        left = page.evaluate(f"() => ({IN_THE_DOCK})(document.querySelector('.rb-play-sand').textContent)")
        assert len(left["found"]) == 1, left
        top, bottom, hidden = left["found"][0]
        assert hidden and 0 <= top and bottom <= PHONE["height"], left
        assert 0 < page.evaluate(DOCK_SHARE) <= 0.40
        # The countdown itself is not live, and no copy of it is: one change a second, heard by no one.
        assert page.get_attribute(".rb-play-sand", "aria-live") is None
        page.evaluate("""() => {
          window.__dockSand = [];
          const dock = document.querySelector('.rb-play .rb-dock');
          new MutationObserver((changes) => { for (const change of changes) {
            const element = change.target.nodeType === 1 ? change.target : change.target.parentElement;
            if (/ s left$/.test(element.textContent)) window.__dockSand.push([element.textContent, Boolean(element.closest('[aria-hidden=true]'))]);
          } }).observe(dock, { childList: true, characterData: true, subtree: true });
        }""")
        page.wait_for_timeout(2100)
        written = page.evaluate("window.__dockSand")
        assert 1 <= len(written) <= 3 and all(hidden for _, hidden in written), written
        # The switch off: no time left in the dock; the talk stays (the Encounter goes on).
        page.uncheck("[data-play-sand]")
        assert page.evaluate(IN_THE_DOCK, countdown)["found"] == []
        assert not page.evaluate("() => [...document.querySelectorAll('.rb-play .rb-dock *')].some((e) => / s left$/.test(e.textContent) && e.getClientRects().length)")
        assert len(page.evaluate(IN_THE_DOCK, said)["found"]) == 1
        # A desktop: the decision line is in sight above the board, and the dock has no copy.
        page.set_viewport_size({"width": 1100, "height": 900})
        assert page.evaluate(IN_THE_DOCK, said)["found"] == []
        assert page.seen["errors"] == [], page.seen


#: Games the reader's side wins with the hint's moves: the monk, the expedition.
WON = {
    HUDAI: ("2", {"hint_bot": "heuristic"}, r"^The monk has won in "),
    MADNESS: ("11", {"players": "3", "seats": "you,expedition,expedition", "hint_bot": "expedition"}, r", and you won: "),
}


@pytest.mark.parametrize("path", [HUDAI, MADNESS])
def test_a_won_game_ends_with_a_tick(browser_context, site_url, path):
    """The move that ends a game the reader's side won is said as a success, in the "ok" tone with
    its tick (the engine's `meta.won`); a lost game's stays neutral (the test above)."""
    with opened(browser_context, site_url, path) as page:
        seed, choices, ending = WON[path]
        start(page, path, seed, **choices)
        robot(page, 3000)
        assert page.get_attribute(".rb-play", "data-play-ready") == "over"
        assert re.search(ending, page.inner_text(".rb-play-end-words")), page.inner_text(".rb-play-end-words")
        message = page.locator(".rb-play .rb-message")
        assert message.get_attribute("data-tone") == "ok", (message.get_attribute("data-tone"), message.inner_text())
        assert "\u2713" in message.evaluate("m => getComputedStyle(m, '::before').content")
        offered = page.locator(".rb-play .rb-hand button, .rb-play .rb-actors button").evaluate_all(
            "all => all.filter((b) => b.getClientRects().length && b.getAttribute('aria-disabled') !== 'true').map((b) => b.textContent)")
        assert offered == [], offered
        assert page.seen["errors"] == [], page.seen


INFERNO_ZH = "zh-TW/book/play/inferno.html"
#: Endings of each game, the page telling them whoever made the last move: a bot's (GAMES: Inferno's
#: last round ended by a complete cross, Madness's expedition lost) or the reader's own (WON: Hudai's
#: demon beaten; the zh-TW page's, its last round ended by the draw pile run out, MOI-R10); each with
#: the page, the seed and the form's choices, and where the last move's result begins in its words
#: (what the move did comes before it). Every game's other endings are parted alike in Python
#: (tests/lessons/test_play_last_move.py); the page's telling is one for all.
ENDINGS = {
    "inferno-cross": (INFERNO, *GAMES[INFERNO], r" Round \d+ ends: a complete cross"),
    "inferno-zh-tw": (INFERNO_ZH, "1", {"players": "2", "seats": "you,greedy", "hint_bot": "random"}, r"第\d+回合結束：卡牌堆"),
    "madness-lost": (MADNESS, *GAMES[MADNESS], r" The last Leadership token went back to the box\."),
    "hudai-won": (HUDAI, *WON[HUDAI][:2], r" The demon has no health cubes left"),
}
#: A game whose draw pile runs out (MOI-R10), its last move a bot's.
PILE_RUN_OUT = (INFERNO, "4", GAMES[INFERNO][1], r" Round \d+ ends: the draw pile ran out")


@pytest.mark.parametrize("path, seed, choices, result", ENDINGS.values(), ids=ENDINGS.keys())
def test_the_end_of_a_game_is_told_once_after_what_the_last_move_did(browser_context, site_url, path, seed, choices, result):
    """Carried audit finding: Madness's last turn was told twice. The move that ends a game says
    its result ("… you won (MAD-R03). The result, in the pack's own words (MAD-P13): A celebrated
    return: …"; Inferno's "… yellow wins with 56. Scoring: Red +3: the row …") and the ending,
    told after it, says it again in full: a screen reader heard the same sentences twice, in the
    status line's one announcement (the bots' last moves, then the ending) or on the message line
    and then the status line (the reader's own last move). Stop 74 told the ending alone, and a
    screen reader never heard what the last move was (the card laid, who did what). The status
    line tells what the last move did, its words before its result, then the ending, which tells
    the result once; the move's whole words are shown on the message line, and the list below the
    board keeps a bot's."""
    with opened(browser_context, site_url, path) as page:
        start(page, path, seed, **choices)
        page.evaluate(LISTEN)
        robot(page, 3000)
        assert page.get_attribute(".rb-play", "data-play-ready") == "over"
        ending = page.inner_text(".rb-play-end-words")
        last, auto = page.evaluate("(p => { const h = p.history(); return [p.board.said(h[h.length - 2], h[h.length - 1]), Boolean(p.meta.auto[h[h.length - 2][0]])]; })(window.__rulesbookPlay)")
        begins = re.search(result, last)
        assert begins and begins.start() > 0, (result, last)
        did, told_result = last[: begins.start()].strip(), last[begins.start():].strip()
        zh = path.startswith("zh-TW/")
        again = "「再玩一局」就在盤面上方，這段話之後。" if zh else "Play again is just above the board, after these words."
        assert ending and aside(page).endswith(("" if zh else " ").join([did, ending, again])), (did, aside(page))
        told = said(page) + said(page, "aside")
        assert sum(text.count(ending) for text in told) == 1, told[-3:]
        assert [text for text in told if told_result in text] == [], (told_result, told[-3:])
        assert shown_message(page) == last
        assert (last in page.locator(".rb-play-story li").all_inner_texts()) == auto
        assert page.seen["errors"] == [], page.seen


def test_the_end_come_back_to_tells_the_last_move_and_a_game_back_at_its_end_its_ending_alone(browser_context, site_url):
    """What endsQuietly keeps besides: the end come to again by the move log (Undo, then its last
    entry taken back) is told as by play, the last move by what it did then the ending, the message
    line (the move's whole words) quiet; a game back at its end after a reload tells its ending
    alone, and the message line that it is back."""
    path, seed, choices, result = PILE_RUN_OUT
    again = "Play again is just above the board, after these words."
    with opened(browser_context, site_url, path) as page:
        start(page, path, seed, **choices)
        robot(page, 3000)
        ending = page.inner_text(".rb-play-end-words")
        last = shown_message(page)
        did = last[: re.search(result, last).start()].strip()
        page.click("[data-tool=undo]")
        page.wait_for_function("() => window.__rulesbookPlay.root.dataset.playReady === 'reader'")
        page.evaluate(LISTEN)
        page.locator(".rb-log-ahead button").last.click()
        page.wait_for_function("() => window.__rulesbookPlay.root.dataset.playReady === 'over'")
        assert aside(page) == f"{did} {ending} {again}"
        assert said(page) == [] and said(page, live=False) == [last], page.evaluate("window.__said")
        page.reload()
        page.wait_for_function("() => window.__rulesbookPlay && window.__rulesbookPlay.root.dataset.playReady === 'over'", timeout=120_000)
        assert aside(page) == f"{ending} {again}"
        assert page.inner_text(".rb-message") == "Your game is back as you left it."
        assert page.get_attribute(".rb-message", "aria-live") == "polite"
        assert page.seen["errors"] == [], page.seen


#: The cards and buttons the reader may press in the dock, the first and the buttons (those that
#: move the game on: "Call time", "deal") wholly in sight, within the dock, above its compact tools
#: row and the screen's foot (the element at the middle is itself): [] when they are, else which.
CHOICES_HIDDEN = """() => {
  const dock = document.querySelector('.rb-play .rb-dock');
  const offered = [...dock.querySelectorAll('[data-hand], [data-choice]')]
    .filter((b) => b.getAttribute('aria-disabled') !== 'true' && b.getClientRects().length);
  const top = dock.getBoundingClientRect().top;
  const bottom = Math.min(dock.querySelector('.rb-play-dock-tools').getBoundingClientRect().top, innerHeight);
  return offered.filter((b, index) => index === 0 || b.dataset.choice).filter((b) => {
    const box = b.getBoundingClientRect(), hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return !(box.top >= top - 1 && box.bottom <= bottom + 1 && hit && b.contains(hit));
  }).map((b) => [b.dataset.choice || `h${b.dataset.hand}`, Math.round(b.getBoundingClientRect().bottom), Math.round(bottom)]);
}"""


def test_the_first_choice_is_in_the_docks_sight_when_the_turn_comes_on_a_phone(browser_context, site_url):
    """Audit h69 finding 1 (phone, Madness, seed 7): the dock, capped at 40 % of the screen, opened
    on its message and the Encounter's talk, the one button that moves the game on ("deal", "Call
    time") or the hand below its compact Undo/Hint row, or below the screen. The reader's turn come,
    the dock is scrolled so that the first card and the buttons are in sight; the page moves only
    where the dock's own foot was below the screen (the dock stuck at its board's top)."""
    with opened(browser_context, site_url, MADNESS) as page:
        moves = start(page, MADNESS, "7")
        hidden = []
        y = page.evaluate("scrollY")
        for _ in range(8):
            next_frame(page)
            where = page.evaluate(CHOICES_HIDDEN)
            if where:
                hidden.append((moves, where))
            # The dock scrolled; the page only as far as the dock's own foot was below the screen.
            dock = page.evaluate("document.querySelector('.rb-play .rb-dock').getBoundingClientRect().bottom")
            assert page.evaluate("scrollY") == y or abs(dock - PHONE["height"]) < 1, (moves, y, page.evaluate("scrollY"), dock)
            y = page.evaluate("scrollY")
            moves = page.evaluate(ROBOT, 1)  # drawn: the dock is measured as the reader sees it
            assert page.get_attribute(".rb-play", "data-play-ready") == "reader"
        assert hidden == [], hidden
        assert page.seen["errors"] == [], page.seen


#: The board's cursor, its place, and whether it is wholly in sight (IN_SIGHT, and within the
#: picture's own scroll box sideways).
CURSOR_IN_SIGHT = f"""() => {{
  const place = document.querySelector('.rb-play .rb-picture .rb-cursor');
  const area = document.querySelector('.rb-play .rb-picture').getBoundingClientRect(), box = place.getBoundingClientRect();
  return [place.dataset.place, ({IN_SIGHT})('.rb-play .rb-picture .rb-cursor') && box.left >= area.left - 1 && box.right <= area.right + 1];
}}"""


def test_a_tapped_cards_first_place_comes_into_sight(browser_context, site_url):
    """Audit h69 finding 2 (phone, Hudai): a card tapped, the message says its places are "each
    marked with a dot", and the first was under the dock or off the screen. Tapped (a pointer), the
    first legal place comes into sight; on a desktop, a mouse's click on a card whose place is in
    sight moves nothing (the page must not jump under the mouse)."""
    with opened(browser_context, site_url, HUDAI) as page:
        seed, choices = GAMES[HUDAI]
        start(page, HUDAI, seed, **choices)
        click = page.evaluate("(p => p.ask({type: 'hint', node: p.here()}))(window.__rulesbookPlay)")["click"]
        card = f".rb-play [data-hand='{click['choice'].split('+')[0][1:]}']"
        press = f"document.querySelector(\"{card}\").dispatchEvent(new MouseEvent('click', {{ bubbles: true }}))"
        page.evaluate(press)  # no pointer (detail 0): the cursor goes to the first place, nothing scrolls
        place = page.evaluate(CURSOR_IN_SIGHT)[0]
        page.evaluate(press)  # put back
        # The place just under the sticky dock, as after a turn of play.
        page.evaluate("""p => {
          const box = document.querySelector(`.rb-play .rb-picture [data-place='${p}']`).getBoundingClientRect();
          scrollBy(0, box.top - (innerHeight - box.height / 2 - 20));
        }""", place)
        assert page.evaluate(CURSOR_IN_SIGHT)[1] is False or page.evaluate(f"() => ({IN_SIGHT})(\".rb-play .rb-picture [data-place='{place}']\")") is False
        page.click(card)
        next_frame(page)
        assert page.evaluate(CURSOR_IN_SIGHT) == [place, True]
        page.click(card)  # put back
        # A desktop: the place in sight, a mouse's click moves nothing.
        page.set_viewport_size({"width": 1280, "height": 800})
        page.evaluate("p => document.querySelector(`.rb-play .rb-picture [data-place='${p}']`).scrollIntoView({ block: 'center' })", place)
        next_frame(page)
        # What the board scrolls itself (showPlace: window.scrollBy); a mouse's click (detail 1)
        # dispatched, as Playwright's click would first scroll the card into view.
        page.evaluate("() => { window.__scrolled = 0; const by = window.scrollBy.bind(window); window.scrollBy = (...a) => { window.__scrolled += 1; by(...a); }; }")
        page.evaluate(press.replace("bubbles: true", "bubbles: true, detail: 1"))
        next_frame(page)
        assert page.evaluate(CURSOR_IN_SIGHT) == [place, True]
        assert page.evaluate("window.__scrolled") == 0
        assert page.seen["errors"] == [], page.seen


def test_the_end_of_a_game_played_is_in_sight_on_a_phone(browser_context, site_url):
    """Audit h69 finding 8 (phone): a game ended by play, the end's words and Play again, above the
    board, were out of sight (the screen stayed on the board and its dock). They come into sight."""
    with opened(browser_context, site_url, MADNESS) as page:
        seed, choices, _ = WON[MADNESS]
        start(page, MADNESS, seed, **choices)
        robot(page, 3000)
        assert page.get_attribute(".rb-play", "data-play-ready") == "over"
        page.locator(".rb-play [data-dock-tool=undo]").click()  # back before the last move, then played again
        page.wait_for_function("() => window.__rulesbookPlay.root.dataset.playReady === 'reader'")
        click = page.evaluate("(p => p.ask({type: 'hint', node: p.here()}))(window.__rulesbookPlay)")["click"]
        page.evaluate("p => document.querySelector(`.rb-play .rb-picture [data-place='${p}']`).scrollIntoView({ block: 'center' })", click["place"])
        page.evaluate(ROBOT, 1)
        assert page.get_attribute(".rb-play", "data-play-ready") == "over"
        next_frame(page)
        assert page.evaluate(f"() => ({IN_SIGHT})('.rb-play-end')")
        assert page.seen["errors"] == [], page.seen


def test_the_keyboards_cursor_is_in_sight_when_the_turn_comes_back(browser_context, site_url):
    """Audit h69 finding 4 (keyboard, Madness, 1280x800, seed 7): a move made on the board with
    Enter, the keyboard stays there while the bots move; their moves redrew the picture (a panel
    grew) and, the turn back, the cursor's place was below the screen, where Enter acts unseen.
    The turn come back to a board the keyboard is on, its cursor is in sight."""
    with opened(browser_context, site_url, MADNESS, viewport={"width": 1280, "height": 800}) as page:
        moves = start(page, MADNESS, "7")
        moves = robot(page, 23)
        click = page.evaluate("(p => p.ask({type: 'hint', node: p.here()}))(window.__rulesbookPlay)")["click"]
        assert click["choice"] == "reveal", click  # the seed's game as the audit played it
        page.focus(".rb-play [data-choice=reveal]")
        page.keyboard.press("Enter")
        for _ in range(20):
            if page.evaluate("document.activeElement.matches('.rb-play .rb-picture')"):
                break
            page.keyboard.press("Shift+Tab")
        for _ in range(20):
            if page.evaluate("() => document.querySelector('.rb-play .rb-picture .rb-cursor').dataset.place") == click["place"]:
                break
            page.keyboard.press("PageDown")
        page.keyboard.press("Enter")
        moves = settled(page, moves)
        next_frame(page)
        assert page.evaluate("document.activeElement.matches('.rb-play .rb-picture:focus-visible')")
        assert page.evaluate(IN_SIGHT, ".rb-play .rb-picture .rb-cursor"), page.evaluate(
            "() => { const c = document.querySelector('.rb-play .rb-picture .rb-cursor'); return [c.dataset.place, c.getBoundingClientRect().toJSON()]; }")
        assert page.seen["errors"] == [], page.seen


# --- A rule id in a Play page's message links to its row (the audit h69, findings 6 and 7) ------

#: An element of the dock wholly on the screen and within the dock's own visible box (it scrolls within).
IN_THE_DOCKS_SIGHT = """selector => {
  const box = document.querySelector(selector).getBoundingClientRect();
  const dock = document.querySelector('.rb-play .rb-dock').getBoundingClientRect();
  return box.height > 0 && box.top >= Math.max(0, dock.top) - 1 && box.bottom <= Math.min(innerHeight, dock.bottom) + 1;
}"""


def begin(page, seed: str) -> None:
    """A new game with `seed` and the form's other choices as they are (any language)."""
    page.wait_for_selector(".rb-play-setup button[type=submit]:not([disabled])", state="attached", timeout=120_000)
    page.fill("input[name=seed]", seed)
    page.click(".rb-play-setup button[type=submit]")
    settled(page, -1)


@pytest.mark.parametrize("path, seed, click, rule", [
    (HUDAI, "35", '.rb-play [data-choice="end"]', "HUD-P15"),  # "End the combo: it goes to the discard pile (HUD-P15)…"
    ("zh-TW/book/play/inferno.html", "5", ".rb-play .rb-picture [data-place]:not(.rb-target)", "MOI-R19"),  # a refusal
])
def test_a_rule_id_in_a_play_pages_message_links_to_its_row(browser_context, site_url, path, seed, click, rule):
    """Audit h69 (6): "(HUD-R04)" in a Play page's message had nothing to click, where a chapter's
    ids link to their rows. The id the message cites links to its row on the reference page of the
    page's own book (zh-TW: its Inferno reference), the row there; the words are the board's; the
    dock's aria-hidden copies, the buttons and the picture hold no link."""
    with opened(browser_context, site_url, path) as page:
        begin(page, seed)
        page.locator(click).first.click(force=True)
        page.wait_for_function("rule => document.querySelector('.rb-play .rb-message').textContent.includes(rule)", arg=rule)
        found = page.evaluate(MESSAGE_IDS, ".rb-play")
        assert [words for words, *_ in found] == [rule], found
        assert_linked(found, f"../{'hudai' if rule.startswith('HUD') else 'inferno'}/reference.html")
        assert found[0][3].startswith(site_url + ("zh-TW/" if path.startswith("zh-TW") else "book/"))
        assert shown_message(page) == page.evaluate("window.__rulesbookPlay.model.get('message')")
        assert page.evaluate(NO_LINK_THERE, ".rb-play .rb-board")["links"] == []


def test_a_refusals_chapter_is_linked_in_the_dock_on_a_phone(browser_context, site_url):
    """Audit h69 (7): on a phone a refusal's "Why not: the chapter on Action explains it." was some
    1,000 px below the dock, and only a screen reader was told it was there. The words the refusal
    cites ("(Action)", a section: no id to link to its row) are a link to that chapter in the
    message itself, in the dock and in sight; the link after the board stays as it was."""
    with opened(browser_context, site_url, MADNESS) as page:
        seed, choices = GAMES[MADNESS]
        start(page, MADNESS, seed, **choices)
        page.locator(".rb-play [data-hand]").first.click()
        page.wait_for_function("() => !document.querySelector('.rb-play-rule').hidden")
        after = page.locator(".rb-play-rule a")
        assert page.locator(".rb-play-rule").inner_text() == "Why not: the chapter on Action explains it."
        cited = page.locator(".rb-play .rb-dock .rb-message a[data-rule]")
        assert cited.count() == 1 and cited.inner_text() == "Action"
        assert cited.get_attribute("href") == after.get_attribute("href")
        assert shown_message(page).endswith("(Action)")
        assert shown_message(page) == page.evaluate("window.__rulesbookPlay.model.get('message')")
        next_frame(page)
        page.wait_for_function(IN_THE_DOCKS_SIGHT, arg=".rb-play .rb-message a[data-rule]")
        assert page.evaluate(NO_LINK_THERE, ".rb-play .rb-board")["links"] == []
