"""The position notation: parse, format, and clear errors for anything malformed."""

import pytest
from hypothesis import given
from hypothesis import strategies as st
from inferno_strategies import mountains

from rulesbook.core import NotationError
from rulesbook.inferno import Colour, Disciple, DiscipleCard, Position, Rules

SCORING_EXAMPLE = """
.     SB+2   .      .      .     .
.     PM+2   .      .      .     .
PM+1  MK-3@K DH+2   SB+1@R PM+1  MK+1
.     DH+1   DH+2   MK+2   .     .
.     .      PM+1   .      .     .
.     .      SB+3@B DH+1   PM+1  MK+2
"""


def test_cards_pawns_and_coordinates_from_the_top_left_of_the_text():
    position = Position.parse(SCORING_EXAMPLE)
    assert position.card_at((2, 1)) == DiscipleCard(Disciple.MONKEY_KING, -3)
    assert position.card_at((0, 0)) is None
    assert position.pawn("K") == (2, 1)
    assert position.pawn(Colour.RED) == (2, 3)
    assert position.pawns_at((5, 2)) == (Colour.BLUE,)
    assert len(position) == 16
    assert position.is_whole()


def test_plus_sign_may_be_left_out_and_case_does_not_matter():
    assert Position.parse("MK2 pm+1@r") == Position.parse("MK+2 PM+1@R")


def test_blank_lines_are_ignored_and_any_whitespace_separates():
    assert Position.parse("\n\nMK+1\tPM+1\n\n.   SB+2\n") == Position.parse("MK+1 PM+1\n. SB+2")


def test_leading_dots_keep_coordinates_and_survive_formatting():
    position = Position.parse(". . .\n. MK+1 PM+1")
    assert set(position.cards) == {(1, 1), (1, 2)}
    assert Position.parse(str(position)) == position
    assert str(position).splitlines()[0].split() == [".", ".", "."]


def test_format_aligns_columns_and_writes_plus_signs():
    assert str(Position.parse("MK2@R pm-3\n. sb1")) == "MK+2@R PM-3\n.      SB+1"


@pytest.mark.parametrize(
    "text, token, row, column, why",
    [
        ("MK+1 XX+1", "XX+1", 0, 1, "unknown disciple code"),
        ("MK+1\n. MK+4", "MK+4", 1, 1, "worth +4"),
        ("MK+1 MK-1", "MK-1", 0, 1, "worth -1"),
        ("MK+1 MK0", "MK0", 0, 1, "worth +0"),
        ("PM+1@G", "PM+1@G", 0, 0, "unknown pawn colour"),
        ("PM+1@RR", "PM+1@RR", 0, 0, "written twice"),
        ("PM+1@R SB+1@R", "SB+1@R", 0, 1, "already stands at row 0, column 0"),
        (". DH", "DH", 0, 1, "missing value"),
        ("DH+", "DH+", 0, 0, "malformed value"),
        ("+2", "+2", 0, 0, "missing disciple code"),
        ("MK+1 BISON", "BISON", 0, 1, "never part of the Mountain"),
        ("MK+1 .@R", ".@R", 0, 1, "must stand on a card"),
        ("MK+1@", "MK+1@", 0, 0, "must be followed by pawn colours"),
        ("MK+1@R@B", "MK+1@R@B", 0, 0, "once"),
        ("MK+1@RB", "MK+1@RB", 0, 0, "MOI-R13"),
        ("MK+3 PM+1\nMK+3", "MK+3", 1, 0, "only 1 MK+3"),
        ("MK+1 ?", "?", 0, 1, "not a place"),
        ("MK+٣", "MK+٣", 0, 0, "malformed value"),
    ],
)
def test_malformed_notation_names_the_token_its_row_and_column(text, token, row, column, why):
    with pytest.raises(NotationError) as caught:
        Position.parse(text)
    error = caught.value
    assert isinstance(error, ValueError)
    assert (error.token, error.row, error.column) == (token, row, column)
    assert why in str(error)
    assert repr(token) in str(error) and f"row {row}" in str(error) and f"column {column}" in str(error)


def test_two_pawns_on_a_card_only_with_the_optional_rule_MOI_R13():
    position = Position.parse("MK+1@RB PM+1", rules=Rules(two_pawns=True))
    assert position.pawns_at((0, 0)) == (Colour.RED, Colour.BLUE)
    with pytest.raises(NotationError, match="at most 2"):
        Position.parse("MK+1@RBY", rules=Rules(two_pawns=True))
    assert len(Position.parse("MK+1@RBY", rules=Rules(edition="zh", two_pawns=True)).pawns) == 3


def test_a_missing_pawn_is_a_clear_error():
    with pytest.raises(ValueError, match="no yellow pawn"):
        Position.parse("MK+1@R").pawn("Y")


@given(mountains(Rules(two_pawns=True)))
def test_format_then_parse_gives_the_same_position(position):
    text = str(position)
    again = Position.parse(text, rules=Rules(two_pawns=True))
    assert again == position
    assert str(again) == text


@given(mountains())
def test_repr_is_stable_and_evaluates_back_to_the_position(position):
    assert eval(repr(position), {"Position": Position}) == position
    assert "object at 0x" not in repr(position)


NOTATION_PIECES = st.sampled_from(
    ["MK", "PM", "SB", "DH", "XX", "mk", "+", "-", "1", "2", "3", "4", "0", "@", "R", "Y", "B", "K", "G",
     ".", " ", "  ", "\n", "\t", "\r\n", "#", "é", "٣", "\u2028", "@@", "BISON"]
)


@given(st.lists(NOTATION_PIECES, max_size=40).map("".join))
def test_fuzzed_notation_parses_or_raises_the_clear_error(text):
    try:
        position = Position.parse(text)
    except NotationError as error:
        assert error.token and error.reason and error.row is not None and error.column is not None
    else:
        assert Position.parse(str(position)) == position


@given(st.text(max_size=60))
def test_arbitrary_text_parses_or_raises_the_clear_error(text):
    try:
        position = Position.parse(text)
    except NotationError as error:
        assert error.token and error.reason and repr(error.token) in str(error)
        assert error.row is not None and error.column is not None  # where in the text
    else:
        assert Position.parse(str(position)) == position and position.is_whole()


@given(mountains(), st.data())
def test_mutated_notation_parses_or_raises_the_clear_error(position, data):
    text = str(position)
    if not text:
        return
    index = data.draw(st.integers(0, len(text) - 1))
    replacement = data.draw(st.sampled_from(["", "@", "+", "-", "9", "Q", " ", "\n", "@K", "MK"]))
    mutated = text[:index] + replacement + text[index + 1 :]
    try:
        parsed = Position.parse(mutated)
    except NotationError as error:
        assert repr(error.token) in str(error) and error.reason and error.row is not None
    else:
        assert Position.parse(str(parsed)) == parsed and parsed.is_whole()


def test_the_reference_list_of_notation_tokens_parses():
    from rulesbook.inferno.position import NOTATION_TOKENS

    for token, meaning in NOTATION_TOKENS:
        position = Position.parse(token, Rules(two_pawns=True))
        assert meaning and (len(position) == 0 if token == "." else str(position) == token)
