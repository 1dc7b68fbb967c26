"""Seeded randomness that is the same on every Python and needs no stored generator state.

An engine derives a fresh generator from the game's seed and a label saying what it is for
("deck", round 2 ...), so a state only has to keep its seed to replay exactly.
"""

from __future__ import annotations

import random
from functools import lru_cache
from collections.abc import Iterable
from typing import Any, TypeVar

from rulesbook.core.data import DataError, expect
from rulesbook.core.messages import Message

T = TypeVar("T")

#: The longest seed: a text of this many characters, or a whole number of this many digits.
MAX_SEED = 1000
#: The longest seed a bot takes: a game's seed with what the bot is for added to it ("{seed}:{seat}",
#: a lesson's "{seed}:{seat}:{round}:..."), so more than MAX_SEED, yet not a book's length.
MAX_BOT_SEED = 2 * MAX_SEED


def seeded_random(seed: int | str, *labels: object) -> random.Random:
    """A generator fixed by the seed and the labels; string seeding is stable across versions."""
    return random.Random(":".join(str(part) for part in (seed, *labels)))


def shuffled(items: Iterable[T], seed: int | str, *labels: object) -> list[T]:
    """A new list with the items in the order the seed and labels fix: `random.shuffle`'s order
    exactly (the same swaps from the same random bits), worked out without its method calls per
    item, since every round of a simulated game shuffles a deck or two."""
    result = list(items)
    bits = seeded_random(seed, *labels).getrandbits
    for top, width in _swaps(len(result)):
        index = bits(width)  # a random index up to top, as Random._randbelow_with_getrandbits draws it
        while index > top:
            index = bits(width)
        result[top], result[index] = result[index], result[top]
    return result


@lru_cache(maxsize=None)
def _swaps(count: int) -> tuple[tuple[int, int], ...]:
    """The places a shuffle of count items swaps into, last first, each with the bits drawn for
    an index up to it: the same for every deck of that size."""
    return tuple((top, (top + 1).bit_length()) for top in range(count - 1, 0, -1))


def check_seed(seed: Any, where: str, most: int = MAX_SEED) -> int | str:
    """A seed a game, a record or a run can hold: a whole number, or a text of at most `most`
    characters (a number of as many digits; MAX_SEED, a bot's MAX_BOT_SEED); DataError naming
    `where` otherwise.

    >>> check_seed("x" * 1001, "seed")
    Traceback (most recent call last):
    rulesbook.core.data.DataError: seed: a seed of 1,001 characters; at most 1,000
    """
    expect(seed, (int, str), where)
    if isinstance(seed, str) and len(seed) > most:
        raise DataError(where, Message("a seed of {length} characters; at most {most}", length=f"{len(seed):,}", most=f"{most:,}"))
    if isinstance(seed, int) and abs(seed) >= 10**most:  # its digits counted without writing them out
        raise DataError(where, Message("a seed of more than {most} digits", most=f"{most:,}"))
    return seed
