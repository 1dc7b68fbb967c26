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

import hashlib
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from rulesbook.core.records import GameRecord  # noqa: E402
from rulesbook.lessons.data import unpack  # noqa: E402
from rulesbook.lessons.madness.table import table_view  # noqa: E402
from site_browser import SITE, report_offline, watch  # noqa: E402

PAGE = "book/play/madness.html"
#: Short expeditions (random bots spend their Leadership tokens fast): players -> seed, seats, hints.
GAMES = {
    3: (27, ["random", "random", "you"], "random"),
    4: (19, ["you", "random", "random", "random"], "random"),
    5: (6, ["random", "random", "random", "random", "you"], "random"),
}
SETTLED = """moves => {
  const play = window.__rulesbookPlay, root = play && play.root;
  return root && ["reader", "over"].includes(root.dataset.playReady) && Number(root.dataset.playMoves) > moves
    && Number(root.dataset.playMoves) === play.history().length - 1;
}"""


def settled(page, moves: int) -> int:
    page.wait_for_function(SETTLED, arg=moves, timeout=30_000)
    return int(page.evaluate("window.__rulesbookPlay.history().length - 1"))


def node(page) -> dict:
    lesson, here = page.evaluate("(p => [p.model.get('lesson'), p.here()])(window.__rulesbookPlay)")
    return unpack({**lesson, "nodes": {here: lesson["nodes"][here]}})[here]


def choose(page, key: str) -> None:
    button = page.locator(f"[data-hand='{key[1:]}']" if key[1:].isdigit() and key[0] == "h" else f"[data-choice='{key}']")
    if button.get_attribute("aria-pressed") != "true":
        button.click()


def play_hint(page, moves: int) -> int:
    """The hint's move, made with the reader's clicks; the move count once the bots are done."""
    click = page.evaluate("(p => p.ask({type: 'hint', node: p.here()}))(window.__rulesbookPlay)")["click"]
    choose(page, click["choice"])
    page.click(f".rb-picture [data-place='{click['place']}']")
    return settled(page, moves)


def record(page) -> dict:
    return page.evaluate("(p => p.ask({type: 'record', history: p.history().map(([id]) => id)}))(window.__rulesbookPlay)")


def start(page, players: int) -> int:
    seed, seats, hints = GAMES[players]
    page.wait_for_selector(".rb-play[data-play-ready=setup]", state="attached", timeout=120_000)
    page.select_option("select[name=players]", str(players))
    for index, seat in enumerate(seats):
        page.locator("select[name=seats]").nth(index).select_option(seat)
    page.fill("input[name=seed]", str(seed))
    page.select_option("select[name=hint_bot]", hints)
    page.click(".rb-play-setup button[type=submit]")
    return settled(page, -1)


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


def check_quality(page) -> None:
    """axe-core finds nothing serious; on a 390 px phone nothing runs off the side."""
    from test_site_quality import AXE, RUN_AXE

    page.evaluate("window.scrollTo(0, 0)")
    page.wait_for_function("() => { const b = document.querySelector('#pst-back-to-top'); return !b || getComputedStyle(b).display === 'none' || b.offsetParent === null; }")
    page.add_script_tag(path=str(AXE))
    failing = [v for v in page.evaluate(RUN_AXE)
               if v["impact"] in ("serious", "critical") or v["id"] in ("aria-prohibited-attr", "heading-order")]
    assert failing == [], failing
    page.set_viewport_size({"width": 390, "height": 800})
    assert page.evaluate("document.querySelector('.rb-play').scrollWidth <= document.querySelector('.rb-play').clientWidth + 1")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.set_viewport_size({"width": 1200, "height": 900})


