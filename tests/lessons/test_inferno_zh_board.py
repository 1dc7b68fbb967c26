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
#: (sha256 of their JSON, keys sorted): a change here is a change every English page shows. The
#: exercise's changed once since, on purpose: a find exercise's page data holds no state hint (it
#: could name the answers); the responding board's too, on purpose: its step prompt names the
#: button "Move one card (step II)" as the button reads; and again: a responder's hand cards say
#: whether they cancel and which button answers ("has nothing to do here" said of Guan Yin), and the
#: Iron Fan Princess's prompt counts its places with the count first ("to one of no places" was said).
ENGLISH_DIGESTS = {
    "exercise": "77b04ec609a425273b280009af472f3b89f00bb4beb6a895932049cfadd6c611",
    "responding": "79c140efaa79364df113cf03eb1e2071b2035e5955311c44501d80ddb4574851",
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
    assert board.click((-1, -1)) == "徒弟卡須擺放在火焰山區卡牌的上、下、左、右相鄰位置，不能只碰到斜角（中文規則書〈２.遊戲進行〉(1)）"
    assert board.click((2, 1)) == "答對了：MK+2可以放在(2, 1)：它的一邊和火焰山區的卡牌相鄰。已找到1個，共8個。"
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


# --- The Mighty Bison King lesson (InfernoBoard.bison, InfernoBoard.find) speaks zh-TW too. ---------
BISON_MOUNTAIN = '''
MK+1   SB-3   DH+1   PM+2
DH+2@R PM+1   MK+2@Y SB+1
.      SB+2   PM+3   .
'''

#: The English page data of Bison King lessons as the library made them before the lesson spoke
#: zh-TW (sha256 of their JSON, keys sorted): the Mighty Bison King chapter's boards. Changed since
#: in one sentence only: a refusal for a card too near or too far names the shortest path ("no path
#: ... is that long: the shortest is 4 cards") instead of lengths counted up to seven cards.
BISON_DIGESTS = {
    "one": "66429655669a0515c1dd80410483e0375654f94f1f0d5c86d9b67e6ee12da1ec",
    "two": "f7277dc99fa0b288cd1c6069067d7cfb18197a4903639656c42f40ec662c192d",
    "either": "e3a895977e5c41afec5f80935258db124312c38e04813bc9067e9bc374660c93",
    "turn": "00bd577f8225c93e6d0e8e2cf7d50ec33c8c564e3dcd1d652224adc62903763a",
    "find": "b995b39c06414a4869e9c520a917c00f526bdd6d8078499603029a2288303730",  # no state hint in a find exercise (it could name the answers)
    "three": "30ae712b9a3314eb001a2c484da176b374dae948137f6bd541f2229b4ea1878a",
}


def _bison_boards(language: str | None = None) -> dict[str, InfernoBoard]:
    exercise = "SB+1 MK+2 . DH+3\nPM+2@B DH+1 SB+2 MK+1\n. PM+1@R MK-3 PM+1"
    return {
        "one": InfernoBoard.bison(BISON_MOUNTAIN, "R", ("BISON",), pawns=("R",), moves=1, title="t", language=language),
        "two": InfernoBoard.bison(BISON_MOUNTAIN, "R", ("BISON", "BISON"), moves=2, language=language),
        "either": InfernoBoard.bison(BISON_MOUNTAIN, "R", ("BISON", "FAN"), moves=1, language=language),
        "turn": InfernoBoard.bison(BISON_MOUNTAIN, "R", ("BISON", "BISON"), step=True, moves=3, language=language),
        "find": InfernoBoard.find(exercise, "R", cards=1, language=language),
        "three": InfernoBoard.bison(BISON_MOUNTAIN, "R", ("BISON", "BISON", "BISON"), step=True, moves=1,
                                    rules=Rules(edition="zh"), language=language),
    }


def test_the_bison_lessons_english_data_is_byte_for_byte_as_before():
    digests = {name: hashlib.sha256(json.dumps(board.lesson, sort_keys=True, ensure_ascii=False).encode()).hexdigest()
               for name, board in _bison_boards("en").items()}
    assert digests == BISON_DIGESTS


@pytest.mark.parametrize("name", list(BISON_DIGESTS))
def test_a_zh_tw_bison_boards_data_has_no_english_left_and_the_same_moves(name):
    english, chinese = _bison_boards("en")[name].lesson, _bison_boards("zh-TW")[name].lesson
    assert chinese["language"] == "zh-TW" and "language" not in english
    texts = reader_texts(chinese)
    left = {text: english_left(text) for text in texts if english_left(re.sub(r"\{\w+\}", "", text))}
    assert not left, left
    en, zh = unpack(english), unpack(chinese)
    assert list(en) == list(zh)
    for node_id, node in en.items():
        assert node["choices"].keys() == zh[node_id]["choices"].keys()
        for key, option in node["options"].items():
            assert option["refusals"].keys() == zh[node_id]["options"][key]["refusals"].keys()
            assert {place: target[0] for place, target in option["targets"].items()} == \
                   {place: target[0] for place, target in zh[node_id]["options"][key]["targets"].items()}


def test_a_click_on_a_zh_tw_bison_board_says_its_move_or_its_refusal_in_zh_tw_with_the_rule():
    board = InfernoBoard.bison(BISON_MOUNTAIN, "R", ("BISON", "FAN"), step=True, moves=1, rules=Rules(edition="zh"), language="zh-TW")
    assert board.words["undo"] == "復原" and board.node()["decision"] == "輪到紅方行動"
    assert [card["label"] for card in board.node()["hand"]] == ["牛魔王", "鐵扇公主"]
    assert board.node()["choices"]["h1"]["refusal"].endswith("（中文規則書〈２.遊戲進行〉(1)）。")
    assert board.click((1, 2), "h0") == "黃色唐僧標記在(1, 2)的MK+2上：唐僧標記可以經過其他唐僧標記，但不能停在它上方（MOI-R05）"
    assert board.tone == "no"
    assert board.click((0, 3), "h0").startswith("1張牛魔王卡可將唐僧標記移動1到3格") and "MOI-R05" in board.message
    said = board.click((1, 3), "h0")
    assert said == ("紅方打出1張牛魔王卡：紅色唐僧標記從(1, 0)的DH+2走到(1, 3)的SB+1，路線長3格。"
                    "黃方可以立即打出1張鐵扇公主卡或1張觀世音菩薩卡進行反制（MOI-R06）。"), said
    assert board.tone == "ok" and board.position.pawn("R") == (1, 3)
    board.close()
    english = InfernoBoard.bison(BISON_MOUNTAIN, "R", ("BISON",), language="en")
    assert english.click((1, 3), "h0").endswith("Nobody may cancel it: the pawn is the player's own (MOI-R06).")
    chinese_own = InfernoBoard.bison(BISON_MOUNTAIN, "R", ("BISON",), language="zh-TW")
    assert chinese_own.click((1, 3), "h0").endswith("沒有人可以反制：移動的是打牌玩家自己的唐僧標記（MOI-R06）。")


def test_the_bison_find_exercise_speaks_zh_tw_after_speak():
    try:
        speak("zh-TW")
        board = InfernoBoard.find("SB+1 MK+2 . DH+3\nPM+2@B DH+1 SB+2 MK+1\n. PM+1@R MK-3 PM+1", "R", cards=1)
    finally:
        speak("en")
    assert board.language == "zh-TW" and board.lesson["language"] == "zh-TW"
    assert board.click((0, 0)) == "答對了：紅色唐僧標記可以走3格到達(0, 0)的SB+1。已找到1個，共7個。", board.message
    assert "MOI-R05" in board.click((1, 0)) and board.tone == "no"        # blue's card: passed over, never a stop
    assert "MOI-R05" in board.click((0, 3)) and board.found == ["0,0"]   # four cards away
