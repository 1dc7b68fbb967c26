"""A Mountain on the table: disciple cards at (row, column) places and the pawns on them.

The notation is plain text, one line per row, one token per place:
``.`` an empty place, ``MK+2`` a card (the ``+`` may be left out), ``PM+1@R`` a card with the
red pawn. Coordinates count from (0, 0) at the top-left of the text as written; places outside
it have negative or larger numbers in the same frame.

Every place lies within `REACH` rows and columns of (0, 0): no game comes near it (a round lays
at most 52 cards, from a Mountain set up at (0, 0)), and it bounds the text and the drawing of any
position, so nothing can ask for millions of empty places.

Inside, the Mountain keeps each place as one whole number, its code (`place_code`, `place_at`):
a `Position` takes and gives (row, column) places, its `Shape` and the engine work in codes.
"""

from __future__ import annotations

import re
from collections import Counter
from bisect import bisect_left, insort
from itertools import filterfalse
from collections.abc import Callable, Collection, Container, Iterable, Iterator, Mapping, Sequence
from enum import Enum
from types import MappingProxyType
from typing import TYPE_CHECKING

from rulesbook.core.data import WHOLE_NUMBER, DataError, shown
from rulesbook.core.errors import NotationError
from rulesbook.core.messages import Message, counted, term
from rulesbook.core.words import plural
from rulesbook.inferno.cards import DECK_COUNTS, DISCIPLE_VALUES, Disciple, DiscipleCard, EventKind, parse_card

if TYPE_CHECKING:
    from rulesbook.inferno.rules import Rules

Coord = tuple[int, int]
#: A place as one whole number, its code (`place_code`): what the Mountain keeps inside. A dict
#: finds a number faster than a pair (a pair is hashed afresh each time), numbers sort faster,
#: and the places around one are a few additions away. The rest of the book sees (row, column).
Place = int

#: How far from (0, 0) a place may lie, in rows and in columns.
REACH = 100

#: The four orthogonal steps; the rules never allow a diagonal one.
STEPS: tuple[Coord, ...] = ((-1, 0), (0, 1), (1, 0), (0, -1))

#: A place code is (row + SHIFT) * SPAN + (column + SHIFT): rows and columns within SHIFT of 0
#: (`REACH` and a step beyond) give codes from 0 up, ordered as (row, column) pairs are, and a
#: step is one addition: up -SPAN, right +1, down +SPAN, left -1.
SPAN = 256
SHIFT = 128
_ORIGIN = SHIFT * SPAN + SHIFT
UP, RIGHT, DOWN, LEFT = -SPAN, 1, SPAN, -1


def place_code(place: Coord) -> Place:
    """The code of a (row, column) place, both within `REACH` of 0 (the code of `place_at`).

    >>> place_code((0, 0)) - place_code((0, 1)), place_code((1, 0)) - place_code((0, 0))
    (-1, 256)
    """
    return place[0] * SPAN + place[1] + _ORIGIN


def _place_at(code: Place) -> Coord:
    row, column = divmod(code, SPAN)
    return (row - SHIFT, column - SHIFT)


class Memo(dict):
    """A dict that makes each missing entry the first time it is asked for, `make(key)`, and
    keeps it: for answers that depend on the key alone (a place's neighbours, the action laying a
    card at a place), asked for again and again by every playout."""

    __slots__ = ("make",)

    def __init__(self, make: Callable):
        super().__init__()
        self.make = make

    def __missing__(self, key):
        made = self[key] = self.make(key)
        return made


#: The (row, column) place of each code met, one tuple object for each.
_PLACES: Memo = Memo(_place_at)


def place_at(code: Place) -> Coord:
    """The (row, column) place of a code (see `place_code`).

    >>> place_at(place_code((-3, 7)))
    (-3, 7)
    """
    return _PLACES[code]


def places_at(codes: Iterable[Place]) -> tuple[Coord, ...]:
    """The (row, column) places of codes, in their order."""
    return tuple(map(_PLACES.__getitem__, codes))


#: For each place, its four neighbours: up, right, down, left.
_NEAR: Memo = Memo(lambda place: (place + UP, place + RIGHT, place + DOWN, place + LEFT))
#: The same in order (row, then column): up, left, right, down.
_NEAR_IN_ORDER: Memo = Memo(lambda place: (place + UP, place + LEFT, place + RIGHT, place + DOWN))
#: For each place, each of its neighbours with that neighbour's three other neighbours.
_BEYOND: Memo = Memo(lambda place: tuple((near, tuple(spot for spot in _NEAR[near] if spot != place)) for near in _NEAR[place]))


def lonely_sides(place: Place, cards: Container[Place]) -> tuple[Place, ...]:
    """The empty places beside place that touch no card but (perhaps) the one at place, in the
    order up, right, down, left: those a card at place alone makes free."""
    return tuple(
        near
        for near, (one, two, three) in _BEYOND[place]
        if near not in cards and one not in cards and two not in cards and three not in cards
    )


def neighbours(place: Coord) -> tuple[Coord, Coord, Coord, Coord]:
    """The four places that share a side with this one (up, right, down, left)."""
    row, column = place
    return (row - 1, column), (row, column + 1), (row + 1, column), (row, column - 1)


def cards_beside(place: Place, cards: Container[Place]) -> Iterator[Place]:
    """The places of the cards beside place, in order (row, then column)."""
    return filter(cards.__contains__, _NEAR_IN_ORDER[place])


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
        return _ENGLISH[self]  # every event names a colour: Enum.name is a slow descriptor

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
        raise NotationError(str(text), Message("unknown pawn colour; expected R (red), Y (yellow), B (blue) or K (black)"))

    def __str__(self) -> str:
        return self.english


COLOUR_ORDER: tuple[Colour, ...] = tuple(Colour)
_ENGLISH = {colour: colour.name.lower() for colour in Colour}

#: The tokens of the position notation: an example and what it means (for the book's reference).
NOTATION_TOKENS: tuple[tuple[str, str], ...] = (
    (".", "an empty place"),
    ("MK+2", "a disciple card: MK Monkey King, PM Pig Monk, SB Sandy Brother or DH Dragon Horse, and its value +1, +2, +3 or -3 (the + may be left out)"),
    ("PM+1@R", "a card with a pawn on it: R red, Y yellow, B blue, K black"),
    ("PM+1@RB", "two pawns on one card, only with the optional rule (MOI-R13)"),
)


