"""Actions and phases are types (issue 10): one small value per decision, with the text the table speaks,
which parses back; bad text is a NotationError, a badly built action an IllegalAction, never a crash."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulesbook.core.errors import IllegalAction, NotationError
from rulesbook.madness import (
    ACTION_FORMS,
    CardFace,
    MoveAirplane,
    Phase,
    PlayCard,
    State,
    TimeUp,
    apply,
    new_game,
    parse_action,
    parse_challenge,
)
from rulesbook.madness.actions import ACTIONS, DrawMadness


def test_every_action_form_parses_and_writes_back_the_same_text():
    kinds = set()
    for text, meaning, rule in ACTION_FORMS:
        action = parse_action(text)
        assert str(action) == action.text() == text
        assert meaning and rule
        kinds.add(type(action))
    assert kinds == set(ACTIONS)


def test_actions_are_values():
    assert parse_action("P1: move to C3") == MoveAirplane(0, "C3")
    assert hash(parse_action("P2: play Tools 6")) == hash(PlayCard(1, CardFace("Tools", 6)))
    assert parse_action("P1: for Tools 7-9, P2 draws Madness") == DrawMadness(0, parse_challenge("Tools 7-9"), 1)
    assert TimeUp(0) != MoveAirplane(0, "C3") and len({TimeUp(0), TimeUp(0), TimeUp(1)}) == 2


@pytest.mark.parametrize("text", [
    "move to C3", "P0: move to C3", "P10: time up", "P1: fly to C3", "P1: play Tools", "P1: play Gold 6",
    "P1: for Tools 9-7, roll the Penalty Die", "P1: accept Eclipse", "P1: give Specimen B to P", "P1:time up", "",
])
def test_malformed_action_text_is_a_notation_error(text):
    with pytest.raises(NotationError) as error:
        parse_action(text)
    assert error.value.reason and isinstance(error.value, ValueError)


@given(st.text(max_size=40) | st.sampled_from([text for text, _, _ in ACTION_FORMS]).map(lambda t: t.replace("P1", "P2")))
def test_fuzzed_action_text_parses_back_or_is_a_notation_error(text):
    try:
        action = parse_action(text)
    except NotationError:
        return
    assert parse_action(action.text()) == action


@pytest.mark.parametrize("action", [
    MoveAirplane(0, 5), MoveAirplane(True, "C1"), MoveAirplane(-1, "C1"), PlayCard(0, "Tools 6"), TimeUp(7),
    DrawMadness(0, "Tools 7-9", 1), "P9: move to C1", None, 42,
])
def test_a_badly_built_action_is_refused_with_the_state_unchanged(action):
    state = new_game(4, "bad-actions")
    before = json.dumps(state.to_json(), sort_keys=True)
    with pytest.raises(IllegalAction) as error:
        apply(state, action)
    assert error.value.rule and error.value.reason
    assert json.dumps(state.to_json(), sort_keys=True) == before


def test_phases_are_an_enum_written_by_value_in_json():
    state = new_game(3, "phases")
    assert state.phase is Phase.MOVEMENT and state.to_dict()["phase"] == "movement"
    assert Phase.TIMER.title.startswith("Encounter Phase") and Phase.FAILURES.section == "Failures"
    data = state.to_dict()
    data["phase"] = "lunch"
    with pytest.raises(ValueError, match="state.phase: 'lunch' is not a phase"):
        State.from_dict(data)
    data["phase"] = "draw"
    assert State.from_dict(data).phase is Phase.DRAW


@pytest.mark.parametrize("change, says", [
    (lambda d: d.update(colour="red"), "state: no field 'colour'"),
    (lambda d: d.update(rules={"expert": "yes"}), "Rules.expert: expected true or false"),
    (lambda d: d.update(rules={"boxed_token_source": "lid"}), "boxed_token_source"),
    (lambda d: d.update(rules={"pack": "harder"}), "carried whole"),
])
def test_bad_state_json_is_a_value_error(change, says):
    data = new_game(3, "json").to_dict()
    change(data)
    with pytest.raises(ValueError, match=says):
        State.from_dict(data)


def test_the_examples_in_the_docstrings_hold():
    import doctest
    import importlib

    for name in ("rulesbook.madness", "rulesbook.madness.actions", "rulesbook.madness.challenges"):
        module = importlib.import_module(name)  # the package's `challenges` is a function: import by name
        result = doctest.testmod(module)
        assert result.attempted and not result.failed, module.__name__
