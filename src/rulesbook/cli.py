"""The `rulesbook` command: `simulate GAME ...` and `replay RECORD.json`, the same for every game,
`strength GAME`, every bot level against the others (with the lab's extra, `rulesbook[lab]`),
and `new-chapter GAME SLUG`, a chapter of the book to start from.

Bad input (an unknown game, bot or rule, a bad value, an unreadable record) is one line on
stderr naming the problem, and exit status 2; never a traceback (a missing lab extra too). A
run plays at most 1,000,000 games (`MAX_GAMES`; `strength`: a pairing) in at most 4 processes
per core.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shlex
import sys
from pathlib import Path
from typing import Any, NoReturn

from rulesbook.chapter import PARTS, ChapterError, write_chapter
from rulesbook.core.data import TYPED_DIGITS, DataError, parse_json, read_text, shown, typed_whole
from rulesbook.core.harness import MAX_GAMES, Run, default_jobs, job_count, max_jobs, results, summarise
from rulesbook.core.progress import Progress
from rulesbook.core.protocol import GAMES, Game, game as game_named, split_bot_names
from rulesbook.core.records import GameRecord, ReplayStep
from rulesbook.core.rulestext import split_fields
from rulesbook.core.words import plural

BAD_INPUT = 2
#: The status of a program stopped by SIGPIPE, as a shell reports it (128 + 13).
READER_GONE = 141


class BadInput(Exception):
    """Input the command cannot use; its message is the one line the user sees."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise BadInput(f"{self.prog}: {message}")




def _whole(text: str) -> int:
    number = typed_whole(text)
    if number is None:
        raise argparse.ArgumentTypeError(f"{shown(text)} is not a whole number (at most {TYPED_DIGITS} digits 0-9)")
    return number


def _seed(text: str) -> int | str:
    """A seed is a number or any text, typed as on a Play page (`typed_whole`): " 7" is the number 7,
    a word is kept without the spaces around it. Bytes that are not UTF-8 (which Python hands over
    as lone surrogates) are no text: every record of the run holds the seed."""
    if not text.strip():
        raise argparse.ArgumentTypeError("a seed is a number or a word, not nothing")
    number = typed_whole(text)
    if number is not None:
        return number
    try:
        text.encode()
    except UnicodeEncodeError:
        raise argparse.ArgumentTypeError(f"{os.fsencode(text)!r} is not UTF-8 text") from None
    return text.strip()


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="rulesbook", description=" ".join(__doc__.split("\n\n")[0].split()))
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    simulate = commands.add_parser("simulate", help="bots play many seeded games; a summary of how they went")
    simulate.add_argument("game", help=f"one of {', '.join(GAMES)}")
    simulate.add_argument("--players", type=_whole, default=None, help="seats at the table (default: the game's usual count)")
    simulate.add_argument("--games", type=_whole, default=100, help=f"how many games, 1 to {MAX_GAMES:,} (default 100)")
    simulate.add_argument("--seed", type=_seed, default=1, help="the run's seed; game i is seeded '<seed>:<i>' (default 1)")
    bots = "; ".join(f"{name}: {', '.join(game_named(name).bot_names)}" for name in GAMES)
    simulate.add_argument("--bots", default=None, help=f"bot names per seat, comma-separated; repeated to fill the table, that line-up"
                          f" turned one seat each game (more names than seats take turns at the table). A bot's win rate is"
                          f" per seat it held where seats compete, over the games it played in a solo game; a cooperative"
                          f" table shares one result, so compare levels there one run each (or with `rulesbook strength GAME`)."
                          f" The first named is the default ({bots}). The search levels think for a tenth of a second to a"
                          f" second a decision: seconds a game of Inferno, half a minute to a minute of Hudai or Madness.")
    simulate.add_argument("--rules", action="append", default=[], help="variants: FIELD=VALUE[,FIELD=VALUE], such as inferno's"
                          " edition=zh; a list VALUE as a/b/c (starting_points=0/0/3), a list of lists as JSON in double quotes"
                          " (rounds_by_players=\"[[2,4],[3,3],[4,4]]\"), a VALUE with a comma in double quotes"
                          " (cards=\"my,set.csv\"); may be given again, for more fields; an unknown FIELD is refused with the game's"
                          " list of them. A house rule written in Python is the lab's (lab.simulate(..., rules=...)).")
    simulate.add_argument("--confidence", type=_share, default=0.95, help="the intervals' confidence, between 0 and 1 (default 0.95),"
                          " as strength's")
    simulate.add_argument("--record", default=None, help="write the first game's record (JSON) to this file")
    simulate.add_argument("--json", action="store_true", help="print the summary as JSON")
    simulate.add_argument("--jobs", type=_whole, default=1, help=f"processes to play in, 1 to {max_jobs()} (same results; this machine has {default_jobs()} cores)")
    simulate.add_argument("--verify", action="store_true", help="replay every game from its record through the checked apply")
    simulate.set_defaults(handler=_simulate)
    _add_strength(commands)
    replay = commands.add_parser("replay", help="print a recorded game action by action")
    replay.add_argument("record", help="a game record in JSON, as `simulate --record` writes it")
    replay.set_defaults(handler=_replay)
    chapter = commands.add_parser("new-chapter", help="write a chapter in the book's standard shape and list it in _toc.yml")
    chapter.add_argument("game", help=f"one of {', '.join(PARTS)}")
    chapter.add_argument("slug", help="the chapter's file name without .ipynb, such as my-rule")
    chapter.add_argument("--book", default=".", help="the book's project folder, the one with _toc.yml (default: this folder)")
    chapter.set_defaults(handler=_new_chapter)
    return parser


