"""The `rulesbook` command, the same for every game: simulate with the common options, replay a
record, and one-line errors with exit status 2 for bad input (never a traceback)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, settings, strategies as st
from simulation_scale import scaled

from rulesbook import GAMES, cli, game
from rulesbook.core.records import GameRecord

SRC = Path(__file__).resolve().parents[2] / "src"
#: A few quick games of each: (game, seats, bots, rules).
QUICK = {
    "inferno": ("3", "greedy,random", "edition=zh,two_pawns=true"),
    "hudai": ("1", "greedy", "opening_hand=4,powers=drain/crush/confuse"),
    "madness": ("4", "expedition", "expert=true"),
}


@pytest.mark.parametrize("name", GAMES)
def test_simulate_takes_the_common_options_and_summarises(name, capsys, tmp_path):
    players, bots, rules = QUICK[name]
    record = tmp_path / "first.json"
    args = ["simulate", name, "--players", players, "--games", "6", "--seed", "4", "--bots", bots,
            "--rules", rules, "--record", str(record), "--json", "--verify"]
    assert cli.main(args) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["game"] == name and summary["games"] == 6 and summary["players"] == int(players)
    assert summary["bots"] == bots.split(",")
    for pair in rules.split(","):
        field, value = pair.split("=")
        assert str(summary["rules"][field]).lower().replace("'", "").replace(", ", "/").strip("[]") == value
    assert sum(summary["endings"].values()) == 6
    assert len(summary["win_rate_by_seat"]) == int(players)
    # where seats compete someone always wins: no "win_rate" (tests/core/test_teacher_audit_core.py)
    assert ("win_rate" in summary) != game(name).seats_compete and 0 <= summary.get("win_rate", 0) <= 1
    saved = GameRecord.from_json(record.read_text(encoding="utf-8"))
    assert saved.game == name and saved.seed == "4:0" and saved.actions
    assert game(name).is_over(saved.final_state())


@pytest.mark.parametrize("name", GAMES)
def test_the_text_summary_names_the_game_and_its_figures(name, capsys):
    players, bots, _ = QUICK[name]
    assert cli.main(["simulate", name, "--players", players, "--games", "3", "--bots", bots]) == 0
    out = capsys.readouterr().out
    table = "win rate by seat" if game(name).seats_compete else "games won"
    assert out.startswith(game(name).title) and table in out and "endings:" in out and "actions/s" in out


def test_simulate_takes_the_intervals_confidence_as_strength_does(capsys):
    """strength had --confidence and simulate none: its intervals were 95 % whatever a teacher wanted."""
    common = ["simulate", "inferno", "--players", "3", "--games", "12", "--seed", "5", "--bots", "greedy,random,random"]
    assert cli.main([*common, "--json"]) == 0
    wide = json.loads(capsys.readouterr().out)
    assert cli.main([*common, "--json", "--confidence", ".8"]) == 0
    narrow = json.loads(capsys.readouterr().out)
    assert (wide["confidence"], narrow["confidence"]) == (0.95, 0.8)
    for figure in ("win_rate_by_seat", "mean_returns"):
        for (low, high), (low_80, high_80) in zip(wide["intervals"][figure], narrow["intervals"][figure]):
            assert low <= low_80 and high_80 <= high and (low, high) != (low_80, high_80)
    assert cli.main([*common, "--confidence", "0.8"]) == 0
    assert "(in brackets: 80 % intervals, Wilson's for rates, Student's t for mean results)" in capsys.readouterr().out.splitlines()
    assert cli.main([*common, "--confidence", "95"]) == 2
    assert "argument --confidence" in capsys.readouterr().err


@pytest.mark.parametrize("name", GAMES)
def test_the_summary_says_games_won_only_where_seats_win_together(name, capsys):
    """"Games won by someone" read 100 % in every Inferno run, and oddly for a solo or cooperative game."""
    players, bots, _ = QUICK[name]
    assert cli.main(["simulate", name, "--players", players, "--games", "3", "--bots", bots, "--seed", "2"]) == 0
    lines = capsys.readouterr().out.splitlines()
    won = [line for line in lines if line.startswith("games won")]
    assert len(won) == (0 if game(name).seats_compete else 1) and all(re.fullmatch(r"games won: \d+\.\d% \[\d+\.\d% to \d+\.\d%\]", line) for line in won)
    by_bot = [line for line in lines if line.startswith("win rate by bot")]
    if game(name).seats_compete:  # what it counts
        assert len(by_bot) == 1 and by_bot[0].startswith("win rate by bot, per seat it held (a tie shares the win; parity ")
    else:  # one bot in every game: its rate is the games won
        assert by_bot == [] and not any(line.startswith("win rate by seat") for line in lines)
        # the result of a game won together is the win: its mean would be the games won again, with a t interval
        assert not any(line.startswith("mean result") for line in lines)
    legend = "(in brackets: 95 % intervals, Wilson's for rates" + (", Student's t for mean results)" if game(name).seats_compete else ")")
    assert legend in lines  # no t interval is printed where no mean result is
    endings = next(line for line in lines if line.startswith("endings: "))
    # "escaped 21" beside "games won: 63.3 %" read as a contradiction: an escape can be lost (MAD-R03)
    assert endings.endswith(" (won or lost; games won above)") != game(name).seats_compete


@pytest.mark.parametrize(("name", "players", "bots"), [("hudai", "1", "heuristic"), ("madness", "4", "expedition")])
def test_a_mean_result_of_a_game_won_or_lost_has_the_interval_of_the_games_won(name, players, bots, capsys):
    """The audit: `rulesbook simulate` of a game won or lost gave mean_returns a t interval past 0
    or 1 at a few games ([0.245, 1.355] for 4 wins in 5)."""
    assert cli.main(["simulate", name, "--players", players, "--games", "5", "--bots", bots, "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert 0 < summary["win_rate"] < 1  # a run of wins and losses, where a t interval passes a bound
    for mean, interval in zip(summary["mean_returns"], summary["intervals"]["mean_returns"]):
        assert mean == summary["win_rate"] and interval == summary["intervals"]["win_rate"]
        assert 0 <= interval[0] <= mean <= interval[1] <= 1


@pytest.mark.parametrize(("name", "players", "said"), [
    ("hudai", "1", "win rate by bot, over the games it played: heuristic "),
    ("madness", "4", "win rate by bot: none; these bots played together at every table and share its result "
                     "(to compare levels, run each alone, or use `rulesbook strength` or rulesbook.lab.strength)"),
])
def test_two_bots_of_a_game_won_together_are_compared_only_where_they_took_turns(name, players, said, capsys):
    """`--bots random,expedition` in Madness said "expedition 0.0%, random 0.0%" (the tables'
    rate, both at every table), where the expedition bots alone win about two games in three."""
    bots = "random,heuristic" if name == "hudai" else "random,expedition"
    assert cli.main(["simulate", name, "--players", players, "--games", "12", "--bots", bots]) == 0
    assert [line for line in capsys.readouterr().out.splitlines() if line.startswith("win rate by bot")][0].startswith(said)


def test_more_bots_than_seats_take_turns_and_each_rate_is_over_its_own_games(capsys):
    assert cli.main(["simulate", "inferno", "--players", "2", "--games", "6", "--bots", "random,greedy,random"]) == 0
    line = next(line for line in capsys.readouterr().out.splitlines() if line.startswith("win rate by bot"))
    assert re.findall(r"(\w+) \d+\.\d% \[", line) == ["greedy", "random"]  # each over the games it played
    with pytest.raises(SystemExit):
        cli.main(["simulate", "--help"])
    helped = " ".join(capsys.readouterr().out.split())
    assert "more names than seats take turns at the table" in helped and "starting_points=0/0/3" in helped
    assert "lab.simulate(..., rules=...)" in helped


@pytest.mark.parametrize("name", GAMES)
def test_simulate_gives_the_same_summary_in_any_number_of_processes(name, capsys):
    players, bots, _ = QUICK[name]
    common = ["simulate", name, "--players", players, "--games", "8", "--seed", "x", "--bots", bots, "--json"]
    cli.main(common)
    alone = json.loads(capsys.readouterr().out)
    cli.main([*common, "--jobs", "2"])
    shared = json.loads(capsys.readouterr().out)
    for key in ("win_rate_by_seat", "mean_returns", "endings", "means", "actions"):
        assert alone[key] == shared[key]


@pytest.mark.parametrize("name", GAMES)
def test_replay_prints_every_action_and_the_result(name, capsys, tmp_path):
    players, bots, _ = QUICK[name]
    path = tmp_path / "game.json"
    assert cli.main(["simulate", name, "--players", players, "--games", "1", "--bots", bots, "--record", str(path)]) == 0
    capsys.readouterr()
    record = GameRecord.from_json(path.read_text(encoding="utf-8"))
    assert cli.main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith(game(name).title)
    assert f"{len(record.actions):4d}. " in out and "the game is over" in out


def test_every_rules_option_is_taken_in_order(capsys):
    """argparse kept only the last --rules: edition=zh was dropped without a word."""
    args = ["simulate", "inferno", "--players", "2", "--games", "2", "--json", "--rules", "edition=zh",
            "--rules", "two_pawns=true,hand_size=4", "--rules", "two_pawns=True"]  # the same value again is no clash
    assert cli.main(args) == 0
    rules = json.loads(capsys.readouterr().out)["rules"]
    assert (rules["edition"], rules["two_pawns"], rules["hand_size"]) == ("zh", True, 4)


@pytest.mark.parametrize("name", GAMES)
def test_replay_labels_each_action_with_the_seat_that_took_it(name, capsys, tmp_path):
    """Madness printed the Leader's seat (current_player) beside a card another player put on the Sled."""
    players, bots, _ = QUICK[name]
    path = tmp_path / "game.json"
    assert cli.main(["simulate", name, "--players", players, "--games", "1", "--seed", "3", "--bots", bots, "--record", str(path)]) == 0
    capsys.readouterr()
    record = GameRecord.from_json(path.read_text(encoding="utf-8"))
    protocol = record.protocol
    state, actors = record.start(), []
    for text in record.actions:
        action = protocol.parse_action(state, text)
        actors.append(action.player if name == "madness" else protocol.current_player(state))
        state = protocol.apply(state, action).state
    assert cli.main(["replay", str(path)]) == 0
    lines = [line for line in capsys.readouterr().out.splitlines()[1:] if line[:5].strip().rstrip(".").isdigit()]
    assert len(lines) == len(record.actions)
    if name == "hudai":  # one seat: no label
        assert not any("[seat" in line for line in lines)
        return
    assert [int(line.split("[seat ")[1].split("]")[0]) for line in lines] == actors
    if name == "madness":  # the text names the player from 1: P2 is seat 1
        assert all(line.split("] ")[1].startswith(f"P{seat + 1}:") for line, seat in zip(lines, actors))
        assert len(set(actors)) > 1


