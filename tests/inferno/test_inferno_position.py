"""The position: its notation (parse, format, and clear errors for anything malformed), and the
questions a reader asks of it, each held to its plain definition."""

import re
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st
from inferno_strategies import mountains

from rulesbook.core import NotationError
from rulesbook.core.errors import shown
from rulesbook.inferno import DISCIPLE_CARDS, REACH, Colour, Disciple, DiscipleCard, Position, Rules, is_connected
from rulesbook.inferno.position import DECK_COUNTS, neighbours

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


def test_blank_lines_around_the_rows_are_ignored_and_any_whitespace_separates():
    # A blank line between rows is refused (tests/inferno/test_teacher_audit_inferno.py): it was dropped without a word.
    assert Position.parse("\n\nMK+1\tPM+1\n.   SB+2\n\n") == Position.parse("MK+1 PM+1\n. SB+2")


def test_leading_dots_keep_coordinates_and_survive_formatting():
    position = Position.parse(". . .\n. MK+1 PM+1")
    assert set(position.cards) == {(1, 1), (1, 2)}
    assert Position.parse(str(position)) == position
    assert str(position).splitlines()[0].split() == [".", ".", "."]


def test_format_aligns_columns_and_writes_plus_signs():
    assert str(Position.parse("MK2@R pm-3\n. sb1")) == "MK+2@R PM-3\n.      SB+1"


@pytest.mark.parametrize(
    "text, token, row, column, reason",
    [
        ("MK+1 XX+1", "XX+1", 0, 1,
         "unknown disciple code 'XX'; expected one of MK, PM, SB, DH"),
        ("MK+1\n. MK+4", "MK+4", 1, 1,
         "no Monkey King card is worth +4; the deck has +1, +2, +3 and -3 (rulebook, Card Descriptions)"),
        ("MK+1 MK-1", "MK-1", 0, 1,
         "no Monkey King card is worth -1; the deck has +1, +2, +3 and -3 (rulebook, Card Descriptions)"),
        ("MK+1 MK0", "MK0", 0, 1,
         "no Monkey King card is worth +0; the deck has +1, +2, +3 and -3 (rulebook, Card Descriptions)"),
        ("PM+1@G", "PM+1@G", 0, 0,
         "unknown pawn colour 'G'; expected R (red), Y (yellow), B (blue) or K (black)"),
        ("PM+1@RR", "PM+1@RR", 0, 0,
         "the red pawn is written twice"),
        ("PM+1@R SB+1@R", "SB+1@R", 0, 1,
         "the red pawn already stands at row 0, column 0; each colour has one pawn"),
        (". DH", "DH", 0, 1,
         "missing value after DH; write it as DH+1, DH+2, DH+3 or DH-3"),
        ("DH+", "DH+", 0, 0,
         "malformed value '+'; expected +1, +2, +3 or -3"),
        ("+2", "+2", 0, 0,
         "missing disciple code before the value; expected one of MK, PM, SB, DH"),
        ("MK+1 BISON", "BISON", 0, 1,
         "event cards are never part of the Mountain; only disciples are laid there"),
        ("MK+1 .@R", ".@R", 0, 1,
         "a pawn must stand on a card, not on an empty place"),
        ("MK+1@", "MK+1@", 0, 0,
         "'@' must be followed by pawn colours: R, Y, B or K"),
        ("MK+1@R@B", "MK+1@R@B", 0, 0,
         "write '@' once, followed by all the pawn colours"),
        ("MK+1@RB", "MK+1@RB", 0, 0,
         "two pawns may share a card only with the optional rule, Rules(two_pawns=True) (MOI-R13)"),
        ("MK+3 PM+1\nMK+3", "MK+3", 1, 0,
         "the deck has only 1 MK+3 card and this Mountain shows more (rulebook, Card Descriptions)"),
        ("MK+1 ?", "?", 0, 1,
         "not a place: write '.' for an empty place or a card such as MK+2 (MK, PM, SB, DH and a value)"),
        ("MK+٣", "MK+٣", 0, 0,
         "malformed value '+٣'; expected +1, +2, +3 or -3"),
        ("MK+100", "MK+100", 0, 0,
         "no Monkey King card is worth +100; the deck has +1, +2, +3 and -3 (rulebook, Card Descriptions)"),
        ("MK+1000", "MK+1000", 0, 0,  # a value of five characters or more is never read as a number
         "malformed value '+1000'; expected +1, +2, +3 or -3"),
        ("MK+" + "9" * 60, "MK+" + "9" * 37, 0, 0,  # a long token is cut to 40 characters, its value to 12
         "malformed value '+99999999999'; expected +1, +2, +3 or -3"),
        ("MK+1@R1", "MK+1@R1", 0, 0,
         "unknown pawn colour '1'; expected R (red), Y (yellow), B (blue) or K (black)"),
        ("MK+1 PM+1 . SB+1", "SB+1", 0, 3,
         "this card touches no card of the rest of the Mountain: the Mountain is one piece,"
         " joined along the sides of its cards (MOI-R15)"),
        (". " * (REACH + 1) + "MK" * 30, "MK" * 20, 0, REACH + 1,  # the first place too many, cut to 40 characters
         "a row has at most 101 places (places lie within 100 of 0,0)"),
    ],
)
def test_malformed_notation_names_the_token_its_row_and_column_and_says_why(text, token, row, column, reason):
    with pytest.raises(NotationError) as caught:
        Position.parse(text)
    error = caught.value
    assert isinstance(error, ValueError)
    assert (error.token, error.row, error.column, error.reason) == (token, row, column, reason)
    assert str(error) == f"{token!r} at row {row}, column {column}: {reason}"


