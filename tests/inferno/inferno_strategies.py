"""Hypothesis strategies for Mountain of Inferno: connected Mountains drawn from the real deck."""

from __future__ import annotations

from hypothesis import strategies as st

from rulesbook.inferno import DISCIPLE_CARDS, Colour, Position, Rules
from rulesbook.inferno.position import neighbours


@st.composite
def mountains(draw, rules: Rules = Rules(), min_cards: int = 1, max_cards: int = 24, min_pawns: int = 0) -> Position:
    """A Mountain in one piece, grown card by card from the shuffled 36 disciples, with pawns."""
    count = draw(st.integers(min_cards, max_cards))
    cards = draw(st.permutations(DISCIPLE_CARDS))[:count]
    places = [(0, 0)]
    taken = {(0, 0)}
    for _ in range(count - 1):
        frontier = sorted({near for place in places for near in neighbours(place)} - taken)
        place = draw(st.sampled_from(frontier))
        places.append(place)
        taken.add(place)
    top = min(row for row, _ in places) - draw(st.integers(0, 1))
    left = min(column for _, column in places) - draw(st.integers(0, 1))
    layout = {(row - top, column - left): card for (row, column), card in zip(places, cards)}
    spots = sorted(layout)
    pawn_count = draw(st.integers(min(min_pawns, 4, len(spots) * rules.max_pawns_per_card), min(4, len(spots) * rules.max_pawns_per_card)))
    colours = draw(st.permutations(list(Colour)))[:pawn_count]
    pawns = {}
    load: dict = {}
    for colour in colours:
        free = [spot for spot in spots if load.get(spot, 0) < rules.max_pawns_per_card]
        spot = draw(st.sampled_from(free))
        pawns[colour] = spot
        load[spot] = load.get(spot, 0) + 1
    return Position(layout, pawns)
