"""Figures a teacher can put on a slide: figures with their error bars, and how a column is spread.

Figures are made with pyplot and closed at once, so nothing is shown twice in a notebook (the
returned figure is) and nothing is shown at all in a script or a test; `fig.savefig(...)` still works.
`chart` is the same figure as a picture that says in words what it shows (`describe`): an SVG
whose <desc> a screen reader reads, and which the book's pages use as the picture's alt text.
"""

from __future__ import annotations

import html
import io
import math
import re
from collections.abc import Sequence
from typing import Any, TypedDict, Unpack

import pandas as pd

from rulesbook.core.protocol import GAMES, game as game_named

#: A size whose text stays readable when the picture shrinks to a 390 px phone's page (11 pt
#: letters at about 11 px) and when it grows to a slide (3:2). Inches a binary fraction holds
#: exactly: with 4.8 x 3.2 a second drawing differed from the first in the 14th digit.
FIGURE_SIZE = (4.875, 3.25)
#: The letters' size (matplotlib's font.size, in points; a title is 1.2 times as big).
FONT_SIZE = 11
#: Few enough values to show each as a bar, not as a histogram.
FEW_VALUES = 12


def plot(
    table: pd.DataFrame,
    column: str | Sequence[str] | None = None,
    *,
    by: str | None = None,
    x: str | None = None,
    reference: float | None = None,
    title: str | None = None,
    ax: Any = None,
) -> Any:
    """A matplotlib figure of a lab table.

    For a table of figures with intervals (`sweep`, `summarise`): bars of `column` (a figure, or
    several side by side; default: `win_rate`, or every seat's win rate in a game where seats
    compete) for each row labelled by `x` (default: `variant`, or the columns themselves for a
    single row), with the confidence interval as error bars; `reference` draws a dashed line
    (a fair share, 1/players). For a table of games or rounds (`simulate`): how `column` is spread,
    a histogram for a number with many values, else the share of each value, one series per value
    of `by` (as "variant" of `sweep(..., per_game=True)`). Draws on `ax` when given.
    """
    import matplotlib.pyplot as plt

    columns = _checked(table, column, by, x, reference)
    if title is not None and not isinstance(title, str):
        raise ValueError(f"title is a text, not {title!r}")
    with plt.rc_context({"font.size": FONT_SIZE}):
        made = ax is None
        if ax is None:
            figure, ax = plt.subplots(figsize=FIGURE_SIZE, layout="constrained")
            plt.close(figure)
        if columns:
            _intervals(ax, table, columns, x, reference)
        else:
            _spread(ax, table, str(column), by)
        ax.set_title(title if title is not None else _title(table, columns or [str(column)]), wrap=True)
        if made:
            ax.figure.set_figheight(FIGURE_SIZE[1] + _slant_room(ax))
    return ax.figure


def _checked(table: Any, column: Any, by: Any, x: Any, reference: Any) -> list[str]:
    """The figures to draw with their intervals ([] to draw how a plain column is spread), once
    every argument is checked: a ValueError names a column the table lacks, or a bad argument."""
    if not isinstance(table, pd.DataFrame):
        raise ValueError(f"table is a lab table (from simulate, sweep or summarise), not {type(table).__name__}")
    if reference is not None and (type(reference) not in (int, float) or not math.isfinite(reference)):
        raise ValueError(f"reference is a number (a fair share: 1 / players), not {reference!r}")
    for name, value in (("by", by), ("x", x)):
        if value is not None and value not in table.columns:
            raise ValueError(f"{name}: the table has no column {value!r}; its columns are {', '.join(map(str, table.columns))}")
    if not (column is None or isinstance(column, str) or (
            isinstance(column, (list, tuple)) and column and all(isinstance(name, str) for name in column))):
        raise ValueError(f"column is a column's name or a list of them, not {column!r}")
    columns = _figure_columns(table, column)
    named = [column] if isinstance(column, str) else list(column or ())
    missing = [name for name in named if name not in table.columns]
    if not columns and missing:
        raise ValueError(f"the table has no column {', '.join(map(repr, missing))}; its columns are {', '.join(map(str, table.columns))}")
    if not columns and not isinstance(column, str) and named:
        raise ValueError(f"a list of columns is drawn as figures with intervals (NAME_low, NAME_high), which {', '.join(named)} "
                         f"lack; name a plain column alone, as column={named[0]!r}, to see how it is spread")
    if reference is not None and columns and all(map(_is_rate, columns)) and not 0 <= reference <= 1:
        raise ValueError(f"reference is a share between 0 and 1 on a chart of {_common_words(columns)} (a fair share: "
                         f"1 / players, as 0.25), not {reference!r}")
    return columns


