"""A Mountain on the table: disciple cards at (row, column) places and the pawns on them.

The notation is plain text, one line per row, one token per place:
``.`` an empty place, ``MK+2`` a card (the ``+`` may be left out), ``PM+1@R`` a card with the
red pawn. Coordinates count from (0, 0) at the top-left of the text as written; places outside
it have negative or larger numbers in the same frame.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping
from enum import Enum
from types import MappingProxyType
from typing import TYPE_CHECKING

from rulesbook.core.errors import NotationError
from rulesbook.inferno.cards import DECK_COUNTS, DISCIPLE_VALUES, Disciple, DiscipleCard, EventKind

if TYPE_CHECKING:
    from rulesbook.inferno.rules import Rules

Coord = tuple[int, int]

#: The four orthogonal steps; the rules never allow a diagonal one.
STEPS: tuple[Coord, ...] = ((-1, 0), (0, 1), (1, 0), (0, -1))


def neighbours(place: Coord) -> tuple[Coord, Coord, Coord, Coord]:
    """The four places that share a side with this one (up, right, down, left)."""
    row, column = place
    return ((row - 1, column), (row, column + 1), (row + 1, column), (row, column - 1))


class Colour(Enum):
    """A player's colour: their Xuanzang pawn and score marker. The value is the notation letter."""

    RED = "R"
    YELLOW = "Y"
    BLUE = "B"
    BLACK = "K"

    __hash__ = object.__hash__  # members are singletons; the default hashes the name, slowly

    @property
    def letter(self) -> str:
        return self._value_  # the plain attribute: Enum.value is a slow descriptor

    @property
    def english(self) -> str:
        return self.name.lower()

    @property
    def chinese(self) -> str:
        return {"R": "紅", "Y": "黃", "B": "藍", "K": "黑"}[self.value]

    @classmethod
    def parse(cls, text: Colour | str) -> Colour:
        """A colour from itself, its letter (R, Y, B, K) or its English name."""
        if isinstance(text, Colour):
            return text
        key = str(text).strip().upper()
        for colour in cls:
            if key in (colour.value, colour.name):
                return colour
        raise NotationError(str(text), "unknown pawn colour; expected R (red), Y (yellow), B (blue) or K (black)")

    def __str__(self) -> str:
        return self.english


COLOUR_ORDER: tuple[Colour, ...] = tuple(Colour)

#: The tokens of the position notation: an example and what it means (for the book's reference).
NOTATION_TOKENS: tuple[tuple[str, str], ...] = (
    (".", "an empty place"),
    ("MK+2", "a disciple card: MK Monkey King, PM Pig Monk, SB Sandy Brother or DH Dragon Horse, and its value +1, +2, +3 or -3 (the + may be left out)"),
    ("PM+1@R", "a card with a pawn on it: R red, Y yellow, B blue, K black"),
    ("PM+1@RB", "two pawns on one card, only with the optional rule (MOI-R13)"),
)


