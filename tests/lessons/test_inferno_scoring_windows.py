"""The find-the-windows exercise (MOI-R17, MOI-R11): its answers are exactly what the pawn scores."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "inferno"))
from inferno_strategies import mountains  # noqa: E402
from test_inferno_position import SCORING_EXAMPLE  # noqa: E402

from rulesbook.inferno import COLUMN, ROW, Position, best_window, score, windows  # noqa: E402
from rulesbook.inferno.scoring import window_sum  # noqa: E402
from rulesbook.lessons import LessonGraph, WindowsReferee, unpack  # noqa: E402
from rulesbook.lessons.data import opened_exercise  # noqa: E402
from rulesbook.widgets import InfernoBoard, speak  # noqa: E402

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
    refusals = LessonGraph(referee).node("s0")["options"]["windows"]["refusals"]
    assert refusals and all(reason.endswith("(MOI-R11)") for reason in refusals.values())  # the cross, not condition b


# --- in zh-TW (issue 26) --------------------------------------------------------------------------------
#: What a zh-TW text may keep in Latin letters: rulings' ids and card codes.
_NOTATION = re.compile(r"MOI-R\d+|(?<![A-Za-z])(?:MK|PM|SB|DH)[+-]\d(?!\d)")


def _reader_texts(lesson) -> list[str]:
    """Every sentence of a windows exercise's page data that a reader reads."""
    node = unpack(lesson)[lesson["start"]]
    texts = [node["decision"], node["hand_label"], node["idle"], node["hint"], *(card["label"] for card in node["hand"])]
    texts += [name for *_, name in node["view"]["cards"]]
    for choice in node["choices"].values():
        texts += [choice["label"], *choice["says"].values()]
    for option in node["options"].values():
        texts += list(option["refusals"].values())
        for _next, say, _log, reach in option["targets"].values():
            texts += [say, reach]
    record = opened_exercise(lesson)
    texts += [record["right"], record["again"], record["done"], *record["missing"], *record["clues"].values()]
    return [text for text in texts if text]


@pytest.mark.parametrize("ended", [False, True], ids=["windows", "complete cross"])
def test_a_zh_tw_windows_board_has_no_english_left_for_the_reader(ended):
    position = EXAMPLE if not ended else Position.parse(". MK+1 . .\nMK+2 PM+1@R SB+1 DH+1\n. SB+2 . .\n. DH+2 . .")
    board = InfernoBoard.find_windows(position, "B" if not ended else "R", ended=ended, language="zh-TW")
    assert board.lesson["language"] == "zh-TW" and board.words["undo"] == "復原"
    left = {text: re.findall(r"[A-Za-z]+", _NOTATION.sub("", re.sub(r"\{\w+\}", "", text))) for text in _reader_texts(board.lesson)}  # {say}: filled in on the page
    assert not {text: words for text, words in left.items() if words}
    board.close()


def test_a_click_on_the_zh_tw_windows_board_says_why_in_zh_tw_with_the_rule_MOI_R17():
    board = InfernoBoard.find_windows(EXAMPLE, "B", language="zh-TW")
    assert board.node()["decision"] == "找出藍色唐僧標記計分的卡牌" and board.node()["hand_label"] == "題目"
    assert board.click((5, 2)) == "答對了：(5, 2)的SB+3屬於最好的橫列（+7分）和直行（+6分）。已找到1個，共6個。"
    assert board.click((2, 2)) == "經過唐僧標記的每一段直行都到不了DH+2：卡牌列是最多4張相鄰、圖像不重複的徒弟卡（MOI-R17）"
    assert board.tone == "no"
    assert board.click((0, 1)) == "SB+2不在唐僧標記所在的橫列或直行上（MOI-R17）"
    assert board.found == ["5,2"]
    board.close()


def test_speak_makes_the_windows_board_speak_zh_tw_and_the_english_one_is_as_it_was():
    english = InfernoBoard.find_windows(EXAMPLE, "B")
    try:
        speak("zh-TW")
        spoken_board = InfernoBoard.find_windows(EXAMPLE, "B")
        assert spoken_board.lesson["language"] == "zh-TW"
        assert InfernoBoard.find_windows(EXAMPLE, "B", language="en").lesson == english.lesson
    finally:
        speak("en")
    assert "language" not in english.lesson
    assert english.node()["decision"] == "Find the cards the blue pawn scores" and english.node()["hand_label"] == "The question"
    assert english.click((5, 2)) == ("Right: SB+3 at (5, 2) belongs to the best row window worth +7 and column window worth +6. "
                                     "Found 1 of 6.")
    # The same answers and the same refusals' places in both languages.
    zh = unpack(InfernoBoard.find_windows(EXAMPLE, "B", language="zh-TW").lesson)
    en = unpack(english.lesson)
    for node_id, node in en.items():
        for key, option in node["options"].items():
            assert option["refusals"].keys() == zh[node_id]["options"][key]["refusals"].keys()
            assert option["targets"].keys() == zh[node_id]["options"][key]["targets"].keys()
