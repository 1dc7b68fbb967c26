"""A Mountain of Inferno board in zh-TW (issue 26): the lesson data of a board on a game moment says
every text for the reader in zh-TW, with nothing English left but the notation (MK+2, places such as
(0, 1), the rulings' ids); the English data of the same moments is as it was, byte for byte."""

from __future__ import annotations

import hashlib
import json
import random
import re
from typing import Any

import pytest

from rulesbook.inferno import Colour, PlayBison, Rules, apply, game_moment, legal_actions, new_game
from rulesbook.inferno.state import Phase
from rulesbook.lessons import unpack
from rulesbook.lessons.data import opened_exercise
from rulesbook.lessons.graph import LessonGraph
from rulesbook.lessons.inferno.whole_game import GameReferee, find_in_game, game_find_exercise
from rulesbook.widgets import InfernoBoard, speak, spoken
from inferno_moments import played

#: What a zh-TW text may keep in Latin letters: rulings' ids and card codes.
NOTATION = re.compile(r"MOI-R\d+|(?<![A-Za-z])(?:MK|PM|SB|DH)[+-]\d(?!\d)")
EXERCISE = ("MK+1 SB-3@R\nDH+2@Y PM+1", ["MK+2 BISON GUANYIN", "SB+2 FAN PM+3"])


def english_left(text: str) -> list[str]:
    return re.findall(r"[A-Za-z]+", NOTATION.sub("", text))




def _responding() -> Any:
    state = game_moment("MK+1@R PM+1 SB+1@B DH+1", ["MK+2 BISON FAN", "GUANYIN REDBOY:PM REDBOY:SB"])
    return apply(state, PlayBison(Colour.BLUE, (0, 3), 1))[0]


def _before_round_end(seed: int) -> Any:
    """A moment where a click ends the round (its outcome says how each seat scored)."""
    rng = random.Random(seed)
    state = new_game(2, seed=seed)
    while True:
        actions = legal_actions(state)
        if any(event.kind == "round" for action in actions for event in apply(state, action)[1]):
            return state
        state, _ = apply(state, rng.choice(actions))


RULES = [Rules(), Rules(edition="zh"), Rules(two_pawns=True)]
MOMENTS = [game_moment(*EXERCISE, rules=Rules(edition="zh")), _responding(),
           game_moment("MK+1@R PM+1 SB+1@B DH+1", ["MK+2 BISON FAN", "GUANYIN REDBOY:PM REDBOY:SB"]),
           *(played(seed, 2 + seed % 3, moves, RULES[seed % 3]) for seed, moves in
             ((1, 0), (2, 3), (3, 12), (4, 25), (5, 40), (6, 60), (7, 90), (8, 130), (9, 400), (10, 7), (11, 9))),
           _before_round_end(12)]


def reader_texts(lesson: dict[str, Any]) -> list[str]:
    """Every text of page data a reader reads (not the move log's entries, which are the actions'
    notation, nor the view's codes): decisions, hands, choices, what each click says, hints."""
    texts = []
    for node in unpack(lesson).values():
        texts += [node["decision"], node["hand_label"], node["idle"], node["hint"], *(card["label"] for card in node["hand"])]
        texts += [name for *_, name in node["view"].get("cards", [])] + list(node["view"].get("named", {}).values())
        for choice in node["choices"].values():
            texts += [choice["label"], choice.get("refusal", ""), *choice.get("says", {}).values(), *(name for actor, name in choice.get("actors", {}).items() if name != actor)]  # a pawn named by its letter: notation
        for option in node["options"].values():
            texts += list(option["refusals"].values())
            for _next, say, _log, reach in option["targets"].values():
                texts += [say, reach]
    if lesson.get("exercise"):
        record = opened_exercise(lesson)
        texts += [record["right"], record["again"], record["done"], *record["missing"], *record["clues"].values()]
    return [text for text in texts if text]


def test_the_moments_meet_every_decision_a_round_end_and_the_game_over():
    phases = {state.phase for state in MOMENTS}
    assert phases >= {Phase.PLACE_PAWN, Phase.PLAY, Phase.STEP, Phase.RESPOND, Phase.OVER}
    said = " ".join(text for state in MOMENTS for text in reader_texts(LessonGraph(GameReferee(state), max_nodes=5000).lesson(1)))
    assert "Scoring:" in said and "may cancel it now" in said  # a round's end and a cancel are among the outcomes


@pytest.mark.parametrize("state", MOMENTS, ids=[f"moment{index}" for index in range(len(MOMENTS))])
def test_a_zh_tw_boards_lesson_data_has_no_english_left_for_the_reader(state):
    lesson = LessonGraph(GameReferee(state, "zh-TW"), max_nodes=5000).lesson(1)
    assert lesson["language"] == "zh-TW"
    texts = reader_texts(lesson)
    left = {text: english_left(text) for text in texts if english_left(text)}
    assert not left, left