def _add_strength(commands: Any) -> None:
    strength = commands.add_parser("strength", help="every bot level against the others on the same deals (the lab's extra)")
    strength.add_argument("game", help=f"one of {', '.join(GAMES)}")
    levels = "; ".join(f"{name}: {', '.join(game_named(name).bot_names)}" for name in GAMES)
    strength.add_argument("--levels", default=None, help=f"the bot levels to measure, comma-separated, each once (default: every bot"
                          f" of the game, the search levels too, which take minutes to hours: {levels}). Where seats compete"
                          f" (inferno) a level holds one seat, turning one place a game, against another level in every other"
                          f" seat; where they do not (hudai, madness) it plays every seat, and its rate is the games won.")
    strength.add_argument("--against", default=None, help="set each level against this one only (where seats compete); default:"
                          " against every other level named")
    strength.add_argument("--games", type=_whole, default=100, help=f"games a pairing, 1 to {MAX_GAMES:,} (default 100)")
    strength.add_argument("--players", type=_whole, default=None, help="seats at the table (default: the game's usual count)")
    strength.add_argument("--seed", type=_seed, default=1, help="the run's seed; game i of each pairing is seeded '<seed>:<i>',"
                          " the same deals for every pairing (default 1)")
    strength.add_argument("--rules", action="append", default=[], help="variants: FIELD=VALUE[,FIELD=VALUE], as simulate's --rules;"
                          " may be given again, for more fields")
    strength.add_argument("--confidence", type=_share, default=0.95, help="the intervals' confidence, between 0 and 1 (default 0.95)")
    strength.add_argument("--json", action="store_true", help="print the table as JSON: its rows with the lab's column names, and the"
                          " game, players, seed, confidence and rules")
    strength.add_argument("--jobs", type=_whole, default=1, help=f"processes to play in, 1 to {max_jobs()} (same results; this machine has {default_jobs()} cores)")
    strength.set_defaults(handler=_strength)


#: A share as the command line takes one: ASCII digits and a point (float() reads "٠.٩" and "1_0" too).
_DECIMAL = re.compile(r"[0-9]*\.?[0-9]+")


def _share(text: str) -> float:
    """A confidence: a number strictly between 0 and 1, written as 0.95 or .95."""
    value = float(text) if _DECIMAL.fullmatch(text.strip()) and len(text.strip()) <= 20 else -1.0
    if not 0 < value < 1:
        raise argparse.ArgumentTypeError(f"{shown(text)} is not a number between 0 and 1, such as 0.95")
    return value


