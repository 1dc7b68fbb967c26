"""The page-data contract every board shares (rulesbook.lessons.data): packing a lesson graph's
records for a page and reading them back, every sentence and view written once, the exercise
words. On Inferno's game referee, the richest one; tests/widgets/test_widget_board.py runs the
same contract on a toy game."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulesbook.inferno import game_moment
from rulesbook.lessons import GameReferee, LessonGraph, exercise, number_words, pack, unpack
from rulesbook.lessons.data import choice_say, entry_key, opened_exercise, seal, unseal
from rulesbook.widgets import InfernoBoard

LINE = "MK+1@R PM+1 SB+1@B DH+1\n. . DH+2@Y ."


def test_lessons_import_no_jupyter():
    code = "import sys, rulesbook.lessons; print(sorted(m for m in sys.modules if m.split('.')[0] in ('ipywidgets', 'anywidget', 'traitlets', 'IPython')))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_packed_lesson_data_unpacks_to_the_graphs_records():
    state = game_moment(LINE, ["MK+2 BISON REDBOY:PM", "SB+2", "FAN"])
    graph = LessonGraph(GameReferee(state))
    records = graph.records(1)
    lesson = graph.lesson(1, title="t")
    assert json.loads(json.dumps(lesson)) == lesson
    nodes = unpack(lesson)
    assert set(nodes) == set(records)
    for node_id, record in records.items():
        node = nodes[node_id]
        for name in ("view", "places", "decision", "hand", "hand_label", "idle", "hint"):
            assert node[name] == record[name], name
        for key, option in record["options"].items():
            # A lesson leaves out the reach clause, which only an exercise says.
            assert node["options"][key]["targets"] == {place: [*target[:3], target[1]] for place, target in option["targets"].items()}
            assert node["options"][key]["refusals"] == option["refusals"]
            assert set(option["targets"]) | set(option["refusals"]) == set(record["places"])
        for key, choice in record["choices"].items():
            if "refusal" in choice:
                assert node["choices"][key] == {"label": choice["label"], "refusal": choice["refusal"]}
            else:
                assert node["choices"][key]["actors"] == choice["actors"]
                assert all(node["choices"][key]["says"][actor].startswith(choice["says"][actor]) for actor in choice["options"])


def test_each_sentence_and_each_mountain_is_written_once():
    lesson = InfernoBoard.game(game_moment(LINE, ["MK+2 BISON FAN", "SB+2", "FAN"]), moves=1).lesson
    assert len(lesson["texts"]) == len(set(lesson["texts"]))
    cards = [part for part in lesson["parts"] if isinstance(part, list) and part and len(part[0]) == 4]
    assert len(cards) == len({json.dumps(part) for part in cards}) < len(lesson["nodes"])


def test_a_choice_says_what_it_does_and_agrees_with_its_count():
    state = game_moment("MK+1@R SB+1@B DH+1 PM-3", ["REDBOY:PM SB+2 FAN", "SB+2", "FAN"])
    says = unpack(LessonGraph(GameReferee(state)).lesson(0))["s0"]["choices"]["h0"]["says"]["R"]
    assert says == "Red Boy (Pig Monk): 1 card it may discard, marked with a dot."


def test_an_exercise_counts_what_is_left_in_words_and_has_a_clue_for_every_answer():
    state = game_moment(LINE, ["MK+2 BISON FAN", "SB+2", "FAN"])
    record = LessonGraph(GameReferee(state)).node("s0")
    found = exercise(record, "h1", "R", ("card", "cards"))
    total = len(found["answers"])
    assert found["answers"] == sorted(record["options"]["bison1:R"]["targets"], key=record["places"].index)
    assert found["missing"][0] == f"All {total} cards found: nothing is missing."
    assert found["missing"][1] == "One card is still missing: {clue}."
    assert found["missing"][total] == f"{number_words(total).capitalize()} cards are still missing: {{clue}}."
    assert set(found["clues"]) == set(found["answers"])
    assert all(clue.startswith("one is") and "from the red pawn" in clue for clue in found["clues"].values())
    with pytest.raises(ValueError, match=r"^the choice 'h0\+h2' is not offered here; the choices are h0, h1, "):
        exercise(record, "h0+h2", "R")


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.text(), lambda inner: st.lists(inner) | st.dictionaries(st.text(), inner))


@given(JSON, st.text())
def test_what_is_sealed_opens_under_its_key(value, key):
    sealed = seal(value, key)
    assert unseal(sealed, key) == value and sealed.isascii()


@given(st.text(min_size=8), st.text(), st.text(min_size=1))
def test_a_sealed_text_does_not_open_under_another_key(value, key, other):
    sealed = seal(value, key)
    with pytest.raises(ValueError):
        assert unseal(sealed, key + other) != value  # it opens to nothing, or to something else
        raise ValueError("opened to something else")
    assert value not in sealed


def test_a_find_exercises_page_data_holds_no_answer_in_the_clear_issue_24():
    state = game_moment(LINE, ["MK+2 BISON FAN", "SB+2", "FAN"])
    graph = LessonGraph(GameReferee(state))
    record = graph.node("s0")
    plain = exercise(record, "h1", "R", ("card", "cards"))
    lesson = pack({"s0": record}, "s0", picture="inferno", mode="find", exercise=plain)
    page = json.dumps(lesson, ensure_ascii=False)
    sealed = lesson["exercise"]
    assert "answers" not in sealed and sealed["total"] == len(plain["answers"]) > 1
    targets = record["options"][plain["option"]]["targets"]
    for place, (_next, say, log, reach) in targets.items():
        assert reach not in page and log not in page, place  # what a find says is sealed with it
    for clue in plain["clues"].values():
        assert clue not in page
    entries = lesson["nodes"]["s0"]["options"][plain["option"]]
    assert all(isinstance(entry, str) for entry in entries)  # a target and a refusal look alike
    assert opened_exercise(lesson) == plain
    opened = unpack(lesson)["s0"]["options"]
    assert list(opened) == [plain["option"]]  # the other actors' options are not on the page
    assert opened[plain["option"]] == {"targets": {place: list(target) for place, target in targets.items()},
                                       "refusals": record["options"][plain["option"]]["refusals"]}
    place = lesson["places"][0][0]
    with pytest.raises(ValueError):
        unseal(entries[0], entry_key(sealed["salt"] + "x", place))
    assert pack({"s0": record}, "s0", picture="inferno", mode="find", exercise=plain) == lesson  # the same at every build


def test_a_choice_says_what_the_reader_does_next():
    assert choice_say("lay MK+2: 3 places", 3, "play") == "Lay MK+2: 3 places, each marked with a dot."
    assert choice_say("lay MK+2: 1 place", 1, "play") == "Lay MK+2: 1 place, marked with a dot."
    assert choice_say("lay MK+2: no places", 0, "play") == "Lay MK+2: no places. A click on a place says why."
    assert choice_say("the cards it may discard", 2, "find") == "The cards it may discard: find them all."
    assert choice_say("the track that ends this game: 1 track", 1, "find") == "The track that ends this game: 1 track: find it."
    assert choice_say("the track that ends this game: 1 track", 1, "find", "zh-TW").endswith("，把它找出來。")
    assert [number_words(count) for count in (0, 2, 12, 13)] == ["no", "two", "twelve", "13"]
