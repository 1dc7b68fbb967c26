"""rulesbook.core.stats: the intervals of the lab's tables and the command line's summary, against
published figures, and as properties any interval must have."""

from __future__ import annotations

import math
import statistics

import pandas as pd
import pytest
from hypothesis import given, strategies as st

from rulesbook.core.stats import check_confidence, mean_interval, mean_interval_of_sums, share_interval, t_cdf, t_quantile, wilson


def test_wilson_interval_matches_the_textbook_figures():
    # 7 of 10 and 0 of 10, 95 %: Wilson's bounds as published (Newcombe 1998, table I)
    assert wilson(7, 10) == pytest.approx((0.7, 0.3968, 0.8922), abs=1e-4)
    assert wilson(0, 10) == pytest.approx((0.0, 0.0, 0.2775), abs=1e-4)
    assert wilson(10, 10) == pytest.approx((1.0, 0.7225, 1.0), abs=1e-4)


@pytest.mark.parametrize("df, quantile", [(1, 12.7062), (2, 4.3027), (5, 2.5706), (10, 2.2281), (30, 2.0423), (1000, 1.9623)])
def test_t_quantiles_match_the_table(df, quantile):
    assert t_quantile(0.975, df) == pytest.approx(quantile, abs=1e-4)


def test_mean_interval_is_mean_plus_or_minus_t_times_the_standard_error():
    mean, low, high = mean_interval([1, 2, 3, 4])
    assert mean == 2.5 and high - mean == pytest.approx(t_quantile(0.975, 3) * (5 / 3) ** 0.5 / 2)
    assert mean - low == pytest.approx(high - mean)
    assert mean_interval([5])[0] == 5 and all(value != value for value in mean_interval([5])[1:])


@pytest.mark.parametrize(("successes", "trials", "says"), [
    (3, 2, "successes is a number from 0 to the trials (2), not 3"),  # the arguments swapped
    (-1, 2, "successes is a number from 0 to the trials (2), not -1"),
    (float("nan"), 3, "successes is a number from 0 to the trials (3), not nan"),
    (True, 2, "successes is a number from 0 to the trials (2), not True"),
    ("1", 2, "successes is a number from 0 to the trials (2), not '1'"),
    (1, -1, "trials is a whole number of games, 0 or more, not -1"),
    (1, 2.0, "trials is a whole number of games, 0 or more, not 2.0"),
])
def test_a_rate_that_is_no_rate_is_refused_in_words_not_by_a_math_domain_error(successes, trials, says):
    with pytest.raises(ValueError) as refused:
        wilson(successes, trials)
    assert str(refused.value) == says
    assert all(value != value for value in wilson(0, 0))  # no games: no rate, and no error
    assert wilson(1.5, 3)[0] == 0.5 and wilson(3, 3)[0] == 1.0 and wilson(0, 3)[0] == 0.0  # both ends, and a shared win


@pytest.mark.parametrize(("values", "says"), [
    ([1, float("nan")], "not nan (value 1)"),  # a statistics.stdev AttributeError before
    ([float("-inf"), 1], "not -inf (value 0)"),
    (["1", "2"], "not '1' (value 0)"),
    ([2, True], "not True (value 1)"),
    ([None], "not None (value 0)"),
])
def test_a_mean_of_values_that_are_not_finite_numbers_is_refused_and_says_which(values, says):
    with pytest.raises(ValueError) as refused:
        mean_interval(values)
    assert str(refused.value) == "the values are finite numbers (drop missing ones first, as Series.dropna() does), " + says
    assert mean_interval(pd.Series([1.0, None, 3.0]).dropna()) == pytest.approx(mean_interval([1, 3]))


