"""The Hudai Pass board (rulesbook.lessons.hudai, hudai_questions, rulesbook.widgets.HudaiTable): every
target is a legal action of the engine and every legal action a target; refusals are the engine's
own, with their rule; the demon's turn is walked in the rulebook's order; the exercises' answers
come from the engine."""

from __future__ import annotations

import random
import re

import pytest

from rulesbook.core.errors import IllegalAction
from rulesbook.core.records import GameRecord
from rulesbook.hudai import HeuristicMonk, Rules, apply, game_moment, legal_actions, new_game
from rulesbook.lessons import LessonGraph, unpack
from rulesbook.lessons.hudai.table import TableReferee, place_words, turn_steps
from rulesbook.lessons.hudai.questions import CardsQuestion, PowersQuestion, ReplayReferee, find_in_table, longest_combo
from rulesbook.widgets import HudaiTable


def moments(seed: int, count: int = 8):
    """States met in a random game, in step 1, a Flow removal or step 2."""
    rng = random.Random(seed)
    state = new_game(seed)
    found = []
    while not state.is_over and len(found) < count:
        if rng.random() < 0.25:
            found.append(state)
        state, _ = apply(state, rng.choice(legal_actions(state)))
    return found


@pytest.mark.parametrize("seed", range(6))
def test_the_boards_targets_are_exactly_the_engines_legal_actions(seed):
    for state in moments(seed):
        referee = TableReferee(state)
        graph = LessonGraph(referee)
        node = graph.node("s0")
        start = graph.state("s0")
        offered = set()
        for option, answers in node["options"].items():
            for place in answers["targets"]:
                offered.add(referee.action(start, option, place))
            for place, reason in answers["refusals"].items():
                assert re.search(r"\([^()]+\)$", reason), f"a refusal without its rule: {reason!r}"
        assert offered == set(legal_actions(state)), state.summary()


def test_a_card_that_does_not_fit_is_refused_at_the_end_of_the_combo_with_hud_r03():
    board = HudaiTable.game(game_moment("G3 R5", combo="R1"), only={"play", "end"}, moves=1)
    message = board.click("combo", choice="h0")
    assert board.tone == "no" and "G3 cannot lie next to R1" in message and message.endswith("(HUD-R03)")
    assert board.click("combo", choice="h1").startswith("The monk plays R5") and board.table.combo == ["R1", "R5"]


def test_a_feature_resolves_where_it_acts_and_only_once():
    board = HudaiTable.game(game_moment("W1", combo="R4", powers=(3, 5, 2)), only={"value", "symbol", "colour"}, moves=3)
    assert board.targets("value") == {"power:left", "power:right"}
    refused = board.click("power:centre", choice="value")
    assert "R4 counts as 4" in refused and "HUD-R06" in refused and board.tone == "no"
    assert board.click("power:left", choice="value").startswith("The value 4 of R4 removes a cube")
    assert board.table.powers == [2, 5, 2] and "value" not in board.node()["choices"]
    assert board.targets("colour") == {"demon"} and "health only" in board.click("staged", choice="colour")
    board.click("demon", choice="colour")
    assert board.table.demon_health == 11


def test_third_eye_acts_from_a_source_power_to_another():
    referee = TableReferee(game_moment(combo="B3", powers=(0, 4, 2)))
    node = LessonGraph(referee).node("s0")
    eye = node["choices"]["symbol"]
    assert set(eye["options"]) == {"centre", "right"} and eye["actor"] == "centre"   # the left power has no cube
    assert set(node["options"]["eye:centre"]["targets"]) == {"power:left", "power:right"}
    assert "not to the same power" in node["options"]["eye:centre"]["refusals"]["power:centre"]


def test_the_demons_turn_is_walked_in_the_rulebooks_order():
    state = game_moment("R5 W1 G3 K6", powers=(3, 5, 2), staged_damage=2, phase="obtain")
    board = HudaiTable.game(state, only={"pass", "demon"}, moves=12)
    assert board.click("step:3", choice="pass").endswith("Now the demon's turn: press Go on.")
    places = []
    while "next" in board.node()["choices"]:
        [wanted] = board.targets("next")
        wrong = "power:right" if wanted != "power:right" else "power:left"
        assert board.click(wrong, choice="next").startswith("Not yet") and board.tone == "no"
        board.click(wanted, choice="next")
        places.append(wanted)
    assert places == ["staged", "draw", "hand", "corruption", "power:left", "power:centre", "power:right", "step:1"]
    assert board.table == apply(state, "pass")[0]       # the walk ends where the engine does


