"""A scoring exercise: find the cards of a pawn's best row and column windows (MOI-R17, MOI-R11).

Every answer comes from `rulesbook.inferno.scoring`; this module only words why a card is in, or
not in, the best windows.
"""

from __future__ import annotations

from typing import Any

from rulesbook.core.errors import IllegalAction
from rulesbook.core.messages import Listed, Message, term
from rulesbook.inferno.names import colour_word, disciple_word
from rulesbook.inferno.position import COLOUR_ORDER, Colour, Coord, Position
from rulesbook.inferno.scoring import COLUMN, ROW, best_window, window_sum, windows
from rulesbook.lessons.data import exercise, number_words
from rulesbook.lessons.graph import Choice, LessonGraph, Outcome

TASK = "WINDOWS"


class WindowsReferee:
    """Referee of one scoring question: which cards make up the pawn's best windows.

    ended=True asks for the complete cross a round's ender scores doubled (MOI-R11). Its sentences
    are said in `language` ("en" or "zh-TW"), the English ones word for word as they always were.
    """

    def __init__(self, position: Position | str, colour: Colour | str, ended: bool = False, language: str = "en"):
        self.position = position if isinstance(position, Position) else Position.parse(position)
        self.colour = Colour.parse(colour)
        self.ended = ended
        #: The language of every sentence it gives a board ("en" or "zh-TW").
        self.language = language
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

    def _say(self, message: Message) -> str:
        return message.say(self.language)

    @property
    def answers(self) -> set[Coord]:
        return set(self.best[ROW]) | set(self.best[COLUMN])

    def start(self) -> Position:
        return self.position

    def picture(self, state: Position) -> dict[str, Any]:
        colour = colour_word(self.colour)
        if self.ended:
            what = Message("The {colour} pawn's complete cross", colour=colour)
        else:
            what = Message("The {colour} pawn's best windows", colour=colour)
        return {
            "cards": [[row, column, card.code, disciple_word(card.disciple).say(self.language)]
                      for (row, column), card in sorted(state.cards.items())],
            "pawns": [[colour.letter, *state.pawn(colour)] for colour in COLOUR_ORDER if colour in state.pawns],
            "hand": [{"code": TASK, "label": self._say(what)}],
            "hand_label": self._say(Message.text("The question")),
            "player": self.colour.letter,
            "decision": self._say(Message("Find the cards the {colour} pawn scores", colour=colour)),
        }

    def places(self, state: Position) -> set[Coord]:
        return set(state.cards) | state.empty_neighbours()

    def choices(self, state: Position) -> list[Choice]:
        letter, colour = self.colour.letter, colour_word(self.colour)
        return [Choice("h0", self._say(Message("The {colour} pawn's windows", colour=colour)), {letter: "windows"}, letter,
                       prompt=self._say(Message("The {colour} pawn's best row and column windows: {count} card{s}",
                                                colour=colour, count="{count}", s="{s}")))]

    def play(self, state: Position, option: str, place: Coord) -> Outcome:
        card = state.card_at(place)
        pawn = state.pawn(self.colour)
        rule = "MOI-R11" if self.ended else "MOI-R17"  # the ender's complete cross, or the windows of condition b
        if card is None:
            raise IllegalAction(Message("There is no card there: windows are runs of adjacent cards"), rule)
        if place in self.answers:
            lines = [direction for direction in (ROW, COLUMN) if place in self.best[direction]]
            which = Listed([_LINE[direction] for direction in lines])
            worth = Listed([Message("{name} window worth {points}", name=_LINE[direction],
                                    points=f"{window_sum(state, self.best[direction]):+d}") for direction in lines])
            along = ROW if place in self.best[ROW] and place != pawn else COLUMN
            at = f"({place[0]}, {place[1]})"
            return Outcome(state, self._say(Message("{card} at {place} is in the best {which} ({worth}).", card=card.code, place=at,
                                                    which=which, worth=worth)),
                           f"{card.code} {place[0]},{place[1]}",
                           self._say(Message("{card} at {place} belongs to the best {worth}.", card=card.code, place=at, worth=worth)),
                           self._say(Message("look along the {line} of the {colour} pawn", line=_LINE[along],
                                             colour=colour_word(self.colour))))
        if place[0] != pawn[0] and place[1] != pawn[1]:
            raise IllegalAction(Message("{card} is neither in the pawn's row nor in its column", card=card.code), rule)
        direction = ROW if place[0] == pawn[0] else COLUMN
        name = _LINE[direction]
        reaching = [w for w in windows(state, pawn, direction) if place in w and (not self.ended or len(w) == 4)]
        if not reaching:
            if self.ended:
                limit = Message("four cards with all four disciples")
            else:
                limit = Message("at most four adjacent cards with no disciple twice")
            raise IllegalAction(Message("No {name} window through the pawn reaches {card}: a window is {limit}",
                                        name=name, card=card.code, limit=limit), rule)
        best = self.best[direction]
        raise IllegalAction(Message(
            "A {name} window reaching {card} scores at most {most:+d}; the best {name} window scores {best:+d}", name=name,
            card=card.code, most=max(window_sum(state, w) for w in reaching), best=window_sum(state, best)), rule)

    def idle(self, state: Position) -> str:
        return self._say(Message("Click the cards of the {colour} pawn's best windows.", colour=colour_word(self.colour)))

    def hint(self, state: Position) -> str:
        row, column = len(self.best[ROW]), len(self.best[COLUMN])
        numbers = {"row": number_words(row, self.language), "column": number_words(column, self.language)}
        if row == 1:
            message = Message("The best row window has {row} card and the best column window {column}; the pawn's own card is in both.", **numbers)
        else:
            message = Message("The best row window has {row} cards and the best column window {column}; the pawn's own card is in both.", **numbers)
        return self._say(message)


#: A window's line, as a sentence names it: "row", 橫向卡牌列.
_LINE = {ROW: term("row", "window"), COLUMN: term("column", "window")}


def windows_exercise(position: Position | str, colour: Colour | str, ended: bool = False,
                     language: str = "en") -> tuple[WindowsReferee, dict[str, Any]]:
    """The referee and exercise record (choice, option, answers, sentences) of a find-the-windows
    exercise, said in `language` ("en" or "zh-TW")."""
    referee = WindowsReferee(position, colour, ended, language)
    graph = LessonGraph(referee)
    return referee, exercise(graph.node(graph.start_id), "h0", noun=("card", "cards"), language=language)
