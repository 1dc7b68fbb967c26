"""What every game shares: errors that cite rules, seeded randomness, progress on a terminal."""

from rulesbook.core.errors import IllegalAction, NotationError, RulesbookError
from rulesbook.core.progress import Progress
from rulesbook.core.rng import seeded_random, shuffled

__all__ = [
    "IllegalAction",
    "NotationError",
    "Progress",
    "RulesbookError",
    "seeded_random",
    "shuffled",
]
