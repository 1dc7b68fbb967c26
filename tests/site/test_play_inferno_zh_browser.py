"""The zh-TW Play page (zh-TW/book/play/inferno.html, issue 26): a robot plays a whole seeded game
of 火焰山 in Chromium from the reader's seat against the bots, and everything the page says is
Traditional Chinese: its status line, the board, a refused click (with its rule and a link to the
zh-TW chapter that teaches it), the hint, the bots' moves, the end of the game. Along the way an
undo and a reload; at the end the downloaded record is played by `rulesbook replay` to the page's
state. The page passes axe-core, says nothing in the console and fits a 390 px phone.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

from rulesbook.core.records import GameRecord

sys.path.insert(0, str(Path(__file__).resolve().parent))

from play_browser import downloaded, opened, record, robot, settled  # noqa: E402
from test_play_inferno_browser import first_moves  # noqa: E402

PAGE = "zh-TW/book/play/inferno.html"
#: Three English words in a row: a sentence left in English (the notation has at most two: "lay DH+1 0,1").
ENGLISH = re.compile(r"\b[A-Za-z]{2,} [a-z]{2,} [a-z]{2,}\b")
#: A space after Chinese punctuation, which Chinese does not put there.
SPACED = re.compile("[。，；：！？] ")


@pytest.fixture(scope="module")
def zh_page(browser_context, site_url):
    with opened(browser_context, site_url, PAGE) as page:
        yield page


def said(page) -> list[str]:
    """Every sentence the Play area shows now: status, board, move log, the bots' moves, the end."""
    return page.evaluate("""() => [...document.querySelectorAll(
      '.rb-play-status, .rb-message, .rb-decision, .rb-label, .rb-play-story li, .rb-play-end-words, .rb-play-rule')]
      .map(e => e.textContent.trim()).filter(Boolean)""")


