"""Every threshold the rulebook states, pinned at its boundary: the value that passes and the one beyond it.

Each test names the rulebook section (or ruling) whose number it pins.
"""

from __future__ import annotations

import pytest

from rulesbook.core.data import DataError
from rulesbook.core.errors import IllegalAction
from rulesbook.core.rng import seeded_random
from rulesbook.madness import (
    Deal,
    DealTo,
    DrawMadness,
    GiveRelic,
    NoRest,
    Phase,
    RaiseHandLimit,
    Rest,
    Rules,
    apply,
    hand_limit,
    legal_actions,
    level,
    new_game,
    refusal,
    score,
)
from rulesbook.madness.state import State
from madness_helpers import assert_conserved, at_encounter, give_hand, kinds

SEED = "thresholds"


def cards_for(state: State, labels: list[str]) -> list[str]:
    """Distinct card ids with these labels ("Tools 6" twice gives two different cards)."""
    chosen: list[str] = []
    for label in labels:
        chosen.append(next(c.id for c in state.pack.cards.values() if c.label == label and c.id not in chosen))
    return chosen


def resolved(state: State, plays: list[str]) -> State:
    """P1 plays these cards, time runs out, the Leader reveals the Sled."""
    give_hand(state, 0, cards_for(state, plays))
    for label in plays:
        state, _ = apply(state, f"P1: play {label}")
    state, _ = apply(state, "P1: time up")
    state, _ = apply(state, "P1: resolve")
    return state


# --- Setting Up the Game: 3 to 5 players --------------------------------------------------------

@pytest.mark.parametrize("players, allowed", [(2, False), (3, True), (5, True), (6, False)])
def test_three_to_five_players_setting_up_the_game(players, allowed):
    if allowed:
        assert new_game(players, SEED).players == players
    else:
        with pytest.raises(ValueError, match="3 to 5 players"):
            new_game(players, SEED)


# --- Overcoming a Challenge: exact, range and either-or values at their ends (MAD-R01) ------------

@pytest.mark.parametrize("plays, overcome", [
    (["Crates 3"], False),  # one below the range
    (["Crates 4"], True),  # its lower end
    (["Crates 6"], True),  # its upper end
    (["Crates 3", "Crates 4"], False),  # one above
])
def test_a_range_is_met_at_both_ends_and_missed_one_beyond_mad_r01(plays, overcome):
    state = resolved(at_encounter(4, "Frozen Bay", SEED), plays)  # Books 8-10, Crates 4-6
    assert state.outcomes == [False, overcome]


@pytest.mark.parametrize("plays, overcome", [
    (["Tools 4", "Tools 6"], False), (["Tools 5", "Tools 6"], True), (["Tools 6", "Tools 6"], False),
])
def test_an_exact_value_is_met_only_by_itself_mad_r01(plays, overcome):
    state = resolved(at_encounter(4, "Wind-Cut Ledge", SEED), plays)  # Tools 11, Crates 8-10
    assert state.outcomes == [overcome, False]


@pytest.mark.parametrize("plays, overcome", [
    (["Weapons 5"], False), (["Weapons 6"], True), (["Weapons 3", "Weapons 4"], False), (["Weapons 2", "Weapons 6"], True),
    (["Weapons 4", "Weapons 5"], False),
])
def test_an_either_or_value_is_met_by_either_number_and_not_between_mad_r01(plays, overcome):
    state = resolved(at_encounter(4, "Dog Kennels", SEED), plays)  # Weapons 6|8, Crates 7-9
    assert state.outcomes == [overcome, False]


# --- Success: at least one challenge overcome earns the reward ------------------------------------

@pytest.mark.parametrize("plays, rewarded", [([], False), (["Crates 4"], True)])
def test_the_reward_needs_at_least_one_challenge_overcome_success(plays, rewarded):
    state = at_encounter(4, "Frozen Bay", SEED)  # reward Praise
    state.sled_tokens, state.discard_tokens = 4, 2
    state = resolved(state, plays)
    assert (state.discard_tokens == 0) is rewarded


