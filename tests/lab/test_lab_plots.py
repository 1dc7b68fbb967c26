"""lab.plot: figures for slides, drawn off screen and left out of pyplot's list of open figures."""

from __future__ import annotations

import html
import re

import matplotlib
import pandas as pd
import matplotlib.pyplot as plt
import pytest
from matplotlib.container import BarContainer, ErrorbarContainer
from matplotlib.figure import Figure

from rulesbook import lab


@pytest.fixture(scope="module")
def games():
    return lab.simulate("inferno", games=40, players=4, seed=1, bots="random")


@pytest.fixture(scope="module")
def sweep():
    return lab.sweep("inferno", {"edition": ["en", "zh"]}, games=6, players=3, seed=1, bots="random")


def bars(axes) -> list[BarContainer]:
    return [container for container in axes.containers if isinstance(container, BarContainer)]


def error_bars(axes) -> list[ErrorbarContainer]:
    return [container for container in axes.containers if isinstance(container, ErrorbarContainer)]


def test_the_win_rate_by_variant_has_a_bar_and_an_error_bar_per_variant(sweep):
    figure = lab.plot(sweep, "win_rate_0", reference=1 / 3)
    assert isinstance(figure, Figure) and plt.get_fignums() == []  # returned, not left open to be shown again
    axes = figure.axes[0]
    [drawn] = bars(axes)
    assert [bar.get_height() for bar in drawn] == pytest.approx(sweep["win_rate_0"].tolist())
    [errors] = error_bars(axes)
    _, _, (segments,) = errors.lines
    lows, highs = zip(*[(segment[0][1], segment[1][1]) for segment in segments.get_segments()])
    assert lows == pytest.approx(sweep["win_rate_0_low"].tolist()) and highs == pytest.approx(sweep["win_rate_0_high"].tolist())
    assert [label.get_text() for label in axes.get_xticklabels()] == ["edition=en", "edition=zh"]
    assert [line.get_ydata()[0] for line in axes.get_lines() if line.get_linestyle() == "--"] == pytest.approx([1 / 3])
    assert axes.get_ylabel() == "win rate, seat 0" and "Mountain of Inferno, 3 players" in axes.get_title()


def test_several_figures_side_by_side_have_a_legend(sweep):
    axes = lab.plot(sweep, ["round_ending_cross", "round_ending_pile"]).axes[0]
    assert len(bars(axes)) == 2 and len(error_bars(axes)) == 2
    assert [text.get_text() for text in axes.get_legend().get_texts()] == ["cross", "pile"]
    assert axes.get_ylabel() == "share of rounds"


def test_long_labels_take_two_lines_or_slant_and_the_title_wraps(sweep):
    """The figure is small enough for a phone's page (11 pt letters), so its words must fit it:
    a label on as many lines as its bar's share of the axis needs, else slanted on one line."""
    three = sweep.head(2).assign(variant=["pawns placed in reverse", "seat 3 starts with 3 points"])
    axes = lab.plot(three, "win_rate_0", title="a title " * 12).axes[0]
    labels = axes.get_xticklabels()
    assert [label.get_text() for label in labels] == ["pawns placed in\nreverse", "seat 3 starts with 3\npoints"]
    assert {label.get_rotation() for label in labels} == {0}
    assert axes.title.get_wrap() and axes.figure.get_size_inches().tolist() == [4.875, 3.25]
    six = pd.concat([sweep] * 3, ignore_index=True).assign(variant=[f"players={n}, edition={e}" for n in (2, 3, 4) for e in ("en", "zh")])
    figure = lab.plot(six, "win_rate_0")
    labels = figure.axes[0].get_xticklabels()
    assert [label.get_text() for label in labels][:2] == ["players=2, edition=en", "players=2, edition=zh"]
    assert {label.get_rotation() for label in labels} == {35}
    # The figure grows under the slanted labels, so the bars keep their height (they shrank to a
    # strip of 1.3 inches): a quarter inch's multiple, so that drawings repeat exactly.
    assert figure.get_size_inches().tolist() == [4.875, 3.25 + 1.25]
    figure.draw_without_rendering()
    axes.figure.draw_without_rendering()
    slanted, level = (plotted.axes[0].get_window_extent().height / plotted.dpi for plotted in (figure, axes.figure))
    assert slanted >= level > 1.8


