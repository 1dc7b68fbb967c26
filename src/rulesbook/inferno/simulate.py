"""Mountain of Inferno: simulate many seeded games with bots and summarise who wins and how.

`rulesbook simulate inferno --players 4 --games 1000 --seed 1 [--edition zh] [--two-pawns]
[--bots greedy,random] [--json]`. Bots are given per seat (the list is repeated to fill the
table) and rotate one seat each game, so each bot sits in every seat equally often.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections import Counter
from typing import Any, TextIO

from rulesbook.core.progress import Progress
from rulesbook.inferno.bots import BOTS, make_bot
from rulesbook.inferno.records import GameRecord, play_game
from rulesbook.inferno.rules import Rules


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--players", type=int, default=4, choices=(2, 3, 4))
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed; game i uses seed + i")
    parser.add_argument("--edition", choices=("en", "zh"), default="en")
    parser.add_argument("--two-pawns", action="store_true", help="the optional rule: two pawns may share a card (MOI-R13)")
    parser.add_argument("--bots", default="random", help=f"comma-separated, per seat: {', '.join(BOTS)}")
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")


def simulate(players: int, games: int, seed: int, rules: Rules, bots: list[str], progress: Progress | None = None) -> dict[str, Any]:
    """Play the games and gather the figures the summary reports."""
    seat_wins = [0.0] * players
    bot_wins: Counter = Counter()
    bot_seats: Counter = Counter()
    endings: Counter = Counter()
    round_scores: list[int] = []
    final_totals: list[int] = []
    turns_per_round: list[int] = []
    actions = 0
    for index in range(games):
        game_seed = seed + index
        names = [bots[(seat + index) % len(bots)] for seat in range(players)]
        record = play_game(players, game_seed, rules, [make_bot(name, f"{game_seed}:{seat}") for seat, name in enumerate(names)])
        state = record.final_state()
        actions += len(record.actions)
        share = 1 / len(state.winners)
        for seat in state.winners:
            seat_wins[seat] += share
            bot_wins[names[seat]] += share
        bot_seats.update(names)
        for result in state.results:
            endings[result.reason] += 1
            round_scores.extend(result.raw)
            turns_per_round.append(result.turns)
        final_totals.extend(state.totals)
        if progress:
            progress.advance()
    rounds = sum(endings.values())
    return {
        "game": "inferno",
        "players": players,
        "games": games,
        "seed": seed,
        "rules": rules.to_dict(),
        "bots": bots,
        "actions": actions,
        "win_rate_by_seat": [wins / games for wins in seat_wins],
        "win_rate_by_bot": {name: bot_wins[name] / bot_seats[name] for name in sorted(bot_seats)},
        "rounds": rounds,
        "round_endings": {"a (complete cross)": endings["a"], "b (draw pile)": endings["b"]},
        "round_score": _spread(round_scores),
        "final_total": _spread(final_totals),
        "mean_turns_per_round": statistics.fmean(turns_per_round) if turns_per_round else 0.0,
    }


def _spread(values: list[int]) -> dict[str, float]:
    if not values:
        return {}
    ordered = sorted(values)
    return {
        "mean": statistics.fmean(values),
        "min": ordered[0],
        "p25": ordered[len(ordered) // 4],
        "median": ordered[len(ordered) // 2],
        "p75": ordered[3 * len(ordered) // 4],
        "max": ordered[-1],
    }


def run(args: argparse.Namespace) -> int:
    bots = [name.strip() for name in args.bots.split(",") if name.strip()]
    unknown = [name for name in bots if name not in BOTS]
    if not bots or unknown:
        print(f"rulesbook simulate inferno: unknown bot(s) {', '.join(unknown) or '(none given)'}; expected {', '.join(BOTS)}", file=sys.stderr)
        return 2
    if args.games < 1:
        print("rulesbook simulate inferno: --games must be at least 1", file=sys.stderr)
        return 2
    rules = Rules(edition=args.edition, two_pawns=args.two_pawns)
    with Progress(args.games, "inferno") as progress:
        summary = simulate(args.players, args.games, args.seed, rules, bots, progress)
    if args.json:
        print(json.dumps(summary, indent=1))
    else:
        print(format_summary(summary))
    return 0


def format_summary(summary: dict[str, Any]) -> str:
    rules = summary["rules"]
    lines = [
        f"Mountain of Inferno: {summary['games']} games, {summary['players']} players, edition {rules['edition']}"
        f"{', two pawns' if rules['two_pawns'] else ''}, seeds {summary['seed']}..{summary['seed'] + summary['games'] - 1}",
        f"bots (rotating seats): {', '.join(summary['bots'])}; {summary['actions']} actions",
        "win rate by seat: " + ", ".join(f"seat {i + 1} {rate:.1%}" for i, rate in enumerate(summary["win_rate_by_seat"])),
        f"win rate by bot (per seat held; an even share is {1 / summary['players']:.0%}): " + ", ".join(f"{name} {rate:.1%}" for name, rate in summary["win_rate_by_bot"].items()),
        "rounds ended: " + ", ".join(f"{why} {count}" for why, count in summary["round_endings"].items()),
        "round score: " + _format_spread(summary["round_score"]),
        "final total: " + _format_spread(summary["final_total"]),
        f"mean turns per round: {summary['mean_turns_per_round']:.1f}",
    ]
    return "\n".join(lines)


def _format_spread(spread: dict[str, float]) -> str:
    return f"mean {spread['mean']:.2f}, min {spread['min']}, quartiles {spread['p25']}/{spread['median']}/{spread['p75']}, max {spread['max']}"


def replay(record: dict[str, Any], out: TextIO) -> int:
    """Print a recorded game turn by turn, with the Mountain at the start of each round."""
    try:
        game = GameRecord.from_dict(record)
        state = game.start()
    except (KeyError, TypeError, ValueError) as error:
        print(f"rulesbook replay: not a valid Mountain of Inferno record: {error}", file=sys.stderr)
        return 2
    from rulesbook.inferno.actions import parse_action
    from rulesbook.inferno.game import apply

    out.write(f"Mountain of Inferno, seed {game.seed}, players {', '.join(c.english for c in game.players)}, edition {game.rules.edition}\n")
    out.write(f"round 1:\n{state.mountain}\n")
    for number, text in enumerate(game.actions, 1):
        round_before = state.round
        try:
            state, events = apply(state, parse_action(text))
        except ValueError as error:
            print(f"rulesbook replay: action {number} '{text}' cannot be applied: {error}", file=sys.stderr)
            return 2
        for event in events:
            out.write(f"{number:4d}. {event.text}\n")
        if state.round != round_before and not state.is_over:
            out.write(f"round {state.round}:\n{state.mountain}\n")
    totals = ", ".join(f"{colour.english} {total}" for colour, total in zip(state.colours, state.totals))
    out.write(f"final totals: {totals}\n")
    return 0