def _new_chapter(args: argparse.Namespace) -> int:
    try:
        path = write_chapter(args.book, args.game, args.slug)
    except (ChapterError, OSError) as error:
        raise BadInput(f"rulesbook new-chapter: {error}") from None
    # The commands as this machine runs them: a book made elsewhere has no Makefile nor .venv of its own.
    builds = "`make book` builds it, and " if (Path(args.book) / "Makefile").is_file() else ""
    print(f"wrote {path} and listed it in {Path(args.book) / '_toc.yml'}: {builds}"
          f"`{shlex.quote(sys.executable)} -m pytest --nbval-lax {shlex.quote(str(path))}` tests it alone")
    return 0


def _check_games(games: int) -> None:
    """`--games`, 1 to MAX_GAMES: no games would be a summary of nothing and no record."""
    if not 1 <= games <= MAX_GAMES:
        raise ValueError(f"--games is a whole number from 1 to {MAX_GAMES:,}, not {games}")


def _refused(command: str, error: Exception) -> BadInput:
    """A command's bad input in one line; a house rule the command line cannot define (one written
    in Python) is pointed to the lab's function of the same name, which can."""
    python = f"; the command line runs none: run it with rulesbook.lab.{command}" if "rules.house: no house rule" in str(error) else ""
    return BadInput(f"rulesbook {command}: {error}{python}")


def _simulate(args: argparse.Namespace) -> int:
    try:
        protocol = game_named(args.game)
        _check_games(args.games)
        rules = protocol.rules_from_fields(_rules_fields(protocol, args.rules))
        if args.record is not None and not args.record.strip():
            raise ValueError("--record names the file to write the first game's record to, not ''")
        bots = split_bot_names(args.bots or "")
        if args.bots is not None and not bots:
            raise ValueError(f"--bots names one bot or more, comma-separated, not {args.bots!r}")
        run = Run(protocol.name, args.games, args.players, args.seed, bots, rules, args.verify,
                  frozenset({0}) if args.record else frozenset())
        job_count(args.jobs, "--jobs")
        if args.record and (os.path.isdir(args.record) or not os.path.isdir(os.path.dirname(os.path.abspath(args.record)))):
            raise ValueError(f"cannot write the record to {args.record!r}: a folder, or in a folder that does not exist")
    except (ValueError, TypeError) as error:  # TypeError: a Rules that refuses a value by its type
        raise _refused("simulate", error) from None
    first: list[GameRecord] = []

    def keep(result: Any) -> None:
        progress.advance()
        if result.record is not None:
            first.append(result.record)

    with Progress(run.games, protocol.name) as progress:
        summary = summarise(run, results(run, jobs=args.jobs), keep, args.confidence)
    summary["jobs"] = args.jobs
    if protocol.seats_compete:  # someone always wins: "games won" would read 100 %; a bot's rate is per seat it held
        del summary["win_rate"], summary["intervals"]["win_rate"]
        summary["parity"] = 1 / run.players
    if args.record and first:
        try:
            first[0].write(args.record)
        except OSError as error:
            raise BadInput(f"rulesbook simulate: cannot write {args.record}: {error.strerror}") from None
    print(json.dumps(summary, indent=1, ensure_ascii=False) if args.json
          else format_summary(protocol.title, summary, protocol.rules_to_text(run.rules)))
    return 0


def _rules_fields(protocol: Game, given: list[str]) -> dict[str, str]:
    """Every `--rules` given, each field's text in order (argparse keeps only the last of an option
    given again); a field given twice must have the same value each time."""
    fields: dict[str, str] = {}
    for text in given:
        for name, value in (split_fields(text, protocol.rules_example) if text else {}).items():
            if name in fields and fields[name] != value:
                protocol.check_rule_names([name])
                if protocol.rule_from_text(name, fields[name]) != protocol.rule_from_text(name, value):
                    raise ValueError(f"--rules gives the rule {name!r} twice, as {fields[name]} and {value}; give it once")
            fields[name] = value
    return fields


