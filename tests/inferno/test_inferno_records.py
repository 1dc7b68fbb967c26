"""Recorded games: the golden set replays to the results it was recorded with; the command line."""

import json
import pathlib

import pytest

from rulesbook import cli
from rulesbook.inferno import GameRecord, state_from_json, state_to_json

GOLDEN = sorted((pathlib.Path(__file__).parent / "golden").glob("*.json"))


def test_the_golden_set_is_there():
    assert len(GOLDEN) >= 5


@pytest.mark.parametrize("path", GOLDEN, ids=[path.stem for path in GOLDEN])
def test_golden_games_replay_to_their_recorded_results(path):
    data = json.loads(path.read_text())
    expected = data["expected"]
    state = GameRecord.from_dict(data).final_state()
    assert state.is_over
    assert list(state.totals) == expected["totals"]
    assert list(state.winners) == expected["winners"]
    assert [
        {"reason": r.reason, "ender": r.ender, "raw": list(r.raw), "scored": list(r.scored), "turns": r.turns}
        for r in state.results
    ] == expected["rounds"]
    assert str(state.mountain) == expected["final_mountain"]
    assert state_from_json(state_to_json(state)) == state


def test_replay_prints_the_game_turn_by_turn(capsys):
    assert cli.main(["replay", str(GOLDEN[0])]) == 0
    out = capsys.readouterr().out
    data = json.loads(GOLDEN[0].read_text())
    assert "places a pawn" in out and "round 1 ends" in out
    assert f"final totals: red {data['expected']['totals'][0]}" in out
    assert out.count("round ") >= len(data["expected"]["rounds"])


def test_replay_reports_an_action_that_does_not_apply(tmp_path, capsys):
    data = json.loads(GOLDEN[0].read_text())
    data["actions"][3] = "bison R 9,9"
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(data))
    assert cli.main(["replay", str(path)]) == 2
    assert "action 4 'bison R 9,9' cannot be applied" in capsys.readouterr().err


def test_simulate_summarises_win_rates_endings_and_scores(capsys):
    assert cli.main(["simulate", "inferno", "--players", "3", "--games", "6", "--seed", "4", "--bots", "greedy,random"]) == 0
    out = capsys.readouterr().out
    assert "6 games, 3 players" in out and "win rate by seat" in out and "greedy" in out
    assert "rounds ended: a (complete cross)" in out and "mean turns per round" in out


def test_simulate_json_is_consistent(capsys):
    assert cli.main(["simulate", "inferno", "--players", "2", "--games", "5", "--edition", "zh", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["games"] == 5 and summary["rules"]["edition"] == "zh"
    assert sum(summary["round_endings"].values()) == summary["rounds"] == 5 * 2  # ZH: 2 rounds for 2 players
    assert abs(sum(summary["win_rate_by_seat"]) - 1) < 1e-9


def test_simulate_refuses_an_unknown_bot(capsys):
    assert cli.main(["simulate", "inferno", "--bots", "genius"]) == 2
    assert "unknown bot" in capsys.readouterr().err