class Shape:
    """Where a Mountain's cards lie, and what follows from that alone, whatever the pawns do.

    Positions with the same cards share one Shape, so what it works out (the free places, which
    cards hold the Mountain together, Bison King paths, crosses, window sums) is worked out once for all of
    them. A Shape made by laying or taking away one card takes what it can from the Shape it was
    made from instead of starting over: one card changes little around it, and nothing far from
    it. A Shape never changes once made; it only learns what follows from its cards.

    Which cards hold the Mountain together (its cut places, MOI-R15) is the costly question. On a
    plain Mountain, one piece with no empty place shut in by cards, a card's ring of eight
    neighbouring places answers it (`_SPLITS`). The shut-in places are counted by Euler's formula
    (see `is_plain`), so a card laid or taken away changes the count, and the rings, only around
    it. Otherwise a search of the whole Mountain answers (`cut_places`).

    A Shape speaks in place codes (`place_code`): its cards, free places, neighbours and answers.
    """

    __slots__ = (
        "cards", "around", "paths", "crosses", "sums", "memo", "made_from", "changed_at",
        "_sorted_free", "_sorted", "_by_disciple", "_whole", "_holes", "_rings", "_cuts", "_origin",
    )

    def __init__(self, cards: dict[Place, DiscipleCard], around: dict[Place, tuple[Place, ...]] | None = None):
        self.cards = cards  # nobody changes this dict
        self.around = _Around(around or ())  # each card's neighbouring cards, worked out as asked
        self.around.cards = cards
        self.paths: dict[tuple[object, ...], tuple[Place, ...]] = {}  # Bison King path ends, by start and cards (or steps)
        self.crosses: dict[Place, bool] = {}  # whether a complete row and column cross at a card
        # The best window's sum through a card along its row, and along its column (see scoring).
        self.sums: tuple[dict[Place, int], dict[Place, int]] = ({}, {})
        self.memo: dict = {}  # other answers that depend on the cards alone
        # The shape this one was made from, and the place where a card was laid, taken or replaced:
        # what that card cannot have changed (being too far away) may be looked up there.
        self.made_from: Shape | None = None
        self.changed_at: Place | None = None
        self._sorted_free: tuple[Place, ...] | None = None
        self._sorted: tuple[Place, ...] | None = None
        self._by_disciple: dict[Disciple, tuple[Place, ...]] | None = None
        self._whole: bool | None = None  # one piece; None: not worked out yet
        self._holes = 0  # for a whole Mountain: how many groups of empty places its cards shut in
        self._rings: dict[Place, int] = {}  # for a whole Mountain: which of the 8 places around each card hold cards
        # The cut places, kept only for a whole Mountain (for a split one, see `cut_places`) ...
        self._cuts: frozenset[Place] | None = None
        # ... or what to work them out from when asked: (the shape this one was made from, how:
        # "laid", "taken" or "replaced", where, the cards touching that place).
        self._origin: tuple[Shape, str, Place, tuple[Place, ...]] | None = None

    @classmethod
    def laid_out(cls, cards: dict[Place, DiscipleCard]) -> Shape:
        """The shape of a round's set-up Mountain. Every round with as many players lays out the
        same places, so what follows from the places alone (free places, neighbours, rings, cut
        places) is worked out once, on a model kept for those places, and taken from there."""
        places = tuple(cards)
        model = _LAID_OUT.get(places)
        if model is None:
            model = cls(cards.copy())
            model.sorted_free_places()
            model.sorted_places()
            model.cut_places()
            for place in places:
                model.around[place]  # worked out as asked
            _LAID_OUT[places] = model  # once all is worked out
        shape = cls(cards, model.around)
        shape._sorted_free, shape._sorted = model._sorted_free, model._sorted
        shape._whole, shape._holes, shape._rings, shape._cuts = model._whole, model._holes, model._rings, model._cuts
        return shape

    def is_free(self, place: Place) -> bool:
        """Whether place is empty and touches a card orthogonally: where a disciple may be laid.
        Found in the free places in order (numbers, so a search in halves is quick), rather than
        in a set made for each shape."""
        free = self.sorted_free_places()
        index = bisect_left(free, place)
        return index < len(free) and free[index] == place

    def sorted_free_places(self) -> tuple[Place, ...]:
        """The free places in order (row, then column): the order actions are listed in."""
        if self._sorted_free is None:
            cards = self.cards
            self._sorted_free = tuple(sorted({near for place in cards for near in _NEAR[place] if near not in cards}))
        return self._sorted_free

    def sorted_places(self) -> tuple[Place, ...]:
        """The places of the cards, in order (row, then column)."""
        if self._sorted is None:
            self._sorted = tuple(sorted(self.cards))
        return self._sorted

    def places_of(self, disciple: Disciple) -> tuple[Place, ...]:
        """The places of that disciple's cards, in order."""
        if self._by_disciple is None:
            by_disciple: dict[Disciple, list[Place]] = {kind: [] for kind in Disciple}
            for place in self.sorted_places():
                by_disciple[self.cards[place].disciple].append(place)
            self._by_disciple = {kind: tuple(places) for kind, places in by_disciple.items()}
        return self._by_disciple[disciple]

    def is_whole(self) -> bool:
        """Whether the cards form one orthogonally connected group (MOI-R15)."""
        if self._whole is None:
            self._whole = _connected(self.cards)
            if self._whole:
                # Euler's formula for the cards and the sides they share: every enclosed face is
                # a 2 x 2 square of cards or a group of shut-in places.
                self._rings = rings = {place: _ring(place, self.cards) for place in self.cards}
                sides = sum(_SIDES[ring] for ring in rings.values()) // 2
                squares = sum(_SQUARES[ring] for ring in rings.values()) // 4
                self._holes = sides - len(self.cards) + 1 - squares if self.cards else 0
        return self._whole

    def is_plain(self) -> bool:
        """Whether the Mountain is one piece with no empty place shut in by its cards (see the class)."""
        return self.is_whole() and self._holes == 0

    def splits(self, place: Place) -> bool:
        """Whether taking the card at place away would split the Mountain: whether it is a cut place.

        On a plain Mountain the card's ring tells; elsewhere a card hanging from a single card
        never does, nor one whose neighbours touch each other through the corners around it; only
        for other cards must the whole Mountain be searched.
        """
        if self._cuts is not None:
            return place in self._cuts
        if self.is_plain():
            ring = self._rings.get(place)
            return ring is not None and _SPLITS[ring]
        if len(self.around[place]) <= 1 or _corners_join(place, self.cards):
            return False
        return place in self.cut_places()

    def loose(self, places: tuple[Place, ...]) -> tuple[Place, ...]:
        """Those of the places (of cards) whose removal leaves the Mountain whole: no cut places."""
        cuts = self._cuts
        if cuts is None and self.is_plain():  # the rings tell (a comprehension: quicker than map()s of __getitem__)
            rings = self._rings
            return tuple([place for place in places if _HOLDS_NOTHING[rings[place]]])
        cuts = self.cut_places()
        return tuple(filterfalse(cuts.__contains__, places)) if cuts else places

    def cut_places(self) -> frozenset[Place]:
        """The cards whose removal would split the Mountain (MOI-R15)."""
        cuts = self._cuts
        if cuts is None:
            if self.is_plain():
                cuts = frozenset(place for place, ring in self._rings.items() if _SPLITS[ring])
            else:
                cuts = self._cuts_from_origin()
            if cuts is None:
                found, whole = _cut_search(self.cards, self.around)
                cuts = frozenset(found)
                if not whole:
                    return cuts
            self._cuts, self._origin = cuts, None
        return cuts

    def _cuts_from_origin(self) -> frozenset[Place] | None:
        """The cut places worked out, card by card, from those of the shapes this one was made
        from, as far back as one that knows them; None when no such shape is there, or when a
        card's change is one only a search can tell (see `_cuts_after_laying`)."""
        chain = []
        shape = self
        while shape._cuts is None and shape._origin is not None:
            chain.append((shape, shape._origin))
            shape = shape._origin[0]
        cuts = shape._cuts
        if cuts is None:
            return None
        for shape, (_, how, place, touching) in reversed(chain):
            if how == "laid":
                cuts = _cuts_after_laying(cuts, touching, len(shape.cards))
            elif how == "taken":
                cuts = None if place in cuts else _cuts_after_taking(cuts, touching, shape.cards)
            # "replaced": another card at the same place, the same cut places
            if cuts is None:
                return None
            shape._cuts, shape._origin = cuts, None
        return cuts

    def laid(self, place: Place, card: DiscipleCard) -> Shape:
        """This shape with a card laid at place; what was known carries over where it can."""
        before = self.cards
        cards = before.copy()
        cards[place] = card
        shape = Shape(cards, self.around)
        shape.made_from = self
        shape.changed_at = place
        if place in before:  # a card replaced by another: the same places, the same geometry
            shape.paths = self.paths
            shape._sorted_free, shape._sorted = self._sorted_free, self._sorted
            shape._whole, shape._holes, shape._rings, shape._cuts = self._whole, self._holes, self._rings, self._cuts
            shape._origin = (self, "replaced", place, ()) if self._cuts is None else None
            return shape
        if self._whole is None:
            self.is_whole()
        rings = self._rings.copy() if self._whole else None
        around = shape.around
        touching = []
        ring = 0
        sides, corners = _SIDES_AND_CORNERS[place]
        for bit, near, opposite in sides:
            if near in before:
                ring |= bit
                touching.append(near)
                if rings is not None:
                    rings[near] |= opposite
            known = around.get(near)
            if known is not None:  # the places beside it have one more neighbour now
                around[near] = known + (place,)
        for bit, near, opposite in corners:
            if near in before:
                ring |= bit
                if rings is not None:
                    rings[near] |= opposite
        around[place] = tuple(touching)
        known_free = self._sorted_free
        if known_free is not None:  # place is no longer free; the empty places beside it are, some for the first time
            free = list(known_free)
            _leave(free, place)
            for step in _LONELY_STEPS[ring]:
                if place + 2 * step not in before:
                    insort(free, place + step)
            shape._sorted_free = tuple(free)
        if self._by_disciple is not None:
            by_disciple = shape._by_disciple = self._by_disciple.copy()
            by_disciple[card.disciple] = _entered(by_disciple[card.disciple], place)
        if touching and rings is not None:  # still one piece: carry the rings and the count of shut-in places
            rings[place] = ring
            shape._rings = rings
            shape._whole = True
            shape._holes = self._holes + len(touching) - 1 - _SQUARES[ring]
            shape._origin = (self, "laid", place, tuple(touching))
        elif not touching and self._whole:
            shape._whole = False
        return shape

    def without(self, place: Place) -> Shape:
        """This shape with the card at place taken away (KeyError when there is none)."""
        cards = self.cards.copy()
        del cards[place]
        shape = Shape(cards, self.around)
        shape.made_from, shape.changed_at = self, place
        around = shape.around
        touching = around[place]  # still right for the place left empty
        for near in _NEAR[place]:  # the places beside it have one neighbour less now
            known = around.get(near)
            if known is not None:
                index = known.index(place)
                around[near] = known[:index] + known[index + 1 :]
        ring = self._rings.get(place) if self.is_whole() else None  # on a whole Mountain, the card's ring
        if self._sorted_free is not None:  # place is free if a card still touches it; an empty
            free = list(self._sorted_free)  # place around it, only if another card does
            if touching:
                _enter(free, place)
            if ring is None:
                lonely: Iterable[Place] = lonely_sides(place, cards)
            else:  # the ring tells which empty places beside it touched no other card, but for the one beyond
                lonely = [place + step for step in _LONELY_STEPS[ring] if place + 2 * step not in cards]
            for near in lonely:
                _leave(free, near)
            shape._sorted_free = tuple(free)
        if self._sorted is not None:
            shape._sorted = _left(self._sorted, place)
        if self._by_disciple is not None:
            by_disciple = shape._by_disciple = self._by_disciple.copy()
            disciple = self.cards[place].disciple
            by_disciple[disciple] = _left(by_disciple[disciple], place)
        if ring is not None and (self._cuts is not None or self._holes == 0):
            # Taking away a card that holds nothing together leaves one piece (Euler again).
            if place in self._cuts if self._cuts is not None else _SPLITS[ring]:
                shape._whole = False
            else:
                rings = shape._rings = self._rings.copy()
                del rings[place]
                for step, opposite in _RING_HOLDERS[ring]:  # the cards around it lose it from their rings
                    rings[place + step] &= ~opposite
                shape._whole = True
                shape._holes = self._holes - (len(touching) - 1 - _SQUARES[ring])
        shape._origin = (self, "taken", place, touching)
        return shape


