"""The shared findings of a teacher's audit (M3, M5, M6, L2): bots fill the table before they turn,
the command line says what its bot rates count and leaves a meaningless rate out, a house rule
refused for ending the game says how to end it, and errors that said too little."""

from __future__ import annotations

import json
import re
from dataclasses import replace

import pytest

from rulesbook import cli, lab, teach
from rulesbook.core import house_rule
from rulesbook.core.harness import seat_bots
from rulesbook.core.house import HouseRuleError, forget


def test_names_that_do_not_divide_the_table_fill_it_then_turn():
    bots = ["greedy", "random"]
    assert [seat_bots(bots, 3, index) for index in range(4)] == [
        ["greedy", "random", "greedy"], ["random", "greedy", "greedy"], ["greedy", "greedy", "random"], ["greedy", "random", "greedy"]]
    for seat in range(3):  # each seat holds the filled line-up's bots equally often over three games
        assert sorted(seat_bots(bots, 3, index)[seat] for index in range(3)) == ["greedy", "greedy", "random"]
    # names that divide the table, and more names than seats, sit as they did
    assert [seat_bots(bots, 4, index) for index in range(2)] == [["greedy", "random"] * 2, ["random", "greedy"] * 2]
    assert seat_bots(["a", "b", "c"], 2, 1) == ["b", "c"] and seat_bots(["a", "b", "c"], 2, 2) == ["c", "a"]


