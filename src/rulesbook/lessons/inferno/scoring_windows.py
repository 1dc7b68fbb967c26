"""A scoring exercise: find the cards of a pawn's best row and column windows (MOI-R17, MOI-R11).

Every answer comes from `rulesbook.inferno.scoring`; this module only words why a card is in, or
not in, the best windows.
"""

from __future__ import annotations

from typing import Any

from rulesbook.core.errors import IllegalAction
from rulesbook.core.messages import Message, term
from rulesbook.inferno.position import COLOUR_ORDER, Colour, Coord, Position
from rulesbook.inferno.scoring import COLUMN, ROW, best_window, window_sum, windows
from rulesbook.lessons.data import exercise, number_words
from rulesbook.lessons.graph import Choice, LessonGraph, Outcome

TASK = "WINDOWS"


class WindowsReferee:
    """Referee of one scoring question: which cards make up the pawn's best windows.

    ended=True asks for the complete cross a round's ender scores doubled (MOI-R11).
    """

    def __init__(self, position: Position | str, colour: Colour | str, ended: bool = False):
        self.position = position if isinstance(position, Position) else Position.parse(position)
        self.colour = Colour.parse(colour)
        self.ended = ended
        place = self.position.pawn(self.colour)
        self.best: dict[Coord, tuple[Coord, ...]] = {}
        for direction in (ROW, COLUMN):
            choices = [w for w in windows(self.position, place, direction) if not ended or len(w) == 4]
            if not choices:
                raise ValueError(f"the {self.colour.english} pawn has no complete window here (MOI-R11)")
            top = max(window_sum(self.position, w) for w in choices)
            if sum(window_sum(self.position, w) == top for w in choices) > 1:
                raise ValueError("two windows tie for best here, so the answer is not one set of cards: pick another position")
            best = best_window(self.position, place, direction, complete=ended)
            assert best is not None, "choices is not empty"
            self.best[direction] = best

    @property
    def answers(self) -> set[Coord]:
        return set(self.best[ROW]) | set(self.best[COLUMN])

    def start(self) -> Position:
        return self.position

    def picture(self, state: Position) -> dict[str, Any]:
        what = "complete cross" if self.ended else "best windows"
        return {
            "cards": [[row, column, card.code, card.disciple.english] for (row, column), card in sorted(state.cards.items())],
            "pawns": [[colour.letter, *state.pawn(colour)] for colour in COLOUR_ORDER if colour in state.pawns],
            "hand": [{"code": TASK, "label": f"The {self.colour.english} pawn's {what}"}],
            "hand_label": "The question",
            "player": self.colour.letter,
            "decision": f"Find the cards the {self.colour.english} pawn scores",
        }

    def places(self, state: Position) -> set[Coord]:
        return set(state.cards) | state.empty_neighbours()

    def choices(self, state: Position) -> list[Choice]:
        letter = self.colour.letter
        return [Choice("h0", f"The {self.colour.english} pawn's windows", {letter: "windows"}, letter,
                       prompt=f"The {self.colour.english} pawn's best row and column windows: {{count}} card{{s}}")]

    def play(self, state: Position, option: str, place: Coord) -> Outcome:
        card = state.card_at(place)
        pawn = state.pawn(self.colour)
        if card is None:
            raise IllegalAction(Message("There is no card there: windows are runs of adjacent cards"), "MOI-R17")
        if place in self.answers:
            which = " and ".join(name for name, direction in (("row", ROW), ("column", COLUMN)) if place in self.best[direction])
            worth = " and ".join(f"{name} window worth {window_sum(state, self.best[direction]):+d}"
                                 for name, direction in (("row", ROW), ("column", COLUMN)) if place in self.best[direction])
            along = "row" if place in self.best[ROW] and place != pawn else "column"
            return Outcome(state, f"{card.code} at ({place[0]}, {place[1]}) is in the best {which} ({worth}).",
                           f"{card.code} {place[0]},{place[1]}", f"{card.code} at ({place[0]}, {place[1]}) belongs to the best {worth}.",
                           f"look along the {along} of the {self.colour.english} pawn")
        if place[0] != pawn[0] and place[1] != pawn[1]:
            raise IllegalAction(Message("{card} is neither in the pawn's row nor in its column", card=card.code), "MOI-R17")
        direction = ROW if place[0] == pawn[0] else COLUMN
        name = term("row", "window") if direction is ROW else term("column", "window")
        reaching = [w for w in windows(state, pawn, direction) if place in w and (not self.ended or len(w) == 4)]
        if not reaching:
            if self.ended:
                limit = Message("four cards with all four disciples")
            else:
                limit = Message("at most four adjacent cards with no disciple twice")
            raise IllegalAction(Message("No {name} window through the pawn reaches {card}: a window is {limit}",
                                        name=name, card=card.code, limit=limit), "MOI-R17")
        best = self.best[direction]
        raise IllegalAction(Message(
            "A {name} window reaching {card} scores at most {most:+d}; the best {name} window scores {best:+d}", name=name,
            card=card.code, most=max(window_sum(state, w) for w in reaching), best=window_sum(state, best)), "MOI-R17")

    def idle(self, state: Position) -> str:
        return f"Click the cards of the {self.colour.english} pawn's best windows."

    def hint(self, state: Position) -> str:
        row, column = len(self.best[ROW]), len(self.best[COLUMN])
        return (f"The best row window has {number_words(row)} card{'s' if row != 1 else ''} and the best column window "
                f"{number_words(column)}; the pawn's own card is in both.")


def windows_exercise(position: Position | str, colour: Colour | str, ended: bool = False) -> tuple[WindowsReferee, dict[str, Any]]:
    """The referee and exercise record (choice, option, answers, sentences) of a find-the-windows exercise."""
    referee = WindowsReferee(position, colour, ended)
    graph = LessonGraph(referee)
    return referee, exercise(graph.node(graph.start_id), "h0", noun=("card", "cards"))