#: For the places of each set-up Mountain met (in the order laid out), the shape that knows
#: what follows from them alone (see `Shape.laid_out`).
_LAID_OUT: dict[tuple[Place, ...], Shape] = {}

#: The eight places around a card, clockwise from the one above; bit i of a ring is place i.
_RING_STEPS: tuple[int, ...] = (UP, UP + RIGHT, RIGHT, DOWN + RIGHT, DOWN, DOWN + LEFT, LEFT, UP + LEFT)


#: For each place, the eight around it (see `_RING_STEPS`), each with its bit in the place's ring
#: and the bit the place has in that one's ring.
_RING_WALK: Memo = Memo(
    lambda place: tuple(
        (1 << bit, place + step, 1 << ((bit + 4) % 8)) for bit, step in enumerate(_RING_STEPS)
    )
)
#: The same, the four sides (above, right, below, left) apart from the four corners.
_SIDES_AND_CORNERS: Memo = Memo(lambda place: (_RING_WALK[place][0::2], _RING_WALK[place][1::2]))


def _ring(place: Place, cards: Container[Place]) -> int:
    """Which of the eight places around place hold cards, as bits (see `_RING_STEPS`)."""
    ring = 0
    for bit, near, _ in _RING_WALK[place]:
        if near in cards:
            ring |= bit
    return ring


