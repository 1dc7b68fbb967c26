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
from pathlib import Path

import pytest

from rulesbook.lessons.hudai.table import table_view
from play_browser import choose, downloaded, node, record, settled
from site_browser import SITE, run_offline, watch
from page_visit import AXE, RUN_AXE

PAGE = "book/play/hudai.html"
#: A short game (the random bot's hints lose it in 5 turns, 26 monk actions): the robot's budget.
SEED, HINTS = 35, "random"






def play_hint(page, moves: int) -> int:
    """The hint's move, made with the reader's clicks; the move count once the demon is done."""
    click = page.evaluate("(p => p.ask({type: 'hint', node: p.here()}))(window.__rulesbookPlay)")["click"]
    choose(page, click["choice"])
    actors = page.locator(f"[data-actor-choice='{click['actor']}']")
    if actors.count():
        actors.click()
    page.click(f".rb-picture [data-place='{click['place']}']")
    return settled(page, moves)




@pytest.fixture
def play_page(browser_context, site_url):
    if not (SITE / PAGE).is_file() or not (SITE / "lite/static/pyodide/pyodide.mjs").is_file():
        pytest.fail("the Play page or the site's Pyodide is not built: run `make book` (LITE=1)")
    page = browser_context.new_page()
    page.seen = watch(page)
    page.goto(f"{site_url}{PAGE}?pace=0")
    page.evaluate("localStorage.clear()")
    yield page
    page.close()


def test_a_robot_plays_a_whole_hudai_game_on_the_play_page(play_page, tmp_path):
    page = play_page
    page.wait_for_selector(".rb-play[data-play-ready=setup]", state="attached", timeout=120_000)
    page.fill("input[name=seed]", str(SEED))
    page.select_option("select[name=hint_bot]", HINTS)
    page.click(".rb-play-setup button[type=submit]")
    moves = settled(page, -1)
    assert moves == 0

    # A refused click says why, with the rule; nothing moves.
    first = next(key for key in node(page)["choices"] if key.startswith("h"))
    choose(page, first)
    page.click(".rb-picture [data-place='demon']")
    assert page.inner_text(".rb-message").endswith("(Play one combo)")
    page.locator(f"[data-hand='{first[1:]}']").click()  # put the card back
    # The hint is a bot's move, worded by the engine (asked of the worker).
    page.click("[data-tool=hint]")
    page.wait_for_function("() => document.querySelector('.rb-message').textContent.startsWith('The random bot would choose ')")
    # The page in play, its message showing: nothing serious for axe-core (as every page of the book, tests/site/page_visit.py).
    page.add_script_tag(path=str(AXE))
    failing = [v for v in page.evaluate(RUN_AXE)
               if v["impact"] in ("serious", "critical") or v["id"] in ("aria-prohibited-attr", "heading-order")]
    assert failing == [], failing

    undone = reloaded = False
    for _ in range(200):
        if page.get_attribute(".rb-play", "data-play-ready") == "over":
            break
        before = moves
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
            # The demon has played a turn: a reload brings the game back as it was.
            logs = page.evaluate("window.__rulesbookPlay.history().map(([, log]) => log)")
            page.reload()
            moves = settled(page, -1)
            assert page.evaluate("window.__rulesbookPlay.history().map(([, log]) => log)") == logs
            reloaded = True
    assert undone and reloaded
    assert page.get_attribute(".rb-play", "data-play-ready") == "over"
    ending = page.inner_text(".rb-play-end-words")
    assert ending.startswith("The monk has lost in 5 turns") and page.is_visible("[data-play=again]")

    path = tmp_path / "hudai.json"
    played, said = downloaded(page, path)
    assert f"seed {SEED}" in said and "the game is over: seat 1 0;" in said
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
