"""At the Mountains of Madness under the common game protocol (`rulesbook.game("madness")`).

The game is cooperative: returns are 1.0 for every seat when the expedition wins, 0.0 otherwise.
The Encounter Phase is played in real time: any player may put a card on the Sled, so
`legal_actions` lists every player's actions (each names its player) and `current_player` is
the Leader, who ends the phase when time is up. In every other phase only the Leader decides.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from rulesbook.core.protocol import Game, Step
from rulesbook.madness.bots import ExpeditionBot, RandomBot
from rulesbook.madness.engine import (
    apply,
    apply_legal,
    injuries_in_play,
    legal_actions,
    level,
    new_game,
    pack_of,
    relic_count,
)
from rulesbook.madness.records import event_line
from rulesbook.madness.state import Action, Rules, State, parse_action
from rulesbook.madness.views import player_view

BOT_NAMES = ("expedition", "random")


class _Table:
    """The bots of one expedition. In the real-time Encounter Phase the players are asked in turn
    from the Leader, each with only their own view; the first who wants to act acts; when nobody
    does, the Leader calls time."""

    def __init__(self, bots: list[Any]):
        self.bots = bots
        self.talk: dict[int, list[str] | None] | None = None

    def choose(self, state: State, actions: Sequence[Action]) -> Action:
        count = state.count
        if state.phase == "encounter":
            if state.talking:
                self.talk = {p: _statement(self.bots[p], player_view(state, p, False)) for p in range(count)}
            for offset in range(count):
                p = (state.leader + offset) % count
                mine = [action for action in actions if action.player == p]
                chosen = self.bots[p].choose(player_view(state, p, False), mine, self.talk)
                if chosen is not None:
                    return chosen
            return next(action for action in actions if action.kind == "time_up")
        leader = state.leader
        return self.bots[leader].choose(player_view(state, leader, False), list(actions))


class _Seat:
    """One seat's view of the table's bots: the protocol asks the seat that must act."""

    def __init__(self, table: _Table, name: str):
        self.table = table
        self.name = name

    def choose(self, state: State, actions: Sequence[Action]) -> Action:
        return self.table.choose(state, actions)


def _statement(bot: Any, view: dict) -> list[str] | None:
    speak = getattr(bot, "statement", None)
    return speak(view) if speak is not None else None


class Madness(Game[State, Action]):
    name = "madness"
    title = "At the Mountains of Madness"
    min_players = 3
    max_players = 5
    default_players = 4
    rules_type = Rules
    bot_names = BOT_NAMES
    cooperative = True
    max_actions = 5_000

    def new_game(self, players: int | None = None, seed: int | str = 0, rules: Rules | None = None) -> State:
        return new_game(self.default_seats(players), seed, rules)

    def current_player(self, state: State) -> int | None:
        return None if state.over else state.leader

    def legal_actions(self, state: State) -> list[Action]:
        return legal_actions(state)

    def apply(self, state: State, action: Action) -> Step:
        return Step(*apply(state, action))

    def apply_legal(self, state: State, action: Action) -> Step:
        return Step(*apply_legal(state, action))

    def is_over(self, state: State) -> bool:
        return state.over

    def returns(self, state: State) -> tuple[float, ...]:
        return (1.0 if state.won else 0.0,) * state.count

    def winners(self, state: State) -> tuple[int, ...]:
        return tuple(range(state.count)) if state.won else ()

    def action_to_text(self, state: State, action: Action) -> str:
        return action.text

    def parse_action(self, state: State, text: str) -> Action:
        return parse_action(text)

    def to_json(self, state: State) -> str:
        return json.dumps(state.to_json(), ensure_ascii=False)  # the board keeps the pack's order of spaces

    def from_json(self, text: str) -> State:
        return State.from_json(json.loads(text))

    def rules_to_dict(self, rules: Rules) -> dict[str, Any]:
        return rules.to_json()

    def rules_from_dict(self, data: Any) -> Rules:
        return Rules.from_json(dict(data))

    def players(self, state: State) -> int:
        return state.count

    def facts(self, state: State) -> dict[str, Any]:
        """turns, the ending ("escaped", "no hope", "injuries"), relics and injuries in play at the
        end, tokens left in play, and the highest Madness level reached."""
        return {
            "turns": state.turn,
            "ending": state.result or "",
            "relics": relic_count(state),
            "injuries": injuries_in_play(state),
            "tokens": state.tokens_in_play,
            "top_madness": max((level(state, p) for p in range(state.count)), default=0),
        }

    def event_text(self, event: Any) -> str:
        return event_line(event)

    def invariants(self, state: State) -> list[str]:
        pack = pack_of(state)
        wrong = []
        cards = (state.equipment_deck + state.equipment_discard + state.arcane_deck + state.injury_deck
                 + [c for hand in state.hands for c in hand] + [c for _, c in state.sled])
        if sorted(cards) != sorted(pack.cards):
            wrong.append("Equipment, Arcane and Injury cards are not conserved")
        if sorted(state.relic_deck + [r for held in state.relics for r in held]) != sorted(pack.relics):
            wrong.append("Relic cards are not conserved")
        madness = [m for deck in state.madness_decks for m in deck] + state.madness_box + [m for held in state.madness for m in held]
        if sorted(madness) != sorted(pack.madness):
            wrong.append("Madness cards are not conserved")
        tiles = [t for t in state.board.values() if t] + state.set_aside + state.unused_tiles + ([state.encounter] if state.encounter else [])
        if sorted(tiles) != sorted(pack.tiles):
            wrong.append("Encounter tiles are not conserved")
        tokens = (state.sled_tokens, state.discard_tokens, state.boxed_tokens)
        if min(tokens) < 0 or sum(tokens) != pack.leadership_tokens:
            wrong.append("the Leadership tokens are not conserved")
        if not state.over and state.tokens_in_play <= 0:
            wrong.append("the game goes on with no Leadership token in play")
        return wrong

    def make_bot(self, name: str, seat: int, seed: int | str) -> Any:
        if name == "expedition":
            return ExpeditionBot(seat)
        if name == "random":
            return RandomBot(seed)
        raise ValueError(f"{self.title} has no bot {name!r}; its bots are {', '.join(BOT_NAMES)}")

    def make_bots(self, names: Sequence[str], seed: int | str) -> list[Any]:
        table = _Table([self.make_bot(name, seat, f"{seed}:{seat}") for seat, name in enumerate(names)])
        return [_Seat(table, name) for name in names]


GAME = Madness()
