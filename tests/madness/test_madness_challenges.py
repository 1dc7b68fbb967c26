"""Challenge values (MAD-R01) and cards (MAD-R02): notation, totals, the Seals reading."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulesbook.core.errors import NotationError
from rulesbook.madness import parse_card, parse_challenge, resolve_challenges


def test_resolve_challenges_seals_example_mad_r01():
    assert resolve_challenges(["Tools 7-9", "Books 7-9"], ["Tools 6", "Tools 3", "Books 4", "Books 2", "Injury"]) == [True, False]


def test_exact_range_and_either_or_values_mad_r01():
    assert resolve_challenges(["Crates 14"], ["Crates 6", "Crates 4", "Crates 4"]) == [True]
    assert resolve_challenges(["Crates 14"], ["Crates 6", "Crates 6"]) == [False]
    assert resolve_challenges(["Weapons 10-12"] * 3, []) == [False] * 3
    assert resolve_challenges(["Books 13|15"], ["Books 6", "Books 6", "Books 3"]) == [True]
    assert resolve_challenges(["Books 13|15"], ["Books 6", "Books 6", "Books 2"]) == [False]  # 14 lies between
    assert resolve_challenges(["Books 13|15"], ["Arcane Books 10", "Books 5"]) == [True]


def test_arcane_counts_for_its_type_and_injuries_for_nothing_mad_r02():
    assert resolve_challenges(["Tools 10", "Books 2-3"], ["Arcane Tools 10", "Injury", "Injury"]) == [True, False]


def test_every_card_of_a_type_counts_toward_every_challenge_of_that_type():
    assert resolve_challenges(["Tools 5-7", "Tools 6"], ["Tools 4", "Tools 2"]) == [True, True]


def test_confusion_distance_refers_to_the_lower_or_higher_number():
    challenge = parse_challenge("Crates 8-10")
    assert challenge.distance(5) == 3  # Bleak Coast: 8 - 5
    assert challenge.distance(11) == 1
    assert challenge.distance(9) == 0
    assert parse_challenge("Books 13|15").distance(14) == 1
    assert parse_challenge("Books 13|15").distance(20) == 5


@pytest.mark.parametrize("total, misses", [(9, 3), (12, 0), (13, 1), (14, 2), (15, 1), (16, 0), (19, 3)])
def test_confusion_distance_between_the_two_numbers_of_an_either_or_is_to_the_nearer(total, misses):
    """Rolling the Penalty Die: Confusion discards as many cards as the total misses by; for "A|B" a
    total between the two misses by its distance to the nearer number (MAD-R01), not the farther."""
    assert parse_challenge("Weapons 12|16").distance(total) == misses


@pytest.mark.parametrize("text, why", [
    ("Tool 7", "unknown equipment type"), ("Tools", "equipment type and a value"), ("Tools 9-7", "smaller"),
    ("Tools 7-", "not a whole number"), ("Tools 0", "at least 1"), ("Tools 7|7", "smaller"), ("Tools 1-2-3", "at most one"),
    ("Tools seven", "not a whole number"), ("Tools 7 9", "equipment type and a value"),
])
def test_malformed_challenges_name_the_token_and_why(text, why):
    with pytest.raises(NotationError) as error:
        parse_challenge(text)
    assert error.value.token == text
    assert why in str(error.value)
    assert isinstance(error.value, ValueError)


@pytest.mark.parametrize("text", ["Injuries", "Arcane 10", "Arcane Tools", "Tools -3", "Magic Tools 10", ""])
def test_malformed_cards_raise_notation_error(text):
    with pytest.raises(NotationError):
        resolve_challenges(["Tools 7"], [text])


def test_card_texts_round_trip():
    for text in ("Tools 6", "Arcane Books 10", "Injury"):
        assert parse_card(text).text == str(parse_card(text)) == text  # printed as written, as the other games' cards


words = st.sampled_from(["Tools", "Books", "Crates", "Weapons", "Arcane", "Injury", "tools", "Gold", "7", "7-9", "9-7",
                         "13|15", "0", "-", "|", "10", "x", "", " "])


@given(st.lists(words, min_size=0, max_size=4).map(" ".join) | st.text(max_size=12))
def test_fuzzed_challenges_parse_or_raise_the_clear_error(text):
    try:
        challenge = parse_challenge(text)
    except NotationError as error:
        assert error.reason.endswith(("(MAD-R01)", "(Equipment Cards)"))  # the value's ruling, or the types the rulebook prints
    else:
        assert parse_challenge(challenge.text) == challenge
        assert challenge.low <= challenge.high


@given(st.lists(words, min_size=0, max_size=4).map(" ".join) | st.text(max_size=12))
def test_fuzzed_cards_parse_or_raise_the_clear_error(text):
    try:
        card = parse_card(text)
    except NotationError as error:
        assert error.token == text and error.reason
    else:
        assert parse_card(card.text) == card


@pytest.mark.parametrize("text, ok", [("Tools 1", True), ("Tools 1-2", True), ("Tools 1|3", True), ("Tools 0", False), ("Tools 0-2", False)])
def test_a_challenge_value_is_at_least_1_mad_r01(text, ok):
    """MAD-R01: a challenge's numbers are whole numbers from 1: 1 is a value, 0 is not."""
    if ok:
        assert parse_challenge(text).low == 1
    else:
        with pytest.raises(NotationError, match="at least 1"):
            parse_challenge(text)
