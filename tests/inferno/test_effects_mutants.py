"""Card effects in Mountain of Inferno (rulesbook.inferno.effects): what mutation testing found no
test for — a Mountain asked about in its notation, together with the rules it is read under. With
the optional rule (MOI-R13) the notation may put two pawns on a card; every question a reader asks
(`show`'s way: where a Bison King, an Iron Fan Princess, a Red Boy or the step II move may go) must
read it under the rules given, not refuse it nor answer under the printed rules. Its second round
(the mutants the first never reached): a count of Mighty Bison King cards that is no whole number
was refused naming `cards`, but no test read what the refusal says it was given."""

from __future__ import annotations

import pytest

from rulesbook.core.data import DataError
from rulesbook.inferno import Position, Rules
from rulesbook.inferno.effects import (
    bison_destinations, princess_destinations, princess_left_out, red_boy_targets, step_destinations,
)
from rulesbook.inferno.position import place_code

TWO_PAWNS = Rules(two_pawns=True)
#: Red and blue share MK+1, yellow stands alone on PM+2, SB+3 is free: one row of three cards.
SHARED = "MK+1@RB PM+2@Y SB+3"


def test_the_step_may_join_a_lone_pawn_but_not_a_full_card_MOI_R09_MOI_R13():
    assert step_destinations(SHARED, "R", TWO_PAWNS) == {(0, 1)}  # onto yellow's card: room for one more
    assert step_destinations(SHARED, "Y", TWO_PAWNS) == {(0, 2)}  # MK+1 holds two pawns: full


def test_one_bison_may_stop_on_a_card_holding_one_pawn_MOI_R05_MOI_R13():
    """From MK+1: one step to PM+2 (yellow's, room for one more), two steps to SB+3."""
    assert bison_destinations(SHARED, "R", 1, TWO_PAWNS) == {(0, 1), (0, 2)}
    assert bison_destinations(SHARED, "Y", 1, TWO_PAWNS) == {(0, 2)}  # not onto the full MK+1


def test_red_boy_takes_only_the_free_end_card_MOI_R15_MOI_R16():
    """MK+1 and PM+2 hold pawns; PM+2 also holds the row together. Only SB+3 may go."""
    assert red_boy_targets(SHARED, None, TWO_PAWNS) == {(0, 2)}
    assert red_boy_targets(SHARED, "SB", TWO_PAWNS) == {(0, 2)}
    assert red_boy_targets(SHARED, "MK", TWO_PAWNS) == set()


def test_princess_puts_an_end_card_down_touching_the_rest_of_the_row_MOI_R15():
    """Lifting MK+1 (red and blue with it) leaves PM+2 SB+3: the card goes above or below either,
    or after SB+3; not where only MK+1 itself was touched. PM+2 holds the row together: no lift."""
    assert princess_destinations(SHARED, "R", TWO_PAWNS) == {(-1, 1), (1, 1), (-1, 2), (1, 2), (0, 3)}
    assert princess_destinations(SHARED, "Y", TWO_PAWNS) == set()


@pytest.mark.parametrize("cards, said", [("2", "'2'"), (1.0, "1.0"), (True, "True")])
def test_a_count_of_bison_kings_that_is_no_whole_number_is_refused_saying_what_was_given_MOI_R05(cards, said):
    """A reader who typed "2" sees '2' in the refusal, not None."""
    with pytest.raises(DataError) as refused:
        bison_destinations(SHARED, "R", cards, rules=TWO_PAWNS)
    assert refused.value.field == "cards"
    assert refused.value.why == f"expected how many Mighty Bison King cards are played, 1 or 2, not {said}"


def test_the_places_a_lifted_card_leaves_alone_come_in_order_MOI_R15():
    """`princess_left_out` says "in order": the left end of MK+1 PM+2 touches only MK+1 on three
    sides (above, left, below), which the Mountain's shape finds out of order."""
    mountain = Position.parse("MK+1 PM+2")
    for end in ((0, 0), (0, 1)):
        alone = princess_left_out(mountain, place_code(end))
        assert alone is not None and len(alone) == 3 and list(alone) == sorted(alone), (end, alone)
