"""The house rules of Mountain of Inferno (`Rules` fields whose defaults both rulebooks print):
what each changes in a game, what each refuses, and that records and states carry them."""

import json
import random

import pytest

from rulesbook.core.data import DataError
from rulesbook.core.protocol import game as protocol_game
from rulesbook.core.records import GameRecord
from rulesbook.core.rulestext import field_from_text
from rulesbook.inferno import Rules, new_game
from rulesbook.inferno.actions import DiscardEvents, PlayBison
from rulesbook.inferno.effects import any_path_ends, bison_destinations, bison_path_ends
from rulesbook.inferno.engine import Phase, apply, is_legal, legal_actions, moved_totals
from rulesbook.inferno.moment import game_moment as moment
from rulesbook.inferno.position import places_at
from rulesbook.inferno.render import describe_track, track_totals
from rulesbook.inferno.state import State
from rulesbook.lab.variants import rule_values


#: A Mountain of two cards, a pawn on each.
TWO = "PM+1@R MK+2@Y"


def placing_order(state):
    """The seats that place a pawn, in turn, from this state to the deal."""
    seats = []
    while state.phase is Phase.PLACE_PAWN:
        seats.append(state.seat)
        state, _ = apply(state, legal_actions(state)[0])
    return seats, state


def next_round(state):
    """The state at the start of the next round (the last legal action each time: ending turns, staying)."""
    start = state.round
    while state.round == start and not state.is_over:
        state, _ = apply(state, legal_actions(state)[-1])
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_pawns_are_placed_from_the_last_player_back_under_the_house_rule_MOI_R19(players):
    forward, dealt = placing_order(new_game(players, seed=4))
    assert forward == list(range(players)) and dealt.seat == 0 and dealt.phase is Phase.PLAY
    backward, dealt = placing_order(new_game(players, seed=4, rules=Rules(pawns_placed_in_reverse=True)))
    assert backward == list(range(players))[::-1], "the last player places first, the first player last"
    assert dealt.seat == 0 and dealt.phase is Phase.PLAY, "the first player still plays first"
    assert all(len(hand) == 3 for hand in dealt.hands)
    later = next_round(dealt)
    assert later.first_seat == 1 % players  # MOI-R14: the first player moves one seat
    seats, dealt = placing_order(later)
    assert seats == [(1 - 1 - offset) % players for offset in range(players)] and dealt.seat == later.first_seat


def test_starting_points_are_each_seats_points_before_the_first_round():
    rules = Rules(starting_points=(0, 2, 4, 0))
    assert new_game(3, rules=rules).totals == (0, 2, 4) and new_game(4, rules=rules).totals == (0, 2, 4, 0)
    assert new_game(2, rules=Rules(starting_points=(3,))).totals == (3, 0), "seats past the tuple start at 0"
    for players in (2, 3):  # points for a seat the game lacks are refused, never dropped without a word
        with pytest.raises(DataError, match=rf"^Rules.starting_points: gives points to more seats than the {players} of this game"):
            new_game(players, rules=Rules(starting_points=(0, 2, 4, 6)))
        with pytest.raises(DataError, match="Rules.starting_points"):
            moment("MK+1@R SB+1@Y", ["MK+2"] * players, rules=Rules(starting_points=(0, 2, 4, 6)), colours="RYBK"[:players])
    state = new_game(3, seed=9, rules=rules)
    while not state.is_over:
        state, _ = apply(state, legal_actions(state)[0])
    assert state.totals == tuple(start + sum(result.scored[seat] for result in state.results) for seat, start in enumerate((0, 2, 4)))
    assert track_totals(state)[0] == (0, 2, 4), "the score track starts where the points start"
    assert "red (circles) 0," in describe_track(state) and "yellow (squares) 2," in describe_track(state)


