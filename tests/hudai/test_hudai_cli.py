"""The command line: `rulesbook simulate hudai` (text and --json) and `rulesbook replay RECORD.json`."""

from __future__ import annotations

import json

from rulesbook.cli import main
from rulesbook.hudai.records import make_record, record_to_json


def test_simulate_prints_win_rate_losses_and_turns(capsys):
    assert main(["simulate", "hudai", "--games", "20", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "20 games" in out and "won:" in out and "turns per game" in out
    assert "ran out of health" in out and "corruption" in out and "over 12" in out


def test_simulate_json_summary_and_record(capsys, tmp_path):
    path = tmp_path / "game.json"
    assert main(["simulate", "hudai", "--games", "10", "--seed", "3", "--bot", "random", "--json", "--record", str(path)]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["games"] == 10 and summary["bot"] == "random"
    assert summary["wins"] + sum(summary["losses"].values()) == 10
    assert set(summary["losses"]) == {"health", "corruption", "power", "turn_limit"}
    assert 0.0 <= summary["win_rate"] <= 1.0 and summary["turns_mean"] > 0
    # the written record replays turn by turn
    assert json.loads(path.read_text())["game"] == "hudai"
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "== Turn 1 ==" in out and "The monk" in out


def test_simulate_is_reproducible_in_any_number_of_processes(capsys):
    main(["simulate", "hudai", "--games", "15", "--seed", "9", "--json"])
    first = json.loads(capsys.readouterr().out)
    main(["simulate", "hudai", "--games", "15", "--seed", "9", "--json", "--jobs", "2"])
    second = json.loads(capsys.readouterr().out)
    for key in ("wins", "losses", "turns_mean", "actions"):
        assert first[key] == second[key]


def test_simulate_rejects_a_bad_card_file(capsys, tmp_path):
    path = tmp_path / "bad.csv"
    path.write_text("colour,symbol,value,deck\nwhite,drop,7,start\n")
    assert main(["simulate", "hudai", "--games", "1", "--cards", str(path)]) == 2
    assert "line 2" in capsys.readouterr().err


def test_replay_reports_an_illegal_record(capsys, tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(record_to_json(make_record(1, None, ["end", "obtain Y6"])))
    assert main(["replay", str(path)]) == 1
    assert "IllegalAction" in capsys.readouterr().err
