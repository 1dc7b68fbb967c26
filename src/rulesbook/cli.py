"""The `rulesbook` command: `simulate GAME ...` and `replay RECORD.json`.

Each game package that can be simulated has a module `rulesbook.<game>.simulate` with
`add_arguments(parser)`, `run(args) -> int` and `replay(record, out) -> int`; this module only
dispatches, so the games stay independent of each other.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from types import ModuleType

GAMES = ("inferno", "hudai", "madness")


def _simulation_module(game: str) -> ModuleType | None:
    name = f"rulesbook.{game}.simulate"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as error:
        if error.name in (name, f"rulesbook.{game}"):
            return None
        raise


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="rulesbook", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    simulate = commands.add_parser("simulate", help="play many seeded games with bots and summarise them")
    games = simulate.add_subparsers(dest="game", required=True)
    for game in GAMES:
        module = _simulation_module(game)
        if module is None:
            continue
        game_parser = games.add_parser(game, help=(module.__doc__ or game).splitlines()[0])
        module.add_arguments(game_parser)
        game_parser.set_defaults(handler=module.run)
    replay = commands.add_parser("replay", help="print a recorded game turn by turn")
    replay.add_argument("record", help="a game record in JSON")
    replay.set_defaults(handler=_replay)
    return parser


def _replay(args: argparse.Namespace) -> int:
    try:
        with open(args.record, encoding="utf-8") as file:
            record = json.load(file)
    except (OSError, json.JSONDecodeError) as error:
        print(f"rulesbook replay: cannot read {args.record}: {error}", file=sys.stderr)
        return 2
    game = record.get("game") if isinstance(record, dict) else None
    module = _simulation_module(game) if game in GAMES else None
    if module is None:
        print(f"rulesbook replay: {args.record} names no known game ({game!r}); expected one of {', '.join(GAMES)}", file=sys.stderr)
        return 2
    return module.replay(record, sys.stdout)


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    return args.handler(args)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
