"""Mountain of Inferno random playouts: games/s and actions/s on one core (aim: 20,000 actions/s)."""

from __future__ import annotations

import random
import time

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


if __name__ == "__main__":
    main()
