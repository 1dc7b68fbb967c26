"""Every threshold the Hudai Pass rulebook states, pinned at its boundary: the last count that
does not trigger and the first that does ("this many or less", "up to", "more than", "started").

Each test quotes the sentence it pins; rule ids name the rulings that read it.
"""

from __future__ import annotations

import pytest
from hudai_testkit import HARMLESS, arrange, end_turn, play, quiet, texts

from rulesbook.core.errors import IllegalAction, NotationError
from rulesbook.core.rng import seeded_random
from rulesbook.hudai import PlayCard, Rules, apply, card_code, is_legal, is_legal_combo, load_cards

# ---------------------------------------------------------------- step 1: a card's value


@pytest.mark.parametrize("value", [1, 2, 3, 4, 5])
def test_value_removes_a_cube_from_a_power_with_this_many_or_less_cubes(value):
    """"You may remove one cube from a power that has this many or less cubes": a power holding the
    value's count is allowed, one cube more is refused."""
    card = f"W{value}"
    state, _ = play(arrange(hand=[card], powers=[value, value + 1, 0]), f"play {card}")
    assert "value left" in texts(state) and "value centre" not in texts(state)
    assert apply(state, "value left")[0].powers == [value - 1, value + 1, 0]
    with pytest.raises(IllegalAction, match=f"{value} or fewer cubes"):
        apply(state, "value centre")


def test_a_six_removes_a_cube_from_any_power():
    """"A 6 may remove one cube from any power": even a power at the limit of 12."""
    state, _ = play(arrange(hand=["W6"], powers=[12, 7, 1]), "play W6")
    assert {"value left", "value centre", "value right"} <= texts(state)


@pytest.mark.parametrize(("card", "counts_as"), [("G1", 2), ("G4", 5), ("G5", 6), ("G6", 6), ("K1", 6), ("K5", 6)])
def test_green_counts_one_more_up_to_6_and_black_counts_6(card, counts_as):
    """Green: "Treat numeric values on this card as +1 (maximum 6)"; black: "Treat all numbers as 6"
    (when the monk plays the card, HUD-R06)."""
    cards = load_cards()
    assert cards[card].played_value == counts_as
    state, _ = play(arrange(hand=[card], powers=[counts_as, counts_as + 1, 12]), f"play {card}")
    assert "value left" in texts(state)
    assert ("value centre" in texts(state)) == (counts_as == 6)
    assert ("value right" in texts(state)) == (counts_as == 6)


# ---------------------------------------------------------------- step 1: symbols and colours


@pytest.mark.parametrize(("cubes", "set_aside"), [(1, 1), (2, 2), (3, 3), (4, 3), (7, 3)])
def test_pin_reduces_a_power_by_3_at_most(cubes, set_aside):
    """Pin: "Temporarily reduce a demon power by 3"; a power with fewer gives what it has (HUD-P06)."""
    state, _ = play(arrange(hand=["W6"], powers=[cubes, 0, 0]), "play W6", "pin left")
    assert state.powers == [cubes - set_aside, 0, 0] and state.pinned == [set_aside, 0, 0]


@pytest.mark.parametrize(("cubes", "set_aside"), [(1, 1), (2, 1)])
def test_yellow_reduces_a_power_by_1(cubes, set_aside):
    """Yellow: "Temporarily reduce a demon power by 1"."""
    state, _ = play(arrange(hand=["Y3"], powers=[cubes, 0, 0]), "play Y3", "yellow left")
    assert state.powers == [cubes - set_aside, 0, 0] and state.pinned == [set_aside, 0, 0]


@pytest.mark.parametrize("staged", [0, 1])
def test_defend_and_blue_need_a_staged_damage_cube(staged):
    """Defend and Blue: "Remove 1 cube from the demon's staged damage": with none staged there is
    nothing to remove (HUD-P06); with one, it goes."""
    state, _ = play(arrange(hand=["B4"], staged_damage=staged), "play B4")
    assert ({"defend", "blue"} <= texts(state)) == bool(staged)
    if staged:
        assert apply(state, "defend")[0].staged_damage == 0 and apply(state, "blue")[0].staged_damage == 0
    else:
        with pytest.raises(IllegalAction, match="HUD-P06"):
            apply(state, "defend")


def test_build_up_gives_3_and_purchase_value_stacks():
    """Build-up: "Get a purchase value of 3"; "purchase value stack[s] among all of the moves in your
    combo"; a discard gives "1 purchase value for each"."""
    state, _ = play(arrange(hand=["W2", "R2", "W5"]), "play W2", "build", "play R2", "build", "discard W5")
    assert state.purchase == 3 + 3 + 1


