"""The simulation harness: bots play seeded games of any game through the protocol alone.

A run of N games gives game i the seed `"<seed>:<i>"` and the bots rotated by i seats, so a
game's result depends only on (seed, i): one worker, several processes or a Dask cluster (see
`rulesbook.lab`) give the same rows in the same order. Bots' actions come from `legal_actions`,
so the harness takes the protocol's fast path (`apply_legal`); `verify=True` replays each game's
record through the checked `apply` and compares the final states.
"""

from __future__ import annotations

import concurrent.futures
import os
import statistics
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from rulesbook.core.data import check_json, shown
from rulesbook.core.protocol import Game, game as game_named
from rulesbook.core.records import GameRecord
from rulesbook.core.rng import MAX_SEED, check_seed
from rulesbook.core.stats import check_confidence, mean_interval_of_sums, wilson


#: The most games one run may play (the command line's `--games`, the lab's `games`): a bound far
#: above any real experiment (hours of play), below what would exhaust memory.
MAX_GAMES = 1_000_000


def game_seed(seed: int | str, index: int) -> str:
    """The seed of game `index` of a run: it depends on the run's seed and the index only.

    >>> game_seed(1, 7)
    '1:7'
    """
    return f"{seed}:{index}"


def seat_bots(bots: Sequence[str], players: int, index: int) -> list[str]:
    """The bot names per seat for game `index`: the list repeated to fill the table, and that
    line-up turned by one seat each game, so every game seats the same bots and each bot sits in
    every seat equally often (over as many games as seats). More names than seats take turns at
    the table: game `index` seats the names from the index-th on, round the list.

    >>> seat_bots(["greedy", "random"], 3, 0), seat_bots(["greedy", "random"], 3, 1)
    (['greedy', 'random', 'greedy'], ['random', 'greedy', 'greedy'])
    >>> seat_bots(["a", "b", "c"], 2, 1)
    ['b', 'c']
    """
    if len(bots) > players:
        return [bots[(seat + index) % len(bots)] for seat in range(players)]
    filled = [bots[seat % len(bots)] for seat in range(players)]
    turn = index % players
    return filled[turn:] + filled[:turn]


@dataclass(frozen=True)
class GameResult:
    """One finished game, as plain data (it crosses process boundaries)."""

    index: int
    seed: str
    bots: tuple[str, ...]
    returns: tuple[float, ...]
    winners: tuple[int, ...]
    actions: int
    facts: dict[str, Any]
    rounds: tuple[dict[str, Any], ...] = ()
    record: GameRecord | None = None


@dataclass(frozen=True)
class Run:
    """What a run plays: the game, the table, the rules, the bots, how many games from which seed."""

    game: str
    games: int
    players: int
    seed: int | str = 1
    bots: tuple[str, ...] = ()
    rules: Any = None
    verify: bool = False
    #: Keep the record of these game indexes (the CLI keeps the first one for --record).
    keep_records: frozenset[int] = field(default_factory=frozenset)

    def __post_init__(self) -> None:
        """Everything checked, and the first game set up, so a bad run is refused before it plays."""
        protocol = game_named(self.game)
        object.__setattr__(self, "players", protocol.default_seats(self.players))
        if type(self.games) is not int or not 0 <= self.games <= MAX_GAMES:
            raise ValueError(f"the number of games is a whole number from 0 to {MAX_GAMES:,}, not {self.games!r}")
        if type(self.seed) not in (int, str):
            raise ValueError(f"the seed is a whole number or a text, not {self.seed!r}")
        if isinstance(self.seed, str) and not self.seed.strip():  # as the command line's --seed: a slip
            raise ValueError("the seed is a number or a word, not nothing")
        check_json(self.seed, "seed")  # every game's seed, and so every record, holds it
        check_seed(self.seed, "seed")
        given, last = len(str(self.seed)), len(game_seed(self.seed, max(self.games - 1, 0)))
        if last > MAX_SEED:  # a record the run writes would be refused when read
            raise ValueError(f"seed: a seed of {given:,} characters; each game's seed adds ':<game>' to it, and a record holds "
                             f"at most {MAX_SEED:,}, so at most {MAX_SEED - last + given:,} here")
        bots = tuple(self.bots) or (protocol.bot_names[0],)
        protocol.check_bot_names(bots)
        object.__setattr__(self, "bots", bots)
        if self.rules is None:
            object.__setattr__(self, "rules", protocol.rules())
        # rules that are not the game's, or a combination it cannot start, are refused here (its
        # new_game says why, naming the field), not in a worker
        protocol.new_game(players=self.players, seed=game_seed(self.seed, 0), rules=self.rules)

    def play(self, index: int) -> GameResult:
        """Game `index` of the run, played to the end."""
        protocol = game_named(self.game)
        seed = game_seed(self.seed, index)
        names = seat_bots(self.bots, self.players, index)
        keep = self.verify or index in self.keep_records
        game = play(protocol, self.players, seed, self.rules, names, record=keep)
        state = game.state
        record = GameRecord(protocol.name, self.players, seed, self.rules, game.texts, names) if keep else None
        if self.verify and record is not None:
            replayed = record.final_state()
            if protocol.to_json(replayed) != protocol.to_json(state):
                raise AssertionError(f"game {index} (seed {seed!r}) does not replay to the same final state")
        return GameResult(
            index=index,
            seed=seed,
            bots=tuple(names),
            returns=protocol.returns(state),
            winners=protocol.winners(state),
            actions=game.actions,
            facts=protocol.facts(state),
            rounds=tuple(protocol.rounds(state)),
            record=record if index in self.keep_records else None,
        )