@pytest.mark.parametrize("in_discard, back", [(0, 0), (1, 1), (2, 2), (3, 2)])
def test_praise_takes_up_to_two_tokens_from_the_discard_praise(in_discard, back):
    state = at_encounter(4, "Frozen Bay", SEED)
    state.sled_tokens, state.discard_tokens = 6 - in_discard, in_discard
    state = resolved(state, ["Crates 4"])
    assert (state.sled_tokens, state.discard_tokens) == (6 - in_discard + back, in_discard - back)


@pytest.mark.parametrize("injuries_in_discard, healed", [(0, False), (1, True)])
def test_heal_needs_at_least_one_injury_in_the_discard_heal(injuries_in_discard, healed):
    state = at_encounter(3, "Sounding Station", SEED)  # Books 6-8, Tools 4-6; reward Heal
    injuries = [c for c in state.equipment_discard if state.pack.cards[c].type is None]
    for card in injuries[injuries_in_discard:]:
        state.equipment_discard.remove(card)
        state.injury_deck.append(card)
    deck = len(state.injury_deck)
    state = resolved(state, ["Tools 4"])
    assert len(state.injury_deck) == deck + healed
    assert_conserved(state)


# --- Failures and the Penalty Die -----------------------------------------------------------------

def failing(players: int = 4, **rules) -> State:
    """Seals (Tools 7-9, Books 7-9) with nothing played: two failures, each missing by 7."""
    return resolved(at_encounter(players, "Seals", SEED, **rules), [])


def rolled(state: State, face: str) -> State:
    state.loaded_die = [face]
    state, _ = apply(state, "P1: for Tools 7-9, roll the Penalty Die")
    state, _ = apply(state, f"P1: accept {face}")
    return state


@pytest.mark.parametrize("on_sled, to_discard, boxed", [(3, 2, 0), (2, 2, 0), (1, 0, 1)])
def test_loss_of_confidence_discards_two_or_boxes_one_with_fewer_than_two_on_the_sled(on_sled, to_discard, boxed):
    state = failing()
    state.sled_tokens, state.discard_tokens = on_sled, 6 - on_sled
    state = rolled(state, "Loss of Confidence")
    assert (state.sled_tokens, state.boxed_tokens) == (on_sled - to_discard - boxed, boxed)
    assert not state.is_over


@pytest.mark.parametrize("in_play, over", [(2, False), (1, True)])
def test_boxing_the_last_leadership_token_loses_the_game_the_end_of_the_game(in_play, over):
    state = failing()
    state.sled_tokens, state.discard_tokens, state.boxed_tokens = 1, in_play - 1, 6 - in_play
    state = rolled(state, "Loss of Confidence")
    assert state.is_over is over and state.tokens_in_play == in_play - 1
    assert (state.outcome == "no hope") is over


@pytest.mark.parametrize("injury_deck, over", [(3, False), (2, False), (1, True), (0, True)])
def test_an_accident_needs_two_injury_cards_rolling_the_penalty_die(injury_deck, over):
    state = failing()
    state.equipment_discard.extend(state.injury_deck[injury_deck:])
    del state.injury_deck[injury_deck:]
    state.loaded_die = ["Accident"]
    state, _ = apply(state, "P1: for Tools 7-9, roll the Penalty Die")
    state, events = apply(state, "P1: accept Accident")
    assert state.is_over is over and (state.outcome == "injuries") is over
    assert len(state.injury_deck) == max(0, injury_deck - 2)
    drawn = [e.text for e in events if e.kind == "accident"]
    assert [f"Injury {n} of 2" in text for n, text in zip((1, 2), drawn)] == [True] * min(injury_deck, 2)


@pytest.mark.parametrize("deck, boxed", [(8, 0), (7, 0), (6, 1)])
def test_confusion_with_a_deck_one_card_short_boxes_a_token_mad_r04(deck, boxed):
    state = failing()  # Tools 7-9 with 0: Confusion discards 7
    state.equipment_discard.extend(state.equipment_deck[deck:])
    del state.equipment_deck[deck:]
    state = rolled(state, "Confusion")
    assert (len(state.equipment_deck), state.boxed_tokens) == (max(0, deck - 7), boxed)


