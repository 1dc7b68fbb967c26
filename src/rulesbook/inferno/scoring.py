"""Scoring a pawn's place: windows of cards through it, the best choice, the doubled cross.

A window is a run of 1-4 adjacent cards in one row or one column that contains the pawn's card
and shows no disciple twice (MOI-R17). A complete window has four cards: all four disciples.
"""

from __future__ import annotations

from collections.abc import Iterator

from rulesbook.inferno.position import Colour, Coord, Position
from rulesbook.inferno.rules import Rules

_DEFAULT = Rules()
ROW: Coord = (0, 1)
COLUMN: Coord = (1, 0)
LONGEST_WINDOW = 4


def windows(position: Position, place: Coord, direction: Coord) -> Iterator[tuple[Coord, ...]]:
    """Every window through place along the direction, as the places it covers (MOI-R17)."""
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


def best_window(position: Position, place: Coord, direction: Coord, complete: bool = False) -> tuple[Coord, ...] | None:
    """The window worth most (a complete one if asked); None when there is no such window."""
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
    if position.pawn_count(place) != 1:
        return False
    return _has_complete_window(position, place, ROW) and _has_complete_window(position, place, COLUMN)


def _has_complete_window(position: Position, place: Coord, direction: Coord) -> bool:
    """Whether four adjacent cards through place, along the direction, show all four disciples."""
    cards = position.cards
    d_row, d_column = direction
    row, column = place
    for first in range(-LONGEST_WINDOW + 1, 1):
        seen = set()
        for offset in range(first, first + LONGEST_WINDOW):
            card = cards.get((row + d_row * offset, column + d_column * offset))
            if card is None or card.disciple in seen:
                break
            seen.add(card.disciple)
        else:
            return True
    return False


def complete_crosses(position: Position, rules: Rules = _DEFAULT) -> set[Coord]:
    """The places where a pawn ends the round by condition a (rulebook III a; MOI-R13)."""
    return {place for place in set(position.pawns.values()) if is_complete_cross(position, place, rules)}


def score(position: Position, colour: Colour | str, ended: bool = False, rules: Rules = _DEFAULT) -> int:
    """That pawn's best score for the round, raw (it may be negative; MOI-R12 applies later).

    ended=False: the best row window plus the best column window, the pawn's card counted once
    (MOI-R17). ended=True: the score of a player who counts a card twice at the end of a round
    ended by a complete cross (MOI-R11). EN: the pawn must stand alone at a complete cross; its
    best complete row and column, its card in both (ValueError elsewhere). ZH: the ender's own
    pawn, wherever it stands; its best windows (MOI-R17), its card in both. With
    `doubling_optional` (ZH) the card counts twice only when that raises the score.
    """
    place = position.pawn(colour)
    value = position.cards[place].value
    if not ended:
        return _windows_sum(position, place) - value
    if rules.doubled_cross_for_ender_only:
        doubled = _windows_sum(position, place)
    elif is_complete_cross(position, place, rules):
        doubled = _windows_sum(position, place, complete=True)
    else:
        raise ValueError(
            f"the {Colour.parse(colour).english} pawn is not alone at a complete cross, "
            "so it cannot score the doubled cross (MOI-R11, MOI-R13)"
        )
    if rules.doubling_optional and value < 0:
        return doubled - value  # "may" count it twice: not when that costs points
    return doubled


def _windows_sum(position: Position, place: Coord, complete: bool = False) -> int:
    """The best row window plus the best column window, the pawn's card in both."""
    row = best_window(position, place, ROW, complete)
    column = best_window(position, place, COLUMN, complete)
    return window_sum(position, row) + window_sum(position, column)
