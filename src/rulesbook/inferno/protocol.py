"""Mountain of Inferno under the common game protocol (`rulesbook.game("inferno")`).

Returns are each seat's points at the end (the running totals before it); a tie shares the win.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from rulesbook.core.protocol import Game, Step
from rulesbook.inferno import actions as inferno_actions
from rulesbook.inferno.actions import Action
from rulesbook.inferno.bots import BOTS, make_bot
from rulesbook.inferno.cards import DECK
from rulesbook.inferno.game import GameState, Phase, apply, apply_legal, legal_actions, new_game
from rulesbook.inferno.position import is_connected
from rulesbook.inferno.records import state_from_json, state_to_json
from rulesbook.inferno.rules import Rules

ENDINGS = {"a": "cross", "b": "pile"}
_as_step = tuple.__new__
_OVER = Phase.OVER  # a module name: `Phase.OVER` goes through the enum class's __getattr__ hook on Python 3.11


class Inferno(Game[GameState, Action]):
    name = "inferno"
    title = "Mountain of Inferno"
    min_players = 2
    max_players = 4
    default_players = 4
    rules_type = Rules
    bot_names = tuple(BOTS)
    max_actions = 10_000

    def new_game(self, players: int | None = None, seed: int | str = 0, rules: Rules | None = None) -> GameState:
        return new_game(self.default_seats(players), seed, rules)  # type: ignore[arg-type]

    def current_player(self, state: GameState) -> int | None:
        decision = state.decision
        return None if decision is None else decision.seat

    def legal_actions(self, state: GameState) -> list[Action]:
        return legal_actions(state)

    def apply(self, state: GameState, action: Action) -> Step:
        return Step(*apply(state, action))

    def apply_legal(self, state: GameState, action: Action) -> Step:
        return _as_step(Step, apply_legal(state, action))  # Step(*...) without its Python __new__

    def is_over(self, state: GameState) -> bool:
        return state.phase is _OVER  # `state.is_over`, without the property: every playout step asks

    def returns(self, state: GameState) -> tuple[float, ...]:
        return tuple(float(total) for total in state.totals)

    def action_to_text(self, state: GameState, action: Action) -> str:
        return str(action)

    def parse_action(self, state: GameState, text: str) -> Action:
        return inferno_actions.parse_action(text)

    def to_json(self, state: GameState) -> str:
        return state_to_json(state)

    def from_json(self, text: str) -> GameState:
        return state_from_json(text)

    def players(self, state: GameState) -> int:
        return state.players

    def facts(self, state: GameState) -> dict[str, Any]:
        """turns (all rounds), rounds, crosses (rounds ended by a complete cross) and the way the
        last round ended ("cross" or "pile")."""
        results = state.results
        return {
            "turns": sum(result.turns for result in results),
            "rounds": len(results),
            "crosses": sum(result.reason == "a" for result in results),
            "ending": ENDINGS[results[-1].reason] if results else "",
        }

    def rounds(self, state: GameState) -> list[dict[str, Any]]:
        """Per round: how it ended, who ended it, its turns, the raw scores and what moved on the track."""
        return [
            {
                "round": result.round,
                "ending": ENDINGS[result.reason],
                "ender": result.ender,
                "turns": result.turns,
                "raw": result.raw,
                "scored": result.scored,
            }
            for result in state.results
        ]

    def invariants(self, state: GameState) -> list[str]:
        wrong = []
        if state.all_cards() != Counter(DECK):
            wrong.append("the 52 cards are not all in the game exactly once (MOI-R01)")
        if any(len(hand) > 3 for hand in state.hands):
            wrong.append("a hand holds more than three cards")
        mountain = state.mountain
        if mountain.cards and not is_connected(mountain.cards):
            wrong.append("the Mountain is in more than one group (MOI-R15)")
        for colour, place in mountain.pawns.items():
            if place not in mountain.cards:
                wrong.append(f"the {colour.english} pawn stands on no card")
        if len(state.totals) != state.players or any(total < 0 for total in state.totals):
            wrong.append("a running total is missing or below 0 (MOI-R12)")
        return wrong

    def make_bot(self, name: str, seat: int, seed: int | str) -> Any:
        return make_bot(name, seed)


GAME = Inferno()
