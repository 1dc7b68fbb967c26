"""Speed side by side: each engine's random playouts against python-chess's, in the same run.

A random playout is the loop every simulation runs: list the legal actions, pick one at random,
apply it, until the game is over. Each engine is measured through the protocol's fast path
(`apply_legal`, for an action taken from `legal_actions`) and through the checked `apply`;
python-chess through `Board.legal_moves`, `Board.push` and `Board.is_game_over()` (its usual
random-playout loop). Figures are CPU seconds of this process, so other work on the machine
changes them less; the ratio is engine actions/s over chess plies/s (above 1: faster than chess),
each engine measured in turns with python-chess between them, and against that python-chess.
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


#: CPU seconds each playout plays, unmeasured, before its turns, on games of its own: the
#: engines keep what they work out once for all games (each hand's plays, each action value), and
#: a simulation of thousands of games runs with those filled. Measured cold, a game's first
#: figure (the fast path at its first table size) paid for them all: in the first CPU second
#: Inferno's 4-player playouts ran at about 41,000 actions/s, then at about 56,000.
WARM_UP = 0.5
#: The first game of the warm-up, far from the measured games' (0, 1, 2 ...).
WARM_UP_GAMES = 1_000_000

#: Each figure is measured in this many turns, the engine's turns between python-chess's, so that
#: both see the same machine (on a shared 2-core machine speed drifts by 10 % within a minute).
TURNS = 3


class Playouts:
    """Random playouts counted over several turns: actions (plies), games and CPU seconds."""

    def __init__(self, play):
        self.play = play  # play(first game index, seconds) -> (actions, games, CPU seconds)
        self.actions = self.games = 0
        self.seconds = 0.0

    def turn(self, seconds: float) -> None:
        actions, games, elapsed = self.play(self.games, seconds)
        self.actions += actions
        self.games += games
        self.seconds += elapsed

    def add(self, other: Playouts) -> None:
        self.actions += other.actions
        self.games += other.games
        self.seconds += other.seconds

    @property
    def rate(self) -> float:
        return self.actions / self.seconds

    @property
    def games_rate(self) -> float:
        return self.games / self.seconds


def engine_playouts(name: str, players: int, checked: bool):
    """A play function (see `Playouts`) for random playouts through the protocol."""
    game = rulesbook.game(name)
    step = game.apply if checked else game.apply_legal

    def play(first: int, seconds: float) -> tuple[int, int, float]:
        actions = games = 0
        started = time.process_time()
        while time.process_time() - started < seconds:
            chooser = random.Random(first + games)
            state = game.new_game(players=players, seed=f"bench:{first + games}")
            while not game.is_over(state):
                state = step(state, chooser.choice(game.legal_actions(state))).state
                actions += 1
            games += 1
        return actions, games, time.process_time() - started

    return play


def chess_playouts(first: int, seconds: float) -> tuple[int, int, float]:
    """python-chess random playouts (see `Playouts`)."""
    try:
        import chess
    except ModuleNotFoundError:
        raise SystemExit("bench_speed needs python-chess: `make bench` installs the bench extra (pip install -e '.[bench]')") from None
    plies = games = 0
    started = time.process_time()
    while time.process_time() - started < seconds:
        chooser = random.Random(first + games)
        board = chess.Board()
        while not board.is_game_over():
            board.push(chooser.choice(list(board.legal_moves)))
            plies += 1
        games += 1
    return plies, games, time.process_time() - started


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
    print(f"random playouts, CPU time, {SECONDS:.0f} s each in {TURNS} turns after {WARM_UP} s unmeasured, python-chess's turns between the engine's;"
          " ratio: engine actions/s over the python-chess plies/s measured beside it")
    print(f"  {'engine':12} {'fast actions/s':>15} {'ratio':>6} {'checked actions/s':>18} {'ratio':>6} {'games/s (fast)':>15}"
          f" {'python-chess plies/s':>21}")
    chess = Playouts(chess_playouts)  # every turn of python-chess in the run
    for name, players in ENGINES:
        beside = Playouts(chess_playouts)
        fast, checked = Playouts(engine_playouts(name, players, False)), Playouts(engine_playouts(name, players, True))
        for playouts in (beside, fast, checked):
            playouts.play(WARM_UP_GAMES, WARM_UP)
        for _ in range(TURNS):
            for playouts in (beside, fast, checked):
                playouts.turn(SECONDS / TURNS)
        chess.add(beside)
        print(f"  {name + ' ' + str(players) + 'p':12} {fast.rate:15,.0f} {fast.rate / beside.rate:6.2f} {checked.rate:18,.0f}"
              f" {checked.rate / beside.rate:6.2f} {fast.games_rate:15,.1f} {beside.rate:21,.0f}")
    print(f"  python-chess over the whole run: {chess.rate:,.0f} plies/s ({chess.games_rate:,.1f} games/s)")
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
