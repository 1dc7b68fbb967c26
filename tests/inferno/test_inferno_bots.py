"""The greedy bot weighs each action by what it would leave on the table; it takes short cuts
(a lay out of reach of every pawn changes nothing, a lay is weighed on the Mountain alone, on a
shape that carries nothing over), so here every short cut is checked against the plain way:
apply the action, let every answer pass, and score the state that results."""

import pytest

from rulesbook.inferno import Rules, legal_actions, new_game
from rulesbook.inferno.actions import LayDisciple
from rulesbook.inferno.bots import GreedyBot, RandomBot, _resolved, standing
from rulesbook.inferno.engine import Phase, apply_legal
from rulesbook.inferno.scoring import has_complete_cross, score
from simulation_scale import scaled

CONFIGS = [(players, edition) for players in (2, 4) for edition in ("en", "zh")]


@pytest.mark.parametrize("players, edition", CONFIGS, ids=[f"{p}p-{e}" for p, e in CONFIGS])
def test_the_greedy_bot_weighs_every_play_as_applying_it_would(players, edition):
    weighed = glanced = 0
    for game in range(scaled(2)):
        state = new_game(players, f"greedy-weighs:{game}", Rules(edition=edition))
        bots = [GreedyBot(seat) if seat % 2 == 0 else RandomBot(seat) for seat in range(players)]
        while not state.is_over:
            actions = legal_actions(state)
            seat = state.decision.seat
            if state.phase is Phase.PLAY and isinstance(bots[seat], GreedyBot):
                now = standing(state, seat)
                for action in actions:
                    plain = standing(_resolved(apply_legal(state, action)[0]), seat)
                    assert bots[seat]._value(state, action, seat, now) == plain, action
                    weighed += 1
                    if isinstance(action, LayDisciple):  # a lay: its glance scores as the Mountain it leaves
                        glance = state.mountain.glance_with_card(action.place, action.card)
                        after = apply_legal(state, action)[0].mountain
                        assert has_complete_cross(glance, state.rules) == has_complete_cross(after, state.rules)
                        assert all(score(glance, colour) == score(after, colour) for colour in state.colours)
                        glanced += 1
            state, _ = apply_legal(state, bots[seat].choose(state, actions))
    assert weighed > 100 and glanced > 100
