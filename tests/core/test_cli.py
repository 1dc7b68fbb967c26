"""The `rulesbook` command, the same for every game: simulate with the common options, replay a
record, and one-line errors with exit status 2 for bad input (never a traceback)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

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
    assert len(summary["win_rate_by_seat"]) == int(players) and 0 <= summary["win_rate"] <= 1
    saved = GameRecord.from_json(record.read_text(encoding="utf-8"))
    assert saved.game == name and saved.seed == "4:0" and saved.actions
    assert game(name).is_over(saved.final_state())


@pytest.mark.parametrize("name", GAMES)
def test_the_text_summary_names_the_game_and_its_figures(name, capsys):
    players, bots, _ = QUICK[name]
    assert cli.main(["simulate", name, "--players", players, "--games", "3", "--bots", bots]) == 0
    out = capsys.readouterr().out
    assert out.startswith(game(name).title) and "win rate by seat" in out and "endings:" in out and "actions/s" in out


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


BAD_INPUT = [
    (["simulate", "chess"], "unknown game 'chess'; the games are inferno, hudai, madness"),
    (["simulate", "inferno", "--players", "7"], "is for 2 to 4 players, not 7"),
    (["simulate", "hudai", "--players", "2"], "is for 1 player, not 2"),
    (["simulate", "inferno", "--bots", "genius"], "has no bot 'genius'; its bots are"),
    (["simulate", "inferno", "--rules", "editon=zh"], "has no rule 'editon'; its rules are edition"),
    (["simulate", "inferno", "--rules", "edition=fr"], "bad value for the rule 'edition': 'fr' is not one of en, zh"),
    (["simulate", "madness", "--rules", "expert=maybe"], "'maybe' is not true or false"),
    (["simulate", "madness", "--rules", "boxed_token_source=lid"], "boxed_token_source"),
    (["simulate", "hudai", "--rules", "powers=drain/drain/drain/drain"], "'powers': 'drain/drain/drain/drain' should have 3 parts"),
    (["simulate", "hudai", "--rules", "powers=drain/fly/confuse"], "'fly' is not a demon power"),
    (["simulate", "inferno", "--rules", "edition"], "is not FIELD=VALUE"),
    (["simulate", "inferno", "--games", "-1"], "0 or more"),
    (["simulate", "inferno", "--games", "many"], "invalid int value: 'many'"),
    (["simulate", "inferno", "--jobs", "0"], "--jobs must be at least 1"),
    (["simulate", "inferno", "--colour", "red"], "unrecognized arguments: --colour red"),
    (["replay", "/no/such/record.json"], "cannot read /no/such/record.json"),
    ([], "the following arguments are required"),
]


@pytest.mark.parametrize(("args", "says"), BAD_INPUT, ids=[" ".join(args) or "nothing" for args, _ in BAD_INPUT])
def test_bad_input_is_one_line_and_exit_status_2(args, says, capsys):
    assert cli.main(args) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and says in captured.err, captured.err


@pytest.mark.parametrize(
    ("content", "says"),
    [
        ("not json", "not JSON"),
        ('{"game": "chess"}', "unknown game 'chess'"),
        ('{"game": "inferno", "players": 2, "seed": 1}', "no 'actions'"),
        ('{"game": "inferno", "players": 2, "seed": 1, "actions": ["bison R 9,9"]}', "action 1 'bison R 9,9'"),
        ('{"game": "madness", "players": 3, "seed": 1, "actions": ["P1: fly away"]}', "action 1 'P1: fly away'"),
        ('{"game": "hudai", "players": 1, "seed": 1, "actions": ["end", "obtain Y6"]}', "action 2 'obtain Y6'"),
        ('{"game": "hudai", "players": 1, "seed": 1, "rules": {"colour": 1}, "actions": []}', "colour"),
    ],
)
def test_replay_of_a_bad_record_says_what_and_where(content, says, capsys, tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    assert cli.main(["replay", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.err.count("\n") == 1 and says in captured.err, captured.err


def test_the_command_runs_as_a_program_without_a_traceback():
    done = subprocess.run([sys.executable, "-m", "rulesbook", "simulate", "inferno", "--rules", "two_pawns=perhaps"],
                          capture_output=True, text=True, env={"PYTHONPATH": str(SRC)})
    assert done.returncode == 2 and "Traceback" not in done.stderr and "two_pawns" in done.stderr


def test_the_game_packages_use_only_the_standard_library():
    code = ("import sys, rulesbook; [rulesbook.game(name) for name in rulesbook.GAMES]; import rulesbook.cli; "
            "bad = [m for m in sys.modules if m.split('.')[0] in ('IPython', 'ipywidgets', 'anywidget', 'numpy', "
            "'pandas', 'jupyter', 'hypothesis', 'tqdm', 'matplotlib')]; print(bad)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env={"PYTHONPATH": str(SRC)}, check=True)
    assert done.stdout.strip() == "[]"
