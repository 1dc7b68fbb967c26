"""A lesson as plain data (rulesbook.lessons.graph): a referee is asked about every click on
every place of every state visited, and the answers are written down; a toy game whose places
are strings shows what any game's referee relies on."""

from __future__ import annotations

import pytest

from rulesbook.core.errors import IllegalAction
from rulesbook.lessons import Choice, LessonGraph, Outcome, parse_place, place_key, refusal_text


class Counter:
    """A toy game: a counter that may go up by one or two, never past 3 (TOY-2)."""

    def start(self):
        return 0

    def picture(self, state):
        return {"count": state, "decision": f"at {state}", "hand": []}

    def choices(self, state):
        return [Choice("up", "Count up", {"me": "up"}, "me"), Choice("down", "Count down", refusal="never down (TOY-3)")]

    def places(self, state):
        return ["one", "two"]

    def play(self, state, option, place):
        step = {"one": 1, "two": 2}.get(place)
        if step is None:
            raise IllegalAction(f"{place} is not a step", "TOY-1")  # a grid place off the record
        if state + step > 3:
            raise IllegalAction(f"{state} and {step} go past 3", "TOY-2")
        return Outcome(state + step, f"Up to {state + step}.", f"+{step}", reach=f"{step} up")

    def idle(self, state):
        return "Choose Count up."

    def hint(self, state):
        return "Count up."


def test_places_are_named_as_the_data_writes_them():
    assert place_key((2, -1)) == "2,-1" and place_key("demon") == "demon"
    assert parse_place("2,-1") == (2, -1) and parse_place([3, 4]) == (3, 4) and parse_place(f"0,{-10**30}") == (0, -10**30)
    for key in ("demon", "０,０", "٣,1", " 1,2", "1, 2", "+1,2", "1,2,3", "1" * 1001 + ",0", "1_0,0", ""):
        with pytest.raises(ValueError, match="is not a grid place's key"):
            parse_place(key)
    assert refusal_text(IllegalAction("the demon is asleep", "HUD-R01")) == "The demon is asleep (HUD-R01)"
    assert refusal_text(IllegalAction("the game is over", "rulebook, End of the Game"), "zh-TW") == "遊戲已經結束（中文規則書〈３.遊戲結束〉）"


def test_every_click_on_every_place_is_asked_of_the_referee():
    graph = LessonGraph(Counter())
    start = graph.node(graph.start_id)
    assert start["decision"] == "at 0" and start["view"] == {"count": 0} and start["places"] == ["one", "two"]
    assert start["choices"]["down"] == {"label": "Count down", "refusal": "never down (TOY-3)"}
    assert start["choices"]["up"]["says"] == {"me": "2 places"}
    assert start["options"]["up"]["targets"] == {"one": ["s1", "Up to 1.", "+1", "1 up"], "two": ["s2", "Up to 2.", "+2", "2 up"]}
    assert graph.expand(2) == ["s0", "s1", "s2", "s3"]
    assert graph.node("s2")["options"]["up"] == {"targets": {"one": ["s3", "Up to 3.", "+1", "1 up"]},
                                                 "refusals": {"two": "2 and 2 go past 3 (TOY-2)"}, "clues": {}}


class GridCounter(Counter):
    """The toy drawn on a grid too: a place (row, column) the referee refuses."""

    def places(self, state):
        return ["one", "two", (0, 0)]


def test_an_entry_is_the_recorded_answer_or_the_referees_for_a_place_off_the_record():
    graph = LessonGraph(GridCounter())
    assert graph.entry("s0", "up", "two") == ["s2", "Up to 2.", "+2", "2 up"]
    assert graph.entry("s0", "up", "0,0") == "(0, 0) is not a step (TOY-1)"
    assert graph.entry("s0", "up", "5,5") == "(5, 5) is not a step (TOY-1)"  # off the record, on the grid: the referee's word
    with pytest.raises(ValueError) as refused:  # neither on the record nor a grid place
        graph.entry("s0", "up", "three")
    assert str(refused.value) == "'three' is not a place on this board; its places are 0,0, one, two"
    with pytest.raises(ValueError) as refused:  # a board of named places only has no grid off its record
        LessonGraph(Counter()).entry("s0", "up", "5,5")
    assert str(refused.value) == "'5,5' is not a place on this board; its places are one, two"
    with pytest.raises(KeyError, match="no state 's9' in this lesson"):
        graph.entry("s9", "up", "one")


