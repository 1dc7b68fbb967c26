"""A whole game on a Play page: the set-up, the referee's lesson grown a click at a time, the record.

The Play page (book/play/, widgets/play_page.js) draws the same board shell and picture as the
chapters; only the transport differs: its clicks go to this module, running in Pyodide in a Web
Worker (widgets/play_worker.js), as a chapter's go to the kernel. `PlayServer.handle` answers one
message, JSON text in and out:

    {"type": "new", "setup": {...}}          a game from a set-up (`GAMES[game].setup` reads it)
    {"type": "resume", "record": {...}, "setup": {...}}   a game record played back to its last
                                             moment (the set-up gives what a record does not hold)
    {"type": "expand", "node", "history"}    the record of the state a legal click leads to (the
                                             shell's own message, with the move log's state ids)
    {"type": "hint", "node"}                 what a bot would do there, and what that does
    {"type": "record", "history"}            the game record of the move log, `rulesbook replay`'s input
                                             (its [id, entry] pairs: the entry tells apart two clicks
                                             that lead to the same state)

"started" carries the lesson whole (`rulesbook.lessons.data.Packer`), "expanded" only what the page
appends to it (`Packer.delta`: a click costs the same late in a game as early), each with `meta`:
{"auto": {id: {"choice", "place"}}} the clicks the reader does not decide (the demon's turn, a
bot's move), played by the page one at a time; {"over": {id: words}} how a finished game ended;
{"won": {id: true}} the finished games the reader's side won (the page gives their last move a tick);
{"last": {id: {log entry: words}}} the clicks made from a state that end the game, each one's words
without the game's result (`Outcome.own`): at the end a screen reader is told the last move by them,
then the ending, which tells the result in full, once;
{"seat": {id: name}} in a hot-seat game (a game's optional `seat(referee, state)`), the reader who
decides there, so the page covers the board between two readers. "started" also carries the
game's optional `chapters` ({rule id: chapter page}): a refused click links the chapter of its rule.

Only what the reader's seat may see goes to the page: the views are the seat's; a target's
sentence (which may name a card still to be drawn, a Flow's or a refill's) is sent only once that
click was made, and until then reads as its move-log entry. Standard library only.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import Any, Protocol

from rulesbook.core.data import DataError, expect, parse_json, take, typed_whole
from rulesbook.core.errors import reason_of, shown
from rulesbook.core.messages import LANGUAGES, Listed, Message
from rulesbook.core.records import GameRecord
from rulesbook.core.rng import check_seed
from rulesbook.core.words import sentence
from rulesbook.lessons.data import Packer
from rulesbook.lessons.graph import LessonGraph

#: The most state ids a page may send in one move log (a whole game is a few hundred).
MAX_HISTORY = 20_000


class PlayGame(Protocol):
    """What the Play page needs of one game, over that game's referee (each game's is
    `rulesbook.lessons.<game>.play.PLAY`, a subclass: the first four members have defaults)."""

    name: str
    picture: str
    #: The chapter page that teaches each rule a refusal cites ({rule: page}): the page links a
    #: refused click to it.
    chapters: dict[str, str] = {}
    #: The language its sentences are said in ("en", or a language `speaking` gives).
    language: str = "en"

    def speaking(self, setup: dict[str, Any]) -> PlayGame:
        """The game as a page of this set-up says it (a game whose set-up names a language); itself
        by default."""
        return self

    def seat(self, referee: Any, state: Any) -> str | None:
        """In a hot-seat game, the reader who decides here (the page covers the board between two)."""
        return None

    def won(self, referee: Any, state: Any) -> bool:
        """Whether a finished game was won by the reader's side (a reader's seat among the winners):
        the page then says its last move as a success. Not won by default."""
        return False

    def said(self, state: Any, action: str) -> str:
        """The move-log entry a record's action has on the page (Madness names no card a bot puts
        face down): the action's text unless a game words it otherwise."""
        return action

    def recorded(self, referee: Any, state: Any, action: str) -> None:
        """A record's action, about to be played back at this moment: where a bot moves, the page's
        bot makes the record's move, so that a record of other bots (`rulesbook simulate --record`)
        plays back as it was played. Nothing to do in a game with no bots."""
        return None

    def clicks(self, referee: Any, actions: list[str]) -> list[str]:
        """A record's actions as the page's clicks, when a record is played back: all of them,
        unless the game plays some within the click before (Inferno: a bot's silent pass)."""
        return actions

    def setup(self, data: Any) -> dict[str, Any]: ...
    def you(self, setup: dict[str, Any]) -> str: ...
    def record(self, setup: dict[str, Any], actions: list[str], referee: Any = None) -> GameRecord: ...
    def setup_of(self, record: GameRecord, choices: dict[str, Any]) -> dict[str, Any]: ...
    def referee(self, setup: dict[str, Any]) -> Any: ...
    def auto(self, referee: Any, state: Any) -> dict[str, str] | None: ...
    def acts(self, state: Any) -> bool: ...
    def over(self, state: Any) -> str | None: ...
    def hint(self, state: Any, bot: str, named: Callable[[str], str]) -> tuple[str, str | None]:
        """What the hint bot would do in the reader's seat, and its action: the move is called
        `named(action)` in the words (the button or card the reader presses for it)."""
        ...
    def digest(self, state: Any) -> str: ...


