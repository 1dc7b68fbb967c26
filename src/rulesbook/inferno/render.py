"""A plain SVG drawing of a Mountain, for notebooks and the book before a widget is needed.

Cards are told apart by their code and picture name, not by colour alone; a -3 card also has a
dashed border and a minus sign. Pawns are circles with their colour letter.
"""

from __future__ import annotations

from collections.abc import Iterable
from xml.sax.saxutils import escape

from rulesbook.inferno.cards import Disciple
from rulesbook.inferno.position import Colour, Coord, Position

CARD_WIDTH, CARD_HEIGHT, GAP, MARGIN = 58, 78, 6, 22

DISCIPLE_FILL = {
    Disciple.MONKEY_KING: "#f6d58b",
    Disciple.PIG_MONK: "#f4b6c2",
    Disciple.SANDY_BROTHER: "#a9d8cf",
    Disciple.DRAGON_HORSE: "#c9d3f2",
}
PAWN_FILL = {Colour.RED: "#c0392b", Colour.YELLOW: "#f1c40f", Colour.BLUE: "#2e6fd8", Colour.BLACK: "#222222"}
PAWN_TEXT = {Colour.RED: "#ffffff", Colour.YELLOW: "#000000", Colour.BLUE: "#ffffff", Colour.BLACK: "#ffffff"}


def position_svg(
    position: Position,
    highlights: Iterable[Coord] = (),
    marks: Iterable[Coord] = (),
    title: str | None = None,
) -> str:
    """SVG text of the Mountain; highlights outline places (targets), marks ring cards (windows)."""
    highlights = set(highlights)
    marks = set(marks)
    places = set(position.cards) | highlights
    (top, left), (bottom, right) = position.bounds()
    if places:
        top = min(top, *(row for row, _ in places))
        left = min(left, *(column for _, column in places))
        bottom = max(bottom, *(row for row, _ in places))
        right = max(right, *(column for _, column in places))
    rows, columns = bottom - top + 1, right - left + 1
    width = MARGIN + columns * (CARD_WIDTH + GAP) + GAP
    height = MARGIN + rows * (CARD_HEIGHT + GAP) + GAP
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" height="{height}" '
        'font-family="sans-serif" role="img">',
        f"<title>{escape(title or 'A Mountain of Inferno position')}</title>",
    ]

    def origin(place: Coord) -> tuple[int, int]:
        row, column = place
        return MARGIN + GAP + (column - left) * (CARD_WIDTH + GAP), MARGIN + GAP + (row - top) * (CARD_HEIGHT + GAP)

    for column in range(left, right + 1):
        x, _ = origin((top, column))
        out.append(f'<text x="{x + CARD_WIDTH / 2}" y="{MARGIN - 6}" font-size="11" text-anchor="middle" fill="#666">{column}</text>')
    for row in range(top, bottom + 1):
        _, y = origin((row, left))
        out.append(f'<text x="{MARGIN - 6}" y="{y + CARD_HEIGHT / 2}" font-size="11" text-anchor="end" fill="#666">{row}</text>')

    for place in sorted(highlights - set(position.cards)):
        x, y = origin(place)
        out.append(
            f'<rect x="{x}" y="{y}" width="{CARD_WIDTH}" height="{CARD_HEIGHT}" rx="6" fill="#e8f6e8" '
            'stroke="#2e8b57" stroke-width="2" stroke-dasharray="5 3"/>'
        )
    for place, card in sorted(position.cards.items()):
        x, y = origin(place)
        dashed = ' stroke-dasharray="4 3"' if card.value < 0 else ""
        stroke, stroke_width = ("#2e8b57", 4) if place in highlights else ("#333", 1.5)
        out.append(
            f'<g data-place="{place[0]},{place[1]}"><rect x="{x}" y="{y}" width="{CARD_WIDTH}" height="{CARD_HEIGHT}" rx="6" '
            f'fill="{DISCIPLE_FILL[card.disciple]}" stroke="{stroke}" stroke-width="{stroke_width}"{dashed}/>'
        )
        if place in marks:
            out.append(
                f'<rect x="{x + 3}" y="{y + 3}" width="{CARD_WIDTH - 6}" height="{CARD_HEIGHT - 6}" rx="4" '
                'fill="none" stroke="#8e44ad" stroke-width="3"/>'
            )
        value_colour = "#b00020" if card.value < 0 else "#1a1a1a"
        sign = "\u2212" if card.value < 0 else "+"
        out.append(f'<text x="{x + 8}" y="{y + 20}" font-size="16" font-weight="bold">{card.disciple.code}</text>')
        out.append(
            f'<text x="{x + CARD_WIDTH / 2}" y="{y + 52}" font-size="24" font-weight="bold" text-anchor="middle" '
            f'fill="{value_colour}">{sign}{abs(card.value)}</text>'
        )
        out.append(
            f'<text x="{x + CARD_WIDTH / 2}" y="{y + CARD_HEIGHT - 8}" font-size="8" text-anchor="middle" fill="#333">'
            f"{escape(card.disciple.english)}</text></g>"
        )
        for index, colour in enumerate(position.pawns_at(place)):
            cx, cy = x + CARD_WIDTH - 13 - index * 20, y + 14
            out.append(
                f'<g data-pawn="{colour.letter}"><circle cx="{cx}" cy="{cy}" r="10" fill="{PAWN_FILL[colour]}" '
                f'stroke="#fff" stroke-width="2"/><text x="{cx}" y="{cy + 4}" font-size="11" font-weight="bold" '
                f'text-anchor="middle" fill="{PAWN_TEXT[colour]}">{colour.letter}</text></g>'
            )
    out.append("</svg>")
    return "".join(out)


class MountainPicture:
    """A drawing that notebooks show as SVG; its text form is the notation, so nbval stays stable."""

    def __init__(self, position: Position, highlights: Iterable[Coord] = (), marks: Iterable[Coord] = (), title: str | None = None):
        self.position = position
        self.highlights = frozenset(highlights)
        self.marks = frozenset(marks)
        self.title = title

    def _repr_svg_(self) -> str:
        return position_svg(self.position, self.highlights, self.marks, self.title)

    def __repr__(self) -> str:
        return str(self.position)


def show(position: Position, highlights: Iterable[Coord] = (), marks: Iterable[Coord] = (), title: str | None = None) -> MountainPicture:
    """A picture of the Mountain with target places outlined (highlights) and cards ringed (marks)."""
    return MountainPicture(position, highlights, marks, title)