@pytest.mark.parametrize("target_level, allowed", [(0, True), (1, True), (2, True), (3, False)])
def test_madness_can_be_given_only_below_level_3_mad_r07(target_level, allowed):
    state = failing()
    state.madness_box.extend(state.madness[1])
    state.madness[1] = [state.madness_decks[target_level - 1].pop()] if target_level else []
    assert any(isinstance(a, DrawMadness) and a.target == 1 for a in legal_actions(state)) is allowed
    error = refusal(state, "P1: for Tools 7-9, P2 draws Madness")
    assert (error is None) is allowed
    if allowed:
        state, _ = apply(state, "P1: for Tools 7-9, P2 draws Madness")
        assert level(state, 1) == target_level + 1
    else:
        assert error.rule == "MAD-R07"


@pytest.mark.parametrize("levels, drawers", [([3, 3, 3, 2], {3}), ([3, 3, 3, 3], set())])
def test_with_everyone_at_level_3_only_the_die_is_left_mad_r07(levels, drawers):
    state = failing()
    for p, wanted in enumerate(levels):
        state.madness_box.extend(state.madness[p])
        state.madness[p] = [state.madness_decks[wanted - 1].pop()]
    assert {a.target for a in legal_actions(state) if isinstance(a, DrawMadness)} == drawers


# --- Relics -----------------------------------------------------------------------------------------

def test_a_second_knowledge_card_brings_no_second_token_relic():
    state = new_game(4, SEED)
    knowledge = sorted(n for n in state.pack.relic_by_name if n.startswith("Knowledge"))
    for count, name in enumerate(knowledge[:2], start=1):
        state.phase, state.reward = Phase.REWARD, f"Relic {name}"
        state, _ = apply(state, f"P1: give {name} to P2")
        assert len(state.relics[1]) == count
        assert state.covers[1] == ["Rest"]  # one Knowledge token, however many Knowledge cards
    assert state.relic_tokens["Knowledge"] == 2
    assert_conserved(state)


@pytest.mark.parametrize("margin, words", [
    (-1, "lets you go"), (0, "keep your post"), (1, "modest haul"), (3, "modest haul"), (4, "celebrated"), (7, "celebrated"),
    (8, "Invitations"), (10, "Invitations"), (11, "first civilisation"),
])
def test_the_result_table_at_each_boundary_the_end_of_the_game(margin, words):
    assert words in new_game(3, SEED).pack.result_text(margin)


def test_the_score_is_relics_minus_injuries_read_in_the_result_table_the_end_of_the_game():
    """The End of the Game: "subtract the number of Injury cards ... from the number of Relics";
    `score` reports that margin and the line of the result table it falls on (MAD-R03)."""
    state = new_game(3, SEED)
    first = score(state)
    assert first["relics"] == 0 and first["injuries"] > 0
    assert first["margin"] == -first["injuries"]
    assert first["table"] == state.pack.result_text(-first["injuries"]) and "lets you go" in first["table"]
    relic = next(iter(state.pack.relics))
    state.relics[1].extend(relic for _ in range(first["injuries"] + 4))  # four more Relics than Injuries
    later = score(state)
    assert later["margin"] == 4 and "celebrated" in later["table"]


# --- Draw Phase: up to the hand size limit, the deck exactly big enough or one card short ----------

def draw_phase(players: int, hands: list[int], deck: int) -> State:
    state = new_game(players, SEED)
    state.phase = Phase.DRAW
    for p, size in enumerate(hands):
        while len(state.hands[p]) > size:
            state.equipment_discard.append(state.hands[p].pop())
        while len(state.hands[p]) < size:
            state.hands[p].append(state.equipment_deck.pop())
    while len(state.equipment_deck) > deck:
        state.equipment_discard.append(state.equipment_deck.pop(0))
    while len(state.equipment_deck) < deck:
        state.equipment_deck.append(state.equipment_discard.pop())
    assert_conserved(state)
    return state


@pytest.mark.parametrize("players, limit", [(3, 5), (4, 4), (5, 3)])
def test_the_hand_size_limit_by_player_count_draw_phase(players, limit):
    state = draw_phase(players, [0] * players, 40)
    assert hand_limit(state) == limit
    state, _ = apply(state, "P1: deal")
    assert [len(hand) for hand in state.hands] == [limit] * players


