"""A robot plays a whole seeded game of Hudai Pass on the Play page in Chromium (issue 23).

The page runs the engine in Pyodide in a Web Worker; the robot reads the page data the board
holds, asks the page's hint for the move (a bot's, through the worker) and makes it with the
reader's own clicks: a hand card or a button, then a place. Along the way: a refused click names
its rule, an undo takes back the monk's last action, a reload brings the game back as it was.
At the end the downloaded record is played by `rulesbook replay` (CPython), whose final state is
the page's: the same digest, the same table. And the page plays with no network at all.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from rulesbook.hudai.cards import parse_card_file, reconstructed_cards
from rulesbook.lessons.hudai.table import table_view
from play_browser import axe_clean, choose, downloaded, node, opened, play_hint, record, robot, settled
from site_browser import rule_ids_not_whole, run_offline, small_targets, watch

PAGE = "book/play/hudai.html"
#: A short game (the random bot's hints lose it in 5 turns, 26 monk actions): the robot's budget.
SEED, HINTS = 35, "random"


@pytest.fixture
def play_page(browser_context, site_url):
    """The Play page on a phone, with no saved game."""
    with opened(browser_context, site_url, PAGE) as page:
        yield page


def test_a_robot_plays_a_whole_hudai_game_on_the_play_page(play_page, tmp_path):
    page = play_page
    page.wait_for_selector(".rb-play[data-play-ready=setup]", state="attached", timeout=120_000)
    page.fill("input[name=seed]", str(SEED))
    page.select_option("select[name=hint_bot]", HINTS)
    page.click(".rb-play-setup button[type=submit]")
    moves = settled(page, -1)
    assert moves == 0
    # The table is described by whose turn and what to decide, its keys, and a count of the rest,
    # which D says (the turn, the monk's panel: what no click acts on).
    expect(page.locator(".rb-picture")).to_have_accessible_description(
        re.compile(r"^Step 1, the combo: play a card from your hand Arrow keys move between places, .* "
                   r"Press D to hear the rest of the picture \(\d+ more\)\.$"))
    page.locator(".rb-picture").press("d")
    expect(page.locator(".rb-message")).to_have_text(re.compile(r"^Demon, turn 1; Monk; Health 12/12; Corruption 0/12; .*Mind River"))

    # A refused click says why, with the rule; nothing moves.
    first = next(key for key in node(page)["choices"] if key.startswith("h"))
    choose(page, first)
    page.click(".rb-picture [data-place='demon']")
    assert page.inner_text(".rb-message").endswith("(Play one combo)")
    page.locator(f"[data-hand='{first[1:]}']").click()  # put the card back
    # The hint is a bot's move, worded by the engine (asked of the worker).
    page.click("[data-tool=hint]")
    page.wait_for_function("() => document.querySelector('.rb-message').textContent.startsWith('The random bot would choose ')")
    # The page in play, its message showing: nothing serious for axe-core.
    axe_clean(page)
    assert small_targets(page, ".rb-play") == []  # on the phone the page is opened on

    undone = reloaded = False
    for _ in range(200):
        if page.get_attribute(".rb-play", "data-play-ready") == "over":
            break
        before = moves
        if undone and reloaded:  # the rest of the game, made in the page
            moves = robot(page, 500)
            continue
        moves = play_hint(page, moves)
        actions = len(record(page)["record"]["actions"])
        if not undone and actions == 3:
            # Undo takes back the monk's last action (and the demon's steps after it, if any).
            page.click("[data-tool=undo]")
            page.wait_for_function("n => window.__rulesbookPlay.history().length - 1 < n", arg=moves)
            assert len(record(page)["record"]["actions"]) == 2
            moves = page.evaluate("window.__rulesbookPlay.history().length - 1")
            assert moves < before + 1
            undone = True
        elif not reloaded and moves - before > 2:
            # The demon has played a turn: a reload brings the game back as it was, with the moves
            # an Undo took back waiting in grey in the move log, as they waited before.
            logs = page.evaluate("window.__rulesbookPlay.history().map(([, log]) => log)")
            page.click("[data-tool=undo]")
            page.wait_for_function("n => window.__rulesbookPlay.history().length < n", arg=len(logs))
            kept = page.evaluate("window.__rulesbookPlay.history().map(([, log]) => log)")
            assert kept == logs[:len(kept)] and page.locator(".rb-log-ahead .rb-log-entry").all_text_contents() == logs[len(kept):]
            page.reload()
            settled(page, -1)
            assert page.evaluate("window.__rulesbookPlay.history().map(([, log]) => log)") == kept
            ahead = page.locator(".rb-log-ahead .rb-log-entry")
            assert ahead.all_text_contents() == logs[len(kept):]
            ahead.last.click()  # one press plays them all again
            page.wait_for_function("n => window.__rulesbookPlay.history().length === n", arg=len(logs))
            assert page.evaluate("window.__rulesbookPlay.history().map(([, log]) => log)") == logs and ahead.count() == 0
            moves = len(logs) - 1
            reloaded = True
    assert undone and reloaded
    assert page.get_attribute(".rb-play", "data-play-ready") == "over"
    ending = page.inner_text(".rb-play-end-words")
    assert ending.startswith("The monk has lost in 5 turns") and page.is_visible("[data-play=again]")

    path = tmp_path / "hudai.json"
    played, said = downloaded(page, path)
    assert f"seed {SEED}" in said and "the game is over: the monk lost (ending: health)" in said
    final = played.final_state()
    assert node(page)["view"] == json.loads(json.dumps(table_view(final)))

    # A record loaded back: half of this one is set out again, at the monk's decision where it stops.
    data = json.loads(path.read_text())
    half = tmp_path / "half.json"
    half.write_text(json.dumps({**data, "actions": data["actions"][:10]}))
    page.set_input_files("[data-play-load]", str(half))
    page.wait_for_function("() => window.__rulesbookPlay.root.dataset.playReady === 'reader'", timeout=30_000)
    assert page.inner_text(".rb-message").startswith("half.json is played back to its last move")
    assert record(page)["record"]["actions"] == data["actions"][:10]
    assert page.seen == {"errors": [], "outside": []}


def test_the_play_page_plays_with_no_network_at_all():
    """Server and browser inside `unshare -n`: the engine starts and answers a move (play_offline_check.py)."""
    report = run_offline(PAGE, Path(__file__).with_name("play_offline_check.py"))
    assert report["message"].startswith("The combo (no card) ends")  # the engine's words, from Python in the page
    assert report["outside"] == [] and report["failed"] == [] and report["errors"] == []


def own_card_file() -> str:
    """A teacher's card file (HUD-R01): the reconstructed set with the white cards' symbols turned
    one place on, as tests/lessons/test_play.py plays it through the server."""
    lines = reconstructed_cards().to_csv().splitlines()
    white = [line for line in lines if line.startswith("white,")]
    symbols = [line.split(",")[1] for line in white]
    turned = [f"white,{symbol},{line.split(',')[2]},start" for line, symbol in zip(white, symbols[1:] + symbols[:1])]
    return "\n".join([lines[0], "# my class's white cards", *turned, *lines[1 + len(white):]]) + "\n"


#: With this card file, the random bot's hints lose in a few turns (18 monk actions).
OWN_SEED = 35


def test_a_game_is_set_up_from_a_card_file_the_reader_uploads(play_page, tmp_path):
    page = play_page
    page.wait_for_selector(".rb-play[data-play-ready=setup]", state="attached", timeout=120_000)
    page.fill("input[name=seed]", str(OWN_SEED))
    page.select_option("select[name=hint_bot]", HINTS)
    # A broken file is refused with its line, as a refusal is shown; nothing starts.
    broken = tmp_path / "broken.csv"
    broken.write_text(own_card_file().replace("green,cog,5,mind", "green,cog,9,mind"))
    page.set_input_files("[data-card-file]", str(broken))
    assert page.input_value("select[name=cards]") == "file"  # choosing a file chooses the set
    page.click(".rb-play-setup button[type=submit]")
    page.wait_for_function("() => document.querySelector('.rb-play-status').dataset.tone === 'no'")
    assert page.inner_text(".rb-play-status") == "broken.csv, line 13, field 'value': 9 is outside 1-6"  # its field marked: no path
    # The field it names is marked for a screen reader, described by the status line, and focused.
    cards = page.locator("select[name=cards]")
    assert cards.get_attribute("aria-invalid") == "true" and cards.evaluate("field => field === document.activeElement")
    assert page.evaluate("document.getElementById(document.querySelector('select[name=cards]').getAttribute('aria-describedby')).className") == "rb-play-status"
    assert page.get_attribute(".rb-play", "data-play-ready") == "setup" and page.is_hidden(".rb-play-game")

    mine = tmp_path / "my-class.csv"
    mine.write_text(own_card_file())
    page.set_input_files("[data-card-file]", str(mine))
    page.click(".rb-play-setup button[type=submit]")
    moves = settled(page, -1)
    assert moves == 0 and page.inner_text(".rb-play-status").startswith(f"Seed {OWN_SEED}.")
    assert cards.get_attribute("aria-invalid") is None  # the game started: the mark is gone
    for _ in range(60):
        if page.get_attribute(".rb-play", "data-play-ready") == "over":
            break
        moves = play_hint(page, moves)
    assert page.get_attribute(".rb-play", "data-play-ready") == "over"
    assert page.inner_text(".rb-play-end-words").startswith("The monk has lost")
    # The record embeds the set: `rulesbook replay` plays it to the page's state with no file.
    played, said = downloaded(page, tmp_path / "own.json")
    assert played.rules.cards == parse_card_file(own_card_file()) != reconstructed_cards()
    assert json.loads((tmp_path / "own.json").read_text())["rules"]["cards"]["source"] == "my-class.csv"
    assert len(played.actions) == 18 and "the game is over" in said
    assert page.seen == {"errors": [], "outside": []}


def test_a_page_whose_python_does_not_load_says_why_in_a_sentence(browser_context, site_url):
    """A publisher's audit: a site built with LITE=0, or a server that sends .mjs with another type,
    has no Python for the page; the reader got the browser's own error inside the sentence. The
    sentence names both causes; the browser's words go to the console, for the publisher."""
    page = browser_context.new_page()
    page.seen = watch(page)
    page.route("**/pyodide.mjs", lambda route: route.fulfill(status=404, body="gone"))
    page.add_init_script("localStorage.removeItem('rulesbook.play.hudai')")
    try:
        page.goto(f"{site_url}{PAGE}?pace=0")
        page.wait_for_function("document.querySelector('.rb-play-status').textContent.startsWith('The engine could not start')",
                               timeout=60_000)
        assert page.inner_text(".rb-play-status") == (
            "The engine could not start: this page's Python did not load. A site built without its live part (make book LITE=0) "
            "has none, and its server must send .mjs files as JavaScript and .wasm files as application/wasm; the browser's "
            "console says what failed.")
        assert [line for line in page.seen["errors"] if "the engine could not start" in line and "pyodide.mjs" in line], page.seen
    finally:
        page.close()


