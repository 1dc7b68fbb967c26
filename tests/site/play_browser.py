"""What the Play pages' browser tests (test_play_*_browser.py) and benchmarks/bench_play.py do alike:
wait for the page to settle, read its state, press a choice, make the hint's moves in the page, ask
for the record, download it and play it with `rulesbook replay` (CPython)."""

from __future__ import annotations

import hashlib
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from site_browser import PHONE, SITE, rule_ids_not_whole, undrawn, watch

from rulesbook.core.records import GameRecord
from rulesbook.lessons.data import unpack

#: The page settled after a click: the moves nobody decides are played, the reader (or the end) is next.
SETTLED = """moves => {
  const play = window.__rulesbookPlay, root = play && play.root;
  return root && ["reader", "over"].includes(root.dataset.playReady) && Number(root.dataset.playMoves) > moves
    && Number(root.dataset.playMoves) === play.history().length - 1;
}"""


@contextmanager
def opened(context, site_url: str, path: str, viewport: dict[str, int] | None = PHONE) -> Iterator:
    """A Play page on a 390 px phone (or at `viewport`; None keeps the browser's), with no saved
    game, its set-up ready (the engine up), watched (`page.seen`); no saved game left behind for
    the next visit of the page."""
    if not (SITE / path).is_file() or not (SITE / "lite/static/pyodide/pyodide.mjs").is_file():
        pytest.fail(f"{path} or the site's Pyodide is not built: run `make book` (LITE=1)")
    page = context.new_page()
    page.seen = watch(page)
    if viewport:
        page.set_viewport_size(viewport)
    page.goto(f"{site_url}{path}?pace=0")
    page.evaluate("localStorage.clear()")
    page.reload()
    page.wait_for_selector(".rb-play[data-play-ready=setup]", state="attached", timeout=120_000)
    set_up_on_the_first_screen(page)
    try:
        yield page
    finally:
        page.evaluate("localStorage.clear()")
        page.close()


def play_hint(page, moves: int) -> int:
    """The hint's move, made as a reader makes it: Hint pressed, the move is made ready on the
    board (its cards or button pressed, the keyboard cursor on its place, that place named at the
    end of the hint's words) and a click on the marked place makes it; the move count once the
    bots (or the demon) are done. The bots' moves leave the reader's keyboard cursor where the
    reader's click put it (or on the board's first place, once that place is gone), and a screen
    reader is told when it is the reader's turn again."""
    click = page.evaluate("(p => p.ask({type: 'hint', node: p.here()}))(window.__rulesbookPlay)")["click"]
    page.click("[data-tool=hint]")
    page.wait_for_function("() => /: click .+, marked on the board\\.$/.test(document.querySelector('.rb-message').textContent)")
    pressed = page.evaluate("""() => [...document.querySelectorAll('.rb-play [aria-pressed=true]')]
      .map((button) => button.dataset.choice || (button.dataset.hand && `h${button.dataset.hand}`)).filter(Boolean)""")
    assert "+".join(pressed) == click["choice"], (pressed, click)
    assert page.evaluate("() => [...document.querySelectorAll('.rb-picture .rb-cursor')].map((place) => place.dataset.place)") == [click["place"]]
    # The marked place in sight (below the page's header, above the board's dock on a phone), the
    # keyboard on it: Enter makes the move.
    page.wait_for_function(IN_SIGHT, arg=".rb-picture .rb-cursor")
    assert page.evaluate("document.activeElement.classList.contains('rb-picture')")
    page.keyboard.press("Enter")
    before, moves = moves, settled(page, moves)
    cursor = page.evaluate("() => [...document.querySelectorAll('.rb-play .rb-cursor')].map((place) => place.dataset.place)")
    # Where the place is gone (the Sled revealed: the players' panels now), the cursor is on the
    # board's first place, so Enter and Space still act on the board.
    places, first = page.evaluate("""() => {
      const all = [...document.querySelectorAll('.rb-play .rb-picture [data-place]')];
      const first = all.find((place) => !place.classList.contains('rb-empty')) || all[0];
      return [all.map((place) => place.dataset.place), first ? [first.dataset.place] : []];
    }""")
    moved_on = click["place"] not in places and cursor == first
    assert cursor in ([], [click["place"]]) or moved_on, f"the bots' moves took the reader's cursor from {click['place']} to {cursor}"
    if moves > before + 1 and page.get_attribute(".rb-play", "data-play-ready") == "reader":
        page.wait_for_function("() => document.querySelector('.rb-play-aside').textContent.includes('Your turn. ')")
    return moves


