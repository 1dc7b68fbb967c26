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
    """A new list with the items in the order the seed and labels fix: `random.shuffle`'s order
    exactly (the same swaps from the same random bits), worked out without its method calls per
    item, since every round of a simulated game shuffles a deck or two."""
    result = list(items)
    bits = seeded_random(seed, *labels).getrandbits
    for top in range(len(result) - 1, 0, -1):
        size = top + 1  # a random index below size, as Random._randbelow_with_getrandbits draws it
        width = size.bit_length()
        index = bits(width)
        while index >= size:
            index = bits(width)
        result[top], result[index] = result[index], result[top]
    return result


def choice(items: Sequence[T], seed: int | str, *labels: object) -> T:
    """One of the items, fixed by the seed and the labels."""
    return seeded_random(seed, *labels).choice(items)
