"""The monk's actions written as text (rulesbook.hudai.actions): what mutation testing found no
test for — the refusal a player reads when an action's text has the wrong number of words, names
no demon power position or no card, or is given to the wrong action's reader. Each names the text
(or the word) at fault and shows the right form, as the Reference chapter's table writes it."""

from __future__ import annotations

import pytest

from rulesbook.core.errors import NotationError
from rulesbook.hudai.actions import EndCombo, Pin, PlayCard, ThirdEye, UseValue, parse_action


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("play", "'play' takes one card, like 'play R5'"),
        ("obtain G3 G4", "'obtain' takes one card, like 'obtain R5'"),
        ("pin", "'pin' takes one power position, like 'pin left'"),
        ("eye left", "'eye' takes two power positions, like 'eye left right'"),
        ("end now", "'end' takes no argument"),
        ("keep W1", "'keep' takes no argument"),
    ],
)
def test_an_action_with_the_wrong_number_of_words_shows_its_form(text, reason):
    with pytest.raises(NotationError) as refused:
        parse_action(text)
    assert refused.value.token == text
    assert refused.value.reason == reason


@pytest.mark.parametrize("text", ["pin middle", "yellow up", "eye left middle", "eye middle left", "value 3"])
def test_a_power_that_is_not_left_centre_or_right_is_refused_naming_the_word(text):
    word = next(word for word in text.split()[1:] if word not in ("left", "centre", "right"))
    with pytest.raises(NotationError) as refused:
        parse_action(text)
    assert refused.value.token == text
    assert refused.value.reason == f"{word!r} is not a demon power position; use left, centre or right"


def test_words_are_read_whatever_their_case():
    assert parse_action("PLAY r5") == PlayCard("R5")
    assert parse_action("Eye LEFT Right") == ThirdEye("left", "right")
    assert parse_action("Pin CENTRE") == Pin("centre")
    assert parse_action("END") == EndCombo()


def test_an_action_made_in_code_with_no_such_card_or_power_is_refused_at_once():
    """A bot or a lesson builds actions as values: a bad card or power is refused when made."""
    with pytest.raises(NotationError) as refused:
        PlayCard("R9")
    assert refused.value.token == "'R9'"
    assert refused.value.reason == "'play' names a card by its colour letter and value, like R5"
    with pytest.raises(NotationError) as refused:
        UseValue("up")
    assert refused.value.token == "'up'"
    assert refused.value.reason == "'value' names a power position: left, centre or right"
    for source, target in (("up", "left"), ("left", "up")):
        with pytest.raises(NotationError) as refused:
            ThirdEye(source, target)
        assert refused.value.token == "'up'"
        assert refused.value.reason == "'eye' names two power positions: left, centre or right"


def test_one_actions_reader_refuses_anothers_text_and_what_is_no_text():
    with pytest.raises(NotationError) as refused:
        PlayCard.from_text("discard R5")
    assert refused.value.token == "discard R5"
    assert refused.value.reason == "PlayCard is written 'play' first"
    with pytest.raises(NotationError) as refused:
        EndCombo.from_text("")
    assert refused.value.reason == "EndCombo is written 'end' first"
    for reader in (EndCombo.from_text, PlayCard.from_text, parse_action):
        with pytest.raises(NotationError) as refused:
            reader(5)
        assert refused.value.token == "5"
        assert refused.value.reason == "an action is text such as 'play R5' or 'end'"
