"""The Hudai Pass table referee (rulesbook.lessons.hudai.table): every target is a legal action of
the engine and every legal action a target; refusals are the engine's own, with their rule; the
demon's turn is told power by power from the events' data."""

from __future__ import annotations

import random
import re

import pytest

from rulesbook.core.errors import IllegalAction
from rulesbook.hudai import apply, game_moment, legal_actions, new_game
from rulesbook.lessons import LessonGraph
from rulesbook.lessons.hudai.table import TableReferee, place_words, turn_steps


def moments(seed: int, count: int = 8):
    """States met in a random game, in step 1, a Flow removal or step 2."""
    rng = random.Random(seed)
    state = new_game(seed)
    found = []
    while not state.is_over and len(found) < count:
        if rng.random() < 0.25:
            found.append(state)
        state, _ = apply(state, rng.choice(legal_actions(state)))
    return found


@pytest.mark.parametrize("seed", range(6))
def test_the_boards_targets_are_exactly_the_engines_legal_actions(seed):
    for state in moments(seed):
        referee = TableReferee(state)
        graph = LessonGraph(referee)
        node = graph.node("s0")
        start = graph.state("s0")
        offered = set()
        for option, answers in node["options"].items():
            for place in answers["targets"]:
                offered.add(referee.action(start, option, place))
            for place, reason in answers["refusals"].items():
                assert re.search(r"\([^()]+\)$", reason), f"a refusal without its rule: {reason!r}"
        assert offered == set(legal_actions(state)), state.summary()


def test_third_eye_acts_from_a_source_power_to_another():
    referee = TableReferee(game_moment(combo="B3", powers=(0, 4, 2)))
    node = LessonGraph(referee).node("s0")
    eye = node["choices"]["symbol"]
    assert set(eye["options"]) == {"centre", "right"} and eye["actor"] == "centre"   # the left power has no cube
    assert set(node["options"]["eye:centre"]["targets"]) == {"power:left", "power:right"}
    assert "not to the same power" in node["options"]["eye:centre"]["refusals"]["power:centre"]


def test_turn_steps_tell_each_power_from_its_own_events():
    state = game_moment("W1 W2 W3 W4", powers=(7, 0, 1), phase="obtain", corruption=0, rules=None)
    steps = turn_steps(state, "pass")
    logs = [step.log for step in steps]
    assert "Confuse acts" in logs and logs.index("Drain acts") < logs.index("Confuse acts") < logs.index("Mind pierce acts")
    assert all(step.place == "power:centre" for step in steps if step.log == "Confuse acts")


def test_place_words_name_every_place():
    state = game_moment("R5", combo="R1")
    for place in ("combo", "combo:R1", "discard", "draw", "purchase", "demon", "staged", "power:left", "black:K1",
                  "river:G2", "step:3", "hand", "health", "corruption"):
        assert ":" not in place_words(place, state).split(" (")[0] or place.startswith("step"), place


def test_a_lesson_word_that_does_not_exist_is_refused():
    with pytest.raises(ValueError, match="unknown lesson words"):
        TableReferee(game_moment(), only={"fly"})
    with pytest.raises(IllegalAction):
        TableReferee(game_moment()).action(TableReferee(game_moment()).start(), "nonsense", "combo")
