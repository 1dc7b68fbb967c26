"""The Hudai Pass pictures: every card readable without colour (its letter, name, value, symbol icon
and move), alt text written from the state, and drawings that are well-formed SVG."""

from __future__ import annotations

import doctest
import xml.etree.ElementTree as ET

import pytest

import rulesbook.hudai.render as render
from rulesbook.hudai import COLOURS, Phase, Rules, game_moment, reconstructed_cards, show
from rulesbook.core.errors import NotationError
from rulesbook.hudai.cards import MOVES
from rulesbook.hudai.render import PALETTE, describe_combo, describe_table

SVG = "{http://www.w3.org/2000/svg}"


def parsed(picture) -> ET.Element:
    return ET.fromstring(picture._repr_svg_())


def texts_of(element: ET.Element) -> list[str]:
    return [text.text or "" for text in element.iter(f"{SVG}text")]


def test_every_card_of_the_set_shows_its_letter_colour_name_value_symbol_and_move():
    """Colour-blind readers: the colour letter and name, never the colour alone (issue 13)."""
    cards = reconstructed_cards()
    drawing = parsed(show([card.code for card in cards.cards]))
    groups = {group.get("data-card"): group for group in drawing.iter(f"{SVG}g") if group.get("data-card")}
    assert sorted(groups) == sorted(card.code for card in cards.cards)
    for card in cards.cards:
        group = groups[card.code]
        words = texts_of(group)
        assert card.colour in words and COLOURS[card.colour] in words, card.code
        assert str(card.value) in words and MOVES[card.symbol] in words, card.code
        icons = [g.get("data-symbol") for g in group.iter(f"{SVG}g") if g.get("data-symbol")]
        assert icons == [card.symbol], card.code


def test_the_six_colours_are_six_different_fills_and_bands():
    assert len({face for face, *_ in PALETTE.values()}) == 6
    assert len({band for _, band, *_ in PALETTE.values()}) == 6


def test_alt_text_follows_the_state():
    before = game_moment("R5 W1", powers=(3, 5, 2), river="G2 B4 Y6", staged_damage=2)
    after = game_moment("R5 W1", powers=(4, 5, 2), river="G2 B4 Y6", staged_damage=0, pinned=(0, 0, 3), corruption=4,
                        combo="W6", used=["symbol"])  # the Arrow whose Pin set the 3 cubes aside
    words = show(before).description
    assert "left, Drain (Drop), 3 cubes" in words and "Staged damage: 2." in words
    assert "R5 (red Cog: Flow, value 5)" in words and "W1 (white Drop: Stab, value 1)" in words
    assert "G2 (green Hammers: Build-up, value 2)" in words and "Turn 1, step 1, the combo" in words
    changed = show(after).description
    assert "left, Drain (Drop), 4 cubes" in changed and "2 cubes and 3 set aside above it" in changed
    assert "4 of 12 corruption" in changed and "Staged damage: 0." in changed
    assert changed != words


def test_alt_text_of_a_game_that_is_over_says_how_it_ended():
    state = game_moment("R1", demon_health=1)
    state.phase, state.outcome = Phase.OVER, "won"
    assert "The game is over: the monk has won." in describe_table(state)


def test_a_combo_picture_marks_which_neighbours_fit_hud_r03():
    words = describe_combo(["R1", "G3", "W2", "G5"])
    assert "R1 and G3 may not be neighbours" in words and "G3 and W2 may be neighbours" in words
    marks = texts_of(parsed(show("R1 G3 W2", part="combo")))
    assert "\u2717" in marks and "\u2194" in marks
    assert "more than two in one combo" in describe_combo(["W1", "W2", "W3"])


@pytest.mark.parametrize("part", ["table", "demon", "river", "hand", "combo"])
def test_every_part_of_a_state_is_well_formed_svg_with_a_description(part):
    state = game_moment("R5 W1 G3 K6", combo="R1", powers=(12, 0, 2), demon_block=1, entangled=True, removed="W2",
                        rules=Rules(powers=("drain", "defend", "entangle")))  # the powers that block and bind
    state.powers[0], state.phase, state.outcome = 13, Phase.OVER, "power"  # a power past the limit: the game just lost (HUD-R09)
    state.invariants()
    drawing = parsed(show(state, part))
    description = drawing.find(f"{SVG}desc").text
    assert drawing.get("role") == "img" and len(description.split()) >= 5


def test_a_teachers_card_set_is_drawn_from_its_own_symbols():
    text = reconstructed_cards().to_csv().replace("red,cog,5", "red,drop,5")
    from rulesbook.hudai import parse_card_file

    cards = parse_card_file(text, "my.csv")
    state = game_moment("R5", rules=Rules(cards=cards))
    group = next(g for g in parsed(show(state, "hand")).iter(f"{SVG}g") if g.get("data-card") == "R5")
    assert [g.get("data-symbol") for g in group.iter(f"{SVG}g") if g.get("data-symbol")] == ["drop"]
    assert "R5 (red Drop: Stab, value 5)" in show(state).description


def test_bad_requests_are_refused_with_a_reason():
    with pytest.raises(ValueError, match="part is one of"):
        show(game_moment(), "mountain")
    with pytest.raises(ValueError, match="hand"):
        show("R5", part="demon")


def test_the_docstring_examples_run():
    assert doctest.testmod(render).failed == 0


def test_a_picture_of_what_is_no_card_says_so():
    """A NotationError naming it, not a TypeError from the parse."""
    with pytest.raises(NotationError) as refused:
        show(5)
    assert str(refused.value) == "'5': cards are text such as 'R5 W1', or a list of card codes"


@pytest.mark.parametrize("title", ["Red next to green: not allowed", "A", "Green next to green, then blue next to green: allowed"])
def test_a_picture_is_as_wide_as_its_drawn_title(title):
    """A two-card combo is 154 px wide; its title, drawn above it, ran past the edge ("not allo…")."""
    svg = ET.fromstring(show("R1 G3", part="combo", title=title).svg)
    assert float(svg.get("width")) >= 2 * render.GAP + len(title) * 7.2  # bold 12 px sans-serif: about 7.2 px a character at most
