"""A run (rulesbook.core.harness): what mutation testing found no test for among the tests it runs
(a blank seed's refusal, the texts a game keeps only when recorded, where the games are played:
in this process for one job or one batch, else in a pool, in batches cut for its workers, and the
number of workers a machine allows)."""

from __future__ import annotations

import os

import pytest

import rulesbook
from rulesbook.core import harness
from rulesbook.core.harness import Run


@pytest.mark.parametrize("seed", ["", "   "])
def test_a_blank_seed_is_refused_as_a_slip(seed):
    """As the command line's --seed: a seed of nothing but blanks is no seed, and is said to be."""
    with pytest.raises(ValueError) as refused:
        Run("hudai", 1, 1, seed=seed)
    assert str(refused.value) == "the seed is a number or a word, not nothing"


def test_a_game_keeps_its_action_texts_only_when_asked_to_record():
    """A simulation writes no text it will not keep; a recorded game writes one per action, which
    reads back to the action played."""
    protocol = rulesbook.game("hudai")
    plain = harness.play(protocol, 1, 3, protocol.rules(), ["random"])
    recorded = harness.play(protocol, 1, 3, protocol.rules(), ["random"], record=True)
    assert plain.texts == [] and plain.actions == recorded.actions == len(recorded.texts) > 0
    assert protocol.to_json(plain.state) == protocol.to_json(recorded.state)


def _where(batch):
    """A stand-in for `play_batch` that says, for each game, the process that played it and the
    size of its batch (module level: a pool pickles it by name)."""
    return [(os.getpid(), len(batch), index) for index in batch.indexes]


@pytest.fixture
def where(monkeypatch):
    monkeypatch.setattr(harness, "play_batch", _where)


def _cut(count):
    return harness.batches([(Run("hudai", count, 1), range(count))], 1)


def test_one_job_or_one_batch_is_played_in_this_process(where):
    """No pool is started for one job (however many batches; also the default) or for one batch
    (however many jobs)."""
    here = os.getpid()
    for played in (harness.play_batches(_cut(3), jobs=1), harness.play_batches(_cut(3)),
                   harness.play_batches(_cut(1), jobs=4)):
        assert {pid for batch in played for pid, _, _ in batch} == {here}
    assert [index for batch in harness.play_batches(_cut(3)) for _, _, index in batch] == [0, 1, 2]
    assert {pid for pid, _, _ in harness.results(Run("hudai", 3, 1))} == {here}  # one job by default


def test_more_jobs_play_in_a_pool_in_batches_cut_for_its_workers_and_give_the_games_in_order(where):
    """Two batches and two jobs: neither is played here. A run's 40 games for two jobs are cut
    into batches of 40 // (2 * 8) = 2 games (`batches`), and come back in index order."""
    here = os.getpid()
    played = list(harness.play_batches(_cut(2), jobs=2))
    assert [index for batch in played for _, _, index in batch] == [0, 1]
    assert here not in {pid for batch in played for pid, _, _ in batch}
    games = list(harness.results(Run("hudai", 40, 1), jobs=2))
    assert [index for _, _, index in games] == list(range(40))
    assert here not in {pid for pid, _, _ in games} and {size for _, size, _ in games} == {2}


def test_a_run_may_use_four_processes_per_core_it_may_run_on():
    """The bound the command line and the lab give: four per core this process may use."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    assert harness.default_jobs() == cores and harness.max_jobs() == 4 * cores
