"""The page-data contract every board shares (rulesbook.lessons.data) and the board shell's Python
half (rulesbook.widgets.Board), on Inferno's referees and on a toy game that names its places by
strings: what a new game's board relies on."""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulesbook.core.errors import IllegalAction
from rulesbook.inferno import Phase, Rules, apply, game_moment, legal_actions, new_game
from rulesbook.lessons import Choice, GameReferee, LessonGraph, Outcome, exercise, number_words, unpack
from rulesbook.widgets import Board, InfernoBoard

LINE = "MK+1@R PM+1 SB+1@B DH+1\n. . DH+2@Y ."


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
        for name in ("view", "places", "decision", "hand", "idle", "hint"):
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
    with pytest.raises(ValueError, match="offers nothing"):
        exercise(record, "h0+h2", "R")


class Switches:
    """A toy game for the shell: two switches named "left" and "right"; flipping one on is legal
    once, flipping it again is refused (TOY-1). Places are strings, not grid places."""

    def start(self):
        return frozenset()

    def picture(self, state):
        return {"on": sorted(state), "decision": f"{len(state)} on", "hand": [{"code": "F", "label": "Flip"}]}

    def choices(self, state):
        return [Choice("h0", "Flip", {"me": "flip"}, "me", prompt="Flip a switch: {count} may go on")]

    def places(self, state):
        return ["left", "right"]

    def play(self, state, option, place):
        if place in state:
            raise IllegalAction(f"the {place} switch is on already", "TOY-1")
        return Outcome(state | {place}, f"The {place} switch goes on.", f"flip {place}", clue="look at the switches")

    def idle(self, state):
        return "Choose Flip first."

    def hint(self, state):
        return f"{number_words(2 - len(state)).capitalize()} switches may still go on."


class SwitchBoard(Board):
    picture = ""  # no picture of its own: the shell's Python half alone


def test_the_shell_runs_a_game_whose_places_are_named_by_strings():
    board = SwitchBoard(Switches(), moves=2, title="switches")
    assert board.lesson["places"] == [["left", "right"]] and len(board.lesson["nodes"]) == 4
    assert board.click("left", "h0") == "The left switch goes on." and board.tone == "ok"
    assert board.click("left", "h0") == "The left switch is on already (TOY-1)" and board.tone == "no"
    assert board.targets("h0") == {"right"}
    board.undo()
    assert board.state == frozenset() and repr(board) == "SwitchBoard(0 on; hand: Flip; moves: 0)"
    node = unpack(board.lesson)["s0"]
    assert node["choices"]["h0"]["says"]["me"] == "Flip a switch: 2 may go on, each marked with a dot."


def test_an_exercise_on_the_toy_game_finds_both_switches():
    record = LessonGraph(Switches()).node("s0")
    board = SwitchBoard(Switches(), moves=0, mode="find", exercise=exercise(record, "h0", noun=("switch", "switches")))
    assert board.lesson["exercise"]["clues"] == {"left": "look at the switches", "right": "look at the switches"}
    assert board.click("right").startswith("Right: The right switch goes on. Found 1 of 2")
    assert board.click("left").endswith("That is all 2: well done.") and board.found == ["right", "left"]
