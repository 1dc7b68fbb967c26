"""`InfernoBoard`: a Mountain of Inferno board a learner clicks on, with or without a kernel.

The shell (`rulesbook.widgets.board.Board`) does the lesson's work; this class names the picture
("inferno": widgets/pictures/inferno.js draws the Mountain) and builds Inferno's lessons.
"""

from __future__ import annotations

from rulesbook.inferno.state import State
from rulesbook.inferno.position import Colour, Position
from rulesbook.inferno.rules import Rules
from rulesbook.lessons.inferno.bison_turn import BISON, BisonLesson, find_in_bison
from rulesbook.lessons.inferno.whole_game import GameReferee, find_in_game
from rulesbook.lessons.graph import Place
from rulesbook.lessons.inferno.scoring_windows import windows_exercise
from rulesbook.widgets.board import Board, spoken


class InfernoBoard(Board):
    """A board for one Mountain of Inferno lesson. Build it with `InfernoBoard.bison(...)`,
    `InfernoBoard.find(...)`, `InfernoBoard.game(...)`, `InfernoBoard.find_in_game(...)`,
    `InfernoBoard.find_windows(...)` or `InfernoBoard(referee, moves=2)` with any referee.

    Every board on Mountain of Inferno speaks zh-TW when asked: the boards on a game moment (`game`,
    `find_in_game`), the Bison King lessons (`bison`, `find`) and the scoring-window exercise
    (`find_windows`) take ``language="zh-TW"``, or follow `rulesbook.widgets.speak("zh-TW")`, said
    once for every board made after it.
    """

    picture = "inferno"

    @classmethod
    def bison(cls, position: Position | str, player: Colour | str = "R", hand: tuple[str, ...] = (BISON,), *,
              rules: Rules | None = None, pawns: tuple[Colour | str, ...] | None = None, step: bool = False,
              moves: int = 2, title: str = "", language: str | None = None) -> InfernoBoard:
        """A Mighty Bison King lesson: `player` holds `hand` (event codes such as "BISON", "FAN");
        its sentences in `language` ("en" or "zh-TW"; by default the one `speak` chose)."""
        return cls(BisonLesson(position, player, hand, rules, pawns, step, spoken(language)), moves=moves, title=title)

    @classmethod
    def find(cls, position: Position | str, pawn: Colour | str = "R", cards: int = 1, *,
             rules: Rules | None = None, title: str = "", language: str | None = None) -> InfernoBoard:
        """An exercise: find every card one (or two) Bison King(s) can take `pawn` to (MOI-R05);
        its sentences in `language` ("en" or "zh-TW"; by default the one `speak` chose)."""
        referee, exercise = find_in_bison(position, pawn, cards, rules=rules, language=spoken(language))
        return cls(referee, moves=0, title=title, mode="find", exercise=exercise)

    @classmethod
    def game(cls, state: State, *, moves: int = 1, title: str = "", language: str | None = None) -> InfernoBoard:
        """A board on any game moment (see `rulesbook.inferno.game_moment`), refereed by the engine;
        its sentences in `language` ("en" or "zh-TW"; by default the one `speak` chose)."""
        return cls(GameReferee(state, spoken(language)), moves=moves, title=title)

    @classmethod
    def find_in_game(cls, state: State, choice: str = "h0", pawn: str | None = None, *, title: str = "",
                     language: str | None = None) -> InfernoBoard:
        """An exercise on a game moment: with the hand cards `choice` ("h0", "h0+h1") or an effect
        ("pawn", "step"), find every place the engine accepts; each wrong click gets the engine's
        refusal and its rule id. Its sentences in `language` ("en" or "zh-TW"; by default the one
        `speak` chose)."""
        referee, exercise = find_in_game(state, choice, pawn, spoken(language))
        return cls(referee, moves=0, title=title, mode="find", exercise=exercise)

    @classmethod
    def find_windows(cls, position: Position | str, colour: Colour | str, *, ended: bool = False, title: str = "",
                     language: str | None = None) -> InfernoBoard:
        """An exercise: click the cards of that pawn's best row and column windows (MOI-R17), or of
        its complete cross with ended=True (MOI-R11); wrong clicks say why (MOI-R17). Its sentences
        in `language` ("en" or "zh-TW"; by default the one `speak` chose)."""
        referee, exercise = windows_exercise(position, colour, ended, spoken(language))
        return cls(referee, moves=0, title=title, mode="find", exercise=exercise)

    # --- reading -----------------------------------------------------------------------------
    @property
    def position(self) -> Position:
        state = self.state
        if isinstance(state, Position):
            return state
        return state.mountain if isinstance(state, State) else state.position

    def targets(self, choice: str, pawn: str | None = None) -> set[Place]:
        """The places a click may play for that choice ("h0", "h0+h1", "step") on the current state."""
        return super().targets(choice, pawn)

    def click(self, place: Place, choice: str | None = None, pawn: str | None = None) -> str:
        """Play a click as the front end would, moving `pawn` (a colour letter) when the cards may
        move several; returns the message the reader sees."""
        return super().click(place, choice, pawn)
