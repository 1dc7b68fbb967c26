"""The Hudai Pass board (rulesbook.widgets.HudaiTable): clicks on the table are refereed by the
engine, refusals carry their rule, the demon's turn is walked in the rulebook's order, and the
exercises' boards answer what the engine answers. The referees themselves are tested in
tests/lessons/test_hudai_*.py."""

from __future__ import annotations

import re

import pytest

from rulesbook.hudai import apply, game_moment
from rulesbook.lessons import unpack
from rulesbook.widgets import HudaiTable


def test_a_card_that_does_not_fit_is_refused_at_the_end_of_the_combo_with_hud_r03():
    board = HudaiTable.game(game_moment("G3 R5", combo="R1"), only={"play", "end"}, moves=1)
    message = board.click("combo", choice="h0")
    assert board.tone == "no" and "G3 cannot lie next to R1" in message and message.endswith("(HUD-R03)")
    assert board.click("combo", choice="h1").startswith("The monk plays R5") and board.table.combo == ["R1", "R5"]


def test_a_feature_resolves_where_it_acts_and_only_once():
    board = HudaiTable.game(game_moment("W1", combo="R4", powers=(3, 5, 2)), only={"value", "symbol", "colour"}, moves=3)
    assert board.targets("value") == {"power:left", "power:right"}
    refused = board.click("power:centre", choice="value")
    assert "R4 counts as 4" in refused and refused.endswith("(Play one combo)") and board.tone == "no"
    assert board.click("power:left", choice="value").startswith("The value 4 of R4 removes a cube")
    assert board.table.powers == [2, 5, 2] and "value" not in board.node()["choices"]
    assert board.targets("colour") == {"demon"} and "health only" in board.click("staged", choice="colour")
    board.click("demon", choice="colour")
    assert board.table.demon_health == 11


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


def test_the_ways_to_lose_are_the_engines_losses():
    board = HudaiTable.ways_to_lose(game_moment())
    assert sorted(board.exercise["answers"]) == ["corruption", "health", "power:centre", "power:left", "power:right"]
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
    assert board.exercise["answers"] == [track]
    assert board.click(track).startswith("Right")


def test_a_loss_question_needs_a_loss():
    with pytest.raises(ValueError, match="does not lose"):
        HudaiTable.loss(game_moment("W1 W2 W3 W4", phase="obtain", draw_pile=""))


def test_the_cards_that_corrupt_are_the_black_cards_the_engine_charges():
    board = HudaiTable.find_cards(game_moment("K6 R5 W1 K2", phase="obtain", draw_pile=""), "corrupts")
    assert board.exercise["answers"] == ["hand:K2", "hand:K6"]
    assert "HUD-R05" in board.click("hand:R5")


def test_a_board_kept_to_one_lesson_word_given_as_text_is_refused_naming_only():
    """`only="play"` was read letter by letter: "unknown lesson words ['a', 'l', 'p', 'y']"."""
    with pytest.raises(ValueError) as refused:
        HudaiTable.game(game_moment("W1 R5"), only="play")
    assert str(refused.value) == "only: a list of lesson words, such as ['play'], not the text 'play'"
    assert HudaiTable.game(game_moment("W1 R5"), only=["play"], moves=0).referee.only == {"play"}
