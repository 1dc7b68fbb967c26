"""`game_moment` (a moment set up by hand) and `apply_steps` (an action step by step)."""

from __future__ import annotations

import doctest

import pytest
from hudai_testkit import assert_invariants

import rulesbook.hudai.moment as moment_module
from rulesbook.core.records import GameRecord
from rulesbook.hudai import HeuristicMonk, apply, apply_steps, feeds, game_moment, legal_actions, reconstructed_cards


def test_a_moment_holds_every_card_once_and_keeps_the_invariants():
    state = game_moment("R5 W1 G3 K6", combo="R1 W2", powers=(3, 5, 2), river="G2 B4 Y6", discard="W3", removed="K1",
                        staged_damage=2, purchase=1, corruption=3)
    assert_invariants(state)
    assert state.hand == ["R5", "W1", "G3", "K6"] and state.mind_river == ["G2", "B4", "Y6"]
    assert state.current_card == "W2" and state.open_features == ["value", "symbol"]  # white has no colour effect
    assert state.whites_played == 1 and state.cards_played == 2
    assert sorted(state.black_supply) == ["K2", "K3", "K4", "K5"] and state.removed == ["K1"]


def test_cards_left_over_go_where_set_up_puts_them_or_to_the_discard_pile_of_a_named_pile():
    state = game_moment("W1", draw_pile="W2")
    assert state.draw_pile == ["W2"] and sorted(state.discard) == ["W3", "W4", "W5", "W6"]
    river = game_moment(river="G1", mind_deck="G2")
    assert river.mind_deck == ["G2"] and len(river.mind_discard) == 22 and river.mind_river == ["G1"]
    assert_invariants(river)


def test_used_features_are_closed():
    state = game_moment(combo="R4", used=["value", "colour"])
    assert state.open_features == ["symbol"]


@pytest.mark.parametrize("fields, words", [
    ({"hand": "R5", "river": "R5"}, "named twice"),
    ({"hand": "R9"}, "not a card"),
    ({"combo": "W1 W2 W3"}, "HUD-R03"),
    ({"powers": (1, 2)}, "three whole numbers"),
    ({"corruption": 13}, "more than the monk can take"),
    ({"phase": "demon"}, "phase is one of"),
    ({"phase": "flow"}, "HUD-R04"),
    ({"used": ["smell"]}, "features"),
])
def test_a_bad_moment_is_refused_naming_what_is_wrong(fields, words):
    with pytest.raises(ValueError, match=words):
        game_moment(**fields)


def test_apply_steps_ends_where_apply_does_on_every_state_of_some_games():
    """The step-by-step view is the same action: its last table is apply's state, for every action."""
    for seed in range(4):
        record = GameRecord.play("hudai", 1, seed=seed, bots=[HeuristicMonk(seed)])
        state = record.start()
        for text in record.actions:
            steps = apply_steps(state, text)
            following, events = apply(state, text)
            assert steps[-1][1] == following and [event for event, _ in steps] == events
            state = following


def test_the_demons_turn_step_by_step_shows_each_change_in_order():
    state = game_moment("R5 W1 G3 K6", powers=(3, 5, 2), staged_damage=2, phase="obtain")
    steps = apply_steps(state, "pass")
    kinds = [event.kind for event, _ in steps]
    assert kinds[:5] == ["pass", "damage", "fill", "feed", "corruption"]
    tables = {event.kind: table for event, table in steps}
    assert tables["damage"].monk_health == 10 and tables["damage"].powers == [3, 5, 2]
    assert tables["feed"].powers == [4, 6, 4]         # W1 left; G3 centre; R5 and K6 right
    assert [feeds(code, reconstructed_cards()) for code in ["W1", "G3", "R5", "K6"]] == [0, 1, 2, 2]


def test_apply_steps_refuses_as_apply_does():
    state = game_moment("R5", combo="G3")
    with pytest.raises(Exception, match="HUD-R03"):
        apply_steps(state, "play R5")
    assert legal_actions(state)


def test_the_docstring_example_runs():
    assert doctest.testmod(moment_module).failed == 0