def test_an_engine_fault_is_said_in_a_sentence_and_its_traceback_goes_to_the_console(browser_context, site_url):
    """Defence in depth: an error the engine does not answer as a refusal (none is known; here the
    worker is made to fail on a hint) is said in a sentence, which a reader can act on; its
    traceback goes to the console, for whoever looks into it, never onto the page."""
    page = browser_context.new_page()
    page.seen = watch(page)

    def failing(route):
        body = route.fetch().text()
        handled = "reply = JSON.parse(server.handle(JSON.stringify(message)));"
        assert handled in body
        fault = 'if (message.type === "hint") throw new Error("Traceback (most recent call last):\\nKeyError: \'s999\'");'
        route.fulfill(body=body.replace(handled, fault + handled), content_type="text/javascript")

    page.route("**/play_worker.js", failing)
    page.add_init_script("localStorage.removeItem('rulesbook.play.hudai')")
    try:
        page.goto(f"{site_url}{PAGE}?pace=0")
        page.wait_for_selector(".rb-play[data-play-ready=setup]", state="attached", timeout=120_000)
        page.click(".rb-play-setup button[type=submit]")
        settled(page, -1)
        page.click("[data-tool=hint]")
        expect(page.locator(".rb-message")).to_have_text(
            "The engine could not answer that (the browser's console says why): undo, or start a new game.")
        assert "KeyError" not in page.inner_text("body") and "Traceback" not in page.inner_text("body")
        assert [line for line in page.seen["errors"] if "the engine failed" in line and "KeyError" in line], page.seen
    finally:
        page.close()


