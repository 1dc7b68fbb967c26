"""What each card effect could do on a given Mountain: the legal targets, nothing applied.

All answers keep the Mountain in one piece (MOI-R15) and respect how many pawns a card may hold
(MOI-R13). They are sets of (row, column) places; the `sorted_` twins give the same places in
order. What the cards alone decide (Bison King paths, where a lifted card may go, which cards
hold the Mountain together) is worked out once for the shape, since listing the legal actions
and checking one asks the same questions again; the pawns' part is added at each asking. What
the engine asks (`bison_moves`, `princess_moves`, `red_boy_discards` ...) it asks in place
codes, the Mountain's own (`rulesbook.inferno.position.place_code`).

The functions a reader calls take the Mountain as a Position or in its notation, as `show` does,
and check what they are given; those the engine asks trust it.
"""

from __future__ import annotations

from collections import deque
from functools import lru_cache
from itertools import filterfalse

from rulesbook.core.data import DataError, shown
from rulesbook.core.errors import IllegalAction
from rulesbook.core.messages import Message
from rulesbook.inferno.cards import Disciple
from rulesbook.inferno.position import (
    SPAN, Colour, Coord, Place, Position, Shape, given_position, lonely_sides, neighbours, place_code, places_at,
)
from rulesbook.inferno.rules import Rules, bison_steps

_DEFAULT = Rules()

#: The printed reach: `Rules.bison_reach`'s default, whose paths are written out by hand below.
PRINTED_REACH = _DEFAULT.bison_reach
#: Steps a Mighty Bison King move takes, by the number of Bison cards played (MOI-R05), as printed
#: (the house rule `Rules.bison_reach` may change them: `Rules.bison_steps`).
BISON_STEPS: dict[int, range] = {cards: bison_steps(PRINTED_REACH, cards) for cards in (1, 2)}


def placements(position: Position | str) -> set[Coord]:
    """Where a disciple may be laid: an empty place touching a card orthogonally (rulebook I)."""
    return set(given_position(position).empty_neighbours())


def has_room(position: Position, place: Coord, rules: Rules = _DEFAULT) -> bool:
    """Whether one more pawn may stand on that card (MOI-R13)."""
    return position.pawn_count(place) < rules.max_pawns_per_card


def bison_destinations(position: Position | str, colour: Colour | str, cards: int = 1, rules: Rules = _DEFAULT) -> set[Coord]:
    """Where Mighty Bison King can move that pawn (MOI-R05).

    One card: 1-3 steps; two cards: 4-5 steps (or as the house rule `bison_reach` says). Each step
    goes to an orthogonally adjacent card, never over an empty place; the path may pass over pawns
    but visits no card twice, so it never ends where it started, and it may not end on a card that
    is full.
    """
    return set(sorted_bison_destinations(position, colour, cards, rules))


def sorted_bison_destinations(
    position: Position | str, colour: Colour | str, cards: int = 1, rules: Rules = _DEFAULT
) -> tuple[Coord, ...]:
    """`bison_destinations` in order."""
    rules = Rules.given(rules)
    position = given_position(position, rules)
    if type(cards) is not int:
        raise DataError("cards", f"expected how many Mighty Bison King cards are played, 1 or 2, not {shown(cards)}")
    if cards not in BISON_STEPS:
        raise IllegalAction(f"one or two Mighty Bison King cards may be played together, not {cards}", "MOI-R05")
    return places_at(bison_moves(position, Colour.parse(colour), cards, rules.max_pawns_per_card, rules.bison_reach))


def bison_moves(position: Position, colour: Colour, cards: int, limit: int,
                reach: tuple[int, int] = PRINTED_REACH) -> tuple[Place, ...]:
    """`sorted_bison_destinations` as place codes, for a colour and a count already checked,
    with cards holding `limit` pawns full: the path ends kept with the shape, less the full cards."""
    start = position._pawns.get(colour) or position.pawn_place(colour)  # pawn_place(): the error when it is not there
    if reach == PRINTED_REACH:
        ends = bison_path_ends(position._shape, start, cards)
    else:
        ends = any_path_ends(position._shape, start, bison_steps(reach, cards))
    full = position.full(limit)
    return ends if full.isdisjoint(ends) else tuple(filterfalse(full.__contains__, ends))