def test_a_mountain_of_more_rows_than_the_reach_is_refused_at_the_first_row_too_many():
    text = "\n".join(["."] * (REACH + 1) + ["MK" * 30 + " PM+1"])
    with pytest.raises(NotationError) as caught:
        Position.parse(text)
    assert (caught.value.token, caught.value.row, caught.value.column) == ("MK" * 20, REACH + 1, None)  # cut to 40 characters
    assert caught.value.reason == "a Mountain has at most 101 rows (places lie within 100 of 0,0)"
    farthest = Position.parse("\n".join(["."] * REACH + [". " * REACH + "MK+1"]))  # the last row and place allowed
    assert farthest.cards == {(REACH, REACH): DiscipleCard(Disciple.MONKEY_KING, 1)}


def test_only_text_is_notation():
    with pytest.raises(NotationError) as caught:
        Position.parse(b"MK+1")
    assert (caught.value.token, caught.value.row, caught.value.reason) == ("bytes", None, "Position.parse expects notation text")


def test_two_pawns_on_a_card_only_with_the_optional_rule_MOI_R13():
    position = Position.parse("MK+1@RB PM+1", rules=Rules(two_pawns=True))
    assert position.pawns_at((0, 0)) == (Colour.RED, Colour.BLUE)
    with pytest.raises(NotationError, match=r"^'MK\+1@RBY' at row 0, column 0: at most 2 pawns may share a card \(MOI-R13\)$"):
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


@given(mountains(Rules(two_pawns=True, shared_card_limit=4), max_cards=12), st.integers(-REACH, REACH - 12),
       st.integers(-REACH, REACH - 12), st.booleans(), st.data())
def test_repr_makes_any_position_again_wherever_it_lies_whole_or_not(position, down, right, split, data):
    """A game's Mountain grows up and left of (0, 0) as often as not; a figure may be in two pieces
    or hold pawns the optional rule lets share a card (MOI-R13): the repr says what parse needs."""
    cards = {(row + down, column + right): card for (row, column), card in position.cards.items()}
    if split and len(cards) > 2:
        del cards[data.draw(st.sampled_from(sorted(cards)))]
    pawns = {colour: (row + down, column + right) for colour, (row, column) in position.pawns.items()
             if (row + down, column + right) in cards}
    moved = Position(cards, pawns)
    text = repr(moved)
    assert eval(text, {"Position": Position, "Rules": Rules}) == moved
    assert ("whole=False" in text) == (not is_connected(moved.cards))
    assert ("origin=" in text) == (moved.bounds()[0] != (0, 0))
    assert ("two_pawns=True" in text) == (len(set(pawns.values())) < len(pawns))


