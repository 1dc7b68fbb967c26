"""Set-up, the five phases, every use of a Leadership token, Relic tokens, the end of the game, the expert variant."""

import json

import pytest

from rulesbook.core.errors import IllegalAction
from rulesbook.madness import (
    AcceptDie,
    Deal,
    DealTo,
    DrawMadness,
    GiveRelic,
    MoveAirplane,
    NoRest,
    Phase,
    RaiseHandLimit,
    Reroll,
    Resolve,
    RollDie,
    Rules,
    SearchTile,
    Speak,
    TakeArcane,
    TimeUp,
    apply,
    game_moment,
    legal_actions,
    level,
    new_game,
    parse_action,
    player_view,
)
from rulesbook.core.rng import shuffled
from rulesbook.core.events import Event
from madness_helpers import VARIANTS, assert_conserved, at_encounter, card_id, give_hand, kinds, play_bots, played
from rulesbook.madness.actions import ACTIONS
from simulation_scale import scaled


@pytest.mark.parametrize("players, hand, with_madness", [(3, 5, []), (4, 4, [1, 2, 3]), (5, 3, [0, 1, 2, 3, 4])])
def test_setup_for_3_4_5_players_setting_up_the_game(players, hand, with_madness):
    state = new_game(players, 7)
    pack = state.pack
    assert [len(h) for h in state.hands] == [hand] * players
    assert [p for p in range(players) if state.madness[p]] == with_madness
    assert all(level(state, p) == 1 for p in with_madness)
    assert len(state.equipment_discard) == players and all(pack.cards[c].type is None for c in state.equipment_discard)
    assert len(state.injury_deck) == 15 - players
    placed = {}
    for space, tile in state.board.items():
        assert pack.tiles[tile].region == pack.spaces[space].region
        placed[pack.spaces[space].region] = placed.get(pack.spaces[space].region, 0) + 1
    assert placed == {"Coast": 11, "Mountain": 7, "City": 3, "Edge of Madness": 1, "Escape": 3}
    assert len(state.unused_tiles) == 11
    assert (state.sled_tokens, state.discard_tokens, state.leader, state.phase) == (6, 0, 0, Phase.MOVEMENT)
    assert len(state.equipment_deck) == 40 - players * hand and not state.arcane_deck == []
    assert_conserved(state)


def test_wrong_player_counts_are_refused():
    for count in (2, 6):
        with pytest.raises(ValueError, match="3 to 5 players"):
            new_game(count, 1)


def test_first_move_must_be_a_bottom_row_coast_space_movement_phase():
    state = new_game(4, 3)
    moves = [a.space for a in legal_actions(state) if isinstance(a, MoveAirplane)]
    assert moves == ["C1", "C2", "C3", "C4"]
    with pytest.raises(IllegalAction) as error:
        apply(state, "P1: move to C9")
    assert error.value.rule == "Movement Phase" and error.value.reason == (
        "on the first turn the Airplane starts on a bottom-row Coast space, and C9 is not one")  # the spaces unnamed: an exercise's answer


def play_to_next_movement(state):
    """Finish the turn quickly: no cards, roll for each failure and accept, deal, no rest."""
    while state.phase not in (Phase.MOVEMENT, Phase.OVER):
        legal = legal_actions(state)
        pick = next((a for a in legal if isinstance(a, (TimeUp, Resolve, RollDie, AcceptDie, Deal, DealTo, NoRest))), None)
        pick = pick or next(a for a in legal if isinstance(a, (GiveRelic, SearchTile, TakeArcane)))
        state, _ = apply(state, pick)
    return state


def test_moves_go_to_adjacent_spaces_never_the_same_one():
    state = new_game(4, 3, Rules(speech_penalty=False))
    state, _ = apply(state, "P1: move to C2")
    state.loaded_die = ["Confusion"] * 10
    state = play_to_next_movement(state)
    assert state.leader == 1 and state.turn == 2
    assert sorted(a.space for a in legal_actions(state) if isinstance(a, MoveAirplane)) == ["C1", "C3", "C6"]
    with pytest.raises(IllegalAction, match="cannot stay"):
        apply(state, "P2: move to C2")
    with pytest.raises(IllegalAction, match="not adjacent"):
        apply(state, "P2: move to M7")
    with pytest.raises(IllegalAction, match="only the Leader"):
        apply(state, "P1: move to C1")


