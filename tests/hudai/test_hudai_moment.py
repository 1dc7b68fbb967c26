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


def test_piles_may_be_named_as_text_or_as_any_list_of_codes():
    assert game_moment(hand=("R5", "W1")).hand == game_moment(hand="R5 W1").hand == game_moment(hand=iter(["R5", "W1"])).hand == ["R5", "W1"]
    assert game_moment(combo="R5", used=("value",)).open_features == ["symbol", "colour"]


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
    # a field of the wrong kind, named (a TypeError from inside before)
    ({"river": 5}, r"^river: '5': cards are text such as 'R5 W1', or a list of card codes$"),
    ({"hand": [1, 2]}, r"^hand: '1': a card is written as a colour letter and a value, like R5$"),
    ({"draw_pile": {"R5": 1}}, r"^draw_pile: .*: cards are text such as 'R5 W1', or a list of card codes$"),
    ({"combo": "R5 Z9"}, r"^combo: 'Z9': 'Z' is not a colour letter; use W, G, B, R, Y or K$"),
    ({"used": "value"}, r"^used is a list of features \(value, symbol, colour\), not 'value'$"),  # not the letters v, a, l ...
    ({"used": 5}, r"^used is a list of features \(value, symbol, colour\), not 5$"),
    ({"powers": 5}, r"^powers is three whole numbers of cubes, left to right, not \[5\]$"),
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


def test_play_out_prints_what_each_action_did_and_returns_the_state(capsys):
    from rulesbook.hudai import play_out

    state = play_out(game_moment("R2"), "play R2", "build")
    assert state.purchase == 3
    printed = capsys.readouterr().out
    assert "> play R2" in printed and "Build-up: 3 purchase value (now 3)." in printed


def test_a_state_reads_as_its_summary():
    state = game_moment("R5", powers=(3, 5, 2), pinned=(0, 1, 0))
    assert repr(state) == f"State({state.summary()})"
    assert "Confuse 5 (+1 pinned)" in repr(state) and "hand R5" in repr(state)


def test_the_action_forms_of_the_reference_parse_back_and_cover_every_word():
    from rulesbook.hudai import parse_action
    from rulesbook.hudai.actions import ACTION_FORMS, WORDS

    assert [str(parse_action(text)) for text, _, _ in ACTION_FORMS] == [text for text, _, _ in ACTION_FORMS]
    assert sorted({text.split()[0] for text, _, _ in ACTION_FORMS}) == sorted(WORDS)


def test_the_mind_river_refill_is_told():
    """HUD-R08: after an obtain the river is filled again; the engine says with which card."""
    state = game_moment(phase="obtain", purchase=3, river="G2 B4 Y6", mind_deck="R1 B3")
    _, events = apply(state, "obtain G2")
    refill = [event.text for event in events if event.kind == "refill"]
    assert refill == ["The Mind River is filled again with B3: B4 Y6 B3."]
