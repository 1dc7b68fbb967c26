"""The lab's findings of a teacher's audit (H1, M3, M6, L2): a set of rules given as a value plays
exactly that value, a table read back from CSV is summed up as the game it is from, and a file
that is no progress file says so."""

from __future__ import annotations

import json
import re
import warnings

import pandas as pd
import pytest

from rulesbook import game, lab
from rulesbook.inferno import Rules
from rulesbook.lab.variants import rule_values, variants

#: Chinese rules with some English readings: the fields set back to their EN values were dropped.
ZH_WITH_EN_TURN = Rules(edition="zh", mixed_plays=True, event_discard=True)
ZH_NO_LIMIT = Rules(edition="zh", play_limit=None)


@pytest.mark.parametrize("value", [ZH_WITH_EN_TURN, ZH_NO_LIMIT, Rules(edition="zh"), Rules(), Rules(two_pawns=True),
                                   Rules(edition="zh", two_pawns=True, shared_card_limit=2, hand_size=4)])
def test_a_rules_value_in_a_sweep_plays_exactly_that_value(value):
    inferno = game("inferno")
    assert inferno.rules(**rule_values(inferno, value)) == value
    points = variants(inferno, {"rules": {"mine": value}}, games=1, players=3, seed=1, bots="random", rules=None)
    assert [point.run.rules for point in points if point.label == "mine"] == [value]
    based = variants(inferno, {"two_pawns": [value.two_pawns]}, games=1, players=3, seed=1, bots="random", rules=value)
    assert {point.run.rules for point in based} == {value}  # as the sweep's base rules too


def test_a_zh_variant_with_en_readings_replays_with_its_own_rules_and_labels_what_it_changes():
    table = lab.sweep("inferno", {"rules": {"ZH": Rules(edition="zh"), "ZH + EN plays": ZH_WITH_EN_TURN}}, games=2, players=3,
                      seed=1, bots="random", per_game=True)
    assert lab.record(table, 0, "ZH + EN plays").rules == ZH_WITH_EN_TURN
    assert lab.record(table, 0, "ZH").rules == Rules(edition="zh")
    alone = lab.simulate("inferno", games=2, players=3, seed=1, bots="random", rules=ZH_WITH_EN_TURN)
    assert list(table[table["variant"] == "ZH + EN plays"]["turns"]) == list(alone["turns"])  # sweep and simulate agree
    unnamed = variants(game("inferno"), {"rules": [ZH_WITH_EN_TURN]}, games=1, players=3, seed=1, bots="random", rules=None)
    assert unnamed[-1].label == "edition=zh, mixed_plays=True, event_discard=True"


def test_a_bot_list_that_does_not_divide_the_table_keeps_its_line_up():
    table = lab.simulate("inferno", games=6, players=3, seed=1, bots="greedy,random")
    line_ups = {tuple(sorted(row)) for row in table[["bot_0", "bot_1", "bot_2"]].itertuples(index=False)}
    assert line_ups == {("greedy", "greedy", "random")}  # two greedy bots and one random one in every game
    assert [list(row) for row in table[["bot_0", "bot_1", "bot_2"]].itertuples(index=False)][:3] == [
        ["greedy", "random", "greedy"], ["random", "greedy", "greedy"], ["greedy", "greedy", "random"]]


@pytest.mark.parametrize("name, players", [("inferno", 3), ("hudai", 1), ("madness", 4)])
def test_a_table_read_back_from_csv_is_summed_up_as_its_game(name, players, tmp_path):
    table = lab.simulate(name, games=12, players=players, seed=3, bots="random")
    path = tmp_path / "games.csv"
    table.to_csv(path, index=False)
    back = pd.read_csv(path)
    assert not back.attrs
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the game is found from the endings: nothing to warn of
        read = lab.summarise(back)
    pd.testing.assert_frame_equal(read, lab.summarise(table), check_like=False, check_dtype=False)
    named = lab.summarise(back.drop(columns=["ending"]), game=name)
    assert ("win_rate" in named.columns) == (name != "inferno")


def test_a_table_that_names_no_game_says_so_or_is_told_it():
    table = lab.simulate("inferno", games=6, players=3, seed=3, bots="random").drop(columns=["ending", "round_endings"])
    table.attrs = {}
    with pytest.warns(UserWarning, match=re.escape("does not say which game it is from")):
        both = lab.summarise(table)
    assert "win_rate" in both.columns and "win_rate_0" in both.columns
    told = lab.summarise(table, game="inferno")
    assert "win_rate" not in told.columns and "win_rate_0" in told.columns
    with pytest.raises(ValueError, match="from Mountain of Inferno, not Hudai Pass"):
        lab.summarise(lab.simulate("inferno", games=2, players=3, seed=3, bots="random"), game="hudai")
    plain = pd.DataFrame({"place": [0, 1, 0, 1], "score": [1.0, 2.0, 3.0, 4.0]})
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no win and no ending: the game does not matter
        lab.summarise(plain, by="place")


def test_a_file_that_is_no_progress_file_says_so(tmp_path):
    record = tmp_path / "a-record.json"
    record.write_text(json.dumps({"game": "inferno", "version": 1, "actions": []}), encoding="utf-8")
    with pytest.raises(ValueError, match=re.escape("a-record.json: not a progress file (its 'format' is missing)")):
        lab.progress([record])