def test_an_empty_space_has_its_own_two_challenges_and_no_reward_mad_r10():
    from rulesbook.madness import faced_challenges

    state = new_game(4, 3)
    state, _ = apply(state, "P1: move to C2")
    state.loaded_die = ["Confusion"] * 10
    state = play_to_next_movement(state)
    state, _ = apply(state, "P2: move to C3")
    state = play_to_next_movement(state)
    state, events = apply(state, "P3: move to C2")
    assert state.encounter is None and "empty space" in events[0].text
    assert faced_challenges(state) == state.pack.spaces["C2"].challenges and len(faced_challenges(state)) == 2
    state, events = resolve_with(state, [])
    assert state.phase is Phase.FAILURES and state.pending == [0, 1]
    assert not any(e.kind == "reward" for e in events)


def refilled(state):
    state.equipment_deck.extend(state.equipment_discard)
    state.equipment_discard = []
    return state


def test_edge_of_madness_then_three_escape_turns_and_the_result_mad_r03():
    from rulesbook.madness import injuries_in_play, relic_count

    state = new_game(3, 11, Rules(speech_penalty=False))
    state.airplane = "Y2"
    state, events = apply(state, "P1: move to E1")
    assert state.edge_reached and any(e.kind == "edge" for e in events)
    state.loaded_die = ["Confusion"] * 30
    for step, space in enumerate(("X1", "X2", "X3"), start=1):
        state = play_to_next_movement(refilled(state))
        moves = [a.space for a in legal_actions(state) if isinstance(a, MoveAirplane)]
        assert moves == [space]  # no descending, no other way
        if step == 1:
            with pytest.raises(IllegalAction) as error:
                apply(state, f"P{state.leader + 1}: move to Y2")
            assert "Edge of Madness" in error.value.rule
        state, _ = apply(state, f"P{state.leader + 1}: move to {space}")
        assert state.escape_steps == step
    before_end = refilled(state)
    injuries = injuries_in_play(before_end)
    outcomes = {}
    for relics in (injuries, injuries - 1):  # a tie wins, one short loses (MAD-R03)
        trial = before_end.copy()
        trial.relic_deck = list(trial.pack.relics)
        trial.relics = [[trial.relic_deck.pop() for _ in range(relics)], [], []]
        trial = play_to_next_movement(trial)
        assert trial.phase is Phase.OVER and trial.outcome == "escaped"
        assert (relic_count(trial), injuries_in_play(trial)) == (relics, injuries)
        outcomes[relics - injuries] = trial.won
    assert outcomes == {0: True, -1: False}


def test_movement_token_lets_a_player_ignore_madness_for_the_turn():
    state = new_game(4, 2)
    state, events = apply(state, "P1: ignore madness of P3")
    assert state.ignoring == [2] and (state.sled_tokens, state.discard_tokens) == (5, 1)
    with pytest.raises(IllegalAction, match="no Madness card") as nothing:
        apply(state, "P1: ignore madness of P1")
    with pytest.raises(IllegalAction, match="already ignores") as again:
        apply(state, "P1: ignore madness of P3")
    assert nothing.value.rule == again.value.rule == "MAD-P15"  # the rulebook does not say whom a token frees
    assert player_view(state, 2)["ignoring"] == [2]


def test_talking_stops_at_the_first_card_and_speaking_then_rolls_the_die():
    state = at_encounter(4, "Seals")
    assert Speak not in kinds(state)
    with pytest.raises(IllegalAction, match="talking is allowed"):
        apply(state, "P2: speak")
    card = state.pack.cards[state.hands[1][0]].label
    state, events = apply(state, f"P2: play {card}")
    assert not state.talking and any(e.kind == "silence" for e in events)
    state.loaded_die = ["Loss of Confidence"]
    state, events = apply(state, "P3: speak")
    assert (state.sled_tokens, state.discard_tokens) == (4, 2) and state.phase is Phase.ENCOUNTER
    assert [(e.kind, e.seat, dict(e.data)) for e in events][:2] == [("speech", 2, {}), ("die", None, {"face": "Loss of Confidence"})]


