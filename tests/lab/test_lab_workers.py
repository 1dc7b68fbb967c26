"""Where games are played: batches cut from runs, one process pool for the lab and the command
line, every game once and in order."""

from __future__ import annotations

from rulesbook.core.harness import Run, batches, play_batches, results
from rulesbook.lab.workers import interactive


def test_batches_cover_every_game_once_in_order():
    first, second = Run("hudai", 30, 1, 1, ("random",)), Run("hudai", 5, 1, 2, ("random",))
    alone = batches([(first, range(30)), (second, range(5))], jobs=1)
    assert all(len(batch) == 1 for batch in alone)
    shared = batches([(first, range(30)), (second, range(5))], jobs=2)
    assert 1 < len(shared) < 35 and all(batch.run in (first, second) for batch in shared)
    assert [(batch.run.seed, index) for batch in shared for index in batch.indexes] == \
        [(1, index) for index in range(30)] + [(2, index) for index in range(5)]


def test_the_pool_gives_the_games_in_order_whatever_the_processes():
    run = Run("madness", 9, 3, "pool", ("random",))
    alone = [result for played in play_batches(batches([(run, range(9))], 1), jobs=1) for result in played]
    shared = [result for played in play_batches(batches([(run, range(9))], 3), jobs=3) for result in played]
    assert [result.index for result in shared] == list(range(9)) and shared == alone
    assert list(results(run, jobs=2)) == alone


def test_nobody_watches_a_test_run():
    assert not interactive()
