"""The house rules of At the Mountains of Madness (`Rules.hand_size`, `Rules.leadership_tokens`):
each changes a number the rulebook prints, is refused when no game can use it, is carried by
states and records, and whole expeditions under them keep every invariant."""

import json

import pytest

from rulesbook.core.data import DataError
from rulesbook.core.records import GameRecord
from rulesbook.madness import Rules, State, new_game
from rulesbook.madness.engine import hand_limit
from rulesbook.madness.rulings import RULEBOOK_FIELDS
from madness_helpers import assert_step, play_bots
from simulation_scale import scaled


@pytest.mark.parametrize("players, printed", [(3, 5), (4, 4), (5, 3)])
def test_the_hands_are_dealt_as_printed_or_as_the_house_rule_says(players, printed):
    assert [len(hand) for hand in new_game(players, 1).hands] == [printed] * players, RULEBOOK_FIELDS["hand_size"]
    dealt = new_game(players, 1, Rules(hand_size=2))
    assert [len(hand) for hand in dealt.hands] == [2] * players
    assert hand_limit(dealt) == 2 and hand_limit(new_game(players, 1)) == printed


def test_the_expedition_has_the_house_rules_leadership_tokens():
    assert new_game(3, 1).sled_tokens == 6 and Rules().tokens == 6
    state = new_game(3, 1, Rules(leadership_tokens=2))
    assert state.sled_tokens == 2 and state.discard_tokens == state.boxed_tokens == 0


@pytest.mark.parametrize("rules, why", [
    ({"hand_size": 0}, "Rules.hand_size: expected a whole number from 1"),
    ({"hand_size": 30}, "Rules.hand_size"),
    ({"hand_size": "4"}, "Rules.hand_size"),
    ({"leadership_tokens": 0}, "Rules.leadership_tokens: expected a whole number from 1"),
    ({"leadership_tokens": 99}, "Rules.leadership_tokens"),
])
def test_a_house_rule_no_expedition_can_use_is_refused_naming_it(rules, why):
    with pytest.raises(DataError, match=why):
        Rules(**rules)


def test_a_hand_size_the_equipment_deck_cannot_deal_is_refused():
    equipment = len(Rules().pack.equipment)
    most = equipment // max(Rules().pack.setup)
    Rules(hand_size=most)
    with pytest.raises(DataError, match=r"Rules.hand_size: 5 hands of \d+ need"):
        Rules(hand_size=most + 1)


def test_states_and_records_carry_the_house_rules():
    rules = Rules(hand_size=3, leadership_tokens=4)
    assert Rules.from_dict(json.loads(json.dumps(rules.to_dict()))) == rules
    state = new_game(4, 2, rules)
    assert State.from_json(state.to_json()) == state
    data = json.loads(state.to_json())
    data["rules"]["leadership_tokens"] = 5
    with pytest.raises(DataError, match="Leadership tokens are not conserved"):
        State.from_json(json.dumps(data))
    final, texts = play_bots(4, 2, rules)
    record = GameRecord("madness", 4, 2, rules, texts)
    assert GameRecord.from_json(record.to_json()).final_state() == final
    old = rules.to_dict()
    del old["hand_size"], old["leadership_tokens"]
    assert Rules.from_dict(old) == Rules(), "a record written before the house rules reads as the rulebook"


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("house", [{"hand_size": 2}, {"hand_size": 6, "leadership_tokens": 3}, {"leadership_tokens": 10}])
def test_expeditions_under_house_rules_keep_every_invariant(players, house):
    rules = Rules(**house)
    for seed in range(scaled(2)):
        final, _ = play_bots(players, f"house:{seed}", rules, on_step=lambda before, action, after, events: assert_step(before, after))
        assert final.is_over
