"""Every boundary of Hudai Pass tried as a hostile user would (issue 21): states from JSON, rules,
card files and hand-built actions. Each bad input is a ValueError subclass naming the field and
why, and nothing changes; the hypothesis tests keep it so."""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulesbook.core.data import DataError
from rulesbook.core.errors import NotationError
from rulesbook.hudai import (
    ACTIONS,
    CardFileError,
    DiscardCard,
    PlayCard,
    Rules,
    State,
    ThirdEye,
    UseValue,
    apply,
    legal_actions,
    load_cards,
    new_game,
    parse_action,
    parse_card_file,
    reconstructed_cards,
    refusal,
)
from rulesbook.hudai.protocol import GAME
from rulesbook.hudai.rules import MAX_ACTIONS, most_actions

START = new_game(seed=7)
GOOD = START.to_dict()


def changed(**fields) -> dict:
    data = copy.deepcopy(GOOD)
    data.update(fields)
    return data


# ---------------------------------------------------------------- states from JSON


@pytest.mark.parametrize(("text", "field", "why"), [
    ("null", "state", "expected an object"),
    ("{}", "state.seed", "missing"),
    ("[1, 2]", "state", "expected an object"),
    ('{"seed": 1}', "state.rules", "missing"),
    ('{"seed": ' + "[" * 200 + "]" * 200 + "}", "state", "nested deeper than 64 levels"),
    (json.dumps(GOOD).replace('"corruption": 0', '"corruption": NaN'), "state", "NaN"),
    (json.dumps(GOOD).replace('"turn": 1', '"turn": 1' + "0" * 5000), "state", "not JSON the game can read"),
])
def test_a_state_that_is_no_state_is_refused_naming_where(text, field, why):
    with pytest.raises(DataError) as error:
        State.from_json(text)
    assert error.value.field == field and why in error.value.why


@pytest.mark.parametrize(("fields", "field", "why"), [
    ({"turn": "3"}, "state.turn", "expected a whole number"),
    ({"corruption": -1}, "state.corruption", "at least 0"),
    ({"corruption": float("nan")}, "state.corruption", "expected a whole number"),
    ({"powers": [1, 2]}, "state.powers", "three cube counts"),
    ({"powers": [1, 2, -3]}, "state.powers[2]", "at least 0"),
    ({"took_black": "no"}, "state.took_black", "true or false"),
    ({"phase": "dance"}, "state.phase", "expected one of combo, flow, obtain, over"),
    ({"outcome": "draw"}, "state.outcome", "expected one of won"),
    ({"hand": [*GOOD["hand"][:-1], "Q9"]}, "state.hand[3]", "'Q9' is not a card of this set"),
    ({"hand": [*GOOD["hand"], GOOD["hand"][0]]}, "state.hand[4]", "is in the game twice"),
    ({"draw_pile": ["W1"] * 100}, "state.draw_pile", "holds 100 items; at most 36"),
    ({"open_features": ["value", "value"]}, "state.open_features", "twice"),
    ({"rules": [1, 2]}, "state.rules", "expected an object"),
    ({"rules": {"monk_health": "12"}}, "state.rules.monk_health", "expected a whole number"),
    ({"rules": {"cards": {"csv": ["colour,symbol,value,deck", "white,drop,1,start"]}}}, "state.rules.cards.csv", "no card's deck is 'mind'"),
    ({"hand": []}, "state", "missing W"),
    ({"monk_health": 13}, "state", "above its starting health"),
    ({"powers": [13, 0, 0]}, "state", "more than the limit"),
    ({"phase": "over"}, "state", "over exactly when it has an outcome"),
    ({"shape": 1}, "state", "no field 'shape'"),
])
def test_a_state_that_breaks_a_field_or_the_games_invariants_is_refused(fields, field, why):
    data = changed(**fields)
    before = copy.deepcopy(data)
    with pytest.raises(DataError) as error:
        State.from_dict(data)
    assert error.value.field == field and why in error.value.why, str(error.value)
    assert data == before  # nothing changed