def test_a_tab_is_told_when_another_tab_of_the_page_keeps_its_game(browser_context, site_url):
    """Two tabs of one Play page keep their games under one key, and a reload brings back the game
    kept last: a tab whose game is overwritten so is told when it happens, not at its next reload.
    A tab with no game of its own yet has nothing to lose and is told nothing."""
    with opened(browser_context, site_url, PAGE) as first, opened(browser_context, site_url, PAGE) as second:
        # Both engines up first: a game started from the page's opening before its engine is up is
        # kept only once the engine is, which on a busy machine was after the test had looked.
        for page in (first, second):
            page.wait_for_function("window.__rulesbookPlay.up", timeout=120_000)
        first.click(".rb-play-setup button[type=submit]")
        settled(first, -1)
        first.wait_for_function("() => localStorage.getItem('rulesbook.play.hudai') !== null")
        second.fill("input[name=seed]", str(SEED))
        second.click(".rb-play-setup button[type=submit]")
        settled(second, -1)
        expect(first.locator(".rb-play-status")).to_have_text(
            "This page is open in another tab too, and that tab has just kept its game: a reload brings back "
            "the game kept last (this one is kept again at your next move).", timeout=20_000)
        expect(second.locator(".rb-play-status")).not_to_contain_text("another tab")
        assert not first.seen["errors"] and not second.seen["errors"], (first.seen, second.seen)