@pytest.mark.parametrize("players", sorted(GAMES))
def test_a_robot_plays_a_whole_expedition_on_the_play_page(play_page, tmp_path, players):
    page = play_page
    seed, seats, _ = GAMES[players]
    reader = seats.index("you")
    import time
    t0 = time.time()
    moves = start(page, players)
    print("start", time.time() - t0)
    assert page.inner_text(".rb-play-status").startswith(f"Seed {seed}. You are P{reader + 1} of {players} players")
    if reader == 0:
        # Leading the first turn: a card is refused before the Encounter, naming the rule's section.
        first = next(key for key in node(page)["choices"] if key.startswith("h"))
        page.locator(f"[data-hand='{first[1:]}']").click()
        assert page.inner_text(".rb-message").endswith("(Action)")
        page.click("[data-tool=hint]")
        page.wait_for_function("() => document.querySelector('.rb-message').textContent.startsWith('The random bot would ')")
        check_quality(page)

    undone = reloaded = False
    for _ in range(400):
        if page.get_attribute(".rb-play", "data-play-ready") == "over":
            break
        before = moves
        moves = play_hint(page, moves)
        if not undone and moves - before == 1 and len(record(page)["record"]["actions"]) > 3:
            # Undo takes back the reader's last decision (and the bots' moves after it, if any).
            actions = len(record(page)["record"]["actions"])
            page.click("[data-tool=undo]")
            page.wait_for_function("n => window.__rulesbookPlay.history().length - 1 < n", arg=moves)
            moves = int(page.evaluate("window.__rulesbookPlay.history().length - 1"))
            assert len(record(page)["record"]["actions"]) < actions
            undone = True
        elif undone and not reloaded and moves - before > 2:
            # The bots have moved: a reload brings the expedition back as it was.
            logs = page.evaluate("window.__rulesbookPlay.history().map(([, log]) => log)")
            page.reload()
            moves = settled(page, -1)
            assert page.evaluate("window.__rulesbookPlay.history().map(([, log]) => log)") == logs
            reloaded = True
            print("reload", time.time() - t1)
        t1 = time.time()
    print("played", time.time() - t0, moves)
    assert undone and reloaded
    assert page.get_attribute(".rb-play", "data-play-ready") == "over"
    ending = page.inner_text(".rb-play-end-words")
    assert ending.startswith(("The expedition escaped the Mountain", "The expedition is lost")) and page.is_visible("[data-play=again]")
    # Face down on the page, named in the record.
    logs = page.evaluate("window.__rulesbookPlay.history().map(([, log]) => log)")
    assert any(log.endswith(": play a card face down") for log in logs)

    with page.expect_download() as download:
        page.click("[data-play=download]")
    path = tmp_path / "madness.json"
    download.value.save_as(path)
    replay = subprocess.run([sys.executable, "-m", "rulesbook", "replay", str(path)], capture_output=True, text=True, timeout=60)
    assert replay.returncode == 0, replay.stderr
    assert f"seed {seed}" in replay.stdout
    played = GameRecord.read(path)
    assert played.bots == seats and not any(text.endswith("face down") for text in played.actions)
    final = played.final_state()
    assert final.over and hashlib.sha256(final.to_json().encode()).hexdigest() == record(page)["digest"]
    assert node(page)["view"] == json.loads(json.dumps(table_view(final, reader, ("mountain", "decks"))))
    assert page.seen == {"errors": [], "outside": []}


def test_the_madness_play_page_plays_with_no_network_at_all():
    """Server and browser inside `unshare -n`: the engine starts and answers a move (this file, run as a script)."""
    if not (SITE / PAGE).is_file():
        pytest.fail("the Play page is not built: run `make book`")
    if not shutil.which("unshare") or not shutil.which("ip"):
        pytest.fail("unshare or ip is missing")
    script = f"ip link set lo up && exec {sys.executable} {Path(__file__)}"
    done = subprocess.run(["unshare", "-n", "sh", "-c", script], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report["message"].startswith("P1: move to ") or "Airplane" in report["message"], report
    assert report["outside"] == [] and report["failed"] == [] and report["errors"] == []


def offline(page: object, url: str) -> dict[str, object]:
    """Start a 3-player expedition with the reader leading, and fly the Airplane (the hint's move)."""
    page.goto(f"{url}{PAGE}?pace=0")
    start(page, 4)
    play_hint(page, 0)
    return {"message": page.locator(".rb-message").text_content()}


if __name__ == "__main__":
    sys.exit(report_offline(offline))
