"""Mountain of Inferno random playouts: games/s and actions/s on one core (aim: 20,000 actions/s);
and games of four greedy bots, whose weighing of every play is most of a game (issue 25)."""

from __future__ import annotations

import random
import time

import rulesbook
from rulesbook.core.harness import play
from rulesbook.inferno import Rules, apply, legal_actions, new_game


def playouts(players: int, rules: Rules, games: int, seed: int = 1) -> tuple[int, float]:
    actions = 0
    started = time.process_time()
    for index in range(games):
        state = new_game(players, seed + index, rules)
        chooser = random.Random(seed + index)
        while not state.is_over:
            state, _ = apply(state, chooser.choice(legal_actions(state)))
            actions += 1
    return actions, time.process_time() - started


def greedy_games(games: int, players: int = 4, seed: str = "bench") -> float:
    """Games per CPU second of greedy bots in every seat."""
    protocol = rulesbook.game("inferno")
    started = time.process_time()
    for index in range(games):
        play(protocol, players, f"{seed}:{index}", Rules(), ["greedy"] * players)
    return games / (time.process_time() - started)


def main() -> None:
    print("random playouts (legal_actions + apply each action), CPU time of this process:")
    total_actions, total_time = 0, 0.0
    for players in (2, 3, 4):
        for rules in (Rules(), Rules(edition="zh")):
            games = 60
            actions, seconds = playouts(players, rules, games)
            total_actions += actions
            total_time += seconds
            print(
                f"  {players}p {rules.edition}: {games / seconds:7.1f} games/s {actions / seconds:9,.0f} actions/s"
                f" ({actions / games:.0f} actions a game)"
            )
    print(f"  all: {total_actions / total_time:,.0f} actions/s")
    print(f"greedy bots, 4 players: {greedy_games(40):.1f} games/s (one core)")


if __name__ == "__main__":
    main()
