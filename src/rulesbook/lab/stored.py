"""Games measured once and stored: one row per game in a CSV file, read back checked, replayed by seed.

The search bots are too slow to measure on a page that runs in a few seconds, so
benchmarks/bench_strength.py plays their games outside it and writes each one to a CSV file; a
chapter reads the file, and a test replays its cheapest games to show the figures are not stale. A
game is one of a run's: game `index` of bots `bots` seeded "<run seed>:<index>" (`lab.simulate`'s).
"""

from __future__ import annotations

import csv
import math
from collections.abc import Iterable, Mapping, Sequence
from os import PathLike
from pathlib import Path
from typing import Any

import pandas as pd

from rulesbook.core.data import DataError
from rulesbook.core.harness import GameResult, Run
from rulesbook.core.protocol import GAMES, game as game_named

#: The columns of a stored game, in order.
COLUMNS = ("game", "level", "against", "players", "bots", "seed", "index", "seat", "win", "result", "actions",
           "ending", "seconds")


def game_row(result: GameResult, game: str, level: str, against: str, bots: str, seconds: float) -> dict[str, Any]:
    """A stored row for one played game: `level`'s share of the win (its seat's, where seats
    compete; else 1 won, 0 lost), its result, the game's actions and CPU `seconds`."""
    protocol = game_named(game)
    seat = result.bots.index(level) if protocol.seats_compete else -1
    if protocol.seats_compete:
        win = 1 / len(result.winners) if seat in result.winners else 0.0
        points = result.returns[seat]
    else:
        win, points = (1.0 if result.winners else 0.0), result.returns[0]
    return {"game": game, "level": level, "against": against, "players": len(result.bots), "bots": bots,
            "seed": result.seed, "index": result.index, "seat": seat, "win": win, "result": points,
            "actions": result.actions, "ending": result.facts.get("ending", ""), "seconds": round(seconds, 2)}


def write_games(path: str | PathLike[str], rows: Iterable[Mapping[str, Any]], notes: Sequence[str]) -> None:
    """The rows to `path` as CSV, after the `notes` as comment lines ("# ...")."""
    path = Path(path)
    with path.open("w", newline="", encoding="utf-8") as file:
        file.writelines(f"# {note}\n" for note in notes)
        writer = csv.DictWriter(file, fieldnames=COLUMNS, lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)


def read_notes(path: str | PathLike[str]) -> list[str]:
    """The comment lines at the head of a stored file, without their "# "."""
    notes = []
    with Path(path).open(encoding="utf-8") as file:
        for line in file:
            if not line.startswith("#"):
                break
            notes.append(line[1:].strip())
    return notes


def read_games(path: str | PathLike[str]) -> pd.DataFrame:
    """The stored games of `path`, each row checked: a missing column or a bad value is a
    DataError naming the field and the game's line."""
    table = pd.read_csv(path, comment="#", dtype=str, keep_default_na=False)
    missing = [column for column in COLUMNS if column not in table.columns]
    if missing:
        raise DataError(str(path), f"no column {', '.join(map(repr, missing))}; a stored game has {', '.join(COLUMNS)}")
    rows = [_checked(row, f"{path}, game {number + 1}") for number, row in enumerate(table[list(COLUMNS)].to_dict("records"))]
    return pd.DataFrame(rows, columns=list(COLUMNS))


def _checked(row: Mapping[Any, str], where: str) -> dict[str, Any]:
    def bad(field: str, wanted: str) -> DataError:
        return DataError(where, f"the field {field!r} is {wanted}, not {row[field]!r}")

    def number(field: str, kind: type, low: float, high: float = math.inf) -> Any:
        try:
            value = kind(row[field])
        except ValueError:
            raise bad(field, f"a {'whole ' if kind is int else ''}number") from None
        if not low <= value <= high:
            raise bad(field, f"a number from {low:g}" + ("" if high == math.inf else f" to {high:g}"))
        return value

    if row["game"] not in GAMES:
        raise bad("game", f"one of {', '.join(GAMES)}")
    protocol = game_named(row["game"])
    if row["level"] not in protocol.bot_names:
        raise bad("level", f"one of {protocol.title}'s bots ({', '.join(protocol.bot_names)})")
    if row["against"] and row["against"] not in protocol.bot_names:
        raise bad("against", f"empty or one of {protocol.title}'s bots")
    bots = row["bots"].split(",")
    if not all(name in protocol.bot_names for name in bots) or row["level"] not in bots:
        raise bad("bots", f"the run's bots, names of {protocol.title}'s bots with the level among them")
    players = number("players", int, protocol.min_players, protocol.max_players)
    index = number("index", int, 0)
    base, _, tail = row["seed"].rpartition(":")
    if not base or tail != str(index):
        raise bad("seed", f"the game's seed, '<run seed>:{index}'")
    return {**row, "players": players, "index": index, "seat": number("seat", int, -1, players - 1),
            "win": number("win", float, 0, 1), "result": number("result", float, -math.inf),
            "actions": number("actions", int, 1), "seconds": number("seconds", float, 0)}


def replay(row: Mapping[str, Any]) -> GameResult:
    """The stored game `row` (of `read_games`) played again by today's bots, from its seed."""
    base = str(row["seed"]).rpartition(":")[0]
    protocol = game_named(row["game"])
    run = Run(row["game"], int(row["index"]) + 1, int(row["players"]), base, tuple(str(row["bots"]).split(",")),
              protocol.rules())
    return run.play(int(row["index"]))
