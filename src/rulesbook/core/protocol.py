"""One protocol for the three games, in the spirit of OpenSpiel's game/state API.

Each game package describes itself once with a subclass of `Game`; harnesses, records, the
command line, the random-simulation test and the design lab use only this surface, so they are
written once for every game:

>>> import rulesbook
>>> game = rulesbook.game("inferno")
>>> state = game.new_game(players=2, seed=1)
>>> game.current_player(state)
0
>>> action = game.legal_actions(state)[0]
>>> game.action_to_text(state, action)
'pawn 0,0'
>>> step = game.apply(state, action)
>>> game.current_player(step.state)
1

States are the game's own values; actions are hashable values that compare equal when equal.
`apply` checks the action and raises `IllegalAction` (a ValueError naming the rule id) with the
state untouched; `apply_legal` trusts an action taken straight from `legal_actions` and skips the
check, as OpenSpiel's `apply_action` and python-chess's `push` do.
"""

from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import fields
from typing import Any, ClassVar, Generic, NamedTuple, Protocol, TypeVar

from rulesbook.core.data import DataError, expect
from rulesbook.core.errors import shown
from rulesbook.core.messages import Message, term
from rulesbook.core.rulestext import field_from_text, split_fields

S = TypeVar("S")
A = TypeVar("A", bound=Hashable)

#: The games and the module that describes each one (its `GAME`).
GAMES: dict[str, str] = {
    "inferno": "rulesbook.inferno.protocol",
    "hudai": "rulesbook.hudai.protocol",
    "madness": "rulesbook.madness.protocol",
}


class Step(NamedTuple):
    """What `apply` returns: the next state and the events that explain what happened."""

    state: Any
    events: list[Any]


class Bot(Protocol):
    """A player program: picks one of the legal actions. Bots may read only what their seat may see."""

    name: str

    def choose(self, state: Any, actions: Sequence[Any]) -> Any: ...