def test_the_bot_rates_say_what_they_count_and_inferno_s_json_has_no_win_rate(capsys):
    assert cli.main(["simulate", "inferno", "--players", "4", "--games", "4", "--seed", "1", "--bots", "greedy,random"]) == 0
    lines = capsys.readouterr().out.splitlines()
    rate = next(line for line in lines if line.startswith("win rate by bot"))
    assert rate.startswith("win rate by bot, per seat it held (a tie shares the win; parity 25.0%): greedy ")
    assert cli.main(["simulate", "inferno", "--players", "3", "--games", "3", "--seed", "1", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert "win_rate" not in summary and "win_rate" not in summary["intervals"] and summary["parity"] == pytest.approx(1 / 3)
    assert cli.main(["simulate", "hudai", "--games", "3", "--seed", "1", "--json"]) == 0
    hudai = json.loads(capsys.readouterr().out)
    assert 0 <= hudai["win_rate"] <= 1 and "parity" not in hudai
    assert cli.main(["simulate", "madness", "--players", "4", "--games", "2", "--seed", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()  # one bot at every table: its rate is the games won, said once
    assert not any(line.startswith("win rate by") for line in lines) and any(line.startswith("games won: ") for line in lines)


@pytest.mark.parametrize(("game", "who"), [("hudai", "the monk"), ("madness", "the expedition")])
def test_replay_of_a_solo_or_cooperative_record_says_whether_its_side_won(capsys, tmp_path, game, who):
    """The replay's last line read "seat 0 0; won by nobody" for the monk, and "seat 0 1, seat 1 1,
    seat 2 1, seat 3 1; won by seat 0, seat 1, seat 2, seat 3" for an expedition that escaped."""
    path = tmp_path / f"{game}.json"
    assert cli.main(["simulate", game, "--games", "1", "--seed", "1", "--record", str(path)]) == 0
    capsys.readouterr()
    assert cli.main(["replay", str(path)]) == 0
    last = capsys.readouterr().out.splitlines()[-1]
    assert re.fullmatch(rf"the game is over: {who} (won|lost) \(ending: [\w ]+\)", last), last


@pytest.fixture
def rules_to_forget():
    names: list[str] = []
    yield names
    for name in names:
        forget(name)


def test_a_house_rule_refused_for_ending_a_game_says_how_to_end_one(rules_to_forget):
    from rulesbook.hudai import Phase, Rules as HudaiRules
    from rulesbook.madness import Phase as MadnessPhase, Rules as MadnessRules

    rules_to_forget.extend(["audit-poison", "audit-poison-ended", "audit-escape", "audit-escaped"])

    @house_rule("audit-poison", "turn_start", text="the demon loses a health cube a turn")
    def poison(state):
        return replace(state, demon_health=state.demon_health - 1)

    with pytest.raises(HouseRuleError) as caught:
        lab.simulate("hudai", games=1, seed=1, rules=HudaiRules(house=(poison,)))
    said = str(caught.value)
    assert "at least 1 while the game goes on" in said
    assert "to end the game, return the state with phase=Phase.OVER and outcome='won' (the demon's health 0)" in said

    @house_rule("audit-poison-ended", "turn_start", text="the demon loses a health cube a turn; at 0 the monk wins")
    def poison_ended(state):
        health = state.demon_health - 1
        return replace(state, demon_health=0, outcome="won", phase=Phase.OVER) if health <= 0 else replace(state, demon_health=health)

    table = lab.simulate("hudai", games=2, seed=1, rules=HudaiRules(house=(poison_ended,)))
    assert table["won"].all()  # the way the message says works

    @house_rule("audit-escape", "turn_start", text="the expedition wins at once")
    def escape(state):
        state.won = True
        return state

    with pytest.raises(HouseRuleError) as caught:
        lab.simulate("madness", games=1, players=4, seed=1, rules=MadnessRules(house=(escape,)))
    said = str(caught.value)
    assert "the game is over exactly when it has an outcome" in said
    assert "to end the game, return the state with phase=Phase.OVER, outcome='escaped' and won=True" in said

    @house_rule("audit-escaped", "turn_start", text="the expedition wins at once, as the message says")
    def escaped(state):
        state.won, state.outcome, state.phase = True, "escaped", MadnessPhase.OVER
        return state

    table = lab.simulate("madness", games=2, players=4, seed=1, rules=MadnessRules(house=(escaped,)))
    assert table["won"].all() and (table["turns"] == 1).all()


def test_a_house_rule_at_a_turns_end_ends_the_game_where_it_says(rules_to_forget):
    """A Madness rule that ended the game at "turn_end" was undone by the engine's next turn (the
    games were those with no house rule); a Hudai one went on to the demon's turn."""
    from rulesbook.hudai import Phase, Rules as HudaiRules
    from rulesbook.madness import Phase as MadnessPhase, Rules as MadnessRules

    rules_to_forget.extend(["audit-end-won", "audit-end-escaped"])

    @house_rule("audit-end-won", "turn_end", text="the monk wins at the end of the second turn")
    def won(state):
        return replace(state, demon_health=0, outcome="won", phase=Phase.OVER) if state.turn == 2 else state

    @house_rule("audit-end-escaped", "turn_end", text="the expedition escapes at the end of the third turn")
    def escaped(state):
        if state.turn == 3:
            state.won, state.outcome, state.phase = True, "escaped", MadnessPhase.OVER
        return state

    hudai = lab.simulate("hudai", games=3, seed=1, rules=HudaiRules(house=(won,)))
    assert hudai["won"].all() and (hudai["turns"] == 2).all(), hudai[["won", "turns"]]
    madness = lab.simulate("madness", games=3, players=4, seed=1, rules=MadnessRules(house=(escaped,)))
    assert madness["won"].all() and (madness["turns"] == 3).all(), madness[["won", "turns"]]


def test_an_unknown_madness_tile_lists_the_tiles_by_name():
    from rulesbook.madness import game_moment

    with pytest.raises(ValueError) as caught:
        game_moment(4, tile="TC01")
    said = str(caught.value)
    assert "tiles go by name: 'TC01' is the id of Icy Cape" in said and "Frozen Bay" in said and "Summit Col" in said


def test_only_inferno_exercises_speak_zh_tw():
    from rulesbook.hudai import game_moment as hudai_moment
    from rulesbook.madness import game_moment as madness_moment

    with pytest.raises(ValueError, match=re.escape("language: a Hudai Pass board speaks English only ('en'): "
                                                   "only Mountain of Inferno's boards speak zh-TW; not 'zh-TW'")):
        teach.exercise(hudai_moment("W1 W2 G3 R4"), "black", language="zh-TW")
    with pytest.raises(ValueError, match=re.escape("an At the Mountains of Madness board speaks English only")):
        teach.exercise(madness_moment(4, space="X1"), "ignore", language="fr")
    assert teach.exercise(hudai_moment("W1 W2 G3 R4"), "black", language="en").exercise["answers"]