def test_every_seat_of_one_summary_by_default(games):
    axes = lab.plot(lab.summarise(games)).axes[0]
    [drawn] = bars(axes)
    assert len(drawn) == 4 and [label.get_text() for label in axes.get_xticklabels()] == ["seat 0", "seat 1", "seat 2", "seat 3"]
    assert axes.get_ylabel() == "win rate"


def test_the_distribution_of_a_number_is_a_histogram_of_every_game(games):
    assert games["actions"].nunique() > 12
    axes = lab.plot(games, "actions").axes[0]
    assert sum(patch.get_height() for patch in axes.patches) == len(games)
    assert axes.get_xlabel() == "actions" and axes.get_ylabel() == "games"


def test_a_number_with_few_values_is_the_share_of_each(games):
    axes = lab.plot(games, "crosses").axes[0]
    [drawn] = bars(axes)
    shares = games["crosses"].value_counts(normalize=True).sort_index()
    assert [bar.get_height() for bar in drawn] == pytest.approx(shares.tolist())
    assert [label.get_text() for label in axes.get_xticklabels()] == [str(value) for value in shares.index]


def test_the_distribution_of_a_word_is_the_share_of_each_value_per_group(sweep):
    rows = lab.sweep("inferno", {"edition": ["en", "zh"]}, games=6, players=3, seed=1, bots="random", per_game=True)
    axes = lab.plot(rows, "ending", by="variant").axes[0]
    assert len(bars(axes)) == 2
    for container in bars(axes):
        assert sum(bar.get_height() for bar in container) == pytest.approx(1.0)
    assert [text.get_text() for text in axes.get_legend().get_texts()] == ["edition=en", "edition=zh"]


def test_drawing_on_given_axes_and_refusing_an_unknown_column(games):
    figure, (left, right) = plt.subplots(1, 2)
    plt.close(figure)
    assert lab.plot(games, "turns", ax=right) is figure and right.patches and not left.patches
    with pytest.raises(ValueError, match="the table has no column 'length'"):
        lab.plot(games, "length")
    assert matplotlib.get_backend().lower() == "agg"  # nothing to show on a screen in the tests


@pytest.mark.parametrize("arguments, says", [
    (dict(column="turns", by="seat"), "by: the table has no column 'seat'"),
    (dict(x="rule"), "x: the table has no column 'rule'"),
    (dict(reference="a quarter"), "reference is a number (a fair share: 1 / players), not 'a quarter'"),
    (dict(reference=float("nan")), "reference is a number"),
    (dict(reference=25), "reference is a share between 0 and 1 on a chart of win rate (a fair share: 1 / players, as 0.25), not 25"),
    (dict(reference=-1), "reference is a share between 0 and 1"),
    (dict(column=5), "column is a column's name or a list of them, not 5"),
    (dict(column=[]), "column is a column's name or a list of them, not []"),
    (dict(column="turns", title=3), "title is a text, not 3"),
])
def test_every_figure_function_refuses_a_bad_argument_by_name(games, arguments, says):
    summary = lab.summarise(games)
    table = games if arguments.get("column") == "turns" else summary
    for draw in (lab.plot, lab.chart, lab.describe):
        if "title" in arguments and draw is lab.describe:
            continue
        with pytest.raises(ValueError, match=re.escape(says)):
            draw(table, **arguments)
    with pytest.raises(ValueError, match="table is a lab table"):
        lab.plot([1, 2, 3])
    assert plt.get_fignums() == []


@pytest.mark.parametrize("column, says", [
    (["turns", "length"], "the table has no column 'length'; its columns are "),  # the one missing, not the whole list
    (["length", "depth"], "the table has no column 'length', 'depth'; its columns are "),
    (["turns"], "a list of columns is drawn as figures with intervals (NAME_low, NAME_high), which turns lack; "
                "name a plain column alone, as column='turns', to see how it is spread"),  # a pandas KeyError before
    (["turns", "actions"], "a list of columns is drawn as figures with intervals (NAME_low, NAME_high), which turns, actions lack; "),
])
def test_a_list_of_columns_names_what_it_lacks(games, column, says):
    for draw in (lab.plot, lab.chart, lab.describe):
        with pytest.raises(ValueError) as refused:
            draw(games, column)
        assert str(refused.value).startswith(says)
    assert plt.get_fignums() == []


