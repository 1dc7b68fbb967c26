"""`MadnessExpedition`: an At the Mountains of Madness board a learner clicks on, with or without a kernel.

The shell (`rulesbook.widgets.board.Board`) does the lesson's work; this class names the picture
("madness": widgets/pictures/madness.js draws the mountain, the tile, the Sled, the die and the
players' boards) and builds the lessons of `rulesbook.lessons.madness`, every one refereed by
the Madness engine. The reader sits at one seat and sees only what that seat may see (MAD-R08).
"""

from __future__ import annotations

from typing import Any

from rulesbook.lessons.madness import ExpeditionReferee, find_in_expedition, leadership_exercise, sled_exercise
from rulesbook.madness.state import State
from rulesbook.widgets.board import Board


class MadnessExpedition(Board):
    """A board for one Madness lesson. Build it with `MadnessExpedition.turn(...)` (play on from
    any moment; `.game(...)` is the same, by the other boards' name), `.find(...)` (an exercise: every place a decision may act on), `.sled(...)` (which
    challenges does this Sled overcome?) or `.leadership(...)` (where may a token be used?)."""

    picture = "madness"

    @classmethod
    def turn(cls, state: State, *, seat: int | None = None, moves: int = 2, until: str | None = None,
             mountain: bool = False, title: str = "") -> MadnessExpedition:
        """Play on from any moment (see `rulesbook.madness.moment`) to the end of the turn, or to
        `until` ("landing", "reveal", "failures" or "draw"): the reader takes the Leader's decisions and plays
        the cards of `seat` (the Leader by default). `moves` clicks are precomputed for the static
        page; `mountain` draws the board of spaces in every phase (it is always drawn when the
        Airplane moves)."""
        referee = ExpeditionReferee(state, seat, ("mountain",) if mountain else (), until)
        return cls(referee, moves=moves, title=title)

    @classmethod
    def game(cls, state: State, **options: Any) -> MadnessExpedition:
        """A board on any moment, by the name the other games' boards give it (`InfernoBoard.game`,
        `HudaiTable.game`): here `turn`, with its options, since a Madness board plays one turn."""
        return cls.turn(state, **options)

    @classmethod
    def find(cls, state: State, choice: str = "fly", *, seat: int | None = None, title: str = "") -> MadnessExpedition:
        """An exercise on a moment: find every place one decision may act on now, as the engine
        says. `choice` is "fly" (where may the Airplane go), a failed challenge such as
        "Crates 8-10" (which consequences are allowed), "give" (who may take the Relic), "search",
        "ignore" or "deal-one"; each wrong click gets the engine's refusal and its rule."""
        referee, exercise = find_in_expedition(state, choice, seat)
        return cls(referee, moves=0, title=title, mode="find", exercise=exercise)

    @classmethod
    def sled(cls, state: State, *, seat: int | None = None, title: str = "") -> MadnessExpedition:
        """An exercise: the Leader reveals the Sled; click each challenge it overcomes (the engine judges)."""
        referee, exercise = sled_exercise(state, seat)
        return cls(referee, moves=0, title=title, mode="find", exercise=exercise)

    @classmethod
    def leadership(cls, state: State, *, seat: int | None = None, title: str = "") -> MadnessExpedition:
        """An exercise: click each phase in which the Leader of `state` may use a Leadership token."""
        referee, exercise = leadership_exercise(state, seat)
        return cls(referee, moves=0, title=title, mode="find", exercise=exercise)

    # --- reading -----------------------------------------------------------------------------
    @property
    def expedition(self) -> State:
        """The expedition on show (for a `turn` board)."""
        referee = self.referee
        if not isinstance(referee, ExpeditionReferee):
            raise AttributeError("only a board made with MadnessExpedition.turn or .find follows an expedition")
        return referee.state(self.state)