def bison_path_ends(shape: Shape, start: Place, cards: int) -> tuple[Place, ...]:
    """Every card where a Bison King path from start can end, pawns aside, in order (MOI-R05).

    The paths are written out step by step rather than searched: a one-card move has three steps
    at most, a two-card move five. A path visits no card twice. Places alternate between two
    colours, as on a chessboard, with every step, so a path can only come back to a card an even
    number of steps later: only those returns need a test. Kept with the shape: pawns play no part.
    """
    key = (start, cards)
    known = shape.paths.get(key)
    if known is not None:
        return known
    known = _kept_paths(shape, key)
    if known is not None:
        shape.paths[key] = known
        return known
    around = shape.around
    ends: set[Place] = set()
    if cards == 1:
        # Every card one to three steps away: the shortest way there visits no card twice. Two
        # steps never come back to start (nor do three), and a card one step away is three steps
        # away only through a card two steps away, hence the firsts added to the seconds.
        firsts = around[start]
        seconds: set[Place] = set()
        for first in firsts:
            seconds.update(around[first])
        seconds.discard(start)
        ends = seconds.union(firsts)
        for second in seconds:
            ends.update(around[second])
    else:
        for first in around[start]:
            for second in around[first]:
                if second == start:
                    continue
                for third in around[second]:
                    if third == first:
                        continue
                    for fourth in around[third]:
                        if fourth == second or fourth == start:
                            continue
                        ends.add(fourth)
                        for fifth in around[fourth]:
                            if fifth != third and fifth != first:
                                ends.add(fifth)
    known = shape.paths[key] = tuple(sorted(ends))
    return known


def card_distances(position: Position, start: Coord) -> dict[Coord, int]:
    """For each card joined to start by cards, the length of the shortest path there (a shortest
    path never visits a card twice, MOI-R05): a breadth-first search, cheap on any Mountain, for
    wording a move (a refused Bison King's, `engine.bison_refusal`; the lessons'), never asked on
    the way to a legal one."""
    return _card_distances(position, start)


@lru_cache(maxsize=512)
def _card_distances(position: Position, start: Coord) -> dict[Coord, int]:
    cards = position.cards
    distances = {start: 0}
    waiting = deque([start])
    while waiting:
        place = waiting.popleft()
        for near in neighbours(place):
            if near in cards and near not in distances:
                distances[near] = distances[place] + 1
                waiting.append(near)
    return distances


def any_path_ends(shape: Shape, start: Place, steps: range) -> tuple[Place, ...]:
    """Where a path from start that visits no card twice ends after a number of steps in `steps`,
    in order: a house rule's Bison King (`Rules.bison_reach`), searched card by card (MOI-R05).
    Kept with the shape."""
    key = ("any", start, steps.start, steps.stop)
    known = shape.paths.get(key)
    if known is not None:
        return known
    around = shape.around
    ends: set[Place] = set()
    path = [start]

    def walk(place: Place) -> None:
        if len(path) - 1 in steps:
            ends.add(place)
        if len(path) - 1 == steps.stop - 1:
            return
        for following in around[place]:
            if following not in path:
                path.append(following)
                walk(following)
                path.pop()

    walk(start)
    known = shape.paths[key] = tuple(sorted(ends))
    return known


#: How far (in rows plus columns) a Bison King path of one or two cards reaches: as many as its steps.
_REACH = {1: 3, 2: 5}
#: The same as differences of place codes: for each count of cards, every place code minus the
#: start's that lies within its reach, so that one look-up tells whether a card laid or taken away
#: there can change the paths.
_WITHIN_REACH = {
    cards: frozenset(rows * SPAN + columns for rows in range(-reach, reach + 1)
                     for columns in range(abs(rows) - reach, reach - abs(rows) + 1))
    for cards, reach in _REACH.items()
}
#: How many shapes back `_kept_paths` looks.
LOOK_BACK = 6


def _kept_paths(shape: Shape, key: tuple[Place, int]) -> tuple[Place, ...] | None:
    """The path ends from the same start on a shape this one was made from, a few cards back, if
    every card laid or taken since then is out of the paths' reach; None when there is none."""
    start, cards = key
    within = _WITHIN_REACH[cards]
    for _ in range(LOOK_BACK):
        change, earlier = shape.changed_at, shape.made_from
        if earlier is None or change is None or change - start in within:
            return None
        shape = earlier
        known = shape.paths.get(key)
        if known is not None:
            return known
    return None


def princess_lift_allowed(position: Position, place: Coord) -> bool:
    """Whether lifting the card at place leaves the rest of the Mountain whole (MOI-R15)."""
    return lift_allowed(position, place_code(place))