def recorded_seats(record: GameRecord, bots: Collection[str], you: str) -> list[str] | None:
    """Who sits where in a record played back on a Play page: its bots by seat (None when it
    names none), each one the page plays ("you", or one of `bots`); a record of bots alone seats
    the reader at seat 1. A bot the page does not have (one written in Python) is refused by its
    field, since the page could not go on with it past the record's end."""
    if not record.bots:
        return None
    for index, name in enumerate(record.bots):
        if name != you and name not in bots:
            raise DataError(f"record.bots[{index}]", Message(
                "{name} is no bot of this page, which plays {bots}: write one of them in its place to play the record here",
                name=shown(name), bots=Listed(bots, ",")))
    seats = list(record.bots)
    if you not in seats:  # bots alone (`rulesbook simulate --record`): the reader takes seat 1
        seats[0] = you
    return seats


def typed_number(text: str) -> int | str:
    """A form's text as the number it writes (`typed_whole`, the command line's rule), else the
    text itself, which the field's own check then takes (a seed's word) or refuses naming the field."""
    number = typed_whole(text)
    return text if number is None else number


def seed_of(data: dict[str, Any], where: str) -> int | str:
    """The set-up's seed: a number typed as digits is that number, a word stays a word."""
    seed = take(data, "seed", (int, str), where)
    if isinstance(seed, str):
        seed = seed.strip()
        if not seed:
            raise DataError(f"{where}.seed", Message("give a seed: a number or a word"))
        seed = typed_number(seed)
    return check_seed(seed, f"{where}.seed")


#: The games a Play page can play: the module of each one's `PLAY`, imported when a page asks for
#: that game (a Play page's worker loads one game's engine, not three).
GAMES: dict[str, str] = {"hudai": "rulesbook.lessons.hudai.play", "inferno": "rulesbook.lessons.inferno.play",
                         "madness": "rulesbook.lessons.madness.play"}


def play_game(name: str) -> PlayGame:
    """The `PlayGame` of a game by name; DataError naming the field for any other name."""
    if name not in GAMES:
        raise DataError("message.game", Message("one of {names}, not {name}", names=", ".join(GAMES), name=shown(name)))
    game: PlayGame = importlib.import_module(GAMES[name]).PLAY
    return game