def _within(interval: list[float] | None, form: str) -> str:
    """" [low to high]" in that form, or nothing where the summary has no interval (too few games)."""
    return "" if interval is None else f" [{interval[0]:{form}} to {interval[1]:{form}}]"


def format_summary(title: str, summary: dict[str, Any], rules: str | None = None) -> str:
    """The summary in lines; `rules` is the game's one-line form of them (default: the summary's FIELD=VALUE pairs)."""
    if rules is None:
        rules = ", ".join(f"{name}={value}" for name, value in summary["rules"].items())
    intervals = summary["intervals"]
    compete = game_named(summary["game"]).seats_compete
    by_bot = ", ".join(f"{name} {rate:.1%}{_within(intervals['win_rate_by_bot'][name], '.1%')}" for name, rate in summary["win_rate_by_bot"].items())
    results = [f"{value:.2f}{_within(interval, '.2f')}" for value, interval in zip(summary["mean_returns"], intervals["mean_returns"])]
    lines = [
        f"{title}: {plural(summary['games'], 'game')}, {plural(summary['players'], 'player')}, seed {summary['seed']!r}",
        f"rules: {rules}",
        f"bots: {', '.join(summary['bots'])}",
    ]
    if compete:  # someone always wins: each seat's and each bot's share of the wins
        # Seats are counted from 0 everywhere: current_player, the lab's win_rate_<seat>, here.
        lines += ["win rate by seat: " + ", ".join(f"seat {seat} {rate:.1%}{_within(interval, '.1%')}" for seat, (rate, interval)
                                                   in enumerate(zip(summary["win_rate_by_seat"], intervals["win_rate_by_seat"]))),
                  f"win rate by bot, per seat it held (a tie shares the win; parity {1 / summary['players']:.1%}): {by_bot}",
                  "mean result by seat: " + ", ".join(results)]
    else:  # the seats win or lose together: one figure for the table, the same for every seat
        lines.append(f"games won: {summary['win_rate']:.1%}{_within(intervals['win_rate'], '.1%')}")
        if summary["players"] == 1 and len(summary["win_rate_by_bot"]) > 1:  # the names took turns in the one seat
            lines.append(f"win rate by bot, over the games it played: {by_bot}")
        elif len(summary["win_rate_by_bot"]) > 1:
            lines.append("win rate by bot: none; these bots played together at every table and share its result "
                         "(to compare levels, run each alone, or use `rulesbook strength` or rulesbook.lab.strength)")
        # No "mean result" here: a game won together scores 1 or 0 (Game.win_loss), so its mean is the
        # games won, and its interval (Wilson's, in --json) is the games won's again.
    lines += [
        f"(in brackets: {summary['confidence'] * 100:g} % intervals, Wilson's for rates"
        + (", Student's t for mean results)" if compete else ")"),
        "endings: " + ", ".join(f"{ending} {count}" for ending, count in summary["endings"].items())
        + ("" if compete else " (won or lost; games won above)"),  # a Madness escape can be lost (MAD-R03)
        "means: " + ", ".join(f"{name} {value:.2f}" for name, value in summary["means"].items()),
        f"{summary['actions']} actions in {summary['seconds']} s: {summary['games_per_second']} games/s, "
        f"{summary['actions_per_second']} actions/s",
    ]
    return "\n".join(lines)