def test_the_origin_says_where_the_text_begins():
    position = Position.parse("MK+1@R PM+1", origin=(-3, -REACH))
    assert position.cards == {(-3, -REACH): DiscipleCard(Disciple.MONKEY_KING, 1), (-3, 1 - REACH): DiscipleCard(Disciple.PIG_MONK, 1)}
    assert position.pawns == {Colour.RED: (-3, -REACH)}
    assert str(position) == "MK+1@R PM+1"
    assert repr(position) == "Position.parse('''\nMK+1@R PM+1\n''', origin=(-3, -100))"
    tall = Position.parse("\n".join(["."] * (2 * REACH) + ["MK+1"]), origin=(-REACH, 0))  # 201 rows from -100
    assert tall.cards == {(REACH, 0): DiscipleCard(Disciple.MONKEY_KING, 1)}
    with pytest.raises(NotationError) as caught:  # errors name the text's own rows and columns
        Position.parse(". MK+1\nPM+1 XX+1", origin=(-5, -5))
    assert (caught.value.token, caught.value.row, caught.value.column) == ("XX+1", 1, 1)
    with pytest.raises(NotationError) as caught:
        Position.parse("MK+1\nPM+1\nSB+1", origin=(REACH - 1, 0))
    assert (caught.value.token, caught.value.row, caught.value.reason) == (
        "SB+1", 2, "a Mountain has at most 2 rows (places lie within 100 of 0,0)")
    with pytest.raises(NotationError) as caught:
        Position.parse("MK+1 PM+1", origin=(0, REACH))
    assert (caught.value.token, caught.value.row, caught.value.column) == ("PM+1", 0, 1)
    assert caught.value.reason == "a row has at most 1 places (places lie within 100 of 0,0)"
    with pytest.raises(NotationError) as caught:
        Position.parse("MK+1@R\n.\nPM+1@R", whole=False, origin=(7, 7))
    assert (caught.value.row, caught.value.column) == (2, 0)
    assert caught.value.reason == "the red pawn already stands at row 0, column 0; each colour has one pawn"
    with pytest.raises(NotationError) as caught:
        Position.parse("MK+1\n.\nPM+1", origin=(-9, 4))
    assert (caught.value.token, caught.value.row, caught.value.column) == ("PM+1", 2, 0)


@pytest.mark.parametrize("origin", [(0, REACH + 1), (-REACH - 1, 0), (0.0, 0), (0,), "0,0", None])
def test_an_origin_off_the_table_is_refused_by_name(origin):
    with pytest.raises(ValueError, match=r"^origin: a place is \(row, column\), two whole numbers from -100 to 100, not "):
        Position.parse("MK+1", origin=origin)


def test_a_position_holds_no_more_copies_of_a_card_than_the_deck_MOI_R01():
    dragon = DiscipleCard(Disciple.DRAGON_HORSE, 3)
    with pytest.raises(ValueError, match=r"^the deck has only 1 DH\+3 card and this Mountain shows 2 \(rulebook, Card Descriptions\)$"):
        Position({(0, 0): dragon, (0, 1): dragon})
    monkey = DiscipleCard(Disciple.MONKEY_KING, 1)
    copies = Counter(DISCIPLE_CARDS)[monkey]
    assert len(Position({(0, column): monkey for column in range(copies)})) == copies
    with pytest.raises(ValueError, match=f"has only {copies} MK\\+1 cards and this Mountain shows {copies + 1} "):
        Position({(0, column): monkey for column in range(copies + 1)})


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
        assert error.token and error.reason and shown(error.token) in str(error)  # quoted, a long one cut short
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


@given(mountains(Rules(two_pawns=True), max_cards=16))
def test_the_questions_a_reader_asks_of_a_position_match_their_plain_definitions(position):
    """full_places, adjacency, cut_places, bounds, `in`, card_at, pawns_at and pawn_count, each
    worked out again from the cards and pawns alone (MOI-R13 for a full card, MOI-R15 for a cut
    one); a place that is no place, or holds no card, holds nothing."""
    cards = position.cards
    for limit in (1, 2):
        assert position.full_places(limit) == {place for place in cards if len(position.pawns_at(place)) >= limit}
    assert position.adjacency() == {
        place: tuple(near for near in neighbours(place) if near in cards) for place in cards
    }
    assert position.cut_places() == {
        place for place in cards if not is_connected(set(cards) - {place})
    }
    rows, columns = [row for row, _ in cards], [column for _, column in cards]
    assert position.bounds() == ((min(0, *rows), min(0, *columns)), (max(rows), max(columns)))
    lines = str(position).splitlines()
    assert len(lines) == max(rows) - min(0, *rows) + 1
    for place in cards:
        assert place in position and list(place) not in position
    for outside in [(max(rows) + 1, 0), (0, max(columns) + 1), (1, 2, 3), (0.0, 0), ("0", "0"), None, "MK+1"]:
        assert outside not in position and position.card_at(outside) is None
        assert position.pawns_at(outside) == () and position.pawn_count(outside) == 0


