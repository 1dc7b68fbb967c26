"""The greedy bot weighs its plays line by line (rulesbook.inferno.weighing); here every figure it
reads that way is held to the plain way: the windows listed one by one (MOI-R17), and `standing`
on the state the play leaves once applied and every answer passed, in both editions, with two
pawns to a card and with house rules, at moments where a complete cross ends the round too."""

import pytest
from hypothesis import given, settings

from inferno_strategies import mountains
from rulesbook.inferno import COLUMN, ROW, Position, Rules, best_window, legal_actions, new_game
from rulesbook.inferno.actions import DiscardEvents, EndPlay
from rulesbook.inferno.bots import GreedyBot, RandomBot, _resolved, standing
from rulesbook.inferno.engine import Phase, apply_legal
from rulesbook.inferno.position import place_code
from rulesbook.inferno.scoring import has_complete_cross, window_sum
from rulesbook.inferno.weighing import Weighing, read_lines
from simulation_scale import scaled


def plain_sums(position: Position, place, direction) -> tuple[int, int | None]:
    """The best window's sum and the best complete one's, from the windows listed one by one."""
    best, complete = best_window(position, place, direction), best_window(position, place, direction, complete=True)
    return window_sum(position, best), None if complete is None else window_sum(position, complete)


@settings(max_examples=scaled(150))
@given(mountains(min_cards=1, max_cards=30))
def test_a_cards_lines_are_its_best_windows(position):
    for place, card in position.cards.items():
        assert read_lines(position._cards, place_code(place)) == (
            card.value, *plain_sums(position, place, ROW), *plain_sums(position, place, COLUMN)
        ), place


RULES = {
    "en": Rules(),
    "zh": Rules(edition="zh"),
    "en-two-pawns": Rules(two_pawns=True),
    "zh-two-pawns": Rules(edition="zh", two_pawns=True),
    "en-ender-doubles": Rules(doubled_cross_for_ender_only=True, doubling_optional=True),
    "zh-every-cross-doubles": Rules(edition="zh", doubled_cross_for_ender_only=False),
    "en-house": Rules(bison_reach=(2, 6), hand_size=4, negative_scores_kept=True),
    "zh-house": Rules(edition="zh", hand_size=2, two_pawns=True),
}


#: Games per set of rules: three, at every test scale. They take under half a second, and fewer
#: see too few complete crosses to tell (one game of "zh" weighed 2,121 plays and crossed once).
GAMES = 3


@pytest.mark.parametrize("name", RULES)
def test_every_play_is_weighed_as_applying_it_would(name):
    """At every play-phase moment of games of greedy and random bots: each seat's standing, and
    the standing of the seat to play after each of its plays, as `standing` says once it is played."""
    rules = RULES[name]
    weighed = crossed = 0
    for game in range(GAMES):
        players = 2 + game % 3
        state = new_game(players, f"weighing:{name}:{game}", rules)
        bots = [GreedyBot(seat) if seat % 2 else RandomBot(seat) for seat in range(players)]
        while not state.is_over:
            actions = legal_actions(state)
            seat = state.decision.seat
            if state.phase is Phase.PLAY:
                for other in range(players):
                    assert Weighing(state, other).now == standing(state, other), other
                weighing = Weighing(state, seat)
                for action in actions:
                    if isinstance(action, (EndPlay, DiscardEvents)):
                        assert weighing.after(action) is None
                        continue
                    after = _resolved(apply_legal(state, action)[0])
                    assert weighing.after(action) == standing(after, seat), action
                    weighed += 1
                    crossed += has_complete_cross(after.mountain, rules)
            state, _ = apply_legal(state, bots[seat].choose(state, actions))
    assert weighed > 3000 and crossed > 30, (weighed, crossed)

