"""Hudai Pass: play many seeded solo games with a bot monk and report how they end.

Used by `rulesbook simulate hudai` and `rulesbook replay RECORD.json` (see rulesbook.cli).
"""

from __future__ import annotations

import argparse
import concurrent.futures
import json
import statistics
import sys
import time
from typing import TextIO

from rulesbook.core.errors import IllegalAction, NotationError
from rulesbook.core.progress import Progress
from rulesbook.hudai.bots import BOTS, make_bot, play_game
from rulesbook.hudai.cards import CardFileError
from rulesbook.hudai.records import make_record, record_to_json, replay_steps
from rulesbook.hudai.rules import Rules
from rulesbook.hudai.state import LOSSES, WON, HudaiState


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--games", type=int, default=1000, help="how many games to play (default 1000)")
    parser.add_argument("--seed", default="1", help="the seed of the whole run; game i is seeded '<seed>:<i>'")
    parser.add_argument("--bot", choices=sorted(BOTS), default="heuristic", help="which monk plays (default heuristic)")
    parser.add_argument("--json", action="store_true", help="print a JSON summary instead of text")
    parser.add_argument("--cards", default=None, help="a card file in the format of rulesbook/hudai/data/cards.csv")
    parser.add_argument(
        "--powers", default=None, help="the demon's three powers left to right, e.g. drain,confuse,mind_pierce (HUD-R02)"
    )
    parser.add_argument("--jobs", type=int, default=1, help="play the games in this many processes (same results; default 1)")
    parser.add_argument("--record", default=None, help="write the first game's record (JSON) to this file, for `rulesbook replay`")


def game_seed(run_seed: object, index: int) -> str:
    return f"{run_seed}:{index}"


def _play_one(job: tuple[object, int, str, Rules]) -> tuple[str, int, int, dict | None]:
    """One game of a run: (outcome, turns, actions, the record when it is the run's first game)."""
    seed, index, bot, rules = job
    seed_i = game_seed(seed, index)
    final, played = play_game(make_bot(bot, seed_i), seed_i, rules)
    record = make_record(seed_i, rules, played, final) if index == 0 else None
    return final.outcome, final.turn, len(played), record