def _figure_columns(table: pd.DataFrame, column: str | Sequence[str] | None) -> list[str]:
    """The figures to draw with their intervals, or [] when `column` is a plain column."""
    if column is None:
        seats = [name for name in table.columns if re.fullmatch(r"win_rate_\d+", str(name))]
        columns = seats or ["win_rate"]
    else:
        columns = [column] if isinstance(column, str) else list(column)
    with_intervals = [name for name in columns if f"{name}_low" in table.columns and f"{name}_high" in table.columns]
    if with_intervals and len(with_intervals) < len(columns):
        missing = sorted(set(columns) - set(with_intervals))
        raise ValueError(f"the table has no interval for {', '.join(missing)}")
    if not with_intervals and column is None:
        raise ValueError("name the column to plot: this table has no win rates with intervals")
    return with_intervals


def _intervals(ax: Any, table: pd.DataFrame, columns: list[str], x: str | None, reference: float | None) -> None:
    """Bars with error bars: one group per row, one bar per column in a group."""
    if len(table) == 1 and len(columns) > 1 and x is None:
        row = table.iloc[0]
        values = [row[name] for name in columns]
        errors = [[row[name] - row[f"{name}_low"] for name in columns], [row[f"{name}_high"] - row[name] for name in columns]]
        ax.bar(range(len(columns)), values, yerr=errors, capsize=6, color="C0")
        _ticks(ax, [_short(name, columns) for name in columns])
        ax.set_ylabel(_common_words(columns))
    else:
        labels = table[x or ("variant" if "variant" in table.columns else table.columns[0])].astype(str).tolist()
        width = 0.8 / len(columns)
        for number, name in enumerate(columns):
            offsets = [place - 0.4 + width * (number + 0.5) for place in range(len(table))]
            errors = [(table[name] - table[f"{name}_low"]).tolist(), (table[f"{name}_high"] - table[name]).tolist()]
            ax.bar(offsets, table[name].tolist(), width=width, yerr=errors, capsize=5, label=_short(name, columns),
                   color=f"C{number}")
        _ticks(ax, labels)
        ax.set_ylabel(_common_words(columns))
        if len(columns) > 1:
            ax.legend(frameon=False)
    if reference is not None:
        ax.axhline(reference, linestyle="--", color="grey", linewidth=1)
    confidence = table.attrs.get("confidence", 0.95)
    # Said under the axis, where the layout keeps room for it (a note placed on the figure itself
    # overlapped the tick labels, or shrank the axes again at every drawing).
    ax.set_xlabel(f"error bars: {100 * confidence:.0f} % confidence intervals", loc="right", fontsize=FONT_SIZE - 1, color="grey")


#: How many letters fit across the axis, side by side, at FIGURE_SIZE and FONT_SIZE.
LETTERS_ACROSS = 40


