"""A game state as JSON and back, exactly (game records are the common `rulesbook.core.records.GameRecord`)."""

from __future__ import annotations

import json
from typing import Any

from rulesbook.inferno.actions import Effect, PlayBison, PlayPrincess, PlayRedBoy, parse_action
from rulesbook.inferno.cards import DiscipleCard, parse_card
from rulesbook.inferno.game import GameState, Pending, Phase, RoundResult
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
    cards = {(row, column): _disciple(code) for row, column, code in data["mountain"]}
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
        else Pending(_effect(pending["effect"]), pending["player"], tuple(pending["responders"])),
        turns=data["turns"],
        idle_turns=data.get("idle_turns", 0),
    )


def state_to_json(state: GameState) -> str:
    return json.dumps(state_to_dict(state), ensure_ascii=False)


def state_from_json(text: str) -> GameState:
    return state_from_dict(json.loads(text))


def _disciple(code: str) -> DiscipleCard:
    """A card of the Mountain: only disciples are laid there."""
    card = parse_card(code)
    if not isinstance(card, DiscipleCard):
        raise ValueError(f"{code} is not a disciple: only disciples lie in the Mountain")
    return card


def _effect(text: str) -> Effect:
    """The effect a pending answer waits on: a Bison King, an Iron Fan Princess or a Red Boy play."""
    action = parse_action(text)
    if not isinstance(action, (PlayBison, PlayPrincess, PlayRedBoy)):
        raise ValueError(f"'{text}' is not an effect a player may answer")
    return action
