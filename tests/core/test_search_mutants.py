"""The information-set search (rulesbook.core.search) measured on tiny games whose values are
known: what mutation testing found no test for (the counts it returns, UCB's bound, forced moves,
its seed, its refusals)."""

from __future__ import annotations

import pytest
from test_search import Nim  # take one or two; the last to take wins

from rulesbook.core.data import DataError
from rulesbook.core.rng import MAX_BOT_SEED
from rulesbook.core.search import MAX_PLAYOUTS, InformationSetSearch, check_playouts


class Bet:
    """One decision by `decider`: "win" is worth 1 to it, "lose" 0 (to the other seat the
    opposite). It notes the seat each playout's sample was drawn for."""

    def __init__(self, decider: int = 0):
        self.decider, self.sampled_for = decider, []

    def seat(self, state):
        return self.decider if state is None else None

    def legal(self, state):
        return ["win", "lose"]

    def play(self, state, action):
        return action

    def sample(self, state, seat, rng):
        self.sampled_for.append(seat)
        return state

    def estimate(self, state, rng):
        value = 1.0 if state == "win" else 0.0
        return (value, 1 - value) if self.decider == 0 else (1 - value, value)


class Detour:
    """Seat 0 takes "safe" (worth 0.6) or "risky": a forced "wait", then "win" (1) or "lose" (0).
    Its estimate of an unfinished game is a pessimist's 0, so only a search that walks on past
    the forced move learns that "risky" is worth more."""

    VALUES = {("safe",): 0.6, ("risky", "wait", "win"): 1.0, ("risky", "wait", "lose"): 0.0}
    LEGAL = {(): ["safe", "risky"], ("risky",): ["wait"], ("risky", "wait"): ["win", "lose"]}

    def seat(self, state):
        return None if state in self.VALUES else 0

    def legal(self, state):
        return self.LEGAL[state]

    def play(self, state, action):
        return (*state, action)

    def sample(self, state, seat, rng):
        return state

    def estimate(self, state, rng):
        return (self.VALUES.get(state, 0.0),)


def test_every_playout_counts_as_one_visit_of_one_first_action():
    """The visits `tried` reports are playouts: they add up to exactly the playouts run."""
    tried = InformationSetSearch(Bet(), playouts=30, seed=1).tried(None)
    assert set(tried) == {"win", "lose"} and sum(visits for visits, _ in tried.values()) == 30


def test_the_mean_value_is_what_the_choosing_seat_got_on_average():
    """A sure win is worth exactly 1 to the seat that chose it and a sure loss exactly 0, whichever seat decides."""
    for decider in (0, 1):
        tried = InformationSetSearch(Bet(decider), playouts=30, seed=1).tried(None)
        assert (tried["win"][1], tried["lose"][1]) == (1.0, 0.0)


def test_every_sample_is_drawn_for_the_seat_that_decides():
    """Only what the deciding seat may see is kept: each playout's sample is asked for that seat."""
    game = Bet(decider=1)
    InformationSetSearch(game, playouts=12, seed=2).tried(None)
    assert game.sampled_for == [1] * 12


def test_ucb_tries_a_sure_loser_again_only_as_its_playouts_add_up():
    """UCB's bound grows with the log of the playouts in which an action was legal: beside a sure
    winner, at the default exploration, a sure loser gets its second try only after 25 playouts."""
    for seed in range(4):
        assert InformationSetSearch(Bet(), playouts=25, seed=seed).tried(None)["lose"] == (1, 0.0)
        assert InformationSetSearch(Bet(), playouts=27, seed=seed).tried(None)["lose"] == (2, 0.0)


def test_the_search_walks_on_past_a_forced_move():
    """A move with no choice is played and the walk goes on, so the decisions after it are searched too."""
    search = InformationSetSearch(Detour(), playouts=100, seed=3)
    assert search.choose((), ["safe", "risky"]) == "risky"
    assert InformationSetSearch(Detour(), playouts=100, seed=3).tried(())["risky"][1] > 0.6


def test_a_search_given_no_seed_or_exploration_is_seeded_0_with_ucbs_0_7():
    """The defaults are fixed values, so a bot made without them replays too; other values search otherwise."""
    start = (5, 0)
    default = InformationSetSearch(Nim(), playouts=60).tried(start)
    assert default == InformationSetSearch(Nim(), playouts=60, seed=0, exploration=0.7).tried(start)
    assert default != InformationSetSearch(Nim(), playouts=60, seed=1).tried(start)
    assert default != InformationSetSearch(Nim(), playouts=60, exploration=1.7).tried(start)


def test_a_bots_seed_may_be_as_long_as_max_bot_seed():
    """A bot's seed holds a lesson's labels, so it may be longer than a game's seed, up to MAX_BOT_SEED."""
    assert InformationSetSearch(Nim(), playouts=1, seed="s" * MAX_BOT_SEED).choose((3, 0), [1, 2]) in (1, 2)
    with pytest.raises(DataError, match=f"^seed: a seed of {MAX_BOT_SEED + 1:,} characters; at most {MAX_BOT_SEED:,}$"):
        InformationSetSearch(Nim(), playouts=1, seed="s" * (MAX_BOT_SEED + 1))


def test_too_few_playouts_are_refused_naming_the_number_unless_hugely_negative():
    """The refusal quotes the playouts asked for; a number at or below -MAX_PLAYOUTS is only called negative."""
    for playouts, said in [(0, "0"), (-5, "-5"), (1 - MAX_PLAYOUTS, f"{1 - MAX_PLAYOUTS}"),
                           (-MAX_PLAYOUTS, "a negative number"), (-10**12, "a negative number")]:
        with pytest.raises(DataError) as refused:
            check_playouts(playouts, "level.playouts")
        assert str(refused.value) == f"level.playouts: a search needs at least one playout, not {said}"


def test_a_finished_game_is_refused_in_words():
    """Asking a search to choose when the game is over is a mistake said plainly."""
    with pytest.raises(ValueError, match="^the game is over: there is nothing to choose$"):
        InformationSetSearch(Nim(), playouts=5).tried((0, 1))
