"""Hudai Pass under the common game protocol (`rulesbook.game("hudai")`): one seat, the monk.

Returns are (1.0,) when the monk wins and (0.0,) otherwise; `facts` say how the game ended.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from rulesbook.core.protocol import Game, Step
from rulesbook.hudai import actions as hudai_actions
from rulesbook.hudai.actions import Action
from rulesbook.hudai.bots import BOTS, make_bot
from rulesbook.hudai.engine import apply, apply_legal, legal_actions, new_game
from rulesbook.hudai.rules import Rules
from rulesbook.hudai.state import HudaiState


class _Monk:
    """A Hudai bot seen through the protocol's bot interface (it lists the actions itself)."""

    def __init__(self, bot: Any):
        self.bot = bot
        self.name = bot.name

    def choose(self, state: HudaiState, actions: Sequence[Action]) -> Action:
        return self.bot.choose(state)


class Hudai(Game[HudaiState, Action]):
    name = "hudai"
    title = "Hudai Pass"
    min_players = 1
    max_players = 1
    default_players = 1
    rules_type = Rules
    bot_names = ("heuristic", *(name for name in BOTS if name != "heuristic"))
    max_actions = 20_000

    def new_game(self, players: int | None = None, seed: int | str = 0, rules: Rules | None = None) -> HudaiState:
        self.default_seats(players)
        return new_game(seed, rules)

    def current_player(self, state: HudaiState) -> int | None:
        return None if state.is_over else 0

    def legal_actions(self, state: HudaiState) -> list[Action]:
        return legal_actions(state)

    def apply(self, state: HudaiState, action: Action) -> Step:
        return Step(*apply(state, action))

    def apply_legal(self, state: HudaiState, action: Action) -> Step:
        return Step(*apply_legal(state, action))

    def is_over(self, state: HudaiState) -> bool:
        return state.is_over

    def returns(self, state: HudaiState) -> tuple[float, ...]:
        return (1.0 if state.won else 0.0,)

    def winners(self, state: HudaiState) -> tuple[int, ...]:
        return (0,) if state.won else ()

    def action_to_text(self, state: HudaiState, action: Action) -> str:
        return action.text

    def parse_action(self, state: HudaiState, text: str) -> Action:
        return hudai_actions.parse_action(text)

    def to_json(self, state: HudaiState) -> str:
        return state.to_json()

    def from_json(self, text: str) -> HudaiState:
        return HudaiState.from_json(text)

    def players(self, state: HudaiState) -> int:
        return 1

    def facts(self, state: HudaiState) -> dict[str, Any]:
        """turns, the ending ("won" or the loss: health, corruption, power, turn_limit), and the
        monk's health, corruption and the demon's health at the end."""
        return {
            "turns": state.turn,
            "ending": state.outcome or "",
            "monk_health": state.monk_health,
            "corruption": state.corruption,
            "demon_health": state.demon_health,
        }

    def invariants(self, state: HudaiState) -> list[str]:
        wrong = []
        every = Counter(state.all_cards())
        expected = Counter(code for deck in ("start", "mind", "corruption") for code in state.rules.cards.deck(deck))
        if every != expected:
            wrong.append("the cards are not all in the game exactly once (HUD-R01)")
        if len(state.mind_river) > state.rules.river_size:
            wrong.append("the Mind River holds more cards than its size")
        if any(cubes < 0 for cubes in (*state.powers, *state.pinned)) or state.monk_health < 0 or state.corruption < 0:
            wrong.append("a cube count is below zero")
        return wrong

    def make_bot(self, name: str, seat: int, seed: int | str) -> Any:
        return _Monk(make_bot(name, seed))


GAME = Hudai()