def _splits(ring: int) -> bool:
    """Whether the cards beside a card (above, right, below, left) fall into two or more groups
    when joined only through the corner cards between them.

    On a plain Mountain that is exactly a cut place: if two such groups met some longer way
    round, that way and the card would close a loop round an empty corner or side of the card,
    shutting it in.
    """
    sides = [bit for bit in (0, 2, 4, 6) if ring >> bit & 1]
    joins = sum(1 for bit in sides if ring >> (bit + 1) % 8 & 1 and ring >> (bit + 2) % 8 & 1)
    return len(sides) - joins >= 2


#: For every ring: `_splits`; how many sides the card shares (cards above, right, below, left);
#: how many 2 x 2 squares of cards it is a corner of.
_SPLITS: tuple[bool, ...] = tuple(_splits(ring) for ring in range(256))
#: For every ring, the places of the cards in it, as steps from the card, each with the bit the
#: card has in that one's ring.
_RING_HOLDERS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((step, 1 << ((bit + 4) % 8)) for bit, step in enumerate(_RING_STEPS) if ring >> bit & 1) for ring in range(256)
)
#: For every ring, the steps to the empty places beside the card with no card on the corners next
#: to them either: such a place touches a card other than the one at the ring's centre only if the
#: place one step further holds one. Laying that card can make it free; taking it away, no longer.
_LONELY_STEPS: tuple[tuple[int, ...], ...] = tuple(
    tuple(_RING_STEPS[bit] for bit in (0, 2, 4, 6) if not any(ring >> (bit + turn) % 8 & 1 for turn in (-1, 0, 1)))
    for ring in range(256)
)
_HOLDS_NOTHING: tuple[bool, ...] = tuple(not splits for splits in _SPLITS)
_SIDES: tuple[int, ...] = tuple(sum(ring >> bit & 1 for bit in (0, 2, 4, 6)) for ring in range(256))
_SQUARES: tuple[int, ...] = tuple(
    sum(all(ring >> (corner + step) % 8 & 1 for step in (-1, 0, 1)) for corner in (1, 3, 5, 7)) for ring in range(256)
)


def _enter(ordered: list[Place], place: Place) -> None:
    """Put place into the sorted list, unless it is there already."""
    index = bisect_left(ordered, place)
    if index == len(ordered) or ordered[index] != place:
        ordered.insert(index, place)


def _entered(ordered: tuple[Place, ...], place: Place) -> tuple[Place, ...]:
    """The sorted places with place put in (it is not among them)."""
    index = bisect_left(ordered, place)
    return ordered[:index] + (place,) + ordered[index:]


def _left(ordered: tuple[Place, ...], place: Place) -> tuple[Place, ...]:
    """The places with place taken out (it is among them)."""
    index = ordered.index(place)
    return ordered[:index] + ordered[index + 1 :]


def _leave(ordered: list[Place], place: Place) -> None:
    """Take place out of the sorted list, if it is there."""
    index = bisect_left(ordered, place)
    if index < len(ordered) and ordered[index] == place:
        del ordered[index]


class _Around(dict):
    """For each place, the cards that share a side with it, each worked out the first time it is
    asked for (from `cards`, set by the shape), in the order up, right, down, left.

    A shape made from another starts from a copy of its entries and mends those a card laid or
    taken away changes (adding or dropping that card, out of order) instead of deleting them:
    a dict with deleted entries is copied entry by entry, a clean one all at once.
    """

    __slots__ = ("cards",)
    cards: Container[Place]

    def __missing__(self, place: Place) -> tuple[Place, ...]:
        near = self[place] = tuple(filter(self.cards.__contains__, _NEAR[place]))
        return near

def _cuts_after_laying(cuts: frozenset[Place], touching: Sequence[Place], count: int) -> frozenset[Place] | None:
    """The cut places of a whole Mountain once a card is laid touching these cards, from those
    before; None when only a new search can tell.

    The card laid is never a cut place: without it the Mountain is as it was, whole. A card laid
    against a single card hangs from it, so that card becomes a cut place (once the Mountain has
    three cards) and nothing else changes. A card laid against several may join the two sides of
    a cut place and mend it, which takes a search to tell; but with no cut place before, there is
    none after.
    """
    if len(touching) == 1:
        return cuts | {touching[0]} if count >= 3 else cuts
    if not cuts:
        return cuts
    return None