class Game(ABC, Generic[S, A]):
    """A game described once: players, rules, the turn structure and the text forms.

    Subclasses set the class attributes and implement the abstract methods; the rest comes from
    them. `rules_type` is the game's `Rules` dataclass: every field is a variant or a house rule.
    """

    name: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    default_players: ClassVar[int]
    rules_type: ClassVar[Any]
    #: Rules as text a user might type, shown when a text is not FIELD=VALUE.
    rules_example: ClassVar[str]
    #: The bots by name; the first is the default.
    bot_names: ClassVar[tuple[str, ...]]
    #: Whether the seats win or lose together (a shared win is then no tie).
    cooperative: ClassVar[bool] = False
    #: Who wins or loses where the seats do not compete (a solo game, a cooperative one), as
    #: `rulesbook replay` says it: "the monk", "the expedition".
    player_name: ClassVar[str] = "the player"
    #: A bound on the actions of one game of this many players, for harnesses and tests.
    max_actions: ClassVar[int] = 20_000
    #: Every way a game can end, as a table's "ending" column says it (lab.summarise gives each
    #: its rate, 0 where no game ended so).
    endings: ClassVar[tuple[str, ...]] = ()
    #: The facts and round figures that count something, so are never below 0 (turns, relics ...):
    #: their means' intervals stop at 0, the figure's own least value (lab.summarise). A figure
    #: that can go below 0 (Inferno's points, under the house rule negative_scores_kept) is not one.
    counts: ClassVar[tuple[str, ...]] = ()
    #: Whether the returns are 1 for a win and 0 for a loss (Hudai, Madness), not points: a mean
    #: result is then a share of games won, and gets Wilson's interval as a rate does.
    win_loss: ClassVar[bool] = False

    @property
    def seats_compete(self) -> bool:
        """Whether the seats win apart (Inferno), not alone (a solo game) or together (cooperative)."""
        return self.max_players > 1 and not self.cooperative

    # --- the protocol -------------------------------------------------------------------------
    @abstractmethod
    def new_game(self, players: int | None = None, seed: int | str = 0, rules: Any = None) -> S:
        """A game set up for that many seats, shuffled from the seed, under those rules (None: defaults)."""

    @abstractmethod
    def current_player(self, state: S) -> int | None:
        """The seat that must act now (counted from 0); None once the game is over."""

    @abstractmethod
    def legal_actions(self, state: S) -> list[A]:
        """Every action allowed now, in a fixed order; empty once the game is over."""

    @abstractmethod
    def apply(self, state: S, action: A) -> Step:
        """The checked step: IllegalAction, citing the rule, for an action not allowed now."""

    def apply_legal(self, state: S, action: A) -> Step:
        """The fast path for an action taken from `legal_actions(state)`: no second check."""
        return self.apply(state, action)

    @abstractmethod
    def is_over(self, state: S) -> bool: ...

    @abstractmethod
    def returns(self, state: S) -> tuple[float, ...]:
        """One number per seat: the final result (the result so far before the end)."""

    @abstractmethod
    def action_to_text(self, state: S, action: A) -> str: ...

    @abstractmethod
    def parse_action(self, state: S, text: str) -> A:
        """The action a text names in this state; NotationError for text that names none."""

    @abstractmethod
    def to_json(self, state: S) -> str: ...

    @abstractmethod
    def from_json(self, text: str) -> S: ...

    # --- beside the protocol ------------------------------------------------------------------
    @abstractmethod
    def players(self, state: S) -> int:
        """How many seats the game has."""

    def winners(self, state: S) -> tuple[int, ...]:
        """The seats with the best result (a tie shares the win); () before the end.

        Games whose returns are 1 for a win and 0 for a loss say () when nobody won."""
        if not self.is_over(state):
            return ()
        results = self.returns(state)
        best = max(results)
        return tuple(seat for seat, value in enumerate(results) if value == best)

    @abstractmethod
    def facts(self, state: S) -> dict[str, Any]:
        """What a finished game says beyond its returns, as plain values: `turns`, `ending`
        (how it ended, in a word or two) and the game's own figures (rounds, relics ...)."""

    def rounds(self, state: S) -> list[dict[str, Any]]:
        """One row per round played, for games that have rounds (the same keys in every row)."""
        return []

    @property
    def has_rounds(self) -> bool:
        """Whether the game is played in rounds (it says so by giving `rounds`)."""
        return type(self).rounds is not Game.rounds

    def event_text(self, event: Any) -> str:
        """An event in words, as a replay prints it."""
        return str(event)

    def invariants(self, state: S) -> list[str]:
        """What is wrong with this state (cards or tokens not conserved ...); [] when all is well."""
        return []

    @abstractmethod
    def make_bot(self, name: str, seat: int, seed: int | str) -> Bot:
        """The bot of that name for a seat; ValueError listing the bots for an unknown name."""

    def make_bots(self, names: str | Sequence[str], seed: int | str) -> list[Bot]:
        """One bot per seat, seeded from the game's seed and the seat; `names` a list, or one
        text ("greedy,random")."""
        return [self.make_bot(name, seat, f"{seed}:{seat}") for seat, name in enumerate(seat_bots(names))]

    def check_bot_names(self, names: Iterable[str]) -> None:
        """ValueError naming every name that is not one of the game's bots, and listing them."""
        unknown = [name for name in names if name not in self.bot_names]
        if unknown:
            raise ValueError(f"{self.title} has no bot {', '.join(map(repr, unknown))}; its bots are {', '.join(self.bot_names)}")

    # --- rules as data ------------------------------------------------------------------------
    def rules(self, **values: Any) -> Any:
        """The game's Rules with these fields; ValueError naming an unknown field or a bad value."""
        self.check_rule_names(values)
        return self.rules_type(**values)

    def rule_fields(self) -> list[str]:
        return [field.name for field in fields(self.rules_type)]

    def check_rule_names(self, names: Iterable[str]) -> None:
        """ValueError naming every name that is not a field of the game's Rules, and listing them."""
        known = self.rule_fields()
        unknown = sorted(set(names) - set(known), key=str)
        if unknown:
            raise ValueError(
                f"{self.title} has no rule {', '.join(repr(name) for name in unknown)}; its rules are {', '.join(known)}"
            )

    def rules_from_text(self, text: str | None) -> Any:
        """Rules from `FIELD=VALUE[,FIELD=VALUE]`, as the command line takes them."""
        return self.rules_from_fields(split_fields(text, self.rules_example) if text else {})

    def rules_from_fields(self, values: Mapping[str, str]) -> Any:
        """Rules from each field's text, as `split_fields` gives them: {"edition": "zh"}."""
        self.check_rule_names(values)
        return self.rules(**{name: self.rule_from_text(name, value) for name, value in values.items()})

    def rule_from_text(self, name: str, text: str) -> Any:
        """One field's value from its text, by the field's type (games override for data files)."""
        return field_from_text(self.rules_type, name, text)

    def rule_from_data(self, name: str, value: Any) -> Any:
        """One field's value as a record's JSON holds it (lists for tuples, house rules by name, a
        game's data set as data), read as the record is read: DataError naming the field."""
        return getattr(self.rules_from_dict({name: value}), name)

    def rules_to_dict(self, rules: Any) -> dict[str, Any]:
        return rules.to_dict()

    def rules_to_text(self, rules: Any) -> str:
        """The rules on one line, FIELD=VALUE, as a summary prints them (a game shortens a value a
        line cannot hold, such as a data pack carried whole); data embedded from a file shows as
        the file it came from, its "source"."""
        return ", ".join(f"{name}={_rule_text(value)}" for name, value in self.rules_to_dict(rules).items())

    def rules_from_dict(self, data: Mapping[str, Any]) -> Any:
        return self.rules_type.from_dict(dict(data))

    def default_seats(self, players: int | None) -> int:
        """The seat count asked for, checked against the game's range."""
        count = self.default_players if players is None else expect(players, int, "players")  # True is no seat count
        if not self.min_players <= count <= self.max_players:
            game, given = term(self.title, "term"), repr(players)
            if self.max_players == 1:
                why = Message("{game} is for {count} player, not {players}", game=game, count=1, players=given)
            elif self.min_players == self.max_players:
                why = Message("{game} is for {count} players, not {players}", game=game, count=self.max_players, players=given)
            else:
                why = Message("{game} is for {least} to {most} players, not {players}", game=game, least=self.min_players,
                              most=self.max_players, players=given)
            raise DataError("players", why)
        return count

    def __repr__(self) -> str:
        return f"rulesbook.game({self.name!r})"