def _strength(args: argparse.Namespace) -> int:
    """`lab.strength` from the command line: its table, as lines or as JSON."""
    try:
        protocol = game_named(args.game)
        _check_games(args.games)  # here, to name the option: the lab says "games"
        job_count(args.jobs, "--jobs")  # the lab's `workers`, checked under the option's name
        rules = protocol.rules_from_fields(_rules_fields(protocol, args.rules))
        levels = _level_names(args.levels)
        against = None if args.against is None else args.against.strip()
        if against == "":
            raise ValueError(f"--against names one bot level, not {args.against!r}")
    except (ValueError, TypeError) as error:  # TypeError: a Rules that refuses a value by its type
        raise _refused("strength", error) from None
    lab = _lab()
    try:  # the lab checks the levels, `against` and the seats before any game is played
        table = lab.strength(protocol.name, levels, against=against, games=args.games, players=args.players, seed=args.seed,
                             rules=rules, confidence=args.confidence, workers=args.jobs, progress=None)
    except (ValueError, TypeError) as error:
        raise BadInput(f"rulesbook strength: {_as_options(str(error))}") from None
    data = {name: table.attrs[name] for name in ("game", "players", "seed", "confidence")}
    data["rules"] = protocol.rules_to_dict(rules)
    data["rows"] = [{name: _plain(value) for name, value in row.items()} for row in table.to_dict("records")]
    print(json.dumps(data, indent=1, ensure_ascii=False, allow_nan=False) if args.json
          else format_strength(protocol.title, data, protocol.rules_to_text(rules)))
    return 0


def _lab() -> Any:
    """`rulesbook.lab`, imported only here: the base package needs no pandas (nor tqdm, the lab's
    progress bar, imported as the games start): without them, one line saying what to install."""
    try:
        from rulesbook import lab
        import tqdm  # noqa: F401
    except ImportError as error:
        missing = error.name or "a library of the lab"
        if missing.split(".")[0] == "rulesbook":  # the package itself is broken: not the user's doing
            raise
        raise BadInput(f"rulesbook strength: needs {missing}, which is not installed: it comes with the lab's extra, "
                       "pip install 'rulesbook[lab]'") from None
    return lab


def _level_names(text: str | None) -> tuple[str, ...] | None:
    """`--levels` as names (None: the lab's default, every bot of the game); a blank name is refused."""
    if text is None:
        return None
    names = [name.strip() for name in text.split(",")]
    while names and not names[-1]:  # a comma at the end, as --bots takes it
        names.pop()
    if not names:
        raise ValueError(f"--levels names one bot level or more, comma-separated, not {shown(text)}")
    if "" in names:
        raise ValueError(f"--levels {shown(text)} names no level at place {names.index('') + 1}: give one name between each two commas")
    return tuple(names)


#: lab.strength's words for its Python arguments, as the command line's options say them (whole
#: phrases of its messages: a level name the user typed, quoted in a message, stays as typed).
_OPTION_WORDS = ((re.compile(r"give against= the level to play them against \(against='([^']*)'\)"),
                  r"give --against the level to play them against (--against \1)"),
                 (re.compile(r"^levels name "), "--levels name "))


def _as_options(message: str) -> str:
    """A message of lab.strength with its arguments named as options ("give against= the level"
    reads "give --against the level"): the lab's own message stays the one a Python user reads."""
    for pattern, replacement in _OPTION_WORDS:
        message = pattern.sub(replacement, message)
    return message


def _plain(value: Any) -> Any:
    """A table's value as JSON holds it: a Python number (not numpy's), NaN as None (null)."""
    value = value.item() if hasattr(value, "item") else value
    return None if isinstance(value, float) and value != value else value


def format_strength(title: str, data: dict[str, Any], rules: str) -> str:
    """`rulesbook strength`'s table in lines, from its JSON form: one line per pairing (per level
    where the seats do not compete), the rates aligned."""
    compete = game_named(data["game"]).seats_compete
    rows = data["rows"]
    games = rows[0]["games"] if rows else 0
    lines = [f"{title}: {plural(games, 'game')} a {'pairing' if compete else 'level'}, {plural(data['players'], 'player')}, "
             f"seed {data['seed']!r}", f"rules: {rules}"]
    if compete:
        lines.append("a level holds one seat (turning one place a game) and the level it is against every other seat; a tie shares the win")
    width = max((len(row["pairing"]) for row in rows), default=0) + 1
    for row in rows:
        low, high = row["win_rate_low"], row["win_rate_high"]
        said = (f"{row['pairing'] + ':':<{width}} {row['win_rate']:>6.1%}{_within(None if low is None else [low, high], '.1%')}"
                f" of {plural(row['games'], 'game')}")
        lines.append(f"{said} (parity {row['parity']:.1%})" if compete else f"{said} won")
    lines.append(f"(in brackets: {data['confidence'] * 100:g} % intervals, Wilson's for rates)")
    return "\n".join(lines)