@pytest.mark.parametrize("whites", [0, 1, 2])
def test_only_two_white_cards_per_combo(whites):
    """White: "Only two white cards are allowed per combo" (HUD-R03): the second is allowed, the
    third refused; Rules.max_white_per_combo moves the limit."""
    hand = ["W1", "W2", "W3"]
    state, _ = play(arrange(hand=hand), *(f"play {code}" for code in hand[:whites]))
    assert (f"play {hand[whites]}" in texts(state)) is (whites < 2)
    if whites == 2:
        with pytest.raises(IllegalAction, match="only 2 white cards"):
            apply(state, "play W3")
    one, _ = play(arrange(Rules(max_white_per_combo=1), hand=hand), "play W1")
    assert "play W2" not in texts(one)


@pytest.mark.parametrize(("health", "won"), [(2, False), (1, True)])
def test_the_monk_wins_when_the_demon_has_no_health_cubes_left(health, won):
    """"Whenever the demon has no health cubes left, you win!": a Stab on the last cube wins, on the
    second last it does not."""
    state, _ = play(arrange(hand=["W1"], demon_health=health), "play W1", "stab")
    assert state.demon_health == health - 1 and state.won is won and state.is_over is won


@pytest.mark.parametrize(("block", "health"), [(0, 10), (1, 11), (2, 12)])
def test_the_demons_defend_blocks_that_many_blows(block, health):
    """HUD-R07: the demon's Defend blocks the monk's damage, one blow for each block; a red Drop deals two."""
    state, _ = play(arrange(hand=["R1"], demon_block=block), "play R1", "red", "stab")
    assert state.demon_health == health


# ---------------------------------------------------------------- step 2


@pytest.mark.parametrize("purchase", [1, 2, 3, 4, 5])
def test_obtain_a_move_with_a_value_up_to_the_purchase_value(purchase):
    """"You may obtain a move card with a numeric value up to your purchase value" (HUD-R08): a card
    of exactly that value is allowed, one more is refused; printed values (HUD-P08)."""
    river = [f"G{purchase}", f"R{purchase + 1}", "B6" if purchase < 5 else "Y1"]
    state = arrange(mind_river=river, phase="obtain", purchase=purchase)
    assert f"obtain G{purchase}" in texts(state) and f"obtain R{purchase + 1}" not in texts(state)
    with pytest.raises(IllegalAction, match="HUD-R08"):
        apply(state, f"obtain R{purchase + 1}")
    after, events = apply(state, f"obtain G{purchase}")
    assert f"G{purchase}" not in after.mind_river and events[0].kind == "obtain"


def test_a_green_card_is_priced_at_its_printed_value():
    """HUD-P08: green's +1 counts only when the card is played, not when it is bought."""
    state = arrange(mind_river=["G3", "R1", "R2"], phase="obtain", purchase=3)
    assert "obtain G3" in texts(state)


# ---------------------------------------------------------------- step 3 and 4


@pytest.mark.parametrize(("damage", "health", "lost"), [(2, 3, False), (3, 3, True)])
def test_staged_damage_on_the_last_health_cube_loses(damage, health, lost):
    """Step 3: "lose one health cube for each damage cube. If you lose your last health cube, you lose."."""
    state, _ = end_turn(quiet(HARMLESS, staged_damage=damage, monk_health=health, powers=[0, 0, 0]))
    assert state.monk_health == health - damage and (state.outcome == "health") is lost


@pytest.mark.parametrize(("hand", "drawn"), [(["W1", "W2", "W3"], 1), (["W1", "W2", "W3", "W4"], 0), (["W1", "W2", "W3", "W4", "W5"], 0)])
def test_the_hand_is_filled_up_to_four_cards(hand, drawn):
    """Step 4: "Draw cards from your draw pile until you have 4 cards in hand": a hand of 4 or more draws nothing."""
    state = quiet(HARMLESS, hand=hand, draw_pile=["W6"], powers=[0, 0, 0])
    state, _ = end_turn(state)
    assert len(state.hand) == len(hand) + drawn and len(state.draw_pile) == 1 - drawn