def test_an_empty_position_has_the_empty_frame_and_holds_nothing():
    empty = Position({}, {})
    assert empty.bounds() == ((0, 0), (-1, -1)) and str(empty) == ""
    assert (0, 0) not in empty and empty.full_places(1) == frozenset() and empty.adjacency() == {}


@given(mountains(max_cards=12), st.data())
def test_with_card_lays_one_card_and_leaves_the_rest(position, data):
    free = sorted({near for place in position.cards for near in neighbours(place)} - set(position.cards))
    place = data.draw(st.sampled_from(free))
    card = data.draw(st.sampled_from(sorted((Counter(DISCIPLE_CARDS) - Counter(position.cards.values())).elements(), key=str)))
    grown = position.with_card(place, card)
    assert grown.cards == {**position.cards, place: card} and grown.pawns == position.pawns
    assert grown.is_whole() and place in grown and place not in position
    (top, left), _ = grown.bounds()  # a card laid above row 0 or left of column 0 moves the text's frame
    assert Position.parse(str(grown)).cards == {(row - top, column - left): card for (row, column), card in grown.cards.items()}
    for bad in [(0.5, 0), (REACH + 1, 0), "0,0", (0,)]:
        with pytest.raises(ValueError):
            position.with_card(bad, card)


def test_with_card_lays_no_more_of_a_card_than_the_deck_holds():
    """It laid a second SB-3, a Mountain whose own text `parse` then refused."""
    start = Position.parse("MK+1 SB-3 DH+1\nDH+2@R PM+1 MK+2@Y")
    with pytest.raises(ValueError, match=re.escape("the deck has only 1 SB-3 card and this Mountain would show 2 (rulebook, Card Descriptions)")):
        start.with_card((0, 3), "SB-3")
    mk1 = DiscipleCard(Disciple.MONKEY_KING, 1)
    row = Position({(0, column): mk1 for column in range(DECK_COUNTS[mk1])})
    with pytest.raises(ValueError, match=f"the deck has only {DECK_COUNTS[mk1]} MK\\+1 card"):
        row.with_card((1, 0), mk1)
    assert Position.parse(str(row.with_card((1, 0), "MK+2"))).cards == row.with_card((1, 0), "MK+2").cards
    assert start.with_card((0, 1), "SB-3") == start  # laid again where it lies: the same Mountain
    replaced = start.with_card((1, 0), "MK+3")  # a card laid on another takes its place, under the pawn
    assert replaced.card_at((1, 0)).code == "MK+3" and replaced.pawns == start.pawns


@given(mountains(min_cards=2, min_pawns=1, max_cards=12), st.data())
def test_positions_are_equal_when_their_cards_and_pawns_are(position, data):
    same = Position(dict(position.cards), dict(position.pawns))
    assert same == position and hash(same) == hash(position)
    colour = data.draw(st.sampled_from(list(position.pawns)))
    elsewhere = data.draw(st.sampled_from(sorted(set(position.cards) - {position.pawns[colour]})))
    moved = Position(position.cards, {**position.pawns, colour: elsewhere})
    assert moved != position and moved.cards == position.cards


def test_a_positions_cards_and_pawns_are_read_only():
    """Positions share what they work out: a teacher who changes what `cards` or `pawns` returns
    by mistake is stopped, rather than changing every position that shares it."""
    position = Position.parse("MK+2 PM+3@R\n. SB+1@B")
    with pytest.raises(TypeError):
        position.cards[(0, 0)] = position.cards[(1, 1)]
    with pytest.raises(TypeError):
        position.pawns[Colour.RED] = (1, 1)
    assert position == Position.parse("MK+2 PM+3@R\n. SB+1@B")