def test_other_confidences_use_their_own_quantiles():
    """90 % and 99 %: z = 1.6449 and 2.5758 (Wilson), t(0.95, 9) = 1.8331 and t(0.995, 9) = 3.2498."""
    for confidence, z in ((0.90, 1.6449), (0.99, 2.5758)):
        rate, low, high = wilson(30, 100, confidence)
        centre = (0.3 + z * z / 200) / (1 + z * z / 100)
        half = z / (1 + z * z / 100) * math.sqrt(0.3 * 0.7 / 100 + z * z / 40_000)
        assert (rate, low, high) == pytest.approx((0.3, centre - half, centre + half), abs=1e-4)
    values = list(range(10))
    for confidence, t in ((0.90, 1.8331), (0.99, 3.2498)):
        mean, low, high = mean_interval(values, confidence)
        assert high - mean == pytest.approx(t * statistics.stdev(values) / math.sqrt(10), abs=1e-3)
    assert wilson(30, 100, 0.99)[1] < wilson(30, 100, 0.9)[1] < 0.3


@pytest.mark.parametrize("confidence", [0, 1, 1.5, -0.1, True, "0.95", None])
def test_a_confidence_outside_0_to_1_is_refused_by_every_interval(confidence):
    says = f"confidence is a number between 0 and 1, such as 0.95, not {confidence!r}"
    for interval in (lambda: wilson(1, 2, confidence), lambda: mean_interval([1, 2], confidence),
                     lambda: mean_interval_of_sums(2, 3, 5, confidence), lambda: check_confidence(confidence)):
        with pytest.raises(ValueError) as refused:
            interval()
        assert str(refused.value) == says


def test_the_t_distribution_is_symmetric_and_its_quantiles_invert_it():
    assert t_cdf(0, 5) == pytest.approx(0.5) and t_cdf(2.5706, 5) == pytest.approx(0.975, abs=1e-5)
    assert t_cdf(-2.5706, 5) == pytest.approx(0.025, abs=1e-5)
    assert t_quantile(0.025, 10) == pytest.approx(-2.2281, abs=1e-4) and t_quantile(0.5, 3) == pytest.approx(0, abs=1e-9)
    assert t_cdf(1e6, 3) == pytest.approx(1) and t_cdf(-1e6, 3) == pytest.approx(0, abs=1e-12)
    for p, df in ((0, 3), (1, 3), (0.5, 0), (0.5, -1)):
        with pytest.raises(ValueError, match=rf"^t_quantile needs 0 < p < 1 and df > 0, not p={p}, df={df}$"):
            t_quantile(p, df)


@given(st.floats(0.001, 0.999), st.floats(0.5, 200))
def test_every_t_quantile_is_where_the_distribution_reaches_its_probability(p, df):
    assert t_cdf(t_quantile(p, df), df) == pytest.approx(p, abs=1e-9)


@given(st.integers(0, 2000).flatmap(lambda trials: st.tuples(st.integers(0, trials), st.just(trials))),
       st.sampled_from([0.8, 0.9, 0.95, 0.99]))
def test_a_wilson_interval_holds_its_rate_inside_0_to_1_and_narrows_with_more_games(counts, confidence):
    successes, trials = counts
    rate, low, high = wilson(successes, trials, confidence)
    if trials == 0:
        assert all(math.isnan(figure) for figure in (rate, low, high))
        return
    assert 0 <= low <= rate <= high <= 1 and rate == successes / trials
    assert (low == 0) == (successes == 0) and (high == 1) == (successes == trials)
    _, wider_low, wider_high = wilson(successes, trials, min(0.999, confidence + 0.009))
    assert wider_low <= low and high <= wider_high
    _, more_low, more_high = wilson(4 * successes, 4 * trials, confidence)
    assert more_high - more_low < high - low


@given(st.lists(st.floats(-1000, 1000), min_size=2, max_size=40), st.sampled_from([0.9, 0.95]))
def test_a_mean_from_its_sums_is_the_mean_of_its_values(values, confidence):
    """The command line keeps sums, not a million results: the same interval, up to rounding."""
    mean, low, high = mean_interval(values, confidence)
    assert low <= mean <= high and mean - low == pytest.approx(high - mean, abs=1e-6)
    assert mean_interval_of_sums(len(values), math.fsum(values), math.fsum(v * v for v in values), confidence) == pytest.approx(
        (mean, low, high), abs=1e-6 * (1 + max(map(abs, values))) ** 2)