def test_a_card_played_is_told_to_the_table_face_down_and_to_its_player_face_up():
    state = at_encounter(4, "Seals")
    card = state.hands[1][0]
    label = state.pack.cards[card].label
    _, events = apply(state, f"P2: play {label}")
    assert [(e.kind, e.seat, e.seen_by, dict(e.data)) for e in events] == [
        ("silence", None, None, {}),  # the table's silence follows from the card: the game's own
        ("play", 1, None, {"player": 1}),
        ("play", 1, (1,), {"player": 1, "card": card}),
    ]
    assert label in events[2].text and label not in events[1].text


def test_every_decision_is_told_under_the_seat_of_the_player_who_took_it():
    """Each kind of action brings an event with the seat of the player it names (`Event.seat`):
    in the Encounter any player acts, not only the Leader. The rest is the game's own (seat None).
    Random tables, the Rules' switches and a loaded die reach every kind, at any test scale."""
    seen = set()
    for index in range(scaled(30, least=15)):  # a Search reward, the rarest, first comes in game 14
        rules = VARIANTS[index % len(VARIANTS)]
        for state, action in played(3 + index % 3, f"seats:{index}", rules, "random", loaded=index % 4 == 1):
            seats = {event.seat for event in apply(state, action)[1]}
            assert action.player in seats and seats <= {action.player, None}, (action.text(), seats)
            seen.add(type(action))
    assert seen == set(ACTIONS)


def test_only_the_leader_calls_time_up_MAD_P01():
    """The rulebook's Sand Timer ends the Encounter by itself; in software the Leader calls "time
    up" (MAD-P01), so another player's call is refused citing that decision, not the rulebook."""
    state = at_encounter(4, "Seals")
    with pytest.raises(IllegalAction) as refused:
        apply(state, "P2: time up")
    assert (refused.value.reason, refused.value.rule) == ("only the Leader (P1) decides that, not P2", "MAD-P01")


@pytest.mark.parametrize("action, says", [
    ("P2: play Crates 6", "the Sand Timer has run out, so no more cards can be played"),
    ("P1: time up", "the Sand Timer has already run out"),
    ("P2: time up", "the Sand Timer has already run out"),
    ("P3: speak", "the Sand Timer has run out"),
])
def test_after_time_up_an_encounter_action_is_told_the_sand_timer_has_run_out_MAD_P01(action, says):
    """The timed-out Encounter is no Encounter Phase of its own: the refusal says the timer has run
    out, not that the action "belongs to the Encounter Phase, but this is the Encounter Phase"."""
    state = apply(game_moment(4, tile="Seals", hands={1: ["Crates 6"]}), "P1: time up")[0]
    before = state.to_json()
    with pytest.raises(IllegalAction) as refused:
        apply(state, action)
    assert refused.value.reason.startswith(says) and refused.value.rule == "MAD-P01"
    assert "the Leader alone decides whether to restart the Encounter or resolve it" in refused.value.reason
    assert "belongs to" not in refused.value.reason
    assert state.to_json() == before


def test_restart_encounter_costs_a_token_and_keeps_the_sled():
    state = at_encounter(4, "Seals")
    card = state.pack.cards[state.hands[0][0]].label
    state, _ = apply(state, f"P1: play {card}")
    state, _ = apply(state, "P1: time up")
    assert state.phase is Phase.TIMER
    state, events = apply(state, "P1: restart encounter")
    assert state.phase is Phase.ENCOUNTER and state.talking and len(state.sled) == 1 and state.sled_tokens == 5
    state.covers[0].append("Encounter")
    state, _ = apply(state, "P1: time up")
    with pytest.raises(IllegalAction, match="covers the Encounter Phase"):
        apply(state, "P1: restart encounter")


