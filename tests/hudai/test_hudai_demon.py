"""Steps 2-5: obtaining a move (HUD-R08), staged damage, filling the hand (HUD-R05), each demon power,
and how the game is won and lost (HUD-R09)."""

from __future__ import annotations

import pytest
from hudai_testkit import HARMLESS, arrange, end_turn, play, quiet, texts

from rulesbook.core.errors import IllegalAction
from rulesbook.hudai import Rules, apply


# ---------------------------------------------------------------- step 2


def test_hud_r08_swap_then_obtain_within_purchase_value():
    """HUD-R08: "first one Mind River card may be discarded and replaced; then at most one river card with value
    <= purchase value goes to the hand, and the river is refilled.\""""
    state = arrange(hand=["W2", "W5"], mind_river=["G4", "R2", "Y6"], mind_deck=["B1", "B3"])
    state, _ = play(state, "play W2", "build", "end")
    assert state.phase == "obtain" and state.purchase == 3
    assert "obtain G4" not in texts(state) and "obtain R2" in texts(state)
    with pytest.raises(IllegalAction, match="HUD-R08"):
        apply(state, "obtain Y6")
    state, _ = apply(state, "swap Y6")
    assert state.mind_river == ["G4", "R2", "B3"] and state.mind_discard == ["Y6"]
    with pytest.raises(IllegalAction, match="only one"):
        apply(state, "swap G4")
    state, _ = apply(state, "obtain B3")
    assert "B3" in state.hand and state.mind_river[:2] == ["G4", "R2"] and len(state.mind_river) == 3
    assert state.phase == "combo" and state.turn == 2 and state.purchase == 0


def test_hud_p16_no_swap_without_a_new_card_to_draw():
    """HUD-P16: the swap replaces a river card 'with a new drawn card', so it is offered only while the mind
    deck, or its discard pile when reshuffled (HUD-P04), holds one; obtaining and passing stay open."""
    empty = arrange(hand=["W2"], mind_river=["G4", "R2"], mind_deck=[], mind_discard=[])
    empty, _ = play(empty, "play W2", "build", "end")
    assert not [text for text in texts(empty) if text.startswith("swap")]
    assert {"obtain R2", "pass"} <= set(texts(empty))
    with pytest.raises(IllegalAction, match="no new card could replace G4: the mind deck is empty and its discard "
                                            "pile is empty.*HUD-P16"):
        apply(empty, "swap G4")
    unshuffled = arrange(Rules(reshuffle_mind_deck=False), hand=["W2"], mind_river=["G4", "R2"], mind_deck=[],
                         mind_discard=["Y6"])
    unshuffled, _ = play(unshuffled, "play W2", "build", "end")
    with pytest.raises(IllegalAction, match=r"not reshuffled \(reshuffle_mind_deck=False\).*HUD-P16"):
        apply(unshuffled, "swap G4")
    reshuffled = arrange(hand=["W2"], mind_river=["G4", "R2"], mind_deck=[], mind_discard=["Y6"])
    reshuffled, _ = play(reshuffled, "play W2", "build", "end")
    assert "swap G4" in texts(reshuffled)
    after, events = apply(reshuffled, "swap G4")
    assert after.mind_river == ["R2", "Y6"] and after.mind_discard == ["G4"]
    assert events[-1].text == "G4 leaves the Mind River for the mind discard pile; Y6 replaces it (HUD-R08)."


# ---------------------------------------------------------------- step 3 and 4


def test_step3_staged_damage_costs_health():
    """Step 3: "apply it now and lose one health cube for each damage cube. If you lose your last health cube,
    you lose.\""""
    state, events = end_turn(quiet(HARMLESS, staged_damage=3, powers=[0, 0, 0]))
    assert state.monk_health == 9 and state.staged_damage == 0
    state, events = end_turn(quiet(HARMLESS, staged_damage=3, monk_health=3, powers=[0, 0, 0]))
    assert state.is_over and state.outcome == "health"


