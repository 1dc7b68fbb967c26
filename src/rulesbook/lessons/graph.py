"""A lesson as plain data: every state a board may reach, what each click there does, and why not.

A board never decides a rule itself. A *referee* (any object with the methods of `Referee`)
answers for one game or lesson: which choices the player has, and what a click on a place does
under a choice — the next state, or an `IllegalAction` that says why not and cites the rule. The
`LessonGraph` asks the referee about every click on every place in every state it visits and
writes the answers down as JSON-ready dictionaries. The board's JavaScript reads them on a static
page with no kernel; in a live notebook the widget asks the referee click by click instead. A
later full engine plugs in by writing one more referee.

Standard library only, no Jupyter: lessons run and test anywhere Python runs.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass, field
from typing import Any, Protocol

from rulesbook.core.errors import IllegalAction

Place = tuple[int, int]


def place_key(place: Place) -> str:
    """How a place is named in the data: "row,column"."""
    return f"{place[0]},{place[1]}"


def parse_place(key: str | Iterable[int]) -> Place:
    if isinstance(key, str):
        row, column = key.split(",")
        return int(row), int(column)
    row, column = key
    return int(row), int(column)


@dataclass(frozen=True)
class Choice:
    """Something the player may pick before clicking a place: hand cards or an effect.

    `key` names it in the data ("h0", "h0+h1" for hand cards by index, or an effect such as
    "step"). `options` maps each pawn colour letter the choice may act on to the option key that
    `Referee.play` understands; `pawn` is the one picked first. A choice that cannot be made has
    `refusal`, the explanation citing the rule, and no options.
    """

    key: str
    label: str
    options: dict[str, str] = field(default_factory=dict)
    pawn: str | None = None
    refusal: str | None = None
    #: What the board says when the choice is made; "{count}" becomes the number of targets.
    #: Without it the board words a pawn move ("moving the red pawn").
    prompt: str | None = None


@dataclass(frozen=True)
class Outcome:
    """What a legal click did: the next state, the sentence that says so, and its log entry.

    `reach` is a short clause on the target alone ("the SB+1 card at (0, 0), 3 cards away"),
    for exercises that ask only where a move can go.
    """

    state: Hashable
    say: str
    log: str
    reach: str = ""


class Referee(Protocol):
    """What a board needs to know about a game or a lesson; states are hashable values."""

    def start(self) -> Hashable: ...

    def picture(self, state: Hashable) -> dict[str, Any]:
        """The view: cards, pawns, hand, whose decision it is (see `picture_of` for the shape)."""

    def choices(self, state: Hashable) -> list[Choice]: ...

    def places(self, state: Hashable) -> Iterable[Place]:
        """Every place a reader may click in this state (cards and the empty places around)."""

    def play(self, state: Hashable, option: str, place: Place) -> Outcome:
        """The click's outcome; raises IllegalAction (reason, rule) and changes nothing otherwise."""

    def idle(self, state: Hashable) -> str:
        """What to say when a place is clicked with nothing chosen."""

    def hint(self, state: Hashable) -> str: ...


def refusal_text(error: IllegalAction) -> str:
    """The sentence a learner reads: the reason, then the rule id in brackets."""
    reason = error.reason
    return f"{reason[:1].upper()}{reason[1:]} ({error.rule})"


