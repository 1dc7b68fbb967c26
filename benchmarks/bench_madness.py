"""Expedition playouts: bot games per second and engine actions per second (with and without views)."""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from rulesbook.madness import Rules, apply, legal_actions, new_game, play_game  # noqa: E402


def main() -> None:
    for players in (3, 4, 5):
        started = time.perf_counter()
        games = actions = wins = 0
        while time.perf_counter() - started < 2.0:
            state, played = play_game(players, games, Rules())
            games += 1
            actions += len(played)
            wins += bool(state.won)
        elapsed = time.perf_counter() - started
        print(f"bot expeditions, {players} players: {games / elapsed:8.1f} games/s  {actions / elapsed:9.0f} actions/s"
              f"  (win rate {wins / games:.0%} over {games})")
    started = time.perf_counter()
    games = actions = 0
    while time.perf_counter() - started < 2.0:
        rng = random.Random(games)
        state = new_game(4, games)
        while state.phase != "over" and actions < 10**9:
            state, _ = apply(state, rng.choice(legal_actions(state)))
            actions += 1
        games += 1
    elapsed = time.perf_counter() - started
    print(f"random playouts, 4 players: {games / elapsed:8.1f} games/s  {actions / elapsed:9.0f} actions/s (engine only)")


if __name__ == "__main__":
    main()