def test_the_suggested_game_is_on_the_board_before_the_engine_is_up(browser_context, site_url):
    """The page carries the openings of the set-up its form suggests (rulesbook.widgets.play_site):
    with Pyodide held back, the suggested game starts from the page, its first decision is made on
    the board, and once Pyodide comes the engine takes the same game over and answers the move."""
    page = browser_context.new_page()
    page.seen = watch(page)
    held: list = []
    page.route("**/pyodide.asm.wasm", lambda route: held.append(route))  # the interpreter, let through below
    page.add_init_script("localStorage.removeItem('rulesbook.play.hudai')")
    try:
        page.goto(f"{site_url}{PAGE}?pace=0")
        page.wait_for_selector(".rb-play[data-play-ready=setup]", state="attached", timeout=30_000)
        seeds = page.evaluate("Object.keys(JSON.parse(document.querySelector('script.rb-play-openings').textContent).games)")
        assert len(seeds) >= 8 and page.input_value("input[name=seed]") in seeds
        page.click(".rb-play-setup button[type=submit]")
        page.wait_for_selector(".rb-play[data-play-ready=reader]", state="attached", timeout=10_000)
        assert page.evaluate("window.__rulesbookPlay.up") is False and held, "the engine is held back"
        assert page.evaluate("window.__rulesbookPlay.worker === window.rulesbookPlayWorker"), "the page's first script started it"
        assert page.inner_text(".rb-play-status").startswith(f"Seed {page.input_value('input[name=seed]')}. ")

        # The first decision, on the board from the page's data: a card's places marked, a refusal
        # with its rule, then the move, which waits for the engine.
        here = node(page)
        key, choice = next((key, choice) for key, choice in here["choices"].items() if key.startswith("h"))
        option = here["options"][choice["options"]["M"]]
        choose(page, key)
        assert page.locator(".rb-picture .rb-target").count() == len(option["targets"])
        refused, reason = next(iter(option["refusals"].items()))
        page.click(f".rb-picture [data-place='{refused}']")
        assert page.inner_text(".rb-message") == reason
        assert rule_ids_not_whole(page, ".rb-play") == {"loose": [], "broken": []}, "the refusal keeps its rule's id whole"
        choose(page, key)
        page.click(f".rb-picture [data-place='{next(iter(option['targets']))}']")
        # said, not silent (on a slow link the engine comes half a minute later)
        assert page.inner_text(".rb-message") == "Your move is played as soon as the rules engine has loaded…"
        page.click("[data-tool=hint]")
        assert page.inner_text(".rb-message").startswith("The hint comes from the rules engine")
        assert page.evaluate("window.__rulesbookPlay.history().length") == 1, "nothing is played without the engine"

        for route in held:
            route.continue_()
        page.wait_for_function("window.__rulesbookPlay.up", timeout=120_000)
        assert settled(page, 0) >= 1, "the move made before the engine was up is played"
        assert page.evaluate("window.__rulesbookPlay.timings.takeOver") == "kept", "the engine's game is the page's"
        assert len(record(page)["record"]["actions"]) >= 1
        assert page.seen == {"errors": [], "outside": []}
    finally:
        page.evaluate("localStorage.clear()")
        page.close()
