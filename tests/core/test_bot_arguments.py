"""A teacher's typing, given to the bots: every bot of the three games, and the search they share,
either takes its arguments or refuses them with a DataError naming the argument (`playouts`,
`seed`, `seat` ...), before anything is chosen. Never a TypeError or an IndexError from inside,
nor a search left to run for hours, nor a seed that only breaks when it is hashed."""

from __future__ import annotations

import copy

import pytest
from hypothesis import given, settings, strategies as st
from simulation_scale import scaled

from rulesbook.core.data import DataError
from rulesbook.core.protocol import game
from rulesbook.core.rng import MAX_BOT_SEED, MAX_SEED
from rulesbook.core.search import MAX_PLAYOUTS, InformationSetSearch
from rulesbook.hudai import bots as hudai_bots
from rulesbook.inferno import bots as inferno_bots
from rulesbook.madness import bots as madness_bots

GAMES = ("inferno", "hudai", "madness")

#: Each game's search levels, made with these playouts.
SEARCHES = {
    "inferno": [lambda playouts: inferno_bots.SearchBot(0, playouts), lambda playouts: inferno_bots.QuickSearchBot(0, playouts)],
    "hudai": [lambda playouts: hudai_bots.SearchMonk(0, playouts)],
    "madness": [lambda playouts: madness_bots.SearchPlayer(0, 0, playouts), lambda playouts: madness_bots.QuickSearchPlayer(1, 0, playouts)],
}

#: Every bot of each game by name, made with this seed (a Madness bot for seat 0, or its whole table).
MAKERS = {
    "inferno": [lambda name, seed: inferno_bots.make_bot(name, seed)],
    "hudai": [lambda name, seed: hudai_bots.make_bot(name, seed)],
    "madness": [lambda name, seed: madness_bots.make_player(name, 0, seed), lambda name, seed: madness_bots.make_bot(name, seed),
                lambda name, seed: game("madness").make_bot(name, 0, seed)],
}

BAD_PLAYOUTS = [0, -1, -(10**5000), MAX_PLAYOUTS + 1, 10**9, 10**400, 1.5, float("nan"), "3", [5], True, False, b"4", {}]
BAD_SEEDS = [None, 1.5, float("nan"), [], {}, b"x", True, False, "x" * 10_000, 10**3000, "\ud800", object()]


def refused(make, field: str) -> DataError:
    with pytest.raises(DataError) as caught:
        make()
    assert caught.value.field == field and caught.value.why, caught.value
    return caught.value


# --- the search's playouts ---------------------------------------------------------------------------------
@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("playouts", BAD_PLAYOUTS, ids=lambda value: type(value).__name__)
def test_a_search_bot_refuses_playouts_that_are_not_a_count_it_can_run(name, playouts):
    for make in SEARCHES[name]:
        refused(lambda: make(playouts), "playouts")


@pytest.mark.parametrize("name", GAMES)
def test_a_search_bot_takes_one_playout_to_the_most_and_none_for_its_level(name):
    for make in SEARCHES[name]:
        assert make(1).search.playouts == 1 and make(MAX_PLAYOUTS).search.playouts == MAX_PLAYOUTS
        assert make(None).search.playouts == type(make(None)).playouts


def test_every_level_s_playouts_are_within_the_most():
    levels = [inferno_bots.SearchBot, inferno_bots.QuickSearchBot, hudai_bots.SearchMonk, madness_bots.SearchPlayer, madness_bots.QuickSearchPlayer]
    assert all(1 <= level.playouts <= MAX_PLAYOUTS for level in levels)


@settings(max_examples=scaled(100), deadline=None)
@given(playouts=st.integers())
def test_any_whole_number_of_playouts_is_taken_within_the_bounds_and_refused_outside(playouts):
    if 1 <= playouts <= MAX_PLAYOUTS:
        assert InformationSetSearch(None, playouts).playouts == playouts
    else:
        refused(lambda: InformationSetSearch(None, playouts), "playouts")


@pytest.mark.parametrize("exploration", [-0.1, float("nan"), float("inf"), "0.7", None, True])
def test_the_search_refuses_an_exploration_constant_that_is_no_number_at_least_0(exploration):
    refused(lambda: InformationSetSearch(None, 10, exploration=exploration), "exploration")
    assert InformationSetSearch(None, 10, exploration=0).exploration == 0


# --- seeds ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", BAD_SEEDS, ids=lambda value: type(value).__name__)
def test_every_bot_refuses_a_seed_a_game_could_not_hold(name, seed):
    for make in MAKERS[name]:
        for bot in game(name).bot_names:
            refused(lambda: make(bot, seed), "seed")


def test_the_bot_classes_refuse_a_bad_seed_themselves():
    classes = [inferno_bots.RandomBot, inferno_bots.GreedyBot, hudai_bots.RandomMonk, hudai_bots.GreedyMonk, hudai_bots.HeuristicMonk,
               madness_bots.RandomPlayer, madness_bots.RandomBot, madness_bots.ExpeditionBot, madness_bots.SearchBot]
    for make in classes:
        for seed in BAD_SEEDS:
            refused(lambda: make(seed), "seed")
    refused(lambda: InformationSetSearch(None, 10, seed=[1]), "seed")
    refused(lambda: InformationSetSearch(None, None), "playouts")  # a bot's None is its level's playouts, not the search's
    refused(lambda: madness_bots.SearchPlayer(0, None), "seed")


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=scaled(60), deadline=None)
@given(seed=st.one_of(st.integers(), st.text(max_size=50).filter(lambda text: not any("\ud800" <= c <= "\udfff" for c in text))))
def test_every_bot_takes_any_seed_a_game_takes(name, seed):
    for make in MAKERS[name]:
        for bot in game(name).bot_names:
            make(bot, seed)


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=scaled(60), deadline=None)
@given(seed=st.one_of(st.none(), st.booleans(), st.floats(), st.binary(), st.lists(st.integers(), max_size=3),
                      st.dictionaries(st.text(max_size=3), st.integers(), max_size=2)))