def test_a_deck_exactly_big_enough_fills_every_hand_draw_phase():
    state = draw_phase(4, [4, 3, 2, 0], 7)  # the hands lack 0 + 1 + 2 + 4 = 7
    assert kinds(state) == {RaiseHandLimit, Deal}
    state, _ = apply(state, "P1: deal")
    assert [len(hand) for hand in state.hands] == [4, 4, 4, 4] and state.equipment_deck == []
    assert state.phase is Phase.REST


def test_a_deck_one_card_short_lets_the_leader_choose_who_receives_draw_phase():
    state = draw_phase(4, [4, 3, 2, 0], 6)
    assert kinds(state) == {RaiseHandLimit, DealTo}
    assert {a.target for a in legal_actions(state) if isinstance(a, DealTo)} == {1, 2, 3}  # not P1, at the limit
    error = refusal(state, "P1: deal")
    assert error is not None and error.rule == "Draw Phase"
    for target in (4, 4, 4, 4, 3, 3):
        state, _ = apply(state, f"P1: deal to P{target}")
    assert [len(hand) for hand in state.hands] == [4, 3, 4, 4] and state.phase is Phase.REST


def test_an_empty_deck_deals_nothing_draw_phase():
    state = draw_phase(4, [4, 3, 2, 0], 0)
    assert kinds(state) == {RaiseHandLimit, Deal}
    state, _ = apply(state, "P1: deal")
    assert [len(hand) for hand in state.hands] == [4, 3, 2, 0] and state.phase is Phase.REST


def test_a_hand_at_or_above_the_limit_receives_nothing_draw_phase():
    state = draw_phase(4, [5, 4, 3, 4], 10)
    state, _ = apply(state, "P1: deal")
    assert [len(hand) for hand in state.hands] == [5, 4, 4, 4]


@pytest.mark.parametrize("tokens", [0, 1, 2])
def test_each_token_raises_the_limit_by_one_draw_phase(tokens):
    state = draw_phase(5, [0] * 5, 40)
    for _ in range(tokens):
        state, _ = apply(state, "P1: raise hand limit")
    assert hand_limit(state) == 3 + tokens
    state, _ = apply(state, "P1: deal")
    assert [len(hand) for hand in state.hands] == [3 + tokens] * 5


# --- Rest Phase: it takes two tokens in play ------------------------------------------------------

@pytest.mark.parametrize("sled, discard, allowed", [(1, 0, False), (0, 1, False), (2, 0, True), (1, 1, True), (0, 2, True)])
def test_rest_needs_two_leadership_tokens_in_play_rest_phase(sled, discard, allowed):
    state = new_game(3, SEED)
    state.phase = Phase.REST
    state.sled_tokens, state.discard_tokens, state.boxed_tokens = sled, discard, 6 - sled - discard
    assert (Rest in kinds(state)) is allowed and NoRest in kinds(state)
    if not allowed:
        with pytest.raises(IllegalAction) as error:
            apply(state, "P1: rest")
        assert error.value.rule == "Rest Phase (optional)"
        return
    state, _ = apply(state, "P1: rest")
    assert (state.sled_tokens, state.discard_tokens, state.boxed_tokens) == (sled + discard - 1, 0, 7 - sled - discard)
    assert not state.is_over


# --- The End of the Game: the third Escape tile ends it -------------------------------------------

@pytest.mark.parametrize("escape_steps, over", [(2, False), (3, True)])
def test_the_expedition_escapes_at_the_end_of_the_turn_on_the_third_escape_tile(escape_steps, over):
    state = new_game(3, SEED)
    state.phase, state.edge_reached, state.escape_steps = Phase.REST, True, escape_steps
    state, _ = apply(state, "P1: no rest")
    assert state.is_over is over and (state.outcome == "escaped") is over


