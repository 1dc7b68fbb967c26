"""What each effect could do: placements, Mighty Bison King, Iron Fan Princess, Red Boy.

Hand-made positions show each rule; property tests compare every answer with a brute-force
oracle written independently, over random connected Mountains drawn from the real deck.
"""

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st
from inferno_strategies import mountains

from rulesbook.inferno import (
    Disciple,
    Position,
    Rules,
    bison_destinations,
    cut_places,
    is_connected,
    placements,
    princess_destinations,
    red_boy_targets,
    step_destinations,
)
from rulesbook.inferno.position import neighbours

LINE = Position.parse("MK+1@R PM+1 SB+1@B DH+1 MK+2 PM+2")
SQUARE = Position.parse("MK+1@R PM+1\nSB+1 DH+1")


# --- placements (rulebook I, "Playing a Disciple card") ------------------------------------
def test_a_disciple_is_laid_touching_a_card_orthogonally_never_diagonally():
    position = Position.parse("MK+1")
    assert placements(position) == {(-1, 0), (1, 0), (0, -1), (0, 1)}
    assert (1, 1) not in placements(position) and (-1, -1) not in placements(position)
    assert placements(Position.parse("MK+1 . PM+1", whole=False)) >= {(0, 1)}


# --- Mighty Bison King (MOI-R05) ------------------------------------------------------------
def test_one_bison_moves_one_to_three_cards_passing_over_but_not_stopping_on_pawns_MOI_R05():
    assert bison_destinations(LINE, "R") == {(0, 1), (0, 3)}  # (0, 2) holds blue: passed over, not a stop


def test_two_bisons_move_four_to_five_cards_MOI_R05():
    assert bison_destinations(LINE, "R", cards=2) == {(0, 4), (0, 5)}


def test_the_path_never_visits_a_card_twice_so_never_ends_on_its_start_MOI_R05():
    assert bison_destinations(SQUARE, "R") == {(0, 1), (1, 0), (1, 1)}
    # Four cards hold no simple path of four steps: the two-card move has nowhere to go.
    assert bison_destinations(SQUARE, "R", cards=2) == set()


def test_bison_never_steps_over_an_empty_place_MOI_R05():
    position = Position.parse("MK+1@R . PM+1\nSB+1 DH+1 DH+2")
    # (0, 2) is two places to the right, but the way there goes round the gap: four steps.
    assert bison_destinations(position, "R") == {(1, 0), (1, 1), (1, 2)}
    assert bison_destinations(position, "R", cards=2) == {(0, 2)}


def test_with_two_pawns_allowed_a_bison_may_stop_on_a_card_holding_one_MOI_R13():
    rules = Rules(two_pawns=True)
    assert (0, 2) in bison_destinations(LINE, "R", rules=rules)
    full = Position.parse("MK+1@R PM+1@YB", rules=rules)
    assert bison_destinations(full, "R", rules=rules) == set()


def test_bison_refuses_three_cards():
    with pytest.raises(ValueError, match="MOI-R05"):
        bison_destinations(LINE, "R", cards=3)


# --- Iron Fan Princess (MOI-R15) ------------------------------------------------------------
def test_princess_puts_the_card_and_its_pawn_elsewhere_touching_the_mountain_MOI_R15():
    destinations = princess_destinations(Position.parse("MK+1@R PM+1 SB+1"), "R")
    assert destinations == {(-1, 1), (-1, 2), (1, 1), (1, 2), (0, 3)}
    assert (0, 0) not in destinations


def test_princess_cannot_lift_a_card_that_holds_the_mountain_together_MOI_R15():
    assert princess_destinations(Position.parse("MK+1 PM+1@R SB+1"), "R") == set()


def test_a_lone_card_has_nowhere_else_to_go():
    assert princess_destinations(Position.parse("MK+1@R"), "R") == set()


# --- Red Boy (MOI-R15, MOI-R16) -------------------------------------------------------------
def test_one_red_boy_discards_a_card_of_its_picture_two_any_card_MOI_R16():
    position = Position.parse("MK+1 PM+1 SB+1 PM+2\n. . DH+1@R .")
    assert red_boy_targets(position, "PM") == {(0, 3)}  # (0, 1) would split the Mountain
    assert red_boy_targets(position, Disciple.MONKEY_KING) == {(0, 0)}
    assert red_boy_targets(position, None) == {(0, 0), (0, 3)}


def test_red_boy_never_discards_a_card_with_a_pawn_MOI_R16():
    assert red_boy_targets(Position.parse("MK+1@R PM+1"), "MK") == set()
    assert red_boy_targets(Position.parse("MK+1@R PM+1"), None) == {(0, 1)}


# --- step II step (MOI-R09) -----------------------------------------------------------------
def test_the_phase_two_step_goes_one_card_onto_a_free_card_MOI_R09():
    assert step_destinations(LINE, "R") == {(0, 1)}
    assert step_destinations(LINE, "B") == {(0, 1), (0, 3)}