@pytest.mark.parametrize("name", sorted(set(GOOD) - {"game"}))  # a state without "game" is taken for this game's
def test_every_field_left_out_is_refused_by_name(name):
    data = changed()
    del data[name]
    with pytest.raises(DataError) as error:
        State.from_dict(data)
    assert (error.value.field, error.value.why) == (f"state.{name}", "missing")


#: JSON values a hostile file may hold where a field is expected.
JSON = st.recursive(st.none() | st.booleans() | st.integers(-50, 50) | st.floats(allow_nan=True) | st.text(max_size=4),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner, max_size=3),
                    max_leaves=8)


@given(st.sampled_from(sorted(GOOD)), JSON)
def test_any_field_set_to_any_json_gives_a_state_or_a_data_error(name, value):
    data = changed(**{name: value})
    try:
        state = State.from_dict(data)
    except DataError as error:
        assert error.field.startswith("state") and error.why
    else:
        assert state.problems() == []
        assert State.from_json(state.to_json()) == state


@given(st.data())
def test_states_of_a_game_round_trip_and_their_piles_mutated_are_refused(data):
    state = START
    for _ in range(data.draw(st.integers(0, 30))):
        if state.is_over:
            break
        state = apply(state, data.draw(st.sampled_from(legal_actions(state))))[0]
    assert State.from_json(state.to_json()) == state
    pile = data.draw(st.sampled_from(["draw_pile", "hand", "discard", "mind_deck", "mind_river", "black_supply"]))
    mutated = json.loads(state.to_json())
    card = data.draw(st.sampled_from(sorted(state.all_cards())))
    mutated[pile] = [*mutated[pile], card]  # one card in two places (or twice in one)
    with pytest.raises(DataError, match="twice"):
        State.from_dict(mutated)


# ---------------------------------------------------------------- rules


@pytest.mark.parametrize(("fields", "field"), [
    ({"monk_health": "12"}, "Rules.monk_health"),
    ({"monk_health": True}, "Rules.monk_health"),
    ({"reshuffle_mind_deck": "false"}, "Rules.reshuffle_mind_deck"),
    ({"reshuffle_mind_deck": 0}, "Rules.reshuffle_mind_deck"),
    ({"powers": "drain"}, "Rules.powers"),
    ({"powers": ("drain", "fly", "confuse")}, "Rules.powers"),
    ({"cards": "my.csv"}, "Rules.cards"),
    ({"max_turns": 1000}, "Rules.max_turns"),
])
def test_rules_are_checked_when_made(fields, field):
    with pytest.raises(DataError) as error:
        Rules(**fields)
    assert error.value.field == field


def test_no_rules_make_a_game_longer_than_the_protocol_allows():
    assert GAME.max_actions == MAX_ACTIONS and most_actions(Rules()) <= MAX_ACTIONS
    assert most_actions(Rules(max_turns=113)) <= MAX_ACTIONS
    with pytest.raises(DataError, match="at most 113 turns"):
        Rules(max_turns=114)


@given(st.dictionaries(st.sampled_from(sorted(Rules().to_dict())), JSON, max_size=3))
def test_rules_from_any_data_are_rules_or_a_clear_error(fields):
    try:
        rules = Rules.from_dict(fields)
    except DataError as error:
        assert error.field.startswith(("Rules.", "rules")) and error.why
    else:
        assert most_actions(rules) <= MAX_ACTIONS and Rules.from_dict(rules.to_dict()) == rules


# ---------------------------------------------------------------- card files

CSV = reconstructed_cards().to_csv()


def test_a_file_that_never_ends_is_refused_unread():
    with pytest.raises(CardFileError, match="larger than"):
        load_cards("/dev/zero")


def test_a_field_over_128_kib_is_a_card_file_error():
    text = CSV.replace("white,drop,1,start", 'white,"' + "x" * 140_000 + '",1,start')
    with pytest.raises(CardFileError) as error:
        parse_card_file(text, "long.csv")
    assert error.value.line == 2