def test_a_chart_is_the_figure_as_svg_with_a_description_of_its_numbers(games):
    summary = lab.summarise(games)
    chart = lab.chart(summary, reference=1 / 4)
    assert plt.get_fignums() == [] and chart.figure.axes[0].get_ylabel() == "win rate"
    text = chart.description
    assert text.startswith("Bar chart of win rate by seat (Mountain of Inferno, 4 players, 40 games), with 95 % confidence intervals: ")
    for seat in range(4):
        rate, low, high = (summary.loc[0, f"win_rate_{seat}{end}"] for end in ("", "_low", "_high"))
        assert f"seat {seat} {100 * rate:.0f} % ({100 * low:.0f} to {100 * high:.0f} %)" in text
    assert text.endswith("A dashed line marks 25 %.") and repr(chart) == text
    svg = chart._repr_svg_()
    assert re.search(r'<svg role="img"[^>]*><title>win rate — Mountain of Inferno, 4 players</title><desc>Bar chart of win rate', svg)
    assert html.escape(text) in svg and svg == chart.svg()  # the same figure, the same text
    assert "<text" in svg  # words stay words (svg.fonttype none): small, and found by a page search


def test_descriptions_name_every_bar_of_a_sweep_and_the_spread_of_a_column(sweep):
    both = lab.describe(sweep, ["round_ending_cross", "round_ending_pile"])
    assert both.startswith("Bar chart of the share of rounds by ending, by variant (Mountain of Inferno, 3 players, 6 games each)")
    assert "edition=en: cross " in both and "; edition=zh: cross " in both and ", pile " in both
    turns = lab.describe(sweep, "turns", x="edition")
    assert turns.startswith("Bar chart of turns, by edition") and "en: " in turns and "zh: " in turns
    rows = lab.sweep("inferno", {"edition": ["en", "zh"]}, games=6, players=3, seed=1, bots="random", per_game=True)
    assert lab.describe(rows, "ending", by="variant").startswith("Bar chart of the share of games by ending, by variant: edition=en: ")
    games = lab.simulate("inferno", games=30, players=2, seed=1, bots="random")
    assert games["actions"].nunique() > 12  # a histogram; few values are bars of their shares
    spread = lab.describe(games, "actions")
    assert spread == (f"Histogram of actions: from {games['actions'].min()} to {games['actions'].max()}, "
                      f"mean {games['actions'].mean():.3g}, over 30 games.")
    per_round = lab.summarise(lab.simulate("inferno", games=5, players=2, seed=1, bots="random", rounds=True))
    turns = per_round.loc[0, ["turns", "turns_low", "turns_high"]].tolist()
    assert per_round.loc[0, "rounds"] == 20 and "games" not in per_round.columns, "a table of rounds counts rounds"
    assert lab.describe(per_round, "turns") == ("Bar chart of turns (Mountain of Inferno, 2 players, 20 rounds), with 95 % "
                                                "confidence intervals: {:.3g} ({:.3g} to {:.3g}).".format(*turns))


def test_a_chart_without_a_real_description_is_refused(games):
    with pytest.raises(ValueError, match="says what it shows in a sentence"):
        lab.Chart(lab.plot(games, "turns"), "a chart")
    assert lab.chart(games, "turns", description="How long 40 random games last, in turns").description.startswith("How long")


def test_the_error_bars_are_explained_under_the_axis_and_drawing_again_changes_nothing(sweep):
    chart = lab.chart(sweep, "win_rate_0", reference=1 / 3)
    assert chart.figure.axes[0].get_xlabel() == "error bars: 95 % confidence intervals"
    first = chart.svg()
    assert chart.svg() == first and lab.chart(sweep, "win_rate_0", reference=1 / 3).svg() == first