def test_a_lesson_that_reaches_too_many_states_is_refused():
    with pytest.raises(ValueError, match="more than 2 states in 2 moves"):
        LessonGraph(Counter(), max_nodes=2).expand(2)


class Full(Counter):
    """The toy counter, already at 3: every click is refused for one reason."""

    def start(self):
        return 3

    def play(self, state, option, place):
        raise IllegalAction("the counter is full", "TOY-2")


def test_a_choice_that_no_place_takes_for_one_reason_is_refused_with_that_reason():
    node = LessonGraph(Full()).node("s0")
    assert node["choices"]["up"] == {"label": "Count up", "refusal": "The counter is full (TOY-2)"}
    assert node["options"] == {}  # nothing is left to click under it


def test_a_choice_that_no_place_takes_for_several_reasons_stays_a_choice():
    class AtThree(Counter):
        def start(self):
            return 3

    node = LessonGraph(AtThree()).node("s0")
    assert node["choices"]["up"]["options"] == {"me": "up"}
    assert node["options"]["up"]["targets"] == {}
    assert set(node["options"]["up"]["refusals"].values()) == {"3 and 1 go past 3 (TOY-2)", "3 and 2 go past 3 (TOY-2)"}
    assert node["choices"]["up"]["says"] == {"me": "no places"}  # never "0 places"
    packed = LessonGraph(AtThree()).lesson(0)
    assert packed["texts"][packed["nodes"]["s0"]["choices"]["up"]["says"]["me"]] == "No places. A click on a place says why."


class Answered(Counter):
    """The toy counter whose every click another player answers unseen, at a cost (`Outcome.later`):
    `worked` counts the answers worked out."""

    def __init__(self):
        self.worked = 0

    def play(self, state, option, place):
        outcome = super().play(state, option, place)

        def later():
            self.worked += 1
            return Outcome(outcome.state, outcome.say + " Nobody answers.", outcome.log, outcome.reach)
        return Outcome(outcome.state, outcome.say, outcome.log, outcome.reach, later=later)


def test_a_lazy_graph_leaves_a_clicks_costly_rest_until_the_click_is_made():
    eager, lazy = Answered(), Answered()
    graph = LessonGraph(eager)
    assert graph.node(graph.start_id)["options"]["up"]["targets"]["one"] == ["s1", "Up to 1. Nobody answers.", "+1", "1 up"]
    assert eager.worked == 2  # a lesson's graph works every click out at once: a static page holds them all
    waiting = LessonGraph(lazy, lazy=True)
    targets = waiting.node(waiting.start_id)["options"]["up"]["targets"]
    assert lazy.worked == 0 and [entry[1:] for entry in targets.values()] == [["Up to 1.", "+1", "1 up"], ["Up to 2.", "+2", "2 up"]]
    first = targets["one"][0]
    with pytest.raises(KeyError, match="still to be worked out"):
        waiting.state(first)  # its id names no state: the click waits
    reached = waiting.settle(waiting.start_id, first)
    assert lazy.worked == 1 and waiting.state(reached) == 1 and reached != first
    assert targets["one"] == [reached, "Up to 1. Nobody answers.", "+1", "1 up"]  # the record's entry written again
    assert targets["two"][1] == "Up to 2." and waiting.settle(waiting.start_id, targets["two"][0]) != reached and lazy.worked == 2
    # Asked again (a second click before the answer came), the same state, not worked out again.
    assert waiting.settle(waiting.start_id, first) == reached and waiting.settle(waiting.start_id, reached) == reached
    assert lazy.worked == 2
    # Expanded for a static page, a lazy graph works every click out: the same states as the eager one.
    assert [waiting.state(node) for node in waiting.expand(2)] == [graph.state(node) for node in graph.expand(2)] == [0, 1, 2, 3]
