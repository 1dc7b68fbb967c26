"""Boards on any game moment (rulesbook.lessons.inferno.whole_game): every target and refusal is the engine's own."""

from __future__ import annotations

import json
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulesbook.inferno import (
    LayDisciple,
    Phase,
    PlayRedBoy,
    Rules,
    Step,
    apply,
    game_moment,
    legal_actions,
    new_game,
)
from rulesbook.lessons import GameReferee, LessonGraph, game_find_exercise, unpack
from rulesbook.lessons.data import opened_exercise
from rulesbook.lessons.graph import parse_place, place_key
from rulesbook.inferno.engine import doubling_seats
from rulesbook.lessons.inferno.whole_game import NAMED, _at_round_end, action_place, scoring_lines
from rulesbook.widgets import InfernoBoard
from simulation_scale import scaled

LINE = "MK+1@R PM+1 SB+1@B DH+1\n. . DH+2@Y ."


#: The buttons below the Mountain, by their place keys: a card clicked on one, or a button's
#: choice clicked on the Mountain, is a misclick, which cites no rule.
NAMED_KEYS = {key for key, _ in NAMED.values()}


def moments_from_random_games(seed: int, rules: Rules, count: int = 6):
    """Game moments met in a random game: some in step I, some at the step."""
    rng = random.Random(seed)
    state = new_game(3, seed, rules)
    found = []
    while not state.is_over and len(found) < count:
        if state.phase in (Phase.PLAY, Phase.STEP) and rng.random() < 0.15:
            found.append(state)
        state, _ = apply(state, rng.choice(legal_actions(state)))
    return found


def engine_places(state, option: str, referee: GameReferee) -> set[str]:
    """The places (a button's name for an action on none) of the legal actions an option stands
    for, straight from legal_actions."""
    places = set()
    for action in legal_actions(state):
        place = action_place(action)
        try:
            if referee.action(state, option, place) == action:
                places.add(place_key(place))
        except ValueError:
            pass
    return places


@settings(max_examples=12)
@given(st.integers(0, 10_000), st.sampled_from([Rules(), Rules(edition="zh"), Rules(two_pawns=True)]))
def test_board_targets_are_exactly_the_engines_legal_actions(seed, rules):
    for state in moments_from_random_games(seed, rules):
        referee = GameReferee(state)
        graph = LessonGraph(referee)
        node = graph.node(graph.start_id)
        assert json.loads(json.dumps(node)) == node
        for key, option in node["options"].items():
            targets = set(option["targets"])
            assert targets == engine_places(state, key, referee), key
            for place, reason in option["refusals"].items():
                assert place not in targets
                if place in NAMED_KEYS and "press it as a choice first" in reason:  # a misclick breaks no rule: none cited
                    assert re.fullmatch(r"That button is \u201c[^\u201d]+\u201d: press it as a choice first, then click it", reason)
                elif key.startswith("do:"):
                    assert re.fullmatch(r"\u201c[^\u201d]+\u201d is the button below the Mountain", reason)
                else:
                    assert reason.endswith(")") and "(" in reason  # the engine's rule id


def test_each_hand_card_offers_its_own_effect():
    state = game_moment(LINE, ["MK+2 BISON FAN", "REDBOY:PM REDBOY:SB", "GUANYIN"])
    node = LessonGraph(GameReferee(state)).node("s0")
    assert node["choices"]["h0"]["options"] == {"R": "lay:0"}
    assert set(node["choices"]["h1"]["options"]) == {"R", "Y", "B"}
    assert node["choices"]["h2"]["options"]["B"] == "fan:B"
    assert "refusal" in node["choices"]["h0+h1"]
    assert node["choices"]["h0"]["says"] == {"R": "Lay MK+2 against the Mountain: 10 places"}


def test_a_find_exercise_on_a_game_moment_checks_clicks_with_the_engine_rulebook_I():
    state = game_moment(LINE, ["MK+2 BISON FAN", "SB+2", "PM+2"])
    lesson = game_find_exercise(state, "h0")
    answers = {parse_place(key) for key in opened_exercise(lesson)["answers"]}
    assert answers == {action.place for action in legal_actions(state) if isinstance(action, LayDisciple)}
    board = InfernoBoard.find_in_game(state, "h0")
    assert board.click((-1, 0)).startswith("Right:")
    said = board.click((-1, -1))  # a corner only
    assert "corner" in said and "(rulebook I)" in said, said
    assert board.found == ["-1,0"]


