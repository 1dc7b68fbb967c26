"""What each card effect could do on a given Mountain: the legal targets, nothing applied.

All answers keep the Mountain in one piece (MOI-R15) and respect how many pawns a card may hold
(MOI-R13). They are sets of (row, column) places.
"""

from __future__ import annotations

from rulesbook.inferno.cards import Disciple
from rulesbook.inferno.position import Colour, Coord, Position, neighbours
from rulesbook.inferno.rules import Rules

_DEFAULT = Rules()

#: Steps a Mighty Bison King move takes, by the number of Bison cards played (MOI-R05).
BISON_STEPS: dict[int, range] = {1: range(1, 4), 2: range(4, 6)}


def placements(position: Position) -> set[Coord]:
    """Where a disciple may be laid: an empty place touching a card orthogonally (rulebook I)."""
    return set(position.empty_neighbours())


def has_room(position: Position, place: Coord, rules: Rules = _DEFAULT) -> bool:
    """Whether one more pawn may stand on that card (MOI-R13)."""
    return position.pawn_count(place) < rules.max_pawns_per_card


def bison_destinations(position: Position, colour: Colour | str, cards: int = 1, rules: Rules = _DEFAULT) -> set[Coord]:
    """Where Mighty Bison King can move that pawn (MOI-R05).

    One card: 1-3 steps; two cards: 4-5 steps. Each step goes to an orthogonally adjacent card,
    never over an empty place; the path may pass over pawns but visits no card twice, so it
    never ends where it started, and it may not end on a card that is full.
    """
    if cards not in BISON_STEPS:
        raise ValueError(f"one or two Mighty Bison King cards may be played together, not {cards} (MOI-R05)")
    key = ("bison", Colour.parse(colour), cards, rules.max_pawns_per_card)
    known = position.memo.get(key)
    if known is not None:
        return set(known)
    start = position.pawn(colour)
    steps = BISON_STEPS[cards]
    longest = steps[-1]
    adjacent = position.adjacency()
    ends: set[Coord] = set()
    path = {start}

    def walk(place: Coord, taken: int) -> None:
        if taken in steps:
            ends.add(place)
        if taken == longest:
            return
        for near in adjacent[place]:
            if near not in path:
                path.add(near)
                walk(near, taken + 1)
                path.remove(near)

    walk(start, 0)
    destinations = frozenset(place for place in ends if has_room(position, place, rules))
    position.memo[key] = destinations
    return set(destinations)


def princess_lift_allowed(position: Position, place: Coord) -> bool:
    """Whether lifting the card at place leaves the rest of the Mountain whole (MOI-R15)."""
    return len(position) > 1 and place not in position.cut_places()


def princess_destinations(position: Position, colour: Colour | str, rules: Rules = _DEFAULT) -> set[Coord]:
    """Where Iron Fan Princess can put the card under that pawn, pawn and all (MOI-R15).

    The lift must not split the Mountain, and the card goes to another empty place that touches
    the rest of the Mountain orthogonally.
    """
    source = position.pawn(colour)
    if not princess_lift_allowed(position, source):
        return set()
    rest = {place for place in position.cards if place != source}
    return {near for place in rest for near in neighbours(place) if near not in rest and near != source}


def red_boy_targets(position: Position, picture: Disciple | str | None, rules: Rules = _DEFAULT) -> set[Coord]:
    """The cards a Red Boy can discard (MOI-R15, MOI-R16).

    One Red Boy: a card of the disciple in its picture; two Red Boys (picture None): any disciple.
    Never a card holding a pawn, never a card whose removal splits the Mountain.
    """
    if picture is not None and not isinstance(picture, Disciple):
        picture = Disciple.from_code(str(picture))
    free = position.memo.get("red boy")
    if free is None:  # cards without a pawn that do not hold the Mountain together, computed once
        occupied = set(position.pawns.values())
        cuts = position.cut_places()
        free = position.memo["red boy"] = [
            (place, card.disciple) for place, card in position.cards.items() if place not in occupied and place not in cuts
        ]
    return {place for place, disciple in free if picture is None or disciple is picture}


def step_destinations(position: Position, colour: Colour | str, rules: Rules = _DEFAULT) -> set[Coord]:
    """Where the phase II move can take that pawn: one orthogonal step onto a card with room (MOI-R09)."""
    start = position.pawn(colour)
    return {near for near in neighbours(start) if near in position.cards and has_room(position, near, rules)}
