"""Moments set up by hand (rulesbook.madness.moment): the table as asked, every component kept in
exactly one place, and bad requests refused before the engine sees them, as a DataError naming the argument."""

from __future__ import annotations

import json
import re

import pytest

from rulesbook.core.data import DataError
from rulesbook.core.errors import IllegalAction
from rulesbook.madness import GAME, Phase, Rules, State, apply, level, game_moment, moment, play_out


def labels(state, cards) -> list[str]:
    return [state.rules.pack.cards[card].label for card in cards]


def test_a_moment_is_the_table_asked_for_and_conserves_every_component():
    state = game_moment(4, tile="Bleak Coast", leader=2, hands={0: ["Weapons 6", "Weapons 6"], 3: ["Injury", "Arcane Tools 10"]},
                   sled=[(1, "Crates 5")], levels={0: 3, 1: 2, 2: 0}, relics={1: ["Specimen B", "Knowledge A"]},
                   tokens=(2, 3), die=["Accident", "Confusion"], discard=["Books 6"])
    assert GAME.invariants(state) == []
    assert state.phase is Phase.ENCOUNTER and state.leader == 2 and not state.talking
    assert labels(state, state.hands[0]) == ["Weapons 6", "Weapons 6"] and labels(state, state.hands[3]) == ["Injury", "Arcane Tools 10"]
    assert [len(hand) for hand in state.hands] == [2, 4, 4, 2]
    assert [(p, state.rules.pack.cards[c].label) for p, c in state.sled] == [(1, "Crates 5")]
    assert [level(state, p) for p in range(4)] == [3, 2, 0, 1]   # P4 keeps the Level 1 card set-up dealt
    assert state.covers[1] == ["Resolution", "Rest"] and len(state.relics[1]) == 2
    assert (state.sled_tokens, state.discard_tokens, state.boxed_tokens) == (2, 3, 1)
    assert state.loaded_die == ["Accident", "Confusion"] and "Books 6" in labels(state, state.equipment_discard)


def test_a_moment_on_a_space_starts_a_movement_phase_with_the_visited_tiles_set_aside():
    state = game_moment(4, space="X1", visited=["E1", "Y2"])
    assert GAME.invariants(state) == []
    assert state.phase is Phase.MOVEMENT and state.airplane == "X1" and state.edge_reached and state.escape_steps == 1
    assert state.board["X1"] is None and state.board["E1"] is None and state.board["Y2"] is None
    assert len(state.set_aside) == 3


def test_a_thin_deck_keeps_its_cards_in_the_discard():
    state = game_moment(4, deck=3)
    assert len(state.equipment_deck) == 3 and GAME.invariants(state) == []


def test_a_card_asked_for_is_taken_from_another_hand_when_the_piles_have_none_left():
    # Four players hold 16 cards: ask for both Tools 6 and every Crates card, wherever they lie.
    crates = ["Crates 2", "Crates 2", "Crates 3", "Crates 3", "Crates 4", "Crates 4", "Crates 5", "Crates 5", "Crates 6", "Crates 6"]
    state = game_moment(4, hands={0: crates[:5], 1: crates[5:]})
    assert sorted(labels(state, state.hands[0] + state.hands[1])) == sorted(crates)
    assert GAME.invariants(state) == [] and all(len(hand) == 4 for hand in state.hands[2:])


def test_played_applies_actions_in_their_text_form_and_the_engine_still_refuses():
    state = game_moment(3, tile="Seals", hands={0: ["Tools 6"]})
    after = play_out(state, "P1: play Tools 6", "P1: time up")
    assert after.phase is Phase.TIMER and state.phase is Phase.ENCOUNTER
    with pytest.raises(IllegalAction, match="MAD-R07|Failures|belongs to"):
        play_out(state, "P1: for Tools 7-9, roll the Penalty Die")