def test_each_restart_is_counted_for_the_timer():
    """Every restart of the Encounter starts the Sand Timer again: the count labels the timer
    (turn.restart) that the lessons' board shows."""
    state = at_encounter(4, "Seals")
    assert state.restarts == 0
    for count in (1, 2):
        state, _ = apply(state, "P1: time up")
        state, _ = apply(state, "P1: restart encounter")
        assert state.restarts == count and state.phase is Phase.ENCOUNTER
    state.phase, state.airplane = Phase.MOVEMENT, "C1"
    space = next(a for a in legal_actions(state) if isinstance(a, MoveAirplane))
    state, _ = apply(state, space)
    assert state.restarts == 0  # a new Encounter starts with its own timer


def test_restart_may_return_the_played_cards_as_a_rules_switch():
    state = at_encounter(4, "Seals", cards_stay_on_restart=False)
    card = state.hands[0][0]
    state, _ = apply(state, f"P1: play {state.pack.cards[card].label}")
    state, _ = apply(state, "P1: time up")
    state, _ = apply(state, "P1: restart encounter")
    assert state.sled == [] and card in state.hands[0]


def test_ruin_token_stops_the_leader_playing_that_type():
    state = at_encounter(4, "Seals")
    give_hand(state, 0, [card_id(state, "Tools 6"), card_id(state, "Books 6")])
    give_hand(state, 1, [card_id(state, "Tools 2")])
    state.covers[0].append("Tools")
    assert {str(a) for a in legal_actions(state, 0)} == {"P1: play Books 6", "P1: time up"}
    with pytest.raises(IllegalAction, match="Ruin token covers Tools") as covered:
        apply(state, "P1: play Tools 6")
    assert covered.value.rule == "MAD-P07"  # the rulebook does not say what a Ruin token covers
    apply(state, "P2: play Tools 2")


def test_cards_stay_face_down_until_resolution():
    state = at_encounter(4, "Seals")
    give_hand(state, 1, [card_id(state, "Tools 6", "Barometer")])
    state, events = apply(state, "P2: play Tools 6")
    assert [e.seen_by for e in events if e.kind == "play"] == [None, (1,)]
    assert "E" not in json.dumps(player_view(state, 0)["sled"])
    assert player_view(state, 0)["sled"]["cards_by_player"] == [0, 1, 0, 0]
    assert player_view(state, 1)["sled"]["yours"][0]["name"] == "Barometer"
    state, _ = apply(state, "P1: time up")
    state, _ = apply(state, "P1: resolve")
    assert player_view(state, 0)["sled"]["cards"][0]["name"] == "Barometer"


def resolve_with(state, plays):
    for text in plays:
        state, _ = apply(state, text)
    state, _ = apply(state, f"P{state.leader + 1}: time up")
    return apply(state, f"P{state.leader + 1}: resolve")


def test_heal_returns_an_injury_even_one_played_this_turn():
    state = at_encounter(3, "Sounding Station")  # Books 6-8, Tools 4-6; reward Heal
    give_hand(state, 0, [card_id(state, "Tools 4"), card_id(state, "Injury")])
    state.injury_deck.extend(state.equipment_discard)
    state.equipment_discard = []
    deck = len(state.injury_deck)
    state, events = resolve_with(state, ["P1: play Tools 4", "P1: play Injury"])
    assert len(state.injury_deck) == deck + 1 and any("Heal" in e.text for e in events)
    assert_conserved(state)


def test_praise_brings_back_up_to_two_tokens():
    state = at_encounter(3, "Frozen Bay")  # Books 8-10, Crates 4-6; reward Praise
    state.sled_tokens, state.discard_tokens = 1, 5
    give_hand(state, 0, [card_id(state, "Crates 4")])
    state, _ = resolve_with(state, ["P1: play Crates 4"])
    assert (state.sled_tokens, state.discard_tokens) == (3, 3)


def test_arcane_reward_goes_to_the_equipment_discard():
    state = at_encounter(3, "Ice Shelf Camp")  # Tools 5-7, Weapons 6-8; reward Arcane
    give_hand(state, 0, [card_id(state, "Tools 5")])
    state, _ = resolve_with(state, ["P1: play Tools 5"])
    assert state.phase is Phase.REWARD
    assert sorted(a.card.text for a in legal_actions(state) if isinstance(a, TakeArcane)) == [
        "Arcane Books 10", "Arcane Crates 10", "Arcane Tools 10", "Arcane Weapons 10"]
    state, _ = apply(state, "P1: take Arcane Books 10")
    assert state.pack.cards[state.equipment_discard[-1]].label == "Arcane Books 10"
    assert len(state.arcane_deck) == 7


