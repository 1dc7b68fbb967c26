"""The lab's arguments checked before any game is played: a bad one is a ValueError naming the
argument and saying why (`games`, `workers`, `client`, the flags; `confidence` is checked in
`stats`), never a KeyError or an AttributeError from deep inside a run, nor after the games.

>>> games_count(0)
Traceback (most recent call last):
ValueError: games is a whole number from 1 to 1,000,000, not 0
"""

from __future__ import annotations

from typing import Any

from rulesbook.core.harness import MAX_GAMES, default_jobs, job_count


def games_count(games: Any) -> int:
    """`games` checked: a whole number from 1 (no games would sum up to nothing) to MAX_GAMES."""
    if type(games) is not int or not 1 <= games <= MAX_GAMES:
        raise ValueError(f"games is a whole number from 1 to {MAX_GAMES:,}, not {games!r}")
    return games


def worker_count(workers: Any) -> int:
    """The processes to play in: a whole number from 1 (at most 4 per core), or None for every core."""
    return default_jobs() if workers is None else job_count(workers, "workers")


def cluster(client: Any) -> Any:
    """`client` checked: None (no cluster) or a Dask client, something with `map`, `cancel` and `nthreads`."""
    if client is not None and not all(callable(getattr(client, name, None)) for name in ("map", "cancel", "nthreads")):
        raise ValueError(f"client is a Dask distributed Client (lab.local_client() makes one), not {client!r}")
    return client


def flag(value: Any, name: str, none: bool = False) -> bool | None:
    """A yes-or-no argument checked: True or False (or None where `none` allows it)."""
    if type(value) is not bool and not (none and value is None):
        raise ValueError(f"{name} is True or False{' (or None)' if none else ''}, not {value!r}")
    return value


def bar_label(label: Any, default: str) -> str:
    """A progress bar's words: `default` (what the function plays) unless the caller names it."""
    if label is not None and not isinstance(label, str):
        raise ValueError(f"label is the progress bar's words, as text, not {label!r}")
    return default if label is None else label
