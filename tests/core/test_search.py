"""The information-set search (rulesbook.core.search): it finds what a game rewards, it reads only
what its seat may see, and it repeats itself from its seed."""

from __future__ import annotations

import random

import pytest

from rulesbook.core.search import InformationSetSearch
from rulesbook.hudai import SearchMonk, apply_legal, legal_actions, new_game
from rulesbook.hudai.bots import GreedyMonk


class Nim:
    """Take one or two from a heap; whoever takes the last wins. From a heap that is not a multiple
    of three, the one winning move leaves a multiple of three; the search must find it."""

    def seat(self, state):
        return None if state[0] == 0 else state[1]

    def legal(self, state):
        return [take for take in (1, 2) if take <= state[0]]

    def play(self, state, take):
        return (state[0] - take, 1 - state[1])

    def sample(self, state, seat, rng):
        return state

    def estimate(self, state, rng):
        while state[0]:
            state = self.play(state, rng.choice(self.legal(state)))
        return (0.0, 1.0) if state[1] == 0 else (1.0, 0.0)


@pytest.mark.parametrize("heap", [4, 5, 7, 8, 10, 11])
@pytest.mark.parametrize("seat", [0, 1])
def test_the_search_finds_the_winning_take_at_nim(heap, seat):
    search = InformationSetSearch(Nim(), playouts=1500, seed=heap)
    assert search.choose((heap, seat), [1, 2]) == heap % 3


def test_a_search_needs_a_playout_and_a_game_that_goes_on():
    with pytest.raises(ValueError, match="at least one playout"):
        InformationSetSearch(Nim(), playouts=0)
    with pytest.raises(ValueError, match="game is over"):
        InformationSetSearch(Nim(), playouts=5).choose((0, 1), [1, 2])


def a_decision(seed: int) -> object:
    """A Hudai table a few turns in (the greedy monk's game), where the monk has a choice."""
    state, monk = new_game(seed=seed), GreedyMonk()
    while state.turn < 3 or len(legal_actions(state)) < 3:
        state = apply_legal(state, monk.choose(state, legal_actions(state)))[0]
        assert not state.is_over
    return state


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_search_monk_reads_only_what_the_monk_sees(seed):
    """Another order of the draw pile and of the mind deck, and another seed (what the shuffles
    and ties still to come depend on): the same choice, from the same search seed."""
    state = a_decision(seed)
    actions = legal_actions(state)
    chosen = SearchMonk(seed, playouts=40).choose(state, actions)
    rng = random.Random(seed)
    for _ in range(3):
        other = state.copy()
        rng.shuffle(other.draw_pile)
        rng.shuffle(other.mind_deck)
        other.seed = f"another {rng.random()}"
        assert other.draw_pile != state.draw_pile or len(state.draw_pile) < 2
        assert SearchMonk(seed, playouts=40).choose(other, legal_actions(other)) == chosen
    assert chosen in actions


def test_the_search_monk_plays_a_game_to_its_end_and_replays_it_from_its_seed():
    def game(seed):
        state, monk, decisions = new_game(seed=5), SearchMonk(seed, playouts=12), []
        while not state.is_over:
            actions = legal_actions(state)
            decisions.append(monk.choose(state, actions))
            assert decisions[-1] in actions
            state = apply_legal(state, decisions[-1])[0]
        return decisions, state.outcome

    first = game("a")
    assert first == game("a")
    assert first[1] is not None


def test_a_search_playout_is_worth_more_the_closer_the_monk_came():
    """A win is worth 1; a loss a little for each point of health the demon lost, never as much as
    a win (the greedy monk that finishes the playouts loses most games: the damage tells them apart)."""
    from rulesbook.hudai.bots import NEAR_MISS, playout_value
    from rulesbook.hudai.state import OVER, WON

    def ended(outcome, demon_health):
        state = new_game(seed=1).copy()
        state.phase, state.outcome, state.demon_health = OVER, outcome, demon_health
        return state

    full = new_game(seed=1).rules.demon_health
    assert playout_value(ended(WON, 0)) == 1.0
    assert playout_value(ended("health", full)) == 0.0
    losses = [playout_value(ended("health", health)) for health in range(full, 0, -1)]
    assert losses == sorted(losses) and losses[0] < losses[-1] <= NEAR_MISS < 1.0


def test_the_search_chooses_the_most_visited_action_the_first_on_a_tie_never_one_untried(monkeypatch):
    """UCB's robust choice: the visits decide, not the mean value (a lucky action visited little is
    not trusted); two actions visited alike go to the first listed; an action no playout tried
    comes last."""
    search = InformationSetSearch(None, playouts=1)
    tables = iter([{"a": (5, 0.1), "b": (3, 0.9)},    # most visited, though worth less
                   {"a": (4, 0.5), "b": (4, 0.5)},    # a tie: the first listed
                   {"b": (1, 0.0)}])                  # "a" untried
    monkeypatch.setattr(search, "tried", lambda state: next(tables))
    assert [search.choose(None, ["a", "b", "c"]) for _ in range(3)] == ["a", "a", "b"]
