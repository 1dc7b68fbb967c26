"""How strong the search bots are (issue 25's targets), measured in one run on every core:

- Mountain of Inferno, 4 players: the search bot against three greedy bots, its seat turning one
  place a game (25 % of the wins is parity; the target is at least 40 %);
- Hudai Pass with the default demon: the search monk's games won (the target is at least half),
  and the heuristic monk's on the same seeds;
- At the Mountains of Madness, 3, 4 and 5 players: a team of search bots' games won, and the
  expedition bots' on the same seeds (the target: more at every table size).

Each figure with its 95 % Wilson interval and the run's wall time; then the search's CPU time a
decision (one process, the decisions with a choice) over one game of each. The games are
rulesbook.lab.strength's: game i of a run replays from its seed "<seed>:<i>".
"""

from __future__ import annotations

import statistics
import time

import rulesbook
from rulesbook import lab

INFERNO_GAMES = 48
HUDAI_GAMES = 32
MADNESS_GAMES = 24


def line(label: str, table, seconds: float, index: int = 0) -> str:
    row = table.iloc[index]
    return (f"  {label}: {row['win_rate'] * row['games']:g} of {row['games']} games won, {row['win_rate']:.0%} "
            f"(95 % interval {row['win_rate_low']:.0%} to {row['win_rate_high']:.0%}), {seconds:.0f} s")


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


def madness_decisions(level: str, players: int = 4) -> list[float]:
    """A team of search bots' CPU seconds for each Leader's decision with a choice (the Encounter's
    plays, the table talk's, apart), in one game."""
    from rulesbook.madness import Phase, apply_legal, legal_actions, make_bot, new_game

    state, table, times = new_game(players, seed="strength:timed"), make_bot(level, seed=1), []
    while not state.over:
        actions = legal_actions(state)
        started = time.process_time()
        action = table.choose(state, actions)
        if state.phase is not Phase.ENCOUNTER and len(actions) > 1:
            times.append(time.process_time() - started)
        state = apply_legal(state, action)[0]
    return times


def main() -> None:
    print("search bots against the bots they must beat (every core; wall time of each run):")
    started = time.perf_counter()
    table = lab.strength("inferno", "search", against="greedy", games=INFERNO_GAMES, players=4, seed="strength",
                         workers=None, progress=False)
    print(line("inferno 4p, search against three greedy (target 40 %)", table, time.perf_counter() - started))
    for monk in ("search", "heuristic"):
        started = time.perf_counter()
        table = lab.strength("hudai", monk, games=HUDAI_GAMES, seed="strength", workers=None, progress=False)
        print(line(f"hudai, the {monk} monk (target for search 50 %)", table, time.perf_counter() - started))
    for players in (3, 4, 5):
        started = time.perf_counter()
        table = lab.strength("madness", "search,expedition", games=MADNESS_GAMES, players=players, seed="strength",
                             workers=None, progress=False)
        seconds = time.perf_counter() - started
        for index, team in enumerate(("search", "expedition")):
            print(line(f"madness {players}p, a team of {team} bots (target: search above expedition)", table, seconds, index))
    for name, players, others in (("inferno", 4, "greedy"), ("hudai", 1, "")):
        times = sorted(decisions(name, players, others))
        print(f"  {name} search, a decision: p50 {statistics.median(times) * 1000:.0f} ms, "
              f"p95 {times[int(0.95 * len(times))] * 1000:.0f} ms over {len(times)} decisions (one game, one core)")
    for level in ("quick-search", "search"):
        times = sorted(madness_decisions(level))
        print(f"  madness {level}, a Leader's decision: p50 {statistics.median(times) * 1000:.0f} ms, "
              f"p95 {times[int(0.95 * len(times))] * 1000:.0f} ms over {len(times)} decisions (one game of 4, one core)")


if __name__ == "__main__":
    main()