class Played(NamedTuple):
    """A game the bots played: its final state, how many actions, and their texts when recorded."""

    state: Any
    actions: int
    texts: list[str]


def play(
    protocol: Game, players: int, seed: int | str, rules: Any, bots: Sequence[Any], *, record: bool = False
) -> Played:
    """One game with a bot per seat, through the fast path; the texts only when `record`.

    `bots` are names (each seeded from the game's seed and its seat) or bot objects, one per seat."""
    state = protocol.new_game(players=players, seed=seed, rules=rules)
    table = _table(protocol, bots, seed)
    texts: list[str] = []
    actions = 0
    while not protocol.is_over(state):
        seat = protocol.current_player(state)
        assert seat is not None, "a game that is not over has a player to act"
        action = table[seat].choose(state, protocol.legal_actions(state))
        if record:
            texts.append(protocol.action_to_text(state, action))
        state = protocol.apply_legal(state, action).state
        actions += 1
        if actions > protocol.max_actions:
            raise RuntimeError(f"{protocol.title}: a game of seed {seed!r} ran past {protocol.max_actions} actions")
    return Played(state, actions, texts)


def _table(protocol: Game, bots: Sequence[Any], seed: int | str) -> list[Any]:
    """The bots by seat: made from their names, or the objects given; ValueError for a mix (a
    game's named bots may answer together, as the Madness team does through one table) or an
    object that cannot choose."""
    if all(isinstance(bot, str) for bot in bots):
        return protocol.make_bots(bots, seed)
    for seat, bot in enumerate(bots):
        if isinstance(bot, str):
            raise ValueError(f"the bots are all names or all bot objects, not a mix: seat {seat} is the name {bot!r}")
        if not callable(getattr(bot, "choose", None)):
            raise ValueError(f"the bot of seat {seat} has no choose(state, actions) method: {shown(bot)}")
    return list(bots)


@dataclass(frozen=True)
class Batch:
    """Some games of one run: what a worker plays at a time. A run and a few indexes pickle small,
    so a process pool or a Dask cluster sends one task per batch, not per game."""

    run: Run
    indexes: tuple[int, ...]

    def __len__(self) -> int:
        return len(self.indexes)


def play_batch(batch: Batch) -> list[GameResult]:
    """The games of a batch, in order (a module-level function: pools and clusters pickle it by name)."""
    return [batch.run.play(index) for index in batch.indexes]


def batches(runs: Iterable[tuple[Run, Sequence[int]]], jobs: int = 1) -> list[Batch]:
    """The games of these runs cut into batches: one game each when playing here (so progress moves
    game by game), else small enough that every worker gets several (a slow batch does not keep
    the others idle) and large enough that sending a task costs little next to playing it."""
    pairs = [(run, list(indexes)) for run, indexes in runs]
    total = sum(len(indexes) for _, indexes in pairs)
    size = 1 if jobs <= 1 else max(1, min(50, total // (jobs * 8)))
    return [
        Batch(run, tuple(indexes[start:start + size]))
        for run, indexes in pairs
        for start in range(0, len(indexes), size)
    ]


def play_batches(work: Sequence[Batch], *, jobs: int = 1) -> Iterator[list[GameResult]]:
    """Each batch's games, batch after batch in the order given, played by `jobs` processes (1: here).

    This is the one process pool: the command line's `--jobs` and `rulesbook.lab`'s `workers`
    both play through it."""
    if jobs <= 1 or len(work) <= 1:
        yield from map(play_batch, work)
        return
    with concurrent.futures.ProcessPoolExecutor(min(jobs, len(work))) as pool:
        yield from pool.map(play_batch, work)


def results(run: Run, *, jobs: int = 1, indexes: Iterable[int] | None = None) -> Iterator[GameResult]:
    """The games of a run, in index order, played by `jobs` processes (1: here)."""
    wanted = list(range(run.games) if indexes is None else indexes)
    for played in play_batches(batches([(run, wanted)], jobs), jobs=jobs):
        yield from played


def default_jobs() -> int:
    """The cores this process may run on."""
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1))


