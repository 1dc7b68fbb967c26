"""The rulebook's worked examples, reproduced: the Seals tile, the Icy Cape relic, the Bleak Coast failures."""

import pytest

from rulesbook.core.errors import IllegalAction
from rulesbook.madness import Phase, RollDie, Reroll, SearchTile, apply, failure_options, legal_actions, level
from madness_helpers import assert_conserved, at_encounter, card_id, give_hand


def test_seals_tile_tools_succeed_books_fail_rulebook_overcoming_a_challenge():
    state = at_encounter(4, "Seals")
    give_hand(state, 0, [card_id(state, "Tools 6", "Barometer")])
    give_hand(state, 1, [card_id(state, "Tools 3", "Scales")])
    give_hand(state, 2, [card_id(state, "Books 4", "Laboratory Equipment"), card_id(state, "Books 2", "Pencils")])
    give_hand(state, 3, [card_id(state, "Injury")])
    for text in ("P1: play Tools 6", "P2: play Tools 3", "P3: play Books 4", "P3: play Books 2", "P4: play Injury", "P1: time up"):
        state, _ = apply(state, text)
    state, events = apply(state, "P1: resolve")
    verdicts = [dict(e.data) for e in events if e.kind == "challenge"]
    assert verdicts == [{"index": 0, "challenge": "Tools 7-9", "total": 9, "overcome": True, "misses_by": 0},
                        {"index": 1, "challenge": "Books 7-9", "total": 6, "overcome": False, "misses_by": 1}]
    assert state.outcomes == [True, False]
    # at least one success: the reward (Search in our pack) comes first, then the Books failure
    assert state.phase is Phase.REWARD and state.reward == "Search"
    target = next(a for a in legal_actions(state) if isinstance(a, SearchTile))
    state, events = apply(state, target)
    assert state.phase is Phase.FAILURES and state.pending == [1]
    assert state.search_shown == [target.space, state.board[target.space]]
    assert_conserved(state)


def test_icy_cape_specimen_b_goes_to_a_player_who_moves_to_level_2_and_covers_resolution():
    state = at_encounter(4, "Icy Cape")
    assert level(state, 1) == 1  # 4 players: everyone but the first Leader starts with a Level 1
    old_madness = list(state.madness[1])
    give_hand(state, 0, [card_id(state, "Crates 6", "Fuel Casks")])
    for text in ("P1: play Crates 6", "P1: time up", "P1: resolve"):
        state, _ = apply(state, text)
    assert state.outcomes == [True, False] and state.reward == "Relic Specimen B"
    state, events = apply(state, "P1: give Specimen B to P2")
    pack = state.pack
    assert [pack.relics[r].name for r in state.relics[1]] == ["Specimen B"]
    assert old_madness[0] in state.madness_box  # the Level 1 card goes back to the box
    assert level(state, 1) == 2 and len(state.madness[1]) == 1
    assert state.covers[1] == ["Resolution"]
    kinds = [e.kind for e in events]
    assert kinds.index("relic") < kinds.index("madness") < kinds.index("relic token")  # the example's order
    private = [e for e in events if e.seen_by is not None]
    assert private and all(e.seen_by == (1,) for e in private)  # only P2 reads their new Madness (MAD-R08)
    # later, with P2 leading, no Leadership token can be used in the Resolution Phase
    state.leader = 1
    state.phase, state.die, state.failure = Phase.DIE, "Accident", 1
    assert not any(isinstance(a, Reroll) for a in legal_actions(state))
    with pytest.raises(IllegalAction) as error:
        apply(state, "P2: reroll")
    assert "covers the Resolution Phase" in str(error.value)


def test_bleak_coast_two_failures_with_everyone_at_level_3_mad_r07():
    state = at_encounter(4, "Bleak Coast")
    for p in range(4):
        state.madness_box.extend(state.madness[p])
        state.madness[p] = [state.madness_decks[2].pop()]
    state.sled_tokens, state.discard_tokens = 1, 5
    give_hand(state, 0, [card_id(state, "Weapons 6", "Elephant Gun")])
    give_hand(state, 1, [card_id(state, "Weapons 5", "Hunting Rifle")])
    give_hand(state, 2, [card_id(state, "Crates 5", "Coal Sacks")])
    for text in ("P1: play Weapons 6", "P2: play Weapons 5", "P3: play Crates 5", "P1: time up", "P1: resolve"):
        state, _ = apply(state, text)
    assert state.totals == [11, 5] and state.outcomes == [False, False]
    assert state.phase is Phase.FAILURES
    # everyone is at Level 3: the only consequence left is the Penalty Die
    assert {type(a) for a in legal_actions(state)} == {RollDie}
    assert failure_options(state) == [
        {"challenge": "Weapons 7-9", "total": 11, "misses_by": 2, "madness_for": [], "penalty_die": True},
        {"challenge": "Crates 8-10", "total": 5, "misses_by": 3, "madness_for": [], "penalty_die": True}]
    state.loaded_die = ["Loss of Confidence", "Confusion", "Accident"]
    state, events = apply(state, "P1: for Crates 8-10, roll the Penalty Die")
    assert state.die == "Loss of Confidence"
    state, events = apply(state, "P1: reroll")  # the last token on the Sled
    assert (state.sled_tokens, state.discard_tokens) == (0, 6)
    assert state.die == "Confusion"
    deck_before = list(state.equipment_deck)
    state, events = apply(state, "P1: accept Confusion")
    assert state.equipment_deck == deck_before[:-3]  # 8 - 5 = 3 cards from the top
    assert state.equipment_discard[-3:] == deck_before[-3:][::-1]
    assert any("lower number 8" in e.text for e in events)
    injuries_before = len(state.injury_deck)
    state, events = apply(state, "P1: for Weapons 7-9, roll the Penalty Die")
    assert state.die == "Accident"
    state, events = apply(state, "P1: accept Accident")
    assert len(state.injury_deck) == injuries_before - 2
    assert [e.kind for e in events].count("accident") == 2
    assert state.phase is Phase.DRAW  # the Resolution Phase is over: played cards discarded, tile set aside
    assert not state.sled and state.encounter is None
    assert_conserved(state)


def test_the_packaged_example_positions_replay_the_rulebook():
    from rulesbook.madness import examples

    state = examples.seals()
    for text in ("P1: play Tools 6", "P2: play Tools 3", "P3: play Books 4", "P3: play Books 2", "P4: play Injury",
                 "P1: time up", "P1: resolve"):
        state, _ = apply(state, text)
    assert state.outcomes == [True, False]
    state = examples.icy_cape()
    for text in ("P1: play Crates 6", "P1: time up", "P1: resolve", "P1: give Specimen B to P2"):
        state, _ = apply(state, text)
    assert level(state, 1) == 2 and state.covers[1] == ["Resolution"]
    state = examples.bleak_coast()
    for text in ("P1: play Weapons 6", "P2: play Weapons 5", "P3: play Crates 5", "P1: time up", "P1: resolve",
                 "P1: for Crates 8-10, roll the Penalty Die", "P1: reroll", "P1: accept Confusion",
                 "P1: for Weapons 7-9, roll the Penalty Die", "P1: accept Accident"):
        state, _ = apply(state, text)
    assert state.phase is Phase.DRAW and state.sled_tokens == 0
    assert_conserved(state)
