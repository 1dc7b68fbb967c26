"""Simulations as tables: one row per game (or per round), the same columns in every game where
they mean the same thing."""

from __future__ import annotations

import operator
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import pandas as pd

from rulesbook.core.harness import GameResult, Run
from rulesbook.core.protocol import GAMES, Game, game as game_named
from rulesbook.core.records import GameRecord
from rulesbook.lab.arguments import flag, games_count
from rulesbook.lab.variants import make_rules, make_run, rule_values
from rulesbook.lab.workers import play_runs


def simulate(
    game: str | Game,
    games: int = 100,
    players: int | None = None,
    seed: int | str = 1,
    bots: str | Sequence[str] | None = None,
    rules: Any = None,
    *,
    workers: int | None = 1,
    client: Any = None,
    rounds: bool = False,
    progress: bool | None = None,
) -> pd.DataFrame:
    """Bots play `games` seeded games; a table with one row per game (`rounds=True`: per round).

    Game i is seeded `"<seed>:<i>"` and its bots turn one seat per game, so each row depends only
    on (seed, i): `workers` processes (None: every core) or a Dask `client` give the same rows as
    one. `bots` are names per seat ("greedy,random"), repeated to fill the table; that line-up is
    what turns (three players of "greedy,random": two greedy bots and a random one in every game;
    `core.harness.seat_bots`), and more names than seats take turns at the table. `rules` is the
    game's Rules, a dict of fields or `FIELD=VALUE` text; a bad field, value or combination is a
    ValueError before any game is played. `progress`: a bar in Jupyter or on a terminal (None:
    only when someone is watching). The table's `attrs` hold the game, players, seed, bots and rules.

    Columns, one row per game (seats counted from 0, as `current_player` counts them):

    ===============  ========  ==============================================================
    column           games     what it holds
    ===============  ========  ==============================================================
    game             all       the game's number in the run: 0, 1, 2 ...
    seed             all       the seed that replays it, ``"<seed>:<game>"`` (`lab.record`)
    players          all       seats at the table
    bot_<seat>       all       the bot in that seat
    result_<seat>    all       the seat's final result: points (Inferno), 1 won / 0 lost
    winners          all       the winning seats, a tuple; () when nobody won
    win_<seat>       all       the seat's share of the win: 1, 1/k in a k-way tie, else 0
    won              all       whether anyone won (Inferno: always; else the monk, the expedition)
    actions          all       actions taken
    turns            all       turns played (Inferno: in all rounds)
    ending           all       how it ended: the last round's "cross" or "pile" (Inferno);
                               "won", "health", "corruption", "power", "turn_limit" (Hudai);
                               "escaped" (won or lost: MAD-R03), "no hope", "injuries" (Madness)
    rounds           inferno   rounds played
    crosses          inferno   rounds ended by a complete cross
    round_endings    inferno   how each round ended, in order: "cross/pile/cross/cross"
    monk_health      hudai     the monk's health at the end
    corruption       hudai     the monk's corruption at the end
    demon_health     hudai     the demon's health at the end
    relics           madness   Relics in play at the end
    injuries         madness   Injuries in play at the end
    tokens           madness   Leadership tokens still in play
    top_madness      madness   the highest Madness level any player reached
    ===============  ========  ==============================================================

    Columns with ``rounds=True``, one row per round (games with rounds: Inferno):

    ===============  ========  ==============================================================
    column           games     what it holds
    ===============  ========  ==============================================================
    game             inferno   the game's number in the run
    seed             inferno   the seed that replays the game
    players          inferno   seats at the table
    bot_<seat>       inferno   the bot in that seat
    round            inferno   the round's number: 1, 2 ...
    ending           inferno   how the round ended: "cross" or "pile"
    ender            inferno   the seat that ended it
    turns            inferno   turns in the round
    raw_<seat>       inferno   the seat's score for the round before the track
    scored_<seat>    inferno   what the seat's total moved on the track
    ===============  ========  ==============================================================
    """
    protocol = game_of(game)
    if flag(rounds, "rounds") and not protocol.has_rounds:
        with_rounds = [name for name in GAMES if game_named(name).has_rounds]
        raise ValueError(f"{protocol.title} has no rounds; rounds=True is for {', '.join(with_rounds)}")
    run = make_run(protocol, games_count(games), players, seed, bots, _rules(protocol, rules))
    played = play_runs([(run, range(run.games))], workers=workers, client=client, progress=progress, label=protocol.name)
    table = round_rows(protocol, played) if rounds else game_rows(protocol, played)
    table.attrs.update(run_attrs(run))
    return table


def game_rows(protocol: Game, played: Iterable[GameResult]) -> pd.DataFrame:
    """One row per game, with the columns `simulate` documents."""
    return pd.DataFrame([_game_row(protocol, result) for result in played])