def test_a_robot_plays_a_whole_game_on_the_zh_tw_play_page(zh_page, tmp_path):
    page = zh_page
    assert page.evaluate("document.documentElement.lang") == "zh-Hant-TW"
    assert page.input_value("select[name=edition]") == "zh"  # the Chinese edition by default
    page.select_option("select[name=players]", "3")
    for index, who in enumerate(["you", "random", "random"]):
        page.locator("select[name=seats]").nth(index).select_option(who)
    page.select_option("select[name=hint_bot]", "random")
    page.fill("input[name=seed]", "2")
    page.click(".rb-play-setup button[type=submit]")
    page.wait_for_function("() => document.querySelector('.rb-play-status').textContent.startsWith('種子 2。你是紅方')")
    moves = settled(page, -1)
    # The bots' list, empty while the reader leads, says so in zh-TW (play.css shows its data-empty).
    assert page.evaluate("getComputedStyle(document.querySelector('.rb-play-story ol'), '::after').content") == '"還沒有。"'
    # A refused click: its rule, in zh-TW, and the zh-TW chapter that teaches it; a hint in zh-TW.
    message, linked = first_moves(page, "zh-TW/book", "隨機電腦玩家會選「")
    assert re.search(r"（MOI-R\d+）。?$", message) and not ENGLISH.search(message), message
    assert re.fullmatch(r"為什麼不行：講 MOI-R\d+ 的章節有說明。", linked), linked
    undone = reloaded = False
    english: set[str] = set()
    spaced: set[str] = set()  # a space after 。 or ，: the hint's two sentences were joined by one
    for _ in range(400):
        english |= {text for text in said(page) if ENGLISH.search(text)}
        spaced |= {text for text in said(page) if SPACED.search(text)}
        if page.get_attribute(".rb-play", "data-play-ready") == "over":
            break
        before = moves
        moves = robot(page, 1 if not (undone and reloaded) else 500)
        if not undone and moves - before > 1:
            page.click("[data-tool=undo]")
            page.wait_for_function("n => window.__rulesbookPlay.history().length - 1 === n", arg=before)
            # Nothing is lost, and the page says so: the moves taken back wait in the move log.
            # What was taken back, by its sentence, how many moves followed, and what is to decide now.
            assert re.fullmatch(r"已復原：「紅方[^」]+」(，以及之後的(一步|\d+步))?。輪到紅方.+。收回的行動留在行動紀錄中，變成灰色並標著「已收回」：按其中一項，就能重新走到那一步。",
                                page.inner_text(".rb-message")), page.inner_text(".rb-message")
            moves, undone = before, True
        elif undone and not reloaded:
            page.reload()
            moves = settled(page, -1)
            assert page.inner_text(".rb-play-status").startswith("種子 2。")
            reloaded = True
    assert undone and reloaded and page.get_attribute(".rb-play", "data-play-ready") == "over"
    assert english == set() and spaced == set(), (english, spaced)
    ending = page.inner_text(".rb-play-end-words")
    assert "獲勝" in ending and "第1回合" in ending and page.inner_text("[data-play=again]") == "再玩一局（新的種子）"
    data, _ = downloaded(page, tmp_path / "inferno-zh.json")
    assert data.players == 3 and data.rules.edition == "zh" and len(record(page)["record"]["actions"]) == len(data.actions)

    # The button that loads a record says so in zh-TW: the file input's own words ("Choose File",
    # the browser's language) are not drawn; the input stays for the keyboard, named by the label.
    assert page.inner_text(".rb-play-load") == "載入遊戲紀錄"
    assert page.locator("[data-play-load]").evaluate("input => getComputedStyle(input).opacity") == "0"
    # A record the page cannot play back is refused in zh-TW, naming its field; a good one plays on in zh-TW.
    saved = json.loads((tmp_path / "inferno-zh.json").read_text())
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps({**saved, "players": 7}))
    page.set_input_files("[data-play-load]", str(broken))
    page.wait_for_function("() => document.querySelector('.rb-play-status').textContent.includes('record.players')")
    status = page.inner_text(".rb-play-status")
    assert status == "broken.json 無法重播：record.players：火焰山是2到4人的遊戲，不能7人玩", status
    cut = next(count for count in range(8, len(saved["actions"]))  # a moment where the reader (seat 0) decides
               if GameRecord.from_dict({**saved, "actions": saved["actions"][:count]}).final_state().decision.seat == 0)
    half = tmp_path / "half.json"
    half.write_text(json.dumps({**saved, "actions": saved["actions"][:cut]}))
    page.set_input_files("[data-play-load]", str(half))
    page.wait_for_function("() => (document.querySelector('.rb-message') || {}).textContent === 'half.json 已重播到最後一步：從這裡繼續玩。'")
    settled(page, -1)
    assert record(page)["record"]["actions"] == saved["actions"][:cut]
    assert not [text for text in said(page) if ENGLISH.search(text)]
    assert page.seen == {"errors": [], "outside": []}


def test_each_play_page_keeps_its_own_game_the_english_one_is_not_played_back_in_zh_tw(browser_context, site_url):
    """A game is kept for a reload of its own page: begun on the English page, whose referee speaks
    English, it is not set out on the zh-TW page (where its sentences would be English), which
    offers its own set-up; the English page still has it."""
    words = json.loads((Path(__file__).resolve().parents[2] / "widgets" / "play_words.zh-TW.json").read_text(encoding="utf-8"))
    with opened(browser_context, site_url, "book/play/inferno.html") as english:
        english.fill("input[name=seed]", "2")
        english.click(".rb-play-setup button[type=submit]")
        settled(english, -1)
        zh = browser_context.new_page()
        try:
            zh.goto(f"{site_url}{PAGE}?pace=0")
            zh.wait_for_function("""ready => ['reader', 'over'].includes(document.querySelector('.rb-play').dataset.playReady)
              || document.querySelector('.rb-play-status').textContent === ready""", arg=words["ready"], timeout=120_000)
            assert zh.inner_text(".rb-play-status") == words["ready"]
            assert zh.get_attribute(".rb-play", "data-play-ready") == "setup"
        finally:
            zh.close()
        english.reload()
        settled(english, -1)
        assert english.inner_text(".rb-play-status").startswith("Seed 2. You are Red")
