"""Each Play page offers the game's bot levels by the names the engine knows them by (the command
line's and the lab's), for every seat and for the hints: all of them, but a level too slow for
the browser's Python (more than 300 ms a decision in Pyodide)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rulesbook.core.messages import term
from rulesbook.hudai.bots import BOTS as HUDAI
from rulesbook.inferno.bots import BOTS as INFERNO
from rulesbook.madness.bots import BOTS as MADNESS

ROOT = Path(__file__).resolve().parents[2]
#: game: (its levels, those left off its Play page: the search bots at their full playouts, 400,
#: which take 270-470 ms (Inferno) and about a second (Hudai) a decision in Pyodide; both of
#: Madness's search levels, whose playouts each finish the expedition: a third of a second and
#: more a decision on CPython).
LEVELS = {"inferno": (INFERNO, {"search"}), "hudai": (HUDAI, {"search"}), "madness": (MADNESS, {"search", "quick-search"})}


def offered(game: str, name: str) -> list[set[str]]:
    page = (ROOT / "book" / "play" / f"{game}.md").read_text(encoding="utf-8")
    selects = re.findall(rf'<select name="{name}"[^>]*>(.*?)</select>', page, re.S)
    return [set(re.findall(r'<option value="([^"]+)"', select)) - {"you"} for select in selects]


@pytest.mark.parametrize("game", sorted(LEVELS))
def test_a_play_page_offers_every_level_the_browser_can_run(game):
    levels, too_slow = LEVELS[game]
    wanted = set(levels) - too_slow
    seats, hints = offered(game, "seats"), offered(game, "hint_bot")
    assert hints == [wanted], f"{game}: the hints offer {hints}, the levels are {wanted}"
    if game != "hudai":  # the monk is the reader's own seat
        assert seats and all(seat == wanted for seat in seats), f"{game}: the seats offer {seats}"


#: Each Play page, with the words its option labels wrap a level's name in.
PAGES = {("inferno", "en"): ("book/play/inferno.md", "the {} bot"), ("hudai", "en"): ("book/play/hudai.md", "the {} bot"),
         ("madness", "en"): ("book/play/madness.md", "the {} bot"), ("inferno", "zh-TW"): ("zh-TW/book/play/inferno.md", "{}電腦玩家")}


@pytest.mark.parametrize(("game", "language"), sorted(PAGES))
def test_a_play_page_names_each_level_as_the_games_sentences_do(game, language):
    """The set-up's "the search bot" picked quick-search, which the game then called "Yellow the
    quick-search bot": a label names the level as every later sentence does (`term(name, "bot")`)."""
    path, wrapped = PAGES[(game, language)]
    page = (ROOT / path).read_text(encoding="utf-8")
    labels = set(re.findall(r'<option value="([a-z-]+)"[^>]*>([^<]+)</option>', page))
    named = {(value, label) for value, label in labels if value in LEVELS[game][0]}
    # a label may add how often the level wins, after its name: "the heuristic bot (wins about 1 in 4)"
    assert named and {(value, label.split(" (")[0]) for value, label in named} == {
        (value, wrapped.format(term(value, "bot").say(language))) for value, _ in named}