def split_bot_names(text: str) -> tuple[str, ...]:
    """Bots per seat as a user types them, "greedy, random": names between commas, blanks and a
    comma at the end left out (the command line and the lab read them alike). A seat named by
    nothing between two commas is refused: the names after it would sit one seat too early.

    >>> split_bot_names("greedy, random,")
    ('greedy', 'random')
    >>> split_bot_names("greedy,,random")
    Traceback (most recent call last):
    ...
    ValueError: 'greedy,,random' names no bot for seat 2: give one name between each two commas
    """
    names = [name.strip() for name in text.split(",")]
    while names and not names[-1]:
        names.pop()
    if "" in names:
        raise ValueError(f"{shown(text)} names no bot for seat {names.index('') + 1}: give one name between each two commas")
    return tuple(names)


def seat_bots(names: str | Sequence[str]) -> tuple[str, ...]:
    """Bot names by seat, from a list or from one text (`split_bot_names`)."""
    return split_bot_names(names) if isinstance(names, str) else tuple(names)


def game(name: str) -> Game:
    """The game of that name: "inferno", "hudai" or "madness"."""
    module = GAMES.get(name) if isinstance(name, str) else None
    if module is None:
        raise ValueError(f"unknown game {name!r}; the games are {', '.join(GAMES)}")
    return importlib.import_module(module).GAME


def _rule_text(value: Any) -> str:
    if isinstance(value, dict) and "source" in value:
        return str(value["source"])
    return str(value)