@pytest.mark.parametrize("state", MOMENTS, ids=[f"moment{index}" for index in range(len(MOMENTS))])
def test_an_english_board_keeps_its_data_and_a_zh_tw_one_the_same_moves(state):
    english = LessonGraph(GameReferee(state), max_nodes=5000).lesson(1)
    assert "language" not in english
    assert LessonGraph(GameReferee(state, "en"), max_nodes=5000).lesson(1) == english
    chinese = LessonGraph(GameReferee(state, "zh-TW"), max_nodes=5000).lesson(1)
    en, zh = unpack(english), unpack(chinese)
    assert list(en) == list(zh)
    for node_id, node in en.items():
        other = zh[node_id]
        assert node["places"] == other["places"] and [card["code"] for card in node["hand"]] == [card["code"] for card in other["hand"]]
        assert node["choices"].keys() == other["choices"].keys()
        for key, option in node["options"].items():
            assert option["refusals"].keys() == other["options"][key]["refusals"].keys()
            assert {place: (target[0], target[2]) for place, target in option["targets"].items()} == \
                   {place: (target[0], target[2]) for place, target in other["options"][key]["targets"].items()}


#: The English page data of three boards, as the library made them before boards spoke zh-TW
#: (sha256 of their JSON, keys sorted): a change here is a change every English page shows.
ENGLISH_DIGESTS = {
    "exercise": "981256bb2d06026c5e9dfee51a1ba32153a762283c4515919c467f629d1f4794",
    "responding": "2d02ce10a68f5b69a3532412bb2027cb455eb6e51459140097339760396f138f",
    "start": "ac7166986116084d1a4218b26b68d40d7bbcf7a7a9c78ba19588323a28dab79b",
}


def _english_lessons() -> dict[str, dict[str, Any]]:
    return {"exercise": game_find_exercise(MOMENTS[0], "h0"), "responding": LessonGraph(GameReferee(MOMENTS[1])).lesson(2),
            "start": LessonGraph(GameReferee(MOMENTS[3])).lesson(1)}


def test_the_english_data_is_byte_for_byte_as_before():
    digests = {name: hashlib.sha256(json.dumps(lesson, sort_keys=True, ensure_ascii=False).encode()).hexdigest()
               for name, lesson in _english_lessons().items()}
    assert digests == ENGLISH_DIGESTS


def test_the_exercise_in_zh_tw_says_the_rulebooks_refusal_and_its_right_answer():
    state = MOMENTS[0]
    referee, record = find_in_game(state, "h0", language="zh-TW")
    assert referee.language == "zh-TW"
    assert record["right"] == "答對了：{say}已找到{found}個，共{total}個。" and record["missing"][0] == "8個位置全部找到了：沒有遺漏。"
    board = InfernoBoard.find_in_game(state, "h0", language="zh-TW")
    assert board.language == "zh-TW" and board.lesson["language"] == "zh-TW" and board.words["undo"] == "復原"
    assert board.node()["decision"] == "輪到紅方行動" and board.node()["hand_label"] == "紅方的手牌"
    assert board.click((-1, -1)) == "徒弟卡須擺放在火焰山卡牌的上、下、左、右相鄰位置，不能只碰到斜角（規則書「打出卡牌」）"
    assert board.click((2, 1)) == "答對了：MK+2可以放在(2, 1)：它和火焰山區的卡牌有一邊相接。已找到1個，共8個。"
    assert board.click((2, 1)) == "這個已經找到了：目前找到1個，共8個。"
    board.undo()
    assert board.message == "已復原。"
    board.close()


def test_speak_makes_every_board_after_it_speak_zh_tw_until_told_otherwise():
    state = MOMENTS[0]
    assert spoken() == "en"
    try:
        speak("zh-TW")
        board = InfernoBoard.game(state)
        assert board.lesson["language"] == "zh-TW" and board.node()["decision"] == "輪到紅方行動"
        assert "language" not in InfernoBoard.game(state, language="en").lesson
    finally:
        speak("en")
    assert "language" not in InfernoBoard.game(state).lesson
    with pytest.raises(ValueError, match="not 'fr'"):
        speak("fr")


def test_an_exercise_of_your_own_speaks_zh_tw_when_asked():
    from rulesbook import teach

    board = teach.exercise(MOMENTS[0], "h0", prompt="MK+2 可以放在哪裡？", language="zh-TW")
    assert board.lesson["language"] == "zh-TW" and board.exercise["done"] == "答對了：{say}{total}個全部找到了，做得好！"
    assert board.click((2, 1)).startswith("答對了：") and board.words["hint"] == "提示"
    board.close()
