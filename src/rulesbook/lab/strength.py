"""How strong each bot level is, measured against the others on the same deals."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pandas as pd

from rulesbook.core.protocol import Game
from rulesbook.lab.arguments import games_count
from rulesbook.core.stats import check_confidence, wilson
from rulesbook.lab.sweep import sweep
from rulesbook.lab.tables import game_of
from rulesbook.lab.variants import bot_names


def strength(
    game: str | Game,
    levels: str | Sequence[str] | None = None,
    *,
    against: str | None = None,
    games: int = 100,
    players: int | None = None,
    seed: int | str = 1,
    rules: Any = None,
    confidence: float = 0.95,
    workers: int | None = 1,
    client: Any = None,
    progress: bool | None = None,
) -> pd.DataFrame:
    """Every bot level against every other, `games` games each, the same seeds for every pairing.

    Where the seats compete (Mountain of Inferno), a level takes one seat and the other level
    every other seat, its seat turning one place a game: `win_rate` is its share of the wins (a
    tie shares one), and `parity` the share a level as strong as its rivals would get, one in
    `players`. Where the seats play alone or together (Hudai Pass, At the Mountains of Madness),
    each level plays every seat: `win_rate` is the share of games won, `against` is empty and
    `parity` NaN. `levels` are bot names ("random,greedy,search"; None: every bot of the game);
    `against` sets each level against that one only, where seats compete (the search bot against
    greedy bots, say). The other arguments are `simulate`'s. One row per pairing: pairing (its
    label, "search against greedy", for a chart's `x`), level, against, games, win_rate with its
    Wilson interval (win_rate_low, win_rate_high), parity.
    """
    protocol = game_of(game)
    names = bot_names(levels) or protocol.bot_names
    protocol.check_bot_names((*names, *([against] if against is not None else [])))
    twice = [name for name in dict.fromkeys(names) if names.count(name) > 1]
    if twice:  # each level is one row: a second mention would be dropped unsaid
        raise ValueError(f"levels name {', '.join(twice)} more than once; each level is measured once")
    games, confidence = games_count(games), check_confidence(confidence)
    seats = protocol.default_seats(players)
    competing = protocol.seats_compete
    if against is not None and not competing:
        raise ValueError(f"{protocol.title}'s seats do not compete: there is no level to play against")
    if competing and against is None and len(names) < 2:
        raise ValueError(f"{protocol.title}'s seats compete: name at least two levels to set against each other, "
                         "or give against= the level to play them against (against='random')")
    if not competing:
        pairings = {(level, ""): [level] * seats for level in names}
    else:
        rivals = [against] if against is not None else names
        pairings = {(level, other): [level] + [other] * (seats - 1) for level in names for other in rivals if other != level}
        if not pairings:  # one level, against itself
            raise ValueError(f"{names[0]} against {against or names[0]}: a level set against itself measures nothing")
    labels = {pairing: f"{pairing[0]} against {pairing[1]}" if competing else pairing[0] for pairing in pairings}
    rows = sweep(protocol, {"bots": {labels[pairing]: bots for pairing, bots in pairings.items()}}, games=games,
                 players=players, seed=seed, rules=rules, baseline=False, per_game=True, workers=workers,
                 client=client, progress=progress, label=f"{protocol.name} strength")
    table = []
    for pairing, label in labels.items():
        part = rows[rows["bots"] == label]  # the grid key's column holds each pairing's label
        if competing:
            wins = sum(float(part[f"win_{seat}"].where(part[f"bot_{seat}"] == pairing[0], 0).sum()) for seat in range(seats))
        else:
            wins = float(part["won"].sum())
        rate, low, high = wilson(wins, len(part), confidence)
        table.append({"pairing": label, "level": pairing[0], "against": pairing[1], "games": len(part), "win_rate": rate,
                      "win_rate_low": low, "win_rate_high": high, "parity": 1 / seats if competing else float("nan")})
    result = pd.DataFrame(table)
    result.attrs.update({"game": protocol.name, "players": seats, "seed": seed, "confidence": confidence, "counted": "games"})
    return result
