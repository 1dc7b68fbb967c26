"""A table of games summed up: rates and means, each with its 95 % confidence interval."""

from __future__ import annotations

import re
import warnings
from collections.abc import Sequence
from typing import Any

import pandas as pd

from rulesbook.core.protocol import GAMES, Game, game as game_named
from rulesbook.core.stats import check_confidence, mean_interval, share_interval, wilson

#: Numbers that name something (a game, a seat, a round) rather than measure it: never averaged.
IDENTIFIERS = ("game", "players", "round", "ender")
#: The table's own counts, in every game's table (`simulate`): besides the game's (`Game.counts`).
COUNTS = ("actions",)


def summarise(table: pd.DataFrame, by: str | Sequence[str] | None = None, *, confidence: float = 0.95,
              game: str | Game | None = None) -> pd.DataFrame:
    """One row per group of `by` columns (None: one row for the whole table) of a `simulate` table.

    Every figure `m` comes with `m_low` and `m_high`, its confidence interval:

    ======================  ================================================================
    column                  what it holds
    ======================  ================================================================
    games                   games in the group (`rounds`, for a table of rounds)
    win_rate                the share of games won, where seats win together: the monk's
                            (Hudai), the expedition's (Madness); an escape with fewer Relics
                            than Injuries is lost (MAD-R03): ending_escaped can read above it
    win_rate_<seat>         the seat's share of the wins, where seats compete (Inferno); a
                            tie shares a win
    ending_<ending>         the share of games that ended so ("ending_no_hope"): every ending
                            the game has (`Game.endings`), 0 where no game ended so; won or lost
    round_ending_<ending>   the share of rounds that ended so ("round_ending_cross")
    <column>                the mean of every other numeric column: turns, actions, the
                            game's own figures, result_<seat> where seats compete
    ======================  ================================================================

    Rates have Wilson score intervals (sound near 0 and 1; a shared win counts its share); means
    have Student t intervals (mean ± t·s/√n; NaN from a single game), kept within what the column
    can be (`_means` says why): a column of only 0 and 1 that is no count (a yes or no of your own)
    is a share, with Wilson's interval; a count (actions, and the game's `Game.counts`: turns,
    rounds, crosses, monk_health, corruption, demon_health, relics, injuries, tokens, top_madness)
    is never below 0, so its low end stops at 0. Rounds of one game are counted as if independent.
    A summary (figures with `_low` and `_high`) is refused: it has no games to sum up, as is a
    table with no games.

    Which rates a table has depends on its game, which its `attrs["game"]` says. `attrs` are lost
    on the way through `to_csv` and `read_csv`, and by `pd.concat` of tables made apart (`to_pickle`
    keeps them). Such a table is summed up as the game its `ending` column names (no two games end
    alike), so its figures are those of the table it was saved from; `game=` names the game instead
    (a ValueError when the table says another). A table with win or ending columns that names no
    game either way gets both kinds of win rate and only the endings it holds, with a warning.
    """
    if not isinstance(table, pd.DataFrame):
        raise ValueError(f"table is a table of games (from lab.simulate), not {type(table).__name__}")
    summed = next((name for name in table.columns if f"{name}_low" in table.columns and f"{name}_high" in table.columns), None)
    if summed is not None:  # its figures' means would be a table of nonsense
        raise ValueError(f"the table looks like a summary already ({summed!r} comes with {summed}_low and {summed}_high): "
                         "summarise the table of games it was made from, one row a game (lab.simulate, "
                         "lab.sweep(..., per_game=True))")
    if table.empty:  # a filter that kept no game: its figures would be a row of NaN
        raise ValueError("the table holds no games to sum up (a filter of its rows kept none?)")
    confidence = check_confidence(confidence)
    table = _with_game(table, game)
    keys = [] if by is None else [by] if isinstance(by, str) else list(by) if isinstance(by, (list, tuple)) else None
    if keys is None:
        raise ValueError(f"by is a column's name or a list of names, not {by!r}")
    missing = [key for key in keys if key not in table.columns]
    if missing:
        raise ValueError(f"the table has no column {', '.join(map(repr, missing))} to group by")
    rates = _rates(table)
    means = _means(table, keys)
    parts = [((), table)] if not keys else table.groupby(keys, sort=False, dropna=False)
    counted = "rounds" if "round" in table.columns else "games"
    rows = []
    for key, part in parts:
        row: dict[str, Any] = dict(zip(keys, key if isinstance(key, tuple) else (key,)))
        row[counted] = len(part)
        for name, count in rates.items():
            successes, trials = count(part)
            _put(row, name, wilson(successes, trials, confidence))
        for name, kind in means.items():
            values = part[name].dropna()
            _put(row, name, share_interval(values, confidence) if kind == "share"
                 else mean_interval(values, confidence, least=0 if kind == "count" else None))
        rows.append(row)
    summary = pd.DataFrame(rows)
    summary.attrs.update({key: value for key, value in table.attrs.items() if key in ("game", "players", "seed", "bots")})
    summary.attrs["confidence"] = confidence
    summary.attrs["counted"] = counted  # the name of the count column
    return summary


def _put(row: dict[str, Any], name: str, figures: tuple[float, float, float]) -> None:
    row[name], row[f"{name}_low"], row[f"{name}_high"] = figures