def _replay(args: argparse.Namespace) -> int:
    data = None
    try:
        data = parse_json(read_text(args.record, "record"), "record")  # DataError: unreadable, too large, not JSON
        record = GameRecord.from_dict(data)  # DataError: not a record
        state = record.start()
    except DataError as error:
        house = _house_rules(data) if error.field == "record.rules.house" else []
        if house:  # no house rule is defined in this process: a record of one is replayed in Python
            raise BadInput(f"rulesbook replay: {args.record}: the record plays by the house rule {', '.join(map(repr, house))}, "
                           "written as a Python function, which only Python can replay: define it with "
                           f"@rulesbook.core.house_rule({house[0]!r}, moment), then read the record with "
                           f"rulesbook.core.records.GameRecord.read({args.record!r}) and replay it with its steps()") from None
        raise BadInput(f"rulesbook replay: {args.record}: {error}") from None
    except (ValueError, TypeError) as error:
        raise BadInput(f"rulesbook replay: {args.record}: {error}") from None
    protocol = record.protocol
    out = sys.stdout
    out.write(f"{protocol.title}, {plural(record.players, 'player')}, seed {record.seed!r}\n")
    try:
        for step in record.steps():
            seat = _actor(protocol, step)
            who = "" if seat is None or record.players == 1 else f"[seat {seat}] "
            out.write(f"{step.number:4d}. {who}{step.text}\n")
            for event in step.events:
                out.write(f"        {protocol.event_text(event)}\n")
            state = step.after
    except ValueError as error:
        raise BadInput(f"rulesbook replay: {args.record}: {error}") from None
    if protocol.is_over(state) and not protocol.seats_compete:  # the monk, or the expedition, won or lost
        ending = protocol.facts(state).get("ending")
        verdict = "won" if protocol.winners(state) else "lost"
        out.write(f"the game is over: {protocol.player_name} {verdict}"
                  + (f" (ending: {ending})\n" if ending else "\n"))
    elif protocol.is_over(state):
        results_ = ", ".join(f"seat {seat} {value:g}" for seat, value in enumerate(protocol.returns(state)))
        winners = ", ".join(f"seat {seat}" for seat in protocol.winners(state)) or "nobody"
        out.write(f"the game is over: {results_}; won by {winners}\n")
    else:
        out.write("the record ends before the game does\n")
    return 0


def _actor(protocol: Game, step: ReplayStep) -> int | None:
    """The seat that took the step's action: the player it names, in a game whose actions name
    one (Madness: in the Encounter Phase any player may play, not only the Leader that
    `current_player` names), else the seat whose turn it was."""
    player = getattr(protocol.parse_action(step.before, step.text), "player", None)
    return player if isinstance(player, int) else protocol.current_player(step.before)


def _house_rules(data: Any) -> list[str]:
    """The house rules a record's JSON names ([] when it names none, or not as a list of names)."""
    rules = data.get("rules") if isinstance(data, dict) else None
    house = rules.get("house") if isinstance(rules, dict) else None
    return house if isinstance(house, list) and house and all(isinstance(name, str) for name in house) else []


def main(argv: list[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(argv)
        status = int(args.handler(args))
        sys.stdout.flush()  # a reader that went away is found here, not as Python exits
        return status
    except BrokenPipeError:
        # The reader stopped reading (`rulesbook replay game.json | head`): stop quietly, as cat
        # does. Python flushes stdout once more as it exits, so what is left goes to devnull.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return READER_GONE
    except BadInput as error:
        print(" ".join(str(error).split()), file=sys.stderr)  # one line, whatever the message holds
        return BAD_INPUT
    except KeyboardInterrupt:
        print("rulesbook: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