def _ticks(ax: Any, labels: list[str]) -> None:
    """One label under each bar: its words on as many lines as its share of the axis needs ("seat 3
    starts / with 3 points"); labels too wide for that stand on one line each, slanted."""
    import textwrap

    width = max(10, LETTERS_ACROSS // len(labels))
    lines = [textwrap.fill(label, width, break_long_words=False, break_on_hyphens=False) for label in labels]
    if max(len(line) for label in lines for line in label.split("\n")) * len(labels) <= LETTERS_ACROSS:
        ax.set_xticks(range(len(labels)), lines)
    else:
        ax.set_xticks(range(len(labels)), labels, rotation=SLANT, ha="right", rotation_mode="anchor")


#: How far the tick labels slant (degrees), and how wide a letter is at FONT_SIZE (in ems, about).
SLANT, LETTER_WIDTH = 35, 0.6


def _slant_room(ax: Any) -> float:
    """The height slanted labels take below the axis, in inches (a quarter's multiple, so drawings
    repeat exactly): without it the bars of four long variant names shrank to a strip."""
    slanted = [label.get_text() for label in ax.get_xticklabels() if label.get_rotation()]
    if not slanted:
        return 0.0
    inches = max(map(len, slanted)) * FONT_SIZE * LETTER_WIDTH / 72 * math.sin(math.radians(SLANT))
    return math.ceil(inches * 4) / 4


def _spread(ax: Any, table: pd.DataFrame, column: str, by: str | None) -> None:
    """A histogram of a number with many values; else each value's share, side by side per group."""
    groups = [(None, table)] if by is None else list(table.groupby(by, sort=False))
    values = table[column].dropna()
    numeric = pd.api.types.is_numeric_dtype(values) and not pd.api.types.is_bool_dtype(values)
    if numeric and values.nunique() > FEW_VALUES:
        low, high = float(values.min()), float(values.max())
        whole = bool((values == values.round()).all())
        bins: Any = [edge - 0.5 for edge in range(int(low), int(high) + 2)] if whole and high - low <= 60 else 30
        for name, part in groups:
            ax.hist(part[column].dropna(), bins=bins, density=by is not None, histtype="step" if by else "bar",
                    linewidth=1.5, label=None if name is None else str(name))
        ax.set_xlabel(_words(column))
        ax.set_ylabel("games" if by is None else "share of games")
    else:
        order = sorted(values.unique(), key=lambda value: (str(type(value)), value))
        width = 0.8 / len(groups)
        for number, (name, part) in enumerate(groups):
            shares = part[column].value_counts(normalize=True)
            ax.bar([place - 0.4 + width * (number + 0.5) for place in range(len(order))],
                   [float(shares.get(value, 0.0)) for value in order], width=width,
                   label=None if name is None else str(name), color=f"C{number}")
        _ticks(ax, [str(value) for value in order])
        ax.set_xlabel(_words(column))
        ax.set_ylabel("share of games")
    if by is not None:
        ax.legend(title=by, frameon=False)


def _words(column: str) -> str:
    """A column's name as an axis says it: "win_rate_0" -> "win rate, seat 0"."""
    seat = re.fullmatch(r"(.+)_(\d+)", column)
    if seat and seat.group(1) in ("win_rate", "result", "win", "raw", "scored", "bot"):
        return f"{_words(seat.group(1))}, seat {seat.group(2)}"
    for prefix, words in (("round_ending_", "rounds ending: "), ("ending_", "games ending: ")):
        if column.startswith(prefix):
            return words + column.removeprefix(prefix).replace("_", " ")
    return column.replace("_", " ")


def _common_words(columns: list[str]) -> str:
    """What several figures have in common, for the axis: "win rate", "share of rounds" ..."""
    if len(columns) == 1:
        return _words(columns[0])
    for prefix, words in (("win_rate_", "win rate"), ("round_ending_", "share of rounds"), ("ending_", "share of games")):
        if all(name.startswith(prefix) for name in columns):
            return words
    return "value"


def _short(name: str, columns: list[str]) -> str:
    """A figure's name beside the others on the axis: "seat 0", "cross"."""
    words = _words(name)
    if _common_words(columns) == "value":
        return words
    return words.split(", ")[-1] if ", seat " in words else words.split(": ")[-1]


def _title(table: pd.DataFrame, columns: list[str]) -> str:
    name = table.attrs.get("game")
    game = game_named(name).title if name in GAMES else ""
    players = table.attrs.get("players")
    where = ", ".join(part for part in (game, f"{players} players" if players and players > 1 else "") if part)
    what = _common_words(columns)
    return f"{what} — {where}" if where else what


# --- pictures that say what they show ---------------------------------------------------------
class Chart:
    """A figure and its description in words: a notebook shows it as SVG with the description as
    its <title> and <desc> (what a screen reader reads, and the book's alt text); its text form is
    the description. `chart.figure` is the matplotlib figure, for `savefig` or more drawing."""

    def __init__(self, figure: Any, description: str):
        if not isinstance(description, str) or len(description.split()) < 5:
            raise ValueError(f"a chart's description says what it shows in a sentence, not {description!r}")
        self.figure = figure
        self.description = description

    def svg(self) -> str:
        """The figure as SVG text with its description; the same figure gives the same text."""
        import matplotlib

        buffer = io.StringIO()
        with matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": "rulesbook"}):
            self.figure.savefig(buffer, format="svg", metadata={"Date": None})
        text = buffer.getvalue()
        head = re.search(r"<svg\b[^>]*>", text)
        if head is None:  # pragma: no cover - matplotlib always writes one
            raise RuntimeError("matplotlib wrote no <svg> element")
        title = html.escape(self.figure.axes[0].get_title() if self.figure.axes and self.figure.axes[0].get_title() else "A chart")
        said = f"<title>{title}</title><desc>{html.escape(self.description)}</desc>"
        return text[:head.end()].replace("<svg ", '<svg role="img" ', 1) + said + text[head.end():]

    def _repr_svg_(self) -> str:
        return self.svg()

    def __repr__(self) -> str:
        return self.description


class PlotOptions(TypedDict, total=False):
    """What `chart` passes on to `plot` and `describe`: the same table drawn and said the same way."""

    by: str | None
    x: str | None
    reference: float | None


def chart(table: pd.DataFrame, column: str | Sequence[str] | None = None, *, title: str | None = None,
          description: str | None = None, **options: Unpack[PlotOptions]) -> Chart:
    """`plot`'s figure as a `Chart`: the picture with a description of what it shows, made from
    the same table by `describe` unless given. `by`, `x` and `reference` are `plot`'s."""
    figure = plot(table, column, title=title, **options)
    return Chart(figure, description or describe(table, column, **options))


def describe(table: pd.DataFrame, column: str | Sequence[str] | None = None, *, by: str | None = None,
             x: str | None = None, reference: float | None = None) -> str:
    """In words, what `plot(table, column, ...)` draws, with its numbers: every bar with its
    confidence interval, or how a column is spread (the alt text of a chart on a web page)."""
    columns = _checked(table, column, by, x, reference)
    if not columns:
        return _describe_spread(table, str(column), by)
    confidence = table.attrs.get("confidence", 0.95)
    what = _phrase(columns[0]) if len(columns) == 1 else _common_words(columns)
    what = f"the {what}" if what.startswith("share") else what
    where = _title(table, columns).partition(" — ")[2]
    if len(table) == 1 and x is None:
        row = table.iloc[0]
        parts = [f"{_short(name, columns)} {_with_interval(row, name)}" if len(columns) > 1 else _with_interval(row, name)
                 for name in columns]
        head = f"Bar chart of {what}{f' by {_group_name(columns)}' if len(columns) > 1 else ''}"
    else:
        key = x or ("variant" if "variant" in table.columns else table.columns[0])
        parts = []
        for label, (_, row) in zip(table[key].astype(str), table.iterrows()):
            figures = [_with_interval(row, name) if len(columns) == 1 else f"{_short(name, columns)} {_with_interval(row, name)}"
                       for name in columns]
            parts.append(f"{label}: {', '.join(figures)}")
        head = f"Bar chart of {what}{'' if len(columns) == 1 else f' by {_group_name(columns)}'}, by {_words(str(key))}"
    games = _games_each(table)
    head += f" ({where}{', ' if where and games else ''}{games})" if where or games else ""
    text = f"{head}, with {100 * confidence:.0f} % confidence intervals: {'; '.join(parts)}."
    if reference is not None:
        text += f" A dashed line marks {_number(columns[0], reference)}."
    return text


def _phrase(column: str) -> str:
    """A figure's name in a sentence: "the share of rounds ended by a cross", "seat 0's win rate"."""
    seat = re.fullmatch(r"win_rate_(\d+)", column)
    if seat:
        return f"seat {seat.group(1)}'s win rate"
    for prefix, what in (("round_ending_", "rounds"), ("ending_", "games")):
        if column.startswith(prefix):
            ending = column.removeprefix(prefix).replace("_", " ")
            if ending in ("cross", "pile"):  # Inferno's two endings, as its chapters say them
                return f"share of {what} ended by a {ending}"
            return f"share of {what} with the ending {ending!r}"
    return _words(column)


def _group_name(columns: list[str]) -> str:
    return "seat" if all(re.fullmatch(r"win_rate_\d+", name) for name in columns) else "ending" if all(
        name.startswith(("ending_", "round_ending_")) for name in columns) else "figure"


def _games_each(table: pd.DataFrame) -> str:
    counted = table.attrs.get("counted", "games")  # the count column's name (summarise)
    if counted not in table.columns or table[counted].nunique() != 1:
        return ""
    return f"{int(table[counted].iloc[0]):,} {counted}{' each' if len(table) > 1 else ''}"


def _is_rate(name: str) -> bool:
    return bool(re.fullmatch(r"win_rate(_\d+)?", name)) or name.startswith(("ending_", "round_ending_"))


def _number(name: str, value: float) -> str:
    """A figure as words read it: rates in per cent, other figures to three significant digits."""
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "unknown"
    if _is_rate(name):
        percent = 100 * float(value)
        return f"{percent:.1f} %" if 0 < percent < 10 else f"{percent:.0f} %"
    return f"{float(value):.3g}"


def _with_interval(row: pd.Series, name: str) -> str:
    value, low, high = row[name], row[f"{name}_low"], row[f"{name}_high"]
    if any(isinstance(item, float) and math.isnan(item) for item in (low, high)):
        return _number(name, value)
    return f"{_number(name, value)} ({_number(name, low).removesuffix(' %')} to {_number(name, high)})"


def _describe_spread(table: pd.DataFrame, column: str, by: str | None) -> str:
    groups = [(None, table)] if by is None else list(table.groupby(by, sort=False))
    values = table[column].dropna()
    numeric = pd.api.types.is_numeric_dtype(values) and not pd.api.types.is_bool_dtype(values)
    rows = "rounds" if "round" in table.columns else "games"
    words = _words(column)
    parts = []
    if numeric and values.nunique() > FEW_VALUES:
        for name, part in groups:
            data = part[column].dropna()
            said = f"from {data.min():.3g} to {data.max():.3g}, mean {data.mean():.3g}, over {len(data):,} {rows}"
            parts.append(said if name is None else f"{name!s}: {said}")
        kind = "Histogram" if by is None else "Histograms"
        return f"{kind} of {words}{'' if by is None else f' by {by}'}: {'; '.join(parts)}."
    order = sorted(values.unique(), key=lambda value: (str(type(value)), value))
    for name, part in groups:
        shares = part[column].value_counts(normalize=True)
        said = ", ".join(f"{value} {100 * float(shares.get(value, 0.0)):.0f} %" for value in order)
        parts.append(said if name is None else f"{name!s}: {said}")
    return f"Bar chart of the share of {rows} by {words}{'' if by is None else f', by {by}'}: {'; '.join(parts)}."
