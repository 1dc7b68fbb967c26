"""`rulesbook strength GAME`: lab.strength from a shell, its table as lines or as JSON, and every
bad input one line on stderr with exit status 2 (a missing lab extra too), never a traceback."""

from __future__ import annotations

import json
import math
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, settings, strategies as st
from simulation_scale import scaled

from rulesbook import GAMES, cli, game, lab

SRC = Path(__file__).resolve().parents[2] / "src"
#: One line of the table: "greedy against random:  96.8% [93.3% to 98.5%] of 200 games (parity 25.0%)".
ROW = re.compile(r"(?P<pairing>[\w -]+): +(?P<rate>\d+\.\d%) \[(?P<low>\d+\.\d%) to (?P<high>\d+\.\d%)\] "
                 r"of (?P<games>\d+) games?(?: \(parity (?P<parity>\d+\.\d%)\)| won)")
#: Small real runs: (game, levels, the lab's arguments), each as the command line gives them too.
RUNS = [
    ("inferno", "random,greedy", {"games": 6, "players": 2}),
    ("inferno", "random,greedy", {"games": 4, "players": 3, "seed": "x", "against": "greedy"}),
    ("hudai", "random,heuristic", {"games": 3}),
    ("madness", "random", {"games": 2, "players": 3, "seed": 7}),
]


def options(kwargs: dict) -> list[str]:
    return [token for name, value in kwargs.items() for token in (f"--{name}", str(value))]


def run(args: list[str], capsys) -> tuple[int, str, str]:
    status = cli.main(args)
    captured = capsys.readouterr()
    return status, captured.out, captured.err


@pytest.mark.parametrize(("name", "levels", "kwargs"), RUNS, ids=[f"{name}-{levels}" for name, levels, _ in RUNS])
def test_the_printed_rates_are_the_labs_table(name, levels, kwargs, capsys):
    status, out, err = run(["strength", name, "--levels", levels, *options(kwargs)], capsys)
    assert (status, err) == (0, ""), err
    table = lab.strength(name, levels, **kwargs)
    lines = out.splitlines()
    protocol = game(name)
    players = table.attrs["players"]
    per = "pairing" if protocol.seats_compete else "level"
    games = kwargs["games"]
    assert lines[0] == (f"{protocol.title}: {games} games a {per}, {players} player{'s' * (players > 1)}, "
                        f"seed {kwargs.get('seed', 1)!r}")
    assert lines[1].startswith("rules: ") and lines[-1] == "(in brackets: 95 % intervals, Wilson's for rates)"
    said = [match.groupdict() for match in map(ROW.fullmatch, lines) if match]
    assert len(said) == len(table)
    for row, line in zip(table.to_dict("records"), said):
        assert line["pairing"] == row["pairing"] and int(line["games"]) == row["games"] == games
        assert (line["rate"], line["low"], line["high"]) == tuple(f"{row[column]:.1%}" for column in
                                                                 ("win_rate", "win_rate_low", "win_rate_high"))
        assert line["parity"] == (f"{row['parity']:.1%}" if protocol.seats_compete else None)
    rates = [line.index("%") for line in lines if ROW.fullmatch(line)]
    assert len(set(rates)) == 1, "the rates stand in one column"


@pytest.mark.parametrize(("name", "levels", "kwargs"), RUNS[::2], ids=["inferno", "hudai"])
def test_json_holds_the_labs_rows_and_attrs_with_null_for_nan(name, levels, kwargs, capsys):
    status, out, err = run(["strength", name, "--levels", levels, "--json", *options(kwargs)], capsys)
    assert (status, err) == (0, "")
    assert "NaN" not in out
    data = json.loads(out)
    table = lab.strength(name, levels, **kwargs)
    expected = [{column: None if isinstance(value, float) and math.isnan(value) else value for column, value in row.items()}
                for row in table.to_dict("records")]
    assert data["rows"] == expected and list(data["rows"][0]) == list(table.columns)
    assert {key: data[key] for key in ("game", "players", "seed", "confidence")} == {
        key: table.attrs[key] for key in ("game", "players", "seed", "confidence")}
    assert data["rules"] == game(name).rules_to_dict(game(name).rules())
    assert all((row["parity"] is None) == (not game(name).seats_compete) for row in data["rows"])


