"""How strong the search bots are (issue 25's targets), measured in one run on every core:

- Mountain of Inferno, 4 players: the search bot against three greedy bots, its seat turning one
  place a game (25 % of the wins is parity; the target is at least 40 %);
- Hudai Pass with the default demon: the search monk's games won (the target is at least half),
  and the heuristic monk's on the same seeds.

Each figure with its 95 % Wilson interval and the run's wall time; then the search's CPU time a
decision (one process, the decisions with a choice) over one game of each. The games are
rulesbook.lab.simulate's: game i of a run replays from its seed "<seed>:<i>".
"""

from __future__ import annotations

import statistics
import time

import rulesbook
from rulesbook import lab
from rulesbook.lab.stats import wilson

INFERNO_GAMES = 48
HUDAI_GAMES = 32


def share(table, bot: str) -> float:
    """The wins of the seats `bot` sat in, a tie's win shared."""
    seats = [int(name.split("_")[1]) for name in table.columns if name.startswith("bot_")]
    return float(sum(row[f"win_{seat}"] for _, row in table.iterrows() for seat in seats if row[f"bot_{seat}"] == bot))


def line(label: str, wins: float, games: int, seconds: float) -> str:
    rate, low, high = wilson(wins, games)
    return f"  {label}: {wins:g} of {games} games won, {rate:.0%} (95 % interval {low:.0%} to {high:.0%}), {seconds:.0f} s"


def decisions(name: str, players: int, others: str) -> list[float]:
    """The search bot's CPU seconds for each decision with a choice, in one game (seat 0)."""
    game = rulesbook.game(name)
    state = game.new_game(players=players, seed="strength:timed")
    bots = [game.make_bot("search" if seat == 0 else others, seat, seat) for seat in range(players)]
    times = []
    while not game.is_over(state):
        seat, actions = game.current_player(state), game.legal_actions(state)
        started = time.process_time()
        action = actions[0] if len(actions) == 1 else bots[seat].choose(state, actions)
        if seat == 0 and len(actions) > 1:
            times.append(time.process_time() - started)
        state = game.apply_legal(state, action).state
    return times


def main() -> None:
    print("search bots against the bots they must beat (every core; wall time of each run):")
    started = time.perf_counter()
    table = lab.simulate("inferno", INFERNO_GAMES, players=4, seed="strength", bots="search,greedy,greedy,greedy",
                         workers=None, progress=False)
    print(line("inferno 4p, search against three greedy (target 40 %)", share(table, "search"), INFERNO_GAMES,
               time.perf_counter() - started))
    for monk in ("search", "heuristic"):
        started = time.perf_counter()
        table = lab.simulate("hudai", HUDAI_GAMES, seed="strength", bots=monk, workers=None, progress=False)
        print(line(f"hudai, the {monk} monk (target for search 50 %)", share(table, monk), HUDAI_GAMES,
                   time.perf_counter() - started))

    for name, players, others in (("inferno", 4, "greedy"), ("hudai", 1, "")):
        times = sorted(decisions(name, players, others))
        print(f"  {name} search, a decision: p50 {statistics.median(times) * 1000:.0f} ms, "
              f"p95 {times[int(0.95 * len(times))] * 1000:.0f} ms over {len(times)} decisions (one game, one core)")


if __name__ == "__main__":
    main()