@dataclass
class PlaySession:
    """One game on the page: its set-up and the lesson graph of every state the reader reached."""

    game: PlayGame
    setup: dict[str, Any]

    def __post_init__(self) -> None:
        self.game = self.game.speaking(self.setup)
        # Lazy: a state's record answers at once; what the bots answer to a click waits for the click.
        self.graph = LessonGraph(self.game.referee(self.setup), max_nodes=MAX_HISTORY, lazy=True)
        self.revealed: set[tuple[str, str]] = set()
        self.edges: dict[tuple[str, str, str | None], str] = {}
        self.packer = Packer(language=self.graph.language)

    # --- the lesson a page carries -------------------------------------------------------------
    def lesson(self, shown: list[str]) -> dict[str, Any]:
        """The page data of the states `shown` (the move log's), as a new page takes it, and `meta`."""
        self.packer = Packer(language=self.graph.language)
        meta = self._add(shown)
        return {"lesson": self.packer.lesson(self.graph.start_id, picture=self.game.picture), "meta": meta}

    def grown(self, shown: list[str]) -> dict[str, Any]:
        """What the page appends to its lesson for the states `shown` (`Packer.delta`), and `meta`."""
        meta = self._add(shown)
        return {"delta": self.packer.delta(), "meta": meta}

    def _add(self, shown: list[str]) -> dict[str, Any]:
        """Pack these states (a path of the game: the move log's, or a click's two) with what the
        reader may not know yet left out; their `meta`."""
        graph = self.graph
        records = {node_id: self._seen(graph.node(node_id)) for node_id in dict.fromkeys(shown)}
        self.packer.add(records)
        auto, over, won, seats = {}, {}, {}, {}
        last: dict[str, dict[str, str]] = {}
        for before, after in zip(shown, shown[1:]):
            own = graph.own_words(before, after) if (before, after) in self.revealed else {}
            if own:
                last.setdefault(before, {}).update(own)
        for node_id in records:
            state = graph.state(node_id)
            click = self.game.auto(graph.referee, state)
            if click is not None:
                auto[node_id] = click
            ending = self.game.over(state)
            if ending is not None:
                over[node_id] = ending
                if self.game.won(graph.referee, state):
                    won[node_id] = True
            seat = self.game.seat(graph.referee, state)
            if seat is not None:
                seats[node_id] = seat
        return {"auto": auto, "over": over, "won": won, "seat": seats, "last": last}

    def _seen(self, record: dict[str, Any]) -> dict[str, Any]:
        """A node's record with each target's sentence kept only for a click already made."""
        options = {}
        for key, option in record["options"].items():
            targets = {place: entry if (record["id"], entry[0]) in self.revealed else [entry[0], _unsaid(entry[2], self.game.language), entry[2], ""]
                       for place, entry in option["targets"].items()}
            options[key] = {**option, "targets": targets}
        return {**record, "options": options}

    # --- moving along -------------------------------------------------------------------------
    def state(self, node_id: str) -> Any:
        """The state of a node the page names; DataError for an id this game has not given it (a
        click still to be made has no state yet)."""
        try:
            return self.graph.state(node_id)
        except KeyError:
            raise DataError("node", Message("no state {node} in this game", node=shown(node_id))) from None

    def edge(self, from_id: str, to_id: str, log: str | None = None, field: str = "history") -> str:
        """The move-log entry of the click from one state to the next (the one the move log names,
        when two clicks lead to the same state); DataError naming `field` if no click does it."""
        known = self.edges.get((from_id, to_id, log))
        if known is not None:
            return known
        self.state(to_id)
        entries = [entry for option in self.graph.node(from_id)["options"].values()
                   for entry in option["targets"].values() if entry[0] == to_id]
        if not entries:
            raise DataError(field, Message("no click leads from {before} to {after}", before=from_id, after=to_id))
        found = next((str(entry[2]) for entry in entries if log is None or entry[2] == log), str(entries[0][2]))
        self.edges[(from_id, to_id, log)] = found  # a record is asked for at every move: each edge is looked up once
        return found

    def expand(self, node_id: str, history: list[str]) -> dict[str, Any]:
        """The lesson with the state reached by the click to `node_id` from the last state of
        `history` (the click's rest worked out now: a bot's answer to it, `LessonGraph.settle`)."""
        self.check(history)
        node_id = self.graph.settle(history[-1], node_id)
        self.edge(history[-1], node_id, field="node")  # the node asked for is wrong, not the move log that led here
        self.revealed.add((history[-1], node_id))
        # The state clicked from is sent again: its click's sentence may be said now.
        return {"type": "expanded", "node": node_id, **self.grown([history[-1], node_id])}

    def check(self, history: list[str]) -> None:
        if not history or history[0] != self.graph.start_id:
            raise DataError("history", Message("a move log starts at the game's first state"))
        for before, after in zip(history, history[1:]):
            if (before, after) not in self.revealed:
                self.edge(before, after)
                self.revealed.add((before, after))

    def follow(self, action: str, history: list[list[str]]) -> None:
        """Play one recorded action from the last state of `history`, then the moves nobody
        decides that are no line of the record (the demon's turn), adding each to `history`;
        DataError if the action is refused."""
        node_id = history[-1][0]
        self.game.recorded(self.graph.referee, self.graph.state(node_id), action)
        said = self.game.said(self.graph.state(node_id), action)
        for option in self.graph.node(node_id)["options"].values():
            for entry in option["targets"].values():
                if entry[2] in (action, said):
                    reached = self.graph.settle(node_id, entry[0])
                    self.revealed.add((node_id, reached))
                    history.append([reached, entry[2]])
                    self.walk(history, recorded=True)
                    return
        raise DataError("record.actions", Message("the action {action} is not a click of this moment", action=shown(action)))

    def walk(self, history: list[list[str]], recorded: bool = False) -> None:
        """Play the moves nobody decides (`auto`) from the last state of `history`; while a record
        is played back (`recorded`), only those that are no line of it (a bot's move is one)."""
        graph = self.graph
        while (click := self.game.auto(graph.referee, graph.state(history[-1][0]))) is not None:
            if recorded and self.game.acts(graph.state(history[-1][0])):
                return
            node_id = history[-1][0]
            option = graph.node(node_id)["choices"][click["choice"]]
            entry = graph.entry(node_id, option["options"][option["actor"]], click["place"])
            if isinstance(entry, str):
                raise DataError("history", entry)
            reached = graph.settle(node_id, entry[0])
            self.revealed.add((node_id, reached))
            history.append([reached, entry[2]])

    def actions(self, history: list[str], logs: list[str | None] | None = None) -> list[str]:
        """The record's actions of a move log: the reader's clicks, not the demon's steps; `logs`
        (the move log's entries) tell apart two clicks that lead to the same state."""
        self.check(history)
        graph = self.graph
        logs = logs or [None] * len(history)
        return [self.edge(before, after, log) for before, after, log in zip(history, history[1:], logs[1:])
                if self.game.acts(graph.state(before))]

    def record(self, history: list[str], logs: list[str | None] | None = None) -> GameRecord:
        return self.game.record(self.setup, self.actions(history, logs), self.graph.referee)

    def hint(self, node_id: str) -> dict[str, Any]:
        """The hint bot's move in words, and the click that makes it (choice, actor, place)."""
        state = self.graph.state(node_id)
        if self.game.acts(state) and self.game.auto(self.graph.referee, state) is not None:
            # A bot's decision: what it will do is its own (its hand), not the reader's to see.
            words = Message.text("Nothing for you to decide: a bot is playing its move.").say(self.game.language)
            return {"text": words, "click": None}
        text, action = self.game.hint(state, self.setup.get("hint_bot", ""), lambda move: self.named(node_id, move))
        return {"text": text, "click": None if action is None else self.click_for(node_id, action)}

    def named(self, node_id: str, action: str) -> str:
        """A move as a hint names it: the label of the card or button the reader presses for it
        ("Red Boy (DH)", "Reveal the Sled"), not its notation, which a learner has not met; the
        notation when no click makes it."""
        click = self.click_for(node_id, action)
        return action if click is None else str(self.graph.node(node_id)["choices"][click["choice"]]["label"])

    def click_for(self, node_id: str, action: str) -> dict[str, str] | None:
        """The choice, actor and place whose click is this action in that state, if one is."""
        record = self.graph.node(node_id)
        for key, choice in record["choices"].items():
            for actor, option in choice.get("options", {}).items():
                for place, entry in record["options"][option]["targets"].items():
                    if entry[2] == action:
                        return {"choice": key, "actor": actor, "place": place}
        return None