def test_step4_fill_feeds_the_demon_by_value():
    """Step 4: "For a 1/2, add a cube to the demon's left power, for a 3/4 add a cube to its center power and
    for a 5/6 add one to the right power." (printed values, HUD-R06)."""
    state = arrange(Rules(powers=HARMLESS), hand=[], draw_pile=["W1", "G2", "W3", "G6"], powers=[0, 0, 0], mind_river=[])
    state, _ = end_turn(state)
    assert sorted(state.hand) == ["G2", "G6", "W1", "W3"]
    assert state.powers == [2, 1, 1]


def test_hud_r05_black_cards_in_hand_bring_corruption_once():
    """HUD-R05: "one corruption per black card in hand when the hand is filled (step 4)" and not again."""
    state = quiet(HARMLESS, powers=[0, 0, 0], hand=["K1", "K2"], corruption=4)
    state, events = end_turn(state)
    assert state.corruption == 6
    assert sum(event.kind == "corruption" for event in events) == 2


def test_corruption_beyond_capacity_loses():
    """Play: "the monk has no resistance cubes left and takes another corruption ... you lose"; step 4: "Lose,
    if you cannot take the required amount.\""""
    state = quiet(HARMLESS, powers=[0, 0, 0], hand=["K1"], corruption=12)
    state, _ = end_turn(state)
    assert state.outcome == "corruption" and state.corruption == 12


def test_hud_r09_a_power_above_12_loses_at_once():
    """HUD-R09: a power above 12 cubes: the game is lost at once."""
    state = quiet(HARMLESS, powers=[12, 0, 0], hand=["W1"])
    state, _ = end_turn(state)
    assert state.outcome == "power" and state.is_over
    # moving a thirteenth cube with 3rd eye loses at once too
    eye = arrange(hand=["W3"], powers=[12, 5, 0])
    eye, _ = play(eye, "play W3", "eye centre left")
    assert eye.outcome == "power" and eye.phase == "over" and texts(eye) == set()


def test_win_when_the_demon_has_no_health():
    """Play: "Whenever the demon has no health cubes left, you win!\""""
    state = arrange(hand=["R1"], demon_health=2)
    state, events = play(state, "play R1", "red", "stab")
    assert state.won and state.demon_health == 0 and state.phase == "over"
    assert events[-1].kind == "won"
    with pytest.raises(IllegalAction, match="over"):
        apply(state, "end")


# ---------------------------------------------------------------- the powers


def test_power_crush_removes_highest_cards_within_its_cubes():
    """Crush: "Permanently remove the card with the highest numeric value up to the amount of power cubes from
    the players hand ... If not all cubes were used, continue this process with the rest.\""""
    state = quiet(("crush", "defend", "entangle"), powers=[5, 0, 0], hand=["W1", "W3", "W4", "W6"])
    # the hand feeds +1 left (W1), +2 centre (W3 W4), +1 right (W6): crush has 6 cubes
    state, events = end_turn(state)
    assert "W6" in state.removed and "W6" not in state.hand
    assert state.hand == ["W1", "W3", "W4"]
    state = quiet(("crush", "defend", "entangle"), powers=[7, 0, 0], hand=["W1", "W3", "W4", "W6"])
    state, _ = end_turn(state)  # 8 cubes: W6 (2 left), then W1 (1 left), then nothing fits
    assert sorted(state.removed[-2:]) == ["W1", "W6"] and state.hand == ["W3", "W4"]


