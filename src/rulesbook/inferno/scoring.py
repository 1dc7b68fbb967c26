"""Scoring a pawn's place: windows of cards through it, the best choice, the doubled cross.

A window is a run of 1-4 adjacent cards in one row or one column that contains the pawn's card
and shows no disciple twice (MOI-R17). A complete window has four cards: all four disciples.

The functions a reader calls take (row, column) places and the Mountain as a Position or in its
notation, as `show` does, and check what they are given; what the engine asks at every turn's end
(`has_complete_cross`, the kept sums and crosses of a `Shape`) works in place codes and trusts it.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import lru_cache

from rulesbook.core.data import DataError, shown
from rulesbook.core.errors import IllegalAction
from rulesbook.inferno.cards import DISCIPLE_CARDS, Disciple, DiscipleCard
from rulesbook.inferno.position import DOWN as STEP_DOWN
from rulesbook.inferno.position import (
    LEFT, RIGHT, UP, Colour, Coord, Memo, Place, Position, Shape, checked_place, given_position, place_at, place_code,
)
from rulesbook.inferno.rules import Rules

_DEFAULT = Rules()
ROW: Coord = (0, 1)
COLUMN: Coord = (1, 0)
LONGEST_WINDOW = 4


def windows(position: Position | str, place: Coord, direction: Coord) -> Iterator[tuple[Coord, ...]]:
    """Every window through place along the direction (`ROW` or `COLUMN`), as the places it covers
    (MOI-R17)."""
    position = given_position(position)
    try:
        checked_place(place)
    except ValueError as error:
        raise DataError("place", str(error)) from None
    if direction != ROW and direction != COLUMN:
        raise DataError("direction", f"ROW (0, 1) or COLUMN (1, 0), not {shown(direction)}")
    if place not in position.cards:
        raise DataError("place", f"there is no card at {place}: a window runs through a card")
    return _windows(position, place, direction)


def _windows(position: Position, place: Coord, direction: Coord) -> Iterator[tuple[Coord, ...]]:
    """`windows`, once what it is given is checked."""
    cards = position.cards
    d_row, d_column = direction
    row, column = place
    before = []  # places on the near side, nearest first
    for distance in range(1, LONGEST_WINDOW):
        near = (row - d_row * distance, column - d_column * distance)
        if near not in cards:
            break
        before.append(near)
    after = []
    for distance in range(1, LONGEST_WINDOW):
        near = (row + d_row * distance, column + d_column * distance)
        if near not in cards:
            break
        after.append(near)
    for back in range(len(before) + 1):
        for ahead in range(len(after) + 1):
            if back + ahead + 1 > LONGEST_WINDOW:
                break
            covered = (*reversed(before[:back]), place, *after[:ahead])
            disciples = {cards[spot].disciple for spot in covered}
            if len(disciples) == len(covered):
                yield covered


def window_sum(position: Position, covered: tuple[Coord, ...]) -> int:
    cards = position.cards
    return sum(cards[spot].value for spot in covered)


def best_window(position: Position | str, place: Coord, direction: Coord, complete: bool = False) -> tuple[Coord, ...] | None:
    """The window worth most (a complete one if asked); None when there is no such window."""
    position = given_position(position)
    candidates = [
        covered for covered in windows(position, place, direction) if not complete or len(covered) == LONGEST_WINDOW
    ]
    if not candidates:
        return None
    return max(candidates, key=lambda covered: window_sum(position, covered))


def is_complete_cross(position: Position, place: Coord, rules: Rules = _DEFAULT) -> bool:
    """Condition a: a lone pawn whose card sits in a complete row window and a complete column window.

    A card holding two pawns never completes a cross (MOI-R13).
    """
    return _lone_cross(position, place_code(place))


def _lone_cross(position: Position, place: Place) -> bool:
    """`is_complete_cross` at a place code."""
    if position.count_on(place) != 1:
        return False
    return _complete_lines(position.shape, place)


def _complete_lines(shape: Shape, place: Place) -> bool:
    """Whether the card at place sits in a complete row window and a complete column window; the
    cards alone decide, so the answer is kept with the shape (every turn's end asks again)."""
    known = shape.crosses.get(place)
    if known is None:
        known = shape.crosses[place] = _crossing(shape, place)
    return known


def _crossing(shape: Shape, place: Place) -> bool:
    """`_complete_lines` worked out from the cards, at a pawn's card: the column first, since a
    Mountain is set up two cards high and a short column tells sooner than a short row."""
    cards = shape.cards
    left, right, up, down = _LINES[place]
    return _complete_run(cards, place, up, down) and _complete_run(cards, place, left, right)


#: For each place, the three places on each side of it, nearest first, along its row (left,
#: right) and its column (up, down): as far as a window through it reaches.
_LINES: Memo = Memo(
    lambda place: tuple(tuple(place + way * step for step in (1, 2, 3)) for way in (LEFT, RIGHT, UP, STEP_DOWN))
)


#: How many shapes back `_line_sum` looks: about the cards laid since the last turn's end.
LOOK_BACK = 3


#: How far a place code may lie from another along its row (ACROSS) or its column (DOWN) and
#: change the windows through it: three places either way, since a window is four cards long.
#: A card's window sums depend only on the cards that near it (see `_line_sum`).
_ALONG: tuple[frozenset[int], frozenset[int]] = (
    frozenset(range(-3, 4)), frozenset(step * STEP_DOWN for step in range(-3, 4))
)


def _complete_run(cards: Mapping[Place, DiscipleCard], place: Place, back: tuple[Place, ...], ahead: tuple[Place, ...]) -> bool:
    """Whether four adjacent cards through the card at place, along a row or a column (the places
    on either side, nearest first: see `_LINES`), show all four disciples."""
    # At least three more cards touching in a line with it, on one side of it, on the other, or
    # both: most cards lie in a shorter line, and a few look-ups tell (every turn's end asks).
    if back[0] in cards:
        if back[1] in cards:
            long_line = back[2] in cards or ahead[0] in cards
        else:
            long_line = ahead[0] in cards and ahead[1] in cards
    else:
        long_line = ahead[0] in cards and ahead[1] in cards and ahead[2] in cards
    if not long_line:
        return False
    bits = _DISCIPLE_BIT
    # The disciples of the cards touching in a line with it, as bits, in order: read as `_line`
    # reads the cards, straight into bits (through `_line` a random playout measured 2 % slower).
    line = []
    for near in back:
        card = cards.get(near)
        if card is None:
            break
        line.append(bits[card])
    line.reverse()
    line.append(bits[cards[place]])
    for near in ahead:
        card = cards.get(near)
        if card is None:
            break
        line.append(bits[card])
    for start in range(len(line) - 3):  # four cards showing all four disciples: their bits make 0b1111
        if line[start] | line[start + 1] | line[start + 2] | line[start + 3] == _ALL_DISCIPLES:
            return True
    return False


#: Each disciple card's disciple as one bit, and the four together.
_DISCIPLE_BIT: dict[DiscipleCard, int] = {card: 1 << list(Disciple).index(card.disciple) for card in DISCIPLE_CARDS}
_ALL_DISCIPLES = (1 << len(Disciple)) - 1


def _line(
    cards: Mapping[Place, DiscipleCard], place: Place, back: tuple[Place, ...], ahead: tuple[Place, ...]
) -> tuple[list[DiscipleCard], int] | None:
    """The cards in a row or a column through place, at most three on each side (the places on
    either side, nearest first: see `_LINES`), in order, and where place is among them; None when
    place holds no card. Every run of four of them holds place, since at most three lie on either side."""
    own = cards.get(place)
    if own is None:
        return None
    before = []  # nearest first
    for near in back:
        card = cards.get(near)
        if card is None:
            break
        before.append(card)
    line = before[::-1]
    line.append(own)
    for near in ahead:
        card = cards.get(near)
        if card is None:
            break
        line.append(card)
    return line, len(before)


def complete_crosses(position: Position | str, rules: Rules = _DEFAULT) -> set[Coord]:
    """The places where a pawn ends the round by condition a (rulebook III a; MOI-R13).

    The answer is the same under every Rules (a card holding two pawns never counts, in either
    edition): `rules` is taken so that it is called as `score` is."""
    rules = Rules.given(rules)
    position = given_position(position, rules)
    return {position.pawn(colour) for colour in crossing_pawns(position)}


def crossing_pawns(position: Position) -> list[Colour]:
    """The pawns standing where `complete_crosses` says, in the order of the pawns."""
    return [colour for colour, place in position._pawns.items() if _lone_cross(position, place)]


def has_complete_cross(position: Position, rules: Rules = _DEFAULT) -> bool:
    """Whether `complete_crosses` finds any: what step III asks at the end of every turn (`rules`
    as there)."""
    shape = position._shape
    crosses = shape.crosses
    for place in position._pawns.values():
        known = crosses.get(place)
        if known is None:
            known = crosses[place] = _crossing(shape, place)
        if known and position.count_on(place) == 1:
            return True
    return False


def score(position: Position | str, colour: Colour | str, ended: bool = False, rules: Rules = _DEFAULT) -> int:
    """That pawn's best score for the round, raw (it may be negative; MOI-R12 applies later).

    ended=False: the best row window plus the best column window, the pawn's card counted once
    (MOI-R17). ended=True: the score of a player who counts a card twice at the end of a round
    ended by a complete cross (MOI-R11). EN: the pawn must stand alone at a complete cross; its
    best complete row and column, its card in both (IllegalAction elsewhere). ZH: the ender's own
    pawn, wherever it stands; its best windows (MOI-R17), its card in both. With
    `doubling_optional` (ZH) the card counts twice only when that raises the score.
    """
    rules = Rules.given(rules)
    position = given_position(position, rules)
    place = position.pawn_place(colour)
    value = position._cards[place].value  # a pawn always stands on a card
    if not ended:
        return _windows_sum(position, place) - value
    if rules.doubled_cross_for_ender_only:
        doubled = _windows_sum(position, place)
    elif _lone_cross(position, place):
        doubled = _windows_sum(position, place, complete=True)
    else:
        raise IllegalAction(f"the {Colour.parse(colour).english} pawn is not alone at a complete cross, "
                            "so it cannot score the doubled cross", "MOI-R11, MOI-R13")
    if rules.doubling_optional and value < 0:
        return doubled - value  # "may" count it twice: not when that costs points
    return doubled


def _windows_sum(position: Position, place: Place, complete: bool = False) -> int:
    """The best row window plus the best column window, the pawn's card in both."""
    shape = position._shape
    if not complete:
        rows, columns = shape.sums
        row = rows.get(place)
        if row is None:
            row = rows[place] = _line_sum(shape, place, ACROSS)
        column = columns.get(place)
        if column is None:
            column = columns[place] = _line_sum(shape, place, DOWN)
        return row + column
    cards = shape.cards
    left, right, up, down = _LINES[place]
    return _best_complete_sum(cards, place, left, right) + _best_complete_sum(cards, place, up, down)


#: Which line through a card a sum is along, as `Shape.sums` holds them: its row, its column.
ACROSS, DOWN = 0, 1


def _line_sum(shape: Shape, place: Place, along: int) -> int:
    """The best window's sum through the card at place along its row (ACROSS) or its column
    (DOWN), worked out to be kept with the shape: the cards alone decide it (a bot weighing its
    moves scores every pawn after each). A card laid or taken away changes it only within three
    places along that line: on a shape that differs from the one it was made from further away,
    it is looked up there (a few shapes back)."""
    near = _ALONG[along]
    earlier = shape
    for _ in range(LOOK_BACK):
        change, before = earlier.changed_at, earlier.made_from
        if before is None or change is None or change - place in near:
            break
        earlier = before
        known = earlier.sums[along].get(place)
        if known is not None:
            return known
    left, right, up, down = _LINES[place]
    if along == ACROSS:
        return _best_through(shape.cards, place, left, right)
    return _best_through(shape.cards, place, up, down)


def _best_through(cards: Mapping[Place, DiscipleCard], place: Place, back: tuple[Place, ...], ahead: tuple[Place, ...]) -> int:
    """The sum of `best_window` along a row or a column (the places on either side, nearest
    first: see `_LINES`): what `line_sums` says, worked out in fewer steps than building the line
    to look it up there (every round's end scores each pawn on a new Mountain, and most lines
    were never seen). A window is the card at place and up to three of the nearest cards on
    either side, all of them different disciples. So each side offers its nearest 0, 1, 2 or 3
    cards, as far as they show no disciple twice nor the one at place; any two offers that share
    no disciple and hold three cards at most make a window."""
    own = cards.get(place)
    if own is None:
        raise ValueError(f"no card at {place_at(place)}")
    mine = _DISCIPLE_BIT[own]
    offers = []
    for side in (back, ahead):
        offer = [(0, 0)]  # the nearest cards' disciples, as bits, and their sum
        seen = total = 0
        for near in side:
            card = cards.get(near)
            if card is None:
                break
            bit = _DISCIPLE_BIT[card]
            if (seen | mine) & bit:
                break
            seen |= bit
            total += card.value
            offer.append((seen, total))
        offers.append(offer)
    before, after = offers
    best = 0
    for count, (seen, total) in enumerate(before):
        for others, more in after[: LONGEST_WINDOW - count]:
            if not seen & others and total + more > best:
                best = total + more
    return own.value + best


def _best_complete_sum(cards: Mapping[Place, DiscipleCard], place: Place, back: tuple[Place, ...], ahead: tuple[Place, ...]) -> int:
    """The sum of `best_window(..., complete=True)` along a row or a column (the windows' values
    added up, without building them); `_best_through` sums the best window of any size."""
    found = _line(cards, place, back, ahead)
    if found is None:
        raise ValueError(f"no card at {place_at(place)}")
    line, at = found
    best_complete = line_sums(tuple(line), at)[1]
    if best_complete is None:
        raise ValueError(f"no complete window through {place_at(place)}")
    return best_complete


@lru_cache(maxsize=1 << 14)
def line_sums(line: tuple[DiscipleCard, ...], at: int) -> tuple[int, int | None]:
    """The sums of the best window through line[at] and of the best complete one (None when there
    is none), where line is the cards touching in a run along a row or a column, at most three on
    either side of line[at]: both at once, since a cross asks for both. Kept for the lines met
    last: a bot weighing its plays meets the same few cards in a line again and again."""
    best = line[at].value  # the card alone is a window
    best_complete = None
    for first in range(max(0, at - LONGEST_WINDOW + 1), at + 1):
        seen = 0  # the disciples in the window so far, as bits
        total = 0
        for last in range(first, min(len(line), first + LONGEST_WINDOW)):
            card = line[last]
            bit = _DISCIPLE_BIT[card]
            if seen & bit:
                break
            seen |= bit
            total += card.value
            if last >= at:
                if total > best:
                    best = total
                if last - first == LONGEST_WINDOW - 1 and (best_complete is None or total > best_complete):
                    best_complete = total
    return best, best_complete
