"""The greedy bot weighs each action by what it would leave on the table; it takes short cuts
(a play is weighed line by line on the Mountain alone, rulesbook.inferno.weighing), so here every
short cut is checked against the plain way: apply the action, let every answer pass, and score
the state that results."""

import random

import pytest

from rulesbook.inferno import Rules, legal_actions, new_game
from rulesbook.inferno.bots import GreedyBot, RandomBot, SearchBot, _resolved, _weighing, margins, projected, standing
from rulesbook.inferno.engine import Phase, apply_legal
from rulesbook.inferno.fast import replace
from rulesbook.inferno.scoring import has_complete_cross, score
from simulation_scale import scaled

CONFIGS = [(players, edition) for players in (2, 4) for edition in ("en", "zh")]


@pytest.mark.parametrize("players, edition", CONFIGS, ids=[f"{p}p-{e}" for p, e in CONFIGS])
def test_the_greedy_bot_weighs_every_play_as_applying_it_would(players, edition):
    weighed = 0
    for game in range(scaled(2)):
        state = new_game(players, f"greedy-weighs:{game}", Rules(edition=edition))
        bots = [GreedyBot(seat) if seat % 2 == 0 else RandomBot(seat) for seat in range(players)]
        while not state.is_over:
            actions = legal_actions(state)
            seat = state.decision.seat
            if state.phase is Phase.PLAY and isinstance(bots[seat], GreedyBot):
                weighing = _weighing(state, seat)
                assert weighing is not None and weighing.now == standing(state, seat)
                for action in actions:
                    plain = standing(_resolved(apply_legal(state, action)[0]), seat)
                    assert bots[seat]._value(state, action, seat, weighing) == plain, action
                    weighed += 1
            state, _ = apply_legal(state, bots[seat].choose(state, actions))
    assert weighed > 100


def a_decision(seed: int, players: int = 3):
    """A table in the middle of a round (greedy bots' game), where the seat to act has a choice."""
    state = new_game(players, f"search-reads:{seed}")
    bots = [GreedyBot(seat) for seat in range(players)]
    while state.turns < 6 or state.phase is not Phase.PLAY or len(legal_actions(state)) < 3:
        state = apply_legal(state, bots[state.decision.seat].choose(state, legal_actions(state)))[0]
        assert not state.is_over
    return state


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_search_bot_reads_only_what_its_seat_sees(seed):
    """The other hands and the draw pile dealt again from the same cards, another seed (the
    Mountains of the rounds to come): the same choice, from the same search seed."""
    state = a_decision(seed)
    seat = state.decision.seat
    chosen = SearchBot(seed, playouts=60).choose(state, legal_actions(state))
    rng = random.Random(seed)
    for _ in range(3):
        hidden = [card for other, hand in enumerate(state.hands) if other != seat for card in hand] + list(state.draw_pile)
        rng.shuffle(hidden)
        hands, dealt = list(state.hands), 0
        for other, hand in enumerate(state.hands):
            if other != seat:
                hands[other], dealt = tuple(hidden[dealt:dealt + len(hand)]), dealt + len(hand)
        other_table = replace(state, hands=tuple(hands), draw_pile=tuple(hidden[dealt:]), seed=f"another {rng.random()}")
        assert other_table.hands != state.hands and other_table.invariants() is None
        assert SearchBot(seed, playouts=60).choose(other_table, legal_actions(other_table)) == chosen
        table = SearchBot(seed).search.game  # what every playout starts from: the same tables
        for index in range(5):
            mine, theirs = table.sample(state, seat, random.Random(index)), table.sample(other_table, seat, random.Random(index))
            assert (mine.hands, mine.draw_pile, mine.seed) == (theirs.hands, theirs.draw_pile, theirs.seed)
    assert chosen in legal_actions(state)


def test_the_search_bot_sees_its_own_hand():
    """Its own cards are not dealt again: every sample it searches holds its hand as it is, the
    same cards in all, every hand of its size, and the table's open cards unchanged."""
    state = a_decision(4)
    seat = state.decision.seat
    table = SearchBot(4).search.game
    for index in range(20):
        sample = table.sample(state, seat, random.Random(index))
        assert sample.hands[seat] == state.hands[seat] and sample.all_cards() == state.all_cards()
        assert [len(hand) for hand in sample.hands] == [len(hand) for hand in state.hands]
        assert sample.mountain == state.mountain and sample.discard_pile == state.discard_pile


def test_the_search_bot_plays_a_game_to_its_end_and_replays_it_from_its_seed():
    def game(seed):
        state, decisions = new_game(3, "search-replays"), []
        bots = [SearchBot(seed, playouts=8), GreedyBot(1), RandomBot(2)]
        while not state.is_over:
            actions = legal_actions(state)
            decisions.append(bots[state.decision.seat].choose(state, actions))
            assert decisions[-1] in actions
            state = apply_legal(state, decisions[-1])[0]
        return decisions, state.totals

    first = game("a")
    assert first == game("a") and len(first[0]) > 50


def test_the_search_judges_a_table_by_each_seats_lead_if_the_round_ended_there():
    fresh = new_game(4, "judged")
    assert projected(fresh) == fresh.totals, "before the pawns are placed nothing is scored"
    state = a_decision(5, players=4)
    raw = [score(state.mountain, colour, rules=state.rules) for colour in state.colours]
    if not has_complete_cross(state.mountain, state.rules):  # no doubling: the plain scores
        assert projected(state) == tuple(total + max(0, points) for total, points in zip(state.totals, raw))
    tied, behind, leader = margins((10, 4, 10, 1)), margins((3, 9)), margins((12, 4, 4))
    assert tied[0] == tied[2] == 0.5 and tied[3] < tied[1] < 0.5
    assert behind[0] < 0.5 < behind[1] and abs(behind[0] + behind[1] - 1) < 1e-12
    assert leader[0] > 0.8 and leader[1] == leader[2] < 0.2
