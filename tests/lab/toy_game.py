"""A tiny race game whose Rules carry a data value (a deck object), as Hudai's card set and the
Madness pack do: the lab must sweep, label and check such fields like any other.

Each turn the player to act draws the next card of the shuffled deck or passes; the first to
reach `target` points wins; a game where the deck runs out is won by the highest total.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Any

from rulesbook.core.protocol import Game, Step
from rulesbook.core.rng import seeded_random, shuffled


@dataclass(frozen=True)
class Deck:
    name: str
    cards: tuple[int, ...]


STANDARD = Deck("standard", (1, 2, 3, 4, 5, 6) * 3)
SHORT = Deck("short", (1, 2, 3))


@dataclass(frozen=True)
class Rules:
    deck: Deck = STANDARD
    target: int = 12

    def __post_init__(self) -> None:
        if self.target < 1:
            raise ValueError("the target is at least 1")
        if self.target > sum(self.deck.cards):
            raise ValueError(f"the {self.deck.name} deck cannot reach a target of {self.target}")

    def to_dict(self) -> dict[str, Any]:
        return {"deck": {"name": self.deck.name, "cards": list(self.deck.cards)}, "target": self.target}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        deck = data.get("deck")
        return cls(Deck(deck["name"], tuple(deck["cards"])) if deck else STANDARD, data.get("target", 12))


@dataclass(frozen=True)
class State:
    players: int
    rules: Rules
    pile: tuple[int, ...]
    totals: tuple[int, ...]
    seat: int = 0
    turns: int = 0

    @property
    def over(self) -> bool:
        return not self.pile or max(self.totals) >= self.rules.target


class _Bot:
    def __init__(self, name: str, seed: int | str):
        self.name = name
        self.random = seeded_random(seed, "toy")

    def choose(self, state: State, actions: list[str]) -> str:
        return self.random.choice(actions) if self.name == "random" else "draw"


class Race(Game[State, str]):
    name = "toy"
    title = "Toy Race"
    min_players = 2
    max_players = 3
    default_players = 2
    rules_type = Rules
    rules_example = "target=10"
    bot_names = ("drawer", "random")

    def new_game(self, players: int | None = None, seed: int | str = 0, rules: Rules | None = None) -> State:
        count = self.default_seats(players)
        rules = rules or Rules()
        return State(count, rules, tuple(shuffled(rules.deck.cards, seed, "deck")), (0,) * count)

    def current_player(self, state: State) -> int | None:
        return None if state.over else state.seat

    def legal_actions(self, state: State) -> list[str]:
        return [] if state.over else ["draw", "pass"]

    def apply(self, state: State, action: str) -> Step:
        if action not in self.legal_actions(state):
            raise ValueError(f"{action!r} is not allowed now")
        totals = list(state.totals)
        pile = state.pile
        if action == "draw":
            totals[state.seat] += pile[0]
            pile = pile[1:]
        after = replace(state, pile=pile, totals=tuple(totals), seat=(state.seat + 1) % state.players, turns=state.turns + 1)
        return Step(after, [action])

    def is_over(self, state: State) -> bool:
        return state.over

    def returns(self, state: State) -> tuple[float, ...]:
        return tuple(float(total) for total in state.totals)

    def action_to_text(self, state: State, action: str) -> str:
        return action

    def parse_action(self, state: State, text: str) -> str:
        return text

    def to_json(self, state: State) -> str:
        return json.dumps({"players": state.players, "rules": state.rules.to_dict(), "pile": state.pile,
                           "totals": state.totals, "seat": state.seat, "turns": state.turns})

    def from_json(self, text: str) -> State:
        data = json.loads(text)
        return State(data["players"], Rules.from_dict(data["rules"]), tuple(data["pile"]), tuple(data["totals"]),
                     data["seat"], data["turns"])

    def players(self, state: State) -> int:
        return state.players

    def facts(self, state: State) -> dict[str, Any]:
        return {"turns": state.turns, "ending": "target" if max(state.totals) >= state.rules.target else "deck"}

    def make_bot(self, name: str, seat: int, seed: int | str) -> Any:
        if name not in self.bot_names:
            raise ValueError(f"no bot {name!r}")
        return _Bot(name, seed)


GAME = Race()