@pytest.mark.parametrize(("bad", "field"), [
    (dict(tile="Seals", space="C1"), "space"),
    (dict(tile="Atlantis"), "tile"),
    (dict(space="Q9"), "space"),
    (dict(visited=["Q9"]), "visited"),
    (dict(leader=4), "leader"),
    (dict(leader="P1"), "leader"),
    (dict(leader=None), "leader"),
    (dict(leader=True), "leader"),  # a flag is no seat
    (dict(levels={"P2": 1}), "levels"),
    (dict(levels={1: 2.5}), "levels[1]"),
    (dict(tokens=("2", 0)), "tokens"),
    (dict(hands={0: ["Tools 60"]}), "hands[0]"),
    (dict(hands={9: ["Tools 6"]}), "hands"),
    (dict(sled=[(1, "Tools 3")]), "sled"),  # no Encounter: nothing lies on a Sled
    (dict(tile="Seals", sled=[(7, "Tools 3")]), "sled[0]"),
    (dict(levels={1: 4}), "levels"),
    (dict(levels={1: [1, 2]}), "levels"),  # several cards only in the Expert Variant
    (dict(relics={0: ["Specimen Z"]}), "relics"),
    (dict(relics={0: ["Specimen A"], 1: ["Specimen A"]}), "relics"),
    (dict(tokens=(7, 0)), "tokens"),
    (dict(tokens=(0, 0)), "tokens"),
    (dict(tokens=(1,)), "tokens"),
    (dict(die=["Snake Eyes"]), "die"),
    (dict(deck=99), "deck"),
    (dict(deck=True), "deck"),
    (dict(seed=1.5), "seed"),
    (dict(rules="expert"), "rules"),
])
def test_a_bad_moment_is_a_data_error_naming_the_argument(bad, field):
    """As Inferno's and Hudai's moments are refused: DataError(argument, why), a ValueError."""
    with pytest.raises(DataError) as refused:
        game_moment(4, **bad)
    assert refused.value.field == field and refused.value.why


def test_a_moment_on_the_way_out_is_as_far_as_its_space_says_and_no_further():
    """The Airplane leaves the Edge of Madness only for Escape space 1, 2, 3 in turn, and the
    expedition escapes at the end of the third Escape turn. A Movement Phase on X3 had three
    "ignore madness" actions and then none; X tiles met before the Edge were taken."""
    assert [(state.edge_reached, state.escape_steps) for state in (game_moment(4, space="E1"), game_moment(4, space="X2"))] == [
        (True, 0), (True, 2)]
    assert game_moment(4, space="X2", visited=["E1", "X1"]).board["X1"] is None
    edge_tile = game_moment(4).board["E1"]
    met = game_moment(4, tile=game_moment(4).rules.pack.tiles[edge_tile].name)  # landed on the Edge's tile
    assert (met.airplane, met.edge_reached, met.escape_steps) == ("E1", True, 0)
    with pytest.raises(DataError, match=r"^state: a Movement Phase after the 3rd Escape turn: the expedition escapes at that "
                                        r"turn's end$"):
        game_moment(4, space="X3")
    for space, visited in [("C1", ["X3"]), ("C1", ["E1"]), ("E1", ["X1"]), ("X1", ["X2"]), (None, ["E1"])]:
        with pytest.raises(DataError, match=rf"^visited: {visited[0]} \((Escape|Edge of Madness)\) is met only on the way out, "
                                            rf"after the Edge of Madness and the Escape spaces before it, and the Airplane "
                                            rf"stands on {space or 'no space'}$"):
            game_moment(4, space=space, visited=visited)


def test_a_loaded_state_stands_the_airplane_where_the_expedition_has_come():
    data = json.loads(game_moment(4, space="X1").to_json())
    for change, says in [
        (dict(escape_steps=0), "0 Escape turns have begun, and the Airplane stands on Escape space 1"),
        (dict(escape_steps=2), "2 Escape turns have begun, and the Airplane stands on Escape space 1"),
        (dict(escape_steps=1, airplane="X2"), "1 Escape turn has begun, and the Airplane stands on Escape space 2"),
        (dict(airplane="C1"), "the expedition has reached the Edge of Madness, and the Airplane stands on C1 (Coast)"),
        (dict(airplane=None, escape_steps=0), "the expedition has reached the Edge of Madness, and the Airplane stands on no space"),
        (dict(edge_reached=False, escape_steps=0), "the expedition has not reached the Edge of Madness, and the Airplane stands on X1"),
    ]:
        with pytest.raises(DataError, match=re.escape(says)):
            State.from_json(json.dumps({**data, **change}))


def test_a_bad_player_count_is_named_as_players():
    with pytest.raises(DataError, match=r"^players: At the Mountains of Madness is for 3 to 5 players, not 7"):
        game_moment(7)


