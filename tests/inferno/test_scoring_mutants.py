"""Scoring in Mountain of Inferno (rulesbook.inferno.scoring): what mutation testing found no test
for — asking `is_complete_cross` of one card (only a random search asked it, and its few examples
at the mutation run's scale held no cross), and a Mountain given in notation together with the
rules it is to be read under (the optional rule's two pawns on a card, MOI-R13)."""

from __future__ import annotations

import pytest

from rulesbook.inferno import Position, Rules, complete_crosses, score
from rulesbook.inferno.scoring import has_complete_cross, is_complete_cross
from test_inferno_position import SCORING_EXAMPLE  # the rulebook's ("Example of scoring at the end of a Round")


#: A cross of four different disciples both ways through PM+1 at (1, 1).
CROSS = ". MK+1 . .\nMK+2 PM+1{pawns} SB+1 DH+1\n. SB+2 . .\n. DH+2 . ."


def test_the_rulebook_example_has_its_cross_under_black_only():
    """Black's MK-3 lies in the row PM+1 MK-3 DH+2 SB+1 and the column SB+2 PM+2 MK-3 DH+1: a
    complete cross (rulebook III a). Red's SB+1 has a complete row but a column of two cards;
    blue's column DH+2 DH+2 PM+1 SB+3 shows Dragon Horse twice."""
    position = Position.parse(SCORING_EXAMPLE)
    assert is_complete_cross(position, (2, 1)) is True
    assert is_complete_cross(position, (2, 3)) is False
    assert is_complete_cross(position, (5, 2)) is False


def test_a_cross_with_no_pawn_on_it_does_not_end_the_round():
    """Condition a asks for a pawn at the intersection: the cards alone are not enough."""
    assert is_complete_cross(Position.parse(CROSS.format(pawns="@R")), (1, 1)) is True
    assert is_complete_cross(Position.parse(CROSS.format(pawns="").replace("MK+1", "MK+1@R", 1)), (1, 1)) is False


def test_two_pawns_at_a_cross_never_end_the_round_asked_of_the_card_MOI_R13():
    rules = Rules(two_pawns=True)
    assert is_complete_cross(Position.parse(CROSS.format(pawns="@RB"), rules), (1, 1), rules) is False
    assert is_complete_cross(Position.parse(CROSS.format(pawns="@R"), rules), (1, 1), rules) is True


def test_a_mountain_in_notation_is_read_under_the_rules_given_MOI_R13():
    """With the optional rule, a card in the notation may hold two pawns; asked in notation, the
    two pawns at the cross are read (not refused) and end nothing, a lone pawn there does."""
    rules = Rules(two_pawns=True)
    assert complete_crosses(CROSS.format(pawns="@RB"), rules) == set()
    assert complete_crosses(CROSS.format(pawns="@R") + "\n. MK+3@YK . .", rules) == {(1, 1)}


def _cross_at(along_row: int, along_column: int, pawns: str = "@R") -> str:
    """A Mountain of exactly one row of four and one column of four crossing on PM+2: the row
    MK+1 SB+3 DH+1 and the column SB+2 DH+2 MK+3 with PM+2 put in at the given places (0-3), in
    a 4 x 4 frame; nothing else, so every sequence is exactly four cards long."""
    row = ["MK+1", "SB+3", "DH+1"]
    row.insert(along_row, "PM+2" + pawns)
    column = ["SB+2", "DH+2", "MK+3"]
    column.insert(along_column, "PM+2" + pawns)
    grid = [["." for _ in range(4)] for _ in range(4)]
    for index in range(4):
        grid[along_column][index] = row[index]
        grid[index][along_row] = column[index]
    return "\n".join(" ".join(line) for line in grid)


@pytest.mark.parametrize("along_column", range(4))
@pytest.mark.parametrize("along_row", range(4))
def test_the_pawn_may_stand_on_any_of_the_four_cards_of_each_sequence(along_row, along_column):
    """Rulebook III a: a pawn at the intersection of a horizontal and a vertical sequence of four
    different disciples; the intersection may be the first, second, third or last card of either
    sequence. Condition b counts PM+2 once: 7 + 9 - 2; condition a twice: 7 + 9."""
    position = Position.parse(_cross_at(along_row, along_column))
    place = (along_column, along_row)
    assert position.pawn("R") == place
    assert complete_crosses(position) == {place}
    assert is_complete_cross(position, place) is True
    assert has_complete_cross(position) is True
    assert score(position, "R") == (1 + 2 + 3 + 1) + (2 + 2 + 2 + 3) - 2 == 14
    assert score(position, "R", ended=True) == (1 + 2 + 3 + 1) + (2 + 2 + 2 + 3) == 16


@pytest.mark.parametrize("along_row", range(4))
def test_a_sequence_of_three_is_no_cross_wherever_the_pawn_stands_in_it(along_row):
    """Take away the row's last card (or its first, when the pawn stands last): three cards in a
    row are not a sequence of four, so the round does not end there."""
    grid = [line.split() for line in _cross_at(along_row, 1).split("\n")]
    grid[1][0 if along_row == 3 else 3] = "."
    position = Position.parse("\n".join(" ".join(line) for line in grid))
    assert complete_crosses(position) == set()
    assert is_complete_cross(position, (1, along_row)) is False
    assert has_complete_cross(position) is False


def test_a_score_asked_in_notation_reads_it_under_the_rules_given_MOI_R13():
    """Red and yellow share PM+3 under the optional rule: each scores the row PM+3 SB+1 (4) plus
    the column DH+2 PM+3 (5), PM+3 once: 6; the ZH ender counts it twice: 9 (MOI-R11)."""
    text = "DH+2     .\nPM+3@RY SB+1"
    assert score(text, "R", rules=Rules(two_pawns=True)) == score(text, "Y", rules=Rules(two_pawns=True)) == 4 + 5 - 3
    assert score(text, "Y", ended=True, rules=Rules(edition="zh", two_pawns=True)) == 4 + 5