def test_confidence_rules_and_jobs_reach_the_lab(capsys):
    args = ["strength", "inferno", "--levels", "random,greedy", "--players", "2", "--games", "4", "--seed", "3",
            "--rules", "edition=zh", "--rules", "two_pawns=true", "--confidence", "0.8", "--json"]
    status, out, _ = run(args, capsys)
    assert status == 0
    data = json.loads(out)
    rules = game("inferno").rules(edition="zh", two_pawns=True)
    table = lab.strength("inferno", "random,greedy", games=4, players=2, seed=3, rules=rules, confidence=0.8)
    assert [row["win_rate_low"] for row in data["rows"]] == list(table["win_rate_low"])
    assert data["confidence"] == 0.8 and data["rules"]["edition"] == "zh" and data["rules"]["two_pawns"] is True
    assert run([*args, "--jobs", "2"], capsys)[1] == out, "the same table in two processes"
    status, text, _ = run(args[:-1], capsys)
    assert status == 0 and text.splitlines()[-1] == "(in brackets: 80 % intervals, Wilson's for rates)"


BAD_INPUT = [
    (["chess", "--levels", "random"], "unknown game 'chess'; the games are inferno, hudai, madness"),
    (["inferno", "--levels", "random,genius"], "Mountain of Inferno has no bot 'genius'; its bots are random, greedy"),
    (["inferno", "--levels", "random,greedy", "--against", "boss"], "has no bot 'boss'"),
    (["inferno", "--levels", "random,greedy,random"], "--levels name random more than once; each level is measured once"),
    (["inferno", "--levels", "greedy", "--against", "greedy"], "greedy against greedy: a level set against itself measures nothing"),
    # the lab's "give against= the level ... (against='random')" in the options' words
    (["inferno", "--levels", "greedy"], "name at least two levels to set against each other, or give --against the level to play "
                                        "them against (--against random)"),
    (["hudai", "--levels", "random", "--against", "greedy"], "Hudai Pass's seats do not compete: there is no level to play against"),
    (["madness", "--levels", "random", "--against", "random"], "seats do not compete"),
    (["inferno", "--levels", "random,greedy", "--games", "0"], "rulesbook strength: --games is a whole number from 1 to 1,000,000, not 0"),
    (["inferno", "--levels", "random,greedy", "--games", "1000000000000"], "from 1 to 1,000,000, not 1000000000000"),
    (["inferno", "--games", "３"], "argument --games: '３' is not a whole number (at most 15 digits 0-9)"),
    (["inferno", "--levels", "random,greedy", "--rules", "edition=fr"], "bad value for the rule 'edition': 'fr' is not one of en, zh"),
    (["inferno", "--rules", "editon=zh"], "has no rule 'editon'; its rules are edition"),
    (["inferno", "--rules", "edition=zh", "--rules", "edition=en"], "--rules gives the rule 'edition' twice, as zh and en; give it once"),
    (["hudai", "--levels", "random", "--rules", "house=tax"], "the command line runs none: run it with rulesbook.lab.strength"),
    (["inferno", "--levels", "random,greedy", "--jobs", "100000"], "--jobs is a whole number from 1 to"),
    (["inferno", "--levels", "random,greedy", "--jobs", "0"], "(4 per core of this machine), not 0"),
    (["inferno", "--levels", "random,greedy", "--players", "7"], "Mountain of Inferno is for 2 to 4 players, not 7"),
    (["madness", "--levels", "random", "--players", "2"], "At the Mountains of Madness is for 3 to 5 players, not 2"),
    (["inferno", "--levels", " , "], "--levels names one bot level or more, comma-separated, not ' , '"),
    (["inferno", "--levels", "random,,greedy"], "--levels 'random,,greedy' names no level at place 2: give one name between each two commas"),
    (["inferno", "--levels", "random,greedy", "--against", " "], "--against names one bot level, not ' '"),
    (["inferno", "--confidence", "1"], "argument --confidence: '1' is not a number between 0 and 1, such as 0.95"),
    (["inferno", "--confidence", "٠.٩"], "argument --confidence: '٠.٩' is not a number between 0 and 1"),  # float() reads it
    (["inferno", "--seed", ""], "argument --seed: a seed is a number or a word, not nothing"),
    (["inferno", "--seed", "a\udcff"], "argument --seed: b'a\\xff' is not UTF-8 text"),
    (["inferno", "--colour", "red"], "unrecognized arguments: --colour red"),
]