def test_every_bot_refuses_any_seed_that_is_no_whole_number_or_text(name, seed):
    for make in MAKERS[name]:
        refused(lambda: make(game(name).bot_names[0], seed), "seed")


@pytest.mark.parametrize("name", GAMES)
def test_a_game_of_the_longest_seed_seats_its_bots_and_they_choose(name):
    """The bots' seeds are the game's with the seat added (`make_bots`), a Madness table's with its
    seat again, a lesson's with the moment: longer than a game's, and still taken."""
    protocol = game(name)
    seed = "s" * MAX_SEED
    state = protocol.new_game(protocol.min_players, seed)
    for bot in protocol.bot_names:
        if "search" in bot:
            continue  # hundreds of playouts: the seeds are the point, the random and greedy bots show them
        table = protocol.make_bots([bot] * protocol.min_players, seed)
        actions = protocol.legal_actions(state)
        assert table[protocol.current_player(state)].choose(state, actions) in actions


def test_a_madness_table_bot_refuses_a_seed_too_long_for_its_seats_when_made_not_at_its_first_choice():
    state = game("madness").new_game(3, 1)
    bot = madness_bots.make_bot("random", "s" * (MAX_BOT_SEED - 2))
    assert bot.choose(state, game("madness").legal_actions(state)) in game("madness").legal_actions(state)
    refused(lambda: madness_bots.make_bot("random", "s" * MAX_BOT_SEED), "seed")


def test_a_bot_name_that_is_no_text_is_refused_as_an_unknown_name():
    for make in (inferno_bots.make_bot, hudai_bots.make_bot, madness_bots.make_bot):
        with pytest.raises(ValueError, match="has no bot"):
            make(["random"], 1)


# --- Madness seats and tables ---------------------------------------------------------------------------
BAD_SEATS = [-1, 5, 99, 10**400, 1.5, None, "0", True, [0]]


@pytest.mark.parametrize("seat", BAD_SEATS, ids=repr)
def test_a_madness_bot_refuses_a_seat_no_table_has(seat):
    for name in game("madness").bot_names:
        refused(lambda: madness_bots.make_player(name, seat, 1), "seat")
        refused(lambda: game("madness").make_bot(name, seat, 1), "seat")
    refused(lambda: madness_bots.ExpeditionPlayer(seat), "seat")
    refused(lambda: madness_bots.SearchPlayer(seat, 1), "seat")


@pytest.mark.parametrize("field", ["ignore_from", "reroll_accident_from"])
@pytest.mark.parametrize("value", [-1, 1.5, None, "0", True, []], ids=repr)
def test_the_expedition_bot_refuses_a_token_count_that_is_no_whole_number_from_0(field, value):
    refused(lambda: madness_bots.ExpeditionPlayer(0, **{field: value}), field)
    assert getattr(madness_bots.ExpeditionPlayer(0, **{field: 0}), field) == 0


def test_a_madness_table_of_one_bot_refuses_to_choose_for_an_expedition_of_more():
    """`make_bots("expedition", 1)`: one name is one seat, and the table does not know yet how many
    players its expedition has (a table of two is made, as the protocol's tests make one)."""
    state = game("madness").new_game(4, 1)
    seat = game("madness").make_bots("expedition", 1)[0]
    error = refused(lambda: seat.choose(state, game("madness").legal_actions(state)), "bots")
    assert error.why == "an expedition of 4 players needs one bot a seat, not 1"
    refused(lambda: game("madness").make_bots(["expedition"] * 6, 1), "seat")  # the sixth bot's seat, 5, is no seat
    refused(lambda: madness_bots.Table([]).choose(state, game("madness").legal_actions(state)), "bots")


def test_a_madness_table_seats_each_bot_at_its_own_seat():
    refused(lambda: madness_bots.Table([madness_bots.ExpeditionPlayer(seat) for seat in (0, 2, 1)]), "bots[1]")
    assert len(madness_bots.Table([madness_bots.ExpeditionPlayer(0), madness_bots.RandomPlayer(1), madness_bots.ExpeditionPlayer(2)]).bots) == 3


@pytest.mark.parametrize("players, seats", [(4, 3), (3, 5), (5, 4)])
def test_a_madness_table_of_another_size_refuses_to_choose_and_changes_nothing(players, seats):
    protocol = game("madness")
    state = protocol.new_game(players, "table size")
    before = copy.deepcopy(state.to_dict())
    table = protocol.make_bots(["expedition"] * seats, 1)
    talk = dict(table[0].table.talk)
    error = refused(lambda: table[0].choose(state, protocol.legal_actions(state)), "bots")
    assert str(seats) in error.why and str(players) in error.why
    assert state.to_dict() == before and table[0].table.talk == talk
    assert all(not bot.memory for bot in table[0].table.bots)


@pytest.mark.parametrize("name", ("inferno", "hudai"))
@pytest.mark.parametrize("seat", BAD_SEATS, ids=repr)
def test_a_bot_of_inferno_or_hudai_refuses_a_seat_no_table_has(name, seat):
    """Their bots play whichever seat is to decide, yet a seat given is one of the table's (0-3,
    Hudai's monk 0): -1 or 99 was taken silently."""
    for bot in game(name).bot_names:
        refused(lambda: game(name).make_bot(bot, seat, 1), "seat")
    assert game(name).make_bot(game(name).bot_names[0], game(name).max_players - 1, 1) is not None
