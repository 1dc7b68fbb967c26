"""JSON for states and game records: a record (seed, rules, players, actions) replays exactly."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from rulesbook.inferno.actions import Action, parse_action
from rulesbook.inferno.cards import parse_card
from rulesbook.inferno.game import GameEvent, GameState, Pending, Phase, RoundResult, apply, legal_actions, new_game
from rulesbook.inferno.position import Colour, Position
from rulesbook.inferno.rules import Rules


def _cards(cards) -> list[str]:
    return [card.code for card in cards]


def state_to_dict(state: GameState) -> dict[str, Any]:
    """Plain JSON-ready data; coordinates are kept exactly, negative ones included."""
    mountain = state.mountain
    return {
        "game": "inferno",
        "rules": state.rules.to_dict(),
        "colours": [colour.letter for colour in state.colours],
        "seed": state.seed,
        "round": state.round,
        "first_seat": state.first_seat,
        "mountain": [[row, column, card.code] for (row, column), card in sorted(mountain.cards.items())],
        "pawns": {colour.letter: list(place) for colour, place in mountain.pawns.items()},
        "draw_pile": _cards(state.draw_pile),
        "discard_pile": _cards(state.discard_pile),
        "hands": [_cards(hand) for hand in state.hands],
        "totals": list(state.totals),
        "results": [
            {
                "round": result.round,
                "reason": result.reason,
                "ender": result.ender,
                "raw": list(result.raw),
                "scored": list(result.scored),
                "turns": result.turns,
            }
            for result in state.results
        ],
        "seat": state.seat,
        "phase": state.phase.value,
        "played": _cards(state.played),
        "pending": None
        if state.pending is None
        else {
            "effect": str(state.pending.effect),
            "player": state.pending.player,
            "responders": list(state.pending.responders),
        },
        "turns": state.turns,
        "idle_turns": state.idle_turns,
    }


def state_from_dict(data: dict[str, Any]) -> GameState:
    cards = {(row, column): parse_card(code) for row, column, code in data["mountain"]}
    pawns = {Colour.parse(letter): tuple(place) for letter, place in data["pawns"].items()}
    pending = data.get("pending")
    return GameState(
        rules=Rules.from_dict(data["rules"]),
        colours=tuple(Colour.parse(letter) for letter in data["colours"]),
        seed=data["seed"],
        round=data["round"],
        first_seat=data["first_seat"],
        mountain=Position(cards, pawns),
        draw_pile=tuple(parse_card(code) for code in data["draw_pile"]),
        discard_pile=tuple(parse_card(code) for code in data["discard_pile"]),
        hands=tuple(tuple(parse_card(code) for code in hand) for hand in data["hands"]),
        totals=tuple(data["totals"]),
        results=tuple(
            RoundResult(r["round"], r["reason"], r["ender"], tuple(r["raw"]), tuple(r["scored"]), r["turns"])
            for r in data["results"]
        ),
        seat=data["seat"],
        phase=Phase(data["phase"]),
        played=tuple(parse_card(code) for code in data["played"]),
        pending=None
        if pending is None
        else Pending(parse_action(pending["effect"]), pending["player"], tuple(pending["responders"])),
        turns=data["turns"],
        idle_turns=data.get("idle_turns", 0),
    )


def state_to_json(state: GameState) -> str:
    return json.dumps(state_to_dict(state), ensure_ascii=False)


def state_from_json(text: str) -> GameState:
    return state_from_dict(json.loads(text))


@dataclass
class GameRecord:
    """What it takes to replay a game: the seed, the rules, the players and the actions as text."""

    players: tuple[Colour, ...]
    seed: int
    rules: Rules = field(default_factory=Rules)
    actions: list[str] = field(default_factory=list)
    bots: list[str] | None = None

    def start(self) -> GameState:
        return new_game(self.players, self.seed, self.rules)

    def replay(self) -> tuple[GameState, list[tuple[str, list[GameEvent]]]]:
        """The final state and, for each action, the events it caused."""
        state = self.start()
        log = []
        for text in self.actions:
            state, events = apply(state, parse_action(text))
            log.append((text, events))
        return state, log

    def final_state(self) -> GameState:
        return self.replay()[0]

    def to_dict(self) -> dict[str, Any]:
        data = {
            "game": "inferno",
            "players": [colour.letter for colour in self.players],
            "seed": self.seed,
            "rules": self.rules.to_dict(),
            "actions": list(self.actions),
        }
        if self.bots is not None:
            data["bots"] = list(self.bots)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameRecord:
        if data.get("game") != "inferno":
            raise ValueError(f"not a Mountain of Inferno record (game is {data.get('game')!r})")
        return cls(
            players=tuple(Colour.parse(letter) for letter in data["players"]),
            seed=data["seed"],
            rules=Rules.from_dict(data.get("rules", {})),
            actions=list(data.get("actions", [])),
            bots=data.get("bots"),
        )

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=1)

    @classmethod
    def from_json(cls, text: str) -> GameRecord:
        return cls.from_dict(json.loads(text))


def play_game(players, seed: int, rules: Rules, bots) -> GameRecord:
    """Play a game with one bot per seat (objects with `choose(state, actions)`) and return its record."""
    state = new_game(players, seed, rules)
    record = GameRecord(state.colours, seed, rules, [], [bot.name for bot in bots])
    while not state.is_over:
        actions = legal_actions(state)
        action: Action = bots[state.decision.seat].choose(state, actions)
        state, _ = apply(state, action)
        record.actions.append(str(action))
    return record
