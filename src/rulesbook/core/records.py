"""One game record for every game: the game, the seats, the seed, the rules and the actions as text.

A record replays through the protocol alone (`new_game`, `parse_action`, `apply`), so the same
code stores, replays and checks a game of Mountain of Inferno, Hudai Pass or At the Mountains
of Madness. Its JSON is the same in all three.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from rulesbook.core.protocol import Game, game as game_named

RECORD_VERSION = 1


class ReplayStep(NamedTuple):
    """One recorded action replayed: the state before, the action's text, the state after, the events."""

    number: int
    before: Any
    text: str
    after: Any
    events: list[Any]


@dataclass
class GameRecord:
    """What it takes to replay a game exactly. `rules` is the game's Rules value."""

    game: str
    players: int
    seed: int | str
    rules: Any = None
    actions: list[str] = field(default_factory=list)
    bots: list[str] | None = None

    @property
    def protocol(self) -> Game:
        return game_named(self.game)

    def start(self) -> Any:
        return self.protocol.new_game(players=self.players, seed=self.seed, rules=self.rules)

    def steps(self) -> Iterator[ReplayStep]:
        """Each action replayed in turn; an action that no longer applies raises its error
        (IllegalAction or NotationError) with the action's number added to the message."""
        protocol = self.protocol
        state = self.start()
        for number, text in enumerate(self.actions, 1):
            try:
                action = protocol.parse_action(state, text)
                after, events = protocol.apply(state, action)
            except ValueError as error:
                raise ValueError(f"action {number} {text!r}: {error}") from error
            yield ReplayStep(number, state, text, after, events)
            state = after

    def replay(self) -> tuple[Any, list[tuple[str, list[Any]]]]:
        """The final state and, for each action, its text and the events it caused."""
        state = self.start()
        log = []
        for step in self.steps():
            log.append((step.text, step.events))
            state = step.after
        return state, log

    @classmethod
    def play(cls, game: str, players: int | None = None, seed: int | str = 0, rules: Any = None,
             bots: Sequence[Any] = ()) -> GameRecord:
        """A game played to the end by bots and recorded: `bots` are names (seeded from the seed
        and the seat) or bot objects, one per seat, repeated to fill the table."""
        from rulesbook.core.harness import play

        protocol = game_named(game)
        seats = protocol.default_seats(players)
        chosen = list(bots) or [protocol.bot_names[0]]
        table = [chosen[seat % len(chosen)] for seat in range(seats)]
        rules = rules if rules is not None else protocol.rules()
        played = play(protocol, seats, seed, rules, table, record=True)
        names = [bot if isinstance(bot, str) else getattr(bot, "name", type(bot).__name__) for bot in table]
        return cls(protocol.name, seats, seed, rules, played.texts, names)

    def final_state(self) -> Any:
        state = self.start()
        for step in self.steps():
            state = step.after
        return state

    # --- JSON -----------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        protocol = self.protocol
        rules = self.rules if self.rules is not None else protocol.rules()
        data: dict[str, Any] = {
            "game": self.game,
            "version": RECORD_VERSION,
            "players": self.players,
            "seed": self.seed,
            "rules": protocol.rules_to_dict(rules),
            "actions": list(self.actions),
        }
        if self.bots is not None:
            data["bots"] = list(self.bots)
        return data

    @classmethod
    def from_dict(cls, data: Any) -> GameRecord:
        """A record from its JSON data; ValueError saying what is missing or wrong."""
        if not isinstance(data, dict):
            raise ValueError("a game record is a JSON object")
        protocol = game_named(str(data.get("game")))  # ValueError listing the games
        for key in ("players", "seed", "actions"):
            if key not in data:
                raise ValueError(f"the record has no {key!r}")
        actions = data["actions"]
        if not isinstance(actions, list) or not all(isinstance(text, str) for text in actions):
            raise ValueError("the record's 'actions' must be a list of action texts")
        if not isinstance(data["seed"], (int, str)) or isinstance(data["seed"], bool):
            raise ValueError("the record's 'seed' must be a number or a text")
        rules = protocol.rules_from_dict(data.get("rules") or {})
        players = protocol.default_seats(data["players"])
        bots = data.get("bots")
        return cls(protocol.name, players, data["seed"], rules, list(actions), list(bots) if bots is not None else None)

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=1)

    @classmethod
    def from_json(cls, text: str) -> GameRecord:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise ValueError(f"not JSON: {error}") from None
        return cls.from_dict(data)

