"""`rulesbook simulate madness` and `rulesbook replay` print what they promise."""

import json

from rulesbook.cli import main


def test_simulate_prints_win_rate_endings_relics_and_madness(capsys):
    assert main(["simulate", "madness", "--players", "4", "--games", "12", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    for words in ("win rate", "endings", "relics per game", "madness levels at the end"):
        assert words in out


def test_simulate_json_summary_and_record_replay(capsys, tmp_path):
    record = tmp_path / "game.json"
    assert main(["simulate", "madness", "--players", "3", "--games", "5", "--seed", "3", "--json", "--expert",
                 "--record", str(record)]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["games"] == 5 and 0 <= summary["win_rate"] <= 1 and summary["rules"]["expert"] is True
    assert sum(summary["endings"].values()) == 5
    assert sum(summary["madness_levels_at_end"].values()) == 15
    data = json.loads(record.read_text())
    assert data["game"] == "madness" and data["actions"]
    assert main(["replay", str(record)]) == 0
    out = capsys.readouterr().out
    assert "== Turn 1, leader P1 ==" in out and "> P1: move to" in out and "Result:" in out
    assert "[only P" in out  # hidden events are marked as such


def test_replay_of_a_broken_record_says_why(capsys, tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"game": "madness", "players": ["a", "b", "c"], "seed": 1, "actions": ["P1: fly away"]}))
    assert main(["replay", str(path)]) == 2
    assert "cannot replay" in capsys.readouterr().out


def test_the_game_package_uses_only_the_standard_library():
    import subprocess
    import sys
    from pathlib import Path

    src = Path(__file__).resolve().parents[2] / "src"
    code = ("import sys; import rulesbook.madness, rulesbook.madness.simulate; "
            "bad = [m for m in sys.modules if m.split('.')[0] in ('IPython', 'ipywidgets', 'anywidget', 'numpy', 'jupyter', 'hypothesis')]; "
            "print(bad)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env={"PYTHONPATH": str(src)}, check=True)
    assert out.stdout.strip() == "[]"
