"""`game_moment` (a moment set up by hand) and `apply_steps` (an action step by step)."""

from __future__ import annotations

import doctest

import pytest
from hudai_testkit import assert_invariants

import rulesbook.hudai.moment as moment_module
from rulesbook.core.data import DataError
from rulesbook.core.records import GameRecord
from rulesbook.hudai import (
    HeuristicMonk,
    Rules,
    State,
    apply,
    apply_steps,
    feeds,
    game_moment,
    legal_actions,
    parse_card_file,
    reconstructed_cards,
)


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


@pytest.mark.parametrize("fields, argument, words", [
    ({"hand": "R5", "river": "R5"}, "river", r"^river: R5 is named twice \(in hand and in river\); each card"),
    ({"hand": "R5 R5"}, "hand", r"^hand: R5 is named twice \(in hand\); each card is in the game once \(HUD-R01\)$"),
    ({"hand": "R9"}, "hand", "not a card value"),
    ({"combo": "W1 W2 W3"}, "combo", "HUD-R03"),
    ({"powers": (1, 2)}, "powers", "three whole numbers"),
    ({"corruption": 13}, "corruption", "more than the monk can take"),
    ({"monk_health": 0}, "monk_health", "starting health"),
    ({"demon_health": 13}, "demon_health", "starting health"),
    ({"turn": 0}, "turn", "from 1"),
    ({"purchase": -1}, "purchase", "0 or more"),
    ({"phase": "demon"}, "phase", "expected one of combo, flow, obtain"),
    ({"phase": "flow"}, "phase", "HUD-R04"),
    ({"used": ["smell"]}, "used", "features"),
    ({"swapped": 1}, "swapped", "True or False"),
    # a field of the wrong kind, named (a TypeError from inside before)
    ({"river": 5}, "river", r"^river: '5': cards are text such as 'R5 W1', or a list of card codes$"),
    ({"hand": [1, 2]}, "hand", r"^hand: '1': a card is written as a colour letter and a value, like R5$"),
    ({"draw_pile": {"R5": 1}}, "draw_pile", r"^draw_pile: .*: cards are text such as 'R5 W1', or a list of card codes$"),
    ({"combo": "R5 Z9"}, "combo", r"^combo: 'Z9': 'Z' is not a colour letter; use W, G, B, R, Y or K$"),
    ({"used": "value"}, "used", r"^used: expected a list of features \(value, symbol, colour\), not 'value'$"),  # not the letters v, a, l ...
    ({"used": 5}, "used", r"^used: expected a list of features \(value, symbol, colour\), not 5$"),
    ({"powers": 5}, "powers", r"^powers: expected three whole numbers of cubes, left to right, not \[5\]$"),
    # what each argument allows, but not together: the invariants a loaded state is checked by
    ({"powers": (2, 99, 2)}, "powers", r"^powers: the centre power holds 99 cubes, more than the limit of 12, yet the game goes on: "
                                       r"a power above the limit loses at once \(HUD-R09\)$"),
    ({"staged_damage": 7}, "staged_damage", r"^staged_damage: at most 6 \(Drain stages"),
    ({"demon_block": 1}, "demon_block", "only the demon's Defend power blocks"),
    ({"entangled": True}, "entangled", "only the demon's Entangle power binds"),
    ({"entangled": True, "combo": "R1 R2", "rules": Rules(powers=("drain", "entangle", "crush"))}, "entangled",
     "yet 2 cards were played this turn"),
    ({"purchase": 99}, "purchase", "at most 6, not 99"),
    ({"turn": 101}, "turn", "at most 100 \\(max_turns\\)"),
    ({"swapped": True}, "swapped", "only in step 2"),
    ({"pinned": (9, 9, 9)}, "pinned", "at most 0 cubes set aside"),
    ({"pinned": (3, 1, 0), "combo": "Y1 W6", "used": ["value"]}, "pinned",  # W6's Pin still open: only Y1 set one aside
     "at most 1 cube set aside in all, not 4"),
    ({"river": "G1 G2 G3 G4"}, "state", "the Mind River holds more cards than its size"),
])
def test_a_bad_moment_is_refused_naming_the_argument_and_what_is_wrong(fields, argument, words):
    with pytest.raises(DataError, match=words) as refused:
        game_moment(**fields)
    assert refused.value.field == argument


def test_a_card_missing_from_a_teachers_set_is_refused_naming_the_pile():
    text = reconstructed_cards().to_csv().replace("red,cog,5,mind\n", "")
    with pytest.raises(DataError, match="R5 is not a card of this set") as refused:
        game_moment(river="R5", rules=Rules(cards=parse_card_file(text, "my.csv")))
    assert refused.value.field == "river"


def test_every_moment_made_is_one_a_file_loads():
    """A moment is checked as a loaded state is: what it makes, its own JSON gives back."""
    state = game_moment("R5 W1 G3 K6", combo="R1 W2", powers=(12, 0, 12), river="G2 B4", corruption=12, monk_health=1)
    assert State.from_json(state.to_json()).to_json() == state.to_json()


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
    state = game_moment("R5", powers=(3, 5, 2), pinned=(0, 1, 0), combo="Y1", used=["colour"])
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
