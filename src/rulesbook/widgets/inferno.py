"""`InfernoBoard`: a Mountain of Inferno board a learner clicks on, with or without a kernel.

The board carries a lesson (plain data from `rulesbook.lessons`): every state it can reach with
the legal targets, the refusals and the sentences, all computed by the rules library. On a static
page the JavaScript runs the lesson from that data alone. With a kernel the JavaScript sends each
click here; `handle` asks the referee (the rules library) and sets the new state, which the
JavaScript draws. Both paths give the same answers because both come from the same referee.
"""

from __future__ import annotations

from typing import Any

import anywidget
import traitlets

from rulesbook.core.errors import IllegalAction
from rulesbook.inferno.position import Colour, Position
from rulesbook.inferno.rules import Rules
from rulesbook.inferno.game import GameState
from rulesbook.lessons.bison import BISON, BisonLesson
from rulesbook.lessons.game import GameReferee, find_in_game
from rulesbook.lessons.windows import windows_exercise
from rulesbook.lessons.graph import LessonGraph, Referee, parse_place, place_key, refusal_text
from rulesbook.widgets.assets import asset_text

#: Sentences of the find-the-destinations exercise; {say}, {found}, {total} are filled in.
EXERCISE_WORDS = {
    "right": "Right: {say} Found {found} of {total}.",
    "again": "You have found that one already: {found} of {total} so far.",
    "done": "Right: {say} That is all {total}: well done.",
}