def test_relics_equal_to_injuries_win_and_one_fewer_loses_mad_r03():
    state = new_game(3, SEED)
    state.phase, state.edge_reached, state.escape_steps = Phase.REST, True, 3
    injuries = sum(1 for pile in (state.equipment_discard, *state.hands, state.equipment_deck)
                   for c in pile if state.pack.cards[c].type is None)
    for relics, won in ((injuries, True), (injuries - 1, False), (injuries + 1, True)):
        trial = state.copy()
        trial.relic_deck = list(trial.pack.relics)
        trial.relics = [[trial.relic_deck.pop() for _ in range(relics)], [], []]
        trial, events = apply(trial, "P1: no rest")
        assert trial.won is won, (relics, injuries)
        # The End of the Game: the result table is read at Relics minus Injuries (-1, 0 or +1 here)
        escaped = next(e for e in events if e.kind == "escaped")
        assert dict(escaped.data) == {"relics": relics, "injuries": injuries, "won": won}
        assert escaped.text.endswith(trial.pack.result_text(relics - injuries))
        # ... in the illustrative pack's words, which are the project's, not the rulebook's (MAD-P13)
        assert f"(MAD-R03). The result, in the pack's own words (MAD-P13): {trial.pack.result_text(relics - injuries)}" in escaped.text


def test_the_relic_reward_is_given_to_one_player():
    state = new_game(4, SEED)
    state.phase, state.reward = Phase.REWARD, "Relic Ruin A"
    assert {a.target for a in legal_actions(state) if isinstance(a, GiveRelic)} == {0, 1, 2, 3}


# --- Setting Up the Game: the seats are P1 to P(count) -------------------------------------------

@pytest.mark.parametrize(
    "player, allowed, named", [(0, True, None), (2, True, None), (3, False, "P4"), (-1, False, "-1"), (False, False, "False")]
)
def test_a_table_of_three_has_seats_p1_to_p3_and_names_the_stranger_setting_up_the_game(player, allowed, named):
    """A table of 3 seats P1-P3 (seats 0-2); an action of seat 3 is "P4", one of seat -1 (or of a
    bool, though Python counts False as 0) is no player at all, and the refusal names it as written."""
    state = new_game(3, SEED)
    state.phase = Phase.REST
    error = refusal(state, NoRest(player))
    if allowed:  # a seat of the table: P1 leads and may pass the Rest; P3 is refused as not the Leader, never as no player
        if player == state.leader:
            assert error is None
        else:
            assert error.rule == "Rest Phase (optional)" and error.reason == "only the Leader (P1) decides that, not P3"
        return
    assert error.rule == "Setting Up the Game"
    assert f"there is no player {named} at this table of 3" in error.reason


def test_a_knowledge_token_covering_rest_forbids_resting_relic():
    """Relic (Knowledge): while its holder leads, the covered Rest Phase allows no rest, even with
    tokens enough; the refusal cites the ruling that says what the token covers (MAD-P07), not the Rest Phase."""
    state = new_game(3, SEED)
    state.phase = Phase.REST
    state.sled_tokens, state.discard_tokens, state.boxed_tokens = 3, 3, 0
    assert Rest in kinds(state)
    state.covers[state.leader].append("Rest")
    assert Rest not in kinds(state) and NoRest in kinds(state)
    with pytest.raises(IllegalAction) as error:
        apply(state, "P1: rest")
    assert error.value.rule == "MAD-P07" and "Knowledge token covers the Rest Phase" in error.value.reason


def test_the_last_relic_token_of_a_kind_is_still_taken_relic():
    """Relic: "place a token of that kind" while one is left beside the board: the fourth Specimen
    takes the fourth and last Specimen token (one left is enough)."""
    state = new_game(4, SEED)
    specimens = sorted(n for n in state.pack.relic_by_name if n.startswith("Specimen"))
    assert len(specimens) == state.relic_tokens["Specimen"] == 4
    for player, name in enumerate(specimens):
        left = state.relic_tokens["Specimen"]
        state.phase, state.reward = Phase.REWARD, f"Relic {name}"
        state, events = apply(state, f"P1: give {name} to P{player + 1}")
        assert state.relic_tokens["Specimen"] == left - 1
        assert state.covers[player] == [state.pack.relics[state.pack.relic_by_name[name]].covers]
        assert any(e.kind == "relic token" and "places a Specimen token" in e.text for e in events)
    assert state.relic_tokens["Specimen"] == 0
    assert_conserved(state)


@pytest.mark.parametrize("name", ["timer_seconds", "speech_confusion_cards"])
def test_the_timer_and_the_speech_penalty_take_0_and_refuse_minus_1_mad_p(name):
    """The Sand Timer's seconds and the cards a broken silence costs are whole numbers, 0 or more."""
    assert getattr(Rules(**{name: 0}), name) == 0
    for bad in (-1, True, "3"):
        with pytest.raises(ValueError, match=f"Rules.{name}: expected a whole number"):
            Rules(**{name: bad})