def _cuts_after_taking(
    cuts: frozenset[Place], touching: tuple[Place, ...], cards: dict[Place, DiscipleCard]
) -> frozenset[Place] | None:
    """The cut places once a card that was not one is taken away from a whole Mountain (it stays
    whole), from those before; None when only a new search can tell.

    Only a card that hung from a single card is easy: every other card keeps its part, and the
    card it hung from stays a cut place only if its other neighbours are still kept apart without
    it, which we can see for sure only when they touch through the corners between them.
    """
    if len(touching) != 1:
        return None
    (held,) = touching
    if held not in cuts:  # only with two cards left: the one it hung from held nothing together
        return None
    if len(cards) < 3 or _corners_join(held, cards):
        return cuts - {held}
    return None


def _corners_join(place: Place, cards: dict[Place, DiscipleCard]) -> bool:
    """Whether the cards around place (up, right, down, left) all reach each other through the
    cards on the corners between them, so that taking place away leaves them together."""
    ring = [near for _, near, _ in _RING_WALK[place]]
    present = links = 0
    for side in range(0, 8, 2):
        if ring[side] in cards:
            present += 1
            if ring[side + 1] in cards and ring[(side + 2) % 8] in cards:
                links += 1
    return links >= present - 1


class _PawnFacts:
    """What follows from where the pawns stand alone: how many stand on each card, and the full
    cards by the limit of pawns per card; shared by the positions with the same pawns, since
    laying or taking away a card moves none."""

    __slots__ = ("counts", "full", "colours", "places")

    def __init__(self) -> None:
        self.counts: dict[Place, int] | None = None
        self.full: dict[int, frozenset[Place]] = {}
        self.colours: tuple[Colour, ...] | None = None
        self.places: Mapping[Colour, Coord] | None = None  # the pawns at (row, column) places, for `pawns`


