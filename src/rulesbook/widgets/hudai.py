"""`HudaiTable`: a Hudai Pass table a learner clicks on, with or without a kernel.

The shell (`rulesbook.widgets.board.Board`) does the lesson's work; this class names the picture
("hudai": widgets/pictures/hudai.js draws the table) and builds Hudai Pass's lessons: a moment of
a game refereed by the engine (`game`), the questions of the chapters' exercises (`find`,
`find_cards`, `feeds`, `acts`) and a game replayed step by step (`replay`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Protocol

from rulesbook.core.records import GameRecord
from rulesbook.hudai.state import State
from rulesbook.lessons.hudai import (
    CardsQuestion,
    LossQuestion,
    PowersQuestion,
    ReplayReferee,
    TableQuestion,
    TableReferee,
    TrackQuestion,
    find_in_table,
)
from rulesbook.lessons.graph import Referee
from rulesbook.widgets.board import Board


class HudaiReferee(Referee, Protocol):
    """A referee of Hudai Pass lessons: every one also says which table a moment shows."""

    def table_of(self, state: Any) -> State: ...


class HudaiTable(Board):
    """A board for one Hudai Pass lesson. Build it with `HudaiTable.game(...)`, `HudaiTable.find(...)`,
    `HudaiTable.find_cards(...)`, `HudaiTable.feeds(...)`, `HudaiTable.acts(...)`,
    `HudaiTable.ways_to_lose(...)`, `HudaiTable.loss(...)`, `HudaiTable.replay(...)`, or `HudaiTable(referee, moves=2)` with any referee.
    """

    picture = "hudai"
    referee: HudaiReferee

    @classmethod
    def game(cls, state: State, *, only: Iterable[str] | None = None, moves: int = 2, title: str = "") -> HudaiTable:
        """A board on any moment (see `rulesbook.hudai.game_moment`), refereed by the engine;
        `only` keeps it to some of `rulesbook.lessons.hudai.LESSON_WORDS` ("play", "value", ...)."""
        return cls(TableReferee(state, only), moves=moves, title=title)

    @classmethod
    def find(cls, state: State, choice: str, actor: str | None = None, *, title: str = "") -> HudaiTable:
        """An exercise on a moment: with `choice` made ("value", "symbol", "colour", "obtain",
        "swap", "black", a hand card "h0"...), find every place the engine accepts; each wrong click
        gets the engine's refusal and its rule."""
        referee, exercise = find_in_table(state, choice, actor)
        return cls(referee, moves=0, title=title, mode="find", exercise=exercise)

    @classmethod
    def find_cards(cls, state: State, question: str = "fits", *, title: str = "") -> HudaiTable:
        """An exercise on the hand: click the cards that `question` asks for ("fits": every card
        that may be played next; "combo": the cards of the longest combo the hand allows;
        "taken": the cards the first Crush or Confuse of the demon's turn takes; "corrupts": the
        cards that cost corruption when the hand is filled)."""
        return cls.asking(CardsQuestion(state, question), title)

    @classmethod
    def feeds(cls, state: State, *, title: str = "") -> HudaiTable:
        """An exercise: click every power this hand feeds in step 4 (rulebook, Fill your hand)."""
        return cls.asking(PowersQuestion(state, "fed"), title)

    @classmethod
    def acts(cls, state: State, question: str = "acts", *, title: str = "") -> HudaiTable:
        """An exercise on step 5: click every power that will do something this turn ("acts"; the
        questions of `PowersQuestion`)."""
        return cls.asking(PowersQuestion(state, question), title)

    @classmethod
    def ways_to_lose(cls, state: State, *, title: str = "") -> HudaiTable:
        """An exercise: click every track that can make the monk lose (rulebook, Play)."""
        return cls.asking(TrackQuestion(state), title)

    @classmethod
    def loss(cls, state: State, *, title: str = "") -> HudaiTable:
        """An exercise: the demon's turn after this moment ends the game; click the track that does it."""
        return cls.asking(LossQuestion(state), title)

    @classmethod
    def asking(cls, question: TableQuestion, title: str = "") -> HudaiTable:
        """A find exercise for any question of `rulesbook.lessons.hudai.questions`."""
        return cls(question, moves=0, title=title, mode="find", exercise=question.exercise())

    @classmethod
    def replay(cls, record: GameRecord, *, turns: int | None = None, title: str = "") -> HudaiTable:
        """A game's record replayed step by step (the demon's turns too); `turns` stops it early."""
        referee = ReplayReferee(record, turns)
        return cls(referee, moves=len(referee.steps), title=title)

    # --- reading -----------------------------------------------------------------------------
    @property
    def table(self) -> State:
        """The engine's state on show (in the demon's turn: the table at that step)."""
        return self.referee.table_of(self.state)