def lift_allowed(position: Position, place: Place) -> bool:
    """`princess_lift_allowed` at a place code."""
    return len(position._cards) > 1 and not position._shape.splits(place)


def princess_destinations(position: Position | str, colour: Colour | str, rules: Rules = _DEFAULT) -> set[Coord]:
    """Where Iron Fan Princess can put the card under that pawn, pawn and all (MOI-R15).

    The lift must not split the Mountain, and the card goes to another empty place that touches
    the rest of the Mountain orthogonally.
    """
    return set(sorted_princess_destinations(position, colour, rules))


def sorted_princess_destinations(position: Position | str, colour: Colour | str, rules: Rules = _DEFAULT) -> tuple[Coord, ...]:
    """`princess_destinations` in order."""
    rules = Rules.given(rules)
    position = given_position(position, rules)
    return places_at(princess_moves(position, position.pawn_place(colour)))


def princess_moves(position: Position, source: Place) -> tuple[Place, ...]:
    """Where the card at source may go, in order, as place codes; kept with the shape (pawns play no part).

    The places touching the rest of the Mountain are the free places, less those whose only
    neighbouring card is the one lifted (`princess_left_out`).
    """
    shape = position._shape
    key = ("princess", source)
    known = shape.memo.get(key)
    if known is None:
        alone = princess_left_out(position, source)
        if alone is None:
            known = ()
        else:
            known = shape.sorted_free_places()
            for place in alone:  # a free place (it touches source), found and cut out
                index = known.index(place)
                known = known[:index] + known[index + 1 :]
        shape.memo[key] = known
    return known


def princess_left_out(position: Position, source: Place) -> tuple[Place, ...] | None:
    """None when the card at source may not be lifted (MOI-R15); else the free places it may not
    go to, those whose only neighbouring card is the one lifted, in order (place codes). Worked
    out afresh: `princess_moves` keeps what follows from it with the shape."""
    if not lift_allowed(position, source):
        return None
    alone = lonely_sides(source, position._shape.cards)
    return tuple(sorted(alone)) if len(alone) > 1 else alone


def red_boy_targets(position: Position | str, picture: Disciple | str | None, rules: Rules = _DEFAULT) -> set[Coord]:
    """The cards a Red Boy can discard (MOI-R15, MOI-R16).

    One Red Boy: a card of the disciple in its picture; two Red Boys (picture None): any disciple.
    Never a card holding a pawn, never a card whose removal splits the Mountain.
    """
    return set(sorted_red_boy_targets(position, picture, rules))


def sorted_red_boy_targets(
    position: Position | str, picture: Disciple | str | None, rules: Rules = _DEFAULT
) -> tuple[Coord, ...]:
    """`red_boy_targets` in order; the picture may be a disciple's code ("MK")."""
    rules = Rules.given(rules)
    position = given_position(position, rules)
    if picture is not None and not isinstance(picture, Disciple):
        picture = _picture(picture)
    return places_at(red_boy_discards(position, picture))


_CODES = ", ".join(disciple.code for disciple in Disciple)


def _picture(code: object) -> Disciple:
    """The disciple a Red Boy's picture is given as its code; DataError naming `picture` otherwise."""
    if isinstance(code, str):
        try:
            return Disciple.from_code(code)
        except ValueError:
            pass
    raise DataError("picture", Message("unknown disciple code {code}; expected one of {codes}", code=shown(code), codes=_CODES))


def red_boy_discards(position: Position, picture: Disciple | None) -> tuple[Place, ...]:
    """`sorted_red_boy_targets` as place codes, for a picture already read (None: any disciple).

    The cards that hold the Mountain together are the shape's business, kept with it; only the
    pawns are the position's.
    """
    shape = position._shape
    key = ("red boy", picture)
    loose = shape.memo.get(key)
    if loose is None:  # cards of that picture whose removal leaves the Mountain whole
        loose = shape.memo[key] = shape.loose(shape.sorted_places() if picture is None else shape.places_of(picture))
    occupied = position.full(1)
    if occupied.isdisjoint(loose):
        return loose
    return tuple(filterfalse(occupied.__contains__, loose))


def step_destinations(position: Position | str, colour: Colour | str, rules: Rules = _DEFAULT) -> set[Coord]:
    """Where the step II move can take that pawn: one orthogonal step onto a card with room (MOI-R09)."""
    rules = Rules.given(rules)
    position = given_position(position, rules)
    full = position.full(rules.max_pawns_per_card)
    return set(places_at(near for near in position.shape.around[position.pawn_place(colour)] if near not in full))