def test_an_escape_space_is_reached_only_from_the_edge_MAD_P16():
    """The rulebook sends the expedition over the Escape spaces from the Edge and names no other way
    in: from anywhere else an Escape space is refused, citing the project's decision."""
    state = new_game(3, SEED)
    state.phase, state.airplane = Phase.MOVEMENT, "C10"
    error = refusal(state, "P1: move to X1")
    assert (error.rule, error.reason) == ("MAD-P16", "Escape spaces are reached only from the Edge of Madness")


def test_after_the_edge_only_the_next_escape_space_is_allowed_edge_of_madness():
    """The "Edge of Madness" tile: from it the expedition moves onto Escape space 1, then 2, then 3;
    skipping one (an Escape space out of order) is refused like descending."""
    state = new_game(3, SEED)
    state.phase, state.airplane, state.edge_reached, state.escape_steps = Phase.MOVEMENT, "E1", True, 0
    assert refusal(state, "P1: move to X1") is None
    for space in ("X2", "X3", "Y2"):
        error = refusal(state, f"P1: move to {space}")
        assert error is not None and "Edge of Madness" in error.rule and "the next Escape space in order" in error.reason
        assert "X1" not in error.reason and "1 of" not in error.reason  # the answer to an exercise is left unsaid
    state.escape_steps = 1
    assert refusal(state, "P1: move to X2") is None and refusal(state, "P1: move to X3") is not None


def test_each_roll_of_the_penalty_die_is_the_seeds_next_roll_rolling_the_penalty_die():
    """Rolling the Penalty Die: the n-th roll of a game is the seed's roll labelled n, so a record
    replays the same faces and two rolls are two throws, not one face twice."""
    state = failing()
    faces = state.pack.die
    for count in (1, 2):
        challenge = ("Tools 7-9", "Books 7-9")[count - 1]
        state, _ = apply(state, f"P1: for {challenge}, roll the Penalty Die")
        assert state.rolls == count
        assert state.die == seeded_random(state.seed, "die", count - 1).choice(faces)
        state, _ = apply(state, f"P1: accept {state.die}")  # here Confusion, then Accident: the game goes on


def test_a_table_is_a_count_or_a_list_of_three_to_five_names_setting_up_the_game():
    """Setting Up the Game, 3-5 players: given as a number or as the players' names; a flag, a text
    or a list with a non-name is refused before anything is dealt, as is a seed that is neither a
    whole number nor a text. Each is a DataError naming the argument, as in the other two games."""
    assert new_game(["Ann", "Bo", "Cy"], SEED).names == ("Ann", "Bo", "Cy")
    assert new_game(("Ann", "Bo", "Cy", "Di", "Ed"), SEED).players == 5
    for players in (True, "Ann", ["Ann", "Bo", 3], 4.0, None):
        with pytest.raises(DataError, match="^players: expected a number of players or their names in seat order, not "):
            new_game(players, SEED)
    for players, count in ((["Ann", "Bo"], 2), (7, 7), (-1, -1), (10**12, 10**12)):  # refused before a name is made
        with pytest.raises(DataError) as refused:
            new_game(players, SEED)
        assert (refused.value.field, refused.value.why) == (
            "players", f"At the Mountains of Madness is for 3 to 5 players, not {count} (Setting Up the Game)")
    for seed in (True, 1.5, None):
        with pytest.raises(ValueError, match="seed: expected a whole number or text, not "):
            new_game(3, seed)


@pytest.mark.parametrize("discard, said", [(2, "1 comes back to the Sled (1 on it)"), (3, "2 come back to the Sled (2 on it)")])
def test_the_rest_says_the_tokens_that_come_back_in_agreement_with_their_number_rest_phase(discard, said):
    """The Play page's expedition said "1 come back to the Sled" after a Rest (MAD-R05)."""
    state = new_game(3, SEED)
    state.phase = Phase.REST
    state.sled_tokens, state.discard_tokens, state.boxed_tokens = 0, discard, 6 - discard
    _, events = apply(state, "P1: rest")
    assert any(said in event.text for event in events), [event.text for event in events]
