"""The Python side of the Madness board, `MadnessExpedition`: it plays, refuses and undoes like every
board, referees a live click beyond the page, and a find board never breaks on a bad message.
(The referees behind it are tested in tests/lessons/test_madness_lessons.py.)"""

from __future__ import annotations

import pytest

from rulesbook.madness import Phase, game_moment
from rulesbook.widgets import MadnessExpedition


# --- the Python side of the board -------------------------------------------------------------

def test_the_board_plays_refuses_and_undoes_like_every_board():
    board = MadnessExpedition.turn(game_moment(4, space="C10", visited=["C6"]), moves=1, until="landing", title="From C10")
    assert board.lesson["picture"] == "madness" and board._picture == "madness"
    said = board.click("C10", "fly")
    assert board.tone == "no" and said == "The Airplane cannot stay on the same space (Movement Phase)"
    assert len(board.history) == 1
    said = board.click("M3", "fly")
    assert board.tone == "ok" and said.startswith("The Leader moves the Airplane to M3 (Mountain)")
    assert board.expedition.airplane == "M3" and board.history[-1][1] == "P1: move to M3"
    board.undo()
    assert board.expedition.airplane == "C10" and board.message == "Undone."
    assert repr(board).startswith("MadnessExpedition(Movement Phase: the Leader, P1 (you), moves the Airplane; hand: ")


def test_a_madness_board_on_a_moment_is_made_by_the_name_the_other_games_use():
    """A teacher's audit: `InfernoBoard.game(moment)` and `HudaiTable.game(moment)` are in the README;
    the same line for Madness was an AttributeError."""
    moment = game_moment(4, space="C10", visited=["C6"])
    board = MadnessExpedition.game(moment, moves=0, until="landing")
    assert board.lesson == MadnessExpedition.turn(moment, moves=0, until="landing").lesson
    with pytest.raises(TypeError):
        MadnessExpedition.game(moment, rounds=2)


def test_a_live_click_beyond_the_page_is_refereed_by_python_and_added():
    board = MadnessExpedition.turn(game_moment(3, tile="Frozen Bay", hands={0: ["Books 6", "Books 4"]}), moves=0)
    before = set(board.lesson["nodes"])
    board.click("sled", "h0")
    assert board.tone == "ok" and set(board.lesson["nodes"]) > before
    board.click("sled", "time")
    assert board.tone == "no" and "click the Sand Timer" in board.message
    board.click("timer", "time")
    assert board.expedition.phase is Phase.TIMER


def test_a_find_board_counts_answers_and_bad_messages_never_break_it():
    board = MadnessExpedition.find(game_moment(4, space="X1"), "fly", title="Escape")
    assert board.click("X2").startswith("Right:") and board.found == ["X2"]
    board.click("X1")
    assert board.tone == "no" and "Edge of Madness" in board.message
    for message in ({"type": "click", "choice": "no such choice", "place": "X2", "node": "s0"}, {"type": "what"}, None, 42,
                    {"type": "click", "choice": "fly", "place": "nowhere", "node": "s0"}):
        board.handle(message)
        assert board.tone in ("no", "info") and "Traceback" not in board.message
    assert MadnessExpedition.sled(game_moment(4, tile="Seals", sled=[(0, "Tools 6"), (1, "Tools 3")])).lesson["mode"] == "find"
    assert MadnessExpedition.leadership(game_moment(4)).lesson["exercise"]["choice"] == "token"
    with pytest.raises(AttributeError):
        MadnessExpedition.leadership(game_moment(4)).expedition
