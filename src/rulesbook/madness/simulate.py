"""At the Mountains of Madness: cooperative bot expeditions, win rate, endings, relics and madness.

`rulesbook simulate madness --players 4 --games 1000 --seed 1 [--json]` plays seeded games with
ExpeditionBots; `rulesbook replay RECORD.json` prints a recorded game turn by turn.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from typing import TextIO

from rulesbook.core.progress import Progress
from rulesbook.madness.bots import play_game
from rulesbook.madness.engine import injuries_in_play, level, relic_count
from rulesbook.madness.pack import load_pack
from rulesbook.madness.records import event_line, make_record, replay_steps
from rulesbook.madness.state import Rules


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--players", type=int, default=4, choices=(3, 4, 5), help="expedition size (3-5)")
    parser.add_argument("--games", type=int, default=100, help="how many expeditions to play")
    parser.add_argument("--seed", type=int, default=1, help="first seed; game i uses seed + i")
    parser.add_argument("--expert", action="store_true", help="the Expert Variant (Madness cards accumulate)")
    parser.add_argument("--pack", default=None, help="a data pack JSON file (default: the illustrative pack)")
    parser.add_argument("--record", default=None, help="write the first game's record to this JSON file")
    parser.add_argument("--json", action="store_true", help="print a JSON summary")


def simulate(players: int, games: int, seed: int, rules: Rules, pack=None, progress: Progress | None = None,
             first_record: list | None = None) -> dict:
    """Play `games` bot expeditions and summarise them."""
    endings: Counter = Counter()
    levels: Counter = Counter()
    relics = injuries = turns = actions = wins = 0
    margins: Counter = Counter()
    started = time.perf_counter()
    for i in range(games):
        state, played = play_game(players, seed + i, rules, pack)
        if first_record is not None and i == 0:
            first_record.append(make_record(state, played))
        wins += bool(state.won)
        ending = state.result if state.result != "escaped" else ("escaped, won" if state.won else "escaped, lost")
        endings[ending or "unfinished"] += 1
        relics += relic_count(state)
        injuries += injuries_in_play(state)
        margins[relic_count(state) - injuries_in_play(state)] += 1
        turns += state.turn
        actions += len(played)
        for p in range(state.count):
            levels[level(state, p)] += 1
        if progress is not None:
            progress.advance()
    elapsed = time.perf_counter() - started
    n = max(games, 1)
    return {
        "game": "madness",
        "players": players,
        "games": games,
        "seed": seed,
        "rules": rules.to_json(),
        "win_rate": wins / n,
        "endings": dict(sorted(endings.items())),
        "mean_relics": relics / n,
        "mean_injuries": injuries / n,
        "relics_minus_injuries": {str(k): v for k, v in sorted(margins.items())},
        "madness_levels_at_end": {str(k): levels.get(k, 0) for k in range(4)},
        "mean_turns": turns / n,
        "mean_actions": actions / n,
        "games_per_second": games / elapsed if elapsed else 0.0,
        "actions_per_second": actions / elapsed if elapsed else 0.0,
    }


def run(args: argparse.Namespace) -> int:
    rules = Rules(expert=args.expert)
    pack = load_pack(args.pack) if args.pack else None
    records: list = []
    with Progress(args.games, "madness") as progress:
        summary = simulate(args.players, args.games, args.seed, rules, pack, progress, records if args.record else None)
    if args.record and records:
        with open(args.record, "w", encoding="utf-8") as file:
            json.dump(records[0], file, indent=1)
    if args.json:
        print(json.dumps(summary, indent=2))
        return 0
    print(f"At the Mountains of Madness: {summary['games']} expeditions of {summary['players']} players"
          f" (seed {summary['seed']}{', expert' if args.expert else ''})")
    print(f"win rate: {summary['win_rate']:.1%}")
    print("endings: " + ", ".join(f"{k} {v}" for k, v in summary["endings"].items()))
    print(f"relics per game: {summary['mean_relics']:.2f}; injuries in play at the end: {summary['mean_injuries']:.2f}")
    print("relics minus injuries: " + ", ".join(f"{k}: {v}" for k, v in summary["relics_minus_injuries"].items()))
    print("madness levels at the end (players): " + ", ".join(f"level {k}: {v}" for k, v in summary["madness_levels_at_end"].items()))
    print(f"turns per game: {summary['mean_turns']:.1f}; {summary['games_per_second']:.1f} games/s,"
          f" {summary['actions_per_second']:.0f} actions/s")
    return 0


def replay(record: dict, out: TextIO = sys.stdout) -> int:
    """Print a recorded expedition turn by turn (every event, hidden ones marked)."""
    try:
        steps = list(replay_steps(record))
    except (ValueError, KeyError) as error:
        print(f"rulesbook replay: cannot replay this record: {error}", file=out)
        return 2
    print(f"At the Mountains of Madness, players {', '.join(record['players'])}, seed {record['seed']}", file=out)
    turn = 0
    final = None
    for before, text, after, events in steps:
        if before.turn != turn:
            turn = before.turn
            print(f"\n== Turn {turn}, leader P{before.leader + 1} ==", file=out)
        print(f"> {text}", file=out)
        for event in events:
            print(f"    {event_line(event)}", file=out)
        final = after
    if final is not None and final.phase == "over":
        print(f"\nResult: {final.result}, {'won' if final.won else 'lost'}", file=out)
    return 0
