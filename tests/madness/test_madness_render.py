"""The pictures (rulesbook.madness.render): alt text written from the state, nothing hidden ever drawn
for a seat that may not see it (MAD-R08, MAD-R09), nothing told by colour alone."""

from __future__ import annotations

import json
import re
from html import unescape
from xml.etree import ElementTree

import pytest
from madness_helpers import hidden_ids

from rulesbook.core.records import GameRecord
from rulesbook.madness import (
    Phase,
    Rules,
    apply,
    default_pack,
    game_moment,
    new_game,
    parse_pack,
    play_out,
    show,
    show_cards,
    show_mountain,
    show_players,
    show_sled,
    show_tile,
)
from rulesbook.madness.render import challenge_words


def svg_text(picture) -> str:
    """Every word an SVG shows or says (its text, title and description), unescaped."""
    return unescape(re.sub(r"<[^>]+>", " ", picture.svg))


def description(picture) -> str:
    return unescape(re.search(r"<desc>(.*?)</desc>", picture.svg, re.S).group(1))


def moments_of_a_game(seed: str, every: int = 7) -> list:
    """States met along a bot expedition: every phase shows up."""
    record = GameRecord.play("madness", 4, seed=seed, bots=["expedition"])
    state, found = record.start(), []
    for index, text in enumerate(record.actions):
        if index % every == 0:
            found.append(state)
        state, _ = apply(state, text)
    return found + [state]


def printed_words(state, item: str) -> str | None:
    """What a hidden thing would show if drawn: a card's name, a Madness text, a tile's name."""
    pack = state.rules.pack
    if item in pack.cards:
        return pack.cards[item].name
    if item in pack.madness:
        return pack.madness[item].description
    if item in pack.tiles:
        return pack.tiles[item].name
    return None


@pytest.mark.parametrize("seed", ["render-one", "render-two"])
def test_a_seats_pictures_never_show_what_that_seat_may_not_see(seed):
    checked = 0
    for state in moments_of_a_game(seed):
        for seat in range(state.players):
            hidden = hidden_ids(state, seat)
            shown_ids = set(state.rules.pack.cards) | set(state.rules.pack.madness) | set(state.rules.pack.tiles)
            visible_words = {printed_words(state, item) for item in shown_ids - hidden}
            secrets = {printed_words(state, item) for item in hidden} - visible_words - {None}
            for picture in (show(state, seat), show_sled(state, seat), show_players(state, seat)):
                words = svg_text(picture)
                leaked = {secret for secret in secrets if secret in words}
                assert not leaked, f"{leaked} drawn for P{seat + 1} ({state.phase.value}, MAD-R08)"
                checked += 1
    assert checked > 100


def test_an_onlookers_picture_shows_no_hand_and_no_madness_text():
    state = game_moment(4, tile="Seals", levels={0: 1, 1: 2, 2: 3, 3: 1}, sled=[(1, "Tools 3")])
    pack = state.rules.pack
    words = svg_text(show(state))
    assert "Your hand" not in words and "Your Madness" not in words
    for player in range(4):
        assert pack.madness[state.madness[player][0]].description not in words
        for card in state.hands[player]:
            assert pack.cards[card].name not in words
    assert "The expedition as the table sees it" in description(show(state))
    own = svg_text(show(state, seat=1))
    assert pack.madness[state.madness[1][0]].description in own and "Your hand" in own


def test_the_alt_text_is_written_from_the_state_and_follows_it():
    start = game_moment(4, space="C10", visited=["C6"])
    text = description(show_mountain(start, highlights=["M3"]))
    assert "The Airplane is on C10 (Coast)" in text and "Marked: M3." in text
    assert "Empty spaces (their tile met already): C6." in text
    moved, _ = apply(start, "P1: move to M3")
    after = description(show(moved, seat=0))
    assert "The Airplane is on M3 (Mountain)" in after and "Encounter Phase" in after
    tile = moved.rules.pack.tiles[moved.encounter]
    assert f"The Encounter tile {tile.name} (Mountain)" in after
    assert all(challenge_words(c.text) in after for c in tile.challenges)
    assert description(show(moved, seat=0)) == repr(show(moved, seat=0))  # the text form nbval keeps


def test_outcomes_tokens_and_levels_are_said_in_words_not_colour():
    state = play_out(game_moment(4, tile="Seals", sled=[(0, "Tools 6"), (1, "Tools 3"), (2, "Books 2")], tokens=(2, 3, 1),
                          levels={1: 2}), "P1: time up", "P1: resolve")
    words = svg_text(show(state, seat=0))
    assert "total 9: success" in words and "total 2: failure" in words
    assert "Sled 2" in words and "discard 3" in words and "box 1" in words
    assert "Madness level 2" in words and "no Madness" in words
    tile_text = description(show_tile(state))
    assert "Tools 7 to 9 (total 9: success)" in tile_text and "Books 7 to 9 (total 2: failure)" in tile_text
    mountain = svg_text(show_mountain(game_moment(4, space="C10", visited=["C6"])))
    assert "plane" in mountain and "empty" in mountain and "?" in mountain


