"""Rule variants side by side: every combination of some fields' values, the same deals for each."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pandas as pd

from rulesbook.core.protocol import Game
from rulesbook.lab.arguments import bar_label, flag, games_count
from rulesbook.core.stats import check_confidence
from rulesbook.lab.summary import summarise
from rulesbook.lab.tables import game_of, game_rows, run_attrs
from rulesbook.lab.variants import variants
from rulesbook.lab.workers import play_runs


def sweep(
    game: str | Game,
    grid: Mapping[str, Any],
    *,
    games: int = 100,
    players: int | None = None,
    seed: int | str = 1,
    bots: str | Sequence[str] | None = None,
    rules: Any = None,
    baseline: bool = True,
    per_game: bool = False,
    confidence: float = 0.95,
    workers: int | None = 1,
    client: Any = None,
    progress: bool | None = None,
    label: str | None = None,
) -> pd.DataFrame:
    """Every combination of the `grid`'s values, `games` games each; one row per variant.

    The arguments after the grid are given by name (a sweep takes many numbers); `games`,
    `players`, `seed`, `bots`, `rules`, `workers`, `client` and `progress` are `simulate`'s;
    `label` is the progress bar's (the game's name and "sweep" when None).

    `grid` maps a `Rules` field (or `players`, `bots`) to the values to try, as a list or as
    `{label: value}` for data a teacher loads (a card set, a data pack: `{"standard": a, "harsh":
    b}`); values may also be written as text, as on the command line ("zh", "true"). The key
    `rules` takes whole sets of rules side by side, house rules by name: `{"rules": {"ZH step":
    Rules(step_any_pawn=True), "ZH": Rules(edition="zh")}}`, each a Rules value (the fields it
    sets, as its repr names them: `Rules(edition="zh", play_limit=None)` sets both, so it plays
    exactly that value), a dict of fields or FIELD=VALUE text. `rules` are the fields every
    variant starts from (a Rules value: exactly it), and a set of the grid's sets its own fields
    on top of them. Every variant plays the same seeds, so differences come
    from the rules, not the deals. An unknown field, a bad value or a combination the game refuses
    is a ValueError naming it, before any game is played.

    The table has `variant` (its label: "edition=zh, two_pawns=True"; a set of `rules` by its own
    label, as its column holds it, so the two columns merge and plot alike), `default` (True for the
    variant that plays `rules` as given; with `baseline` that row is added first when the grid
    leaves it out), one column per key of the grid (the value, or a data value's label; named
    `rule_<key>` where a game's column has the key's name, as Hudai's `monk_health`), then the
    figures of `summarise` with their intervals (Wilson for rates and columns of 0 and 1, Student t
    for other means, a count's stopped at 0).
    `beyond_noise`, third, names the figures where a variant's interval and the default's do
    not overlap, or says "none": a switch that changes nothing these games can show says so, and
    "none: every game ended as under the default" where each game's row is the default's game
    of the same deal (the bots never bring the switch into play, as Madness's speech rules:
    its bots never speak).
    `per_game=True` gives the games' rows instead (those columns and `simulate`'s), which
    `summarise(rows, by="variant")` sums up the same way and `lab.record(rows, game, variant)`
    plays again.
    """
    protocol = game_of(game)
    games, confidence = games_count(games), check_confidence(confidence)
    per_game = bool(flag(per_game, "per_game"))
    points = variants(protocol, grid, games=games, players=players, seed=seed, bots=bots, rules=rules,
                      baseline=bool(flag(baseline, "baseline")))
    played = list(play_runs([(point.run, range(point.run.games)) for point in points], workers=workers,
                            client=client, progress=progress, label=bar_label(label, f"{protocol.name} sweep")))
    frames = [game_rows(protocol, played[number * games:(number + 1) * games]) for number in range(len(points))]
    columns = _setting_columns(grid, {column for frame in frames for column in frame.columns})
    heads = [{"variant": point.label, "default": point.default,
              **{columns[key]: value for key, value in point.settings.items()}} for point in points]
    rows = pd.concat(
        [frame.assign(**{name: [value] * len(frame) for name, value in head.items() if name != "players"})
         [[*(name for name in head if name != "players"), *frame.columns]] for head, frame in zip(heads, frames)],
        ignore_index=True,
    )
    rows.attrs.update({"game": protocol.name, "seed": seed,
                       "swept": [column for column in columns.values() if column != "players"]})
    if "players" not in grid:
        rows.attrs["players"] = points[0].run.players
    if per_game:  # how each variant was played, for lab.record
        rows.attrs["variants"] = {point.label: run_attrs(point.run) for point in points}
        return rows
    summary = summarise(rows, by="variant", confidence=confidence)
    table = pd.concat([pd.DataFrame(heads), summary.drop(columns="variant")], axis=1)
    default = next((frame for point, frame in zip(points, frames) if point.default), None)
    table.insert(2, "beyond_noise", beyond_noise(table, [default is not None and frame.equals(default) for frame in frames]))
    table.attrs.update({**rows.attrs, "confidence": confidence})
    return table


def beyond_noise(table: pd.DataFrame, same: Sequence[bool] = ()) -> list[str]:
    """Per variant, the figures whose interval and the default's do not overlap, or "none" (the
    difference from the default is within the noise of these games: read nothing into it); ""
    for the default itself, or when no row is the default. Where `same` says a variant's games
    each ended as the default's game of the same deal did, "none: every game ended as under the
    default": a switch these bots never bring into play, or one that changes nothing the games
    record.

    Intervals that do not overlap are the plain reading a class can check by eye, and a
    cautious one: a difference can be real with intervals that still touch. More games narrow them."""
    defaults = table.index[table["default"]]
    if len(defaults) == 0:
        return [""] * len(table)
    base = table.loc[defaults[0]]
    figures = [name for name in table.columns if f"{name}_low" in table.columns and f"{name}_high" in table.columns]
    said = []
    for position, (index, row) in enumerate(table.iterrows()):
        if index == defaults[0]:
            said.append("")
            continue
        apart = [name for name in figures if row[f"{name}_low"] > base[f"{name}_high"] or row[f"{name}_high"] < base[f"{name}_low"]]
        unchanged = len(same) > position and same[position]
        said.append(", ".join(apart) or ("none: every game ended as under the default" if unchanged else "none"))
    return said


def _setting_columns(grid: Mapping[str, Any], game_columns: set[str]) -> dict[str, str]:
    """Each key's column: its own name, or `rule_<key>` where a game's column already has it (a
    start figure and the same figure at the end are not the same thing). `players` is the games'
    own column."""
    return {key: key if key == "players" or key not in game_columns else f"rule_{key}" for key in grid}
