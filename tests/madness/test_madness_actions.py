"""Actions and phases are types (issue 10): one small value per decision, with the text the table speaks,
which parses back; bad text is a NotationError, a badly built action an IllegalAction, never a crash."""

from __future__ import annotations

import json
import random
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st
from madness_helpers import played

from rulesbook.core.errors import IllegalAction, NotationError
from rulesbook.madness import (
    ACTION_FORMS,
    GAME,
    CardFace,
    MoveAirplane,
    Phase,
    PlayCard,
    Rules,
    State,
    TimeUp,
    apply,
    legal_actions,
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


def legal_in_play() -> list:
    """Every action legal in some state of six expeditions, random tables and bots' (a Relic is given too)."""
    found: dict = {}
    for index in range(6):
        steps = played(3 + index % 3, f"any-case:{index}", Rules(expert=index % 2 == 1), "random" if index % 2 else "expedition")
        for state, _ in steps:
            found.update(dict.fromkeys(legal_actions(state)))
    return list(found)


LEGAL = legal_in_play()


def typed_in_a_hurry(text: str, rng: random.Random) -> str:
    """The text with each letter in either case and each blank once or twice, a blank or two around it."""
    letters = "".join(letter.upper() if rng.random() < 0.5 else letter.lower() for letter in text)
    return " " * rng.randint(0, 2) + re.sub(" ", lambda _: " " * rng.randint(1, 2), letters) + " " * rng.randint(0, 2)


@pytest.mark.parametrize("seed", range(3))
def test_every_legal_action_typed_in_any_case_with_doubled_blanks_is_the_same_action(seed):
    """As in Inferno and Hudai, whose words are read in any case: the verbs, the player, the names."""
    assert {type(action) for action in LEGAL} == set(ACTIONS)
    rng = random.Random(seed)
    for action in LEGAL:
        typed = typed_in_a_hurry(action.text(), rng)
        assert parse_action(typed) == action, typed
        assert parse_action(typed).text() == action.text()


@pytest.mark.parametrize(("typed", "text"), [
    ("P1: Move to C3", "P1: move to C3"), ("p1: move to C3", "P1: move to C3"), ("P1: REST", "P1: rest"),
    ("P1:  move to C3", "P1: move to C3"), ("P1: move to c3", "P1: move to C3"),
    ("p2: PLAY arcane BOOKS 10", "P2: play Arcane Books 10"), ("P1: give specimen b to p2", "P1: give Specimen B to P2"),
    ("P1: accept LOSS of  confidence", "P1: accept Loss of Confidence"),
    (" P1:\tfor tools 7-9,  p2 DRAWS madness ", "P1: for Tools 7-9, P2 draws Madness"),
])
def test_an_action_is_read_in_any_case_and_any_blanks_as_its_own_text(typed, text):
    assert parse_action(typed) == parse_action(text) and parse_action(typed).text() == text


def test_an_unknown_action_lists_the_words_each_action_begins_with():
    """As Inferno's and Hudai's do ("'xyzzy': unknown action; expected one of: pawn, lay, ...")."""
    with pytest.raises(NotationError) as error:
        parse_action("P1: fly to C3")
    openings = str(error.value).removeprefix("'fly to C3': unknown action; expected one of: ").split(", ")
    assert openings == ["ignore madness of", "move to", "play", "speak", "time up", "restart encounter", "resolve", "give",
                        "search", "take", "for", "accept", "reroll", "raise hand limit", "deal", "deal to", "rest", "no rest"]
    assert {opening for text, _, _ in ACTION_FORMS for opening in openings if text.split(": ")[1].startswith(opening)} == set(openings)


@pytest.mark.parametrize("typed, says", [
    ("P1: accept", "'accept': expected an action such as 'P1: accept Confusion'"),
    ("P1: for Weapons 6", "'for Weapons 6': expected an action such as 'P1: for Tools 7-9, P2 draws Madness' or "
                          "'P1: for Tools 7-9, roll the Penalty Die'"),
    ("P3: play", "'play': expected an action such as 'P3: play Tools 6' or 'P3: play Injury'"),
    ("p2: DEAL to", "'DEAL to': expected an action such as 'P2: deal' or 'P2: deal to P2'"),
    ("P1: rest now", "'rest now': expected an action such as 'P1: rest'"),
    ("P1: time", "'time': expected an action such as 'P1: time up'"),
])
def test_an_action_whose_first_word_is_known_is_told_the_forms_of_that_word(typed, says):
    """"P1: accept" is not an unknown action listing "accept" among the words it may begin with:
    it is an accept missing its face, told the form (from ACTION_FORMS) with the speaker's seat."""
    with pytest.raises(NotationError) as error:
        parse_action(typed)
    assert str(error.value) == says


def test_every_first_word_of_an_action_has_a_form_to_show():
    from rulesbook.madness import actions
    assert set(actions._EXAMPLES_BY_FIRST_WORD) == set(actions._BY_FIRST_WORD)


def test_a_state_says_is_over_as_the_other_games_do_and_over_still():
    """The shape the three games share: `state.is_over`; `over`, which the chapters say, is the same."""
    rng, state = random.Random("over"), new_game(3, "over")
    while not state.is_over:
        assert not state.is_over and not GAME.is_over(state)
        state, _ = apply(state, rng.choice(legal_actions(state)))
    assert state.is_over and GAME.is_over(state) and GAME.current_player(state) is None


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


@pytest.mark.parametrize(("action", "says"), [
    (MoveAirplane(0, 5), "MoveAirplane.space: expected text, not 5"),
    (MoveAirplane("P1", "C1"), "MoveAirplane.player: expected a whole number, not 'P1'"),
    (PlayCard(0, "Tools 6"), "PlayCard.card: expected a CardFace (parse_card('Tools 6')), not 'Tools 6'"),
    (DrawMadness(0, "Tools 7-9", 1), "DrawMadness.challenge: expected a Challenge (parse_challenge('Tools 7-9')), not 'Tools 7-9'"),
])
def test_a_field_of_the_wrong_type_is_named_in_the_words_of_a_data_error(action, says):
    """The words `rulesbook.core.data.expect` says a field of data in ("state.turn: expected a whole
    number, not 'x'"); an IllegalAction still, as every refusal of the checked `apply` is."""
    with pytest.raises(IllegalAction) as error:
        apply(new_game(4, "bad-actions"), action)
    assert (error.value.reason, error.value.rule) == (says, "Gameplay")


def test_phases_are_an_enum_written_by_value_in_json():
    state = new_game(3, "phases")
    assert state.phase is Phase.MOVEMENT and state.to_dict()["phase"] == "movement"
    assert Phase.TIMER.heading.startswith("Encounter Phase") and Phase.FAILURES.section == "Failures"
    data = state.to_dict()
    data["phase"] = "lunch"
    with pytest.raises(ValueError, match="state.phase: 'lunch' is not a phase"):
        State.from_dict(data)
    data["phase"] = "draw"
    assert State.from_dict(data).phase is Phase.DRAW


@pytest.mark.parametrize("change, says", [
    (lambda d: d.update(colour="red"), "state: no field 'colour'"),
    (lambda d: d.update(rules={"expert": "yes"}), "state.rules.expert: expected true or false"),
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
