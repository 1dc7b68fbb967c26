"""Moments some way into random games of Mountain of Inferno, for tests that ask things of many
different states (refusals, words, boards): the same seed gives the same state."""

from __future__ import annotations

import random

from rulesbook.inferno.engine import apply, legal_actions, new_game
from rulesbook.inferno.rules import Rules
from rulesbook.inferno.state import State


def played(seed: int = 4, players: int = 3, moves: int = 40, rules: Rules | None = None) -> State:
    """The state after `moves` random actions of a new game (fewer if it ends first); an effect
    may be waiting for an answer."""
    rng = random.Random(seed)
    state = new_game(players, seed=seed, rules=rules)
    for _ in range(moves):
        actions = legal_actions(state)
        if not actions:
            break
        state, _ = apply(state, rng.choice(actions))
    return state
