"""The board shell's Python half (rulesbook.widgets.Board) on a toy game that names its places by
strings: what a new game's board relies on, the live protocol (the page asks Python only to record
a state) and what a failure inside a live board does (logged with its traceback, a friendly line
for the learner)."""

from __future__ import annotations

import logging

import pytest

from rulesbook.core.errors import IllegalAction
from rulesbook.lessons import Choice, LessonGraph, Outcome, exercise, number_words, unpack
from rulesbook.widgets import Board
from rulesbook.widgets.board import WORDS


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


class Broken(Switches):
    """A referee with a bug: any state with a switch on cannot be looked at."""

    def choices(self, state):
        if state:
            raise ZeroDivisionError("the referee's own bug")
        return super().choices(state)


class SwitchBoard(Board):
    picture = ""  # no picture of its own: the shell's Python half alone


def sent(board) -> list[dict]:
    messages: list[dict] = []
    board.send = messages.append
    return messages


def test_the_shell_runs_a_game_whose_places_are_named_by_strings():
    board = SwitchBoard(Switches(), moves=2, title="switches")
    assert board.lesson["places"] == [["left", "right"]] and len(board.lesson["nodes"]) == 4
    assert board.click("left", "h0") == "The left switch goes on." and board.tone == "ok"
    assert board.click("left", "h0") == "The left switch is on already (TOY-1)" and board.tone == "no"
    assert board.targets("h0") == {"right"}
    board.undo()
    assert board.state == frozenset() and repr(board) == "SwitchBoard(0 on; hand: Flip; moves: 0)"
    assert board.message == WORDS["undone"]
    board.undo()
    assert board.message == WORDS["nothingToUndo"]
    node = unpack(board.lesson)["s0"]
    assert node["choices"]["h0"]["says"]["me"] == "Flip a switch: 2 may go on, each marked with a dot."


def test_an_exercise_on_the_toy_game_finds_both_switches():
    record = LessonGraph(Switches()).node("s0")
    board = SwitchBoard(Switches(), moves=0, mode="find", exercise=exercise(record, "h0", noun=("switch", "switches")))
    assert board.exercise["clues"] == {"left": "look at the switches", "right": "look at the switches"}
    assert board.click("right").startswith("Right: The right switch goes on. Found 1 of 2")
    assert board.click("right") == "You have found that one already: 1 of 2 so far."
    assert board.click("left").endswith("That is all 2: well done.") and board.found == ["right", "left"]
    board.rewind(1)
    assert board.found == ["right"] and board.message == "Back to move 1." and board.entries == 1
    board.rewind(5)  # past the log's end: where it is, not "Back to move 5." as before
    assert board.found == ["right"] and board.message == "Back to move 1."
    board.rewind(-3)
    assert board.found == [] and board.message == WORDS["back"]
    for count in ("1", 1.5, True):
        with pytest.raises(ValueError) as refused:
            board.rewind(count)
        assert str(refused.value) == f"count: a number of moves, such as 0 for the start, not {count!r}"


def test_an_exercise_with_one_answer_says_it_was_the_only_one():
    """It said "That is all 1: well done." and, as a hint once found, "All 1 switch found"."""
    class LeftOn(Switches):
        def start(self):
            return frozenset({"left"})

    for language, done, found in [("en", "Right: The right switch goes on. That was the only one: well done.", "It is found: nothing is missing."),
                                  ("zh-TW", "答對了：The right switch goes on.只有這一個，做得好！", "找到了：沒有遺漏。")]:
        asked = exercise(LessonGraph(LeftOn()).node("s0"), "h0", noun=("switch", "switches"), language=language)
        assert asked["missing"][0] == found and asked["missing"][1:] == [exercise(
            LessonGraph(Switches()).node("s0"), "h0", noun=("switch", "switches"), language=language)["missing"][1]]
        board = SwitchBoard(LeftOn(), moves=0, mode="find", exercise=asked)
        assert board.click("right") == done
    assert exercise(LessonGraph(Switches()).node("s0"), "h0")["missing"][0] == "All 2 places found: nothing is missing."


def test_the_page_asks_python_only_to_record_a_state_it_does_not_hold():
    board = SwitchBoard(Switches(), moves=0)
    messages = sent(board)
    board.handle({"type": "hello"})
    assert messages == [{"type": "live"}]
    target = unpack(board.lesson)["s0"]["options"]["flip"]["targets"]["left"]
    assert target[0] not in board.lesson["nodes"]  # beyond the data: the page asks
    board.handle({"type": "expand", "node": target[0]})
    assert messages[-1] == {"type": "expanded", "node": target[0]}
    assert unpack(board.lesson)[target[0]]["decision"] == "1 on"
    assert board.history == [["s0", ""]] and board.message == ""  # the page makes the move, not Python


def test_a_referee_that_raises_is_logged_and_the_learner_reads_a_friendly_line(caplog):
    board = SwitchBoard(Broken(), moves=0)
    messages = sent(board)
    target = unpack(board.lesson)["s0"]["options"]["flip"]["targets"]["left"]
    with caplog.at_level(logging.ERROR):
        board.handle({"type": "expand", "node": target[0]})
    assert messages == [{"type": "failed"}]
    assert board.message == WORDS["failed"] == "Something went wrong on this board; the move was not made."
    assert board.tone == "no" and "Traceback" not in board.message and "ZeroDivisionError" not in board.message
    [record] = [record for record in caplog.records if record.levelno == logging.ERROR]
    assert "SwitchBoard board could not answer" in record.getMessage() and record.exc_info[0] is ZeroDivisionError
    assert "the referee's own bug" in caplog.text  # the traceback, for the developer
    with caplog.at_level(logging.ERROR):
        assert board.click("left", "h0") == WORDS["failed"]  # from Python too: the move is not made
    assert board.history == [["s0", ""]]


@pytest.mark.parametrize("content", [None, "nonsense", {"type": 5}, {"type": "dance"}])
def test_a_message_the_board_does_not_know_is_refused_in_words(content):
    board = SwitchBoard(Switches(), moves=0)
    board.handle(content)
    assert board.tone == "no" and board.message.startswith("The board did not understand the message")


@pytest.mark.parametrize("moves", ["2", 1.5, True, -1])
def test_a_board_asked_for_a_depth_that_is_no_count_of_moves_is_refused_naming_it(moves):
    """A teacher's `moves="2"` raised range()'s TypeError from deep in the lesson graph, and
    `moves=-1` was taken as 0, unsaid; every game's `game` board comes through here."""
    with pytest.raises(ValueError) as refused:
        SwitchBoard(Switches(), moves=moves)
    assert str(refused.value) == f"moves: how many clicks deep the board answers ahead, a whole number 0 or more, not {moves!r}"
