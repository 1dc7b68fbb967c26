"""`rulesbook simulate madness` and `rulesbook replay` with a teacher's data pack (MAD-P13): the pack is
read from a file given as a rule, carried whole in records, and a bad one is one line and exit status 2."""

from __future__ import annotations

import copy
import json

import pytest

from rulesbook import cli
from rulesbook.core.records import GameRecord
from rulesbook.madness import Phase, apply, default_pack, legal_actions, new_game


def pack_file(tmp_path, change=None, name="teacher"):
    data = copy.deepcopy(default_pack().raw)
    data["name"] = name
    if change is not None:
        change(data)
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_simulate_plays_with_a_pack_from_a_file_mad_p13(tmp_path, capsys):
    path = pack_file(tmp_path, lambda d: d.update(die=["Loss of Confidence"] * 6))
    record = tmp_path / "first.json"
    args = ["simulate", "madness", "--players", "3", "--games", "4", "--seed", "cli", "--rules", f"pack={path},expert=true",
            "--record", str(record)]
    assert cli.main(args) == 0
    out = capsys.readouterr().out
    assert "pack=teacher (carried whole)" in out and "expert=True" in out
    assert len(out.splitlines()) == 8  # the rules line holds the pack's name, not its data
    saved = json.loads(record.read_text(encoding="utf-8"))
    assert saved["rules"]["pack"]["die"] == ["Loss of Confidence"] * 6
    assert cli.main([*args, "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["rules"]["pack"]["name"] == "teacher"


def test_simulate_with_a_pack_gives_the_same_summary_in_two_processes(tmp_path, capsys):
    path = pack_file(tmp_path, lambda d: d.update(die=["Accident"] * 6))
    common = ["simulate", "madness", "--games", "6", "--seed", "jobs", "--rules", f"pack={path}", "--json"]
    assert cli.main(common) == 0
    alone = json.loads(capsys.readouterr().out)
    assert cli.main([*common, "--jobs", "2"]) == 0
    shared = json.loads(capsys.readouterr().out)
    for key in ("win_rate_by_seat", "endings", "means", "actions"):
        assert alone[key] == shared[key]


def test_the_shipped_pack_by_name(capsys):
    assert cli.main(["simulate", "madness", "--games", "1", "--rules", "pack=illustrative"]) == 0
    assert "pack=illustrative" in capsys.readouterr().out


@pytest.mark.parametrize("change, content, says", [
    (None, None, "cannot read"),
    (None, "{not json", "not JSON"),
    (lambda d: d["spaces"][0]["challenges"].append("Tools 2"), None, "MAD-R10"),
    (lambda d: d["die"].append("Eclipse"), None, "(Penalty Die)"),
])
def test_a_bad_pack_is_one_line_and_exit_status_2(tmp_path, capsys, change, content, says):
    path = tmp_path / "missing.json"
    if change is not None:
        path = pack_file(tmp_path, change, "broken")
    elif content is not None:
        path = tmp_path / "broken.json"
        path.write_text(content, encoding="utf-8")
    assert cli.main(["simulate", "madness", "--rules", f"pack={path}"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1
    assert says in captured.err and path.name in captured.err, captured.err


def test_a_record_naming_an_unknown_pack_is_refused(tmp_path, capsys):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"game": "madness", "players": 3, "seed": 1, "rules": {"pack": "harder"}, "actions": []}))
    assert cli.main(["replay", str(path)]) == 2
    assert "carried whole" in capsys.readouterr().err


def test_replay_marks_the_events_only_one_player_sees_mad_r08(tmp_path, capsys):
    path = tmp_path / "game.json"
    assert cli.main(["simulate", "madness", "--players", "4", "--games", "1", "--record", str(path)]) == 0
    capsys.readouterr()
    record = GameRecord.from_json(path.read_text(encoding="utf-8"))
    assert cli.main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "[only P" in out and "the game is over" in out
    assert f"{len(record.actions):4d}. " in out


def test_replay_of_a_card_played_after_time_up_says_the_sand_timer_has_run_out_mad_p01(tmp_path, capsys):
    """A tampered record: a card played once the Leader has called time up is refused in one line
    saying why, not "belongs to the Encounter Phase, but this is the Encounter Phase"."""
    state, actions = new_game(4, 1), []
    while state.phase is not Phase.ENCOUNTER:
        action = legal_actions(state)[0]
        state, actions = apply(state, action)[0], [*actions, str(action)]
    other = (state.leader + 1) % 4
    card = state.rules.pack.cards[state.hands[other][0]].label
    actions += [f"P{state.leader + 1}: time up", f"P{other + 1}: play {card}"]
    path = tmp_path / "timed_out.json"
    path.write_text(GameRecord("madness", 4, 1, None, actions).to_json(), encoding="utf-8")
    assert cli.main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err
    assert (f"record.actions[{len(actions) - 1}]: action {len(actions)} 'P{other + 1}: play {card}' is refused: the Sand Timer "
            "has run out, so no more cards can be played: the Leader alone decides whether to restart the Encounter or "
            "resolve it (MAD-P01)") in err
