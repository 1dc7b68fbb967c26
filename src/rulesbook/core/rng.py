"""Seeded randomness that is the same on every Python and needs no stored generator state.

An engine derives a fresh generator from the game's seed and a label saying what it is for
("deck", round 2 ...), so a state only has to keep its seed to replay exactly.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import TypeVar

T = TypeVar("T")


def seeded_random(seed: int | str, *labels: object) -> random.Random:
    """A generator fixed by the seed and the labels; string seeding is stable across versions."""
    return random.Random(":".join(str(part) for part in (seed, *labels)))


def shuffled(items: Iterable[T], seed: int | str, *labels: object) -> list[T]:
    """A new list with the items in the order the seed and labels fix."""
    result = list(items)
    seeded_random(seed, *labels).shuffle(result)
    return result


def choice(items: Sequence[T], seed: int | str, *labels: object) -> T:
    """One of the items, fixed by the seed and the labels."""
    return seeded_random(seed, *labels).choice(items)