def ascii_id(args: list[str]) -> str:
    return "".join(c if c.isascii() else f"U+{ord(c):04X}" for c in " ".join(args))


@pytest.mark.parametrize(("args", "says"), BAD_INPUT, ids=[ascii_id(args) for args, _ in BAD_INPUT])
def test_bad_input_is_one_line_naming_it_and_exit_status_2(args, says, capsys):
    status, out, err = run(["strength", *args], capsys)
    assert (status, out) == (2, "")
    # argparse's top parser refuses an option no command knows, as it does for simulate: "rulesbook: ..."
    assert re.match(r"rulesbook( strength)?: ", err) and err.count("\n") == 1 and says in err, err
    assert "against=" not in err and "Traceback" not in err


def test_a_level_typed_as_against_is_quoted_as_typed(capsys):
    """The lab's words are put in the options' words, not the user's own text."""
    status, _, err = run(["strength", "inferno", "--levels", "random,against= x"], capsys)
    assert status == 2 and "has no bot 'against= x'" in err


def program(*args: str, code: str = "") -> subprocess.CompletedProcess:
    """The command in its own process, as a user runs it; `code` runs first (to take a library away)."""
    run_it = f"import sys; {code}; from rulesbook import cli; sys.exit(cli.main(sys.argv[1:]))"
    return subprocess.run([sys.executable, "-c", run_it, *args], capture_output=True, text=True,
                          env={"PYTHONPATH": str(SRC)}, timeout=120)


@pytest.mark.parametrize("missing", ["pandas", "tqdm"])
def test_without_the_lab_extra_it_says_what_to_install(missing):
    """The base package has no dependencies: `import pandas` fails, and the command says which extra to install."""
    done = program("strength", "hudai", "--levels", "random", "--games", "1", code=f"sys.modules[{missing!r}] = None")
    assert (done.returncode, done.stdout) == (2, ""), done
    assert done.stderr == (f"rulesbook strength: needs {missing}, which is not installed: it comes with the lab's extra, "
                           "pip install 'rulesbook[lab]'\n")


def test_a_run_as_a_program_prints_the_table_and_nothing_on_stderr():
    """In a pipe no progress bar is drawn, and stdout holds the table alone."""
    done = subprocess.run([sys.executable, "-m", "rulesbook", "strength", "hudai", "--levels", "random", "--games", "2"],
                          capture_output=True, text=True, env={"PYTHONPATH": str(SRC)}, timeout=120)
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout.startswith("Hudai Pass: 2 games a level, 1 player, seed 1\n")
    assert re.search(r"^random: +\d+\.\d% \[", done.stdout, re.M)


def test_the_help_names_the_command_and_every_game_s_levels(capsys):
    assert "`strength GAME`, every bot level against the others" in " ".join(cli.build_parser().format_help().split())
    for command in ("strength", "simulate"):
        with pytest.raises(SystemExit):
            cli.main([command, "--help"])
        helped = " ".join(capsys.readouterr().out.split())
        if command == "simulate":
            assert "(or with `rulesbook strength GAME`)" in helped
            continue
        for name in GAMES:
            assert f"{name}: {', '.join(game(name).bot_names)}" in helped
        assert "games a pairing, 1 to 1,000,000 (default 100)" in helped and "--confidence" in helped


#: Text a careless user types; a byte that is not UTF-8 reaches Python as a lone surrogate.
WORDS = st.text(alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00")
                | st.characters(min_codepoint=0xDC80, max_codepoint=0xDCFF), max_size=8)
