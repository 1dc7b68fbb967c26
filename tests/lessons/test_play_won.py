"""A finished game's `meta.won` (rulesbook.lessons.play, each game's `won`): the page gives the move
that ends a game the reader's side won the tone of a success (a tick), and a lost one none. Hudai
Pass: the monk won; At the Mountains of Madness: the expedition won; Mountain of Inferno: a
reader's seat has the most points, or shares them (hot-seat: one reader's win is the page's)."""

from __future__ import annotations

import pytest

from play_page import HudaiPage, InfernoPage, MadnessPage


Hudai, Madness, Inferno = HudaiPage, MadnessPage, InfernoPage


#: Whole games played with the hint's moves, and whether the reader's side wins each (its ending's words).
GAMES = {
    "hudai won": (Hudai, {"seed": 2, "hint_bot": "heuristic"}, r"The monk has won"),
    "hudai lost": (Hudai, {"seed": 3, "hint_bot": "heuristic"}, r"The monk has lost"),
    "madness won": (Madness, {"seed": 11, "players": 3, "seats": ["you", "expedition", "expedition"], "hint_bot": "expedition"},
                    r", and you won: "),
    "madness lost": (Madness, {"seed": 3, "players": 3, "seats": ["you", "expedition", "expedition"], "hint_bot": "expedition"},
                     r"The expedition is lost "),
    "inferno won": (Inferno, {"seed": 10, "players": 2, "seats": ["you", "random"], "hint_bot": "greedy"}, r"Red wins with "),
    "inferno lost": (Inferno, {"seed": 5, "players": 2, "seats": ["you", "greedy"], "hint_bot": "random"}, r"Yellow wins with "),
    "inferno hot-seat": (Inferno, {"seed": 10, "players": 2, "seats": ["you", "you"], "hint_bot": "greedy"}, r" wins with "),
}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_finished_game_says_whether_the_readers_side_won(name):
    page_class, setup, ending = GAMES[name]
    page = page_class(setup)
    page.play_out()
    here = page.here()
    assert ending in page.meta["over"][here], page.meta["over"][here]
    won = name.endswith(("won", "hot-seat"))
    assert page.meta["won"] == ({here: True} if won else {}), page.meta["won"]
    # The same from a record played back (a reload): "started" carries it for the whole move log.
    record = page.ask(type="record", history=page.ids())["record"]
    choices = {"hint_bot": setup["hint_bot"]}
    reply = page.ask(type="resume", record=record, setup=choices)
    assert reply["meta"]["won"] == ({here: True} if won else {}), reply["meta"]["won"]


def test_a_game_not_over_is_won_nowhere():
    page = Hudai({"seed": 2, "hint_bot": "heuristic"})
    assert page.meta["won"] == {} and page.meta["over"] == {}
