"""Edition switches: every point where the editions differ is a field of Rules, owned by a ruling."""

import pytest

from rulesbook.inferno import Rules

#: The test's own statement of every switch: field -> (EN value, ZH value, the rulings it carries).
EDITION_FIELDS = {
    "two_pawns": (False, False, ("MOI-R13",)),  # the optional rule is off in both; its reach differs
    "shared_card_limit": (2, 4, ("MOI-R13",)),
    "rounds_by_players": (((2, 4), (3, 3), (4, 4)), ((2, 2), (3, 3), (4, 4)), ("MOI-R03",)),
    "play_limit": (None, 3, ("MOI-R04",)),
    "mixed_plays": (True, False, ("MOI-R04",)),
    "event_discard": (True, False, ("MOI-R04",)),
    "any_opponent_cancels": (False, True, ("MOI-R06", "MOI-R22")),
    "step_any_pawn": (False, True, ("MOI-R09",)),
    "ends_when_refill_short": (False, True, ("MOI-R10", "MOI-P04")),
    "doubled_cross_for_ender_only": (False, True, ("MOI-R11",)),
    "doubling_optional": (False, True, ("MOI-R11",)),
    "floor_total_at_zero": (False, True, ("MOI-R12",)),
}


@pytest.mark.parametrize("field", sorted(EDITION_FIELDS))
def test_zh_preset_switches_every_edition_row(field):
    en, zh, _ = EDITION_FIELDS[field]
    assert getattr(Rules(), field) == en
    assert getattr(Rules(edition="zh"), field) == zh


def test_rounds_per_player_count_MOI_R03():
    assert [Rules().rounds(n) for n in (2, 3, 4)] == [4, 3, 4]
    assert [Rules(edition="zh").rounds(n) for n in (2, 3, 4)] == [2, 3, 4]
    with pytest.raises(ValueError, match="2 to 4 players"):
        Rules().rounds(5)


def test_pawns_per_card_MOI_R13():
    assert Rules().max_pawns_per_card == Rules(edition="zh").max_pawns_per_card == 1
    assert Rules(two_pawns=True).max_pawns_per_card == 2
    assert Rules(edition="zh", two_pawns=True).max_pawns_per_card == 4  # "two or more": every pawn
    assert Rules(two_pawns=True, shared_card_limit=3).max_pawns_per_card == 3  # a house rule
    with pytest.raises(ValueError, match="MOI-R13"):
        Rules(shared_card_limit=1)


def test_a_house_rule_overrides_one_switch_and_keeps_the_rest():
    house = Rules(edition="en", step_any_pawn=True)
    assert house.step_any_pawn is True
    assert house.mixed_plays is True and house.any_opponent_cancels is False


def test_rules_round_trip_through_a_dict():
    for rules in (Rules(), Rules(edition="zh", two_pawns=True), Rules(play_limit=2, floor_total_at_zero=True)):
        assert Rules.from_dict(rules.to_dict()) == rules


def test_unknown_edition_or_field_is_refused():
    with pytest.raises(ValueError, match="edition"):
        Rules(edition="fr")
    with pytest.raises(ValueError, match="no field .turbo."):
        Rules.from_dict({"edition": "en", "turbo": True})