#: Levels that play a game in a few hundredths of a second at most (never a search level: its game takes seconds).
CHEAP = ["random", "greedy", "heuristic", "expedition", "genius", ""]
RULE_VALUES = ["true", "maybe", "0", "1", "3", "99", "zh", "en", "drain/crush/confuse", "[[2,4]]", "", "none", "9" * 30, "["]


@st.composite
def command_lines(draw, hostile: bool = True) -> list[str]:
    """What a user types after `rulesbook strength`: any text, and values right and wrong, for each
    option (`hostile`); or what a teacher might type, mostly right (a game, its own levels, its
    rules with values of every kind), so that most runs play."""

    def either(right: list[str], wrong: list[str]) -> st.SearchStrategy[str]:
        return st.sampled_from(right + wrong) | WORDS if hostile else st.sampled_from(right)

    name = draw(either(list(GAMES), ["chess"]))
    fields = game(name).rule_fields() if name in GAMES else ["edition"]
    own = [bot for bot in game(name).bot_names if bot in CHEAP] if name in GAMES else []
    fit = st.lists(st.sampled_from(own or CHEAP), min_size=1 + (name == "inferno"), max_size=2, unique=True)  # a table to play
    names = fit.map(",".join) | st.lists(st.sampled_from(CHEAP), max_size=3).map(",".join) | WORDS if hostile else fit.map(",".join)
    values = st.sampled_from(RULE_VALUES) | WORDS if hostile else st.sampled_from(RULE_VALUES)
    rules = st.lists(st.tuples(st.sampled_from([*fields, "colour"]), values), max_size=2)
    seats = [str(count) for count in range(game(name).min_players, game(name).max_players + 1)] if name in GAMES else []
    option = st.one_of(
        st.tuples(st.just("--against"), names if hostile or name == "inferno" else st.sampled_from(own)),
        st.tuples(st.just("--players"), either(seats, ["-1", "0", "6", "+2"])),
        st.tuples(st.just("--seed"), either(["0", "7", "x", "-3"], [""])),
        st.tuples(st.just("--rules"), rules.map(lambda pairs: ",".join(f"{field}={value}" for field, value in pairs))),
        st.tuples(st.just("--games"), either(["1"], ["0", "-1", "1000000000000"])),
        st.tuples(st.just("--confidence"), either(["0.5", ".95", "0.999"], ["0", "1", "nan", "1e-3"])),
        st.tuples(st.just("--jobs"), either(["1"], ["0", "100000"])),
        st.tuples(st.just("--json")),
        st.tuples(WORDS.filter(lambda text: not text.startswith("-")) if hostile else st.just("--json")),  # a stray word ("-h": help)
    )
    chosen = draw(st.lists(option, max_size=3))
    # A --games value that is a count is 1 (the last given counts): the run stays a game a pairing.
    chosen = [pair if pair[0] != "--games" or not pair[1].strip().lstrip("+").isdigit() or pair[1] in ("0", "1000000000000")
              else ("--games", "1") for pair in chosen]
    # --levels always: the default is every level, the search bots too, whose games take seconds.
    return ["strength", name, "--games", "1", "--levels", draw(names), *(token for pair in chosen for token in pair)]


@settings(max_examples=scaled(100), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(command_lines())
def test_any_options_give_the_table_or_one_line_and_exit_status_2(capsys, args):
    table_or_one_line(args, capsys)


@settings(max_examples=scaled(60), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(command_lines(hostile=False))
def test_options_a_teacher_might_type_give_the_table_or_one_line_and_exit_status_2(capsys, args):
    table_or_one_line(args, capsys)


def table_or_one_line(args: list[str], capsys) -> None:
    status, out, err = run(args, capsys)  # an exception escaping here is what a user sees as a traceback
    event(f"exit status {status}")
    assert status in (0, 2), args
    if status == 2:
        assert out == "" and err.count("\n") == 1 and err.startswith("rulesbook"), (args, err)
    else:
        assert err == "" and out.strip(), args
        if "--json" in args:
            json.loads(out)  # strict JSON: null, never NaN
        else:
            assert out.splitlines()[-1].startswith("(in brackets: ")
