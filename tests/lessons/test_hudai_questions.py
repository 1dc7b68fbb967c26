"""The Hudai Pass chapters' exercises and replays (rulesbook.lessons.hudai.questions): the answers
come from the engine (its refusals, its events' data), never from its sentences."""

from __future__ import annotations

import pytest

from rulesbook.core.records import GameRecord
from rulesbook.hudai import HeuristicMonk, Rules, game_moment
from rulesbook.lessons import LessonGraph, refusal_text
from rulesbook.lessons.hudai.table import place_words
from rulesbook.lessons.hudai.questions import (CardsQuestion, LossQuestion, PowersQuestion, ReplayReferee, TrackQuestion, find_in_table,
                                              longest_combo)
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
    assert refusal_text(acts.reasons["power:centre"]).startswith(  # one sentence: no capital after its colon
        "It does nothing this turn: the centre power (Confuse) has no cubes")
    assert acts.reasons["power:centre"].rule == "Activate all demon powers from left to right"
    # A power kept idle by a ruling cites that ruling, once: "(HUD-R11) (Activate all …)" nested two.
    binding = game_moment("W5 W6 R5 B6", draw_pile="", phase="obtain", powers=(1, 0, 7), rules=Rules(powers=("drain", "confuse", "entangle")))
    idle = PowersQuestion(binding, "acts").reasons["power:right"]
    assert idle.rule == "HUD-R11" and refusal_text(idle).count("(") == 3  # "Entangle (11 cubes, …)", "(22)", "(HUD-R11)"
    assert refusal_text(idle).endswith("no effect (HUD-R11)")


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


# ---------------------------------------------------------------- a click says itself, never the answers left


def _others(question, place: str) -> set[str]:
    """The answers a click on `place` must not name: every answer but its own card."""
    return {answer.partition(":")[2] for answer in question.answers if answer != place}


@pytest.mark.parametrize(("state", "asked"), [
    (game_moment("R1 R5 W2 G3 G6 B4"), "combo"),
    (game_moment("W5 W4 W2 W1", powers=(0, 0, 6), phase="obtain", rules=Rules(powers=("drain", "defend", "crush"))), "taken"),
    (game_moment("W4 G4 Y1 B2", draw_pile="", phase="obtain", powers=(0, 0, 8), rules=Rules(powers=("drain", "defend", "crush"))), "taken"),
    (game_moment("W6 W5 W2 W1", powers=(0, 6, 0), phase="obtain"), "taken"),
])
def test_a_click_on_a_card_names_no_other_answer(state, asked):
    """Right or wrong, a click says whether that card is an answer and why, and names no answer
    still to find (the exercise's end says when all are found)."""
    question = CardsQuestion(state, asked)
    for place in question.places_asked:
        code = place.partition(":")[2]
        said = question.answers.get(place) or refusal_text(question.reasons[place])
        assert said.startswith(code) and not set(said.replace(",", " ").replace(".", " ").split()) & _others(question, place), said
    if asked == "taken":
        assert "the highest" in question.answers[sorted(question.answers)[0]]


def test_what_crush_takes_says_why_for_each_card():
    crush = game_moment("W5 W4 W2 W1", powers=(0, 0, 6), phase="obtain", rules=Rules(powers=("drain", "defend", "crush")))
    question = CardsQuestion(crush, "taken")
    assert question.answers["hand:W5"] == "W5 goes: with all 7 cubes, its printed value, 5, is the highest that fits (HUD-R06; HUD-P10)."
    assert question.answers["hand:W2"] == "W2 goes: with 2 cubes left, its printed value, 2, is the highest that fits (HUD-R06; HUD-P10)."
    assert str(question.reasons["hand:W4"]) == ("W4 stays in your hand: after one pick, only 2 cubes are left, fewer than "
                                                "its printed value, 4 (HUD-R06; HUD-P10)")
    assert str(question.reasons["hand:W1"]) == ("W1 stays in your hand: after two picks, no cube is left for its printed "
                                                "value, 1 (HUD-R06; HUD-P10)")


