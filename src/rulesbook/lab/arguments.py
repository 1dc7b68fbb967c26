"""The lab's arguments checked before any game is played: a bad one is a ValueError naming the
argument and saying why (`workers`, `client`, `confidence`, `games` ...), never a KeyError or an
AttributeError from deep inside a run, and never after the games were played."""

from __future__ import annotations

import math
from typing import Any

from rulesbook.core.harness import MAX_GAMES, default_jobs, job_count


def games_count(games: Any, least: int = 0) -> int:
    """`games` checked: a whole number from `least` to MAX_GAMES."""
    if type(games) is not int or not least <= games <= MAX_GAMES:
        raise ValueError(f"games is a whole number from {least} to {MAX_GAMES:,}, not {games!r}")
    return games


def worker_count(workers: Any) -> int:
    """The processes to play in: a whole number from 1 (at most 4 per core), or None for every core."""
    return default_jobs() if workers is None else job_count(workers, "workers")


def cluster(client: Any) -> Any:
    """`client` checked: None (no cluster) or a Dask client, something with `map`, `cancel` and `nthreads`."""
    if client is not None and not all(callable(getattr(client, name, None)) for name in ("map", "cancel", "nthreads")):
        raise ValueError(f"client is a Dask distributed Client (lab.local_client() makes one), not {client!r}")
    return client


def confidence_level(confidence: Any) -> float:
    """`confidence` checked: a number strictly between 0 and 1 (0.95 for 95 % intervals)."""
    if type(confidence) not in (int, float) or not 0 < confidence < 1 or not math.isfinite(confidence):
        raise ValueError(f"confidence is a number between 0 and 1, such as 0.95, not {confidence!r}")
    return float(confidence)


def flag(value: Any, name: str, none: bool = False) -> bool | None:
    """A yes-or-no argument checked: True or False (or None where `none` allows it)."""
    if type(value) is not bool and not (none and value is None):
        raise ValueError(f"{name} is True or False{' (or None)' if none else ''}, not {value!r}")
    return value