class InfernoBoard(anywidget.AnyWidget):
    """A board for one lesson. Build it with `InfernoBoard.bison(...)`, `InfernoBoard.find(...)`
    or `InfernoBoard(referee, moves=2)` with any referee (see `rulesbook.lessons.Referee`).
    """

    _esm = asset_text("inferno_board.js")
    _css = asset_text("inferno_board.css")

    lesson = traitlets.Dict().tag(sync=True)
    #: The states visited, each [state id, log entry]; the last one is shown.
    history = traitlets.List().tag(sync=True)
    message = traitlets.Unicode("").tag(sync=True)
    #: "info", "ok" (a legal move) or "no" (a refusal).
    tone = traitlets.Unicode("info").tag(sync=True)
    #: Exercise mode: the places found so far, "row,column".
    found = traitlets.List().tag(sync=True)

    def __init__(self, referee: Referee, *, moves: int = 2, title: str = "", mode: str = "play",
                 exercise: dict[str, Any] | None = None, **kwargs: Any):
        self._graph = LessonGraph(referee)
        self._mode = mode
        self._exercise = {**EXERCISE_WORDS, **exercise} if exercise else {}
        self._title = title
        data = self._graph.lesson(moves, title=title, mode=mode, exercise=self._exercise)
        super().__init__(lesson=data, history=[[self._graph.start_id, ""]], **kwargs)
        self.on_msg(self._on_message)

    # --- building ----------------------------------------------------------------------------
    @classmethod
    def bison(cls, position: Position | str, player: Colour | str = "R", hand: tuple[str, ...] = (BISON,), *,
              rules: Rules | None = None, pawns: tuple[Colour | str, ...] | None = None, step: bool = False,
              moves: int = 2, title: str = "") -> InfernoBoard:
        """A Mighty Bison King lesson: `player` holds `hand` (event codes such as "BISON", "FAN")."""
        return cls(BisonLesson(position, player, hand, rules, pawns, step), moves=moves, title=title)

    @classmethod
    def find(cls, position: Position | str, pawn: Colour | str = "R", cards: int = 1, *,
             rules: Rules | None = None, title: str = "") -> InfernoBoard:
        """An exercise: find every card one (or two) Bison King(s) can take `pawn` to (MOI-R05)."""
        colour = Colour.parse(pawn)
        referee = BisonLesson(position, colour, (BISON,) * cards, rules, pawns=(colour,))
        graph = LessonGraph(referee)
        start = graph.node(graph.start_id)
        option = f"bison{cards}:{colour.letter}"
        exercise = {
            "choice": "+".join(f"h{i}" for i in range(cards)),
            "option": option,
            "answers": sorted(start["options"][option]["targets"]),
        }
        return cls(referee, moves=0, title=title, mode="find", exercise=exercise)

    @classmethod
    def game(cls, state: GameState, *, moves: int = 1, title: str = "") -> InfernoBoard:
        """A board on any game moment (see `rulesbook.inferno.game_moment`), refereed by the engine."""
        return cls(GameReferee(state), moves=moves, title=title)

    @classmethod
    def find_in_game(cls, state: GameState, choice: str = "h0", pawn: str | None = None, *, title: str = "") -> InfernoBoard:
        """An exercise on a game moment: with the hand cards `choice` ("h0", "h0+h1"), find every
        place the engine accepts; each wrong click gets the engine's refusal and its rule id."""
        referee, exercise = find_in_game(state, choice, pawn)
        return cls(referee, moves=0, title=title, mode="find", exercise=exercise)

    @classmethod
    def find_windows(cls, position: Position | str, colour: Colour | str, *, ended: bool = False, title: str = "") -> InfernoBoard:
        """An exercise: click the cards of that pawn's best row and column windows (MOI-R17), or of
        its complete cross with ended=True (MOI-R11); wrong clicks say why (MOI-R17)."""
        referee, exercise = windows_exercise(position, colour, ended)
        return cls(referee, moves=0, title=title, mode="find", exercise=exercise)

    # --- reading -----------------------------------------------------------------------------
    @property
    def referee(self) -> Referee:
        return self._graph.referee

    @property
    def state(self) -> Any:
        """The referee's state on show (for a Bison lesson, a `BisonTurn` with its `position`)."""
        return self._graph.state(self.history[-1][0])

    @property
    def position(self) -> Position:
        state = self.state
        if isinstance(state, Position):
            return state
        return state.mountain if isinstance(state, GameState) else state.position

    def node(self) -> dict[str, Any]:
        """The current state's record, sentences written out (not packed)."""
        return self._graph.node(self.history[-1][0])

    def targets(self, choice: str, pawn: str | None = None) -> set[tuple[int, int]]:
        """The places a click may play for that choice ("h0", "h0+h1", "step") on the current state."""
        node = self.node()
        entry = node["choices"][choice]
        option = entry["options"][pawn or entry["pawn"]]
        return {parse_place(key) for key in node["options"][option]["targets"]}

    # --- what the front end sends (live mode) -----------------------------------------------
    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        self.handle(content)

    def handle(self, content: dict[str, Any]) -> None:
        """Answer one message of the JavaScript; never lets a Python error reach the reader."""
        try:
            kind = content.get("type") if isinstance(content, dict) else None
            if kind == "hello":
                self.send({"type": "live"})
            elif kind == "click":
                self._click(content)
            elif kind == "rewind":
                self.rewind(int(content.get("to", 0)))
            elif kind == "undo":
                self.undo()
            else:
                self._say(f"The board did not understand the message {kind!r}.", "no")
        except Exception as error:  # the reader must never see a traceback
            self._say(f"Something went wrong while checking that click ({type(error).__name__}); "
                      "undo or start again.", "no")

    def click(self, place: tuple[int, int] | str, choice: str | None = None, pawn: str | None = None) -> str:
        """Play a click as the front end would: `choice` of hand cards ("h0", "h0+h1") or "step",
        on `place` (an exercise's own cards when none are given). Returns the message the reader sees.
        """
        key = place if isinstance(place, str) else place_key(place)
        if choice is None and self._mode == "find":
            choice = self._exercise.get("choice")
        self.handle({"type": "click", "node": self.history[-1][0], "choice": choice, "pawn": pawn, "place": key})
        return self.message

    def _click(self, content: dict[str, Any]) -> None:
        node_id = self.history[-1][0]
        if content.get("node", node_id) != node_id:
            self._say("The board had changed before that click arrived; please click again.", "info")
            return
        node = self._graph.node(node_id)
        choice_key = content.get("choice")
        if not choice_key:
            self._say(node["idle"], "info")
            return
        choice = node["choices"].get(choice_key)
        if choice is None:
            self._say("Those cards are not in the hand.", "no")
            return
        if "refusal" in choice:
            self._say(choice["refusal"], "no")
            return
        pawn = content.get("pawn") or choice["pawn"]
        option = choice["options"].get(pawn)
        if option is None:
            self._say(f"Those cards cannot move the {Colour.parse(pawn).english} pawn in this lesson.", "no")
            return
        place = parse_place(content["place"])
        # The check itself: the referee asks the rules library.
        try:
            outcome = self.referee.play(self._graph.state(node_id), option, place)
        except IllegalAction as error:
            self._say(refusal_text(error), "no")
            return
        if self._mode == "find":
            self._find(option, place_key(place), outcome.reach or outcome.say)
            return
        next_id = self._graph.id_of(outcome.state)
        with self.hold_sync():
            if next_id not in self.lesson["nodes"]:
                self._graph.node(next_id)
                self.lesson = self._packed()
            self.history = [*self.history, [next_id, outcome.log]]
            self._say(outcome.say, "ok")

    def _find(self, option: str, key: str, say: str) -> None:
        words = self._exercise
        total = len(words.get("answers", []))
        if option != words.get("option"):
            self._say("That is not one of the places this exercise asks for.", "no")
        elif key in self.found:
            self._say(words["again"].format(found=len(self.found), total=total), "info")
        else:
            found = [*self.found, key]
            template = words["done"] if len(found) == total else words["right"]
            with self.hold_sync():
                self.found = found
                self._say(template.format(say=say, found=len(found), total=total), "ok")

    def _packed(self) -> dict[str, Any]:
        return self._graph.known(title=self._title, mode=self._mode, exercise=self._exercise)

    def undo(self) -> None:
        entries = len(self.found) if self._mode == "find" else len(self.history) - 1
        if entries:
            self.rewind(entries - 1, "Undone.")

    def rewind(self, count: int, words: str | None = None) -> None:
        """Go back to just after entry `count` of the move log (0: the start)."""
        count = max(0, int(count))
        with self.hold_sync():
            if self._mode == "find":
                self.found = self.found[:count]
            else:
                self.history = self.history[: count + 1]
            self._say(words or ("Back to the start." if count == 0 else f"Back to move {count}."), "info")

    def _say(self, message: str, tone: str) -> None:
        self.message = message
        self.tone = tone

    # --- text forms --------------------------------------------------------------------------
    def __repr__(self) -> str:
        node = self.node()
        hand = ", ".join(card["label"] for card in node["hand"]) or "no cards"
        moves = len(self.found) if self._mode == "find" else len(self.history) - 1
        what = "found" if self._mode == "find" else "moves"
        return f"InfernoBoard({node['decision']}; hand: {hand}; {what}: {moves})"
