"""The round's scores as they stand and as a play would leave them, read line by line: what the
greedy bot weighs every play it may make by.

`bots.standing` scores the round as if it ended now (`engine.round_scores`): each pawn's best
row window and best column window (MOI-R17), and whether a pawn stands alone at a complete cross
(then the round ends by condition a and cards count twice, MOI-R11). A window holds only cards
touching in a run along the pawn's row or column, at most three places from its card. So a
`Weighing` reads each pawn's row and column once, and for a play reads again only the lines the
play reaches. A card laid changes a line only where it lies next to an end of the run through the
pawn (beyond a gap it is in no window through it): most lays change nothing at all.
"""

from __future__ import annotations

from collections.abc import Mapping

from rulesbook.inferno.actions import Action, LayDisciple, PlayBison, PlayPrincess, PlayRedBoy
from rulesbook.inferno.cards import DiscipleCard
from rulesbook.inferno.position import Place, place_code
from rulesbook.inferno.scoring import _LINES, ACROSS, DOWN, line_sums
from rulesbook.inferno.state import State

#: What a pawn's score rests on: its card's value; along its row, the best window's sum and the
#: best complete window's (None when there is none); the same along its column.
Lines = tuple[int, int, int | None, int, int | None]
#: Cards laid (the card) or taken away (None) by a play, by place.
Changes = Mapping[Place, DiscipleCard | None]
_UNCHANGED: Changes = {}
#: A place where a card laid changes a pawn's line: (the pawn's seat, ACROSS or DOWN, the cards
#: before that place along the line and after it, where the pawn's card is in the line laid).
End = tuple[int, int, tuple[DiscipleCard, ...], tuple[DiscipleCard, ...], int]
#: What is read around a card (`_read_around`): its `Lines`, its two spans and its ends, each end
#: an `End` with the place first and no seat.
Around = tuple[Lines, tuple[frozenset[Place], ...], list[tuple[Place, int, tuple[DiscipleCard, ...], tuple[DiscipleCard, ...], int]]]


def _run(cards: Mapping[Place, DiscipleCard], places: tuple[Place, ...], changes: Changes) -> list[DiscipleCard]:
    """The cards at places (nearest first) up to the first empty one, once the changes are made."""
    run = []
    for near in places:
        card = changes[near] if near in changes else cards.get(near)
        if card is None:
            break
        run.append(card)
    return run


def _sums(
    cards: Mapping[Place, DiscipleCard], own: DiscipleCard, back: tuple[Place, ...], ahead: tuple[Place, ...], changes: Changes
) -> tuple[int, int | None]:
    """`line_sums` through a card along a row or a column (the places on either side, nearest first)."""
    before = _run(cards, back, changes)
    return line_sums((*reversed(before), own, *_run(cards, ahead, changes)), len(before))


def read_lines(cards: Mapping[Place, DiscipleCard], place: Place, changes: Changes = _UNCHANGED) -> Lines:
    """The `Lines` of a pawn at place, once the changes are made."""
    own = changes[place] if place in changes else cards[place]
    if own is None:
        raise ValueError("a pawn always stands on a card")
    left, right, up, down = _LINES[place]
    return (own.value, *_sums(cards, own, left, right, changes), *_sums(cards, own, up, down, changes))


def _with_line(lines: Lines, along: int, sums: tuple[int, int | None]) -> Lines:
    """The lines with the one along the row (ACROSS) or the column (DOWN) summing so instead."""
    value, row, complete_row, column, complete_column = lines
    if along == ACROSS:
        return (value, *sums, column, complete_column)
    return (value, row, complete_row, *sums)


def _read_around(cards: Mapping[Place, DiscipleCard], place: Place) -> Around:
    """What `Weighing` reads around a card: its `Lines`; along its row and its column, the places
    where a card laid or taken away changes that line (the run of cards through it, the empty
    places at its ends); and where a card laid does (those ends, within reach), as (the place,
    ACROSS or DOWN, the cards before that place along the line and after it, where the card read
    is in the line once a card is laid there)."""
    own = cards[place]
    left, right, up, down = _LINES[place]
    sums, spans, ends = [], [], []
    for along, back, ahead in ((ACROSS, left, right), (DOWN, up, down)):
        before, after = _run(cards, back, _UNCHANGED), _run(cards, ahead, _UNCHANGED)
        line = (*reversed(before), own, *after)
        sums.append(line_sums(line, len(before)))
        spans.append(frozenset((*back[:len(before) + 1], *ahead[:len(after) + 1])))
        if len(before) < len(back):  # room before the run, within reach
            beyond = _run(cards, back[len(before) + 1:], _UNCHANGED)
            ends.append((back[len(before)], along, tuple(reversed(beyond)), line, len(beyond) + 1 + len(before)))
        if len(after) < len(ahead):  # room after it
            beyond = _run(cards, ahead[len(after) + 1:], _UNCHANGED)
            ends.append((ahead[len(after)], along, line, tuple(beyond), len(before)))
    return (own.value, *sums[0], *sums[1]), tuple(spans), ends