def max_jobs() -> int:
    """The most processes a run may play in: four per core (more only slows the machine)."""
    return 4 * default_jobs()


def job_count(jobs: Any, what: str = "jobs") -> int:
    """`jobs` checked: a whole number from 1 to `max_jobs()`; ValueError naming `what` otherwise."""
    if type(jobs) is not int or not 1 <= jobs <= max_jobs():
        raise ValueError(f"{what} is a whole number from 1 to {max_jobs()} (4 per core of this machine), not {jobs!r}")
    return jobs


def _interval(figures: tuple[float, float, float]) -> list[float] | None:
    """An interval's low and high, or None for none (JSON has no NaN)."""
    _, low, high = figures
    return None if low != low else [low, high]


def summarise(run: Run, played: Iterable[GameResult], on_game: Callable[[GameResult], None] | None = None,
              confidence: float = 0.95) -> dict[str, Any]:
    """The figures of a run: how often someone won, win rates by seat and by bot (a tie shares the
    win; a cooperative win is whole for every seat, and a bot's rate is over the games it played
    in, not the seats it took), mean results, how games ended, means of
    the games' own facts, and the speed. `intervals` holds the interval (`confidence`, 95 % by
    default, which `confidence` in the figures repeats) of each rate
    (Wilson's) and of each mean result, as the lab's tables give them: a low and a high, None
    where no game (or one, for a t interval) leaves one. A mean result of a game whose returns are
    1 for a win and 0 for a loss (`Game.win_loss`) is a share of games won, so its interval is
    Wilson's too, inside [0, 1]; points (Inferno's) get Student's t, uncut (a house rule takes
    them below 0)."""
    protocol = game_named(run.game)
    confidence = check_confidence(confidence)
    started = time.perf_counter()
    seat_wins = [0.0] * run.players
    bot_wins: dict[str, float] = defaultdict(float)
    bot_seats: Counter[str] = Counter()
    endings: Counter[str] = Counter()
    totals = [0.0] * run.players
    squares = [0.0] * run.players
    numbers: dict[str, list[float]] = {}
    count = actions = 0
    won = 0.0
    for result in played:
        count += 1
        actions += result.actions
        won += 1.0 if result.winners else 0.0
        share = 1.0 if protocol.cooperative else 1 / max(len(result.winners), 1)
        for seat in result.winners:
            seat_wins[seat] += share
        if protocol.cooperative:  # a team's win or loss is one game for each bot in it, however many seats it took
            for name in set(result.bots):
                bot_seats[name] += 1
                bot_wins[name] += 1.0 if result.winners else 0.0
        else:
            bot_seats.update(result.bots)
            for seat in result.winners:
                bot_wins[result.bots[seat]] += share
        for seat, value in enumerate(result.returns):
            totals[seat] += value
            squares[seat] += value * value
        endings[str(result.facts.get("ending", "?"))] += 1
        for name, value in result.facts.items():
            if isinstance(value, (int, float)) and not isinstance(value, bool):
                numbers.setdefault(name, []).append(value)
        if on_game is not None:
            on_game(result)
    elapsed = time.perf_counter() - started
    games = max(count, 1)
    return {
        "game": protocol.name,
        "players": run.players,
        "games": count,
        "seed": run.seed,
        "rules": protocol.rules_to_dict(run.rules),
        "bots": list(run.bots),
        "win_rate": won / games,
        "win_rate_by_seat": [wins / games for wins in seat_wins],
        "win_rate_by_bot": {name: bot_wins[name] / bot_seats[name] for name in sorted(bot_seats)},
        "mean_returns": [total / games for total in totals],
        "confidence": confidence,
        "endings": dict(sorted(endings.items())),
        "means": {name: statistics.fmean(values) for name, values in sorted(numbers.items())},
        "intervals": {
            "win_rate": _interval(wilson(won, count, confidence)),
            "win_rate_by_seat": [_interval(wilson(wins, count, confidence)) for wins in seat_wins],
            "win_rate_by_bot": {name: _interval(wilson(bot_wins[name], bot_seats[name], confidence)) for name in sorted(bot_seats)},
            "mean_returns": [_interval(wilson(total, count, confidence) if protocol.win_loss
                                       else mean_interval_of_sums(count, total, square, confidence))
                             for total, square in zip(totals, squares)],
        },
        "actions": actions,
        "seconds": round(elapsed, 3),
        "games_per_second": round(count / elapsed, 2) if elapsed > 0 else None,
        "actions_per_second": round(actions / elapsed, 1) if elapsed > 0 else None,
    }