def _unsaid(log: str, language: str) -> str:
    """What a click's sentence reads as before it is made: its move-log entry (the notation, the
    same in every language; an English sentence's capital and full stop in English)."""
    return sentence(log) if language == "en" else log


def _asked_language(message: Any, language: str) -> str:
    """The language a message's set-up asks for (a new game, a record loaded), else `language`."""
    setup = message.get("setup") if isinstance(message, dict) else None
    asked = setup.get("language") if isinstance(setup, dict) else None
    return asked if asked in LANGUAGES else language


def _ids(value: Any, where: str) -> list[str]:
    history = expect(value, list, where)
    if len(history) > MAX_HISTORY:
        raise DataError(where, Message("more than {most} moves", most=f"{MAX_HISTORY:,}"))
    return [str(expect(item[0] if isinstance(item, list) and item else item, str, f"{where}[{i}]")) for i, item in enumerate(history)]


class PlayServer:
    """The worker's one object: answers the page's messages (JSON text), one game at a time.

    >>> server = PlayServer()
    >>> started = json.loads(server.handle('{"type": "new", "setup": {"seed": 1}}'))
    >>> started["type"], started["history"], started["setup"]["powers"]
    ('started', [['s0', '']], ['drain', 'confuse', 'mind_pierce'])
    >>> json.loads(server.handle('{"type": "hint", "node": "s0"}'))["click"]
    {'choice': 'black', 'actor': 'M', 'place': 'black:K2'}
    >>> print(json.loads(server.handle('{"type": "new", "setup": {"seed": 1, "powers": ["drain", "drain", "crush"]}}'))["text"])
    setup.powers[1]: Centre tile: Drain is the left tile already; the demon's three tiles are different (HUD-R12: the box has one tile of each symbol)
    """

    def __init__(self) -> None:
        self.session: PlaySession | None = None

    def handle(self, text: str) -> str:
        """One message answered; bad input or a refused move is {"type": "error", "text"} naming
        the field or the rule, in the language of the game (or of the set-up it asks for), and
        changes nothing."""
        language = self.session.game.language if self.session else "en"
        try:
            message = parse_json(text, "message")
            language = _asked_language(message, language)
            kind = take(message, "type", str, "message")
            answer = _ANSWERS.get(kind)
            if answer is None:
                raise DataError("message.type", Message("unknown message {kind}", kind=shown(kind)))
            reply = answer(self, message)
        except (ValueError, TypeError) as error:  # DataError, IllegalAction, a Rules' refusal
            reply = {"type": "error", "text": reason_of(error).say(language)}
        return json.dumps(reply, ensure_ascii=False, separators=(",", ":"))

    def _game(self, message: dict[str, Any]) -> PlayGame:
        return play_game(take(message, "game", str, "message", default="hudai"))

    def current(self) -> PlaySession:
        if self.session is None:
            raise DataError("message", Message("no game yet: start one"))
        return self.session

    def new(self, message: dict[str, Any]) -> dict[str, Any]:
        game = self._game(message)
        session = PlaySession(game, game.setup(take(message, "setup", dict, "message")))
        self.session = session
        start = session.graph.start_id
        return {"type": "started", "setup": session.setup, "you": session.game.you(session.setup), "history": [[start, ""]],
                "chapters": dict(session.game.chapters), **session.lesson([start])}

    def resume(self, message: dict[str, Any]) -> dict[str, Any]:
        game = self._game(message)
        data = take(message, "record", dict, "message")
        # A page's worker holds its own game's engine alone (tools/play_stdlib.mjs): a record of
        # another game is refused by its name, before reading it imports that game.
        named = data.get("game")
        if isinstance(named, str) and named in GAMES and named != game.name:
            raise DataError("record.game", Message("a record of {name}, not of {game}", name=game.name, game=named))
        record = GameRecord.from_dict(data)
        record.final_state()  # a tampered action refused by its place and the game's reason (its rule), as `rulesbook replay` says it
        choices = take(message, "setup", dict, "message", default={})
        session = PlaySession(game, game.setup_of(record, choices))
        history = [[session.graph.start_id, ""]]
        session.walk(history, recorded=True)
        for action in session.game.clicks(session.graph.referee, list(record.actions)):
            session.follow(action, history)
        self.session = session
        return {"type": "started", "setup": session.setup, "you": session.game.you(session.setup), "history": history,
                "chapters": dict(session.game.chapters), **session.lesson([node for node, _ in history])}

    def expand(self, message: dict[str, Any]) -> dict[str, Any]:
        return self.current().expand(take(message, "node", str, "message"), _ids(take(message, "history", list, "message"), "history"))

    def hint(self, message: dict[str, Any]) -> dict[str, Any]:
        session = self.current()
        node_id = take(message, "node", str, "message")
        session.state(node_id)
        return {"type": "hint", "node": node_id, **session.hint(node_id)}

    def record(self, message: dict[str, Any]) -> dict[str, Any]:
        session = self.current()
        given = take(message, "history", list, "message")
        history = _ids(given, "history")
        logs = [item[1] if isinstance(item, list) and len(item) > 1 and isinstance(item[1], str) else None for item in given]
        record = session.record(history, logs)
        return {"type": "record", "record": record.to_dict(), "text": record.to_json(),
                "digest": session.game.digest(session.graph.state(history[-1])), "over": session.game.over(session.graph.state(history[-1]))}


_ANSWERS: dict[str, Callable[[PlayServer, dict[str, Any]], dict[str, Any]]] = {
    "new": PlayServer.new,
    "resume": PlayServer.resume,
    "expand": PlayServer.expand,
    "hint": PlayServer.hint,
    "record": PlayServer.record,
}

__all__ = ["GAMES", "MAX_HISTORY", "PlayGame", "PlayServer", "PlaySession", "play_game", "seed_of", "typed_number"]
