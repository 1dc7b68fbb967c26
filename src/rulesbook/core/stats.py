"""Confidence intervals for the lab's tables and the command line's summary: Wilson for rates,
Student's t for means.

Only the standard library (the command line has no other): a rate from a few hundred games, or a
mean from a few, needs no statistics package. Wilson's interval stays inside [0, 1] and is sound near 0 and 1, where a
teacher's variants often are (a game nobody wins); the t interval is the textbook one for a mean.

An interval stays within what its figure can be, where the figure's definition bounds it. A mean of
values that are each 0 or 1 (a game won or lost) is a share of the games, so it gets Wilson's
interval (`share_interval`): a t interval there passes 0 and 1 at a few games (4 wins in 5:
[0.245, 1.355]). A mean of a count (turns, relics: never below 0, as its game defines it) keeps
its t interval with the low end stopped at 0 (`least=0`); the high end, and the interval of a
figure whose bound is not its own (a sample that happens to hold no negative value), are not cut.
"""

from __future__ import annotations

import functools
import math
import numbers
import statistics
from collections.abc import Iterable

_NORMAL = statistics.NormalDist()


def wilson(successes: float, trials: int, confidence: float = 0.95) -> tuple[float, float, float]:
    """The rate and its Wilson score interval: (rate, low, high); NaNs for no trials. ValueError
    for successes outside 0 to trials (the arguments swapped, say), which has no rate.

    `successes` may be fractional (a tie shares a win), as a rate of shared wins is.

    >>> [round(figure, 3) for figure in wilson(7, 10)]
    [0.7, 0.397, 0.892]
    >>> wilson(0, 10)[1]  # never below 0, where a normal interval would go
    0.0
    """
    check_confidence(confidence)
    if isinstance(trials, bool) or not isinstance(trials, numbers.Integral) or trials < 0:
        raise ValueError(f"trials is a whole number of games, 0 or more, not {trials!r}")
    if isinstance(successes, bool) or not isinstance(successes, numbers.Real) or not 0 <= successes <= trials:
        raise ValueError(f"successes is a number from 0 to the trials ({trials}), not {successes!r}")
    if trials == 0:
        return math.nan, math.nan, math.nan
    z = _NORMAL.inv_cdf(0.5 + confidence / 2)
    rate = successes / trials
    centre = (rate + z * z / (2 * trials)) / (1 + z * z / trials)
    half = z / (1 + z * z / trials) * math.sqrt(rate * (1 - rate) / trials + z * z / (4 * trials * trials))
    return rate, max(0.0, min(rate, centre - half)), min(1.0, max(rate, centre + half))  # no rounding past the rate


def mean_interval(values: Iterable[float], confidence: float = 0.95, *, least: float | None = None) -> tuple[float, float, float]:
    """The mean and its Student t interval, mean ± t·s/√n: (mean, low, high). NaNs for no values;
    the interval is NaN for one value (its spread is unknown).

    `least` is the least value the figure can be by its definition (0 for a count): the low end
    stops there, as no mean of such values is below it. A value below `least` is a ValueError: the
    bound would not be the figure's own.

    >>> [round(figure, 3) for figure in mean_interval([1, 2, 3, 4])]
    [2.5, 0.446, 4.554]
    >>> [round(figure, 3) for figure in mean_interval([0, 0, 3], least=0)]  # t alone: -3.303
    [1.0, 0.0, 5.303]
    """
    check_confidence(confidence)
    data = [_finite(value, index) for index, value in enumerate(values)]
    least = _least(least)
    below = next((index for index, value in enumerate(data) if least is not None and value < least), None)
    if below is not None:
        raise ValueError(f"least: value {below} is {data[below]!r}, below the least value the figure can be ({least!r})")
    if not data:
        return math.nan, math.nan, math.nan
    mean = statistics.fmean(data)
    if len(data) == 1:
        return mean, math.nan, math.nan
    return _t_interval(mean, statistics.stdev(data), len(data), confidence, least)


def mean_interval_of_sums(count: int, total: float, squares: float, confidence: float = 0.95, *,
                          least: float | None = None) -> tuple[float, float, float]:
    """`mean_interval` of `count` values known by their sum and the sum of their squares: a run of a
    million games keeps no list of its results. `least` as there (the caller vouches for the values).

    >>> [round(figure, 3) for figure in mean_interval_of_sums(4, 1 + 2 + 3 + 4, 1 + 4 + 9 + 16)]
    [2.5, 0.446, 4.554]
    """
    check_confidence(confidence)
    least = _least(least)
    if count == 0:
        return math.nan, math.nan, math.nan
    mean = total / count
    if count == 1:
        return mean, math.nan, math.nan
    variance = max(0.0, (squares - total * mean) / (count - 1))  # never below 0 by rounding
    return _t_interval(mean, math.sqrt(variance), count, confidence, least)


