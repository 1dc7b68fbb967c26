"""`Board`: the Python half of the board shell that every game's board shares.

A board carries a lesson (page data from `rulesbook.lessons`, see `rulesbook.lessons.data`):
every state it can reach with the legal targets, the refusals and the sentences, all computed by
a referee over the rules library. The JavaScript shell (widgets/board.js) plays the lesson from
that data, on a static page and in a live notebook alike: it keeps the move log, undo and rewind
and says every message. In a live notebook Python only referees: when a move leads to a state
the data does not hold yet, the shell sends ``{"type": "expand", "node": id}`` and `handle`
records that state with the referee, adds it to the lesson and answers ``{"type": "expanded"}``.
A failure there is logged with its traceback (the widget's log: the Jupyter log in a kernel) and
the shell says `WORDS["failed"]` to the learner.

`click`, `undo` and `rewind` play the same lesson from Python, as a reader would on the page,
for notebooks and tests that have no page; they read the same data and the same sentences
(`WORDS`, from widgets/words.json), so a chapter's claims about its board are the page's answers.

A game's board is a subclass that names its picture (``picture = "inferno"``) and adds
constructors for its lessons; see the package's docstring for the whole recipe.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any, ClassVar

import anywidget
import traitlets

from rulesbook.core import messages
from rulesbook.core.words import capitalised
from rulesbook.lessons.data import chosen_option, pack
from rulesbook.lessons.graph import Entry, LessonGraph, Place, Referee, place_key
from rulesbook.widgets.assets import asset_text, board_module, board_style

#: Every sentence the shell itself says, shared with widgets/board.js.
WORDS: dict[str, str] = json.loads(asset_text("words.json"))
#: The shell's words in each language the library speaks (widgets/words.<language>.json, made
#: from the catalogue by tools/catalogue.py; English is words.json).
LANGUAGE_WORDS: dict[str, dict[str, str]] = {"en": WORDS, "zh-TW": json.loads(asset_text("words.zh-TW.json"))}
#: The language boards are made in when their constructor is not told one (`speak`).
def speak(language: str) -> None:
    """Make every board built after this (in this kernel) speak `language`, "en" or "zh-TW",
    unless its constructor is told another, and every picture describe itself in it
    (`rulesbook.core.messages.speak`): a zh-TW chapter calls ``speak("zh-TW")`` once at its top."""
    messages.speak(_board_language(language))


def spoken(language: str | None = None) -> str:
    """The language a board is made in: `language` when given, else the one `speak` chose."""
    return messages.spoken(None if language is None else _board_language(language))


def _board_language(language: object) -> str:
    """The language, when a board speaks it (its shell's words are written in it)."""
    if not isinstance(language, str) or language not in LANGUAGE_WORDS:
        raise ValueError(f"language: a board speaks {' or '.join(LANGUAGE_WORDS)}, not {language!r}")
    return language


def fill(template: str, **values: Any) -> str:
    """The template with each {name} given in `values` filled in (the shell's fill())."""
    return re.sub(r"\{(\w+)\}", lambda match: str(values.get(match.group(1), match.group(0))), template)


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
        if type(moves) is not int or moves < 0:  # range(moves) below takes -1 as 0 and "2" as a TypeError, unsaid
            raise ValueError(f"moves: how many clicks deep the board answers ahead, a whole number 0 or more, not {moves!r}")
        self._graph = LessonGraph(referee)
        #: The shell's words in the referee's language (its sentences are in it: `Referee`).
        self.words = LANGUAGE_WORDS.get(self._graph.language, WORDS)
        self._mode = mode
        self._exercise = exercise or {}
        self._title = title
        self._graph.expand(moves)
        super().__init__(_picture=self.picture, lesson=self._packed(), history=[[self._graph.start_id, ""]], **kwargs)
        self.on_msg(self._on_message)

    # --- reading -----------------------------------------------------------------------------
    @property
    def language(self) -> str:
        """The language this board speaks: its referee's ("en" or "zh-TW")."""
        return self._graph.language

    @property
    def referee(self) -> Referee:
        return self._graph.referee

    @property
    def state(self) -> Any:
        """The referee's state on show."""
        return self._graph.state(self.history[-1][0])

    @property
    def exercise(self) -> dict[str, Any]:
        """The exercise record, answers and clues in the clear (the page holds them sealed)."""
        return dict(self._exercise)

    def asked(self, exercise: dict[str, Any]) -> Board:
        """This board asking with that exercise record (its words changed: `rulesbook.teach`)."""
        self._exercise = dict(exercise)
        self.lesson = self._packed()
        return self

    def node(self) -> dict[str, Any]:
        """The current state's record, sentences written out (not packed)."""
        return self._graph.node(self.history[-1][0])

    def targets(self, choice: str, actor: str | None = None) -> set[Place]:
        """The places a click may play for that choice on the current state."""
        node = self.node()
        option = chosen_option(node, choice, actor)
        return {self._graph.place(node["id"], key) for key in node["options"][option]["targets"]}

    # --- messages: from the JavaScript (hello, expand) or from Python's own click, undo, rewind --
    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        self.handle(content)

    def handle(self, content: dict[str, Any]) -> None:
        """Answer one message. A failure is logged with its traceback and the learner reads a
        friendly line instead (never a Python traceback on the board)."""
        kind = content.get("type") if isinstance(content, dict) else None
        answer = _HANDLERS.get(kind) if isinstance(kind, str) else None
        if answer is None:
            self._say(fill(self.words["unknownMessage"], kind=repr(kind)), "no")
            return
        try:
            answer(self, content)
        except Exception:
            self.log.error("rulesbook: the %s board could not answer %r", type(self).__name__, content, exc_info=True)
            self._say(self.words["failed"], "no")
            if kind == "expand":
                self.send({"type": "failed"})

    def _hello(self, _content: dict[str, Any]) -> None:
        self.send({"type": "live"})

    def _expand(self, content: dict[str, Any]) -> None:
        """Record the state a move on the page leads to (the referee is asked about it) and send
        the lesson with it; the page then makes the move."""
        node_id = str(content["node"])
        self._record(node_id)
        self.send({"type": "expanded", "node": node_id})

    def _record(self, node_id: str) -> None:
        """The state's record in the lesson (asked of the referee if it is not there yet)."""
        if node_id not in self.lesson["nodes"]:
            self._graph.node(node_id)
            self.lesson = self._packed()

    def click(self, place: Place, choice: str | None = None, actor: str | None = None) -> str:
        """Play a click as the page would: `choice` of hand cards ("h0", "h0+h1") or an effect,
        on `place` (an exercise's own choice when none is given). Returns the message the reader sees.
        """
        if choice is None and self._mode == "find":
            choice = self._exercise.get("choice")
        if not isinstance(place, str) and not (isinstance(place, (tuple, list)) and len(place) == 2
                                               and all(type(part) is int for part in place)):
            raise ValueError(f"place: a (row, column) pair or the name of a place, not {place!r}")
        key = place_key(place)
        self._graph.place(self.history[-1][0], key)  # a place this board does not have: a ValueError naming its places
        self.handle({"type": "click", "node": self.history[-1][0], "choice": choice, "actor": actor, "place": key})
        return self.message

    def _click(self, content: dict[str, Any]) -> None:
        node_id = self.history[-1][0]
        if content.get("node", node_id) != node_id:
            self._say(self.words["changed"], "info")
            return
        node = self._graph.node(node_id)
        if not content.get("choice"):
            self._say(node["idle"], "info")
            return
        if self._mode == "find" and content["choice"] == self._exercise.get("choice"):
            option, refusal = self._exercise["option"], ""  # the exercise's own, for its actor (board.js, option())
        else:
            option, refusal = _chosen_option(node, content, self.words)
        if option is None:
            self._say(refusal, "no")
            return
        # The check itself: the referee's answer, as the lesson data holds it.
        self._answer(option, content["place"], self._graph.entry(node_id, option, content["place"]))

    def _answer(self, option: str, key: str, entry: Entry) -> None:
        """What the page does with the answer to a click (board.js, answer())."""
        if isinstance(entry, str):
            self._say(entry, "no")
        elif self._mode == "find":
            self._find(option, key, entry[3])
        else:
            next_id, say, log, _reach = entry
            with self.hold_sync():
                self._record(next_id)
                self.history = [*self.history, [next_id, log]]
                self._say(say, "ok")

    def _find(self, option: str, key: str, say: str) -> None:
        words = self._exercise
        total = len(words.get("answers", []))
        if option != words.get("option"):
            self._say(self.words["notAsked"], "no")
        elif key in self.found:
            self._say(fill(words["again"], found=len(self.found), total=total), "info")
        else:
            found = [*self.found, key]
            template = words["done"] if len(found) == total else words["right"]
            with self.hold_sync():
                self.found = found
                self._say(fill(template, say=say, Say=capitalised(say), found=len(found), total=total), "ok")

    def _packed(self) -> dict[str, Any]:
        """Page data of every state recorded so far; records are only ever added, so the ids of
        the states a page already shows stay valid."""
        return pack(self._graph.known(), self._graph.start_id, picture=self.picture, title=self._title,
                    mode=self._mode, exercise=self._exercise, language=self._graph.language)

    @property
    def entries(self) -> int:
        """How many entries the move log holds: the answers found in an exercise, else the moves."""
        return len(self.found) if self._mode == "find" else len(self.history) - 1

    def undo(self) -> None:
        entries = self.entries
        if entries:
            self.rewind(entries - 1, self.words["undone"])
        else:
            self._say(self.words["nothingToUndo"], "info")

    def rewind(self, count: int, words: str | None = None) -> None:
        """Go back to just after entry `count` of the move log (0: the start; past its end: where
        it is). ValueError for a count that is no whole number."""
        if isinstance(count, bool) or not isinstance(count, int):
            raise ValueError(f"count: a number of moves, such as 0 for the start, not {count!r}")
        count = min(max(0, count), self.entries)
        with self.hold_sync():
            if self._mode == "find":
                self.found = self.found[:count]
            else:
                self.history = self.history[: count + 1]
            self._say(words or (self.words["back"] if count == 0 else fill(self.words["backTo"], count=count)), "info")

    def _say(self, message: str, tone: str) -> None:
        self.message = message
        self.tone = tone

    # --- text forms --------------------------------------------------------------------------
    def __repr__(self) -> str:
        node = self.node()
        hand = ", ".join(card["label"] for card in node["hand"]) or "no cards"
        what = "found" if self._mode == "find" else "moves"
        return f"{type(self).__name__}({node['decision']}; hand: {hand}; {what}: {self.entries})"


def _chosen_option(node: dict[str, Any], content: dict[str, Any], words: dict[str, str]) -> tuple[str | None, str]:
    """The option a click's choice and actor play in that state's record, or None and why not."""
    choice = node["choices"].get(content.get("choice"))
    if choice is None:
        return None, words["notInHand"]
    if "refusal" in choice:
        return None, choice["refusal"]
    option = choice["options"].get(content.get("actor") or choice["actor"])
    return (option, "") if option is not None else (None, words["cannotAct"])


#: The messages a board answers, by their "type".
_HANDLERS: dict[str, Callable[[Board, dict[str, Any]], None]] = {
    "hello": Board._hello,
    "expand": Board._expand,
    "click": Board._click,
    "undo": lambda board, _content: board.undo(),
    "rewind": lambda board, content: board.rewind(int(content.get("to", 0))),
}
