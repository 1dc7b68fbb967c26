"""The score-track chart: drawn by the library (no plotting package, so it also runs live in the
browser) and described in words from the totals it draws, which the site uses as its alt text."""

from __future__ import annotations

import re
from xml.etree import ElementTree

from rulesbook.core.records import GameRecord
from rulesbook.inferno import RandomBot, Rules, show_track
from rulesbook.inferno.render import track_totals

SVG = "{http://www.w3.org/2000/svg}"


def test_the_track_chart_draws_and_describes_every_players_totals_MOI_R12():
    final = GameRecord.play("inferno", 3, seed=5, rules=Rules(), bots=[RandomBot(1), RandomBot(2), RandomBot(3)]).final_state()
    track = track_totals(final)
    assert track[0] == (0, 0, 0) and track[-1] == final.totals and len(track) == len(final.results) + 1
    assert all(later >= earlier for before, after in zip(track, track[1:]) for earlier, later in zip(before, after))  # EN never loses points
    picture = show_track(final)
    svg = ElementTree.fromstring(picture._repr_svg_())
    desc = svg.find(f"{SVG}desc").text
    for seat, colour in enumerate(final.colours):
        assert f"{colour.english} (" in desc and ", ".join(str(totals[seat]) for totals in track) in desc
    assert len(list(svg.iter(f"{SVG}polyline"))) == 3  # one line a player
    assert repr(picture) == desc and re.search(r"after each of \d rounds", desc)


def test_the_track_of_a_game_not_yet_scored_is_all_zero():
    start = GameRecord("inferno", 2, 1, Rules(), []).start()
    assert track_totals(start) == [(0, 0)]
    assert "red (circles) 0." in show_track(start).__repr__()