def round_rows(protocol: Game, played: Iterable[GameResult]) -> pd.DataFrame:
    """One row per round of every game, with the columns `simulate` documents for `rounds=True`."""
    rows = []
    for result in played:
        head = _head(result)
        for values in result.rounds:
            rows.append({**head, **_per_seat(values, len(result.bots))})
    return pd.DataFrame(rows)


def _game_row(protocol: Game, result: GameResult) -> dict[str, Any]:
    seats = len(result.bots)
    share = 1.0 if protocol.cooperative else 1 / max(len(result.winners), 1)
    row = _head(result)
    row.update({f"result_{seat}": value for seat, value in enumerate(result.returns)})
    row["winners"] = tuple(result.winners)
    row.update({f"win_{seat}": share if seat in result.winners else 0.0 for seat in range(seats)})
    row["won"] = bool(result.winners)
    row["actions"] = result.actions
    row.update(_per_seat(result.facts, seats))
    if protocol.has_rounds:
        row["round_endings"] = "/".join(str(values.get("ending", "")) for values in result.rounds)
    return row


def _head(result: GameResult) -> dict[str, Any]:
    row: dict[str, Any] = {"game": result.index, "seed": result.seed, "players": len(result.bots)}
    row.update({f"bot_{seat}": name for seat, name in enumerate(result.bots)})
    return row


def _per_seat(values: dict[str, Any], seats: int) -> dict[str, Any]:
    """A game's own figures as columns: one per seat (`raw_0`, `raw_1` ...) for a figure given per seat."""
    row: dict[str, Any] = {}
    for name, value in values.items():
        if isinstance(value, (tuple, list)) and len(value) == seats:
            row.update({f"{name}_{seat}": item for seat, item in enumerate(value)})
        else:
            row[name] = value
    return row


def run_attrs(run: Run) -> dict[str, Any]:
    return {"game": run.game, "players": run.players, "seed": run.seed, "bots": list(run.bots), "rules": run.rules}


def record(table: pd.DataFrame, game: int, variant: str | None = None) -> GameRecord:
    """The record of game `game` of a `simulate` table (a number of its `game` column, as pandas
    gives it or not), played again from its seed: replay it with `record.steps()`, or write it
    to a file with `record.write(path)` for `rulesbook replay` (and `GameRecord.read(path)`). Of a `sweep(..., per_game=True)` table, whose
    variants play the same numbers, it is the game of the `variant` named (its `variant` column;
    by default the only one the table holds)."""
    attrs, games = _how_played(table, variant)
    try:
        number = operator.index(game)  # numpy's integers too, as pandas gives them
    except TypeError:
        number = None
    if number is None or isinstance(game, bool):
        raise ValueError(f"game is the number of one of the table's games (its 'game' column), not {game!r}")
    held = set(games["game"]) if "game" in games.columns else set()
    if number not in held:
        said = f"its games are numbered {min(held)} to {max(held)}" if held else "it holds no games"
        raise ValueError(f"game {number} is not in the table: {said}")
    run = Run(attrs["game"], number + 1, attrs["players"], attrs["seed"], tuple(attrs.get("bots", ())), attrs["rules"],
              keep_records=frozenset({number}))
    kept = run.play(number).record
    assert kept is not None
    return kept


def _how_played(table: Any, variant: Any) -> tuple[Mapping[Any, Any], pd.DataFrame]:
    """How a table's games (of the variant named, in a sweep's) were played, and those games' rows."""
    if not isinstance(table, pd.DataFrame):
        raise ValueError("table does not say how its games were played (a table from lab.simulate does)")
    runs = table.attrs.get("variants")
    if not (isinstance(runs, dict) and runs):
        if variant is not None:
            raise ValueError(f"variant={variant!r} is for a table of many variants, from lab.sweep(..., per_game=True)")
        if not {"game", "players", "seed", "rules"} <= set(table.attrs):
            raise ValueError("table does not say how its games were played (a table from lab.simulate, or "
                             "lab.sweep(..., per_game=True), does)")
        return table.attrs, table
    held = list(dict.fromkeys(table["variant"])) if "variant" in table.columns else list(runs)
    if variant is None:
        if len(held) > 1:
            raise ValueError(f"the table holds the games of {len(held)} variants, numbered alike: name one, as "
                             f"variant={held[0]!r} (its 'variant' column)")
        variant = held[0] if held else next(iter(runs))
    if not isinstance(variant, str) or variant not in runs:
        raise ValueError(f"the table has no variant {variant!r}; its variants are {', '.join(map(repr, runs))}")
    return runs[variant], table[table["variant"] == variant] if "variant" in table.columns else table


def game_of(game: str | Game) -> Game:
    """The game of that name, or the game itself."""
    return game if isinstance(game, Game) else game_named(game)


def _rules(protocol: Game, rules: Any) -> Any:
    """The Rules a run plays by: a Rules value as it is, else made from the fields given."""
    if isinstance(rules, protocol.rules_type):
        return rules
    return make_rules(protocol, rule_values(protocol, rules))