def test_turn_steps_tell_each_power_from_its_own_events():
    state = game_moment("W1 W2 W3 W4", powers=(7, 0, 1), phase="obtain", corruption=0, rules=None)
    steps = turn_steps(state, "pass")
    logs = [step.log for step in steps]
    assert "Confuse acts" in logs and logs.index("Drain acts") < logs.index("Confuse acts") < logs.index("Mind pierce acts")
    assert all(step.place == "power:centre" for step in steps if step.log == "Confuse acts")


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
    assert "3 or 4" in str(fed.reasons["power:centre"]) and fed.reasons["power:centre"].rule == "Fill your hand; HUD-P08"
    acts = PowersQuestion(state, "acts")
    assert sorted(acts.answers) == ["power:left", "power:right"]        # Drain stages damage; Mind pierce corrupts
    assert "no cubes" in str(acts.reasons["power:centre"])


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


def test_hints_and_messages_never_show_internal_codes():
    state = game_moment("R5 W1 G3 K6", combo="R1", powers=(3, 5, 2), staged_damage=1)
    lesson = HudaiTable.game(state, moves=1).lesson
    codes = {key for node in lesson["nodes"].values() for key in [*node["options"], *node["choices"]] if re.search(r"[:+]|\d", key)}
    for node in unpack(lesson).values():
        words = set(re.findall(r"[\w:+,-]+", node["hint"]))
        assert not words & codes, node["hint"]


def test_a_bad_click_never_breaks_the_board():
    board = HudaiTable.game(game_moment("R5", combo="R1"), moves=1)
    board.handle({"type": "click", "node": "s0", "choice": "h9", "place": "combo"})
    assert board.tone == "no"
    board.handle({"type": "click", "node": "s0", "choice": "h0", "place": "nowhere"})
    assert board.tone == "no" and "Traceback" not in board.message
    board.handle("nonsense")
    assert board.tone == "no"
    assert repr(board).startswith("HudaiTable(Step 1, the combo")


def test_place_words_name_every_place():
    state = game_moment("R5", combo="R1")
    for place in ("combo", "combo:R1", "discard", "draw", "purchase", "demon", "staged", "power:left", "black:K1",
                  "river:G2", "step:3", "hand", "health", "corruption"):
        assert ":" not in place_words(place, state).split(" (")[0] or place.startswith("step"), place


def test_a_lesson_word_that_does_not_exist_is_refused():
    with pytest.raises(ValueError, match="unknown lesson words"):
        TableReferee(game_moment(), only={"fly"})
    with pytest.raises(IllegalAction):
        TableReferee(game_moment()).action(TableReferee(game_moment()).start(), "nonsense", "combo")


def test_the_ways_to_lose_are_the_engines_losses():
    board = HudaiTable.ways_to_lose(game_moment())
    assert sorted(board.lesson["exercise"]["answers"]) == ["corruption", "health", "power:centre", "power:left", "power:right"]
    assert board.click("demon").endswith("(Play)") and "win" in board.message and board.tone == "no"


@pytest.mark.parametrize("fields, track", [
    ({"hand": "W1 W2 W3 W4", "staged_damage": 2, "monk_health": 2}, "health"),
    ({"hand": "W5 W6 W3 W4", "powers": (1, 1, 11)}, "power:right"),
    ({"hand": "W5 W6 K3 W4", "corruption": 12}, "corruption"),
    ({"hand": "W5 W6 W3 W4", "powers": (1, 1, 5), "corruption": 12}, "corruption"),   # Mind pierce, no resistance left
])
def test_what_ends_the_game_is_the_track_of_the_engines_ending(fields, track):
    state = game_moment(phase="obtain", draw_pile="", **fields)
    board = HudaiTable.loss(state)
    assert board.lesson["exercise"]["answers"] == [track]
    assert board.click(track).startswith("Right")


def test_a_loss_question_needs_a_loss():
    with pytest.raises(ValueError, match="does not lose"):
        HudaiTable.loss(game_moment("W1 W2 W3 W4", phase="obtain", draw_pile=""))


def test_the_cards_that_corrupt_are_the_black_cards_the_engine_charges():
    board = HudaiTable.find_cards(game_moment("K6 R5 W1 K2", phase="obtain", draw_pile=""), "corrupts")
    assert board.lesson["exercise"]["answers"] == ["hand:K2", "hand:K6"]
    assert "HUD-R05" in board.click("hand:R5")