class Position:
    """An immutable Mountain: which card lies at each place and where each pawn stands.

    Two positions are equal when the same cards lie at the same coordinates with the same pawns;
    how the text was spaced does not matter. Positions with the same cards share their `shape`.

    Its methods take and give (row, column) places; inside, and to the engine through the
    methods that say so, it keeps place codes (`place_code`): `_cards` and `_pawns` hold them.
    """

    __slots__ = ("_shape", "_cards", "_pawns", "_hash", "_by_pawns")

    def __init__(self, cards: Mapping[Coord, DiscipleCard], pawns: Mapping[Colour, Coord] | None = None):
        self._cards: dict[Place, DiscipleCard] = {place_code(checked_place(place)): card for place, card in cards.items()}
        self._pawns: dict[Colour, Place] = {colour: place_code(checked_place(place)) for colour, place in (pawns or {}).items()}
        for card in self._cards.values():
            if type(card) is not DiscipleCard:
                raise ValueError(f"only disciples lie in the Mountain, not {card!r}")
        for card, count in Counter(self._cards.values()).items():
            if count > DECK_COUNTS[card]:
                raise ValueError(f"the deck has only {plural(DECK_COUNTS[card], card.code + ' card')} and this Mountain shows {count} "
                                 "(rulebook, Card Descriptions)")
        for colour, code in self._pawns.items():
            if type(colour) is not Colour:
                raise ValueError(f"a pawn is one of the Colour values, not {colour!r}")
            if code not in self._cards:
                raise ValueError(f"the {colour.english} pawn stands at {place_at(code)}, where there is no card")
        self._shape = Shape(self._cards)
        self._hash: int | None = None
        self._by_pawns = _PawnFacts()

    @classmethod
    def laid_out(cls, cards: dict[Place, DiscipleCard]) -> Position:
        """A Mountain with no pawn yet from disciple cards at place codes, as a round's set-up
        lays them (nothing to check: every round makes one). The dict becomes the position's."""
        return _trusted(Shape.laid_out(cards), {})

    # --- reading -------------------------------------------------------------------------
    @property
    def cards(self) -> Mapping[Coord, DiscipleCard]:
        """The cards by their (row, column) places, in the order they were laid out or laid."""
        memo = self._shape.memo
        cards = memo.get("cards at places")
        if cards is None:
            cards = memo["cards at places"] = MappingProxyType({_PLACES[code]: card for code, card in self._cards.items()})
        return cards

    @property
    def pawns(self) -> Mapping[Colour, Coord]:
        """Where each pawn stands, at (row, column) places."""
        facts = self._by_pawns
        if facts.places is None:
            facts.places = MappingProxyType({colour: _PLACES[code] for colour, code in self._pawns.items()})
        return facts.places

    @property
    def shape(self) -> Shape:
        """Where the cards lie and what follows from that alone (in place codes); shared by
        positions with these cards."""
        return self._shape

    def card_at(self, place: Coord) -> DiscipleCard | None:
        code = _code_or_none(place)
        return None if code is None else self._cards.get(code)

    def pawns_at(self, place: Coord) -> tuple[Colour, ...]:
        code = _code_or_none(place)
        return () if code is None else self.colours_on(code)

    def colours_on(self, place: Place) -> tuple[Colour, ...]:
        """`pawns_at` for a place code: the colours of the pawns there, in colour order."""
        pawns = self._pawns
        return tuple(colour for colour in COLOUR_ORDER if pawns.get(colour) == place)

    def pawn(self, colour: Colour | str) -> Coord:
        """Where that pawn stands; a clear error when it is not on this Mountain."""
        return _PLACES[self.pawn_place(colour)]

    def pawn_place(self, colour: Colour | str) -> Place:
        """`pawn` as a place code."""
        place = self._pawns.get(colour) if type(colour) is Colour else None  # a Colour, usually: no parsing
        if place is not None:
            return place
        colour = Colour.parse(colour)
        try:
            return self._pawns[colour]
        except KeyError:
            raise DataError("colour", f"there is no {colour.english} pawn on this Mountain") from None

    def pawn_colours(self) -> tuple[Colour, ...]:
        """The colours of the pawns on this Mountain, in colour order (red, yellow, blue, black)."""
        colours = self._by_pawns.colours
        if colours is None:
            colours = self._by_pawns.colours = tuple(filter(self._pawns.__contains__, COLOUR_ORDER))
        return colours

    def pawn_count(self, place: Coord) -> int:
        """How many pawns stand on that place."""
        code = _code_or_none(place)
        return 0 if code is None else self.count_on(code)

    def count_on(self, place: Place) -> int:
        """`pawn_count` for a place code."""
        counts = self._by_pawns.counts
        if counts is None:
            counts = self._by_pawns.counts = {}
            for where in self._pawns.values():
                counts[where] = counts.get(where, 0) + 1
        return counts.get(place, 0)

    def full_places(self, limit: int) -> frozenset[Coord]:
        """The cards holding `limit` pawns or more: no pawn may stop there (MOI-R13)."""
        return frozenset(places_at(self.full(limit)))

    def full(self, limit: int) -> frozenset[Place]:
        """`full_places` as place codes, kept with the pawns."""
        known = self._by_pawns.full
        full = known.get(limit)
        if full is None:
            if limit == 1:
                full = frozenset(self._pawns.values())
            else:
                full = frozenset(place for place in self._pawns.values() if self.count_on(place) >= limit)
            known[limit] = full
        return full

    def empty_neighbours(self) -> frozenset[Coord]:
        """Empty places that touch a card orthogonally (computed once for the shape)."""
        memo = self._shape.memo
        free = memo.get("free places")
        if free is None:
            free = memo["free places"] = frozenset(places_at(self._shape.sorted_free_places()))
        return free

    def adjacency(self) -> dict[Coord, tuple[Coord, ...]]:
        """For each card, the cards that share a side with it."""
        around = self._shape.around
        return {_PLACES[place]: places_at(around[place]) for place in self._cards}

    def cut_places(self) -> frozenset[Coord]:
        """The cards whose removal would split the Mountain (MOI-R15), computed once for the shape."""
        return frozenset(places_at(self._shape.cut_places()))

    def is_whole(self) -> bool:
        """Whether the cards form one orthogonally connected group (MOI-R15)."""
        return self._shape.is_whole()

    def bounds(self) -> tuple[Coord, Coord]:
        """Top-left and bottom-right places of the text frame; it starts at (0, 0) or above it."""
        if not self._cards:
            return (0, 0), (-1, -1)
        places = places_at(self._cards)
        rows = [row for row, _ in places]
        columns = [column for _, column in places]
        return (min(0, *rows), min(0, *columns)), (max(rows), max(columns))

    # --- changing (each returns a new position) ------------------------------------------
    def with_card(self, place: Coord, card: DiscipleCard | str) -> Position:
        """The card, or its notation ("MK+2"), laid at place, in place of any card there (its pawns
        stay); ValueError when the deck has no more of that card, as `parse` would say (a position
        made here is always one its text reads back as)."""
        code, card = place_code(checked_place(place)), given_disciple(card)
        shown = 1 + sum(other == card for there, other in self._cards.items() if there != code)
        if shown > DECK_COUNTS[card]:
            raise ValueError(f"the deck has only {plural(DECK_COUNTS[card], card.code + ' card')} and this Mountain would show {shown} "
                             "(rulebook, Card Descriptions)")
        return self.laid(code, card)

    def laid(self, place: Place, card: DiscipleCard) -> Position:
        """`with_card` at a place code."""
        return _trusted(self._shape.laid(place, card), self._pawns, self._by_pawns)

    def without_card(self, place: Coord) -> Position:
        return self.taken(place_code(checked_place(place)))

    def taken(self, place: Place) -> Position:
        """`without_card` at a place code."""
        if place in self._pawns.values():
            raise ValueError(f"the card at {place_at(place)} holds a pawn and cannot be taken away")
        return _trusted(self._shape.without(place), self._pawns, self._by_pawns)

    def with_pawn(self, colour: Colour | str, place: Coord) -> Position:
        return self.pawn_moved(colour, place_code(checked_place(place)))

    def pawn_moved(self, colour: Colour | str, place: Place) -> Position:
        """`with_pawn` at a place code."""
        if place not in self._cards:
            raise ValueError(f"there is no card at {place_at(place)} for the pawn")
        pawns = self._pawns.copy()
        pawns[colour if type(colour) is Colour else Colour.parse(colour)] = place
        return _trusted(self._shape, pawns)

    def with_card_moved(self, source: Coord, target: Coord) -> Position:
        """The card at source, with every pawn on it, now at target (Iron Fan Princess)."""
        return self.card_moved(place_code(checked_place(source)), place_code(checked_place(target)))

    def card_moved(self, source: Place, target: Place) -> Position:
        """`with_card_moved` between place codes."""
        card = self._cards[source]
        pawns = {colour: (target if place == source else place) for colour, place in self._pawns.items()}
        return _trusted(self._shape.without(source).laid(target, card), pawns)

    # --- notation ------------------------------------------------------------------------
    @classmethod
    def parse(cls, text: str, rules: Rules | None = None, *, whole: bool = True, origin: Coord = (0, 0)) -> Position:
        """Read the notation; anything malformed raises NotationError naming token, row and column
        (of the text, counted from 0).

        A Mountain is one piece (MOI-R15): cards in two pieces are refused, unless `whole=False`,
        for a figure of what the rules forbid or of a row with a gap. The text's first token lies
        at `origin`, (0, 0) unless told: a Mountain grown up or left of where it began gives it."""
        return _parse(text, rules, whole, origin)

    def token(self, place: Coord) -> str:
        code = _code_or_none(place)
        card = None if code is None else self._cards.get(code)
        if card is None or code is None:
            return "."
        pawns = "".join(colour.letter for colour in self.colours_on(code))
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
        """Code that makes this position again: the text, and what else `parse` must be told."""
        told = ""
        if not self._shape.is_whole():
            told += ", whole=False"
        (top, left), _ = self.bounds()
        if (top, left) != (0, 0):
            told += f", origin=({top}, {left})"
        shared = max(Counter(self._pawns.values()).values(), default=1)
        if shared > 1:
            told += ", rules=Rules(two_pawns=True)" if shared == 2 else f", rules=Rules(two_pawns=True, shared_card_limit={shared})"
        return f"Position.parse('''\n{self}\n'''{told})"

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
        code = _code_or_none(place)
        return code is not None and code in self._cards


def given_position(position: object, rules: Rules | None = None) -> Position:
    """The Mountain a function a reader calls is given: a Position, or its notation read as `show`
    reads it (under the rules given with it); DataError naming `position` for anything else."""
    if isinstance(position, Position):
        return position
    if isinstance(position, str):
        return _parse(position, rules, True, (0, 0))
    raise DataError("position", Message("a Position or its notation, as 'MK+1@R PM+1', not {value}", value=shown(position)))