def simulate(
    games: int, seed: object = 1, bot: str = "heuristic", rules: Rules | None = None, progress: Progress | None = None, jobs: int = 1
) -> dict:
    """Play `games` games and summarise them: win rate, losses by cause, turns per game, speed.

    Game i is seeded '<seed>:<i>', so the summary is the same for any number of `jobs`."""
    rules = rules if rules is not None else Rules()
    outcomes = {WON: 0, **{loss: 0 for loss in LOSSES}}
    turns: list[int] = []
    won_turns: list[int] = []
    actions = 0
    first_record = None
    started = time.perf_counter()
    work = [(seed, index, bot, rules) for index in range(games)]
    pool = concurrent.futures.ProcessPoolExecutor(jobs) if jobs > 1 and games > 1 else None
    try:
        results = pool.map(_play_one, work, chunksize=max(1, games // (jobs * 8))) if pool else map(_play_one, work)
        for outcome, turn, count, record in results:
            outcomes[outcome] += 1
            turns.append(turn)
            if outcome == WON:
                won_turns.append(turn)
            actions += count
            if record is not None:
                first_record = record
            if progress is not None:
                progress.advance()
    finally:
        if pool is not None:
            pool.shutdown()
    elapsed = time.perf_counter() - started
    summary = {
        "game": "hudai",
        "bot": bot,
        "seed": seed,
        "games": games,
        "wins": outcomes[WON],
        "win_rate": outcomes[WON] / games if games else 0.0,
        "losses": {loss: outcomes[loss] for loss in LOSSES},
        "turns_mean": statistics.fmean(turns) if turns else 0.0,
        "turns_min": min(turns, default=0),
        "turns_max": max(turns, default=0),
        "turns_mean_when_won": statistics.fmean(won_turns) if won_turns else None,
        "actions": actions,
        "jobs": jobs,
        "seconds": round(elapsed, 3),
        "games_per_second": round(games / elapsed, 1) if elapsed > 0 else None,
        "actions_per_second": round(actions / elapsed, 1) if elapsed > 0 else None,
    }
    summary["_first_record"] = first_record
    return summary


LOSS_WORDS = {
    "health": "the monk ran out of health",
    "corruption": "the monk took corruption with none left to take",
    "power": "a demon power went over 12 cubes (HUD-R09)",
    "turn_limit": "the turn limit ran out (Rules.max_turns)",
}


def run(args: argparse.Namespace) -> int:
    try:
        powers = tuple(p.strip() for p in args.powers.split(",")) if args.powers else Rules().powers
        rules = Rules(powers=powers, cards_path=args.cards)
        rules.cards  # load now, so a bad file is reported before playing
    except (ValueError, CardFileError) as error:
        print(f"rulesbook simulate hudai: {error}", file=sys.stderr)
        return 2
    if args.games < 0 or args.jobs < 1:
        print("rulesbook simulate hudai: --games must not be negative and --jobs must be at least 1", file=sys.stderr)
        return 2
    with Progress(args.games, f"hudai ({args.bot})") as progress:
        summary = simulate(args.games, args.seed, args.bot, rules, progress, args.jobs)
    record = summary.pop("_first_record")
    if args.record and record is not None:
        with open(args.record, "w", encoding="utf-8") as file:
            file.write(record_to_json(record))
    if args.json:
        print(json.dumps(summary, indent=1))
        return 0
    games = summary["games"]
    print(f"Hudai Pass: {games} games, {args.bot} monk, seed {args.seed}")
    print(f"  won: {summary['wins']} ({100 * summary['win_rate']:.1f}%)")
    for loss, count in summary["losses"].items():
        share = 100 * count / games if games else 0.0
        print(f"  lost, {LOSS_WORDS[loss]}: {count} ({share:.1f}%)")
    print(f"  turns per game: mean {summary['turns_mean']:.1f}, min {summary['turns_min']}, max {summary['turns_max']}")
    if summary["turns_mean_when_won"] is not None:
        print(f"  turns per won game: mean {summary['turns_mean_when_won']:.1f}")
    print(f"  speed: {summary['games_per_second']} games/s, {summary['actions_per_second']} actions/s")
    if args.record:
        print(f"  first game's record written to {args.record}")
    return 0


def replay(record: dict, out: TextIO) -> int:
    """Print a recorded game turn by turn: each action and the events that explain it."""
    try:
        rules_note = "" if not record.get("rules") or Rules.from_dict(record["rules"]) == Rules() else " (house rules)"
        out.write(f"Hudai Pass, seed {record['seed']}{rules_note}\n")
        turn = None
        last: HudaiState | None = None
        for before, text, after, events in replay_steps(record):
            if before.turn != turn:
                turn = before.turn
                out.write(f"\n== Turn {turn} ==\n{before.summary()}\n")
            out.write(f"> {text}\n")
            for event in events:
                if event.kind != "turn":
                    out.write(f"    {event.text}\n")
            last = after
    except (KeyError, TypeError, ValueError) as error:  # IllegalAction and NotationError are ValueErrors
        kind = type(error).__name__ if isinstance(error, (IllegalAction, NotationError)) else "bad record"
        print(f"rulesbook replay: {kind}: {error}", file=sys.stderr)
        return 1
    if last is None:
        out.write("(no actions recorded)\n")
        return 0
    if last.is_over:
        verdict = "The monk wins." if last.won else f"The monk loses: {LOSS_WORDS.get(last.outcome, last.outcome)}."
    else:
        verdict = "The record ends before the game does."
    out.write(f"\n{verdict} {last.summary()}\n")
    stored = record.get("final")
    if stored is not None and HudaiState.from_dict(stored) != last:
        print("rulesbook replay: the replayed game does not match the record's final state", file=sys.stderr)
        return 1
    return 0
