"""The one knob for how much the heavy random simulations play: RULESBOOK_TEST_SCALE.

The random-game tests (tests/core/test_protocol_random_games.py, the `*_random_games` and
`*_simulation` tests, the legality samples of Hudai Pass and Madness) play hundreds of seeded
games, and hypothesis draws its examples. That is what `make test` wants, and too slow for a
mutation run, which runs the tests once per mutant. So every such count goes through `scaled`:

    RULESBOOK_TEST_SCALE   a positive number, 1.0 when unset or empty.

At 1 (`make test`) `scaled(n)` is exactly `n`: the suite checks what it always checked. Below 1 the
tests play that share of their games (never fewer than one, or than the `least` a test asks for)
and the thresholds they assert about their own sample ("each ending reached", "this corner seen at
least 10 times") shrink with it. `make mutate` runs at 0.05. Above 1 they play more, for a long
soak run. The hypothesis profile in tests/conftest.py scales the default `max_examples` (100) the
same way; tests that set their own `max_examples` pass it through `scaled`.
"""

from __future__ import annotations

import math
import os

ENVIRONMENT_VARIABLE = "RULESBOOK_TEST_SCALE"


def _read_scale() -> float:
    text = os.environ.get(ENVIRONMENT_VARIABLE, "").strip() or "1"
    try:
        value = float(text)
    except ValueError:
        raise ValueError(f"{ENVIRONMENT_VARIABLE}={text!r} is not a number (a share such as 0.05, or 1)") from None
    if not (math.isfinite(value) and value > 0):
        raise ValueError(f"{ENVIRONMENT_VARIABLE}={text!r} must be a positive number")
    return value


#: The share of games and examples this run plays (1.0 unless RULESBOOK_TEST_SCALE says otherwise).
SCALE = _read_scale()


def scaled(count: int, least: int = 1) -> int:
    """`count` games (or examples, or sightings) at this run's scale: `count` itself at scale 1,
    otherwise `count * SCALE` rounded, and never fewer than `least` (nor than 1; keep least <= count)."""
    if SCALE == 1:
        return count
    return max(least, 1, round(count * SCALE))
