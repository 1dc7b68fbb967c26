"""Information-set Monte Carlo tree search, written once for every game.

A player who cannot see the whole table (another hand, the order of a deck) cannot search the
game's tree itself: it does not know which state it is in. Single-observer ISMCTS (Cowling, Powley
and Whitehouse, 2012; OpenSpiel's `ISMCTSBot` is the same idea) searches one tree of *its own*
decisions instead. Every playout starts by sampling a state that the searching seat cannot tell
from the true one (`Searched.sample`: the hidden cards dealt again, the seed of what is still to
come drawn anew), then walks down the tree with the legal actions of that sample, choosing by UCB
among those that are legal there ("available" counts make that fair), adds one node, finishes the
game with a quick estimate (`Searched.estimate`), and adds what each seat got on the way back.

Only `sample` ever sees the true state, and it keeps only what the seat may see: the search
reads nothing else, so changing what the seat cannot see never changes its choice (a test shows
it). Its randomness is its own, seeded, so a game played with it replays exactly.

>>> class Nim:  # take 1 or 2 from a heap; whoever takes the last wins (seat 0 starts)
...     def seat(self, state): return None if state[0] == 0 else state[1]
...     def legal(self, state): return [take for take in (1, 2) if take <= state[0]]
...     def play(self, state, take): return (state[0] - take, 1 - state[1])
...     def sample(self, state, seat, rng): return state
...     def estimate(self, state, rng):
...         while state[0]:
...             state = self.play(state, rng.choice(self.legal(state)))
...         return (0.0, 1.0) if state[1] == 0 else (1.0, 0.0)
>>> InformationSetSearch(Nim(), playouts=400, seed=1).choose((4, 0), [1, 2])  # leave 3: a lost heap
1
"""

from __future__ import annotations

import math
import random
from collections.abc import Hashable, Sequence
from typing import Any, Protocol

from rulesbook.core.data import DataError, expect
from rulesbook.core.rng import MAX_BOT_SEED, check_seed, seeded_random

#: The most playouts a search runs a decision: far above every level (400 at most) and a teacher's
#: strong run, yet low enough that a slip (10**9) is refused rather than left to choose for hours.
MAX_PLAYOUTS = 100_000


class Searched(Protocol):
    """What the search needs of a game: its moves, and the two things only the game knows."""

    def seat(self, state: Any) -> int | None:
        """The seat to decide, or None when the game is over."""

    def legal(self, state: Any) -> Sequence[Any]:
        """The legal actions (hashable values), in a stable order."""

    def play(self, state: Any, action: Any) -> Any:
        """The next state (the engine's fast path: the action is legal)."""

    def sample(self, state: Any, seat: int, rng: random.Random) -> Any:
        """A state this seat cannot tell from `state`: what it does not see dealt again from `rng`."""

    def estimate(self, state: Any, rng: random.Random) -> tuple[float, ...]:
        """What each seat may expect from here, each between 0 and 1 (a quick playout, or a guess)."""


class _Node:
    """One of the searching seat's information sets: its visits and what its seat got there."""

    __slots__ = ("visits", "total", "available", "children")

    def __init__(self) -> None:
        self.visits = 0
        self.total = 0.0  # summed over visits, for the seat that chose the action leading here
        self.available = 0  # playouts in which the action leading here was legal
        self.children: dict[Hashable, _Node] = {}


def check_playouts(playouts: Any, where: str = "playouts") -> int:
    """A search's playouts a decision, a whole number from 1 to MAX_PLAYOUTS; DataError naming
    `where` otherwise (none would choose nothing, a billion would choose for hours)."""
    expect(playouts, int, where)
    if playouts < 1:
        raise DataError(where, f"a search needs at least one playout, not {playouts if playouts > -MAX_PLAYOUTS else 'a negative number'}")
    if playouts > MAX_PLAYOUTS:
        raise DataError(where, f"a search runs at most {MAX_PLAYOUTS:,} playouts a decision: more would take minutes to choose")
    return playouts


class InformationSetSearch:
    """Chooses by `playouts` ISMCTS playouts (see the module); `exploration` is UCB's constant."""

    def __init__(self, game: Searched, playouts: int, seed: int | str = 0, exploration: float = 0.7):
        check_playouts(playouts)
        check_seed(seed, "seed", MAX_BOT_SEED)
        expect(exploration, float, "exploration")
        if exploration < 0:
            raise DataError("exploration", f"UCB's exploration constant is at least 0, not {exploration}")
        self.game = game
        self.playouts = playouts
        self.exploration = exploration
        self.rng = seeded_random(seed, "information set search")

    def choose(self, state: Any, actions: Sequence[Any]) -> Any:
        if len(actions) == 1:
            return actions[0]
        tried = self.tried(state)
        # The most visited action: UCB's robust choice (a lucky action visited little is not trusted).
        return max(actions, key=lambda action: (tried[action][0], -actions.index(action)) if action in tried else (-1, 0))

    def tried(self, state: Any) -> dict[Hashable, tuple[int, float]]:
        """`playouts` playouts from `state`: each action tried first, with its visits and the mean value
        its seat got (for a game's bot that weighs the search against a choice of its own)."""
        seat = self.game.seat(state)
        if seat is None:
            raise ValueError("the game is over: there is nothing to choose")
        root = _Node()
        for _ in range(self.playouts):
            self._playout(root, self.game.sample(state, seat, self.rng))
        return {action: (child.visits, child.total / child.visits) for action, child in root.children.items() if child.visits}

    def _bound(self, tried: tuple[Any, _Node]) -> float:
        """UCB's upper bound for a tried action, with the playouts in which it was legal."""
        child = tried[1]
        return child.total / child.visits + self.exploration * math.sqrt(math.log(child.available) / child.visits)

    def _playout(self, root: _Node, state: Any) -> None:
        game, rng = self.game, self.rng
        path: list[tuple[_Node, int]] = []  # each node visited and the seat that chose it
        node = root
        seat = game.seat(state)
        while seat is not None:
            legal = game.legal(state)
            if len(legal) == 1:  # nothing to choose: no node for it
                state = game.play(state, legal[0])
                seat = game.seat(state)
                continue
            children = node.children
            fresh, tried = [], []  # one look-up an action: the search's own time is mostly here
            for action in legal:
                child = children.get(action)
                if child is None:
                    fresh.append(action)
                else:
                    child.available += 1
                    tried.append((action, child))
            if fresh:
                action = rng.choice(fresh)
                child = children[action] = _Node()
                child.available = 1
                path.append((child, seat))
                state = game.play(state, action)
                break
            action, node = max(tried, key=self._bound)
            path.append((node, seat))
            state = game.play(state, action)
            seat = game.seat(state)
        values = game.estimate(state, rng)
        for visited, chooser in path:
            visited.visits += 1
            visited.total += values[chooser]