def test_madness_choice_only_for_players_below_level_3_mad_r07():
    state = at_encounter(4, "Seals")
    state.madness[1] = [state.madness_decks[2].pop()]
    state, _ = resolve_with(state, [])
    targets = {a.target for a in legal_actions(state) if isinstance(a, DrawMadness)}
    assert targets == {0, 2, 3}
    with pytest.raises(IllegalAction) as error:
        apply(state, "P1: for Tools 7-9, P2 draws Madness")
    assert error.value.rule == "MAD-R07"
    state, events = apply(state, "P1: for Books 7-9, P1 draws Madness")
    assert level(state, 0) == 1 and state.pending == [0]


def test_relic_when_everyone_is_at_level_3_costs_a_token_instead_mad_r07():
    state = at_encounter(4, "Icy Cape")
    for p in range(4):
        state.madness_box.extend(state.madness[p])
        state.madness[p] = [state.madness_decks[2].pop()]
    state.sled_tokens, state.discard_tokens, state.boxed_tokens = 0, 2, 4
    give_hand(state, 0, [card_id(state, "Crates 6")])
    state, _ = resolve_with(state, ["P1: play Crates 6"])
    assert {a.target for a in legal_actions(state) if isinstance(a, GiveRelic)} == {0, 1, 2, 3}
    state, events = apply(state, "P1: give Specimen B to P3")
    assert (state.sled_tokens, state.discard_tokens, state.boxed_tokens) == (0, 1, 5)
    assert state.phase is not Phase.OVER
    # the last token: a second such draw loses the game
    state2 = at_encounter(4, "Penguin Rookery")
    for p in range(4):
        state2.madness_box.extend(state2.madness[p])
        state2.madness[p] = [state2.madness_decks[2].pop()]
    state2.sled_tokens, state2.discard_tokens, state2.boxed_tokens = 0, 1, 5
    give_hand(state2, 0, [card_id(state2, "Crates 6")])
    state2, _ = resolve_with(state2, ["P1: play Crates 6"])
    state2, events = apply(state2, "P1: give Specimen A to P2")
    assert state2.phase is Phase.OVER and state2.outcome == "no hope" and state2.won is False
    assert legal_actions(state2) == []
    with pytest.raises(IllegalAction, match="over"):
        apply(state2, "P1: deal")


def test_loss_of_confidence_with_one_token_boxes_it_and_the_last_loses():
    state = at_encounter(4, "Seals")
    state.sled_tokens, state.discard_tokens, state.boxed_tokens = 1, 1, 4
    state, _ = resolve_with(state, [])
    state.loaded_die = ["Loss of Confidence", "Loss of Confidence"]
    state, _ = apply(state, "P1: for Tools 7-9, roll the Penalty Die")
    assert state.failure == 0 and state.die == "Loss of Confidence"  # the die lies on the table for Tools 7-9, challenge 0
    state, _ = apply(state, "P1: accept Loss of Confidence")
    assert (state.sled_tokens, state.discard_tokens, state.boxed_tokens) == (0, 1, 5)  # sled-first
    assert state.die is None and state.failure == -1  # accepted: no die and no failure pending, as before the roll
    state, _ = apply(state, "P1: for Books 7-9, roll the Penalty Die")
    assert Reroll not in kinds(state)
    state, events = apply(state, "P1: accept Loss of Confidence")
    assert state.outcome == "no hope" and any(e.kind == "lost" for e in events)


def test_boxed_token_source_is_a_rules_switch():
    state = at_encounter(4, "Seals", boxed_token_source="discard-first")
    state.sled_tokens, state.discard_tokens, state.boxed_tokens = 1, 1, 4
    state, _ = resolve_with(state, [])
    state.loaded_die = ["Loss of Confidence"]
    state, _ = apply(state, "P1: for Tools 7-9, roll the Penalty Die")
    state, _ = apply(state, "P1: accept Loss of Confidence")
    assert (state.sled_tokens, state.discard_tokens) == (1, 0)


