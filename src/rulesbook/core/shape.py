"""What every game package of the one shape answers the same way, written once: the protocol's
methods (`EngineGame`) and a State's `invariants` (`CheckedState`).

Each game package has an `engine` module (`legal_actions`, `apply` and `apply_legal`, both
returning ``(state, events)``), an `actions` module (`parse_action`, which reads the words in any
case, and a `text()` on every action) and a `State` with `to_json` (whose "game" names the game),
`from_json`, `problems` (all said at once: `CheckedState`), `is_over` and `summary` (its one-line
repr); tests/core/test_conformance.py holds the three packages to it. `EngineGame` passes the
protocol's calls on to them, so a game's protocol module says only what is its own: players,
returns, facts, bots.

>>> import rulesbook
>>> game = rulesbook.game("hudai")
>>> state = game.new_game(seed=1)
>>> game.parse_action(state, game.action_to_text(state, game.legal_actions(state)[0])) == game.legal_actions(state)[0]
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Iterable
from types import ModuleType
from typing import Any, ClassVar, Protocol, TypeVar

from rulesbook.core.data import DataError
from rulesbook.core.protocol import Game, Step


class ShapedState(Protocol):
    """What the protocol asks of a game's State."""

    def to_json(self) -> str: ...

    def problems(self) -> list[str]: ...


class ShapedAction(Hashable, Protocol):
    """What the protocol asks of a game's action: a value with its text form."""

    def text(self) -> str: ...


S = TypeVar("S", bound=ShapedState)
A = TypeVar("A", bound=ShapedAction)
T = TypeVar("T")


def played_out(apply: Callable[[T, Any], tuple[T, list[Any]]], state: T, actions: Iterable[Any], quiet: bool) -> T:
    """Each game's `play_out`: the state after the actions (or their texts), each applied by the
    checked `apply`, and what each one did printed ("> action", then its events) unless quiet."""
    for action in actions:
        state, events = apply(state, action)
        if not quiet:
            print(f"> {action if isinstance(action, str) else action.text()}")
            for event in events:
                print(f"    {event.text}")
    return state


class EngineGame(Game[S, A]):
    """A `Game` over a game package of the one shape: set `engine`, `actions` and `state_type`.

    The calls go straight to the engine's functions (one call each, as a method written per game
    would make): `legal_actions`, `apply` and `apply_legal` are every playout's steps.
    """

    #: The package's engine module (`new_game(players, seed, rules)`, `legal_actions`, `apply`, `apply_legal`).
    engine: ModuleType
    #: The package's actions module (`parse_action`).
    actions: ModuleType
    #: The package's State class (`from_json`).
    state_type: ClassVar[Any]

    def new_game(self, players: int | None = None, seed: int | str = 0, rules: Any = None) -> S:
        return self.engine.new_game(self.default_seats(players), seed, rules)

    def legal_actions(self, state: S) -> list[A]:
        return self.engine.legal_actions(state)

    def apply(self, state: S, action: A) -> Step:
        """The checked step, which also checks that the state is this game's (the fast path, every
        playout's, trusts it: `legal_actions` and `apply_legal`)."""
        if not isinstance(state, self.state_type):  # inline: the checked playouts are benchmarked too
            self._own(state)
        return Step(*self.engine.apply(state, action))

    def _own(self, state: S) -> S:
        """The state, if it is one of this game's; DataError (field `state`) for another game's."""
        if not isinstance(state, self.state_type):
            raise DataError("state", f"expected a state of {self.title}, not {type(state).__module__}.{type(state).__qualname__}")
        return state

    def apply_legal(self, state: S, action: A) -> Step:
        return Step(*self.engine.apply_legal(state, action))

    def action_to_text(self, state: S, action: A) -> str:
        """The action's text, legal now or not (given a text, the action's own way of writing it);
        a value that is no action of the game is refused as the engine refuses it (IllegalAction,
        with the game's words and rule)."""
        if isinstance(action, str):
            return self.actions.parse_action(action).text()
        error = self.engine.refusal(state, action) if type(action) not in self.actions.ACTIONS else None
        if error is not None:  # every engine refuses a value that is none of its actions
            raise error
        return action.text()

    def parse_action(self, state: S, text: str) -> A:
        return self.actions.parse_action(text)

    def to_json(self, state: S) -> str:
        return self._own(state).to_json()

    def from_json(self, text: str) -> S:
        return self.state_type.from_json(text)

    def invariants(self, state: S) -> list[str]:
        return self._own(state).problems()


class CheckedState:
    """A State that lists what is wrong with it (`problems`, the game's own) and raises it all
    at once (`invariants`), so a loaded state that breaks the game's rules is refused whole."""

    __slots__ = ()
    #: How a house rule ends the game, as the game's own end does (which fields it sets): said
    #: when a rule's state is refused for how it ends (`core.house`); "" where none is told.
    house_ending: ClassVar[str] = ""

    def problems(self) -> list[str]:
        raise NotImplementedError

    def invariants(self) -> None:
        """DataError saying what is wrong with this state by the game's own rules (see `problems`)."""
        wrong = self.problems()
        if wrong:
            raise DataError("state", "; ".join(wrong))


def pieces_off(found: Iterable[str], wanted: Iterable[str]) -> str:
    """Which pieces (card or tile ids) a state holds too few or too many of, for its `problems`:
    whoever mends a state file or a house rule learns which to look for; "" when each is there once.
    A mapping given counts its keys once each, not its values.

    >>> pieces_off(["MK+1", "MK+2", "MK+2"], ["MK+1", "MK+2", "PM+1"])
    'missing PM+1, too many MK+2'
    """
    have, pieces = Counter(iter(found)), Counter(iter(wanted))
    missing, extra = (" ".join(sorted((more - less).elements())) for more, less in ((pieces, have), (have, pieces)))
    return ", ".join(part for part in (missing and f"missing {missing}", extra and f"too many {extra}") if part)