def given_disciple(card: object) -> DiscipleCard:
    """A disciple card, or its notation ("MK+2"); NotationError for a code that is none,
    DataError naming `card` for anything else."""
    if type(card) is DiscipleCard:
        return card
    if isinstance(card, str):
        read = parse_card(card)
        if type(read) is not DiscipleCard:
            raise NotationError(card, Message("only a disciple is laid in the Mountain"))
        return read
    raise DataError("card", Message("expected a disciple card (MK+2, ...), not {value}", value=shown(card)))


def checked_place(place: object) -> Coord:
    """The place, once it is (row, column), two whole numbers within `REACH` of (0, 0)."""
    if not (type(place) is tuple and len(place) == 2 and type(place[0]) is int and type(place[1]) is int
            and -REACH <= place[0] <= REACH and -REACH <= place[1] <= REACH):
        raise ValueError(f"a place is (row, column), two whole numbers from {-REACH} to {REACH}, not {place!r}"[:200])
    return place


def _code_or_none(place: object) -> Place | None:
    """The code of a (row, column) place that has one (a step or so beyond `REACH` too); None
    for anything else, which holds no card."""
    if (type(place) is tuple and len(place) == 2 and type(place[0]) is int and type(place[1]) is int
            and -SHIFT < place[0] < SHIFT and -SHIFT < place[1] < SHIFT):
        return place_code(place)
    return None


def _trusted(shape: Shape, pawns: dict[Colour, Place], by_pawns: _PawnFacts | None = None) -> Position:
    """A position from a shape and a dict nobody else will change (and what is known of those
    pawns, when the pawns are another position's)."""
    position = _new_object(Position)
    position._shape = shape
    position._cards = shape.cards
    position._pawns = pawns
    position._hash = None
    position._by_pawns = _PawnFacts() if by_pawns is None else by_pawns
    return position


_new_object = object.__new__


def is_connected(places: Iterable[Coord] | Position | str) -> bool:
    """Whether the (row, column) places, or a Mountain's cards (a Position or its notation), form
    one orthogonally connected group (an empty set counts as whole)."""
    return _connected(map(place_code, _given_places(places)))


def _connected(places: Iterable[Place]) -> bool:
    """`is_connected` for place codes."""
    remaining = set(places)
    if not remaining:
        return True
    stack = [remaining.pop()]
    while stack:
        place = stack.pop()
        for near in _NEAR[place]:
            if near in remaining:
                remaining.remove(near)
                stack.append(near)
    return not remaining


def cut_places(places: Iterable[Coord] | Position | str) -> set[Coord]:
    """The (row, column) places (or a Mountain's: a Position or its notation) whose card, taken
    away, would split the Mountain in two (MOI-R15).

    These are the articulation points of the grid graph (Tarjan's depth-first search) of the
    group that holds the first place; the Mountain never has more than 52 cards, so recursion
    stays shallow.
    """
    nodes = set(map(place_code, _given_places(places)))
    around = _Around()
    around.cards = nodes
    return set(places_at(_cut_search(nodes, around)[0]))


def _given_places(places: object) -> list[Coord]:
    """The places `is_connected` and `cut_places` are given, each checked; a Mountain's are its
    cards', and its notation may show it in pieces (that is what they tell)."""
    if isinstance(places, str):
        places = _parse(places, None, False, (0, 0))
    if isinstance(places, Position):
        return list(places.cards)
    if not isinstance(places, Iterable):
        raise ValueError(f"places: a Position, its notation or a list of places (row, column), not {places!r}"[:200])
    try:
        return [checked_place(place) for place in places]
    except ValueError as error:
        raise ValueError(f"places: {error}") from None


def _cut_search(cards: Collection[Place], around: Mapping[Place, tuple[Place, ...]]) -> tuple[set[Place], bool]:
    """The cut places (see `cut_places`) and whether the cards are one group."""
    if len(cards) < 3:
        return set(), _connected(cards)
    order: dict[Place, int] = {}
    cuts: set[Place] = set()

    def visit(place: Place, parent: Place | None) -> int:
        order[place] = mine = low = len(order)
        children = 0
        for near in around[place]:
            if near == parent:
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
            if below >= mine and parent is not None:
                cuts.add(place)
        if parent is None and children > 1:
            cuts.add(place)
        return low

    visit(min(cards), None)
    return cuts, len(order) == len(cards)


# --- parsing ---------------------------------------------------------------------------------
_CARD = re.compile(r"([A-Za-z]*)(.*)", re.ASCII | re.DOTALL)
_CODES = ", ".join(disciple.code for disciple in Disciple)
_EVENT_WORDS = {kind.value for kind in EventKind} | {"BK", "MBK", "IFP", "RB", "GY"}


def _parse(text: str, rules: Rules | None, whole: bool, origin: Coord) -> Position:
    """`Position.parse`. Inside, cards and pawns are kept by the text's (row, column) until the
    position is made, so that every error names where it stands in the text."""
    from rulesbook.inferno.rules import Rules

    if not isinstance(text, str):
        raise NotationError(type(text).__name__, Message("Position.parse expects notation text"))
    try:
        top, left = checked_place(origin)
    except ValueError as error:
        raise ValueError(f"origin: {error}") from None
    rules = Rules() if rules is None else Rules.given(rules)
    cards: dict[Coord, DiscipleCard] = {}
    pawns: dict[Colour, Coord] = {}
    seen: Counter = Counter()
    lines = _rows(text)
    most_rows, most_places = REACH - top + 1, REACH - left + 1
    if len(lines) > most_rows:
        raise NotationError(lines[most_rows].split()[0][:40], Message("a Mountain has at most {rows} rows (places lie within {reach} of 0,0)", rows=most_rows, reach=REACH), most_rows)
    for row, line in enumerate(lines):
        tokens = line.split()
        if len(tokens) > most_places:
            raise NotationError(tokens[most_places][:40], Message("a row has at most {places} places (places lie within {reach} of 0,0)", places=most_places, reach=REACH), row, most_places)
        for column, token in enumerate(tokens):
            place = (row, column)
            card, colours = _parse_token(token, row, column)
            if card is None:
                continue
            seen[card] += 1
            if seen[card] > DECK_COUNTS[card]:
                raise NotationError(
                    token,
                    counted(DECK_COUNTS[card], "the deck has only {count} {card} card and this Mountain shows more (rulebook, Card Descriptions)",
                            "the deck has only {count} {card} cards and this Mountain shows more (rulebook, Card Descriptions)", card=card.code),
                    row,
                    column,
                )
            if len(colours) > rules.max_pawns_per_card:
                why = (
                    Message("two pawns may share a card only with the optional rule, Rules(two_pawns=True) (MOI-R13)")
                    if rules.max_pawns_per_card == 1
                    else Message("at most {count} pawns may share a card (MOI-R13)", count=rules.max_pawns_per_card)
                )
                raise NotationError(token, why, row, column)
            for colour in colours:
                if colour in pawns:
                    other_row, other_column = pawns[colour]
                    raise NotationError(
                        token,
                        Message("the {colour} pawn already stands at row {row}, column {column}; each colour has one pawn",
                                colour=term(colour.english, "colour"), row=other_row, column=other_column),
                        row,
                        column,
                    )
                pawns[colour] = place
            cards[place] = card
    if whole:
        _check_whole(cards, lines)
    return Position({(top + row, left + column): card for (row, column), card in cards.items()},
                    {colour: (top + row, left + column) for colour, (row, column) in pawns.items()})