def test_power_crush_breaks_ties_from_the_seed():
    """Crush: "Select randomly in case of a cost-tie." (random from the seed, so a replay repeats it)."""
    picks = set()
    for seed in range(12):
        state = arrange(Rules(powers=("crush", "defend", "entangle")), seed=seed, hand=["W2", "G2", "R2"], draw_pile=[], discard=[], powers=[0, 0, 0])
        state, _ = end_turn(state)  # three 2s feed the left power: 3 cubes crush one 2
        assert len(state.hand) == 2
        picks.add(next(code for code in ("W2", "G2", "R2") if code not in state.hand))
        again = arrange(Rules(powers=("crush", "defend", "entangle")), seed=seed, hand=["W2", "G2", "R2"], draw_pile=[], discard=[], powers=[0, 0, 0])
        assert end_turn(again)[0] == state
    assert len(picks) > 1


def test_power_mind_pierce_corrupts_below_double_cubes():
    """Mind pierce: "Deal one corruption to the monk, if his total corruption is less than double the amount of
    power cubes. If there are more than 6 power cubes, deal another corruption.\""""
    def pierce(cubes, corruption):
        state = quiet(("defend", "entangle", "mind_pierce"), powers=[0, 0, cubes], corruption=corruption)
        after = end_turn(state)[0]
        return after.corruption - corruption, after.outcome

    assert pierce(3, 5) == (1, None)
    assert pierce(3, 6) == (0, None)
    assert pierce(7, 9) == (2, None)
    assert pierce(7, 11) == (1, "corruption")  # the second corruption finds no resistance left
    assert pierce(0, 0) == (0, None)  # "Powers without cubes don't activate."


def test_power_defend_blocks_monk_damage_per_started_three_cubes():
    """Defend: "Defend 1 incoming damage from the monk for each started three cubes." HUD-R07: blocks Stab and
    red damage during the next monk turn."""
    state = quiet(("defend", "crush", "confuse"), powers=[4, 0, 0])
    state, _ = end_turn(state)
    assert state.demon_block == 2
    state = arrange(hand=["R1"], demon_block=2)
    state, events = play(state, "play R1", "red", "stab")
    assert state.demon_health == 12 and state.demon_block == 0
    assert any("HUD-R07" in event.text for event in events)
    # each blocked hit is the monk's own action, told under the monk's seat
    assert [(event.kind, event.seat, dict(event.data)) for event in events if event.kind == "blocked"] == [
        ("blocked", 0, {"by": "Red", "blocks": 1}), ("blocked", 0, {"by": "Stab", "blocks": 0})]


def test_power_drain_stages_a_damage_per_started_two_cubes():
    """Drain: "Stage 1 damage to the monk for each started group of two cubes.\""""
    state = quiet(("drain", "defend", "entangle"), powers=[5, 0, 0])
    state, _ = end_turn(state)
    assert state.staged_damage == 3 and state.monk_health == 12
    state, _ = end_turn(state)  # step 3 of the next turn applies it
    assert state.monk_health == 9


def test_power_confuse_discards_highest_cards_within_its_cubes():
    """Confuse: "Discard the card with the highest numeric value up to the amount of power cubes. If not all
    cubes were used, continue this process with the rest.\""""
    state = quiet(("crush", "confuse", "defend"), powers=[0, 3, 0], hand=["W3", "W2"])
    # the hand feeds +1 left (crush, 1 cube: removes nothing of value <= 1) and +1 centre: confuse has 4
    state, _ = end_turn(state)
    assert state.discard == ["W3"] and state.hand == ["W2"]


def test_power_entangle_limits_the_next_combo():
    """Entangle: "If the amount of cubes doubled is more than the numeric values in your hand, you may only play a
    single card as combo.\""""
    state = quiet(("defend", "drain", "entangle"), powers=[0, 0, 3], hand=["W1", "W3"])
    state, _ = end_turn(state)  # 3 cubes doubled = 6 > 1 + 3
    assert state.entangled
    state, _ = play(state, "play W1")
    assert "play W3" not in texts(state)
    state = quiet(("defend", "drain", "entangle"), powers=[0, 0, 1], hand=["W1", "W3"])
    assert not end_turn(state)[0].entangled  # 2 is not more than 4