def _rates(table: pd.DataFrame) -> dict[str, Any]:
    """The rates a table has, each a function of a group giving (successes, trials)."""
    rates: dict[str, Any] = {}
    compete = _seats_compete(table)
    if "won" in table.columns and compete is not True:
        rates["win_rate"] = lambda part: (float(part["won"].sum()), len(part))
    if compete is not False:
        for column in _seat_columns(table, "win"):
            rates[f"win_rate_{column.rsplit('_', 1)[1]}"] = lambda part, column=column: (
                float(part[column].fillna(0).sum()), int(part[column].notna().sum()))
    known = _endings(table)
    if "ending" in table.columns:
        for ending in sorted({*known, *table["ending"].dropna().astype(str)}):
            rates[f"ending_{_slug(ending)}"] = lambda part, ending=ending: (
                float((part["ending"].astype(str) == ending).sum()), len(part))
    if "round_endings" in table.columns:
        endings = sorted({*known, *(ending for text in table["round_endings"].dropna() for ending in str(text).split("/") if ending)})
        for ending in endings:
            rates[f"round_ending_{_slug(ending)}"] = lambda part, ending=ending: _round_share(part, ending)
    return rates


def _round_share(part: pd.DataFrame, ending: str) -> tuple[float, int]:
    rounds = [item for text in part["round_endings"].dropna() for item in str(text).split("/") if item]
    return float(sum(item == ending for item in rounds)), len(rounds)


def _means(table: pd.DataFrame, keys: Sequence[str]) -> dict[str, str]:
    """The columns to average, each with its kind, decided over the whole table (every group's
    interval of one column is of one kind), so that an interval stays within what its figure can
    be where the figure's definition bounds it (a t interval passes 0 and 1 at a few games):

    - "share": a column holding only 0 and 1 that is no count (a yes or no per game, a teacher's
      own): Wilson's interval, as a rate's;
    - "count": a count of the game's (`Game.counts`) or the table's (`COUNTS`), every value 0 or
      more: the t interval, its low end stopped at 0. Only the low end: no top is a count's own (a
      house rule heals the monk past its start). A count is no share where it holds only 0 and 1
      (it could be 2); one edited below 0 is no longer the game's, so it gets no bound;
    - "mean": any other (Inferno's points, which a house rule takes below 0): the t interval whole.
    """
    skip = {*keys, *IDENTIFIERS, *table.attrs.get("swept", ()), *_seat_columns(table, "win")}
    if _seats_compete(table) is False:  # a result is the win itself: win_rate says it
        skip.update(_seat_columns(table, "result"))
    game = _game(table)
    counts = {*COUNTS, *(() if game is None else game.counts)}
    kinds = {}
    for column in table.columns:
        if column in skip or not pd.api.types.is_numeric_dtype(table[column]) or pd.api.types.is_bool_dtype(table[column]):
            continue
        values = table[column].dropna()
        if column in counts:  # a count edited below 0 is no longer what the game defines: no bound of its own
            kinds[column] = "count" if bool((values >= 0).all()) else "mean"
        else:
            kinds[column] = "share" if len(values) and bool(values.isin((0, 1)).all()) else "mean"
    return kinds


def _seat_columns(table: pd.DataFrame, prefix: str) -> list[str]:
    return [column for column in table.columns if re.fullmatch(rf"{prefix}_\d+", str(column))]


def _game(table: pd.DataFrame) -> Game | None:
    """The game the table says it is from (`attrs["game"]`), if it says."""
    name = table.attrs.get("game")
    return game_named(name) if name in GAMES else None


def _with_game(table: pd.DataFrame, game: str | Game | None) -> pd.DataFrame:
    """The table, its `attrs` naming its game: as `game` says, as its endings show, or as it was
    (with a warning where the game would change its figures)."""
    said, told = _game(table), None
    if game is not None:
        told = game if isinstance(game, Game) else game_named(game)
        if said is not None and said.name != told.name:
            raise ValueError(f"game: the table is from {said.title}, not {told.title} (its attrs['game'] says so)")
    elif said is not None:
        return table
    else:
        told = _game_by_endings(table)
    if told is None:
        if any(column == "won" or column in ("ending", "round_endings") or re.fullmatch(r"win_\d+", str(column))
               for column in table.columns):
            warnings.warn("the table does not say which game it is from (its attrs were lost: read back from a CSV file, "
                          "or pd.concat of tables made apart?), so it gets both kinds of win rate and only the endings it "
                          "holds; give lab.summarise(..., game='inferno'), or keep tables with to_pickle", UserWarning,
                          stacklevel=3)
        return table
    named = table.copy(deep=False)
    named.attrs = {**table.attrs, "game": told.name}
    return named


def _game_by_endings(table: pd.DataFrame) -> Game | None:
    """The one game whose endings include every ending the table's `ending` column holds."""
    if "ending" not in table.columns:
        return None
    endings = {str(ending) for ending in table["ending"].dropna()}
    found = [game_named(name) for name in GAMES if endings and endings <= set(game_named(name).endings)]
    return found[0] if len(found) == 1 else None


def _seats_compete(table: pd.DataFrame) -> bool | None:
    """Whether seats win apart, as in Inferno, or together (solo, cooperative); None when the
    table does not say which game it is from."""
    game = _game(table)
    return None if game is None else game.seats_compete


def _endings(table: pd.DataFrame) -> tuple[str, ...]:
    """Every way a game of the table's game can end: each gets its rate, 0 where no game ended so
    (a small run's table has the same columns as a large one's)."""
    game = _game(table)
    return () if game is None else game.endings


def _slug(text: str) -> str:
    return re.sub(r"\W+", "_", text.strip()).strip("_") or "none"