def test_a_game_board_plays_the_engines_action_and_says_who_may_cancel_MOI_R06():
    state = game_moment(LINE, ["MK+2 BISON FAN", "SB+2", "FAN"])
    board = InfernoBoard.game(state)
    message = board.click((0, 1), choice="h1", pawn="B")
    assert "blue pawn to (0, 1)" in message and "Blue may cancel it now (MOI-R06)" in message
    assert board.state.phase is Phase.RESPOND
    board.undo()
    assert board.state == state
    assert "MOI-R05" in board.click((1, 0), choice="h1", pawn="R")
    assert board.state == state


def test_step_and_red_boy_boards():
    step = game_moment(LINE, ["SB+2", "SB+3", "PM+3"], phase=Phase.STEP)
    board = InfernoBoard.find_in_game(step, "step")
    assert {parse_place(key) for key in board.exercise["answers"]} == {
        action.place for action in legal_actions(step) if isinstance(action, Step)
    }
    assert "MOI-R09" in board.click((1, 0))
    red = game_moment("MK+1@R PM+1 SB+1@B DH+1 MK+2", ["REDBOY:MK REDBOY:PM", "SB+2", "PM+2"])
    pair = InfernoBoard.find_in_game(red, "h0+h1")
    assert {parse_place(key) for key in pair.exercise["answers"]} == {
        action.place for action in legal_actions(red) if isinstance(action, PlayRedBoy) and len(action.pictures) == 2
    }
    assert "MOI-R16" in pair.click((0, 0))


def test_an_exercise_needs_a_choice_that_offers_something():
    state = game_moment(LINE, ["GUANYIN", "SB+2", "PM+2"])
    with pytest.raises(ValueError) as refused:  # Guan Yin is played only to cancel: no turn of one's own plays it
        InfernoBoard.find_in_game(state, "h0")
    # a button is no choice to ask (tests/inferno/test_teacher_audit_inferno.py): it was listed as one
    assert str(refused.value) == ("the choice 'h0' is not offered here; no choice here has a place on the Mountain to find, "
                                  "only the button discard")


def test_a_choice_says_what_it_does_and_agrees_with_its_count():
    state = game_moment("MK+1@R SB+1@B DH+1 PM-3", ["REDBOY:PM SB+2 FAN", "SB+2", "FAN"])
    says = unpack(LessonGraph(GameReferee(state)).lesson(0))["s0"]["choices"]["h0"]["says"]["R"]
    assert says == "Red Boy (Pig Monk): 1 card it may discard, marked with a dot."


def test_an_iron_fan_princess_with_no_place_for_a_pawns_card_says_so_in_a_sentence():
    """Blue's card holds DH+2 to the row (MOI-R15): the Princess has no place for it, and the prompt
    says "no places it may go to", where it said "to one of no places"."""
    state = game_moment(LINE, ["FAN MK+2", "SB+2", "PM+2"])
    says = LessonGraph(GameReferee(state)).node("s0")["choices"]["h0"]["says"]
    assert says["B"] == "Iron Fan Princess, the card under the blue pawn: no places it may go to, pawn and all"
    assert says["R"] == "Iron Fan Princess, the card under the red pawn: 7 places it may go to, pawn and all"


def moments(seed: int):
    rng = __import__("random").Random(seed)
    state = new_game(3, seed, Rules())
    while not state.is_over:
        if state.phase in (Phase.PLAY, Phase.STEP, Phase.PLACE_PAWN) and rng.random() < 0.2:
            yield state
        state, _ = apply(state, rng.choice(legal_actions(state)))


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 10_000))
def test_hints_on_any_game_moment_speak_words_not_codes(seed):
    for state in list(moments(seed))[:5]:
        referee = GameReferee(state)
        hint = referee.hint(state)
        codes = {option for choice in referee.choices(state) for option in choice.options.values()}
        assert not any(code in hint for code in codes if ":" in code), hint
        assert "\u00d7" not in hint and "Legal now" not in hint and not re.search(r"\bh\d", hint), hint
        assert hint[0].isupper() and hint.endswith(".")