def share_interval(values: Iterable[float], confidence: float = 0.95) -> tuple[float, float, float]:
    """The mean of values that are each 0 or 1 (a game won or lost, a yes or no) and its interval:
    a share of the games, so Wilson's, as `wilson` gives a rate, inside [0, 1] at any count.
    ValueError for any other value.

    >>> [round(figure, 3) for figure in share_interval([1, 1, 0, 1, 1])]  # t: [0.245, 1.355]
    [0.8, 0.376, 0.964]
    """
    data = [_finite(value, index) for index, value in enumerate(values)]
    other = next((index for index, value in enumerate(data) if value not in (0, 1)), None)
    if other is not None:
        raise ValueError(f"a share is a mean of values that are each 0 or 1, not {data[other]!r} (value {other})")
    return wilson(math.fsum(data), len(data), confidence)


def _t_interval(mean: float, stdev: float, count: int, confidence: float, least: float | None = None) -> tuple[float, float, float]:
    half = t_quantile(0.5 + confidence / 2, count - 1) * stdev / math.sqrt(count)
    return mean, mean - half if least is None else max(least, mean - half), mean + half


def _least(least: object) -> float | None:
    if least is not None and (isinstance(least, bool) or not isinstance(least, numbers.Real) or not math.isfinite(least)):
        raise ValueError(f"least is the least value the figure can be, a finite number (0 for a count), or None, not {least!r}")
    return None if least is None else float(least)


def _finite(value: object, index: int) -> float:
    """A value of a mean: a finite number. A missing one (NaN) is the caller's to drop, as
    `Series.dropna()` does, not this function's to skip unsaid or to turn into a NaN mean."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real) or not math.isfinite(value):
        raise ValueError(f"the values are finite numbers (drop missing ones first, as Series.dropna() does), not {value!r} (value {index})")
    return float(value)


def check_confidence(confidence: object) -> float:
    """`confidence` checked: a number strictly between 0 and 1 (0.95 for 95 % intervals).

    >>> check_confidence(2)
    Traceback (most recent call last):
    ValueError: confidence is a number between 0 and 1, such as 0.95, not 2
    """
    if isinstance(confidence, bool) or not isinstance(confidence, (int, float)) or not 0 < confidence < 1:
        raise ValueError(f"confidence is a number between 0 and 1, such as 0.95, not {confidence!r}")
    return float(confidence)


@functools.lru_cache(maxsize=256)
def t_quantile(p: float, df: float) -> float:
    """The p-quantile of Student's t distribution with `df` degrees of freedom (by bisection on
    the distribution function, to 1e-12)."""
    if not 0 < p < 1 or df <= 0:
        raise ValueError(f"t_quantile needs 0 < p < 1 and df > 0, not p={p}, df={df}")
    if p < 0.5:
        return -t_quantile(1 - p, df)
    low, high = 0.0, 1.0
    while t_cdf(high, df) < p:
        low, high = high, high * 2
    while high - low > 1e-12 * max(1.0, high):
        middle = (low + high) / 2
        low, high = (middle, high) if t_cdf(middle, df) < p else (low, middle)
    return (low + high) / 2


def t_cdf(t: float, df: float) -> float:
    """P(T <= t) for Student's t with `df` degrees of freedom: 1 - I_x(df/2, 1/2) / 2, x = df/(df+t²)."""
    tail = _incomplete_beta(df / (df + t * t), df / 2, 0.5) / 2
    return 1 - tail if t >= 0 else tail


def _incomplete_beta(x: float, a: float, b: float) -> float:
    """The regularised incomplete beta function I_x(a, b), by its continued fraction (Lentz)."""
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    if x > (a + 1) / (a + b + 2):  # the fraction converges fast on this side only
        return 1 - _incomplete_beta(1 - x, b, a)
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x)) / a
    tiny = 1e-300
    c, d = 1.0, 1 - (a + b) * x / (a + 1)
    d = 1 / (d if abs(d) > tiny else tiny)
    fraction = d
    for m in range(1, 500):
        for numerator in (
            m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
            -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1)),
        ):
            d = 1 + numerator * d
            d = 1 / (d if abs(d) > tiny else tiny)
            c = 1 + numerator / c
            c = c if abs(c) > tiny else tiny
            fraction *= c * d
        if abs(c * d - 1) < 1e-15:
            break
    return front * fraction