def test_a_wrong_click_on_what_ends_the_game_gives_away_neither_the_track_nor_the_step():
    """Each wrong track says why that track is not it; none names the step or the track that ends the game."""
    for fields in ({"hand": "W5 W6 W1 W2", "powers": (3, 0, 11), "staged_damage": 2, "monk_health": 2},
                   {"hand": "W5 W1 W2 W3", "combo": "W6", "used": ["value", "symbol"], "powers": (2, 1, 6),
                    "pinned": (0, 0, 3), "corruption": 11, "phase": "combo"}):
        question = LossQuestion(game_moment(**{"draw_pile": "", "phase": "obtain", **fields}))
        wrong = {place: refusal_text(reason) for place, reason in question.reasons.items()}
        assert len(set(wrong.values())) == len(wrong), wrong                       # each says its own
        answer = place_words(next(iter(question.answers)), question.table)
        assert not any("step" in said or answer in said for said in wrong.values()), wrong


def test_the_ways_to_lose_besides_the_powers_leave_the_printed_limit_aside():
    """Play and HUD-R09: every power's tile prints "lost above 12", so `powers=False` asks only for the
    other two ways to lose; a power clicked says it is left aside and cites HUD-R09."""
    table = game_moment()
    every = TrackQuestion(table)
    assert sorted(every.answers) == ["corruption", "health", "power:centre", "power:left", "power:right"]
    others = TrackQuestion(table, powers=False)
    assert sorted(others.answers) == ["corruption", "health"] and others.places_asked == every.places_asked
    assert {place: others.reasons[place].rule for place in ("power:left", "power:centre", "power:right")} == dict.fromkeys(
        ("power:left", "power:centre", "power:right"), "HUD-R09")
    assert "leaves the powers aside" in refusal_text(others.reasons["power:left"])
    assert others.hint(others.start()) == ("Besides the powers, click every track that can make you lose the game: there are two to "
                                           "find. The rulebook's Play names three ways to lose, and the powers' tiles print only one "
                                           "of them.")
    board = HudaiTable.asking(others)
    assert board.click("corruption").startswith("Right") and board.click("health").endswith("well done.")


def test_a_question_counts_a_single_answer_in_the_singular():
    loss = LossQuestion(game_moment("W5 W6 W1 W2", draw_pile="", phase="obtain", powers=(3, 0, 11), staged_damage=2, monk_health=2))
    says = LessonGraph(loss).node("s0")["choices"]["h0"]["says"]["M"]
    assert says.endswith(": 1 track"), says
    powers = PowersQuestion(game_moment("W5 W6 R6 B4", phase="obtain", draw_pile="", powers=(0, 2, 1), corruption=5), "acts")
    assert len(powers.answers) == 1 and LessonGraph(powers).node("s0")["choices"]["h0"]["says"]["M"].endswith(": 1 power")


def test_the_replay_counts_its_last_step_in_the_singular():
    record = GameRecord.play("hudai", 1, seed=23, bots=[HeuristicMonk(23)])
    replay = ReplayReferee(record)
    assert replay.hint(len(replay.steps) - 2).startswith("One step of the replay is left.")
    assert replay.hint(len(replay.steps) - 3).startswith("Two steps of the replay are left.")


def test_a_replay_clicked_in_the_wrong_place_cites_no_rule():
    """Where a replay is clicked is no rule of the game: the refusal says where to click, citing none."""
    record = GameRecord.play("hudai", 1, seed=23, bots=[HeuristicMonk(23)])
    node = LessonGraph(ReplayReferee(record, turns=1)).node("s0")
    refusals = [*node["options"]["next"]["refusals"].values(), *node["options"]["turn"]["refusals"].values()]
    assert refusals and all(not reason.endswith(")") for reason in refusals), refusals