def test_accident_with_an_empty_injury_deck_loses():
    state = at_encounter(4, "Seals")
    state.injury_deck, extra = state.injury_deck[:1], state.injury_deck[1:]
    state.equipment_discard.extend(extra)
    state, _ = resolve_with(state, [])
    state.loaded_die = ["Accident"]
    state, _ = apply(state, "P1: for Tools 7-9, roll the Penalty Die")
    state, events = apply(state, "P1: accept Accident")
    assert state.outcome == "injuries" and [e.kind for e in events].count("accident") == 1
    assert_conserved(state)


def test_confusion_with_too_few_cards_discards_them_and_boxes_a_token_mad_r04():
    state = at_encounter(4, "Seals")
    state.equipment_discard.extend(state.equipment_deck[2:])
    state.equipment_deck = state.equipment_deck[:2]
    state, _ = resolve_with(state, [])
    state.loaded_die = ["Confusion"]
    state, _ = apply(state, "P1: for Tools 7-9, roll the Penalty Die")
    state, events = apply(state, "P1: accept Confusion")
    assert state.equipment_deck == [] and state.boxed_tokens == 1
    assert any("MAD-R04" in e.text for e in events)


def test_draw_phase_limit_tokens_and_short_deck():
    state = at_encounter(4, "Seals")
    give_hand(state, 0, [card_id(state, "Tools 6")])
    state, _ = resolve_with(state, ["P1: play Tools 6"])
    while state.phase is not Phase.DRAW:
        state, _ = apply(state, next(a for a in legal_actions(state) if isinstance(a, (SearchTile, RollDie, AcceptDie))))
    state, _ = apply(state, "P1: raise hand limit")
    assert player_view(state, 0)["hand_limit"] == 5
    state.equipment_discard.extend(state.equipment_deck[3:])
    state.equipment_deck = state.equipment_deck[:3]
    assert kinds(state) == {RaiseHandLimit, DealTo}
    with pytest.raises(IllegalAction, match="Leader chooses"):
        apply(state, "P1: deal")
    for _ in range(3):
        dealt = state.equipment_deck[-1]
        state, events = apply(state, "P1: deal to P1")
        # P1 alone sees the card, told by the game; everyone sees that the Leader (P1) dealt it
        assert [(e.kind, e.seat, e.seen_by, dict(e.data)) for e in events] == [
            ("deal", None, (0,), {"player": 0, "card": dealt}), ("deal", 0, None, {"player": 0})]
        assert state.pack.cards[dealt].label in events[0].text
    assert len(state.hands[0]) == 3 and state.phase is Phase.REST
    state, events = apply(state, "P1: no rest")
    assert state.hand_bonus == 1  # lasts until the next Draw Phase
    assert [(e.kind, e.seat) for e in events][:2] == [("no rest", 0), ("turn", None)]


def test_rest_boxes_one_token_returns_the_rest_and_reshuffles_mad_r05():
    state = new_game(3, 4)
    state.phase = Phase.REST
    state.sled_tokens, state.discard_tokens = 2, 4
    total = len(state.equipment_deck) + len(state.equipment_discard)
    state, events = apply(state, "P1: rest")
    assert (state.sled_tokens, state.discard_tokens, state.boxed_tokens) == (5, 0, 1)
    assert len(state.equipment_deck) == total and state.equipment_discard == []
    assert state.phase is Phase.MOVEMENT and state.leader == 1
    state.phase = Phase.REST
    state.sled_tokens, state.discard_tokens, state.boxed_tokens = 0, 1, 5
    with pytest.raises(IllegalAction) as error:
        apply(state, "P2: rest")
    assert error.value.rule == "Rest Phase (optional)"
    state.sled_tokens, state.discard_tokens, state.boxed_tokens = 3, 0, 3
    state.covers[1].append("Rest")
    with pytest.raises(IllegalAction, match="Knowledge token"):
        apply(state, "P2: rest")