@pytest.mark.parametrize(("value", "position"), [(1, 0), (2, 0), (3, 1), (4, 1), (5, 2), (6, 2)])
def test_each_hand_card_feeds_the_power_its_value_names(value, position):
    """Step 4: "For a 1/2, add a cube to the demon's left power, for a 3/4 add a cube to its center
    power and for a 5/6 add one to the right power" (printed values, HUD-P08)."""
    state, _ = end_turn(quiet(("defend", "crush", "confuse"), hand=[f"G{value}"], powers=[0, 0, 0]))
    fed = [0, 0, 0]
    fed[position] = 1
    # the fed power acts; only Crush and Confuse may take the card again, and only when it fits
    assert state.powers == fed


@pytest.mark.parametrize(("corruption", "lost"), [(11, False), (12, True)])
def test_corruption_with_no_resistance_left_loses(corruption, lost):
    """Play: "the monk has no resistance cubes left and takes another corruption ... you lose"; step 4:
    "Lose, if you cannot take the required amount" (one per black card, HUD-R05)."""
    state, _ = end_turn(quiet(HARMLESS, hand=["K1"], corruption=corruption, powers=[0, 0, 0]))
    assert state.corruption == 12 and (state.outcome == "corruption") is lost


@pytest.mark.parametrize(("cubes", "lost"), [(11, False), (12, True)])
def test_a_power_above_12_cubes_loses(cubes, lost):
    """"any of the demon's powers exceeds 12, you lose" (HUD-R09): 12 cubes after feeding is allowed, 13 loses."""
    state, _ = end_turn(quiet(HARMLESS, hand=["W1"], powers=[cubes, 0, 0]))
    assert (state.outcome == "power") is lost
    if not lost:
        assert state.powers[0] == 12 and not state.is_over


@pytest.mark.parametrize(("cubes", "lost"), [(11, False), (12, True)])
def test_a_3rd_eye_move_above_12_cubes_loses_at_once(cubes, lost):
    """HUD-R09, HUD-P07: the limit holds at every moment, also after a 3rd eye move."""
    state, _ = play(arrange(hand=["W3"], powers=[cubes, 2, 0]), "play W3", "eye centre left")
    assert state.powers[0] == cubes + 1 and (state.outcome == "power") is lost


@pytest.mark.parametrize(("cubes", "lost"), [(10, False), (11, True)])
def test_pinned_cubes_coming_back_above_12_lose(cubes, lost):
    """HUD-P07: cubes set aside come back after the powers acted and count again: a pin postpones a
    loss but does not prevent it. The kept W1 and W2 feed the pinned power two cubes."""
    state, _ = play(quiet(HARMLESS, hand=["W6", "W1", "W2"], powers=[cubes, 0, 0]), "play W6", "pin left")
    state, events = end_turn(state)
    assert (state.outcome == "power") is lost
    kinds = [event.kind for event in events]
    assert state.powers[0] == cubes + 2 and "unpin" in kinds
    assert kinds.index("unpin") < kinds.index("lost") if lost else "lost" not in kinds


# ---------------------------------------------------------------- step 5: the powers


@pytest.mark.parametrize(("cubes", "activates"), [(0, False), (1, True)])
def test_powers_without_cubes_do_not_activate(cubes, activates):
    """"Powers without cubes don't activate"."""
    state, events = end_turn(quiet(("drain", "defend", "entangle"), powers=[cubes, 0, 0]))
    assert (state.staged_damage == 1) is activates
    assert any(event.kind == "drain" for event in events) is activates


@pytest.mark.parametrize(("cubes", "damage"), [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3)])
def test_drain_stages_a_damage_per_started_group_of_two_cubes(cubes, damage):
    """Drain: "Stage 1 damage to the monk for each started group of two cubes"."""
    state, _ = end_turn(quiet(("drain", "defend", "entangle"), powers=[cubes, 0, 0]))
    assert state.staged_damage == damage


@pytest.mark.parametrize(("cubes", "blocks"), [(1, 1), (3, 1), (4, 2), (6, 2), (7, 3)])
def test_defend_blocks_one_damage_per_started_three_cubes(cubes, blocks):
    """Defend: "Defend 1 incoming damage from the monk for each started three cubes" (HUD-R07)."""
    state, _ = end_turn(quiet(("defend", "drain", "entangle"), powers=[cubes, 0, 0]))
    assert state.demon_block == blocks


