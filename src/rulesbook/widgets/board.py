"""`Board`: the Python half of the board shell that every game's board shares.

A board carries a lesson (page data from `rulesbook.lessons`, see `rulesbook.lessons.data`):
every state it can reach with the legal targets, the refusals and the sentences, all computed by
a referee over the rules library. On a static page the JavaScript runs the lesson from that data
alone. With a kernel the JavaScript sends each click here; `handle` asks the referee and sets the
new state, which the JavaScript draws. Both paths give the same answers because both come from
the same referee.

A game's board is a subclass that names its picture (``picture = "inferno"``) and adds
constructors for its lessons; see the package's docstring for the whole recipe.
"""

from __future__ import annotations

from typing import Any, ClassVar

import anywidget
import traitlets

from rulesbook.core.errors import IllegalAction
from rulesbook.lessons.data import pack
from rulesbook.lessons.graph import LessonGraph, Place, Referee, place_key, refusal_text
from rulesbook.widgets.assets import board_module, board_style


class Board(anywidget.AnyWidget):
    """A board for one lesson of one game, refereed by `referee`.

    mode "play": targets shown, clicks move (`moves` clicks deep are precomputed for the page);
    mode "find": the `exercise` (a record from `rulesbook.lessons.exercise`) asks the reader to
    find every target of one choice, and nothing moves.
    """

    #: The picture that draws this game: widgets/pictures/<picture>.js and .css.
    picture: ClassVar[str] = ""

    #: Names the picture on the page, where one script draws every game's boards.
    _picture = traitlets.Unicode("").tag(sync=True)
    lesson = traitlets.Dict().tag(sync=True)
    #: The states visited, each [state id, log entry]; the last one is shown.
    history: traitlets.List[list[Any]] = traitlets.List().tag(sync=True)
    message = traitlets.Unicode("").tag(sync=True)
    #: "info", "ok" (a legal move) or "no" (a refusal).
    tone = traitlets.Unicode("info").tag(sync=True)
    #: Exercise mode: the places found so far, as place keys.
    found: traitlets.List[str] = traitlets.List().tag(sync=True)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.__dict__.get("picture"):
            # One module per game in a notebook: the shell and that game's picture.
            cls._esm = board_module(cls.picture)
            cls._css = board_style(cls.picture)

    def __init__(self, referee: Referee, *, moves: int = 2, title: str = "", mode: str = "play",
                 exercise: dict[str, Any] | None = None, **kwargs: Any):
        self._graph = LessonGraph(referee)
        self._mode = mode
        self._exercise = exercise or {}
        self._title = title
        self._graph.expand(moves)
        super().__init__(_picture=self.picture, lesson=self._packed(), history=[[self._graph.start_id, ""]], **kwargs)
        self.on_msg(self._on_message)

    # --- reading -----------------------------------------------------------------------------
    @property
    def referee(self) -> Referee:
        return self._graph.referee

    @property
    def state(self) -> Any:
        """The referee's state on show."""
        return self._graph.state(self.history[-1][0])

    def node(self) -> dict[str, Any]:
        """The current state's record, sentences written out (not packed)."""
        return self._graph.node(self.history[-1][0])

    def targets(self, choice: str, actor: str | None = None) -> set[Place]:
        """The places a click may play for that choice on the current state."""
        node = self.node()
        entry = node["choices"][choice]
        option = entry["options"][actor or entry["actor"]]
        return {self._graph.place(node["id"], key) for key in node["options"][option]["targets"]}

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

    def click(self, place: Place, choice: str | None = None, actor: str | None = None) -> str:
        """Play a click as the front end would: `choice` of hand cards ("h0", "h0+h1") or an effect,
        on `place` (an exercise's own choice when none is given). Returns the message the reader sees.
        """
        if choice is None and self._mode == "find":
            choice = self._exercise.get("choice")
        self.handle({"type": "click", "node": self.history[-1][0], "choice": choice, "actor": actor, "place": place_key(place)})
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
        actor = content.get("actor") or choice["actor"]
        option = choice["options"].get(actor)
        if option is None:
            self._say("That choice cannot act there in this lesson.", "no")
            return
        place = self._graph.place(node_id, content["place"])
        # The check itself: the referee asks the rules library.
        try:
            outcome = self.referee.play(self._graph.state(node_id), option, place)
        except IllegalAction as error:
            self._say(refusal_text(error), "no")
            return
        if self._mode == "find":
            self._find(option, content["place"], outcome.reach or outcome.say)
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
        """Page data of every state recorded so far; records are only ever added, so the ids of
        the states a page already shows stay valid."""
        return pack(self._graph.known(), self._graph.start_id, picture=self.picture, title=self._title,
                    mode=self._mode, exercise=self._exercise)

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
        return f"{type(self).__name__}({node['decision']}; hand: {hand}; {what}: {moves})"
