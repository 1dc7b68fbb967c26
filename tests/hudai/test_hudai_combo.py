"""Step 1, "Play one combo": values, each symbol, each colour, discards, the free black card, Entangle."""

from __future__ import annotations

import pytest
from hudai_testkit import arrange, assert_invariants, play, texts

from rulesbook.core.errors import IllegalAction
from rulesbook.hudai import apply, new_game

# ---------------------------------------------------------------- set-up


def test_setup_follows_the_rulebook_and_hud_r02():
    """Setup: "Take 12 green cubes as your health and set 12 blue cubes as the maximum amount of corruption
    you can take ... Give him 12 yellow cubes as his health ... distribute 2 onto each demon power";
    HUD-R02: Drop, Cog, 3 Circles (left to right)."""
    state = new_game(seed=5)
    assert state.rules.powers == ("drain", "confuse", "mind_pierce")
    assert (state.monk_health, state.corruption, state.demon_health) == (12, 0, 12)
    assert state.powers == [2, 2, 2]
    assert len(state.mind_river) == 3 and all(code[0] in "GBRY" for code in state.mind_river)
    assert sorted(state.black_supply) == ["K1", "K2", "K3", "K4", "K5", "K6"]
    assert len(state.hand) == 4 and all(code[0] == "W" for code in state.hand + state.draw_pile)
    assert new_game(seed=5) == new_game(seed=5) and new_game(seed=5) != new_game(seed=6)
    assert_invariants(state)


# ---------------------------------------------------------------- value


def test_value_removes_a_cube_from_a_power_with_that_many_or_fewer():
    """"A numeric value: You may remove one cube from a power that has this many or less cubes.\""""
    state = arrange(hand=["W3"], powers=[4, 3, 2])
    state, _ = play(state, "play W3")
    assert texts(state) >= {"value centre", "value right"} and "value left" not in texts(state)
    with pytest.raises(IllegalAction, match="Play one combo"):
        apply(state, "value left")
    after, _ = apply(state, "value centre")
    assert after.powers == [4, 2, 2]
    assert "value right" not in texts(after)  # the value is used once


def test_a_six_removes_a_cube_from_any_power():
    """"A 6 may remove one cube from any power.\""""
    state = arrange(hand=["W6"], powers=[12, 0, 9])
    state, _ = play(state, "play W6", "value left")
    assert state.powers == [11, 0, 9]


def test_green_counts_one_more_and_black_counts_six():
    """Green: "Treat numeric values on this card as +1 (maximum 6)"; Black: "Treat all numbers as 6" (HUD-R06)."""
    state = arrange(hand=["G3", "K1"], powers=[4, 5, 7])
    green, _ = play(state, "play G3")
    assert "value left" in texts(green) and "value centre" not in texts(green)
    black, _ = play(green, "play K1", "value right")
    assert black.powers == [4, 5, 6]
    with pytest.raises(IllegalAction) as refused:
        apply(green, "value centre")
    assert (refused.value.reason, refused.value.rule) == (
        "G3 counts as 4: it removes a cube only from a power with 4 or fewer cubes, and the centre power (Confuse) has 5",
        "Play one combo; Colors")  # the green +1 is the card's colour at work
    plain, _ = play(arrange(hand=["R3"], powers=[4, 5, 7]), "play R3")
    with pytest.raises(IllegalAction) as refused:
        apply(plain, "value left")
    assert refused.value.rule == "Play one combo" and refused.value.reason.startswith("R3 counts as 3:")


# ---------------------------------------------------------------- symbols


def test_symbol_build_up_gives_purchase_value_3():
    """Build-up (Hammers): "Get a purchase value of 3." Purchase value stacks among the moves of the combo."""
    state = arrange(hand=["W2", "R2"])
    state, _ = play(state, "play W2", "build", "play R2", "build")
    assert state.purchase == 6