# --- oracles --------------------------------------------------------------------------------
def walks(position, start, length):
    """Every sequence of orthogonal steps of that length, kept when it is a simple card path."""
    ends = set()
    for moves in itertools.product(((0, 1), (1, 0), (0, -1), (-1, 0)), repeat=length):
        place, seen = start, {start}
        for d_row, d_column in moves:
            place = (place[0] + d_row, place[1] + d_column)
            if place not in position.cards or place in seen:
                break
            seen.add(place)
        else:
            ends.add(place)
    return ends


def around(position):
    rows = [row for row, _ in position.cards]
    columns = [column for _, column in position.cards]
    return {
        (row, column)
        for row in range(min(rows) - 1, max(rows) + 2)
        for column in range(min(columns) - 1, max(columns) + 2)
    }


RULE_SETS = [Rules(), Rules(two_pawns=True)]


@given(mountains(max_cards=20))
def test_placements_are_exactly_the_empty_places_that_keep_the_mountain_whole(position):
    expected = {
        place
        for place in around(position)
        if place not in position.cards and is_connected([*position.cards, place])
    }
    assert placements(position) == expected


@given(mountains(min_pawns=1, max_cards=14), st.sampled_from([1, 2]), st.sampled_from(RULE_SETS), st.data())
def test_bison_destinations_match_every_simple_walk_and_never_end_on_a_full_card(position, cards, rules, data):
    colour = data.draw(st.sampled_from(sorted(position.pawns, key=lambda c: c.value)))
    start = position.pawn(colour)
    lengths = (1, 2, 3) if cards == 1 else (4, 5)
    reachable = set().union(*(walks(position, start, length) for length in lengths))
    got = bison_destinations(position, colour, cards, rules)
    assert got == {place for place in reachable if len(position.pawns_at(place)) < rules.max_pawns_per_card}
    for place in got:
        assert place in position.cards and place != start
        moved = position.with_pawn(colour, place)
        assert moved.is_whole() and len(moved.pawns_at(place)) <= rules.max_pawns_per_card


@given(mountains(min_pawns=1), st.data())
def test_princess_destinations_keep_the_mountain_whole_and_the_pawn_on_its_card(position, data):
    colour = data.draw(st.sampled_from(sorted(position.pawns, key=lambda c: c.value)))
    source = position.pawn(colour)
    rest = [place for place in position.cards if place != source]
    expected = set()
    if rest and is_connected(rest):
        expected = {
            place
            for place in around(position)
            if place not in position.cards and any(near in rest for near in neighbours(place))
        }
    got = princess_destinations(position, colour)
    assert got == expected
    card = position.card_at(source)
    for place in got:
        moved = position.with_card_moved(source, place)
        assert moved.is_whole() and place != source
        assert moved.card_at(place) == card and moved.pawn(colour) == place


@given(mountains(), st.sampled_from([None, *Disciple]))
def test_red_boy_targets_never_split_the_mountain_nor_take_a_pawns_card(position, picture):
    occupied = set(position.pawns.values())
    expected = {
        place
        for place, card in position.cards.items()
        if place not in occupied
        and (picture is None or card.disciple is picture)
        and is_connected([p for p in position.cards if p != place])
    }
    got = red_boy_targets(position, picture)
    assert got == expected
    for place in got:
        assert position.without_card(place).is_whole()


@given(mountains(max_cards=30))
def test_cut_places_are_the_cards_whose_removal_splits_the_mountain(position):
    expected = {place for place in position.cards if not is_connected([p for p in position.cards if p != place])}
    assert cut_places(position.cards) == expected


def test_a_lone_card_cannot_be_lifted_and_one_of_two_can_MOI_R15():
    """Iron Fan Princess lifts the card under a pawn only if the rest of the Mountain stays whole
    (MOI-R15): a Mountain of one card has no rest to stay, a Mountain of two keeps one card."""
    from rulesbook.inferno.effects import princess_lift_allowed

    assert not princess_lift_allowed(Position.parse("MK+1@R"), (0, 0))
    assert princess_lift_allowed(Position.parse("MK+1@R PM+1"), (0, 0))
    assert not princess_lift_allowed(Position.parse("MK+1 PM+1@R SB+1"), (0, 1))  # the middle splits


def test_the_sorted_bison_destinations_are_the_one_card_move_by_default():
    """Mighty Bison King: one card moves the pawn one step; `sorted_bison_destinations` answers the
    same places as `bison_destinations`, in order, for one card unless told two."""
    from rulesbook.inferno.effects import sorted_bison_destinations

    for cards in (1, 2):
        assert list(sorted_bison_destinations(LINE, "R", cards)) == sorted(bison_destinations(LINE, "R", cards))
    assert list(sorted_bison_destinations(LINE, "R")) == sorted(bison_destinations(LINE, "R"))
    assert bison_destinations(LINE, "R", 1) != bison_destinations(LINE, "R", 2)
