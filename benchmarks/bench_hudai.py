"""Hudai Pass playouts: games and actions per second for the random, greedy and heuristic monks."""

from __future__ import annotations

import sys
import time
from pathlib import Path

try:
    import rulesbook.hudai  # noqa: F401
except ModuleNotFoundError:  # run from a checkout without an install
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from rulesbook.hudai.bots import GreedyMonk, HeuristicMonk, RandomMonk, play_game


def playouts(bot_class, games: int) -> tuple[float, float, float]:
    actions = wins = 0
    started = time.perf_counter()
    for seed in range(games):
        final, played = play_game(bot_class(seed), seed)
        actions += len(played)
        wins += final.won
    elapsed = time.perf_counter() - started
    return games / elapsed, actions / elapsed, wins / games


def main() -> None:
    for name, bot_class, games in (("random", RandomMonk, 2000), ("greedy", GreedyMonk, 1000), ("heuristic", HeuristicMonk, 200)):
        games_per_second, actions_per_second, win_rate = playouts(bot_class, games)
        print(f"hudai {name:9} playouts: {games} games, {games_per_second:,.0f} games/s, {actions_per_second:,.0f} actions/s, win rate {win_rate:.1%}")


if __name__ == "__main__":
    main()