def test_a_mean_of_no_value_or_one_has_no_interval():
    assert all(math.isnan(figure) for figure in mean_interval([]) + mean_interval_of_sums(0, 0, 0))
    for found in (mean_interval([5]), mean_interval_of_sums(1, 5, 25)):
        assert found[0] == 5 and math.isnan(found[1]) and math.isnan(found[2])
    assert mean_interval_of_sums(3, 3, 3) == (1, 1, 1)  # no spread: a rounding below 0 is taken as 0
    assert mean_interval([2, 2, 2]) == (2, 2, 2)


def test_a_share_of_games_won_gets_wilsons_interval_where_a_t_interval_passed_1():
    """The audit: `rulesbook simulate` of a game won or lost, 4 wins in 5, said [0.245, 1.355]."""
    wins = [1, 1, 0, 1, 1]
    assert [round(figure, 3) for figure in mean_interval(wins)] == [0.8, 0.245, 1.355]  # t, which knows no bound
    assert share_interval(wins) == wilson(4, 5) and 0 < share_interval(wins)[1] < 0.8 < share_interval(wins)[2] < 1
    assert share_interval([0.0, 1.0, 0]) == wilson(1, 3)  # 0.0 and 1.0 are 0 and 1
    assert share_interval([1]) == wilson(1, 1) and all(math.isnan(figure) for figure in share_interval([]))


def test_a_count_s_interval_stops_at_0_and_nowhere_else():
    mean, low, high = mean_interval([0, 0, 3])
    assert low < 0  # t alone
    assert mean_interval([0, 0, 3], least=0) == (mean, 0.0, high)  # the high end is not moved
    assert mean_interval([5, 6, 7], least=0) == mean_interval([5, 6, 7])  # far from 0: nothing to stop
    assert mean_interval_of_sums(3, 3, 9, least=0) == (1.0, 0.0, mean_interval_of_sums(3, 3, 9)[2])
    assert mean_interval([2, 4], least=1)[1] == 1.0 and math.isnan(mean_interval([2], least=0)[1])


@pytest.mark.parametrize(("call", "says"), [
    (lambda: share_interval([0, 1, 2]), "a share is a mean of values that are each 0 or 1, not 2.0 (value 2)"),
    (lambda: share_interval([1, 0.5]), "a share is a mean of values that are each 0 or 1, not 0.5 (value 1)"),
    (lambda: share_interval([1, float("nan")]), "the values are finite numbers (drop missing ones first, as Series.dropna() does), not nan (value 1)"),
    (lambda: mean_interval([3, -1], least=0), "least: value 1 is -1.0, below the least value the figure can be (0.0)"),
    (lambda: mean_interval([3], least="0"), "least is the least value the figure can be, a finite number (0 for a count), or None, not '0'"),
    (lambda: mean_interval_of_sums(2, 3, 5, least=math.inf), "least is the least value the figure can be, a finite number (0 for a count), or None, not inf"),
])
def test_a_bound_that_is_not_the_figure_s_own_is_refused(call, says):
    with pytest.raises(ValueError) as refused:
        call()
    assert str(refused.value) == says


@given(st.lists(st.integers(0, 1), min_size=1, max_size=60), st.sampled_from([0.8, 0.9, 0.95, 0.99]))
def test_every_share_s_interval_lies_within_0_to_1_and_holds_the_share(values, confidence):
    share, low, high = share_interval(values, confidence)
    assert share == pytest.approx(statistics.fmean(values)) and 0 <= low <= share <= high <= 1


@given(st.lists(st.integers(0, 50) | st.floats(0, 50), min_size=2, max_size=40), st.sampled_from([0.9, 0.95]))
def test_every_count_s_interval_lies_at_or_above_0_and_holds_the_mean(values, confidence):
    mean, low, high = mean_interval(values, confidence, least=0)
    assert 0 <= low <= mean <= high
    unbounded = mean_interval(values, confidence)
    assert high == unbounded[2] and low == max(0.0, unbounded[1])  # only the bound below 0 is the count's own