def test_symbol_third_eye_moves_a_cube_between_powers():
    """3rd eye (3 Circles): "Move a cube from one demon power to another.\""""
    state = arrange(hand=["B3"], powers=[3, 0, 1])
    state, _ = play(state, "play B3")
    assert "eye centre left" not in texts(state)  # the centre has no cube to move
    state, _ = apply(state, "eye left centre")
    assert state.powers == [2, 1, 1]


def test_symbol_defend_removes_a_staged_damage_cube():
    """Defend (Stacked Stones): "Remove 1 cube from the demon's staged damage.\""""
    state = arrange(hand=["W4"], staged_damage=2)
    state, _ = play(state, "play W4", "defend")
    assert state.staged_damage == 1
    nothing = arrange(hand=["W4"], staged_damage=0)
    nothing, _ = play(nothing, "play W4")
    with pytest.raises(IllegalAction, match="nothing to defend"):
        apply(nothing, "defend")


def test_symbol_stab_removes_a_demon_health_cube():
    """Stab (Drop): "Remove 1 yellow health cube from the demon.\""""
    state = arrange(hand=["W1"])
    state, events = play(state, "play W1", "stab")
    assert state.demon_health == 11
    assert any("health cube from the demon" in event.text for event in events)


def test_symbol_flow_draws_then_may_remove_a_combo_card():
    """Flow (Cog): "Draw 1 card from your draw pile ... If you want, permanently remove one card from your pattern
    from the game." HUD-R04: one card of the combo being played, optional."""
    state = arrange(hand=["W1", "W5"], draw_pile=["W6"])
    state, _ = play(state, "play W1", "play W5", "flow")
    assert state.phase == "flow" and "W6" in state.hand
    assert texts(state) == {"remove W1", "remove W5", "keep"}
    with pytest.raises(IllegalAction, match="HUD-R04"):
        apply(state, "play W6")
    removed, _ = apply(state, "remove W1")
    assert "W1" in removed.removed and removed.combo == ["W5"] and removed.phase == "combo"
    kept, _ = apply(state, "keep")
    assert kept.combo == ["W1", "W5"] and kept.removed == state.removed


def test_flow_reshuffles_the_discard_pile_when_the_draw_pile_is_empty():
    """Flow: "Draw 1 card from your draw pile (reshuffle as necessary, if possible)."."""
    state = arrange(hand=["W5"], draw_pile=[], discard=["W2"])
    state, _ = play(state, "play W5", "flow")
    assert state.hand == ["W2"] and state.discard == [] and state.shuffles == 1


def test_symbol_pin_sets_three_cubes_aside_until_the_powers_have_acted():
    """Pin (Crop/Arrow): "Temporarily reduce a demon power by 3 ... move them back down when a new turn starts";
    "Lastly, move all cubes you set aside with a pin move or yellow card back onto their tile.\""""
    state = arrange(hand=["W6"], draw_pile=[], powers=[5, 0, 0])
    state, _ = play(state, "play W6", "pin left")
    assert state.powers == [2, 0, 0] and state.pinned == [3, 0, 0]
    state, events = play(state, "end", "pass")
    # the refilled hand (W6 again) fed the right power; drain acted with 2 cubes (1 damage),
    # then the 3 pinned cubes came back
    assert state.hand == ["W6"] and state.staged_damage == 1
    assert state.pinned == [0, 0, 0] and state.powers == [5, 0, 1]
    assert any(event.kind == "unpin" for event in events)


def test_pins_and_purchase_stack_in_one_combo():
    """"Defence, pin and purchase value stack among all of the moves in your combo.\""""
    state = arrange(hand=["W6"], powers=[7, 0, 0])
    state, _ = play(state, "play W6", "pin left", "black K6", "play K6", "pin left")
    assert state.powers == [1, 0, 0] and state.pinned == [6, 0, 0]


# ---------------------------------------------------------------- colours


