"""The protocol every game shares (rulesbook.core.protocol): what mutation testing found no test for
among the tests it runs (the default fast path, how a seat count out of range is refused in each of its three wordings,
the default seat count, and a table of bots typed as one text)."""

from __future__ import annotations

import pytest

import rulesbook
from rulesbook.core.data import DataError
from rulesbook.core.protocol import Game


def _refused(game, players):
    with pytest.raises(DataError) as refused:
        game.default_seats(players)
    return refused.value


def test_no_seat_count_is_the_games_default_and_a_count_in_range_is_kept():
    for name, default, least, most in (("inferno", 4, 2, 4), ("hudai", 1, 1, 1), ("madness", 4, 3, 5)):
        game = rulesbook.game(name)
        assert game.default_seats(None) == default
        assert [game.default_seats(count) for count in range(least, most + 1)] == list(range(least, most + 1))


def test_a_seat_count_out_of_range_is_refused_naming_the_players_in_both_languages():
    """A solo game says one player; a game with a range says it; `True` is no seat count."""
    alone = _refused(rulesbook.game("hudai"), 2)
    assert (str(alone), alone.field) == ("players: Hudai Pass is for 1 player, not 2", "players")
    assert alone.message.say("zh-TW").endswith("是1人的遊戲，不能2人玩")
    ranged = _refused(rulesbook.game("madness"), 6)
    assert str(ranged) == "players: At the Mountains of Madness is for 3 to 5 players, not 6"
    assert ranged.message.say("zh-TW").endswith("是3到5人的遊戲，不能6人玩")
    assert str(_refused(rulesbook.game("inferno"), True)) == "players: expected a whole number, not True"


def test_a_game_for_exactly_so_many_players_says_that_number():
    """No game of the book has a fixed count above one yet; the protocol words it for the one that will."""

    class Duel(type(rulesbook.game("inferno"))):
        min_players = max_players = default_players = 2

    refused = _refused(Duel(), 3)
    assert (str(refused), refused.field) == ("players: Mountain of Inferno is for 2 players, not 3", "players")
    assert refused.message.say("zh-TW").endswith("是2人的遊戲，不能3人玩")


def test_a_table_of_bots_typed_as_one_text_is_read_as_the_list_of_its_names():
    """`make_bots("random, greedy", seed)`: the same table as the list, seat by seat."""
    inferno = rulesbook.game("inferno")
    typed, listed = inferno.make_bots("random, greedy", "s"), inferno.make_bots(["random", "greedy"], "s")
    assert [bot.name for bot in typed] == [bot.name for bot in listed] == ["random", "greedy"]
    state = inferno.new_game(players=2, seed=5)
    actions = inferno.legal_actions(state)
    assert [bot.choose(state, actions) for bot in typed] == [bot.choose(state, actions) for bot in listed]


@pytest.mark.parametrize("text", [None, ""])
def test_no_rules_text_is_the_games_own_rules(text):
    """`rules_from_text` of nothing (the command line without --rules) is the printed game, not a refusal."""
    for name in ("inferno", "hudai", "madness"):
        game = rulesbook.game(name)
        assert game.rules_from_text(text) == game.rules()


def test_the_fast_path_a_game_does_not_give_is_the_checked_step():
    """`Game.apply_legal`, for a game that has no fast path of its own: the same step as `apply`."""
    hudai = rulesbook.game("hudai")
    state = hudai.new_game(seed=4)
    action = hudai.legal_actions(state)[0]
    fast, checked = Game.apply_legal(hudai, state, action), hudai.apply(state, action)
    assert hudai.to_json(fast.state) == hudai.to_json(checked.state) and fast.events == checked.events != []
