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

from collections.abc import Sequence
from typing import Any

from rulesbook.core.events import Event
from rulesbook.core.protocol import seat_bots
from rulesbook.core.shape import EngineGame
from rulesbook.madness import actions as madness_actions
from rulesbook.madness import engine as madness_engine
from rulesbook.madness.actions import Action
from rulesbook.madness.bots import BOTS, Seat, Table, make_player
from rulesbook.madness.engine import injuries_in_play, level, relic_count
from rulesbook.madness.pack import default_pack, is_default, load_pack
from rulesbook.madness.rules import Rules
from rulesbook.madness.state import OUTCOMES, State

BOT_NAMES = tuple(BOTS)


class Madness(EngineGame[State, Action]):
    name = "madness"
    title = "At the Mountains of Madness"
    rules_example = "expert=true,timer_seconds=45"
    min_players = 3
    max_players = 5
    default_players = 4
    rules_type = Rules
    bot_names = BOT_NAMES
    cooperative = True
    player_name = "the expedition"
    max_actions = 5_000
    endings = OUTCOMES  # how it ended, not whether it was won: an escape can be lost (MAD-R03), see `facts`
    counts = ("turns", "relics", "injuries", "tokens", "top_madness")
    win_loss = True
    engine = madness_engine
    actions = madness_actions
    state_type = State

    def current_player(self, state: State) -> int | None:
        return None if state.is_over else state.leader

    def is_over(self, state: State) -> bool:
        return state.is_over

    def returns(self, state: State) -> tuple[float, ...]:
        return (1.0 if state.won else 0.0,) * state.players

    def winners(self, state: State) -> tuple[int, ...]:
        return tuple(range(state.players)) if state.won else ()

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
        return state.players

    def facts(self, state: State) -> dict[str, Any]:
        """turns, the ending ("escaped", "no hope", "injuries"), relics and injuries in play at the
        end, tokens left in play, and the highest Madness level reached.

        The ending says how the game ended, not whether it was won: an expedition that escapes
        with fewer Relics than Injury cards in play loses (MAD-R03), so "escaped" is a win only
        where relics >= injuries; `returns` and `winners` say the win. (A lab table's
        `ending_escaped` can thus read above its `win_rate`.)"""
        return {
            "turns": state.turn,
            "ending": state.outcome or "",
            "relics": relic_count(state),
            "injuries": injuries_in_play(state),
            "tokens": state.tokens_in_play,
            "top_madness": max((level(state, p) for p in range(state.players)), default=0),
        }

    def event_text(self, event: Any) -> str:
        """An event in words; one only some players see is marked with who sees it (MAD-R08)."""
        return event_text(event)

    def make_bot(self, name: str, seat: int, seed: int | str) -> Any:
        """One player's bot (it chooses from that player's view); `make_bots` seats them at a Table."""
        return make_player(name, seat, seed)

    def make_bots(self, names: str | Sequence[str], seed: int | str) -> list[Any]:
        """The table: one bot per seat, all answering through the same Table."""
        names = seat_bots(names)
        table = Table([self.make_bot(name, seat, f"{seed}:{seat}") for seat, name in enumerate(names)])
        return [Seat(table, name) for name in names]


def event_text(event: Event) -> str:
    """An event in words; one only some players see is marked ``[only P2]`` (MAD-R08)."""
    if event.seen_by is None:
        return event.text
    return f"[only {', '.join(f'P{p + 1}' for p in event.seen_by)}] {event.text}"


GAME = Madness()
