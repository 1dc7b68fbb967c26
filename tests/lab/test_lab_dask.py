"""The lab on a Dask cluster: a LocalCluster of two worker processes, reached on loopback only,
gives the same rows as one process."""

from __future__ import annotations

import logging
import subprocess
import sys

import pandas as pd
import pytest
from distributed import LocalCluster

from rulesbook import lab


@pytest.fixture(scope="module")
def client():
    with lab.local_client(2) as client:  # Client(LocalCluster(n_workers=2, processes=True, threads_per_worker=1, ...))
        yield client


def test_the_cluster_has_two_worker_processes_listening_on_loopback_only(client):
    assert isinstance(client.cluster, LocalCluster) and client.cluster.processes
    info = client.scheduler_info()
    assert [worker["nthreads"] for worker in info["workers"].values()] == [1, 1]
    addresses = [info["address"], *info["workers"], *(worker["nanny"] for worker in info["workers"].values())]
    assert all(address.startswith("tcp://127.0.0.1:") for address in addresses), addresses
    pages = client.cluster.scheduler.http_server._sockets.values()  # the scheduler's status pages
    assert pages and {page.getsockname()[0] for page in pages} == {"127.0.0.1"}


def test_the_workers_log_only_what_is_critical_and_leaving_the_cluster_prints_nothing(client):
    # what a worker process prints of Dask's logs (its handler's level; Dask's default is warnings)
    levels = client.run(lambda: sorted({handler.level for handler in logging.getLogger("distributed").handlers}))
    assert list(levels.values()) == [[logging.CRITICAL], [logging.CRITICAL]]
    code = ("from rulesbook import lab\n"
            "with lab.local_client(2) as client:\n"
            "    lab.simulate('hudai', games=4, seed=1, client=client)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and "Traceback" not in done.stderr and "heartbeat" not in done.stderr, done.stderr[-2000:]


@pytest.mark.parametrize("name, players, games", [("inferno", 3, 12), ("hudai", 1, 24), ("madness", 4, 12)])
def test_a_cluster_gives_the_same_rows_as_one_worker(client, name, players, games):
    alone = lab.simulate(name, games=games, players=players, seed="cluster", bots="random", workers=1)
    shared = lab.simulate(name, games=games, players=players, seed="cluster", bots="random", client=client)
    pd.testing.assert_frame_equal(alone, shared)


def test_a_sweep_on_the_cluster_gives_the_same_table(client):
    grid = {"monk_health": [8, 12], "hand_size": [3, 5]}
    alone = lab.sweep("hudai", grid, games=6, seed=2, bots="random")
    shared = lab.sweep("hudai", grid, games=6, seed=2, bots="random", client=client)
    pd.testing.assert_frame_equal(alone, shared)