#: Why the notation refuses a row's indent or a blank line: both would move cards without a word.
_BY_TOKENS = Message("write '.' for an empty place: columns are counted by tokens, not spaces")


def _rows(text: str) -> list[str]:
    """The text's rows: its lines, blank lines before and after them and an indent common to all
    (a triple-quoted string's) left out. A row indented more than the others, or a blank line
    between rows, is a NotationError: a token's column is its place among the row's tokens, so
    spaces before a row would not move its cards right, nor a blank line move the next rows down."""
    lines = text.splitlines()
    filled = [index for index, line in enumerate(lines) if line.strip()]
    if not filled:
        return []
    lines = lines[filled[0]:filled[-1] + 1]
    indents = [line[:len(line) - len(line.lstrip())] for line in lines if line.strip()]
    common = min(indents, key=len)
    rows: list[str] = []
    for index, line in enumerate(lines):
        if not line.strip():  # the last line has words: a row follows
            after = next(later for later in lines[index:] if later.strip())
            raise NotationError(after.split()[0][:40], Message(
                "a blank line between rows: rows follow one another, line after line (a row of '.' is an empty row); {why}",
                why=_BY_TOKENS), len(rows), 0)
        indent = line[:len(line) - len(line.lstrip())]
        if indent != common:
            why = (Message("this row is indented and the others are not: {why}", why=_BY_TOKENS) if indent.startswith(common)
                   else Message("this row's indent differs from the others': {why}", why=_BY_TOKENS))
            raise NotationError(line.split()[0][:40], why, len(rows), 0)  # column 0: where its first card would lie
        rows.append(line[len(common):])
    return rows


def _check_whole(cards: dict[Coord, DiscipleCard], lines: list[str]) -> None:
    """NotationError naming the first card cut off from the rest: the Mountain is one piece (MOI-R15)."""
    if _connected(map(place_code, cards)):
        return
    remaining = set(cards)
    first = min(remaining)
    stack = [first]
    remaining.discard(first)
    while stack:
        for near in neighbours(stack.pop()):
            if near in remaining:
                remaining.remove(near)
                stack.append(near)
    row, column = min(remaining)
    raise NotationError(lines[row].split()[column], Message(
        "this card touches no card of the rest of the Mountain: the Mountain is one piece, joined along the sides of its cards"
        " (MOI-R15)"), row, column)


def _parse_token(token: str, row: int, column: int) -> tuple[DiscipleCard | None, list[Colour]]:
    head, at, pawn_letters = token.partition("@")
    if head == ".":
        if at:
            raise NotationError(token, Message("a pawn must stand on a card, not on an empty place"), row, column)
        return None, []
    match = _CARD.fullmatch(head)
    assert match is not None  # the pattern matches any text
    code, rest = match.groups()
    if not code:
        if WHOLE_NUMBER.fullmatch(rest):
            raise NotationError(token, Message("missing disciple code before the value; expected one of {codes}", codes=_CODES), row, column)
        raise NotationError(
            token, Message("not a place: write '.' for an empty place or a card such as MK+2 ({codes} and a value)", codes=_CODES),
            row, column,
        )
    upper = code.upper()
    try:
        disciple = Disciple.from_code(upper)
    except ValueError:
        if upper in _EVENT_WORDS:
            why = Message("event cards are never part of the Mountain; only disciples are laid there")
        else:
            why = Message("unknown disciple code {code}; expected one of {codes}", code=repr(code), codes=_CODES)
        raise NotationError(token, why, row, column) from None
    if not rest:
        raise NotationError(token, Message("missing value after {code}; write it as {code}+1, {code}+2, {code}+3 or {code}-3", code=upper),
                            row, column)
    if not WHOLE_NUMBER.fullmatch(rest) or len(rest) > 4:
        raise NotationError(token[:40], Message("malformed value {value}; expected +1, +2, +3 or -3", value=repr(rest[:12])), row, column)
    value = int(rest)
    if value not in DISCIPLE_VALUES:
        raise NotationError(
            token, Message("no {disciple} card is worth {value}; the deck has +1, +2, +3 and -3 (rulebook, Card Descriptions)",
                           disciple=term(disciple.english, "disciple"), value=f"{value:+d}"), row, column,
        )
    colours: list[Colour] = []
    if at:
        if "@" in pawn_letters:
            raise NotationError(token, Message("write '@' once, followed by all the pawn colours"), row, column)
        if not pawn_letters:
            raise NotationError(token, Message("'@' must be followed by pawn colours: R, Y, B or K"), row, column)
        for letter in pawn_letters:
            try:
                colour = Colour.parse(letter) if letter.isascii() and letter.isalpha() and len(letter) == 1 else None
            except NotationError:
                colour = None
            if colour is None:
                raise NotationError(
                    token, Message("unknown pawn colour {letter}; expected R (red), Y (yellow), B (blue) or K (black)", letter=repr(letter)),
                    row, column,
                )
            if colour in colours:
                raise NotationError(token, Message("the {colour} pawn is written twice", colour=term(colour.english, "colour")), row, column)
            colours.append(colour)
    return DiscipleCard(disciple, value), colours