def test_each_rest_shuffles_with_its_own_seeded_order_mad_r05():
    """MAD-R05: each Rest shuffles the discard into a new deck; the n-th Rest's order is the seed's
    shuffle labelled n, so a record replays the same decks and two Rests do not repeat an order."""
    state = new_game(3, 4)
    for count in (1, 2):
        state.phase = Phase.REST
        state.sled_tokens, state.discard_tokens, state.boxed_tokens = 3, 1, 2
        pile = state.equipment_deck + state.equipment_discard
        state, _ = apply(state, f"P{state.leader + 1}: rest")
        assert state.shuffles == count
        assert state.equipment_deck == shuffled(pile, state.seed, "rest", count)


def test_an_event_is_seen_by_everyone_or_only_by_its_players_mad_r08():
    """MAD-R08: a public event is seen by every seat and by an onlooker; a hidden one (a card drawn)
    only by the players it names."""
    public, hidden = Event("deal", "P1 draws a card"), Event("deal", "P1 draws Tools 6", seen_by=(0,))
    assert all(public.visible_to(seat) for seat in (0, 1, 2, None))
    assert hidden.visible_to(0) and not hidden.visible_to(1) and not hidden.visible_to(None)


def test_expert_variant_keeps_every_madness_card():
    """Expert Variant: the cards pile up, and the player is at their highest card's level (MAD-P19):
    each draw is one level above it."""
    state = at_encounter(4, "Seals", expert=True)
    state, _ = resolve_with(state, [])
    state, _ = apply(state, "P1: for Tools 7-9, P2 draws Madness")
    state, _ = apply(state, "P1: for Books 7-9, P2 draws Madness")
    pack = state.pack
    assert sorted(pack.madness[m].level for m in state.madness[1]) == [1, 2, 3]
    assert level(state, 1) == 3
    view = player_view(state, 1)
    assert len(view["your_madness"]) == 3
    other = player_view(state, 0)
    assert other["madness_levels"][1] == 3 and "your_madness" in other and other["your_madness"] == []


def test_illegal_action_leaves_the_state_exactly_as_before():
    state = new_game(4, 9)
    before = json.dumps(state.to_json(), sort_keys=True)
    for text in ("P2: move to C1", "P1: play Tools 6", "P1: rest", "P1: move to X3", "P7: move to C1"):
        with pytest.raises((IllegalAction, ValueError)):
            apply(state, text)
    assert json.dumps(state.to_json(), sort_keys=True) == before


def test_every_action_text_parses_back_to_the_same_action():
    seen = set()

    def check(before, action, after, events):
        for a in legal_actions(before):
            assert parse_action(a.text()) == a and str(a) == a.text()
            seen.add(type(a))

    play_bots(4, 5, on_step=check)
    play_bots(5, 6, on_step=check)
    assert {MoveAirplane, TimeUp, Resolve, Deal, NoRest, RollDie, AcceptDie} <= seen


def test_madness_texts_stay_with_their_owner_mad_r08():
    state = new_game(5, 12)
    pack = state.pack
    for viewer in range(5):
        text = json.dumps(player_view(state, viewer))
        for p in range(5):
            card = pack.madness[state.madness[p][0]]
            assert (card.description in text) == (p == viewer)
        assert player_view(state, viewer)["madness_levels"] == [1] * 5


def test_search_shows_the_tile_to_everyone_once_then_it_is_face_down_again_mad_r09():
    state = at_encounter(4, "Seals")
    give_hand(state, 0, [card_id(state, "Tools 6")])
    give_hand(state, 1, [card_id(state, "Tools 3")])
    state, _ = resolve_with(state, ["P1: play Tools 6", "P2: play Tools 3"])
    space = next(a.space for a in legal_actions(state) if isinstance(a, SearchTile))
    tile = state.board[space]
    assert player_view(state, 2)["board"][space]["tile"] == "face down"
    state, events = apply(state, f"P1: search {space}")
    shown = [e for e in events if e.kind == "search"]
    assert len(shown) == 1 and shown[0].seen_by is None and dict(shown[0].data) == {"space": space, "tile": tile}  # an event for everyone
    for viewer in range(4):  # the moment after the Search: every view shows it, beside the face-down tile
        view = player_view(state, viewer)
        assert view["search"]["space"] == space and view["search"]["tile"]["id"] == tile
        assert view["board"][space]["tile"] == "face down"
    state, _ = apply(state, next(a for a in legal_actions(state) if isinstance(a, RollDie)))
    for viewer in range(4):  # then it is face down again in every view: the team must remember it
        view = player_view(state, viewer)
        assert view["search"] is None and view["board"][space]["tile"] == "face down"
        assert f'"{tile}"' not in json.dumps(view)
    assert state.board[space] == tile


