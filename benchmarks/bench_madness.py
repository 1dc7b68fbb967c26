"""Expedition playouts: bot tables through the core harness, and random playouts through the checked
`apply` and the fast path (CPU time, so a busy machine does not lower the figures)."""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

import rulesbook  # noqa: E402
from rulesbook.core.harness import play  # noqa: E402

SECONDS = 2.0


def bot_tables() -> None:
    game = rulesbook.game("madness")
    for players in (3, 4, 5):
        started = time.process_time()
        games = actions = wins = 0
        while time.process_time() - started < SECONDS:
            played = play(game, players, f"bench:{games}", None, ["expedition"] * players)
            games += 1
            actions += played.actions
            wins += bool(played.state.won)
        elapsed = time.process_time() - started
        print(f"bot expeditions, {players} players: {games / elapsed:8.1f} games/s  {actions / elapsed:9.0f} actions/s"
              f"  (win rate {wins / games:.0%} over {games})")


def random_playouts(name: str, step: Callable) -> None:
    game = rulesbook.game("madness")
    started = time.process_time()
    games = actions = 0
    while time.process_time() - started < SECONDS:
        rng = random.Random(games)
        state = game.new_game(4, games)
        while not game.is_over(state):
            state = step(state, rng.choice(game.legal_actions(state))).state
            actions += 1
        games += 1
    elapsed = time.process_time() - started
    print(f"random playouts, 4 players, {name}: {games / elapsed:8.1f} games/s  {actions / elapsed:9.0f} actions/s")


def main() -> None:
    bot_tables()
    game = rulesbook.game("madness")
    random_playouts("checked apply", game.apply)
    random_playouts("fast path   ", game.apply_legal)


if __name__ == "__main__":
    main()
