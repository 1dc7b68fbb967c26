"""The Hudai Pass table referee (rulesbook.lessons.hudai.table): every target is a legal action of
the engine and every legal action a target; refusals are the engine's own, with their rule, and a
click in the wrong place for a button cites none; the demon's turn is told power by power from the
events' data, and a reshuffle that begins the monk's action is the monk's step."""

from __future__ import annotations

import random
import re

import pytest

from rulesbook.core.errors import IllegalAction
from rulesbook.hudai import apply, game_moment, legal_actions, new_game
from rulesbook.lessons import LessonGraph
from rulesbook.lessons.graph import Misclick
from rulesbook.lessons.hudai.table import TableReferee, place_words, turn_steps


def moments(seed: int, count: int = 8):
    """States met in a random game, in step 1, a Flow removal or step 2."""
    rng = random.Random(seed)
    state = new_game(seed=seed)
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
                try:
                    referee.action(start, option, place)
                except Misclick:  # only the place clicked for a button: no rule is broken, none is cited
                    assert not reason.endswith(")"), reason
                    continue
                except IllegalAction:
                    pass
                assert re.search(r"\([^()]+\)$", reason), f"a refusal without its rule: {reason!r}"
        assert offered == set(legal_actions(state)), state.summary()


def test_third_eye_acts_from_a_source_power_to_another():
    referee = TableReferee(game_moment(combo="B3", powers=(0, 4, 2)))
    node = LessonGraph(referee).node("s0")
    eye = node["choices"]["symbol"]
    assert set(eye["options"]) == {"centre", "right"} and eye["actor"] == "centre"   # the left power has no cube
    assert set(node["options"]["eye:centre"]["targets"]) == {"power:left", "power:right"}
    assert "not to the same power" in node["options"]["eye:centre"]["refusals"]["power:centre"]


def test_turn_steps_tell_each_power_from_its_own_events():
    state = game_moment("W1 W2 W3 W4", powers=(7, 0, 1), phase="obtain", corruption=0, rules=None)
    steps = turn_steps(state, "pass")
    logs = [step.log for step in steps]
    assert "Confuse acts" in logs and logs.index("Drain acts") < logs.index("Confuse acts") < logs.index("Mind pierce acts")
    assert all(step.place == "power:centre" for step in steps if step.log == "Confuse acts")


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


# ---------------------------------------------------------------- the monk's step, and what a click cites


@pytest.mark.parametrize(("state", "action", "said"), [
    (game_moment("W1", combo="R5", draw_pile="", discard="W2 W3"), "flow", "the monk draws"),
    (game_moment(phase="obtain", river="G3 B4 Y2", mind_deck="", purchase=0), "swap G3", "G3 leaves the Mind River"),
])
def test_a_reshuffle_before_the_monks_action_is_told_with_it_not_as_the_demons_turn(state, action, said):
    """Flow (rulebook, Symbols: "reshuffle as necessary") and a swap (HUD-P04) may first shuffle a
    pile: the monk's own step still, on step 1 or 2 of the turn track, never a step of the demon's turn."""
    steps = turn_steps(state, action)
    assert len(steps) == 1 and steps[0].stage == 2
    assert "is shuffled into a new" in steps[0].text and said in steps[0].text
    referee = TableReferee(state)
    graph = LessonGraph(referee)
    option = {"flow": "symbol", "swap G3": "swap"}[action]
    place = {"flow": "draw", "swap G3": "river:G3"}[action]
    entry = graph.node("s0")["options"][option]["targets"][place]
    after = graph.state(entry[0])
    assert not after.walk and "demon's turn" not in referee.decision(after)
    assert all(choice.key != "next" for choice in referee.choices(after))


def test_where_to_click_is_no_rule_and_cites_none():
    """A click in the wrong place for a button breaks no rule: its refusal says where to click and
    cites no rule (the Play page would link a rule that was never broken); a rule's refusal keeps its rule."""
    node = LessonGraph(TableReferee(game_moment(phase="obtain", river="G3 B4 Y2", purchase=2))).node("s0")
    options = node["options"]
    for option, place in (("pass", "step:1"), ("obtain", "power:left"), ("swap", "demon")):
        refusal = options[option]["refusals"][place]
        assert refusal.startswith(("This goes on to", "Click a card of")) and not refusal.endswith(")"), refusal
    assert options["obtain"]["refusals"]["river:B4"].endswith("(HUD-R08)")       # value 4, purchase 2: a rule
    flow = LessonGraph(TableReferee(game_moment(combo="W1 R5", phase="flow"))).node("s0")["options"]
    assert not flow["remove"]["refusals"]["draw"].endswith(")") and not flow["keep"]["refusals"]["step:2"].endswith(")")


def test_ending_the_combo_names_the_projects_decision_on_where_it_goes():
    """The rulebook never says where a played combo goes: the discard pile is the decision HUD-P15."""
    node = LessonGraph(TableReferee(game_moment("W1", combo="R5"))).node("s0")
    assert "discard pile (HUD-P15)" in node["choices"]["end"]["says"]["M"]
    assert "discard pile (HUD-P15)" in turn_steps(game_moment("W1", combo="R5"), "end")[0].text


def test_the_turn_limit_is_named_as_the_projects_decision():
    """A game lost at the turn limit: the board and the view say it is HUD-P05 (the rulebook has no limit)."""
    from rulesbook.hudai import Rules
    from rulesbook.lessons.hudai.table import table_view

    state = game_moment(phase="obtain", turn=3, rules=Rules(max_turns=3), powers=(0, 0, 0))
    lost = apply(state, "pass")[0]
    assert lost.outcome == "turn_limit"
    referee = TableReferee(lost)
    assert "HUD-P05" in referee.decision(referee.start()) and "HUD-P05" in table_view(lost)["turn"]["over"]


@pytest.mark.parametrize("combo, said", [
    ("R5", "Flow may remove the combo's one card from the game for good (HUD-R04), or keep it and go on with the combo."),
    ("W1 R5", "Flow may remove one of the two cards of the combo from the game for good (HUD-R04), or keep them all and go on with the combo."),
])
def test_a_flows_hint_counts_the_combos_cards_as_said(combo, said):
    """A one-card combo read "one of the one cards of the combo" (a learner's audit)."""
    assert LessonGraph(TableReferee(game_moment(combo=combo, phase="flow"))).node("s0")["hint"] == said
