"""Hudai Pass playouts through the common harness: games and actions per second (CPU time, one core)
for the random, greedy and heuristic monks, and their win rates."""

from __future__ import annotations

import sys
import time
from pathlib import Path

try:
    import rulesbook.hudai  # noqa: F401
except ModuleNotFoundError:  # run from a checkout without an install
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

import rulesbook  # noqa: E402
from rulesbook.core.harness import play  # noqa: E402


def playouts(bot: str, games: int) -> tuple[float, float, float]:
    """Games of one bot, seeded 0..games-1, through the protocol's fast path (`apply_legal`)."""
    game = rulesbook.game("hudai")
    rules = game.rules()
    actions = wins = 0
    started = time.process_time()
    for seed in range(games):
        played = play(game, 1, seed, rules, [bot])
        actions += played.actions
        wins += played.state.won
    elapsed = time.process_time() - started
    return games / elapsed, actions / elapsed, wins / games


def main() -> None:
    for bot, games in (("random", 2000), ("greedy", 1000), ("heuristic", 200)):
        games_per_second, actions_per_second, win_rate = playouts(bot, games)
        print(f"hudai {bot:9} playouts: {games} games, {games_per_second:,.0f} games/s, {actions_per_second:,.0f} actions/s (CPU), win rate {win_rate:.1%}")


if __name__ == "__main__":
    main()