class Position:
    """An immutable Mountain: which card lies at each place and where each pawn stands.

    Two positions are equal when the same cards lie at the same coordinates with the same pawns;
    how the text was spaced does not matter.
    """

    __slots__ = ("_cards", "_pawns", "_hash", "_empty_neighbours", "_cut_places", "_pawn_counts", "_adjacency", "memo")

    def __init__(self, cards: Mapping[Coord, DiscipleCard], pawns: Mapping[Colour, Coord] | None = None):
        self._cards: dict[Coord, DiscipleCard] = dict(cards)
        self._pawns: dict[Colour, Coord] = dict(pawns or {})
        for colour, place in self._pawns.items():
            if place not in self._cards:
                raise ValueError(f"the {colour.english} pawn stands at {place}, where there is no card")
        self._hash: int | None = None
        self._empty_neighbours: frozenset[Coord] | None = None
        self._cut_places: frozenset[Coord] | None = None
        self._pawn_counts: Counter | None = None
        self._adjacency: dict[Coord, tuple[Coord, ...]] | None = None
        self.memo: dict = {}  # answers to queries about this very position (it never changes)

    @classmethod
    def _trusted(cls, cards: dict[Coord, DiscipleCard], pawns: dict[Colour, Coord], same_cards: Position | None = None) -> Position:
        """A position from dicts nobody else will change; with the same cards, it keeps their geometry."""
        position = cls.__new__(cls)
        position._cards = cards
        position._pawns = pawns
        position._hash = None
        position._pawn_counts = None
        position.memo = {}
        if same_cards is None:
            position._empty_neighbours = position._cut_places = position._adjacency = None
        else:
            position._empty_neighbours = same_cards._empty_neighbours
            position._cut_places = same_cards._cut_places
            position._adjacency = same_cards._adjacency
        return position

    # --- reading -------------------------------------------------------------------------
    @property
    def cards(self) -> Mapping[Coord, DiscipleCard]:
        return MappingProxyType(self._cards)

    @property
    def pawns(self) -> Mapping[Colour, Coord]:
        return MappingProxyType(self._pawns)

    def card_at(self, place: Coord) -> DiscipleCard | None:
        return self._cards.get(place)

    def pawns_at(self, place: Coord) -> tuple[Colour, ...]:
        return tuple(colour for colour in COLOUR_ORDER if self._pawns.get(colour) == place)

    def pawn(self, colour: Colour | str) -> Coord:
        """Where that pawn stands; a clear error when it is not on this Mountain."""
        colour = Colour.parse(colour)
        try:
            return self._pawns[colour]
        except KeyError:
            raise ValueError(f"there is no {colour.english} pawn on this Mountain") from None

    def pawn_count(self, place: Coord) -> int:
        """How many pawns stand on that place."""
        if self._pawn_counts is None:
            self._pawn_counts = Counter(self._pawns.values())
        return self._pawn_counts[place]

    def empty_neighbours(self) -> frozenset[Coord]:
        """Empty places that touch a card orthogonally (computed once: positions never change)."""
        if self._empty_neighbours is None:
            cards = self._cards
            self._empty_neighbours = frozenset(
                near for place in cards for near in neighbours(place) if near not in cards
            )
        return self._empty_neighbours

    def adjacency(self) -> dict[Coord, tuple[Coord, ...]]:
        """For each card, the cards that share a side with it (computed once)."""
        if self._adjacency is None:
            cards = self._cards
            self._adjacency = {place: tuple(near for near in neighbours(place) if near in cards) for place in cards}
        return self._adjacency

    def cut_places(self) -> frozenset[Coord]:
        """The cards whose removal would split the Mountain (MOI-R15), computed once."""
        if self._cut_places is None:
            self._cut_places = frozenset(cut_places(self._cards))
        return self._cut_places

    def is_whole(self) -> bool:
        """Whether the cards form one orthogonally connected group (MOI-R15)."""
        return is_connected(self._cards.keys())

    def bounds(self) -> tuple[Coord, Coord]:
        """Top-left and bottom-right places of the text frame; it starts at (0, 0) or above it."""
        if not self._cards:
            return (0, 0), (-1, -1)
        rows = [row for row, _ in self._cards]
        columns = [column for _, column in self._cards]
        return (min(0, *rows), min(0, *columns)), (max(rows), max(columns))

    # --- changing (each returns a new position) ------------------------------------------
    def with_card(self, place: Coord, card: DiscipleCard) -> Position:
        cards = dict(self._cards)
        cards[place] = card
        laid = Position._trusted(cards, self._pawns)
        if self._empty_neighbours is not None and place not in self._cards:
            # Laying a card only changes the empty places around it.
            laid._empty_neighbours = (self._empty_neighbours - {place}) | {
                near for near in neighbours(place) if near not in cards
            }
        return laid

    def without_card(self, place: Coord) -> Position:
        if any(where == place for where in self._pawns.values()):
            raise ValueError(f"the card at {place} holds a pawn and cannot be taken away")
        cards = dict(self._cards)
        del cards[place]
        return Position._trusted(cards, self._pawns)

    def with_pawn(self, colour: Colour | str, place: Coord) -> Position:
        if place not in self._cards:
            raise ValueError(f"there is no card at {place} for the pawn")
        pawns = dict(self._pawns)
        pawns[Colour.parse(colour)] = place
        return Position._trusted(self._cards, pawns, same_cards=self)

    def with_card_moved(self, source: Coord, target: Coord) -> Position:
        """The card at source, with every pawn on it, now at target (Iron Fan Princess)."""
        cards = dict(self._cards)
        cards[target] = cards.pop(source)
        pawns = {colour: (target if place == source else place) for colour, place in self._pawns.items()}
        return Position._trusted(cards, pawns)

    # --- notation ------------------------------------------------------------------------
    @classmethod
    def parse(cls, text: str, rules: Rules | None = None) -> Position:
        """Read the notation; anything malformed raises NotationError naming token, row and column."""
        return _parse(text, rules)

    def token(self, place: Coord) -> str:
        card = self._cards.get(place)
        if card is None:
            return "."
        pawns = "".join(colour.letter for colour in self.pawns_at(place))
        return card.code + (f"@{pawns}" if pawns else "")

    def rows(self) -> list[list[str]]:
        """The tokens of the text frame, row by row."""
        (top, left), (bottom, right) = self.bounds()
        return [[self.token((row, column)) for column in range(left, right + 1)] for row in range(top, bottom + 1)]

    def __str__(self) -> str:
        rows = self.rows()
        if not rows:
            return ""
        widths = [max(len(row[column]) for row in rows) for column in range(len(rows[0]))]
        return "\n".join(
            " ".join(token.ljust(width) for token, width in zip(row, widths)).rstrip() for row in rows
        )

    def __repr__(self) -> str:
        return f"Position.parse('''\n{self}\n''')"

    def _repr_svg_(self) -> str:
        from rulesbook.inferno.render import position_svg

        return position_svg(self)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        return self._cards == other._cards and self._pawns == other._pawns

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash((frozenset(self._cards.items()), frozenset(self._pawns.items())))
        return self._hash

    def __len__(self) -> int:
        return len(self._cards)

    def __contains__(self, place: object) -> bool:
        return place in self._cards