#: An element wholly in sight: below the page's sticky header (its scroll-padding-top) and above
#: the board's dock, where the dock sticks to the foot of a phone's screen.
IN_SIGHT = """selector => {
  const box = document.querySelector(selector).getBoundingClientRect();
  const dock = document.querySelector('.rb-play .rb-dock');
  const sticky = dock && getComputedStyle(dock).position === 'sticky';
  const top = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
  return box.height > 0 && box.top >= top - 1 && box.bottom <= Math.min(innerHeight, sticky ? dock.getBoundingClientRect().top : innerHeight) + 1;
}"""


def game_in_sight(page) -> None:
    """A game begun or back after a reload is shown from its status line, below the page's header,
    with the keyboard on its board."""
    page.wait_for_function(IN_SIGHT, arg=".rb-play-status")
    assert page.evaluate("document.activeElement.classList.contains('rb-picture')")


def axe_clean(page) -> None:
    """axe-core finds nothing serious on the page as it is (as on every page of the book,
    tests/site/page_visit.py)."""
    from page_visit import AXE, RUN_AXE

    # At the top of the page the theme's floating "Back to top" button hides: it shows only while
    # the reader scrolls up. The theme decides on a scroll event, and the page's own scrolling (a
    # message brought into sight, a frame later on a phone) may still be under way: go to the top
    # until the page stays there, then let the theme look again. (The button is fixed in place:
    # its display says whether it shows.)
    page.wait_for_function("() => { window.scrollTo({top: 0, behavior: 'instant'}); return window.scrollY === 0; }")
    page.evaluate("window.dispatchEvent(new Event('scroll'))")
    page.wait_for_function("() => { const b = document.querySelector('#pst-back-to-top'); return !b || getComputedStyle(b).display === 'none'; }")
    page.add_script_tag(path=str(AXE))
    failing = [v for v in page.evaluate(RUN_AXE)
               if v["impact"] in ("serious", "critical") or v["id"] in ("aria-prohibited-attr", "heading-order")]
    assert failing == [], failing


def set_up_on_the_first_screen(page) -> None:
    """The set-up comes first: on a 390 px phone its first choice shows without scrolling, and the
    page's explanations follow the board; a short label reads on one line."""
    size = page.viewport_size
    page.set_viewport_size(PHONE)
    bottom = page.evaluate("window.scrollY + document.querySelector('.rb-play-setup select, .rb-play-setup input').getBoundingClientRect().bottom")
    assert bottom <= PHONE["height"], f"the set-up's first choice ends {bottom:.0f} px down the page, below a phone's first screen"
    broken = page.evaluate(BROKEN_LABELS)
    assert broken == [], f"a short label's words broken over lines on a phone: {broken}"
    ids = rule_ids_not_whole(page, ".rb-play")
    assert ids == {"loose": [], "broken": []}, f"a rule's id in the set-up a phone may break at its hyphen: {ids}"
    page.set_viewport_size(size)


#: The set-up's short labels (36 characters or fewer, the longest a 390 px phone holds on a line)
#: whose words, before their list, take more than one line: each of the zh-TW words' runs once
#: stood on a line of its own, and "Pawns may share a card (MOI-R13)" on three, its id apart.
BROKEN_LABELS = """() => [...document.querySelectorAll('.rb-play-setup label')].filter((label) => label.querySelector('select'))
  .map((label) => {
    const words = document.createRange();
    words.setStart(label, 0);
    words.setEndBefore(label.querySelector('select'));
    const tops = [...words.getClientRects()].filter((box) => box.width > 0).map((box) => box.top).sort((a, b) => a - b);
    return [words.toString().trim(), tops.filter((top, index) => index === 0 || top - tops[index - 1] > 8).length];
  }).filter(([words, lines]) => words.length <= 36 && lines > 1).map(([words]) => words)"""


def shown_message(page) -> str:
    """The board's message as shown: its words without what it says to a screen reader only (after
    a refusal whose rule's chapter is linked, where that link is: board.js's messageNote)."""
    return page.evaluate("""() => {
      const message = document.querySelector('.rb-play .rb-message').cloneNode(true);
      for (const note of message.querySelectorAll('.rb-said-mark')) note.remove();
      return message.textContent;
    }""")


