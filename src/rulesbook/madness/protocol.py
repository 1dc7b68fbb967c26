"""At the Mountains of Madness under the common game protocol (`rulesbook.game("madness")`).

The game is cooperative: returns are 1.0 for every seat when the expedition wins, 0.0 otherwise.

The Encounter Phase is played in real time (MAD-P01): any player may put a card on the Sled
while the Leader keeps the timer. The protocol names one seat to act, so `current_player` is
the Leader in every phase, and in the Encounter Phase `legal_actions` lists every player's
actions, each naming its player (`decision` says who may act). A table of bots plays it as a
table would: the players are asked in turn from the Leader, each with only their own view;
the first who wants to act acts; when nobody does, the Leader calls time.

Rules are read from text as the command line writes them; `pack=my.json` loads a data pack
from a file (`pack=illustrative` is the shipped one).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, Protocol

from rulesbook.core.protocol import Game, Step
from rulesbook.madness.actions import Action, TimeUp, parse_action
from rulesbook.madness.bots import ExpeditionBot, RandomBot
from rulesbook.madness.engine import apply, apply_legal, injuries_in_play, legal_actions, level, new_game, relic_count
from rulesbook.madness.pack import default_pack, is_default, load_pack
from rulesbook.madness.state import Event, Phase, Rules, State
from rulesbook.madness.views import player_view

BOT_NAMES = ("expedition", "random")


class PlayerBot(Protocol):
    """A Madness bot: it chooses from its own player's view; None lets the moment pass (Encounter)."""

    name: str

    def choose(self, view: dict[str, Any], actions: Sequence[Action],
               talk: dict[int, list[str] | None] | None = None) -> Action | None: ...


class Table:
    """The bots of one expedition, one per seat, playing as a table does.

    In the Encounter Phase the table talks while it may (each bot's `statement`), then the players
    are asked in turn from the Leader, each with only their own view and actions; the first who
    wants to act acts; when nobody does, the Leader calls time. In every other phase the Leader
    decides. Every bot with an `observe` method sees the moment a Search shows a tile (MAD-R09).
    """

    def __init__(self, bots: Sequence[PlayerBot]):
        self.bots = list(bots)
        self.talk: dict[int, list[str] | None] = {}

    def choose(self, state: State, actions: Sequence[Action]) -> Action:
        if state.search_shown is not None:
            for seat, bot in enumerate(self.bots):
                observe = getattr(bot, "observe", None)
                if observe is not None:
                    observe(player_view(state, seat, False))
        leader = state.leader
        if state.phase is not Phase.ENCOUNTER:
            chosen = self.bots[leader].choose(player_view(state, leader, False), actions)
            return chosen if chosen is not None else actions[-1]
        count = state.count
        if state.talking:
            self.talk = {p: _statement(self.bots[p], player_view(state, p, False)) for p in range(count)}
        for offset in range(count):
            p = (leader + offset) % count
            mine = [action for action in actions if action.player == p]
            chosen = self.bots[p].choose(player_view(state, p, False), mine, self.talk)
            if chosen is not None:
                return chosen
        return next(action for action in actions if isinstance(action, TimeUp))


class _Seat:
    """One seat of a table, as the protocol's bot interface sees it: the protocol asks the seat
    that must act (the Leader), and the table answers for whoever acts."""

    def __init__(self, table: Table, name: str):
        self.table = table
        self.name = name

    def choose(self, state: State, actions: Sequence[Action]) -> Action:
        return self.table.choose(state, actions)


def _statement(bot: PlayerBot, view: dict[str, Any]) -> list[str] | None:
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

    def rule_from_text(self, name: str, text: str) -> Any:
        """`pack=FILE` loads a data pack (PackError, a ValueError, for a bad one); `pack=illustrative` is the shipped one."""
        if name == "pack":
            return default_pack() if text == default_pack().name else load_pack(text)
        return super().rule_from_text(name, text)

    def rules_to_text(self, rules: Rules) -> str:
        pack = rules.pack
        shown = {**self.rules_to_dict(rules), "pack": pack.name if is_default(pack) else f"{pack.name} (carried whole)"}
        return ", ".join(f"{name}={value}" for name, value in shown.items())

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
        """An event in words; one only some players see is marked with who sees it (MAD-R08)."""
        return event_text(event)

    def invariants(self, state: State) -> list[str]:
        pack = state.rules.pack
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
        if sum(state.relic_tokens.values()) + sum(len(c) for c in state.covers) != sum(pack.relic_tokens.values()):
            wrong.append("the Relic tokens are not conserved")
        if not state.over and state.tokens_in_play <= 0:
            wrong.append("the game goes on with no Leadership token in play")
        if not state.rules.expert and any(len(held) > 1 for held in state.madness):
            wrong.append("a player holds two Madness cards outside the Expert Variant")
        return wrong

    def make_bot(self, name: str, seat: int, seed: int | str) -> Any:
        """One player's bot (it chooses from that player's view); `make_bots` seats them at a Table."""
        if name == "expedition":
            return ExpeditionBot(seat)
        if name == "random":
            return RandomBot(seed)
        raise ValueError(f"{self.title} has no bot {name!r}; its bots are {', '.join(BOT_NAMES)}")

    def make_bots(self, names: Sequence[str], seed: int | str) -> list[Any]:
        """The table: one bot per seat, all answering through the same Table."""
        table = Table([self.make_bot(name, seat, f"{seed}:{seat}") for seat, name in enumerate(names)])
        return [_Seat(table, name) for name in names]


def event_text(event: Event) -> str:
    """An event in words; one only some players see is marked ``[only P2]`` (MAD-R08)."""
    if event.seen_by is None:
        return event.text
    return f"[only {', '.join(f'P{p + 1}' for p in event.seen_by)}] {event.text}"


GAME = Madness()