def is_connected(places: Iterable[Coord]) -> bool:
    """Whether the places form one orthogonally connected group (an empty set counts as whole)."""
    remaining = set(places)
    if not remaining:
        return True
    stack = [remaining.pop()]
    while stack:
        place = stack.pop()
        for near in neighbours(place):
            if near in remaining:
                remaining.remove(near)
                stack.append(near)
    return not remaining


def cut_places(places: Iterable[Coord]) -> set[Coord]:
    """The places whose card, taken away, would split the Mountain in two (MOI-R15).

    These are the articulation points of the grid graph (Tarjan's depth-first search); the
    Mountain never has more than 52 cards, so recursion stays shallow.
    """
    nodes = set(places)
    if len(nodes) < 3:
        return set()
    order: dict[Coord, int] = {}
    cuts: set[Coord] = set()

    def visit(place: Coord, parent: Coord | None) -> int:
        order[place] = low = len(order)
        children = 0
        for near in neighbours(place):
            if near not in nodes or near == parent:
                continue
            seen = order.get(near)
            if seen is not None:
                if seen < low:
                    low = seen
                continue
            children += 1
            below = visit(near, place)
            if below < low:
                low = below
            if parent is not None and below >= order[place]:
                cuts.add(place)
        if parent is None and children > 1:
            cuts.add(place)
        return low

    visit(min(nodes), None)
    return cuts


# --- parsing ---------------------------------------------------------------------------------
_CARD = re.compile(r"([A-Za-z]*)(.*)", re.ASCII | re.DOTALL)
_NUMBER = re.compile(r"[+-]?[0-9]+", re.ASCII)
_CODES = ", ".join(disciple.code for disciple in Disciple)
_EVENT_WORDS = {kind.value for kind in EventKind} | {"BK", "MBK", "IFP", "RB", "GY"}