def settled(page, moves: int, timeout: int = 60_000) -> int:
    """Wait until the page has settled past `moves`; the moves made so far."""
    page.wait_for_function(SETTLED, arg=moves, timeout=timeout)
    return int(page.evaluate("window.__rulesbookPlay.history().length - 1"))


def node(page) -> dict:
    """The state the page shows, written out (`unpack` of its lesson, for that state only)."""
    lesson, here = page.evaluate("(p => [p.model.get('lesson'), p.here()])(window.__rulesbookPlay)")
    return unpack({**lesson, "nodes": {here: lesson["nodes"][here]}})[here]


#: The robot's moves, made in the page: the hint's click with the reader's own presses and clicks
#: (a hand card or a choice button, the actor it acts on, the place), `count` times or to the end;
#: one call, not a round trip per click.
ROBOT = """async count => {
  const play = window.__rulesbookPlay, root = play.root;
  const press = (element) => element.dispatchEvent(new MouseEvent("click", { bubbles: true }));
  const choose = (element) => element.getAttribute("aria-pressed") === "true" || press(element);
  const ready = () => ["reader", "over"].includes(root.dataset.playReady) && Number(root.dataset.playMoves) === play.history().length - 1;
  const wait = (test) => new Promise((resolve, reject) => {
    const started = performance.now();
    const look = () => test() ? resolve() : performance.now() - started > 30000 ? reject(new Error("the page did not settle")) : setTimeout(look, 5);
    look();
  });
  for (let made = 0; made < count && root.dataset.playReady !== "over"; made += 1) {
    const before = play.history().length - 1;
    const { click } = await play.ask({ type: "hint", node: play.here() });
    if (/^h\\d+(\\+h\\d+)*$/.test(click.choice)) {
      for (const card of click.choice.split("+")) choose(root.querySelector(`[data-hand='${card.slice(1)}']`));
    } else {
      choose(root.querySelector(`[data-choice='${click.choice}']`));
    }
    const actor = root.querySelector(`[data-actor-choice='${click.actor}']`);
    if (actor && actor.getAttribute("aria-pressed") !== "true") press(actor);
    // A button that is its own move ("End step I") was played when pressed: no place to click.
    if (play.history().length - 1 === before) press(root.querySelector(`.rb-picture [data-place='${click.place}']`));
    try {
      await wait(() => ready() && Number(root.dataset.playMoves) > before);
    } catch (error) {
      throw new Error(`${error.message}: ${JSON.stringify(click)}, ${root.dataset.playReady}, ${root.querySelector(".rb-message").textContent}`);
    }
  }
  return play.history().length - 1;
}"""


def robot(page, count: int) -> int:
    """The hint's moves, `count` of them or to the end, made in the page with the reader's clicks
    (the boards undrawn meanwhile: site_browser.undrawn); the move count once the bots are done."""
    with undrawn(page):
        return int(page.evaluate(ROBOT, count))


def choose(page, key: str) -> None:
    """Press a choice as the reader does: a hand card ("h2") or a button, unless it is pressed."""
    button = page.locator(f"[data-hand='{key[1:]}']" if key[1:].isdigit() and key[0] == "h" else f"[data-choice='{key}']")
    if button.get_attribute("aria-pressed") != "true":
        button.click()


def record(page) -> dict:
    """The worker's answer to "record" for the move log as the page holds it (its [id, entry]
    pairs, as the page's own download sends them: an entry tells apart two clicks to one state)."""
    return dict(page.evaluate("(p => p.ask({type: 'record', history: p.history()}))(window.__rulesbookPlay)"))


def downloaded(page, path: Path) -> tuple[GameRecord, str]:
    """"Download the record" saved to `path` and played by `rulesbook replay`, which must end in the
    page's state (the same digest); the record and what replay printed."""
    with page.expect_download() as download:
        page.click("[data-play=download]")
    download.value.save_as(path)
    replay = subprocess.run([sys.executable, "-m", "rulesbook", "replay", str(path)], capture_output=True, text=True, timeout=60)
    assert replay.returncode == 0, replay.stderr
    played = GameRecord.read(path)
    assert hashlib.sha256(played.final_state().to_json().encode()).hexdigest() == record(page)["digest"]
    return played, replay.stdout