@pytest.mark.parametrize(("cubes", "corruption", "dealt"), [
    (3, 5, 1), (3, 6, 0),      # "less than double the amount of power cubes": 5 < 6 corrupts, 6 does not
    (6, 11, 1), (6, 12, 0),    # 6 cubes are not "more than 6": one corruption at most
    (7, 10, 2), (7, 0, 2),     # "If there are more than 6 power cubes, deal another corruption"
])
def test_mind_pierce_at_its_thresholds(cubes, corruption, dealt):
    """Mind pierce: "Deal one corruption to the monk, if his total corruption is less than double the
    amount of power cubes. If there are more than 6 power cubes, deal another corruption." (HUD-P03)"""
    state, _ = end_turn(quiet(("defend", "entangle", "mind_pierce"), powers=[0, 0, cubes], corruption=corruption))
    assert state.corruption - corruption == dealt and state.outcome is None


def test_mind_pierces_second_corruption_finds_no_resistance_and_loses():
    """HUD-P03: the second corruption of 7 cubes comes after the first; with 11 corruption the first
    takes the last resistance cube and the second loses the game."""
    state, events = end_turn(quiet(("defend", "entangle", "mind_pierce"), powers=[0, 0, 7], corruption=11))
    assert state.corruption == 12 and state.outcome == "corruption"
    assert [event.kind for event in events if event.kind in ("corruption", "lost")] == ["corruption", "lost"]


def test_mind_pierces_second_corruption_comes_only_with_the_first():
    """HUD-P03: with a larger capacity, 7 cubes and a corruption of 14 (not less than 14) deal none."""
    state = arrange(Rules(powers=("defend", "entangle", "mind_pierce"), corruption_capacity=20),
                    hand=[], draw_pile=[], discard=[], mind_river=[], powers=[0, 0, 7], corruption=14)
    assert end_turn(state)[0].corruption == 14
    state.corruption = 13
    assert end_turn(state)[0].corruption == 15


#: (cubes, cards taken from the hand [W3 W4]): a card whose value equals the cubes is taken, one
#: above is not; the cubes left over take again.
HIGHEST_UP_TO = [(2, []), (3, ["W3"]), (4, ["W4"]), (6, ["W4"]), (7, ["W4", "W3"])]


@pytest.mark.parametrize(("cubes", "taken"), HIGHEST_UP_TO)
def test_crush_takes_the_highest_value_up_to_the_cubes(cubes, taken):
    """Crush: "Permanently remove the card with the highest numeric value up to the amount of power
    cubes ... If not all cubes were used, continue this process with the rest" (HUD-P10)."""
    # the hand [W3 W4] feeds the centre twice; Crush sits on the left
    state = quiet(("crush", "defend", "drain"), hand=["W3", "W4"], powers=[cubes, 0, 0])
    removed_before = len(state.removed)
    state, _ = end_turn(state)
    assert state.removed[removed_before:] == taken
    assert sorted(state.hand) == sorted({"W3", "W4"} - set(taken))


@pytest.mark.parametrize(("cubes", "taken"), HIGHEST_UP_TO)
def test_confuse_discards_the_highest_value_up_to_the_cubes(cubes, taken):
    """Confuse: "Discard the card with the highest numeric value up to the amount of power cubes. If
    not all cubes were used, continue this process with the rest" (HUD-P10)."""
    state, _ = end_turn(quiet(("confuse", "defend", "drain"), hand=["W3", "W4"], powers=[cubes, 0, 0]))
    assert state.discard == taken and sorted(state.hand) == sorted({"W3", "W4"} - set(taken))


@pytest.mark.parametrize(("hand", "cubes", "entangled"), [
    (["W3", "W4"], 3, False),  # 6 is not more than 3 + 4 = 7 (though more than each card, and than the highest)
    (["W3", "W4"], 4, True),   # 8 is more than 7
    (["W3", "W5"], 4, False),  # 8 is not more than 3 + 5 = 8
    (["W3", "W5"], 5, True),   # 10 is more than 8
])
def test_hud_r11_entangle_compares_the_doubled_cubes_with_the_sum_of_the_hand(hand, cubes, entangled):
    """HUD-R11: Entangle "If the amount of cubes doubled is more than the numeric values in your hand":
    the doubled cubes against the sum of the printed values in hand, on both sides of the threshold."""
    state, events = end_turn(quiet(("entangle", "defend", "drain"), hand=hand, powers=[cubes, 0, 0]))
    assert state.entangled is entangled
    assert any("HUD-R11" in event.text and f"({sum(int(code[1]) for code in hand)})" in event.text for event in events)
    if entangled:
        state, _ = play(state, f"play {hand[0]}")
        assert f"play {hand[1]}" not in texts(state)
        with pytest.raises(IllegalAction, match="HUD-R11"):
            apply(state, f"play {hand[1]}")


