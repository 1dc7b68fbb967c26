"""Speed side by side: each engine's random playouts against python-chess's, in the same run.

A random playout is the loop every simulation runs: list the legal actions, pick one at random,
apply it, until the game is over. Each engine is measured through the protocol's fast path
(`apply_legal`, for an action taken from `legal_actions`) and through the checked `apply`;
python-chess through `Board.legal_moves`, `Board.push` and `Board.is_game_over()` (its usual
random-playout loop). Figures are CPU seconds of this process, so other work on the machine
changes them less; the ratio is engine actions/s over chess plies/s (above 1: faster than chess).
Then games per second of `lab.simulate` with each game's default bots on 1, 2 and all cores: by
the clock, and per worker by CPU time (constant when the work splits well).
"""

from __future__ import annotations

import os
import random
import time

import rulesbook
from rulesbook import lab
from rulesbook.core.harness import default_jobs

#: CPU seconds each playout figure is measured over.
SECONDS = 3.0
#: The engines measured: (game, players).
ENGINES = [("inferno", 2), ("inferno", 3), ("inferno", 4), ("hudai", 1), ("madness", 3), ("madness", 4), ("madness", 5)]
#: Games for the games/s figures, per game: enough for a few seconds on one core.
GAMES = {"inferno": 200, "hudai": 200, "madness": 200}


def engine_playouts(name: str, players: int, checked: bool, seconds: float = SECONDS) -> tuple[float, float]:
    """(actions/s, games/s) of random playouts through the protocol."""
    game = rulesbook.game(name)
    step = game.apply if checked else game.apply_legal
    actions = games = 0
    started = time.process_time()
    while time.process_time() - started < seconds:
        chooser = random.Random(games)
        state = game.new_game(players=players, seed=f"bench:{games}")
        while not game.is_over(state):
            state = step(state, chooser.choice(game.legal_actions(state))).state
            actions += 1
        games += 1
    elapsed = time.process_time() - started
    return actions / elapsed, games / elapsed


def chess_playouts(seconds: float = SECONDS) -> tuple[float, float]:
    """(plies/s, games/s) of python-chess random playouts."""
    try:
        import chess
    except ModuleNotFoundError:
        raise SystemExit("bench_speed needs python-chess: `make bench` installs the bench extra (pip install -e '.[bench]')") from None
    plies = games = 0
    started = time.process_time()
    while time.process_time() - started < seconds:
        chooser = random.Random(games)
        board = chess.Board()
        while not board.is_game_over():
            board.push(chooser.choice(list(board.legal_moves)))
            plies += 1
        games += 1
    elapsed = time.process_time() - started
    return plies / elapsed, games / elapsed


def games_per_second(name: str, workers: int) -> tuple[float, float]:
    """(games/s by the clock, games per CPU second of one worker): the first shows what a teacher
    waits, the second how well the work splits, whatever else the machine is doing (the CPU time
    of this process and of the worker processes, which the pool has ended and waited for)."""
    before, started = os.times(), time.perf_counter()
    lab.simulate(name, games=GAMES[name], seed="bench", workers=workers, progress=False)
    wall, after = time.perf_counter() - started, os.times()
    cpu = sum(after[field] - before[field] for field in range(4))  # user, system, children's user and system
    return GAMES[name] / wall, GAMES[name] / cpu


def main() -> None:
    chess_plies, chess_games = chess_playouts()
    print(f"random playouts, CPU time, {SECONDS:.0f} s each; python-chess {chess_plies:,.0f} plies/s ({chess_games:,.1f} games/s)")
    print(f"  {'engine':12} {'fast actions/s':>15} {'ratio':>6} {'checked actions/s':>18} {'ratio':>6} {'games/s (fast)':>15}")
    for name, players in ENGINES:
        fast, fast_games = engine_playouts(name, players, checked=False)
        checked, _ = engine_playouts(name, players, checked=True)
        print(f"  {name + ' ' + str(players) + 'p':12} {fast:15,.0f} {fast / chess_plies:6.2f} {checked:18,.0f}"
              f" {checked / chess_plies:6.2f} {fast_games:15,.1f}")
    cores = default_jobs()
    counts = sorted({1, 2, cores})
    print(f"lab.simulate with the default bots on {', '.join(map(str, counts))} of {cores} cores: games/s by the clock"
          f" (games/s per worker, by CPU time); load average {os.getloadavg()[0]:.1f}")
    for name in GAMES:
        figures = []
        for workers in counts:
            clock, per_worker = games_per_second(name, workers)
            figures.append(f"{workers} worker{'s' if workers > 1 else ' '}: {clock:6.1f} ({per_worker:5.1f})")
        bots = rulesbook.game(name).bot_names[0]
        print(f"  {name:8} {GAMES[name]} games, {bots + ' bots':15} " + "   ".join(figures))

if __name__ == "__main__":
    main()