class Weighing:
    """A seat's standing (`bots.standing`: its score minus the best rival's if the round ended
    now) on a table in the play phase, and on the Mountain each play would leave: only the
    Mountain scores, so a play is weighed without being played."""

    def __init__(self, state: State, seat: int):
        mountain = state.mountain
        self.shape, self.cards = mountain._shape, mountain._cards
        self.rules = state.rules
        self.seat = seat
        self.ender = state.seat  # whoever ends the round by a cross now (the ZH doubling)
        self.colours = state.colours
        self.places = tuple(mountain.pawn_place(colour) for colour in state.colours)  # a pawn by seat
        self.lone = tuple(self.places.count(place) == 1 for place in self.places)  # no pawn beside it
        self.lines: list[Lines] = []
        # For each seat, along its row and along its column, the places where a card laid or taken
        # away changes that line: the run of cards through the pawn's, and the empty places at its ends.
        self.spans: list[tuple[frozenset[Place], ...]] = []
        self.ends: dict[Place, list[End]] = {}  # the empty places at the ends
        for pawn, place in enumerate(self.places):
            self._read(pawn, place)
        self.now = self._standing(self.lone, self.lines)

    def _read(self, pawn: int, place: Place) -> None:
        """Read the row and the column through a pawn's card: its `Lines`, `spans` and `ends`,
        kept with the Mountain's shape (the cards alone decide them; a pawn often stands where
        one stood at an earlier decision on the same cards)."""
        key = ("weighing", place)
        read: Around | None = self.shape.memo.get(key)
        if read is None:
            read = self.shape.memo[key] = _read_around(self.cards, place)
        lines, spans, ends = read
        self.lines.append(lines)
        self.spans.append(spans)
        for end, along, before, after, at in ends:
            self.ends.setdefault(end, []).append((pawn, along, before, after, at))

    def after(self, action: Action) -> int | None:
        """The standing once that play has happened (every answer a pass); None for another action."""
        if isinstance(action, LayDisciple):
            return self.laid(place_code(action.place), action.card)
        if isinstance(action, PlayBison):
            return self.changed(_UNCHANGED, {self.colours.index(action.colour): place_code(action.place)})
        if isinstance(action, PlayPrincess):  # the card under the pawn goes to the place, with every pawn on it
            source, target = self.places[self.colours.index(action.colour)], place_code(action.place)
            pawns = {pawn: target for pawn, place in enumerate(self.places) if place == source}
            return self.changed({source: None, target: self.cards[source]}, pawns)
        if isinstance(action, PlayRedBoy):
            return self.changed({place_code(action.place): None}, {})
        return None

    def laid(self, place: Place, card: DiscipleCard) -> int:
        """The standing once card is laid at place."""
        touched = self.ends.get(place)
        if touched is None:
            return self.now
        lines = list(self.lines)
        for pawn, along, before, after, at in touched:
            lines[pawn] = _with_line(lines[pawn], along, line_sums((*before, card, *after), at))
        return self._standing(self.lone, lines)

    def changed(self, changes: Changes, moved: Mapping[int, Place]) -> int:
        """The standing once the changes are made and the pawns moved (by seat) where said."""
        cards = self.cards
        lines = list(self.lines)
        for pawn, (place, (row_span, column_span)) in enumerate(zip(self.places, self.spans)):
            if pawn in moved:
                lines[pawn] = read_lines(cards, moved[pawn], changes)
                continue
            if row_span.isdisjoint(changes) and column_span.isdisjoint(changes):
                continue
            left, right, up, down = _LINES[place]
            if not row_span.isdisjoint(changes):
                lines[pawn] = _with_line(lines[pawn], ACROSS, _sums(cards, cards[place], left, right, changes))
            if not column_span.isdisjoint(changes):
                lines[pawn] = _with_line(lines[pawn], DOWN, _sums(cards, cards[place], up, down, changes))
        if not moved:
            return self._standing(self.lone, lines)
        places = tuple(moved.get(pawn, place) for pawn, place in enumerate(self.places))
        return self._standing(tuple(places.count(place) == 1 for place in places), lines)

    def _standing(self, lone: tuple[bool, ...], lines: list[Lines]) -> int:
        """The seat's raw score minus the best rival's, if the round ended with the pawns' lines so,
        each alone on its card or not (`engine.round_scores`, `scoring.score`)."""
        raw = [row + column - value for value, row, _, column, _ in lines]
        for alone, (_, _, complete_row, _, complete_column) in zip(lone, lines):
            if alone and complete_row is not None and complete_column is not None:  # condition a
                raw = self._crossed(lone, lines)
                break
        mine = raw.pop(self.seat)
        return mine - max(raw)

    def _crossed(self, lone: tuple[bool, ...], lines: list[Lines]) -> list[int]:
        """Every seat's raw score when the round ends by a complete cross (condition a)."""
        rules = self.rules
        doubling: list[int | None] = [None] * len(lines)  # each seat's score counting its card twice
        if rules.doubled_cross_for_ender_only:  # ZH: the ender's best windows, wherever it stands
            _, row, _, column, _ = lines[self.ender]
            doubling[self.ender] = row + column
        else:  # EN: every pawn alone at a complete cross, its complete windows
            for pawn, (alone, (_, _, complete_row, _, complete_column)) in enumerate(zip(lone, lines)):
                if alone and complete_row is not None and complete_column is not None:
                    doubling[pawn] = complete_row + complete_column
        raw = []
        for (value, row, _, column, _), doubled in zip(lines, doubling):
            if doubled is None:
                raw.append(row + column - value)
            elif rules.doubling_optional and value < 0:
                raw.append(doubled - value)  # "may" count it twice: not when that costs points
            else:
                raw.append(doubled)
        return raw