def test_a_card_the_turn_may_not_play_is_refused_with_the_reason_MOI_R04():
    zh = Rules(edition="zh")
    laid, _ = apply(game_moment(LINE, ["MK+2 BISON GUANYIN", "SB+2", "PM+2"], rules=zh), LayDisciple.from_text("lay MK+2 -1,0"))
    node = LessonGraph(GameReferee(laid)).node("s0")
    bison = node["choices"]["h0"]
    assert bison == {"label": "Mighty Bison King", "refusal": "In this edition a turn's cards are all disciples or all events (MOI-R04)"}
    english, _ = apply(game_moment(LINE, ["MK+2 BISON GUANYIN", "SB+2", "PM+2"]), LayDisciple.from_text("lay MK+2 -1,0"))
    assert LessonGraph(GameReferee(english)).node("s0")["choices"]["h0"]["options"]  # English mixes them


def test_the_hand_on_show_is_named_by_its_owner_even_when_it_passes_to_a_responder():
    state = game_moment(LINE, ["MK+2 BISON FAN", "SB+2", "FAN"])
    board = InfernoBoard.game(state)
    assert board.node()["hand_label"] == "Red's hand"
    board.click((0, 1), choice="h1", pawn="B")
    assert board.state.phase is Phase.RESPOND
    assert board.node()["hand_label"] == "Blue's hand" and [card["code"] for card in board.node()["hand"]] == ["FAN"]


def test_a_responders_hand_card_says_whether_it_cancels_and_which_button_answers_MOI_R06():
    """Cards answer an effect by the "Cancel it" button: pressing Guan Yin, the card that cancels,
    says so (it said "has nothing to do here"); a Princess says what cancels a Princess (the engine's
    reason), a disciple that only events cancel."""
    state = game_moment("MK+1@R PM+1 SB+1@B DH+1\n. . MK+2@Y .", ["FAN MK+3", "GUANYIN FAN PM+2", "BISON PM+3"])
    answering, _ = apply(state, "fan Y 1,1")
    assert answering.decision.phase is Phase.RESPOND and answering.decision.seat == 1
    choices = LessonGraph(GameReferee(answering)).node("s0")["choices"]
    assert choices["h0"]["refusal"] == "Guan Yin cancels it: press \u201cCancel it\u201d"
    assert choices["h1"]["refusal"].endswith("is cancelled with one Mighty Bison King or one Guan Yin, from your hand (rulebook I)")
    assert choices["h2"]["refusal"] == "Pig Monk +2 is a disciple: only event cards cancel an effect (MOI-R06)"
    assert "options" in choices["cancel"] and "options" in choices["pass"]
    zh = LessonGraph(GameReferee(answering, "zh-TW")).node("s0")["choices"]
    assert zh["h0"]["refusal"] == "觀世音菩薩可以反制：請按「反制」"


def test_in_a_find_exercise_a_button_place_is_not_asked_for_not_to_be_pressed_first():
    """The exercise keeps its card chosen, so a button's place (here "Discard with no effect")
    says it is not asked for; on a game board it says to press the button as a choice first."""
    state = game_moment(LINE, ["MK+2 BISON FAN", "SB+2", "FAN"])
    found = InfernoBoard.find_in_game(state, "h0")
    assert found.click("discard") == "That is the \u201cDiscard with no effect\u201d button, not one of the places this exercise asks for"
    game = InfernoBoard.game(state)
    assert "press it as a choice first" in game.click("discard", choice="h0")


def clicks_of(node) -> dict[str, list]:
    """Every click of a node record that plays a move: its move-log entry -> [next id, say, log, reach]."""
    return {entry[2]: entry for option in node["options"].values() for entry in option["targets"].values()}