def test_colour_blue_removes_a_staged_damage_cube():
    """Blue: "Remove 1 cube from the demon's staged damage.\""""
    state = arrange(hand=["B2"], staged_damage=3)
    state, _ = play(state, "play B2", "blue")
    assert state.staged_damage == 2
    with pytest.raises(IllegalAction, match="already used"):
        apply(state, "blue")


def test_colour_red_removes_a_demon_health_cube():
    """Red: "Remove 1 yellow health cube from the demon." A red Drop hurts twice."""
    state = arrange(hand=["R1"])
    state, _ = play(state, "play R1", "red", "stab")
    assert state.demon_health == 10


def test_colour_yellow_sets_one_cube_aside():
    """Yellow: "Temporarily reduce a demon power by 1.\""""
    state = arrange(hand=["Y3"], powers=[2, 2, 2])
    state, _ = play(state, "play Y3", "yellow right")
    assert state.powers == [2, 2, 1] and state.pinned == [0, 0, 1]


def test_colour_white_and_black_lie_next_to_anything_and_only_two_whites():
    """White: "May be played next to any other color. Only two white cards are allowed per combo."
    Black: "May be played next to any other color." Otherwise "only cards of the same color may be played next
    to each other" (HUD-R03)."""
    state = arrange(hand=["R2", "G3", "W1", "W2", "W3", "K4"])
    state, _ = play(state, "play R2")
    with pytest.raises(IllegalAction, match="HUD-R03"):
        apply(state, "play G3")
    state, _ = play(state, "play W1", "play G3", "play K4", "play W2")
    with pytest.raises(IllegalAction, match="only 2 white"):
        apply(state, "play W3")


def test_features_may_be_used_in_any_order_or_skipped():
    """"You are free to resolve these three characteristics in any order and skip any of them.\""""
    state = arrange(hand=["R1", "R2"], powers=[1, 1, 1])
    state, _ = play(state, "play R1", "red", "value left")  # colour, then value; the symbol is skipped
    assert "stab" in texts(state)
    state, _ = apply(state, "play R2")  # playing on skips what is left
    assert "stab" not in texts(state)
    assert state.demon_health == 11 and state.powers == [0, 1, 1]


# ---------------------------------------------------------------- discards, black cards, Entangle


def test_discard_gives_one_purchase_value_each():
    """"You may also discard unwanted cards to receive 1 purchase value for each.\""""
    state = arrange(hand=["W1", "W3"])
    state, _ = play(state, "discard W1", "discard W3")
    assert state.purchase == 2 and state.discard[-2:] == ["W1", "W3"]


def test_one_free_black_card_per_turn_usable_at_once():
    """"you may also obtain a single new black corruption move card for free. You may use it immediately.\""""
    state = arrange(hand=["W1"])
    state, _ = play(state, "black K6")
    assert "K6" in state.hand and "K6" not in state.black_supply
    assert not any(text.startswith("black") for text in texts(state))
    with pytest.raises(IllegalAction, match="single black"):
        apply(state, "black K5")
    state, _ = play(state, "play K6", "pin left")
    assert state.pinned == [2, 0, 0]


def test_entangle_limits_the_combo_to_one_card():
    """Entangle: "you may only play a single card as combo.\""""
    state = arrange(hand=["W1", "W2"], entangled=True)
    state, _ = play(state, "play W1")
    with pytest.raises(IllegalAction, match="Entangle"):
        apply(state, "play W2")
    assert "play W2" not in texts(state) and "discard W2" in texts(state)


def test_illegal_action_leaves_the_state_untouched_and_cites_a_rule():
    state = arrange(hand=["R2", "G3"])
    state, _ = play(state, "play R2")
    before = state.to_dict()
    with pytest.raises(IllegalAction) as error:
        apply(state, "play G3")
    assert error.value.rule == "HUD-R03" and "G3" in error.value.reason
    assert state.to_dict() == before
    with pytest.raises(IllegalAction, match="not in the hand"):
        apply(state, "play Y5")
    with pytest.raises(IllegalAction, match="end"):
        apply(state, "pass")
