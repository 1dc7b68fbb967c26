"""Where the lab's games are played: here, in a pool of processes, or on a Dask cluster.

Every game's result depends only on (run, index) (`rulesbook.core.harness`), so the place and the
order in which batches finish change nothing: the batches come back in the order they were cut.
The process pool is the harness's own, the one the command line's `--jobs` uses.
"""

from __future__ import annotations

import multiprocessing
import os
import sys
from collections.abc import Iterator, Sequence
from typing import Any

from rulesbook.core.harness import Batch, GameResult, Run, batches, play_batch, play_batches
from rulesbook.lab.arguments import cluster, flag, worker_count


def play_runs(
    work: Sequence[tuple[Run, Sequence[int]]], *, workers: int | None = 1, client: Any = None, progress: bool | None = None,
    label: str = "",
) -> Iterator[GameResult]:
    """The games of these runs, run after run and in index order, here, in `workers` processes
    (None: every core) or on a Dask `client` (which then takes precedence), with a progress bar
    counting games. The arguments are checked here, before any game is played."""
    jobs, client, progress = worker_count(workers), cluster(client), flag(progress, "progress", none=True)
    if client is not None or jobs > 1:
        _check_house_rules_travel(work, client)
    cut = batches(work, 1 if client is None and jobs <= 1 else max(jobs, _cluster_threads(client)))
    played = _on_cluster(client, cut) if client is not None else play_batches(cut, jobs=jobs)
    return _counted(played, sum(len(batch) for batch in cut), label, progress)


def _check_house_rules_travel(work: Sequence[tuple[Run, Sequence[int]]], client: Any) -> None:
    """ValueError for house rules (`Rules.house`) that other processes would not have. They are
    functions defined in this process and travel by name: a pool of forked processes has them all,
    a cluster's workers or processes started afresh (spawn, forkserver) have none."""
    names = sorted({rule.name for run, _ in work for rule in getattr(run.rules, "house", ())})
    if not names:
        return
    method = multiprocessing.get_start_method()
    if client is None and method == "fork":
        return
    where = "a Dask cluster's workers" if client is not None else f"processes started by {method!r}"
    raise ValueError(f"the rule 'house' ({', '.join(names)}) holds functions defined in this Python process, which "
                     f"{where} do not have: play these rules with workers=1 (and no client)")


def _counted(played: Iterator[list[GameResult]], total: int, label: str, progress: bool | None) -> Iterator[GameResult]:
    with progress_bar(total, label, progress) as bar:
        for results in played:
            bar.update(len(results))
            yield from results


def _on_cluster(client: Any, work: Sequence[Batch]) -> Iterator[list[GameResult]]:
    """The batches played on a Dask cluster, handed back in the order they were cut."""
    from distributed import as_completed

    futures = client.map(play_batch, work, pure=False)  # pure=False: never one cached result for equal batches
    position = {future.key: number for number, future in enumerate(futures)}
    finished: dict[int, list[GameResult]] = {}
    following = 0
    try:
        for future in as_completed(futures):
            finished[position[future.key]] = future.result()
            while following in finished:
                yield finished.pop(following)
                following += 1
    finally:
        client.cancel([future for future in futures if not future.done()])


def _cluster_threads(client: Any) -> int:
    if client is None:
        return 1
    try:
        return max(1, sum(client.nthreads().values()))
    except Exception:  # a client that cannot say: cut as for one worker
        return 1


def interactive() -> bool:
    """Whether someone is watching: a Jupyter kernel, or a terminal on stderr (not a pipe, a file
    or a test run)."""
    shell = sys.modules.get("IPython")
    if shell is not None:
        ipython = shell.get_ipython()
        if ipython is not None and "IPKernelApp" in getattr(ipython, "config", {}):
            return True
    if os.environ.get("PYTEST_CURRENT_TEST"):
        return False
    return bool(getattr(sys.stderr, "isatty", lambda: False)())


def progress_bar(total: int, label: str, enabled: bool | None = None) -> Any:
    """A tqdm bar counting games: a notebook bar in Jupyter, a text bar on a terminal. None for
    `enabled` decides by the environment's RULESBOOK_PROGRESS (0 or 1: a book build executing its
    chapters says 0, so no bar is saved into a page), else by `interactive()`."""
    from tqdm.auto import tqdm

    setting = os.environ.get("RULESBOOK_PROGRESS", "").strip()
    show = enabled if enabled is not None else setting == "1" if setting in ("0", "1") else interactive()
    return tqdm(total=total, desc=label or None, unit="game", disable=not show, leave=True, dynamic_ncols=True)


def local_client(workers: int = 2) -> Any:
    """A Dask client with its own cluster of `workers` processes on this machine, one thread each.
    Everything listens on loopback only: the scheduler, the workers and the scheduler's status
    pages (on a free port; Dask's dashboard needs bokeh, which the lab does not install). Closing
    the client, or leaving its `with` block, stops them. The workers log only what is critical:
    a worker whose heartbeat meets the scheduler already closing, as the cluster stops, would
    print a traceback into the cell (issue 24); an error in a game still comes back to the
    caller as its exception. On a real cluster, pass `Client("tcp://scheduler:8786")` to
    `client=` instead. In a script, call it under `if __name__ == "__main__":`: each worker process
    starts by importing the script that made it (Python's "spawn"), and would run it again."""
    import logging

    from distributed import Client

    return Client(n_workers=worker_count(workers), processes=True, threads_per_worker=1, host="127.0.0.1",
                  dashboard_address="127.0.0.1:0", silence_logs=logging.CRITICAL)