@pytest.mark.parametrize(("bad", "says"), [
    (dict(hands=5), "hands: expected {seat: card labels} or a list of them from seat 0, not 5"),
    (dict(hands={0: 5}), "hands[0]: expected a list of card labels, not 5"),
    (dict(relics=5), "relics: expected {seat: Relic names} or a list of them from seat 0, not 5"),
    (dict(relics={0: "Specimen A"}), "relics[0]: expected a list of Relic names, not 'Specimen A'"),  # not its letters
    (dict(levels=5), "levels: expected {seat: a level, or a list of levels} or a list of them from seat 0, not 5"),
    (dict(hands="Tools 6"), "hands: expected {seat: card labels} or a list of them from seat 0, not 'Tools 6'"),
    (dict(visited="X1"), "visited: expected a list of space names, not 'X1'"),
    (dict(visited=5), "visited: expected a list of space names, not 5"),
    (dict(die=5), "die: expected a list of faces of the Penalty Die, not 5"),
    (dict(discard=5), "discard: expected a list of card labels, not 5"),
    (dict(tile="Seals", sled=5), "sled: expected a list of (player, card label) pairs, not 5"),
    (dict(tile="Seals", sled=[(1,)]), "sled[0]: expected a (player, card label) pair, not (1,)"),
    (dict(leader=4), "leader: expected a seat from 0 to 3, not 4"),
    (dict(rules="expert"), "rules: expected the Rules of At the Mountains of Madness, not 'expert'"),
])
def test_an_argument_of_the_wrong_kind_is_named(bad, says):
    """A TypeError or AttributeError from inside before, or a text taken letter by letter."""
    with pytest.raises(DataError) as refused:
        game_moment(4, **bad)
    assert str(refused.value) == says


@pytest.mark.parametrize(("tokens", "says"), [
    ((9, 9), "tokens: 9 on the Sled and 9 in the discard make 18 Leadership tokens, but the pack has 6"),
    ((7, 0), "tokens: 7 on the Sled and 0 in the discard make 7 Leadership tokens, but the pack has 6"),
    ((1, 1, 1), "tokens: 1 on the Sled, 1 in the discard and 1 in the box make 3 Leadership tokens, but the pack has 6"),
])
def test_tokens_that_do_not_add_up_to_the_packs_are_told_plainly(tokens, says):
    """Not "the pack has 6 Leadership tokens, not 9 + 9 + -12": no box holds -12 tokens."""
    with pytest.raises(DataError) as refused:
        game_moment(4, tokens=tokens)
    assert str(refused.value) == says


def test_a_moment_no_file_could_load_is_refused_at_once(monkeypatch):
    """The moment is checked as a loaded state is (`State.invariants`, as Inferno's moment ends): a
    table arranged wrong, here a card put in the discard while it stays in the deck, is refused
    when it is made, not met later by the engine."""
    monkeypatch.setattr(moment, "_take", lambda state, label, **_: state.equipment_deck[0])
    with pytest.raises(DataError, match=r"^state: Equipment, Arcane and Injury cards are not conserved"):
        game_moment(4, discard=["Tools 6"])


def test_expert_moments_keep_several_madness_cards():
    state = game_moment(4, levels={1: [1, 2, 3]}, rules=Rules(expert=True))
    assert level(state, 1) == 3 and len(state.madness[1]) == 3 and GAME.invariants(state) == []


@pytest.mark.parametrize("cards", [1, 2])
def test_the_tables_sentences_count_in_words_not_in_card_s(cards):
    """"1 card", "2 cards", never "card(s)": the sentences a learner reads as the table plays."""
    sled = [(1, "Crates 5"), (2, "Books 3")][:cards]
    moment = game_moment(3, tile="Frozen Bay", sled=sled)
    timed, first = apply(moment, "P1: time up")
    _, then = apply(timed, "P1: resolve")
    said = " ".join(event.text for event in [*first, *then])
    assert f"runs out with {cards} card{'s' * (cards > 1)} on the Sled;" in said
    assert "1 failure to suffer: Books 8-10." in said  # Frozen Bay's Books, met by neither sled
    assert "(s)" not in said


def test_hands_levels_and_relics_may_be_lists_from_seat_0_as_inferno_s_hands_are():
    """One shape with Inferno's `game_moment(mountain, hands)`: a list is seat 0, 1, ... in turn."""
    by_seat = game_moment(3, hands={0: ["Tools 6"], 1: [], 2: ["Injury"]}, levels={1: 2}, relics={2: ["Specimen B"]})
    listed = game_moment(3, hands=[["Tools 6"], [], ["Injury"]], levels=[0, 2, 0], relics=[[], [], ["Specimen B"]])
    assert listed == by_seat and [len(hand) for hand in listed.hands] == [1, 0, 1]
    with pytest.raises(DataError, match=r"^hands"):
        game_moment(3, hands=[[], [], [], ["Tools 6"]])  # a fourth seat at a table of three