def test_a_record_of_a_house_rule_function_says_only_python_replays_it(capsys, tmp_path):
    """The CLI said to define the function first, which no shell can do."""
    from rulesbook.core.house import forget, house_rule
    from rulesbook.inferno import Rules

    rule = house_rule("cli-catch-up", "scoring")(lambda state: state)
    try:
        path = tmp_path / "house.json"
        path.write_text(GameRecord.play("inferno", 2, seed=1, rules=Rules(house=(rule,))).to_json(), encoding="utf-8")
    finally:
        forget("cli-catch-up")
    assert cli.main(["replay", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1
    assert "the record plays by the house rule 'cli-catch-up', written as a Python function, which only Python can replay" in captured.err
    assert f"rulesbook.core.records.GameRecord.read({str(path)!r})" in captured.err


BAD_INPUT = [
    (["simulate", "chess"], "unknown game 'chess'; the games are inferno, hudai, madness"),
    (["simulate", "inferno", "--players", "7"], "is for 2 to 4 players, not 7"),
    (["simulate", "hudai", "--players", "2"], "is for 1 player, not 2"),
    (["simulate", "inferno", "--bots", "genius"], "has no bot 'genius'; its bots are"),
    (["simulate", "inferno", "--rules", "editon=zh"], "has no rule 'editon'; its rules are edition"),
    (["simulate", "inferno", "--rules", "edition=fr"], "bad value for the rule 'edition': 'fr' is not one of en, zh"),
    (["simulate", "madness", "--rules", "expert=maybe"], "'maybe' is not true or false"),
    (["simulate", "hudai", "--rules", "house=tax"], "no house rule 'tax' is defined here; a house rule is a Python function: define it "
     "first, with rulesbook.core.house_rule('tax', moment) on it; the command line runs none: run it with rulesbook.lab.simulate"),
    (["simulate", "madness", "--rules", "boxed_token_source=lid"], "boxed_token_source"),
    (["simulate", "hudai", "--rules", "powers=drain/drain/drain/drain"], "'powers': 'drain/drain/drain/drain' should have 3 parts"),
    (["simulate", "hudai", "--rules", "powers=drain/fly/confuse"], "'fly' is not a demon power"),
    (["simulate", "inferno", "--rules", "edition"], "'edition' is not FIELD=VALUE (rules are written like edition=zh,two_pawns=true)"),
    (["simulate", "hudai", "--rules", "hard"], "'hard' is not FIELD=VALUE (rules are written like monk_health=10,powers=drain/crush/confuse)"),
    (["simulate", "madness", "--rules", "expert"], "'expert' is not FIELD=VALUE (rules are written like expert=true,timer_seconds=45)"),
    (["simulate", "inferno", "--games", "-1"], "rulesbook simulate: --games is a whole number from 1 to 1,000,000, not -1"),
    (["simulate", "inferno", "--games", "0"], "rulesbook simulate: --games is a whole number from 1 to 1,000,000, not 0"),
    (["simulate", "inferno", "--games", "1000000000000"], "from 1 to 1,000,000, not 1000000000000"),
    (["simulate", "inferno", "--games", "9" * 5000], "argument --games: '99999999999999999999"),
    (["simulate", "inferno", "--rules", "two_pawns=maybe"], "bad value for the rule 'two_pawns': 'maybe' is not true or false"),
    (["simulate", "inferno", "--rules", "two_pawns=true,two_pawns=false"], "the rule 'two_pawns' is given twice"),
    (["simulate", "inferno", "--rules", "edition=zh", "--rules", "two_pawns=true,edition=en"],
     "--rules gives the rule 'edition' twice, as zh and en; give it once"),
    (["simulate", "inferno", "--rules", "edition=zh", "--rules", "two_pawns=maybe"], "bad value for the rule 'two_pawns'"),
    (["simulate", "inferno", "--seed", "x", "--players", "9" * 5000], "argument --players: '99999999999999999999"),
    (["simulate", "inferno", "--games", "３"], "argument --games: '３' is not a whole number (at most 15 digits 0-9)"),  # int() read it
    (["simulate", "inferno", "--players", "٣"], "argument --players: '٣' is not a whole number (at most 15 digits 0-9)"),
    (["simulate", "hudai", "--rules", "monk_health=١٠"], "bad value for the rule 'monk_health': '١٠' is not a whole number"),  # int() read 10
    (["simulate", "madness", "--rules", "timer_seconds=4_5"], "bad value for the rule 'timer_seconds': '4_5' is not a whole number"),
    (["simulate", "inferno", "--seed", "9" * 5000], "seed: a seed of 5,000 characters; at most 1,000"),
    (["simulate", "inferno", "--seed", "a\udcff\udcfe"], "rulesbook simulate: argument --seed: b'a\\xff\\xfe' is not UTF-8 text"),
    (["simulate", "inferno", "--games", "many"], "argument --games: 'many' is not a whole number (at most 15 digits 0-9)"),
    (["simulate", "inferno", "--seed", ""], "rulesbook simulate: argument --seed: a seed is a number or a word, not nothing"),
    (["simulate", "inferno", "--bots", " , "], "rulesbook simulate: --bots names one bot or more, comma-separated, not ' , '"),
    (["simulate", "inferno", "--jobs", "0"], "--jobs is a whole number from 1 to"),
    (["simulate", "inferno", "--jobs", "100000"], "(4 per core of this machine), not 100000"),
    (["simulate", "inferno", "--colour", "red"], "unrecognized arguments: --colour red"),
    (["simulate", "hudai", "--record", "/"], "cannot write the record to '/': a folder, or in a folder that does not exist"),
    (["simulate", "hudai", "--record", ""], "--record names the file to write the first game's record to, not ''"),
    (["simulate", "inferno", "--bots", "random,,greedy"], "'random,,greedy' names no bot for seat 2: give one name between each two commas"),
    (["simulate", "hudai", "--rules", "demon_health=" + "9" * 400], "Rules.demon_health: at most 999 cubes, not 999"),
    (["simulate", "hudai", "--record", "/no/such/folder/first.json"], "cannot write the record to '/no/such/folder/first.json'"),
    (["replay", "/no/such/record.json"], "record: cannot read '/no/such/record.json': No such file or directory"),
    (["replay", "/dev/zero"], "record: '/dev/zero' is larger than 16,777,216 bytes"),
    (["replay", "/"], "record: cannot read '/': Is a directory"),
    ([], "the following arguments are required"),
]


def ascii_id(args: list[str]) -> str:
    """A case's id in ASCII ("３" as "U+FF13"): pytest escapes a non-ASCII id once more when it
    collects again in one process, as mutmut's forked runs do, and that id is then not found."""
    return "".join(c if c.isascii() else f"U+{ord(c):04X}" for c in " ".join(args)) or "nothing"


@pytest.mark.parametrize(("args", "says"), BAD_INPUT, ids=[ascii_id(args) for args, _ in BAD_INPUT])
def test_bad_input_is_one_line_and_exit_status_2(args, says, capsys):
    assert cli.main(args) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and says in captured.err, captured.err


def record_text(game="inferno", players=2, actions=(), **fields):
    return json.dumps({"game": game, "version": 1, "players": players, "seed": 1, "actions": list(actions), **fields})


@pytest.mark.parametrize(
    ("content", "says"),
    [
        ("not json", "record: not JSON: Expecting value (line 1, column 1)"),
        (b"\x89PNG\r\n\x1a\n\x00\xff\xfe", "is not UTF-8 text"),
        ("[" * 10_000 + "]" * 10_000, "record: nested deeper than 64 levels"),
        ("[1, 2]", "record: expected an object, not [1, 2]"),
        ('{"game": "chess", "version": 1}', "record.game: unknown game 'chess'"),
        ('{"game": "inferno", "version": 2, "players": 2, "seed": 1, "actions": []}', "record.version: version 2 is not"),
        ('{"game": "inferno", "version": 1, "players": 2, "seed": 1}', "record.actions: missing"),
        (record_text(rules=[1, 2]), "record.rules: expected an object, not [1, 2]"),
        # A rule the whole record refuses (points for more seats than it has) is named under its rules.
        (record_text(rules={"starting_points": [0, 1, 2]}), "record.rules.starting_points: gives points to more seats than the 2"),
        (record_text(bots=5), "record.bots: expected a list, not 5"),
        (record_text(bots=["random"]), "record.bots: one bot name per seat: 2, not 1"),
        (record_text(seed=[1]), "record.seed: expected a whole number or text, not [1]"),
        (record_text(players="2"), "record.players: expected a whole number, not '2'"),
        (record_text(players=7), "record.players: Mountain of Inferno is for 2 to 4 players, not 7"),
        (record_text(actions=["pawn 0,0", 7]), "record.actions[1]: expected text, not 7"),
        (record_text(moves=[]), "record: no field 'moves'"),
        (record_text(actions=["bison R 9,9"]), "record.actions[0]: action 1 'bison R 9,9' is refused"),
        (record_text("madness", 3, ["P1: fly away"]), "record.actions[0]: action 1 'P1: fly away' is refused"),
        (record_text("hudai", 1, ["end", "obtain Y6"]), "record.actions[1]: action 2 'obtain Y6' is refused"),
        (record_text("hudai", 1, rules={"colour": 1}), "record.rules"),
    ],
    ids=lambda value: value[:40] if isinstance(value, str) else None,
)
def test_replay_of_a_bad_record_says_what_and_where(content, says, capsys, tmp_path):
    path = tmp_path / "bad.json"
    path.write_bytes(content if isinstance(content, bytes) else content.encode())
    assert cli.main(["replay", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.err.count("\n") == 1 and says in captured.err, captured.err


@pytest.mark.parametrize("name", ["inferno", "hudai", "madness"])
def test_an_action_of_megabytes_is_quoted_by_its_start(name, capsys, tmp_path):
    path = tmp_path / "long.json"
    path.write_text(record_text(name, game(name).default_players, ["P1: " + "x" * 1_000_000]), encoding="utf-8")
    assert cli.main(["replay", str(path)]) == 2
    said = capsys.readouterr().err
    assert said.count("\n") == 1 and "record.actions[0]" in said and len(said) < 1_000, said[:2_000]


def test_the_command_runs_as_a_program_without_a_traceback():
    done = subprocess.run([sys.executable, "-m", "rulesbook", "simulate", "inferno", "--rules", "two_pawns=perhaps"],
                          capture_output=True, text=True, env={"PYTHONPATH": str(SRC)})
    assert done.returncode == 2 and "Traceback" not in done.stderr and "two_pawns" in done.stderr


@pytest.mark.parametrize("command", ["replay", "simulate"])
def test_a_reader_that_stops_reading_ends_the_program_quietly(command, tmp_path):
    """`rulesbook replay game.json | head`: the pipe's reader is gone before the program writes
    (its end is closed first, so the test does not race the program), and the program stops with
    the shell's SIGPIPE status, saying nothing: no traceback, no "Exception ignored"."""
    record = tmp_path / "game.json"
    assert cli.main(["simulate", "inferno", "--games", "1", "--record", str(record)]) == 0
    args = {"replay": ["replay", str(record)], "simulate": ["simulate", "hudai", "--games", "2"]}[command]
    reader, writer = os.pipe()
    os.close(reader)
    try:
        done = subprocess.run([sys.executable, "-m", "rulesbook", *args], stdout=writer, stderr=subprocess.PIPE, text=True,
                              env={"PYTHONPATH": str(SRC)}, timeout=120)
    finally:
        os.close(writer)
    assert (done.returncode, done.stderr) == (cli.READER_GONE, "")


def test_the_help_names_every_game_s_bots_and_reads_whole():
    help_text = " ".join(cli.build_parser().format_help().split())
    assert "and `new-chapter GAME SLUG`, a chapter of the book to start from." in help_text
    simulate = " ".join(run_program("simulate", "--help").stdout.split())
    for name in GAMES:
        assert f"{name}: {', '.join(game(name).bot_names)}" in simulate


def test_the_game_packages_use_only_the_standard_library():
    code = ("import sys, rulesbook; [rulesbook.game(name) for name in rulesbook.GAMES]; import rulesbook.cli; "
            "bad = [m for m in sys.modules if m.split('.')[0] in ('IPython', 'ipywidgets', 'anywidget', 'numpy', "
            "'pandas', 'jupyter', 'hypothesis', 'tqdm', 'matplotlib')]; print(bad)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env={"PYTHONPATH": str(SRC)}, check=True)
    assert done.stdout.strip() == "[]"


def run_program(*args: str) -> subprocess.CompletedProcess:
    """The command as a user runs it: `python -m rulesbook ...`, in its own process."""
    return subprocess.run([sys.executable, "-m", "rulesbook", *args], capture_output=True, text=True,
                          env={"PYTHONPATH": str(SRC)}, timeout=120)


def hostile_files(folder: Path) -> dict[str, str]:
    junk = folder / "junk.json"
    junk.write_bytes(bytes(range(256)) * 64)
    shape = folder / "shape.json"
    shape.write_text('{"game": "inferno", "version": 1, "players": 2, "seed": 1, "rules": [1, 2], "actions": []}')
    return {"junk": str(junk), "shape": str(shape)}


@pytest.mark.parametrize(("args", "says"), [
    (["simulate", "inferno", "--games", "1000000000000"], "--games is a whole number from 1 to 1,000,000"),
    (["simulate", "inferno", "--rules", "two_pawns=maybe"], "'maybe' is not true or false"),
    (["replay", "/dev/zero"], "'/dev/zero' is larger than 16,777,216 bytes"),
    (["replay", "/"], "cannot read '/': Is a directory"),
    (["replay", "junk"], "is not UTF-8 text (byte 128)"),
    (["replay", "shape"], "record.rules: expected an object, not [1, 2]"),
    (["simulate", "hudai", "--seed", "\udcff"], "argument --seed: b'\\xff' is not UTF-8 text"),  # the byte 0xff, as a shell passes it
])
def test_the_program_refuses_hostile_input_at_once_in_one_line(args, says, tmp_path):
    files = hostile_files(tmp_path)
    started = time.perf_counter()
    done = run_program(*(files.get(arg, arg) for arg in args))
    assert time.perf_counter() - started < 30  # refused, not played or read to the end
    assert done.returncode == 2 and done.stdout == "", done
    assert done.stderr.count("\n") == 1 and says in done.stderr and "Traceback" not in done.stderr, done.stderr


def test_the_help_says_the_bounds():
    done = run_program("simulate", "--help")
    assert done.returncode == 0 and "how many games, 1 to 1,000,000" in " ".join(done.stdout.split())


#: What a hostile or careless user types after `rulesbook simulate`: options known and unknown, with
#: values good and bad (the game's own rule fields mostly, with values of every kind).
RULE_VALUES = ["true", "maybe", "0", "-1", "1", "2", "3", "5", "99", "zh", "en", "drain/crush/confuse", "[[2,4]]",
               "[[4,0]]", "", "none", "1e9", "9" * 30, "[", "/"]
#: Python hands a byte that is not UTF-8 over as a lone surrogate from U+DC80 to U+DCFF.
WORDS = st.text(alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00")
                | st.characters(min_codepoint=0xDC80, max_codepoint=0xDCFF), max_size=8)


def is_number(text: str) -> bool:
    try:
        int(text)
    except ValueError:
        return False
    return True


#: Text that is no count of games: a count the user types is one of a few (else the run is long).
NOT_A_NUMBER = WORDS.filter(lambda text: not is_number(text))


@st.composite
def command_lines(draw) -> list[str]:
    name = draw(st.sampled_from([*GAMES, "chess", ""]) | WORDS)
    fields = game(name).rule_fields() if name in GAMES else ["edition"]
    rules = st.lists(st.tuples(st.sampled_from([*fields, "colour"]), st.sampled_from(RULE_VALUES) | WORDS), max_size=3)
    option = st.one_of(
        st.tuples(st.just("--players"), st.integers(-1, 6).map(str) | WORDS),
        st.tuples(st.just("--games"), st.integers(-2, 2).map(str) | st.just("1000000000000") | NOT_A_NUMBER),
        st.tuples(st.just("--seed"), WORDS),
        st.tuples(st.just("--bots"), st.lists(st.sampled_from(["random", "greedy", "heuristic", "expedition", "genius", ""]),
                                              max_size=3).map(",".join)),
        st.tuples(st.just("--rules"), rules.map(lambda pairs: ",".join(f"{field}={value}" for field, value in pairs))),
        st.tuples(st.just("--jobs"), st.sampled_from(["0", "1", "2", "-3", "100000"]) | NOT_A_NUMBER),
        st.tuples(st.sampled_from(["--json", "--verify"])),
        st.tuples(WORDS),
    )
    options = draw(st.lists(option, max_size=4))
    return ["simulate", name, "--games", "2", *(token for chosen in options for token in chosen)]


@settings(max_examples=scaled(200), suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(command_lines())
def test_any_options_give_a_summary_or_one_line_and_exit_status_2(capsys, args):
    status = cli.main(args)  # an exception escaping here is what a user sees as a traceback
    captured = capsys.readouterr()
    event(f"exit status {status}")
    assert status in (0, 2), args
    if status == 2:
        assert captured.out == "" and captured.err.count("\n") == 1, (args, captured.err)


@settings(max_examples=scaled(60), suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.binary(max_size=200) | st.text(max_size=200).map(str.encode)
       | st.sampled_from(['{"game": "hudai", "version": 1, "players": 1, "seed": 1, "actions": []}',
                          '{"game": "inferno", "version": 1, "players": 2, "seed": 1, "actions": ["pawn 0,0"]}']).map(str.encode))
def test_replay_of_any_file_gives_the_game_or_one_line_and_exit_status_2(capsys, tmp_path_factory, content):
    path = tmp_path_factory.mktemp("replay") / "record.json"
    path.write_bytes(content)
    status = cli.main(["replay", str(path)])
    captured = capsys.readouterr()
    assert status in (0, 2)
    if status == 2:
        assert captured.err.count("\n") == 1 and captured.err.startswith("rulesbook replay: "), captured.err
    else:
        assert captured.out.splitlines()[-1].startswith(("the game is over", "the record ends before"))


def test_the_command_line_counts_seats_as_the_lab_does(capsys):
    """One numbering: `seat 0` on the command line is the lab's win_rate_0 and current_player's 0."""
    from rulesbook import lab

    assert cli.main(["simulate", "inferno", "--players", "3", "--games", "12", "--seed", "5", "--bots", "greedy,random,random"]) == 0
    line = next(line for line in capsys.readouterr().out.splitlines() if line.startswith("win rate by seat: "))
    said = dict(part.split(" ", 2)[1:] for part in line.removeprefix("win rate by seat: ").split(", "))
    table = lab.summarise(lab.simulate("inferno", games=12, players=3, seed=5, bots="greedy,random,random"))
    assert list(said) == ["0", "1", "2"]
    assert [said[str(seat)] for seat in range(3)] == [  # the rate and its interval, as the lab's table gives them
        f"{table.loc[0, f'win_rate_{seat}']:.1%} [{table.loc[0, f'win_rate_{seat}_low']:.1%} to {table.loc[0, f'win_rate_{seat}_high']:.1%}]"
        for seat in range(3)]


def test_a_rule_value_with_a_comma_is_written_in_double_quotes(tmp_path, capsys):
    """A teacher's card file named `my,set.csv`: its comma would end the value; in quotes it stays."""
    from importlib.resources import files

    path = tmp_path / "my,set.csv"
    path.write_text(files("rulesbook.hudai").joinpath("data", "cards.csv").read_text(encoding="utf-8"), encoding="utf-8")
    assert cli.main(["simulate", "hudai", "--games", "1", "--json", "--rules", f'cards="{path}",monk_health=9']) == 0
    summary = json.loads(capsys.readouterr().out)  # the file holds the shipped set, which a summary names so
    assert summary["rules"]["cards"] == "reconstructed" and summary["rules"]["monk_health"] == 9
    assert cli.main(["simulate", "hudai", "--games", "1", "--rules", f"cards={path}"]) == 2
    assert f"{path.name.split(',')[1]!r} is not FIELD=VALUE" in capsys.readouterr().err
