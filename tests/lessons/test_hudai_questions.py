"""The Hudai Pass chapters' exercises and replays (rulesbook.lessons.hudai.questions): the answers
come from the engine (its refusals, its events' data), never from its sentences."""

from __future__ import annotations

import pytest

from rulesbook.core.records import GameRecord
from rulesbook.hudai import HeuristicMonk, Rules, game_moment
from rulesbook.lessons.hudai.questions import CardsQuestion, PowersQuestion, ReplayReferee, find_in_table, longest_combo
from rulesbook.widgets import HudaiTable


def test_find_in_table_asks_the_engine():
    referee, exercise = find_in_table(game_moment(combo="Y5", powers=(3, 6, 5)), "value")
    assert exercise["answers"] == ["power:left", "power:right"]
    with pytest.raises(ValueError, match="nothing to find"):
        find_in_table(game_moment(combo="R1", powers=(3, 6, 5)), "value")
    with pytest.raises(ValueError, match="not offered"):
        find_in_table(game_moment(), "value")


def test_the_cards_that_fit_next_are_the_engines_and_the_wrong_ones_say_why():
    question = CardsQuestion(game_moment("R5 G3 W1 K2", combo="R1"), "fits")
    assert sorted(question.answers) == ["hand:K2", "hand:R5", "hand:W1"]
    assert question.reasons["hand:G3"].rule == "HUD-R03"
    assert "K2 is black" in question.answers["hand:K2"]


def test_the_longest_combo_is_found_by_playing_every_order():
    best, lengths = longest_combo(game_moment("R1 R5 W2 G3 G6 B4"))
    assert set(best) == {"R1", "R5", "W2", "G3", "G6"} and best.index("W2") == 2     # the white card joins the colours
    assert lengths["B4"] == 4
    question = CardsQuestion(game_moment("R1 R5 W2 G3 G6 B4"), "combo")
    assert "longest combo with B4 has four cards" in str(question.reasons["hand:B4"])
    with pytest.raises(ValueError, match="tie"):
        longest_combo(game_moment("R1 G3"))


def test_what_crush_takes_comes_from_the_engine():
    crush = game_moment("W5 W4 W2 W1", powers=(0, 0, 6), phase="obtain", rules=Rules(powers=("drain", "defend", "crush")))
    question = CardsQuestion(crush, "taken")
    assert sorted(question.answers) == ["hand:W2", "hand:W5"]          # fed to 7: 5 first, then 2 with the 2 left
    assert question.table.hand == ["W5", "W4", "W2", "W1"] and question.stage == 5 and question.table.powers[2] == 7
    assert question.reasons["hand:W4"].rule == "HUD-R06; HUD-P10"
    with pytest.raises(ValueError, match="no Crush or Confuse"):
        CardsQuestion(game_moment("W1", phase="obtain", rules=Rules(powers=("drain", "defend", "entangle"))), "taken")


def test_the_powers_a_hand_feeds_and_those_that_act():
    state = game_moment("W1 W2 W5 W6", powers=(1, 0, 0), phase="obtain")
    fed = PowersQuestion(state, "fed")
    assert sorted(fed.answers) == ["power:left", "power:right"]
    assert "3 or 4" in str(fed.reasons["power:centre"]) and fed.reasons["power:centre"].rule == "Fill your hand up to four cards; HUD-P08"
    acts = PowersQuestion(state, "acts")
    assert sorted(acts.answers) == ["power:left", "power:right"]        # Drain stages damage; Mind pierce corrupts
    assert "no cubes" in str(acts.reasons["power:centre"])
    assert acts.reasons["power:centre"].rule == "Activate all demon powers from left to right"


def test_a_replay_walks_a_whole_game_to_its_end():
    record = GameRecord.play("hudai", 1, seed=23, bots=[HeuristicMonk(23)])
    referee = ReplayReferee(record)
    board = HudaiTable.replay(record)
    assert len(board.lesson["nodes"]) == len(referee.steps)
    assert referee.steps[-1][0] == record.final_state()
    first_turn = board.click("step:1", choice="turn")
    assert first_turn == "Turn 2 begins." and board.table.turn == 2
    stages = [step[1] for step in referee.steps]
    assert not any(a == b == 4 for a, b in zip(stages, stages[1:]))     # step 4 is told as one step
    short = ReplayReferee(record, turns=2)
    assert short.steps[-1][0].turn == 3 and len(short.steps) < len(referee.steps)
