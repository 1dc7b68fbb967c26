"""A robot plays a whole seeded expedition of At the Mountains of Madness on the Play page in
Chromium, for 3, 4 and 5 players (issue 23).

The page runs the engine in Pyodide in a Web Worker; the robot sits at the reader's seat, asks the
page's hint for its move (a bot's, through the worker) and makes it with the reader's own clicks:
a hand card or a button, then a place; the bots' moves the page plays by itself. Along the way: a
refused click names its rule, an undo takes back the reader's last decision, a reload brings the
expedition back as it was. At the end the downloaded record is played by `rulesbook replay`
(CPython), whose final state is the page's: the same digest, the same table. The page is clean for
axe-core, says nothing on the console, fits a 390 px phone and plays with no network at all (this
file run as a script inside `unshare -n`).
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from rulesbook.lessons.madness.table import table_view  # noqa: E402
from play_browser import axe_clean, downloaded, node, opened, play_hint, record, robot, settled, shown_message  # noqa: E402
from site_browser import report_offline, run_offline, small_targets  # noqa: E402

PAGE = "book/play/madness.html"
#: Short expeditions (random bots spend their Leadership tokens fast): players -> seed, seats, hints.
GAMES = {
    3: (27, ["random", "random", "you"], "random"),
    4: (19, ["you", "random", "random", "random"], "random"),
    5: (6, ["random", "random", "random", "random", "you"], "random"),
}


def start(page, players: int) -> int:
    seed, seats, hints = GAMES[players]
    page.wait_for_selector(".rb-play-setup button[type=submit]:not([disabled])", state="attached", timeout=120_000)
    page.select_option("select[name=players]", str(players))
    for index, seat in enumerate(seats):
        page.locator("select[name=seats]").nth(index).select_option(seat)
    page.fill("input[name=seed]", str(seed))
    page.select_option("select[name=hint_bot]", hints)
    page.click(".rb-play-setup button[type=submit]")
    page.wait_for_function(f"() => document.querySelector('.rb-play-status').textContent.startsWith('Seed {seed}. ')")
    return settled(page, -1)


@pytest.fixture(scope="module")
def play_page(browser_context, site_url):
    with opened(browser_context, site_url, PAGE, viewport=None) as page:
        yield page


def check_quality(page) -> None:
    """axe-core finds nothing serious; on a 390 px phone nothing runs off the side, and nothing to
    tap is smaller than 24 px."""
    axe_clean(page)
    page.set_viewport_size({"width": 390, "height": 800})
    assert page.evaluate("document.querySelector('.rb-play').scrollWidth <= document.querySelector('.rb-play').clientWidth + 1")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert small_targets(page, ".rb-play") == []
    page.set_viewport_size({"width": 1200, "height": 900})


def expedition(page, tmp_path, players: int, reload: bool) -> None:
    """One whole expedition from the set-up to the end, with an undo (and a reload) on the way."""
    seed, seats, _ = GAMES[players]
    reader = seats.index("you")
    began = time.time()
    moves = start(page, players)
    print(f"{players} players: started in {time.time() - began:.1f} s")
    assert page.inner_text(".rb-play-status").startswith(f"Seed {seed}. You are P{reader + 1} of {players} players")
    if reader == 0:
        # Leading the first turn: a card is refused before the Encounter, naming the rule's section.
        first = next(key for key in node(page)["choices"] if key.startswith("h"))
        page.locator(f"[data-hand='{first[1:]}']").click()
        assert shown_message(page).endswith("(Action)")
        # ... and links the chapter that teaches it.
        link = page.locator(".rb-play-rule a")
        assert link.inner_text() == "Action" and link.get_attribute("href") == "../madness/the-encounter-and-challenge-values.html"
        # Said of a section as of a rule's id ("Refused by the rule Action: its chapter teaches it." read oddly).
        assert page.inner_text(".rb-play-rule") == "Why not: the chapter on Action explains it."
        page.click("[data-tool=hint]")
        page.wait_for_function("() => document.querySelector('.rb-message').textContent.startsWith('The random bot would ')")
        check_quality(page)

    # The reader's moves: a few, then an undo (the last decision and the bots' moves after it go).
    moves = robot(page, 6)
    before = len(page.evaluate("window.__rulesbookPlay.history()")) - 1
    moves = play_hint(page, moves)
    page.click("[data-tool=undo]")
    page.wait_for_function("n => window.__rulesbookPlay.history().length - 1 === n", arg=before)
    if reload:
        # A reload brings the expedition back as it was.
        moves = robot(page, 2)
        logs = page.evaluate("window.__rulesbookPlay.history().map(([, log]) => log)")
        page.reload()
        moves = settled(page, -1)
        assert page.evaluate("window.__rulesbookPlay.history().map(([, log]) => log)") == logs
        print(f"reloaded at {time.time() - began:.1f} s")
    moves = robot(page, 1000)
    print(f"played in {time.time() - began:.1f} s, {moves} moves")
    assert page.get_attribute(".rb-play", "data-play-ready") == "over"
    ending = page.inner_text(".rb-play-end-words")
    assert ending.startswith(("The expedition escaped the Mountain", "The expedition is lost")) and page.is_visible("[data-play=again]")
    # Face down on the page, named in the record.
    logs = page.evaluate("window.__rulesbookPlay.history().map(([, log]) => log)")
    assert any(log.endswith(": play a card face down") for log in logs)

    played, said = downloaded(page, tmp_path / f"madness-{players}.json")
    assert f"seed {seed}" in said
    assert played.bots == seats and not any(text.endswith("face down") for text in played.actions)
    final = played.final_state()
    assert final.is_over
    assert node(page)["view"] == json.loads(json.dumps(table_view(final, reader, ("mountain", "decks"))))


def test_a_robot_plays_a_whole_expedition_for_each_player_count(play_page, tmp_path):
    for players in sorted(GAMES):
        expedition(play_page, tmp_path, players, reload=players == 3)  # a reload costs a start of Python
    steps = play_page.evaluate("window.__rulesbookPlay.timings.moves || []")
    assert play_page.seen == {"errors": [], "outside": []}
    print(f"worker steps: {len(steps)}, p50 {percentile(steps, 50):.0f} ms, p95 {percentile(steps, 95):.0f} ms")


def percentile(values: list[float], at: int) -> float:
    ordered = sorted(values) or [0.0]
    return ordered[min(len(ordered) - 1, len(ordered) * at // 100)]


def test_the_sand_timer_runs_out_and_time_is_up_while_the_bots_play_within_it(play_page):
    """A two-second Sand Timer (?sand=2, which turns it on): the bots put their cards down within it, the
    reader does nothing, and when it runs out the page plays time up (the engine's action, in the
    record). Switched off, it stays off (kept in the browser)."""
    page = play_page
    page.goto(page.url.replace("?pace=0", "?pace=0&sand=2"))
    # Turned on by ?sand=; the switch is part of the set-up, in sight before an expedition starts.
    assert page.is_checked("[data-play-sand]") and page.is_visible("[data-play-sand]")
    page.evaluate("""() => { const aside = document.querySelector('.rb-play-aside'); window.told = [];
      new MutationObserver(() => aside.textContent && window.told.push(aside.textContent)).observe(aside, {childList: true, subtree: true, characterData: true}); }""")
    start(page, 3)  # P3 is the reader: P1, a bot, leads and flies; the Encounter starts
    page.wait_for_selector(".rb-play-sand:not([hidden])", state="attached")
    assert page.get_attribute(".rb-play-sand", "role") == "timer"
    page.wait_for_function("() => window.__rulesbookPlay.history().some(([, log]) => log === 'P1: time up')", timeout=30_000)
    logs = page.evaluate("window.__rulesbookPlay.history().map(([, log]) => log)")
    assert logs.index("P1: time up") > logs.index(next(log for log in logs if log.startswith("P1: move to ")))
    assert "P1: time up" in record(page)["record"]["actions"]
    assert "The Sand Timer is running out." in page.evaluate("window.told"), "the silent countdown's last seconds are told"
    page.uncheck("[data-play-sand]")
    assert page.is_hidden(".rb-play-sand")
    assert page.evaluate("localStorage.getItem('rulesbook.play.madness.sand')") == "off"
    assert page.seen == {"errors": [], "outside": []}


def test_the_madness_play_page_plays_with_no_network_at_all():
    """Server and browser inside `unshare -n`: the engine starts and answers a move (this file, run as a script)."""
    report = run_offline(PAGE, Path(__file__))
    assert report["moves"] >= 1 and report["status"].startswith("Seed 19. You are P1 of 4 players"), report
    assert report["message"].endswith("."), report  # the engine's words for the move, from Python in the page
    assert report["outside"] == [] and report["failed"] == [] and report["errors"] == []


def offline(page: object, url: str) -> dict[str, object]:
    """Start a 4-player expedition with the reader leading, and make the hint's move."""
    page.goto(f"{url}{PAGE}?pace=0")
    start(page, 4)
    moves = play_hint(page, 0)
    return {"message": page.locator(".rb-message").text_content(), "status": page.locator(".rb-play-status").text_content(),
            "moves": moves}


if __name__ == "__main__":
    sys.exit(report_offline(offline))
