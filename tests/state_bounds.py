"""The property the three loaders keep: whatever a state loads with, play from it loads again.

`State.from_json` / `from_dict` refuse a count beyond what the game reaches. A tampered state with a
count at the largest value the loader accepts is no state of real play, but once it loads, play may
go on from it: every state that play then gives must load too (or the loader must refuse the count
in the first place). The tests of each game (test_<game>_hardening.py) take states of random play,
one of each phase (`by_phase`), set one count to the largest value that loads (`largest_loading`,
by bisection with `from_dict`) and play random legal actions on from it (`played_on`), loading each
state on the way.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

import rulesbook
from rulesbook.core.data import DataError

#: Where a count lies in a state's data: a field's name, then list indexes or keys ("totals", 1).
Path = tuple[Any, ...]
#: Above any bound a loader checks: a count that loads even here has no bound to break.
BEYOND = 10 ** 30


def read(data: Any, path: Path) -> Any:
    for key in path:
        data = data[key]
    return data


def written(data: dict[str, Any], path: Path, value: int) -> dict[str, Any]:
    """A copy of `data` with `value` at `path`."""
    data = copy.deepcopy(data)
    read(data, path[:-1])[path[-1]] = value
    return data


def loads(load: Callable[[Any], Any], data: dict[str, Any]) -> bool:
    try:
        load(data)
    except DataError:
        return False
    return True


def largest_loading(load: Callable[[Any], Any], data: dict[str, Any], path: Path, direction: int = 1) -> int:
    """The largest value at `path` that `load` accepts (the smallest, `direction` -1), the rest of
    `data` as it is (which loads): doubling the step from the value there until a value is refused,
    then bisecting."""
    low = read(data, path) * direction  # searched upwards; the value tried is `direction` times it
    step = 1
    while low + step <= BEYOND and loads(load, written(data, path, (low + step) * direction)):
        low, step = low + step, step * 2
    high = min(low + step, BEYOND + 1)  # refused, or past BEYOND
    while high - low > 1:
        middle = (low + high) // 2
        if loads(load, written(data, path, middle * direction)):
            low = middle
        else:
            high = middle
    return low * direction


def by_phase(name: str, players: int, seed: int, steps: int, rules: Any = None) -> list[Any]:
    """States of a seeded random game of up to `steps` actions, one of each phase it met (`phase`),
    drawn at random among those of that phase; its first state too."""
    game = rulesbook.game(name)
    rng = random.Random(seed)
    state = game.new_game(players=players, seed=seed, rules=rules)
    met: dict[Any, list[Any]] = {}
    for _ in range(steps):
        met.setdefault(state.phase, []).append(state)
        state = game.apply(state, rng.choice(game.legal_actions(state))).state
        if game.is_over(state):
            break
    return [met[phase][rng.randrange(len(met[phase]))] for phase in met]


def played_on(name: str, state: Any, rng: random.Random, actions: int) -> list[str]:
    """Plays up to `actions` random legal actions from `state` (fewer when the game ends), loading
    each state on the way from its JSON; the actions played, for the message of a failure."""
    game = rulesbook.game(name)
    played: list[str] = []
    for _ in range(actions):
        if game.is_over(state):
            break
        action = rng.choice(game.legal_actions(state))
        played.append(game.action_to_text(state, action))
        state = game.apply(state, action).state
        text = game.to_json(state)
        try:
            again = game.from_json(text)
        except DataError as error:
            raise AssertionError(f"after {', '.join(map(repr, played))}: the state does not load again: {error}") from None
        assert game.to_json(again) == text
    return played


def check_play_from_the_bound(name: str, load: Callable[[Any], Any], state: Any, path: Path, seed: int,
                              actions: int, direction: int = 1) -> None:
    """The property, for one state of real play and one count: at the largest value that loads (the
    smallest, `direction` -1), the state loads, and play from it keeps loading."""
    game = rulesbook.game(name)
    data = json.loads(game.to_json(state))
    assert loads(load, data), "a state of real play loads"
    most = largest_loading(load, data, path, direction)
    start = load(written(data, path, most))
    played_on(name, start, random.Random(seed), actions)
