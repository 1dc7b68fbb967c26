"""Cards, notation, the card file (HUD-R01) and the combo adjacency rule (HUD-R03)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulesbook.core.errors import NotationError
from rulesbook.hudai import (
    CardFileError,
    Rules,
    format_card,
    is_legal_combo,
    load_cards,
    new_game,
    parse_action,
    parse_card,
    parse_card_file,
    parse_cards,
)

HEADER = "colour,symbol,value,deck\n"


def test_hud_r01_default_card_set_is_36_cards_value_fixed_by_symbol():
    """HUD-R01: 36 cards = 6 colours x 6 symbols; Drop 1, Hammers 2, 3 Circles 3, Stacked Stones 4, Cog 5, Crop/Arrow 6."""
    cards = load_cards()
    assert len(cards.cards) == 36
    values = {"drop": 1, "hammers": 2, "circles": 3, "stones": 4, "cog": 5, "arrow": 6}
    for card in cards.cards:
        assert card.value == values[card.symbol]
    assert cards.deck("start") == ["W1", "W2", "W3", "W4", "W5", "W6"]
    assert cards.deck("corruption") == ["K1", "K2", "K3", "K4", "K5", "K6"]
    assert len(cards.deck("mind")) == 24 and all(code[0] in "GBRY" for code in cards.deck("mind"))
    assert cards["R5"].symbol == "cog" and cards["R5"].move == "flow"


def test_hud_r01_data_file_states_its_provenance():
    """HUD-R01: the card set is reconstructed and marked as such in its data file."""
    import importlib.resources

    text = importlib.resources.files("rulesbook.hudai").joinpath("data/cards.csv").read_text()
    assert "RECONSTRUCTED" in text and "HUD-R01" in text


def test_notation_parse_and_format_round_trip():
    """Card notation: colour letter W G B R Y K and value 1-6; R5 is the red Cog."""
    for colour in "WGBRYK":
        for value in range(1, 7):
            assert parse_card(format_card(colour, value)) == (colour, value)
    assert parse_cards("w1, R2 r3") == ["W1", "R2", "R3"]


@pytest.mark.parametrize("token", ["", "R", "R7", "R0", "X5", "RR", "R55", "5R", "R-1"])
def test_malformed_card_raises_notation_error_naming_the_token(token):
    with pytest.raises(NotationError) as error:
        parse_card(token)
    assert error.value.token == token
    assert isinstance(error.value, ValueError)


@given(st.text(max_size=4))
def test_fuzzed_card_text_parses_or_raises_notation_error(text):
    try:
        colour, value = parse_card(text)
    except NotationError as error:
        assert error.token == text
    else:
        assert colour in "WGBRYK" and 1 <= value <= 6
        assert format_card(colour, value) == text.strip().upper()


@given(st.text(alphabet="playdscrkenmovbt WGBRYK0123456lfi", max_size=14))
def test_fuzzed_action_text_parses_back_or_raises_notation_error(text):
    try:
        action = parse_action(text)
    except NotationError:
        return
    assert parse_action(action.text) == action


def test_hud_r03_combo_adjacency():
    """HUD-R03: two neighbours must share a colour unless one of them is white or black; at most two white cards."""
    assert is_legal_combo(["W1", "R2", "R3"])
    assert is_legal_combo(["R2", "W1", "G3"])
    assert is_legal_combo(["G2", "K6", "B1"])
    assert not is_legal_combo(["R2", "G3"])
    assert not is_legal_combo(["W1", "R2", "G3"])
    assert not is_legal_combo(["W1", "W2", "W3"])  # "Only two white cards are allowed per combo."
    assert is_legal_combo([]) and is_legal_combo("Y4")
    with pytest.raises(NotationError):
        is_legal_combo(["R9"])


def test_teacher_card_file_is_used(tmp_path):
    """A teacher can point the engine at another file of the same format."""
    path = tmp_path / "cards.csv"
    rows = ["white,drop,1,start", "white,drop,2,start", "red,drop,1,mind", "red,arrow,6,mind", "black,cog,5,corruption"]
    path.write_text("# a tiny deck\n" + HEADER + "\n".join(rows) + "\n")
    rules = Rules(cards_path=str(path), river_size=1, opening_hand=1)
    state = new_game(3, rules)
    assert sorted(state.all_cards()) == ["K5", "R1", "R6", "W1", "W2"]
    assert rules.cards["W2"].symbol == "drop"


@pytest.mark.parametrize(
    ("body", "line", "field"),
    [
        (HEADER + "white,drop,1,start\npurple,drop,1,mind\n", 3, "colour"),
        (HEADER + "white,drop,1,start\nred,sword,1,mind\n", 3, "symbol"),
        (HEADER + "white,drop,one,start\n", 2, "value"),
        (HEADER + "white,drop,9,start\n", 2, "value"),
        (HEADER + "white,drop,1,attic\n", 2, "deck"),
        (HEADER + "white,drop,1,start\nwhite,drop,1,start\n", 3, "value"),
        (HEADER + "white,drop,1\n", 2, "(row)"),
        ("colour,symbol,value\nwhite,drop,1\n", 1, "deck"),
        (HEADER + "white,drop,1,start\nred,drop,2,corruption\n", 3, "deck"),
    ],
)
def test_malformed_card_file_names_line_and_field(body, line, field):
    with pytest.raises(CardFileError) as error:
        parse_card_file(body, "teacher.csv")
    assert (error.value.line, error.value.field) == (line, field)
    assert "teacher.csv" in str(error.value) and f"line {line}" in str(error.value)
    assert isinstance(error.value, ValueError)


def test_missing_card_file_is_a_clear_error(tmp_path):
    with pytest.raises(CardFileError, match="cannot read"):
        load_cards(str(tmp_path / "nothing.csv"))
