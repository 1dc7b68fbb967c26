"""Hudai Pass under the common game protocol (`rulesbook.game("hudai")`): one seat, the monk.

Returns are (1.0,) when the monk wins and (0.0,) otherwise; `facts` say how the game ended. The
rule `cards` is a card set: on the command line it is a card file's path (`--rules cards=my.csv`)
or `reconstructed` (HUD-R01), and in records the set itself, so a record replays anywhere.
"""

from __future__ import annotations

from typing import Any

from rulesbook.core.data import whole
from rulesbook.core.shape import EngineGame
from rulesbook.hudai import actions as hudai_actions
from rulesbook.hudai import engine as hudai_engine
from rulesbook.hudai.actions import Action
from rulesbook.hudai.bots import BOTS, GreedyMonk, RandomMonk, SearchMonk, make_bot
from rulesbook.hudai.cards import RECONSTRUCTED, CardSet, load_cards, reconstructed_cards
from rulesbook.hudai.engine import MONK, new_game
from rulesbook.hudai.rules import MAX_ACTIONS, Rules
from rulesbook.hudai.state import OUTCOMES, State


class Hudai(EngineGame[State, Action]):
    name = "hudai"
    title = "Hudai Pass"
    player_name = "the monk"
    rules_example = "monk_health=10,powers=drain/crush/confuse"
    min_players = 1
    max_players = 1
    default_players = 1
    rules_type = Rules
    bot_names = tuple(BOTS)
    max_actions = MAX_ACTIONS  # Rules refuses rules whose games could be longer (rules.most_actions)
    endings = OUTCOMES
    counts = ("turns", "monk_health", "corruption", "demon_health")
    win_loss = True
    engine = hudai_engine
    actions = hudai_actions
    state_type = State

    def current_player(self, state: State) -> int | None:
        return None if state.is_over else MONK

    def is_over(self, state: State) -> bool:
        return state.is_over

    def returns(self, state: State) -> tuple[float, ...]:
        return (1.0 if state.won else 0.0,)

    def winners(self, state: State) -> tuple[int, ...]:
        return (0,) if state.won else ()

    def players(self, state: State) -> int:
        return 1

    def facts(self, state: State) -> dict[str, Any]:
        """turns, the ending ("won" or the loss: health, corruption, power, turn_limit), and the
        monk's health, corruption and the demon's health at the end."""
        return {
            "turns": state.turn,
            "ending": state.outcome or "",
            "monk_health": state.monk_health,
            "corruption": state.corruption,
            "demon_health": state.demon_health,
        }

    def make_bot(self, name: str, seat: int, seed: int | str) -> RandomMonk | GreedyMonk | SearchMonk:
        """The bot of that name; it plays whichever seat is to decide, so the seat is only checked to be one."""
        whole(seat, "seat", 0, self.max_players - 1)
        return make_bot(name, seed)

    def rule_from_text(self, name: str, text: str) -> Any:
        """`cards=PATH` loads that card file now (any file name); `cards=reconstructed` is HUD-R01's set."""
        if name != "cards":
            return super().rule_from_text(name, text)
        try:
            return card_set_named(text)
        except ValueError as error:
            raise ValueError(f"bad value for the rule 'cards': {error}") from None


def card_set_named(text: str) -> CardSet:
    """The card set a command line names: `reconstructed` (HUD-R01) or a card file's path."""
    if text.strip().lower() == RECONSTRUCTED:
        return reconstructed_cards()
    if not text.strip():
        raise ValueError(f"give a card file's path or {RECONSTRUCTED!r}")
    return load_cards(text)


GAME = Hudai()