def test_hud_r11_entangle_reads_the_hand_after_the_powers_to_its_left():
    """HUD-R11: "at that moment": Confuse on the left has already discarded the W4 when Entangle acts."""
    state = quiet(("confuse", "entangle", "drain"), hand=["W1", "W4"], powers=[3, 2, 0])
    # feeding: W1 -> left (Confuse 4: discards W4, then W1? 4 - 4 = 0 cubes left), W4 -> centre (Entangle 3)
    state, _ = end_turn(state)
    assert state.discard == ["W4"] and state.hand == ["W1"]
    assert state.entangled  # 6 > 1, though 6 is not more than 1 + 4


# ---------------------------------------------------------------- the notation and the combo rule alone


@pytest.mark.parametrize(("combo", "legal"), [(["W1", "W2"], True), (["W1", "R2", "W3"], True), (["W1", "W2", "W3"], False)])
def test_hud_r03_is_legal_combo_allows_two_white_cards_and_not_three(combo, legal):
    """HUD-R03: "Only two white cards are allowed per combo": `is_legal_combo` takes a combo with
    exactly two whites (the limit itself) and refuses the third."""
    assert is_legal_combo(combo) is legal


def test_hud_r03_is_legal_combo_takes_the_white_limit_of_the_rules():
    """HUD-R03, HUD-P01: the white limit is Rules.max_white_per_combo; `max_white` is exactly that many."""
    assert is_legal_combo(["W1"], max_white=1) and not is_legal_combo(["W1", "W2"], max_white=1)
    assert is_legal_combo(["R2"], max_white=0) and not is_legal_combo(["W2"], max_white=0)
    assert is_legal_combo(["W1", "W2", "W3"], max_white=3)


@pytest.mark.parametrize(("code", "why"), [("R1", None), ("R6", None), ("R0", "not a card value"), ("R7", "not a card value"),
                                           ("X3", "not a colour letter")])
def test_a_card_value_is_1_to_6_and_its_colour_one_of_six(code, why):
    """HUD-R01: colour letter W G B R Y K and value 1-6 (R6 is the last card of a colour, R7 none)."""
    if why is None:
        assert card_code(code) == code
    else:
        with pytest.raises(NotationError, match=why):
            card_code(code)


def test_is_legal_says_what_the_check_says():
    """`is_legal` is the check's yes or no: a listed action is legal, a refused one is not (HUD-R03)."""
    state = arrange(hand=["W1", "W2", "W3", "R2"], whites_played=0)
    assert is_legal(state, "play W1") and is_legal(state, PlayCard("W1"))
    state, _ = play(state, "play W1", "play W2")
    assert not is_legal(state, "play W3") and is_legal(state, "play R2")


# ---------------------------------------------------------------- the numbers a teacher may set


AT_LEAST_ONE = ("monk_health", "corruption_capacity", "demon_health", "hand_size", "power_limit", "max_turns")
NOT_NEGATIVE = ("cubes_per_power", "river_size", "opening_hand", "max_white_per_combo")


@pytest.mark.parametrize("name", AT_LEAST_ONE)
def test_a_count_that_must_be_at_least_1_takes_1_and_refuses_0(name):
    """Setup's counts (health, corruption, hand size, the power limit of HUD-R09, the turn limit of
    HUD-P05) can be set as low as 1, not 0."""
    cubes = {"cubes_per_power": 1} if name == "power_limit" else {}  # no more cubes than the limit at set-up (HUD-R09)
    assert getattr(Rules(**{name: 1}, **cubes), name) == 1
    with pytest.raises(ValueError, match=f"Rules.{name}: must be at least 1"):
        Rules(**{name: 0})


@pytest.mark.parametrize("name", NOT_NEGATIVE)
def test_a_count_that_may_be_0_takes_0_and_refuses_minus_1(name):
    """Cubes per power, the river, the opening hand (HUD-R10) and the white limit (HUD-R03) may be 0."""
    assert getattr(Rules(**{name: 0}), name) == 0
    with pytest.raises(ValueError, match=f"Rules.{name}: must not be negative"):
        Rules(**{name: -1})


@pytest.mark.parametrize("value", [True, "12", 12.0])
def test_a_count_is_a_whole_number_not_a_flag_text_or_fraction(value):
    with pytest.raises(ValueError, match="Rules.monk_health: expected a whole number"):
        Rules(monk_health=value)


