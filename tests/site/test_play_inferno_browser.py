"""A robot plays a whole seeded game of Mountain of Inferno on the Play page in Chromium, for 2, 3
and 4 players, from the reader's seat against the bots (issue 23).

The page runs the engine in Pyodide in a Web Worker. The robot asks the page's hint for its move
(a bot's, through the worker) and makes it with the reader's own clicks: a hand card or a button,
then a place on the Mountain or a button below it. Along the way: a refused click names its rule
and links the chapter that teaches it, an undo takes back the reader's last action and the bots'
replies (kept in the move log: one press plays them again), a reload brings the game back as it
was. At the end the downloaded record is played by `rulesbook replay` (CPython), whose final state
is the page's. The page passes axe-core, says
nothing in the console, fits a 390 px phone, and plays with no network at all.

Run as a script (inside `unshare -n`), it is the offline check: serve, open, start, make one move.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from play_browser import axe_clean, downloaded, game_in_sight, opened, record, robot, settled, shown_message  # noqa: E402
from site_browser import SITE, report_offline, rule_ids_not_whole, run_offline, small_targets  # noqa: E402

PAGE = "book/play/inferno.html"
#: Short games (random bots and random hints; the Chinese edition's 2-player game has 2 rounds).
GAMES = {
    2: {"seed": "3", "edition": "zh", "seats": ["you", "random"]},
    3: {"seed": "2", "edition": "zh", "seats": ["you", "random", "random"]},
    4: {"seed": "2", "edition": "en", "seats": ["you", "random", "random", "random"]},
}

def start(page, players: int, game: dict) -> int:
    page.select_option("select[name=players]", str(players))
    for index, who in enumerate(game["seats"]):
        page.locator("select[name=seats]").nth(index).select_option(who)
    page.select_option("select[name=edition]", game["edition"])
    page.select_option("select[name=hint_bot]", "random")
    page.fill("input[name=seed]", game["seed"])
    page.click(".rb-play-setup button[type=submit]")  # the status says "Setting up the table" at once
    page.wait_for_function("seed => document.querySelector('.rb-play-status').textContent.startsWith(`Seed ${seed}. `)", arg=game["seed"])
    # The new game comes into sight from its status line, the keyboard on its board: on a phone it
    # began below the fold, and the tap seemed to do nothing (then the header hid its first line).
    game_in_sight(page)
    top = page.evaluate("document.querySelector('.rb-play-game').getBoundingClientRect().top")
    assert 0 <= top < page.viewport_size["height"] / 2, top
    return settled(page, -1)


@pytest.fixture(scope="module")
def play_page(browser_context, site_url):
    """The Play page, Python started once for every game of this file (a reload restarts it)."""
    with opened(browser_context, site_url, PAGE) as page:
        yield page


def first_moves(page, book: str = "book", hinted: str = "The random bot would play ") -> tuple[str, str]:
    """The first reader's moment (a pawn to place): a refused click names its rule and links its
    chapter (in the page's `book`); a hint (its words begin `hinted`); the page on a phone; axe-core.
    What the refused click said, and the line that links its rule's chapter."""
    # The moment's one choice is chosen already, its places marked: the hand holds no card yet.
    assert page.get_attribute("[data-choice=pawn]", "aria-pressed") == "true" and page.locator(".rb-picture .rb-target").count()
    taken = page.evaluate("""() => [...document.querySelectorAll('.rb-picture [data-place]')].map(e => e.dataset.place)
      .find(place => place.includes(',') && !document.querySelector(`.rb-picture [data-place='${place}']`).classList.contains('rb-target'))""")
    page.click(f".rb-picture [data-place='{taken}']")
    message, linked = shown_message(page), page.inner_text(".rb-play-rule")
    assert rule_ids_not_whole(page, ".rb-play") == {"loose": [], "broken": []}, "the refusal keeps its rule's id whole"
    if "MOI-R" in message:
        href = page.locator(".rb-play-rule a[data-rule]").get_attribute("href")
        assert href.startswith("../inferno/") and (SITE / book / "inferno" / href.removeprefix("../inferno/")).is_file()
    page.click("[data-tool=hint]")
    page.wait_for_function("hinted => document.querySelector('.rb-message').textContent.startsWith(hinted)", arg=hinted)
    # The hint names the button, not the notation ("pawn 1,1"), and makes its move ready: the
    # button pressed, the place marked and named.
    hint = page.inner_text(".rb-message")
    place = page.evaluate("() => document.querySelector('.rb-picture .rb-cursor').dataset.place")
    assert page.get_attribute("[data-choice=pawn]", "aria-pressed") == "true" and f"pawn {place}" not in hint, hint
    assert re.search(r"\u201cPlace your pawn\u201d.*Ready: click [A-Z]{2}[+-]\d at \(-?\d+, -?\d+\), marked on the board\.$"
                     r"|\u300c放唐僧標記\u300d.*準備好了：點盤面上標出的.+。$", hint), hint
    assert page.evaluate("document.scrollingElement.scrollWidth <= window.innerWidth + 1")
    assert small_targets(page, ".rb-play") == []
    axe_clean(page)
    return message, linked


@pytest.mark.parametrize("players", sorted(GAMES))
def test_a_robot_plays_a_whole_inferno_game_on_the_play_page(play_page, tmp_path, players):
    page = play_page
    game = GAMES[players]
    moves = start(page, players, game)
    if players == 2:
        message, _ = first_moves(page)
        assert message.endswith(")") and "MOI-R" in message or "rulebook" in message, message
    undone = reloaded = False
    for _ in range(400):
        if page.get_attribute(".rb-play", "data-play-ready") == "over":
            break
        before = moves
        moves = robot(page, 1 if not (undone and reloaded) else 500)
        actions = len(record(page)["record"]["actions"])
        if not undone and moves - before > 1:
            # Undo takes back the reader's last action and the bots' replies after it; they stay
            # in the move log, each described by its sentence (who moved), and one press plays
            # them all again. Each entry's sentence shows under its notation (a phone has no
            # tooltip) and names its button for a screen reader, first, the notation after it.
            logs = page.evaluate("window.__rulesbookPlay.history().map(([, log]) => log)")
            page.click("[data-tool=undo]")
            page.wait_for_function("n => window.__rulesbookPlay.history().length - 1 === n", arg=before)
            assert len(record(page)["record"]["actions"]) == before < actions
            # What the screen reader's status line told ("Your turn…") is past: it is not left there.
            page.wait_for_function("() => document.querySelector('.rb-play-aside').textContent === ''")
            ahead = page.locator(".rb-log-ahead .rb-log-entry")
            assert ahead.all_text_contents() == logs[before + 1:]
            said = page.locator(".rb-log-ahead .rb-log-said").all_text_contents()
            assert len(said) == ahead.count() and all(re.match(r"(Red|Yellow|Blue|Black) ", words) for words in said), said
            named = ahead.evaluate_all("entries => entries.map((entry) => entry.getAttribute('aria-label'))")
            assert named == [f"{words} \u2014 {log}, taken back: press to play it again" for words, log in zip(said, logs[before + 1:])], named
            assert page.locator(".rb-log-ahead .rb-log-said").first.is_visible()
            ahead.last.click()
            page.wait_for_function("n => window.__rulesbookPlay.history().length - 1 === n", arg=moves)
            assert len(record(page)["record"]["actions"]) == actions and ahead.count() == 0
            assert page.inner_text(".rb-message") == said[-1]
            undone = True
        elif undone and not reloaded and page.locator(".rb-named").count():
            # A button below the Mountain (end step I, stay...) is drawn: axe once; then a reload
            # (in one game: a reload costs a start of Python).
            if players == 4:
                axe_clean(page)
                logs = page.evaluate("window.__rulesbookPlay.history().map(([, log]) => log)")
                page.reload()
                moves = settled(page, -1)
                assert page.evaluate("window.__rulesbookPlay.history().map(([, log]) => log)") == logs
                game_in_sight(page)  # not far below it, where the browser's own scroll restoration left it
            reloaded = True
    assert undone and reloaded
    assert page.get_attribute(".rb-play", "data-play-ready") == "over"
    ending = page.inner_text(".rb-play-end-words")
    assert " with " in ending and "totals:" in ending and "Round 1 " in ending and page.is_visible("[data-play=again]")

    data, said = downloaded(page, tmp_path / "inferno.json")
    assert "the game is over" in said
    assert data.players == players and data.bots == game["seats"]
    final = data.final_state()
    # The board shows the reader's hand (seat 0) and only it.
    here = page.evaluate("(p => { const l = p.model.get('lesson'); return l.nodes[p.here()]; })(window.__rulesbookPlay)")
    assert len(here["hand"]) == len(final.hands[0])
    assert [code for code, _ in here["hand"]] == [card.code for card in final.hands[0]]
    # The whole game's log scrolls in its own box, its last entry in sight (its start, when it is
    # taller than the box) and its number not cut off.
    log = page.evaluate("""() => {
      const list = document.querySelector('.rb-play .rb-log'), box = list.getBoundingClientRect();
      const last = list.querySelector('[aria-current]').parentElement.getBoundingClientRect();
      const shown = Math.min(last.bottom, box.bottom) - Math.max(last.top, box.top);
      return {scrolls: list.scrollHeight > list.clientHeight, top: last.top - box.top, height: last.height, box: box.height,
              inSight: last.top >= box.top - 1 && shown >= Math.min(last.height, box.height) - 1,
              room: parseFloat(getComputedStyle(list).paddingLeft) / parseFloat(getComputedStyle(list).fontSize)};
    }""")
    assert log["scrolls"] and log["inSight"] and log["room"] >= 3, log
    if players == 2:  # "Play again", pressed from the keyboard: the new game's board has the focus
        page.focus("[data-play=again]")
        page.keyboard.press("Enter")
        page.wait_for_selector(".rb-play[data-play-ready=reader][data-play-moves='0']", state="attached")
        assert page.is_hidden(".rb-play-end") and focused(page) == ".rb-picture"
    timings = sorted(page.evaluate("window.__rulesbookPlay.timings.moves || []"))
    print(f"{players} players: {len(timings)} worker answers, p50 {timings[len(timings) // 2]:.0f} ms, "
          f"p95 {timings[int(len(timings) * 0.95)]:.0f} ms")
    assert page.seen == {"errors": [], "outside": []}


def test_hot_seat_covers_the_board_between_two_readers(play_page):
    """Two readers on one screen: before each one's decision the board is hidden until they ask."""
    page = play_page
    page.select_option("select[name=players]", "2")
    page.locator("select[name=seats]").nth(0).select_option("you")
    page.locator("select[name=seats]").nth(1).select_option("you")
    page.fill("input[name=seed]", "5")
    page.click(".rb-play-setup button[type=submit]")
    settled(page, -1)
    for turn, seat in enumerate(("Red", "Yellow", "Red")):
        page.wait_for_selector(f".rb-play[data-play-covered={seat}]", state="attached")
        assert page.is_hidden(".rb-play-board") and page.inner_text(".rb-play-cover").startswith(f"Pass the device to {seat}")
        # The board the focus was on is hidden (or, as the game begins, the focus was on Start a new
        # game): the focus is on the cover's button, then back on the board.
        assert focused(page) == "[data-play-show]"
        page.keyboard.press("Enter")
        assert focused(page) == ".rb-picture"
        assert page.is_visible(".rb-play-board") and page.get_attribute(".rb-play", "data-play-covered") is None
        assert page.locator(".rb-label").first.text_content() == f"Your hand ({seat})"
        if not page.locator("[data-choice=pawn]").count():
            break  # both pawns placed: Red plays, with Red's hand shown only now
        assert page.get_attribute("[data-choice=pawn]", "aria-pressed") == "true"  # the one choice, chosen
        place = page.locator(".rb-picture .rb-target").first.get_attribute("data-place")
        moves = page.evaluate("window.__rulesbookPlay.history().length - 1")
        page.click(f".rb-picture [data-place='{place}']")
        settled(page, moves)
    page.click("[data-play=setup]")  # the set-up again, from its first field
    assert page.evaluate("document.activeElement === document.querySelector('.rb-play-setup select[name=players]')")
    assert page.seen == {"errors": [], "outside": []}


def focused(page) -> str:
    """Where the focus is: the selector of the Play page's part that holds it, or the element's tag."""
    return page.evaluate("""() => ['[data-play-show]', '[data-play=again]', '.rb-picture']
        .find((selector) => document.activeElement.matches(selector)) || document.activeElement.tagName""")


def play_offline(page: object, url: str) -> dict[str, object]:
    page.goto(f"{url}{PAGE}?pace=0")
    page.wait_for_selector(".rb-play[data-play-ready=setup]", state="attached", timeout=120_000)
    page.select_option("select[name=players]", "2")
    page.click(".rb-play-setup button[type=submit]")
    page.wait_for_selector(".rb-play[data-play-ready=reader]", state="attached", timeout=60_000)
    page.wait_for_selector("[data-choice=pawn][aria-pressed=true]", state="attached")  # the one choice, chosen
    place = page.locator(".rb-picture .rb-target").first.get_attribute("data-place")
    page.click(f".rb-picture [data-place='{place}']")
    page.wait_for_function("() => window.__rulesbookPlay.history().length >= 2", timeout=60_000)
    return {"message": page.locator(".rb-message").text_content()}


def test_the_inferno_play_page_plays_with_no_network_at_all():
    """Server and browser inside `unshare -n`: the engine starts and answers a move."""
    report = run_offline(PAGE, Path(__file__))
    assert "places a pawn at" in report["message"]  # the engine's words, from Python in the page
    assert report["outside"] == [] and report["failed"] == [] and report["errors"] == []


if __name__ == "__main__":
    sys.exit(report_offline(play_offline))


def test_a_reload_while_the_bots_reply_keeps_the_readers_move(browser_context, site_url):
    """The game was kept at the reader's moments only: a reload (or a phone closing the tab) while
    the bots' replies to the reader's move were still being shown, one every `pace` ms, brought the
    game back to before that move, saying "Your game is back as you left it". The move is kept."""
    page = browser_context.new_page()
    try:
        page.goto(f"{site_url}{PAGE}?pace=5000")  # the bots' moves shown slowly: the reload comes between them
        page.evaluate("localStorage.clear()")
        page.reload()
        page.wait_for_selector(".rb-play[data-play-ready=setup]", state="attached", timeout=120_000)
        page.fill("input[name=seed]", "2")
        page.click(".rb-play-setup button[type=submit]")
        settled(page, -1)
        place = page.evaluate("() => document.querySelector('.rb-picture .rb-target').dataset.place")
        page.click(f".rb-picture [data-place='{place}']")  # a pawn placed: the bots place theirs
        page.wait_for_function("() => window.__rulesbookPlay.root.dataset.playReady === 'demon'")
        played = page.evaluate("window.__rulesbookPlay.history().map(([, log]) => log)")
        assert len(played) == 2 and played[1].startswith("pawn "), played
        for _ in range(50):  # the page keeps the game once the worker has written its record: a moment
            if page.evaluate("() => ((JSON.parse(localStorage.getItem('rulesbook.play.inferno')) || {}).record || {actions: []}).actions.length"):
                break
            page.wait_for_timeout(100)
        page.reload()
        page.wait_for_function("""() => { const p = window.__rulesbookPlay;
          return p && p.up && p.model && Number(p.root.dataset.playMoves) === p.history().length - 1; }""", timeout=120_000)
        assert page.evaluate("window.__rulesbookPlay.history().map(([, log]) => log)")[:2] == played
    finally:
        page.evaluate("localStorage.clear()")
        page.close()