class LessonGraph:
    """States visited so far, each with a short id ("s0", "s1", ...) given in order of discovery.

    `node(id)` is the JSON-ready record of one state; `expand(moves)` visits every state reachable
    in that many moves from the start, so a static page can play them all.
    """

    def __init__(self, referee: Referee, *, max_nodes: int = 400):
        self.referee = referee
        self.max_nodes = max_nodes
        self._ids: dict[Hashable, str] = {}
        self._states: dict[str, Hashable] = {}
        self._nodes: dict[str, dict[str, Any]] = {}
        self.start_id = self.id_of(referee.start())

    # --- ids ---------------------------------------------------------------------------------
    def id_of(self, state: Hashable) -> str:
        found = self._ids.get(state)
        if found is None:
            found = f"s{len(self._ids)}"
            self._ids[state] = found
            self._states[found] = state
        return found

    def state(self, node_id: str) -> Hashable:
        try:
            return self._states[node_id]
        except KeyError:
            raise KeyError(f"no state {node_id!r} in this lesson") from None

    # --- nodes -------------------------------------------------------------------------------
    def node(self, node_id: str) -> dict[str, Any]:
        """The record of one state: its picture, choices and, per option, targets and refusals."""
        cached = self._nodes.get(node_id)
        if cached is not None:
            return cached
        referee = self.referee
        state = self.state(node_id)
        places = sorted(set(referee.places(state)))
        choices: dict[str, Any] = {}
        options: dict[str, Any] = {}
        for choice in referee.choices(state):
            if choice.refusal is not None:
                choices[choice.key] = {"label": choice.label, "refusal": choice.refusal}
                continue
            choices[choice.key] = {"label": choice.label, "options": dict(choice.options), "pawn": choice.pawn}
            if choice.prompt is not None:
                choices[choice.key]["prompt"] = choice.prompt
            for option in choice.options.values():
                if option in options:
                    continue
                targets: dict[str, list[str]] = {}
                refusals: dict[str, str] = {}
                for place in places:
                    try:
                        outcome = referee.play(state, option, place)
                    except IllegalAction as error:
                        refusals[place_key(place)] = refusal_text(error)
                    else:
                        targets[place_key(place)] = [self.id_of(outcome.state), outcome.say, outcome.log, outcome.reach or outcome.say]
                options[option] = {"targets": targets, "refusals": refusals}
        record = {
            "id": node_id,
            **referee.picture(state),
            "places": [list(place) for place in places],
            "choices": choices,
            "options": options,
            "idle": referee.idle(state),
            "hint": referee.hint(state),
        }
        self._nodes[node_id] = record
        return record

    def expand(self, moves: int) -> list[str]:
        """Visit every state reachable in at most `moves` legal clicks; the ids, start first."""
        frontier = [self.start_id]
        seen = {self.start_id}
        order = [self.start_id]
        for _ in range(moves):
            following = []
            for node_id in frontier:
                for option in self.node(node_id)["options"].values():
                    for next_id, *_words in option["targets"].values():
                        if next_id not in seen:
                            seen.add(next_id)
                            order.append(next_id)
                            following.append(next_id)
                            if len(seen) > self.max_nodes:
                                raise ValueError(
                                    f"this lesson reaches more than {self.max_nodes} states in {moves} moves; "
                                    "give it fewer moves, fewer cards or fewer pawns to move"
                                )
            frontier = following
        for node_id in order:
            self.node(node_id)
        return order

    def lesson(self, moves: int, *, title: str = "", mode: str = "play", exercise: dict[str, Any] | None = None) -> dict[str, Any]:
        """The whole lesson as data: the nodes reachable in `moves` clicks, and how to run them.

        States one move further are listed without their own record; a static page says the
        lesson stops there. `mode` is "play" (targets shown, clicks move) or "find" (targets
        hidden, the reader finds them all; see `exercise`).
        """
        order = self.expand(moves)
        return pack({node_id: self._nodes[node_id] for node_id in order}, self.start_id, title, mode, exercise)

    def known(self, *, title: str = "", mode: str = "play", exercise: dict[str, Any] | None = None) -> dict[str, Any]:
        """The lesson data of every state recorded so far, in the order they were recorded.

        Records are only ever added, so sentences keep their indices from one call to the next.
        """
        return pack(dict(self._nodes), self.start_id, title, mode, exercise)


def pack(nodes: dict[str, dict[str, Any]], start: str, title: str = "", mode: str = "play",
         exercise: dict[str, Any] | None = None) -> dict[str, Any]:
    """The lesson data a board carries: nodes whose sentences and Mountains are shared in tables.

    Each sentence is written once in `texts` and each card layout once in `mountains`; nodes
    refer to them by index, which keeps a page's widget state small.
    """
    texts: list[str] = []
    text_index: dict[str, int] = {}
    mountains: list[Any] = []
    mountain_index: dict[str, int] = {}

    def text(value: str) -> int:
        found = text_index.get(value)
        if found is None:
            found = text_index[value] = len(texts)
            texts.append(value)
        return found

    def mountain(cards: list[Any]) -> int:
        key = repr(cards)
        found = mountain_index.get(key)
        if found is None:
            found = mountain_index[key] = len(mountains)
            mountains.append(cards)
        return found

    packed: dict[str, Any] = {}
    for node_id, node in nodes.items():
        record = dict(node)
        record["cards"] = mountain(node["cards"])
        record["options"] = {
            key: {
                "targets": {place: [target[0], *map(text, target[1:])] for place, target in option["targets"].items()},
                "refusals": {place: text(reason) for place, reason in option["refusals"].items()},
            }
            for key, option in node["options"].items()
        }
        record["choices"] = {
            key: ({**choice, "refusal": text(choice["refusal"])} if "refusal" in choice else choice)
            for key, choice in node["choices"].items()
        }
        record["idle"] = text(node["idle"])
        record["hint"] = text(node["hint"])
        packed[node_id] = record
    return {
        "title": title,
        "mode": mode,
        "start": start,
        "nodes": packed,
        "texts": texts,
        "mountains": mountains,
        "exercise": exercise or {},
    }
