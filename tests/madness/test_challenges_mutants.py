"""Challenges and cards written as text (rulesbook.madness.challenges): what mutation testing found
no test for. A card typed as its label must be the very card in the hand (the engine finds a played
card by its face), Injuries included; and a challenge or card that does not parse must be refused
naming the whole text and the reason, citing the rule it breaks: MAD-R01 for a challenge's value
(both numbers of a range or an either-or), "Equipment Cards" for a card's type and value, MAD-R02
for a card's form, the way the Reference chapter writes them."""

from __future__ import annotations

import pytest

from rulesbook.core.errors import NotationError
from rulesbook.madness import CardFace, default_pack, parse_card, parse_challenge

TYPES = "expected one of Crates, Tools, Weapons, Books (Equipment Cards)"


def refused(read, text) -> tuple[str, str]:
    """What `read` (parse_card, parse_challenge) names and says when it refuses `text`."""
    with pytest.raises(NotationError) as refusal:
        read(text)
    return refusal.value.token, refusal.value.reason


def test_a_card_typed_as_its_label_is_the_card_in_the_shipped_pack():
    """Every Equipment, Arcane Equipment (value 10, MAD-R02) and Injury card of the pack is read back
    from its label as its own face, so 'play Injury' or 'play Tools 6' finds it in the hand."""
    pack = default_pack()
    kinds = {(card.type is None, card.arcane) for card in pack.cards.values()}
    assert kinds == {(True, False), (False, False), (False, True)}  # Injury, Equipment, Arcane all present
    for card in pack.cards.values():
        assert parse_card(card.label) == card.face, card.label


def test_an_injury_is_worth_nothing_and_an_ordinary_card_is_not_arcane():
    """Injury cards count for nothing ("Overcoming a Challenge"); Arcane cards are worth 10 (MAD-R02)."""
    assert parse_card("Injury") == CardFace(None, 0)
    assert parse_card("injury") == CardFace(None, 0)
    assert parse_card("Tools 6") == CardFace("Tools", 6, arcane=False)
    assert parse_card("arcane books 10") == CardFace("Books", 10, arcane=True)


def test_a_challenge_or_card_that_is_not_text_is_refused_naming_it():
    """A lesson or a bot that passes a number or None reads what it gave and what was expected."""
    assert refused(parse_challenge, 9) == ("9", "a challenge must be text such as 'Tools 7-9' (MAD-R01)")
    for thing in (6, None):
        assert refused(parse_card, thing) == (repr(thing), "a card must be text such as 'Tools 6', 'Arcane Tools 10' or 'Injury'")


@pytest.mark.parametrize("text", ["", "Injuries", "Magic Tools 10", "Tools 6 7", "Arcane Tools 10 10", "Injury 2"])
def test_a_card_of_the_wrong_form_is_refused_naming_it_and_the_three_forms(text):
    if text == "Injury 2":  # two words: read as TYPE N, and Injury is no equipment type
        reason = f"unknown equipment type 'Injury'; {TYPES}"
    else:
        reason = "a card is 'TYPE N', 'Arcane TYPE N' or 'Injury' (MAD-R02)"
    assert refused(parse_card, text) == (text, reason)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("Gold 5", f"unknown equipment type 'Gold'; {TYPES}"),
        ("Arcane Tools", f"unknown equipment type 'Arcane'; {TYPES}"),
        ("Arcane Relic 10", f"unknown equipment type 'Relic'; {TYPES}"),
        ("Tools -3", "'-3' is not a whole number (Equipment Cards)"),
        ("Tools six", "'six' is not a whole number (Equipment Cards)"),
        ("Arcane Tools ten", "'ten' is not a whole number (Equipment Cards)"),
        ("Tools \u0666", "'\u0666' is not a whole number (Equipment Cards)"),  # an Arabic-Indic six is no card value
        ("Tools 0", "a value must be at least 1 (Equipment Cards)"),
    ],
)
def test_a_card_of_no_known_type_or_value_is_refused_naming_it_and_the_rulebook_section(text, reason):
    assert refused(parse_card, text) == (text, reason)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("Tools", "a challenge is an equipment type and a value: 'Tools 14', 'Tools 7-9' or 'Tools 13|15' (MAD-R01)"),
        ("Tools 7 9", "a challenge is an equipment type and a value: 'Tools 14', 'Tools 7-9' or 'Tools 13|15' (MAD-R01)"),
        ("Tool 7", f"unknown equipment type 'Tool'; {TYPES}"),
        ("Tools seven", "'seven' is not a whole number (MAD-R01)"),
        ("Tools \u0667", "'\u0667' is not a whole number (MAD-R01)"),
        ("Tools 0", "a value must be at least 1 (MAD-R01)"),
        ("Tools x-9", "'x' is not a whole number (MAD-R01)"),
        ("Tools 0-2", "a value must be at least 1 (MAD-R01)"),
        ("Tools 7-", "'' is not a whole number (MAD-R01)"),
        ("Tools 7-x", "'x' is not a whole number (MAD-R01)"),
        ("Books 0|15", "a value must be at least 1 (MAD-R01)"),
        ("Books 13|0", "a value must be at least 1 (MAD-R01)"),
        ("Tools 1-2-3", "a value has at most one '-' (MAD-R01)"),
        ("Books 13|14|15", "a value has at most one '|' (MAD-R01)"),
        ("Tools 9-7", "the first number must be smaller than the second (9 vs 7) (MAD-R01)"),
        ("Books 15|13", "the first number must be smaller than the second (15 vs 13) (MAD-R01)"),
    ],
)
def test_a_malformed_challenge_is_refused_naming_it_and_why_for_either_number(text, reason):
    """MAD-R01: a value is a whole number from 1, a range A-B or an either-or A|B with A < B; a bad
    first or second number names the whole challenge and cites the ruling."""
    assert refused(parse_challenge, text) == (text, reason)