@pytest.mark.parametrize("size", [1, 4, 6])
def test_the_hand_size_is_dealt_and_refilled(size):
    rules = Rules(hand_size=size)
    _, dealt = placing_order(new_game(4, seed=2, rules=rules))
    assert [len(hand) for hand in dealt.hands] == [size] * 4
    state, refilled = dealt, False
    while not state.is_over and not refilled:
        seat = state.seat
        state, events = apply(state, legal_actions(state)[0])
        refilled = any(event.kind == "draw" for event in events)
        if refilled:
            assert len(state.hands[seat]) == size, "step IV draws up to the hand size"
    assert refilled


def test_a_hand_larger_than_the_rules_hand_size_is_refused_when_loaded_or_set_up():
    _, dealt = placing_order(new_game(2, seed=2, rules=Rules(hand_size=4)))
    data = dealt.to_dict()
    assert State.from_dict(data) == dealt
    data["rules"]["hand_size"] = 3
    with pytest.raises(DataError, match="state.hands.0.: holds 4 items; at most 3"):
        State.from_dict(data)
    with pytest.raises(DataError, match="at most 3"):
        moment(TWO, ["PM+1 PM+2 PM+3 MK+1", ""])
    assert len(moment(TWO, ["PM+1 PM+2 PM+3 MK+1", ""], rules=Rules(hand_size=4)).hands[0]) == 4


def test_negative_scores_are_kept_only_under_the_house_rule_MOI_R12():
    assert moved_totals(Rules(), (2, 5), (-3, 1)) == (2, 6), "EN: a negative round score counts as 0"
    assert moved_totals(Rules(edition="zh"), (2, 5), (-3, 1)) == (0, 6), "ZH: the total never drops below 0"
    kept = Rules(negative_scores_kept=True)
    assert moved_totals(kept, (2, 5), (-3, 1)) == (-1, 6)
    assert moved_totals(Rules(edition="zh", negative_scores_kept=True), (2, 5), (-3, 1)) == (-1, 6), "it overrides the ZH floor"
    below = moment(TWO, ["", ""], rules=kept, totals=[-1, 6])
    assert State.from_json(below.to_json()) == below
    data = below.to_dict()
    data["rules"]["negative_scores_kept"] = False
    with pytest.raises(DataError, match=r"state.totals\[0\]: .*from 0 to 1000000, not -1"):
        State.from_dict(data)
    with pytest.raises(DataError, match="below 0, and the rules keep no negative scores"):
        State(**{**below.__dict__, "rules": Rules()}).invariants()
    with pytest.raises(DataError, match="0 or more"):
        moment(TWO, ["", ""], totals=[-1, 6])


@pytest.mark.parametrize("rules, why", [
    ({"hand_size": 0}, "Rules.hand_size: must be 1 to 6"),
    ({"hand_size": 7}, "Rules.hand_size: must be 1 to 6"),
    ({"starting_points": (1, 2, 3, 4, 5)}, "starting_points"),
    ({"starting_points": (-1,)}, "starting_points"),
    ({"starting_points": (1, "2")}, "Rules.starting_points"),
    ({"hand_size": True}, "Rules.hand_size"),
    ({"pawns_placed_in_reverse": "yes"}, "Rules.pawns_placed_in_reverse"),
    ({"bison_reach": (3, 3)}, "Rules.bison_reach: gives the longest move"),
    ({"bison_reach": (0, 2)}, "bison_reach"),
    ({"bison_reach": (3, 8)}, "bison_reach"),
    ({"bison_reach": (3,)}, "Rules.bison_reach"),
])
def test_a_bad_house_rule_is_refused_naming_it(rules, why):
    with pytest.raises(DataError, match=why):
        Rules(**rules)