def _parse(text: str, rules: Rules | None) -> Position:
    from rulesbook.inferno.rules import Rules

    if not isinstance(text, str):
        raise TypeError(f"Position.parse expects notation text, not {type(text).__name__}")
    rules = rules or Rules()
    cards: dict[Coord, DiscipleCard] = {}
    pawns: dict[Colour, Coord] = {}
    seen: Counter = Counter()
    lines = [line for line in text.splitlines() if line.strip()]
    for row, line in enumerate(lines):
        for column, token in enumerate(line.split()):
            place = (row, column)
            card, colours = _parse_token(token, row, column)
            if card is None:
                continue
            seen[card] += 1
            if seen[card] > DECK_COUNTS[card]:
                raise NotationError(
                    token,
                    f"the deck has only {DECK_COUNTS[card]} {card.code} card(s) and this Mountain shows more (MOI-R01)",
                    row,
                    column,
                )
            if len(colours) > rules.max_pawns_per_card:
                why = (
                    "two pawns may share a card only with the optional rule, Rules(two_pawns=True) (MOI-R13)"
                    if rules.max_pawns_per_card == 1
                    else f"at most {rules.max_pawns_per_card} pawns may share a card (MOI-R13)"
                )
                raise NotationError(token, why, row, column)
            for colour in colours:
                if colour in pawns:
                    other_row, other_column = pawns[colour]
                    raise NotationError(
                        token,
                        f"the {colour.english} pawn already stands at row {other_row}, column {other_column}; "
                        "each colour has one pawn",
                        row,
                        column,
                    )
                pawns[colour] = place
            cards[place] = card
    return Position(cards, pawns)


def _parse_token(token: str, row: int, column: int) -> tuple[DiscipleCard | None, list[Colour]]:
    head, at, pawn_letters = token.partition("@")
    if head == ".":
        if at:
            raise NotationError(token, "a pawn must stand on a card, not on an empty place", row, column)
        return None, []
    code, rest = _CARD.fullmatch(head).groups()
    if not code:
        if _NUMBER.fullmatch(rest):
            raise NotationError(token, f"missing disciple code before the value; expected one of {_CODES}", row, column)
        raise NotationError(
            token, f"not a place: write '.' for an empty place or a card such as MK+2 ({_CODES} and a value)", row, column
        )
    upper = code.upper()
    try:
        disciple = Disciple.from_code(upper)
    except ValueError:
        if upper in _EVENT_WORDS:
            why = "event cards are never part of the Mountain; only disciples are laid there"
        else:
            why = f"unknown disciple code {code!r}; expected one of {_CODES}"
        raise NotationError(token, why, row, column) from None
    if not rest:
        raise NotationError(token, f"missing value after {upper}; write it as {upper}+1, {upper}+2, {upper}+3 or {upper}-3", row, column)
    if not _NUMBER.fullmatch(rest):
        raise NotationError(token, f"malformed value {rest!r}; expected +1, +2, +3 or -3", row, column)
    value = int(rest)
    if value not in DISCIPLE_VALUES:
        raise NotationError(
            token, f"no {disciple.english} card is worth {value:+d}; the deck has +1, +2, +3 and -3 (MOI-R01)", row, column
        )
    colours: list[Colour] = []
    if at:
        if "@" in pawn_letters:
            raise NotationError(token, "write '@' once, followed by all the pawn colours", row, column)
        if not pawn_letters:
            raise NotationError(token, "'@' must be followed by pawn colours: R, Y, B or K", row, column)
        for letter in pawn_letters:
            try:
                colour = Colour.parse(letter) if letter.isascii() and letter.isalpha() and len(letter) == 1 else None
            except NotationError:
                colour = None
            if colour is None:
                raise NotationError(
                    token, f"unknown pawn colour {letter!r}; expected R (red), Y (yellow), B (blue) or K (black)", row, column
                )
            if colour in colours:
                raise NotationError(token, f"the {colour.english} pawn is written twice", row, column)
            colours.append(colour)
    return DiscipleCard(disciple, value), colours
