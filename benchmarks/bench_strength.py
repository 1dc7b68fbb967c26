"""How strong the search bots are (issue 25's targets), measured game by game on one core and
stored in book/lab/search-strength.csv, which the chapter "How strong are the bots?" reads:

- Mountain of Inferno, 4 players: the search bot against three greedy bots, its seat turning one
  place a game (25 % of the wins is parity; the target is at least 40 %);
- Hudai Pass with the default demon: the search monk's games won (the target is at least half),
  and the heuristic monk's on the same seeds;
- At the Mountains of Madness, 3, 4 and 5 players: a team of quick-search bots' games won, and the
  expedition bots' on the same seeds (the target: more at every table size); at 4 players also
  a team of full search bots.

Each figure with its 95 % Wilson interval and the run's CPU time; then the search's CPU time a
decision (one process, the decisions with a choice) over one game of each. Game i of a run
replays from its seed "strength:<i>" (rulesbook.lab.stored.replay). The file is written again
after every game, so an interrupted run keeps the games it finished.

    python benchmarks/bench_strength.py [--games-scale 0.5] [--no-timing] [--out FILE]
"""

from __future__ import annotations

import argparse
import datetime
import pathlib
import statistics
import subprocess
import sys
import time

import pandas as pd

import rulesbook
from rulesbook import lab
from rulesbook.core.harness import Run
from rulesbook.lab.stored import game_row, write_games

HERE = pathlib.Path(__file__).resolve().parent
OUT = HERE.parent / "book" / "lab" / "search-strength.csv"
SEED = "strength"

#: The runs, in order: (game, level, against, players, bots, games).
RUNS = (
    ("hudai", "search", "", 1, "search", 32),
    ("hudai", "heuristic", "", 1, "heuristic", 32),
    *(run for players in (3, 4, 5) for run in (
        ("madness", "quick-search", "", players, "quick-search", 24),
        ("madness", "expedition", "", players, "expedition", 24))),
    ("madness", "search", "", 4, "search", 12),
    ("inferno", "search", "greedy", 4, "search,greedy,greedy,greedy", 200),
)


def commit() -> str:
    try:
        return subprocess.run(["git", "describe", "--always", "--dirty"], cwd=HERE, capture_output=True, text=True,
                              check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def measure(out: pathlib.Path = OUT, scale: float = 1.0) -> pd.DataFrame:
    """Plays every run of RUNS game by game on this one core, writing `out` after each game."""
    began = datetime.datetime.now(datetime.timezone.utc)
    notes = [f"Measured by: make bench BENCH=strength (python benchmarks/bench_strength.py{'' if scale == 1 else f' --games-scale {scale:g}'}), "
             "one process, games played one after another",
             f"Started: {began:%Y-%m-%d %H:%M} UTC; commit: {commit()}; rulesbook {rulesbook.__version__}",
             f"Replay: game <index> of a run is seeded '{SEED}:<index>', its bots the run's 'bots' turned one seat a game "
             "(rulesbook.lab.stored.replay(row)); seconds: the game's CPU time"]
    rows: list[dict] = []
    for game, level, against, players, bots, games in RUNS:
        run = Run(game, games, players, SEED, tuple(bots.split(",")), rulesbook.game(game).rules())
        started = time.perf_counter()
        for index in range(max(1, round(games * scale))):
            clock = time.process_time()
            result = run.play(index)
            rows.append(game_row(result, game, level, against, bots, time.process_time() - clock))
            ended = datetime.datetime.now(datetime.timezone.utc)
            write_games(out, rows, [*notes, f"Last game written: {ended:%Y-%m-%d %H:%M} UTC"])
        part = pd.DataFrame([row for row in rows if (row["game"], row["level"], row["players"]) == (game, level, players)])
        print(line(f"{game} {players}p, {level}" + (f" against {against}" if against else ""), part,
                   time.perf_counter() - started), flush=True)
    return pd.DataFrame(rows)


def line(label: str, part: pd.DataFrame, seconds: float) -> str:
    wins, games = float(part["win"].sum()), len(part)
    rate, low, high = lab.wilson(wins, games)
    return (f"  {label}: {wins:g} of {games} games won, {rate:.0%} (95 % interval {low:.0%} to {high:.0%}), "
            f"{seconds:.0f} s")


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
    while not state.is_over:
        actions = legal_actions(state)
        started = time.process_time()
        action = table.choose(state, actions)
        if state.phase is not Phase.ENCOUNTER and len(actions) > 1:
            times.append(time.process_time() - started)
        state = apply_legal(state, action)[0]
    return times


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="the search bots' strength, stored game by game")
    parser.add_argument("--out", type=pathlib.Path, default=OUT, help="the CSV file to write (default: the book's)")
    parser.add_argument("--games-scale", type=float, default=1.0, help="play this share of each run's games")
    parser.add_argument("--no-timing", action="store_true", help="skip the timing of one decision")
    options = parser.parse_args([] if argv is None else argv)
    print(f"search bots against the bots they must beat, one core, written to {options.out}:", flush=True)
    measure(options.out, options.games_scale)
    if options.no_timing:
        return
    for name, players, others in (("inferno", 4, "greedy"), ("hudai", 1, "")):
        times = sorted(decisions(name, players, others))
        print(f"  {name} search, a decision: p50 {statistics.median(times) * 1000:.0f} ms, "
              f"p95 {times[int(0.95 * len(times))] * 1000:.0f} ms over {len(times)} decisions (one game, one core)")
    for level in ("quick-search", "search"):
        times = sorted(madness_decisions(level))
        print(f"  madness {level}, a Leader's decision: p50 {statistics.median(times) * 1000:.0f} ms, "
              f"p95 {times[int(0.95 * len(times))] * 1000:.0f} ms over {len(times)} decisions (one game of 4, one core)")


if __name__ == "__main__":
    main(sys.argv[1:])