def test_the_state_says_whose_decision_it_is():
    from rulesbook.madness.state import Decision

    state = new_game(4, 1)
    assert state.decision == Decision((0,), Phase.MOVEMENT) and state.phase.heading == "Movement Phase"
    state, _ = apply(state, "P1: move to C1")
    assert state.decision == Decision((0, 1, 2, 3), Phase.ENCOUNTER)
    assert {a.player for a in legal_actions(state, 2)} == {2}
    assert player_view(state, 2)["deciding"] == [0, 1, 2, 3]


def test_bots_remember_a_searched_tile_from_the_one_moment_it_is_shown_mad_r09():
    from rulesbook.madness import GAME

    state = at_encounter(4, "Seals", "bot-memory")
    give_hand(state, 0, [card_id(state, "Tools 6")])
    give_hand(state, 1, [card_id(state, "Tools 3")])
    state, _ = resolve_with(state, ["P1: play Tools 6", "P2: play Tools 3"])
    space = next(a.space for a in legal_actions(state) if isinstance(a, SearchTile))
    tile = state.board[space]
    state, _ = apply(state, f"P1: search {space}")
    seats = GAME.make_bots(["expedition"] * 4, "bot-memory")
    seats[0].choose(state, legal_actions(state))  # the table is asked once, at the moment the tile shows
    memories = [bot.memory for bot in seats[0].table.bots]
    assert all(memory[space]["id"] == tile for memory in memories)  # every player saw it
    after, _ = apply(state, next(a for a in legal_actions(state) if isinstance(a, RollDie)))
    assert player_view(after, 0)["search"] is None  # the views no longer show it: only the bots' memories hold it


def test_a_search_reward_with_no_face_down_tile_left_is_passed_over_mad_r09():
    """MAD-R09: Search shows a face-down tile; when the expedition has reached every tile there is
    none to show, so the reward is said and passed over: no Search action, the failures come next."""
    state = at_encounter(4, "Seals")
    for space in state.board:
        state.board[space] = None  # every tile reached (the one landed on is not on the board)
    give_hand(state, 0, [card_id(state, "Tools 6")])
    give_hand(state, 1, [card_id(state, "Tools 3")])
    state, events = resolve_with(state, ["P1: play Tools 6", "P2: play Tools 3"])
    assert "Reward Search: no face-down tile is left to look at." in [e.text for e in events if e.kind == "reward"]
    assert state.phase is Phase.FAILURES and state.reward is None
    assert not any(isinstance(action, SearchTile) for action in legal_actions(state))


def test_confusion_on_an_empty_deck_says_so_mad_r04():
    """It said "discards 7 cards ... from the Equipment deck: nothing. The Equipment deck had only
    0 cards" (a learner's audit)."""
    state = at_encounter(4, "Seals")
    state.equipment_discard.extend(state.equipment_deck)
    state.equipment_deck = []
    state, _ = resolve_with(state, [])
    state.loaded_die = ["Confusion"]
    state, _ = apply(state, "P1: for Tools 7-9, roll the Penalty Die")
    state, events = apply(state, "P1: accept Confusion")
    said = [e.text for e in events if e.kind == "confusion"]
    assert said[0].startswith("Confusion would discard 7 cards (") and said[0].endswith("from the Equipment deck, which holds none.")
    assert said[1] == "The Equipment deck is empty: one Leadership token goes to the box (MAD-R04)."
    assert state.boxed_tokens == 1