def test_the_sled_shows_its_own_cards_face_up_and_the_others_face_down_until_revealed():
    state = game_moment(4, tile="Seals", hands={0: ["Tools 6"]}, sled=[(1, "Tools 3"), (2, "Books 4")])
    state = play_out(state, "P1: play Tools 6")
    mine = description(show_sled(state, seat=0))
    assert "yours: Tools 6" in mine and "3 cards face down (P1 1, P2 1 and P3 1)" in mine
    assert "Books 4" not in svg_text(show_sled(state, seat=0))
    revealed = play_out(state, "P1: time up", "P1: resolve")
    assert revealed.phase is Phase.REWARD
    assert "Books 4 from P3" in description(show_sled(revealed, seat=0))


def test_tiles_and_cards_are_drawn_by_name_and_bad_names_are_refused():
    state = game_moment(4)
    assert "Weapons 6 or 8" in description(show_tile(state, "Dog Kennels"))
    cards = show_cards(["Tools 6", "Arcane Books 10", "Injury"], state, title="Three cards")
    assert description(cards).startswith("Three cards: 3 cards: Tools 6 (")
    assert "Arcane" in svg_text(cards) and "Injury" in svg_text(cards)
    for bad in (lambda: show_tile(state, "Atlantis"), lambda: show_tile(state), lambda: show_cards(["Tools 60"], state), lambda: show_cards("Tools 6"),
                lambda: show(state, seat=7), lambda: show_players(state, seat="P1")):
        with pytest.raises(ValueError):
            bad()


def test_every_picture_is_an_svg_with_a_title_and_a_description():
    state = play_out(game_moment(4, tile="Bleak Coast", levels={0: 3, 1: 3, 2: 3, 3: 3}, sled=[(1, "Crates 5")], die=["Accident"]),
                   "P1: time up", "P1: resolve", "P1: for Crates 8-10, roll the Penalty Die")
    for picture in (show(state, 0), show_mountain(state), show_tile(state), show_sled(state), show_players(state),
                    show_cards(["Crates 5"], state)):
        assert picture.svg.startswith("<svg ") and "<title>" in picture.svg and len(description(picture).split()) >= 5
    assert "The Penalty Die shows Accident." in description(show(state, 0))


def test_a_searched_tile_is_drawn_face_up_for_one_moment_only():
    seals = play_out(game_moment(4, tile="Seals", sled=[(0, "Tools 6"), (1, "Tools 3"), (2, "Books 2")]), "P1: time up", "P1: resolve")
    searched = play_out(seals, "P1: search M3")
    tile = searched.rules.pack.tiles[searched.board["M3"]]
    assert f"Search shows the tile on M3 face up for a moment: {tile.name}" in description(show_mountain(searched))
    assert "seen" in svg_text(show_mountain(searched))
    later = play_out(searched, "P1: for Books 7-9, roll the Penalty Die")
    assert tile.name not in svg_text(show(later, seat=2)) and "seen" not in svg_text(show_mountain(later))  # MAD-R09


def test_a_players_board_counts_injuries_in_hand_only_for_its_owner():
    state = game_moment(4, hands={1: ["Injury", "Injury", "Tools 3"]})
    assert "Hand: 3 cards, 2 Injury cards" in description(show_players(state, seat=1))
    for seat in (0, 2, 3):
        assert "Hand: 3 cards." in description(show_players(state, seat=seat))
        assert "2 Injury cards" not in description(show_players(state, seat=seat))


@pytest.mark.parametrize("name", ['M"5 <&>', "M'5", "M\x015"])
def test_a_space_a_teachers_pack_names_with_any_characters_is_drawn_in_a_picture_that_parses(name):
    """Quotes would end an attribute, a control character is no XML at all: each picture of the
    Mountain still parses, the space's own text shown as it is where XML can hold it (a character
    it cannot hold drawn as U+FFFD). A lone surrogate is refused with the pack (test_madness_pack.py)."""
    data = json.loads(json.dumps(default_pack().raw))
    data = json.loads(json.dumps(data).replace('"M5"', json.dumps(name)))
    state = new_game(3, 1, Rules(pack=parse_pack(data)))
    assert name in state.board
    shown_name = name.replace("\x01", "\ufffd")
    for picture in (show(state), show_mountain(state, highlights=[name])):
        drawing = ElementTree.fromstring(picture.svg.encode("utf-8"))
        spaces = [element.get("data-space") for element in drawing.iter("{http://www.w3.org/2000/svg}g")]
        assert shown_name in spaces and shown_name in description(picture)


@pytest.mark.parametrize(("draw", "says"), [
    (lambda state: show(state, highlights="X1"), "highlights is a list of spaces, as ['X1'], not 'X1'"),  # not X and 1
    (lambda state: show(state, highlights=["X1", "Q9"]), "highlights: there is no space 'Q9' on the board"),  # drawn unmarked before
    (lambda state: show_mountain(state, highlights=["Z1", "Q9"]), "highlights: there is no space 'Q9', 'Z1' on the board"),
    (lambda state: show("X1"), "a picture of an expedition is drawn from its State, not str"),
    (lambda state: show_sled(state, title=["Sled"]), "title is a text, not ['Sled']"),
])
def test_a_picture_names_an_argument_it_cannot_draw(draw, says):
    with pytest.raises(ValueError) as refused:
        draw(game_moment(4))
    assert str(refused.value) == says
