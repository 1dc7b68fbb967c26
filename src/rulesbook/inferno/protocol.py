"""Mountain of Inferno under the common game protocol (`rulesbook.game("inferno")`).

Returns are each seat's points at the end (the running totals before it); a tie shares the win.
"""

from __future__ import annotations

from typing import Any

from rulesbook.core.data import whole
from rulesbook.core.shape import EngineGame
from rulesbook.inferno import actions as inferno_actions
from rulesbook.inferno import engine as inferno_engine
from rulesbook.inferno.actions import Action
from rulesbook.inferno.bots import BOTS, make_bot
from rulesbook.inferno.fast import OVER
from rulesbook.inferno.rules import Rules
from rulesbook.inferno.state import State

ENDINGS = {"a": "cross", "b": "pile"}


class Inferno(EngineGame[State, Action]):
    name = "inferno"
    title = "Mountain of Inferno"
    rules_example = "edition=zh,two_pawns=true"
    min_players = 2
    max_players = 4
    default_players = 4
    rules_type = Rules
    bot_names = tuple(BOTS)
    max_actions = 10_000
    endings = tuple(ENDINGS.values())  # how the last round ended: a complete cross (a), the draw pile (b)
    counts = ("turns", "rounds", "crosses")  # not the points: negative_scores_kept takes them below 0 (MOI-R12)
    engine = inferno_engine
    actions = inferno_actions
    state_type = State

    def current_player(self, state: State) -> int | None:
        decision = state.decision
        return None if decision is None else decision.seat

    def is_over(self, state: State) -> bool:
        return state.phase is OVER  # `state.is_over`, without the property: every playout step asks

    def returns(self, state: State) -> tuple[float, ...]:
        return tuple(float(total) for total in state.totals)

    def players(self, state: State) -> int:
        return state.players

    def facts(self, state: State) -> dict[str, Any]:
        """turns (all rounds), rounds, crosses (rounds ended by a complete cross) and the way the
        last round ended ("cross" or "pile")."""
        results = state.results
        return {
            "turns": sum(result.turns for result in results),
            "rounds": len(results),
            "crosses": sum(result.reason == "a" for result in results),
            "ending": ENDINGS[results[-1].reason] if results else "",
        }

    def rounds(self, state: State) -> list[dict[str, Any]]:
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

    def make_bot(self, name: str, seat: int, seed: int | str) -> Any:
        """The bot of that name; it plays whichever seat is to decide, so the seat is only checked to be one."""
        whole(seat, "seat", 0, self.max_players - 1)
        return make_bot(name, seed)


GAME = Inferno()
