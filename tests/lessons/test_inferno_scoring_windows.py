"""The find-the-windows exercise (MOI-R17, MOI-R11): its answers are exactly what the pawn scores."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from hypothesis import given, settings

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "inferno"))
from inferno_strategies import mountains  # noqa: E402
from test_inferno_position import SCORING_EXAMPLE  # noqa: E402

from rulesbook.inferno import COLUMN, ROW, Position, best_window, score, windows  # noqa: E402
from rulesbook.inferno.scoring import window_sum  # noqa: E402
from rulesbook.lessons import LessonGraph, WindowsReferee  # noqa: E402
from rulesbook.widgets import InfernoBoard  # noqa: E402

EXAMPLE = Position.parse(SCORING_EXAMPLE)


def _ties(position, place, direction) -> bool:
    """Whether two windows through the place, in that direction, share the best sum (worked out
    here from the windows themselves, not from the referee)."""
    sums = [window_sum(position, window) for window in windows(position, place, direction)]
    return sums.count(max(sums)) > 1


@settings(max_examples=60)
@given(mountains(min_pawns=1, max_cards=20))
def test_the_answers_are_the_cards_the_pawn_scores_and_every_other_card_is_refused(position):
    colour = sorted(position.pawns, key=lambda c: "RYBK".index(c.letter))[0]
    place = position.pawn(colour)
    tied = [direction for direction in (ROW, COLUMN) if _ties(position, place, direction)]
    if tied:  # the answer would not be one set of cards: refused, and only then
        with pytest.raises(ValueError, match="tie"):
            WindowsReferee(position, colour)
        return
    referee = WindowsReferee(position, colour)
    answers = referee.answers
    assert referee.best[ROW] == best_window(position, place, ROW) and referee.best[COLUMN] == best_window(position, place, COLUMN)
    assert position.pawn(colour) in answers
    assert sum(position.card_at(place).value for place in answers) == score(position, colour)
    node = LessonGraph(referee).node("s0")
    targets = set(node["options"]["windows"]["targets"])
    assert targets == {f"{row},{column}" for row, column in answers}
    for place, reason in node["options"]["windows"]["refusals"].items():
        assert reason.endswith("(MOI-R17)")


def test_the_rulebook_example_blue_scores_its_row_and_column_MOI_R17():
    board = InfernoBoard.find_windows(EXAMPLE, "B")
    assert board.exercise["answers"] == ["3,2", "4,2", "5,2", "5,3", "5,4", "5,5"]
    assert board.click((5, 2)).startswith("Right")
    assert "No column window through the pawn reaches DH+2" in board.click((2, 2))
    assert "neither in the pawn's row nor in its column" in board.click((0, 1))
    assert board.found == ["5,2"]


def test_a_tie_is_refused_because_the_answer_would_not_be_one_set():
    with pytest.raises(ValueError, match="tie"):
        InfernoBoard.find_windows(EXAMPLE, "K", ended=True)


def test_the_complete_cross_of_the_ender_MOI_R11():
    cross = Position.parse(". MK+1 . .\nMK+2 PM+1@R SB+1 DH+1\n. SB+2 . .\n. DH+2 . .")
    referee = WindowsReferee(cross, "R", ended=True)
    assert len(referee.answers) == 7
    assert sum(cross.card_at(p).value for p in referee.answers) + cross.card_at((1, 1)).value == score(cross, "R", ended=True)