@pytest.mark.parametrize("powers", ["drain", 5])
def test_the_powers_are_three_names_not_one_text_hud_r02(powers):
    """HUD-R02: the demon's three tiles, left to right: a single name or a number is refused as such."""
    with pytest.raises(ValueError, match="three power names, left to right"):
        Rules(powers=powers)


# ---------------------------------------------------------------- ties, Flow, corruption: what mutmut found loose


def test_a_tie_of_two_is_drawn_from_the_seed_and_a_lone_card_is_no_tie_hud_p10():
    """Crush: "Select randomly in case of a cost-tie" (HUD-P10): two cards of one value are a tie,
    broken by the seed's draw labelled (turn, power, pick number), so a replay repeats it; a card
    alone at its value is taken without a draw."""
    picked = set()
    for seed in range(8):
        state = arrange(Rules(powers=("crush", "defend", "entangle")), seed=seed, hand=["W1", "G1", "W2", "G2"],
                        draw_pile=[], discard=[], powers=[2, 0, 0])
        turn = state.turn
        state, events = end_turn(state)  # four cards of value 1-2 feed Crush: 6 cubes take all four
        first = seeded_random(seed, "tie", turn, 0, 0).choice(["G2", "W2"])  # the first pick
        third = seeded_random(seed, "tie", turn, 0, 2).choice(["G1", "W1"])  # the third: the other 2 was the second
        assert state.removed[-4:] == [first, ({"G2", "W2"} - {first}).pop(), third, ({"G1", "W1"} - {third}).pop()]
        assert [event.text.split(";")[0] for event in events if event.kind == "tie"] == [
            "G2 and W2 tie at value 2", "G1 and W1 tie at value 1"]
        picked.add(first)
    assert picked == {"G2", "W2"}


def test_flow_removing_the_card_in_play_loses_its_features_and_an_earlier_one_keeps_them_hud_p02():
    """HUD-R04, HUD-P02: Flow may remove any card of the combo; removing the card in play takes its
    unused features with it, removing an earlier card leaves the card in play as it was."""
    state = arrange(hand=["W1", "R5"], draw_pile=["W6"])
    state, _ = play(state, "play W1", "play R5", "flow")  # R5's symbol (Cog) is used; value and colour open
    current, opened = state.current_card, list(state.open_features)
    assert current == "R5" and opened
    earlier, _ = apply(state, "remove W1")
    assert earlier.current_card == "R5" and earlier.open_features == opened and "red" in texts(earlier)
    itself, _ = apply(state, "remove R5")
    assert itself.current_card is None and itself.open_features == [] and "red" not in texts(itself)


def test_cards_played_counts_every_card_of_the_combo():
    state, _ = play(arrange(hand=["W1", "W2", "R2"]), "play W1", "play W2", "play R2")
    assert state.cards_played == 3 and state.whites_played == 2


def test_corruption_with_no_resistance_left_ends_the_game_once_hud_p03():
    """HUD-P03: Mind pierce above 6 cubes with no resistance left: the first corruption already loses;
    the second one is never dealt (one ending, corruption stays at the capacity)."""
    state = quiet(("defend", "entangle", "mind_pierce"), powers=[0, 0, 7], corruption=12)
    state, events = end_turn(state)
    assert state.outcome == "corruption" and state.corruption == 12
    assert sum("falls to the dark side" in event.text for event in events) == 1


def test_the_demons_defend_lasts_for_one_combo_hud_r07():
    """HUD-R07: the demon's Defend blocks blows in the combo after it acted, then it is spent: with
    no cubes on Defend the next turn, no block is left."""
    state = quiet(("defend", "entangle", "drain"), powers=[0, 0, 0], demon_block=2)
    state, _ = end_turn(state)
    assert state.demon_block == 0


def test_steps_3_to_5_run_even_when_the_mind_river_cannot_be_refilled():
    """Turn structure: the river is refilled as far as the mind deck allows; an empty mind deck (and
    discard) stops the refill, not the turn: the staged damage still hits, the hand is filled and the
    demon's powers still act."""
    state = quiet(HARMLESS, draw_pile=["W1", "W2", "W3", "W4"], mind_deck=[], mind_discard=[], staged_damage=1)
    health = state.monk_health
    state, events = end_turn(state)
    assert state.mind_river == []
    assert state.monk_health == health - 1
    assert [event.text for event in events if event.kind == "fill"] == ["Step 4: the monk draws W4 W3 W2 W1; hand W4 W3 W2 W1."]