def test_the_house_rules_are_written_as_text_and_carried_by_records():
    assert field_from_text(Rules, "starting_points", "0/1/2") == (0, 1, 2)
    inferno = protocol_game("inferno")
    assert rule_values(inferno, "hand_size=4,pawns_placed_in_reverse=yes,negative_scores_kept=on") == {
        "hand_size": 4, "pawns_placed_in_reverse": True, "negative_scores_kept": True}
    rules = Rules(edition="zh", pawns_placed_in_reverse=True, starting_points=(1, 0), hand_size=4, negative_scores_kept=True)
    assert Rules.from_dict(json.loads(json.dumps(rules.to_dict()))) == rules
    record = GameRecord("inferno", 2, 7, rules)
    state = new_game(2, 7, rules)
    for _ in range(60):
        action = legal_actions(state)[0]
        record.actions.append(str(action))
        state, _ = apply(state, action)
    assert GameRecord.from_json(record.to_json()).final_state() == state
    old = rules.to_dict()
    for name in ("pawns_placed_in_reverse", "starting_points", "hand_size", "negative_scores_kept"):
        del old[name]
    assert Rules.from_dict(old) == Rules(edition="zh"), "a record written before the house rules reads as the rulebook"


def mountains(count=40, seed=11):
    """Mountains of random games, with a pawn's place on each: (position, colour, start code)."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        state = new_game(rng.choice([2, 3, 4]), rng.randrange(10**6), Rules(two_pawns=rng.random() < 0.5))
        for _ in range(rng.randrange(10, 160)):
            if state.is_over:
                break
            state, _ = apply(state, rng.choice(legal_actions(state)))
        if state.mountain.pawns:
            colour = rng.choice(sorted(state.mountain.pawns, key=lambda c: c.letter))
            found.append((state.mountain, colour, state.mountain._pawns[colour]))
    return found


def test_the_search_for_any_reach_finds_the_printed_paths_MOI_R05():
    for position, colour, start in mountains():
        shape = position._shape
        assert any_path_ends(shape, start, range(1, 4)) == bison_path_ends(shape, start, 1)
        assert any_path_ends(shape, start, range(4, 6)) == bison_path_ends(shape, start, 2)


def test_the_bison_kings_reach_is_the_house_rules_MOI_R05():
    longer = Rules(bison_reach=(2, 6))
    for position, colour, start in mountains(20, seed=5):
        shape, taken = position._shape, set(position.pawns.values())  # one pawn a card: a card with a pawn is full
        one, two = (bison_destinations(position, colour, cards, longer) for cards in (1, 2))
        assert one == set(places_at(any_path_ends(shape, start, range(1, 3)))) - taken, "one card: 1-2 cards"
        assert two == set(places_at(any_path_ends(shape, start, range(3, 7)))) - taken, "two cards: 3-6 cards"
        assert one <= bison_destinations(position, colour, 1), "a subset of the printed 1-3"


def test_a_game_under_a_longer_bison_king_plays_and_refuses_by_its_reach():
    rules = Rules(bison_reach=(4, 7))
    state = new_game(3, seed=8, rules=rules)
    checked = 0
    while not state.is_over and checked < 5:
        actions = legal_actions(state)
        for action in actions:
            if isinstance(action, PlayBison):
                assert is_legal(state, action)
                checked += 1
        state, _ = apply(state, actions[0] if not any(isinstance(a, PlayBison) for a in actions)
                         else next(a for a in actions if isinstance(a, PlayBison)))
    assert checked, "some Bison King was played"


@pytest.mark.parametrize("limit", [1, 2])
def test_the_plays_offered_fill_the_play_limit_and_go_no_further_MOI_R04(limit):
    """Under a house `play_limit`, a play of as many cards as the turn has room for is offered
    (one Bison King, a pair of them or of Red Boys when two fit), a larger one is not, and the
    engine refuses none of what it offers."""
    line = "MK+1@R PM+1 SB+1@B DH+1 MK+3 PM+3\n. . DH+2@Y . . ."
    for hand in ("BISON BISON FAN", "REDBOY:PM REDBOY:DH FAN"):
        state = moment(line, [hand, "", ""], rules=Rules(play_limit=limit))
        plays = [action for action in legal_actions(state) if not isinstance(action, DiscardEvents)]
        assert max(len(action.cards) for action in plays) == limit, hand
        assert all(is_legal(state, action) for action in plays)