@pytest.mark.parametrize(("edition", "way_on"), [("en", "discard GUANYIN"), ("zh", "end")])
def test_a_hand_of_only_guan_yin_reaches_a_click_and_play_goes_on(edition, way_on):
    """The live board got stuck here (issue 23): the rules' way on is a button below the Mountain
    (EN: discard it with no effect, MOI-R04; ZH: end step I, MOI-R18)."""
    state = game_moment(LINE, ["GUANYIN", "SB+2", "PM+2"], rules=Rules(edition=edition))
    graph = LessonGraph(GameReferee(state))
    node = graph.node(graph.start_id)
    assert node["choices"]["h0"]["refusal"].endswith("(MOI-R06)")
    assert set(clicks_of(node)) == {action.text() for action in legal_actions(state)} == {way_on}
    assert set(node["view"]["named"]) == {way_on.split()[0]}
    board = InfernoBoard.game(state)
    key = way_on.split()[0]
    said = board.click(key, choice=key, pawn=f"{key}0" if key == "discard" else None)
    assert board.state != state and said[0].isupper(), said
    following = board.node()
    assert clicks_of(following) and following["view"]["named"], following  # and on: the step, or stay


def follow_a_random_game(seed: int, rules: Rules, players: int) -> int:
    """Play a random game by the board's clicks only, from its first state to its end; at every
    moment the clicks are exactly the engine's legal actions. The number of clicks made."""
    rng = random.Random(seed)
    graph = LessonGraph(GameReferee(new_game(players, seed, rules)), max_nodes=100_000)
    node_id, made = graph.start_id, 0
    while not graph.state(node_id).is_over:
        state = graph.state(node_id)
        clicks = clicks_of(graph.node(node_id))
        assert set(clicks) == {action.text() for action in legal_actions(state)}, (node_id, state.phase)
        node_id = clicks[rng.choice(sorted(clicks))][0]
        made += 1
    end = graph.node(node_id)
    assert end["choices"] == {} and end["decision"] == "The game is over" and end["idle"].startswith("The game is over")
    return made


@settings(max_examples=scaled(4), deadline=None)
@given(st.integers(0, 10_000), st.sampled_from([Rules(), Rules(edition="zh"), Rules(two_pawns=True)]), st.integers(2, 4))
def test_a_random_game_followed_by_the_boards_clicks_never_gets_stuck(seed, rules, players):
    assert follow_a_random_game(seed, rules, players) > 20


def test_a_card_that_moves_a_pawn_starts_on_a_pawn_there_is_when_the_players_own_is_off_the_mountain():
    """A lesson's moment may leave the deciding player's pawn off the Mountain (two of three here):
    a Bison King's or a Princess's choice then starts on a pawn it can move."""
    state = game_moment("MK+1@R PM+1 SB+1 DH+1", ["SB+2", "BISON FAN"], seat=1)
    node = LessonGraph(GameReferee(state)).node("s0")
    for key in ("h0", "h1"):
        choice = node["choices"][key]
        assert choice["actor"] == "R" and set(choice["options"]) == set(choice["says"]) == {"R"}, choice


def test_a_negative_card_the_chinese_reading_does_not_double_cites_MOI_R11():
    """Under the Chinese rules the seat whose card would count twice at a cross counts a negative
    card once (MOI-R11); the scoring line says so, not MOI-R17 (which scores a seat no cross doubles)."""
    rules, seen = Rules(edition="zh"), 0
    for seed in range(60):
        chooser, state = random.Random(seed), new_game(3, f"neg:{seed}", rules)
        while not state.is_over and seen < 2:
            action = chooser.choice(legal_actions(state))
            following, events = apply(state, action)
            if any(event.kind == "round" and event.data["reason"] == "a" for event in events):
                end, ender = _at_round_end(state, action), state.seat
                card = end.mountain.cards[end.mountain.pawn(state.colours[ender])]
                lines = scoring_lines(end, "a", ender, "en")
                if card.value < 0 and ender in doubling_seats(end, "a", ender):
                    seen += 1
                    assert lines[ender][0].endswith(f"the {card.code} under the pawn counted once, since counting it twice would cost points (MOI-R11)")
                    assert scoring_lines(end, "a", ender, "zh-TW")[ender][0].endswith("只計算一次，因為計算兩次會扣分（MOI-R11）")
                for seat, (words, _) in enumerate(lines):
                    assert ("MOI-R17" in words) == (seat not in doubling_seats(end, "a", ender))
            state = following
    assert seen == 2