def test_powers_activate_left_to_right():
    """"From left to right, activate and resolve each of the 3 demon powers.\""""
    state = quiet(("drain", "defend", "mind_pierce"), powers=[2, 3, 1])
    state, events = end_turn(state)
    kinds = [event.kind for event in events if event.kind in ("drain", "defend_power", "corruption")]
    assert kinds == ["drain", "defend_power", "corruption"]


# ---------------------------------------------------------------- decisions on gaps (Rules fields)


def test_mind_deck_reshuffles_its_discard_pile_when_empty():
    """Decision (Rules.reshuffle_mind_deck): the rulebook leaves "room for a discard pile" next to the mind deck
    but never says what happens when the deck runs out; by default its discard pile is shuffled back. The swapped
    card goes to the discard pile after its replacement is drawn: "replace it with a new drawn card"."""
    state = arrange(mind_river=["G1", "G2", "G3"], mind_deck=[], mind_discard=["B4"])
    state, _ = play(state, "end", "swap G1")
    assert sorted(state.mind_river) == ["B4", "G2", "G3"] and state.mind_discard == ["G1"]
    strict = arrange(Rules(reshuffle_mind_deck=False), mind_river=["G1", "G2", "G3"], mind_deck=[], mind_discard=["B4"])
    strict, _ = play(strict, "end", "pass")  # no swap then (HUD-P16): the river is not refilled either
    assert strict.mind_river == ["G1", "G2", "G3"] and strict.mind_discard == ["B4"]


def test_every_reshuffle_draws_the_seeds_next_order_hud_p04():
    """HUD-P04: each reshuffle of a game (draw pile or mind deck) is the seed's shuffle labelled by how
    many came before, so a replay repeats it and two reshuffles are two shuffles."""
    from rulesbook.core.rng import shuffled

    state = arrange(mind_river=["G1", "G2", "G3"], mind_deck=[], mind_discard=["B4", "R2", "Y5", "G6"], shuffles=3)
    pile = list(state.mind_discard)
    state, _ = play(state, "end", "swap G1")
    assert state.shuffles == 4
    new_deck = shuffled(pile, state.seed, "mind reshuffle", 3)
    assert state.mind_river[-1] == new_deck[-1] and state.mind_deck == new_deck[:-1]
    flow = arrange(hand=["W5"], draw_pile=[], discard=["W2", "W3", "W4"], shuffles=2)
    flow, _ = play(flow, "play W5", "flow")  # the draw pile is empty: the discard is shuffled for the draw
    assert flow.shuffles == 3
    assert flow.hand == [shuffled(["W2", "W3", "W4"], flow.seed, "reshuffle", 2)[-1]]


def test_opening_hand_zero_is_the_literal_setup():
    """Decision (Rules.opening_hand): Setup deals no hand; by default 4 cards are dealt without feeding the demon,
    and opening_hand=0 gives the literal reading, where turn 1 starts with an empty hand."""
    from rulesbook.hudai import new_game

    literal = new_game(seed=2, rules=Rules(opening_hand=0))
    assert literal.hand == [] and len(literal.draw_pile) == 6 and literal.powers == [2, 2, 2]
    assert texts(literal) >= {"end", "black K1"}


def test_turn_limit_ends_a_game_that_goes_nowhere():
    """Decision (Rules.max_turns): a game still running after the limit is lost, so no game loops for ever."""
    state = quiet(HARMLESS, powers=[0, 0, 0], turn=100)
    state, _ = end_turn(state)
    assert state.outcome == "turn_limit"


def test_decisions_are_described_for_a_widget():
    from rulesbook.hudai import describe_decision

    state = arrange(hand=["W5"])
    assert "Step 1" in describe_decision(state)
    state, _ = play(state, "play W5", "flow")
    assert "Flow" in describe_decision(state)
    state, _ = play(state, "keep", "end")
    assert "Step 2" in describe_decision(state)