@pytest.mark.parametrize("separator", ["\u2028", "\x0c", "\x1c", "\x85"])
def test_an_error_names_the_line_an_editor_shows_after_an_edit(separator):
    lines = CSV.splitlines()
    lines.insert(1, f"# pasted{separator}from a page")
    lines[5] = lines[5].replace("white", "purple")
    with pytest.raises(CardFileError) as error:
        parse_card_file("\n".join(lines), "edited.csv")
    assert (error.value.line, error.value.field) == (6, "colour")


def test_a_set_without_a_mind_deck_is_refused_hud_r01():
    text = "\n".join(line for line in CSV.splitlines() if not line.endswith(",mind"))
    with pytest.raises(CardFileError, match=r"no card's deck is 'mind': the set needs the mind deck that deals the Mind River .* \(HUD-R01\)$"):
        parse_card_file(text)


def test_a_named_column_blank_at_the_end_of_a_row_is_read_as_blank():
    text = CSV.replace("white,drop,1,start", "white,drop,1,")
    with pytest.raises(CardFileError) as error:
        parse_card_file(text, "blank.csv")
    assert (error.value.line, error.value.field) == (2, "deck") and "'' is not a deck" in str(error.value)
    padded = "\n".join(line + ",,," for line in CSV.splitlines())  # a spreadsheet's padding is no field
    assert parse_card_file(padded) == reconstructed_cards()


@settings(max_examples=200)
@given(st.integers(0, len(CSV)), st.integers(0, 8), st.text(alphabet=",\"\n\r#xw1\u2028 ", max_size=6))
def test_a_card_file_edited_anyhow_loads_or_names_a_line_it_has(at, cut, inserted):
    text = CSV[:at] + inserted + CSV[at + cut:]
    try:
        cards = parse_card_file(text, "edited.csv")
    except CardFileError as error:
        assert 0 <= error.line <= text.count("\n") + text.count("\r") + 1 and error.reason
    else:
        assert cards.deck("start") and cards.deck("mind")


# ---------------------------------------------------------------- actions built by hand


@pytest.mark.parametrize("build", [
    lambda: PlayCard(5), lambda: PlayCard(None), lambda: PlayCard(["R5"]), lambda: DiscardCard("R9"),
    lambda: UseValue(None), lambda: UseValue(["left"]), lambda: ThirdEye(0, 1), lambda: ThirdEye("left", ()),
])
def test_an_action_built_with_a_wrong_value_is_a_notation_error(build):
    with pytest.raises(NotationError):
        build()


@given(st.one_of(st.text(max_size=16), JSON))
def test_anything_offered_as_an_action_is_judged_or_refused_as_notation(offered):
    before = START.to_json()
    try:
        action = parse_action(offered)
    except NotationError:
        if isinstance(offered, str):  # text that is no action: a notation error
            with pytest.raises(NotationError):
                refusal(START, offered)
        else:  # a value that is no action: refused, as the other two games refuse it
            assert refusal(START, offered).reason.endswith("is not an action of Hudai Pass")
    else:
        assert type(action) in ACTIONS and parse_action(action.text()) == action
        assert type(action).from_text(action.text()) == action
        refusal(START, action)
    assert START.to_json() == before


@pytest.mark.parametrize(("rules", "said"), [
    ("max_turns=1000", "Rules.max_turns: a game of 1000 turns could take"),
    ("cards=/dev/zero", "'/dev/zero' is larger than"),
    ("powers=drain/drain/crush", "Rules.powers: the demon's three tiles are different"),
    ("monk_health=0", "Rules.monk_health: must be at least 1"),
])
def test_the_command_line_refuses_bad_rules_in_one_line_before_any_game(rules, said, capsys):
    from rulesbook import cli

    assert cli.main(["simulate", "hudai", "--games", "1", "--rules", rules]) == 2
    captured = capsys.readouterr()
    assert captured.err.count("\n") == 1 and said in captured.err and not captured.out
