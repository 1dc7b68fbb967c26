"""What the engine keeps from one shape to the next, checked against the same answers from scratch.

A shape made by laying or taking away a card takes over what it can from the shapes it was made
from (the free places, neighbour lists, Bison King paths,
crosses, window sums). Here random games are played in every edition, and at many of their moments every
answer is compared with the one a fresh copy of the state gives: a state read back from JSON has
Mountains with no history, so everything is worked out from its cards. Games seldom shut a place
in, so the cut places a Mountain with a hole carries are walked apart, from a ring of cards.
"""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from simulation_scale import scaled

from rulesbook.inferno import DISCIPLE_CARDS, Rules, cut_places, is_connected, legal_actions, new_game
from rulesbook.inferno.actions import PlayBison, PlayPrincess, PlayRedBoy
from rulesbook.inferno.state import State
from rulesbook.inferno.engine import Phase, apply_legal, cancel_means, entitled_to_cancel
from rulesbook.inferno.effects import bison_path_ends
from rulesbook.inferno.position import Position, Shape, place_code, places_at
from rulesbook.inferno.scoring import has_complete_cross, score

CONFIGS = [
    (players, Rules(edition=edition, two_pawns=two_pawns))
    for players in (2, 4)
    for edition in ("en", "zh")
    for two_pawns in (False, True)
]


def fresh(position: Position) -> Position:
    """The same Mountain with nothing known yet."""
    return Position(dict(position.cards), dict(position.pawns))


def check_shape(position: Position) -> None:
    shape, scratch = position.shape, fresh(position).shape
    assert shape.sorted_free_places() == scratch.sorted_free_places()
    for place, near in list(shape.around.items()):
        assert set(near) == set(scratch.around[place]), f"neighbours of {place}"
        assert len(near) == len(set(near))
    assert shape.is_whole() == scratch.is_whole()
    if shape.is_whole():
        assert shape.cut_places() == scratch.cut_places()
    assert has_complete_cross(position) == has_complete_cross(fresh(position))
    for colour in position.pawns:  # window sums, kept from shapes a few cards back
        assert score(position, colour) == score(fresh(position), colour), colour
    for place in position._pawns.values():  # Bison King path ends (by place code), kept from shapes a few cards back
        for cards in (1, 2):
            assert bison_path_ends(shape, place, cards) == bison_path_ends(scratch, place, cards), (place, cards)


@pytest.mark.parametrize("players, rules", CONFIGS, ids=[f"{p}p-{r.edition}-{'two' if r.two_pawns else 'one'}" for p, r in CONFIGS])
def test_kept_answers_match_answers_from_scratch(players, rules):
    for game in range(6):
        chooser = random.Random(f"caches:{players}:{game}")
        state = new_game(players, 500 + game, rules)
        moment = 0
        while not state.is_over:
            actions = legal_actions(state)
            if moment % 2 == 0 and state.phase is not Phase.PLACE_PAWN:
                assert actions == legal_actions(State.from_json(state.to_json())), f"moment {moment}"
                check_shape(state.mountain)
            state, _ = apply_legal(state, chooser.choice(actions))
            moment += 1


def asked_to_cancel(state, effect, player: int) -> tuple[int, ...]:
    """Who may cancel, from the rules' own words: clockwise from the player, holding one of the
    card sets `cancel_means` names, and entitled to answer (MOI-R06)."""
    players = state.players
    others = [(player + offset) % players for offset in range(1, players)]
    holding = [seat for seat in others if any(state.hands[seat].count(cards[0]) >= len(cards) for cards in cancel_means(effect))]
    entitled = entitled_to_cancel(state.rules, effect, state.colours[player], [state.colours[seat] for seat in holding], state.mountain)
    return tuple(seat for seat in holding if state.colours[seat] in entitled)


@pytest.mark.parametrize("players, rules", CONFIGS, ids=[f"{p}p-{r.edition}-{'two' if r.two_pawns else 'one'}" for p, r in CONFIGS])
def test_the_players_asked_to_cancel_are_those_holding_a_cancel(players, rules):
    """The engine reads what each hand can cancel from its plan, worked out once per hand."""
    asked = 0
    for game in range(8):
        chooser = random.Random(f"responders:{players}:{game}")
        state = new_game(players, 700 + game, rules)
        while not state.is_over:
            action = chooser.choice(legal_actions(state))
            after, _ = apply_legal(state, action)
            if isinstance(action, (PlayBison, PlayPrincess, PlayRedBoy)):
                expected = asked_to_cancel(state, action, state.seat)
                assert (after.pending.responders if after.pending is not None else ()) == expected
                asked += bool(expected)
            state = after
    assert asked > 0


#: Eight cards round an empty place: a Mountain with a place shut in, where the cut places are
#: carried from shape to shape rather than read from the cards' rings (see `Shape`).
RING = ((0, 0), (0, 1), (0, 2), (1, 2), (2, 2), (2, 1), (2, 0), (1, 0))


@settings(max_examples=scaled(200))
@given(st.lists(st.tuples(st.booleans(), st.integers(0, 10**6), st.booleans()), min_size=1, max_size=40))
def test_cut_places_carried_through_lays_and_takes_match_a_search_MOI_R15(steps):
    """A walk from the ring of cards, laying cards and taking away cards that hold nothing together,
    the cut places asked at some of its steps: what each shape works out from the shapes before it
    is what a fresh shape of the same cards finds, and what a search of the cards finds."""
    shape = Position(dict(zip(RING, DISCIPLE_CARDS))).shape
    shape.cut_places()  # known at the start, then carried along
    for lay, pick, ask in steps:
        places = sorted(shape.cards)
        if lay or len(places) < 3:
            free = shape.sorted_free_places()
            shape = shape.laid(free[pick % len(free)], DISCIPLE_CARDS[pick % len(DISCIPLE_CARDS)])
        else:
            loose = [place for place in places if is_connected(places_at(set(places) - {place}))]
            shape = shape.without(loose[pick % len(loose)])
        if ask:
            scratch = Shape(dict(shape.cards))
            assert shape.is_whole() and shape.is_plain() == scratch.is_plain()
            assert shape.cut_places() == scratch.cut_places() == {place_code(place) for place in cut_places(places_at(shape.cards))}
            assert [shape.splits(place) for place in sorted(shape.cards)] == [scratch.splits(place) for place in sorted(shape.cards)]
            assert shape.sorted_free_places() == scratch.sorted_free_places()


def test_a_hands_plan_is_worked_out_once_whatever_the_order_of_its_cards():
    """What a hand may play is asked at every decision: the plan is kept for the hand, and the same
    cards in another order share it."""
    from rulesbook.inferno import engine
    from rulesbook.inferno.cards import parse_card

    hand = tuple(map(parse_card, ("SB+3", "BISON", "MK+2")))
    plan = engine._plan(hand)
    assert engine._PLANS[hand] is plan
    assert engine._plan(hand[::-1]) is plan and engine._PLANS[hand[::-1]] is plan


def test_every_round_laid_out_on_the_same_places_shares_what_follows_from_them():
    """A round's Mountain is laid out on the same places each time for a number of players: what
    follows from the places alone (free places, cut places ...) is worked out once for them."""
    first, later = (new_game(players=3, seed=seed).mountain._shape for seed in ("laid out", "again"))
    assert first.cards != later.cards and list(first.cards) == list(later.cards)
    assert later.sorted_free_places() is first.sorted_free_places() and later.cut_places() is first.cut_places()
    assert dict(later.around) == dict(first.around) and len(later.around) == len(later.cards)  # each card's neighbours, known
