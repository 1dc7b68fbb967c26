"""The openings a Play page carries (rulesbook.widgets.play_site): its form's set-up as loaded, read
from the page's own HTML, and the engine's answer to "new" for it and each seed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rulesbook.lessons.play import PlayServer
from rulesbook.widgets.play_site import OPENINGS, form_defaults, opening_seeds, openings

BOOK = Path(__file__).resolve().parents[2] / "book" / "play"


@pytest.mark.parametrize("game", ["hudai", "inferno", "madness"])
def test_a_play_pages_form_gives_the_set_up_its_openings_are_made_for(game):
    found, setup = form_defaults((BOOK / f"{game}.md").read_text(encoding="utf-8"))
    assert found == game and "seed" not in setup and setup["hint_bot"]
    seeds = opening_seeds(game)
    assert len(set(seeds)) == OPENINGS and all(len(seed) == 6 and seed.isdigit() for seed in seeds)
    games = openings(game, setup, count=2)
    for seed, reply in games.items():
        again = json.loads(PlayServer().handle(json.dumps({"type": "new", "game": game, "setup": {**setup, "seed": seed}})))
        assert reply == again and reply["type"] == "started" and str(reply["setup"]["seed"]) == seed


def test_the_selected_option_is_read_and_a_list_keeps_its_order():
    page = """<div class="rb-play" data-game="inferno"><form class="rb-play-setup">
      <select name="players"><option value="2">2</option><option value="4" selected>4</option></select>
      <select name="seats" data-list><option value="you">you</option></select>
      <select name="seats" data-list><option value="you">you</option><option value="random" selected>r</option></select>
      <input name="seed" type="text"><input type="file" data-card-file="cards"></form></div>"""
    assert form_defaults(page) == ("inferno", {"players": "4", "seats": ["you", "random"]})


def test_a_page_without_a_game_or_a_seed_is_refused():
    with pytest.raises(ValueError, match="a Play area with its game"):
        form_defaults('<form><input name="seed" type="text"></form>')
    with pytest.raises(ValueError, match="a seed"):
        form_defaults('<div class="rb-play" data-game="hudai"><select name="cards"><option value="a">a</option></select></div>')
