"""A lesson as plain data: every state a board may reach, what each click there does, and why not.

A board never decides a rule itself. A *referee* (any object with the methods of `Referee`)
answers for one game or lesson: which choices the player has, and what a click on a place does
under a choice — the next state, or an `IllegalAction` that says why not and cites the rule (a
`Misclick` where no rule is broken, only the board clicked in the wrong place). The
`LessonGraph` asks the referee about every click on every place in every state it visits and
writes the answers down as JSON-ready dictionaries (`rulesbook.lessons.data` packs them for a
page). The board's JavaScript reads them on a static page with no kernel; in a live notebook the
widget asks the referee click by click instead. Any game plugs in by writing one more referee.

Standard library only, no Jupyter: lessons run and test anywhere Python runs.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field, replace
from typing import Any, Protocol, cast

from rulesbook.core.errors import IllegalAction
from rulesbook.core.messages import Message
from rulesbook.core.words import capitalised

#: A place a reader clicks: (row, column) on a grid, or any string a game's picture names.
Place = Hashable
#: What a click on one place does under one option: its refusal, or [next state id, say, log, reach].
Entry = list[str] | str


class Misclick(IllegalAction):
    """A click the board cannot take as a move, though no rule forbids anything: a button pressed
    under another choice, a bot's move clicked for it. It cites no rule, so the Play page links no
    chapter to it ("Refused by the rule ...") and the learner is not sent to learn a rule that
    was never broken.

    >>> str(Misclick(Message("that button is \u201c{button}\u201d", button="End step I")))
    'that button is \u201cEnd step I\u201d'
    """

    def __init__(self, reason: str | Message):
        super().__init__(reason, "")
        self.args = (self.reason,)

    def said(self) -> Message:
        return self.message


def place_key(place: Place) -> str:
    """How a place is named in the data: "row,column" for a grid place, a string as it is."""
    if isinstance(place, str):
        return place
    row, column = cast(tuple[int, int], place)  # otherwise a grid place, a pair
    return f"{row},{column}"


#: A grid place's key as `place_key` writes it: ASCII digits, an optional minus, a comma.
_PLACE_KEY = re.compile(r"(-?[0-9]{1,1000}),(-?[0-9]{1,1000})")  # far places too: the referee says why not


def is_place_key(key: object) -> bool:
    """Whether `key` is a grid place's key ("row,column"), not a named place such as a button's."""
    return isinstance(key, str) and _PLACE_KEY.fullmatch(key) is not None


def parse_place(key: str | Iterable[int]) -> tuple[int, int]:
    """A grid place from its key "row,column", as `place_key` writes it (or from a pair).
    ValueError for anything else: "０,０" or " 1,2" is not a key a board sends."""
    if isinstance(key, str):
        found = _PLACE_KEY.fullmatch(key)
        if found is None:
            raise ValueError(f"{key[:40]!r} is not a grid place's key (row,column)")
        return int(found[1]), int(found[2])
    first, second = key
    return int(first), int(second)


@dataclass(frozen=True)
class Choice:
    """Something the player may pick before clicking a place: hand cards or an effect.

    `key` names it in the data ("h0", "h0+h1" for hand cards by index, or an effect such as
    "step" or "pawn"). `options` maps each *actor* the choice may act on (for Mountain of
    Inferno, a pawn's colour letter) to the option key that `Referee.play` understands; `actor`
    is the one picked first and `actors` names each in words ("the red pawn"). A choice that
    cannot be made has `refusal`, the explanation citing the rule, and no options.
    """

    key: str
    label: str
    options: dict[str, str] = field(default_factory=dict)
    actor: str | None = None
    refusal: str | None = None
    #: What the board says when the choice is made: "{count}" becomes the number of targets,
    #: "{s}" and "{are}" agree with it ("s"/"are", or "" and "is" for one), "{actor}" names the actor.
    prompt: str = "{count} place{s}"
    actors: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Outcome:
    """What a legal click did: the next state, the sentence that says so, and its log entry.

    `reach` is a short clause on the target alone ("the SB+1 card at (0, 0), 3 cards away"),
    for exercises that ask only where a move can go; `clue` points a learner towards this
    target without naming it ("look along the row of your pawn").

    `later`, when the whole outcome costs to work out (a bot's hidden answer to the click, found
    by a search), gives it: a lazy `LessonGraph` records the click with this outcome's log and
    works out the rest only when the click is made (`LessonGraph.settle`); any other uses it at once.

    `result`, when the click ends the game, is the end of `say` that tells how the game ended (the
    last round scored, who won): a Play page tells the game's ending in full, and of the click only
    what it did (`own`), so that a screen reader hears the result once.
    """

    state: Hashable
    say: str
    log: str
    reach: str = ""
    clue: str = ""
    later: Callable[[], Outcome] | None = field(default=None, compare=False)
    result: str = ""

    def __post_init__(self) -> None:
        if not self.say.endswith(self.result):
            raise ValueError(f"an outcome's result is the end of its sentence: {self.result[:60]!r} does not end {self.say[-60:]!r}")

    @property
    def own(self) -> str:
        """What the click itself did: `say` without its `result` (all of it for a click that does not end the game)."""
        return self.say[: len(self.say) - len(self.result)].rstrip() if self.result else self.say


@dataclass(frozen=True)
class _Waiting:
    """The state of a click whose outcome is still to be worked out (`Outcome.later`): an id of its
    own, never a state's, so the page's data shows no difference between a click whose rest costs
    nothing and one that a bot answers."""

    state: Hashable


class Referee(Protocol):
    """What a board needs to know about a game or a lesson. States are hashable values of the
    referee's own type (typed `Any` here, so that each referee names its own). A referee may say
    its sentences in another language than English: its `language` attribute names it ("zh-TW"),
    and the lesson's refusals and the board shell's words follow."""

    def start(self) -> Hashable: ...

    def picture(self, state: Any) -> dict[str, Any]:
        """The view: what the game's picture draws, plus "decision" (whose decision, in words),
        "hand" (the cards a choice picks from, each {"code", "label"}) and "hand_label" (whose
        hand it is, "Red's hand": a board that shows a hand names its owner)."""

    def choices(self, state: Any) -> list[Choice]: ...

    def places(self, state: Any) -> Iterable[Any]:
        """Every place a reader may click in this state (cards and the empty places around)."""

    def play(self, state: Any, option: str, place: Any) -> Outcome:
        """The click's outcome; raises IllegalAction (reason, rule) and changes nothing otherwise."""

    def idle(self, state: Any) -> str:
        """What to say when a place is clicked with nothing chosen."""

    def hint(self, state: Any) -> str:
        """Advice in the learner's words: what may be done now, never internal codes."""


def refusal_text(error: IllegalAction, language: str = "en") -> str:
    """The sentence a learner reads: the reason, then the rule id in brackets (in zh-TW, the
    catalogue's sentence: `IllegalAction.say`)."""
    if language != "en":
        return error.say(language)
    return capitalised(error.reason) + (f" ({error.rule})" if error.rule else "")


def choice_words(choice: Choice, actor: str, count: int, language: str = "en") -> str:
    """The clause a board says when `choice` is made for `actor`: "Lay MK+2 …: 8 places" (and
    "no places", never "0 places"). A referee that speaks another language gives its prompts in
    it, "{s}" and "{are}" kept for English's sake: there they say nothing and the count is a number."""
    if language != "en":
        return choice.prompt.format(count=count, s="", are="", actor=choice.actors.get(actor, actor), label=choice.label)
    one = count == 1
    return choice.prompt.format(count=count or "no", s="" if one else "s", are="is" if one else "are",
                                actor=choice.actors.get(actor, actor), label=choice.label)


class LessonGraph:
    """States visited so far, each with a short id ("s0", "s1", ...) given in order of discovery.

    `node(id)` is the JSON-ready record of one state; `expand(moves)` visits every state reachable
    in that many moves from the start, so a static page can play them all. A `lazy` graph (a Play
    page's, which records a state at a time) leaves a click's costly rest (`Outcome.later`) until
    the click is made: a record then answers at once, however many of its clicks a bot would answer.
    """

    def __init__(self, referee: Referee, *, max_nodes: int = 400, lazy: bool = False):
        self.referee = referee
        #: The language of the referee's sentences ("en" unless it says another): refusals are said in it.
        self.language: str = getattr(referee, "language", "en")
        self.max_nodes = max_nodes
        self.lazy = lazy
        self._ids: dict[Hashable, str] = {}
        self._states: dict[str, Hashable] = {}
        self._nodes: dict[str, dict[str, Any]] = {}
        self._places: dict[str, dict[str, Place]] = {}
        #: The clicks whose rest waits, by (the state clicked in, the click's waiting id): each
        #: target's entry, written again when settled, and what works its outcome out.
        self._waiting: dict[tuple[str, str], list[tuple[list[str], Callable[[], Outcome]]]] = {}
        self._settled: dict[tuple[str, str], str] = {}
        #: The clicks that end the game, by (the state clicked in, the state reached): what each
        #: did, by its log entry (`Outcome.own`), for `own_words`.
        self._own: dict[tuple[str, str], dict[str, str]] = {}
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
            found = self._states[node_id]
        except KeyError:
            raise KeyError(f"no state {node_id!r} in this lesson") from None
        if isinstance(found, _Waiting):
            raise KeyError(f"{node_id!r} is a click still to be worked out, no state yet: settle it from the state it was made in")
        return found

    def settle(self, from_id: str, to_id: str) -> str:
        """The id of the state a click from `from_id` to the target `to_id` ends in: a waiting
        click's outcome worked out now, its entries in `from_id`'s record written again (a click
        answered before, or one that never waited, is `to_id`'s answer at once)."""
        known = self._settled.get((from_id, to_id))
        if known is not None:
            return known
        waiting = self._waiting.pop((from_id, to_id), [])
        settled = to_id
        for entry, later in waiting:
            outcome = later()
            entry[:] = self._entry(outcome, from_id)
            settled = entry[0]  # the same for each: the rest of a click depends on its state alone
        if waiting:
            self._settled[(from_id, to_id)] = settled
        return settled

    def place(self, node_id: str, key: str) -> Place:
        """The referee's place behind a key of that node's record (a grid place from its key when
        the board does not draw it, so the referee can say why nothing goes there). ValueError,
        naming the places, for a key that is neither: a board of named places (Hudai Pass's
        table, Madness's spaces) has no place off its picture."""
        self.node(node_id)
        places = self._places[node_id]
        found = places.get(key)
        if found is not None:
            return found
        if any(isinstance(place, tuple) for place in places.values()):
            try:
                return parse_place(key)
            except ValueError:
                pass
        raise ValueError(f"{key!r} is not a place on this board; its places are {', '.join(sorted(places, key=_place_order))}")

    # --- nodes -------------------------------------------------------------------------------
    def node(self, node_id: str) -> dict[str, Any]:
        """The record of one state: its picture, choices and, per option, targets and refusals."""
        cached = self._nodes.get(node_id)
        if cached is not None:
            return cached
        referee = self.referee
        state = self.state(node_id)
        places = {place_key(place): place for place in referee.places(state)}
        keys = sorted(places, key=_place_order)
        choices: dict[str, Any] = {}
        options: dict[str, Any] = {}
        for choice in referee.choices(state):
            if choice.refusal is not None:
                choices[choice.key] = {"label": choice.label, "refusal": choice.refusal}
                continue
            for option in choice.options.values():
                if option not in options:
                    options[option] = self._option(state, option, keys, places, node_id)
            refusal = _whole_refusal([options[option] for option in choice.options.values()])
            if refusal is not None:
                choices[choice.key] = {"label": choice.label, "refusal": refusal}
                continue
            says = {actor: choice_words(choice, actor, len(options[option]["targets"]), self.language) for actor, option in choice.options.items()}
            actors = {actor: choice.actors.get(actor, actor) for actor in choice.options}
            choices[choice.key] = {"label": choice.label, "options": dict(choice.options), "actor": choice.actor,
                                   "says": says, "actors": actors}
        used = {option for choice in choices.values() for option in choice.get("options", {}).values()}
        options = {key: option for key, option in options.items() if key in used}
        view = dict(referee.picture(state))
        record = {
            "id": node_id,
            "decision": view.pop("decision", ""),
            "hand": view.pop("hand", []),
            "hand_label": view.pop("hand_label", ""),
            "view": view,
            "places": keys,
            "choices": choices,
            "options": options,
            "idle": referee.idle(state),
            "hint": referee.hint(state),
        }
        self._nodes[node_id] = record
        self._places[node_id] = places
        return record

    def _option(self, state: Hashable, option: str, keys: list[str], places: dict[str, Place], node_id: str) -> dict[str, Any]:
        targets: dict[str, list[str]] = {}
        refusals: dict[str, str] = {}
        clues: dict[str, str] = {}
        for key in keys:
            entry, clue = self._play(state, option, places[key], node_id)
            if isinstance(entry, str):
                refusals[key] = entry
            else:
                targets[key] = entry
                if clue:
                    clues[key] = clue
        return {"targets": targets, "refusals": refusals, "clues": clues}

    def _play(self, state: Hashable, option: str, place: Place, node_id: str | None = None) -> tuple[Entry, str]:
        """The referee's answer to one click, as the data writes it, and its clue; in a lazy graph
        a click of `node_id`'s record whose rest costs waits for `settle`."""
        try:
            outcome = self.referee.play(state, option, place)
        except IllegalAction as error:
            return refusal_text(error, self.language), ""
        later = outcome.later
        if later is None or not self.lazy or node_id is None:
            return self._entry(later() if later is not None else outcome, node_id), outcome.clue
        entry = self._entry(replace(outcome, state=_Waiting(outcome.state)))  # no id for the state before the answer
        self._waiting.setdefault((node_id, entry[0]), []).append((entry, later))
        return entry, outcome.clue

    def _entry(self, outcome: Outcome, from_id: str | None = None) -> list[str]:
        entry = [self.id_of(outcome.state), outcome.say, outcome.log, outcome.reach or outcome.say]
        if outcome.result and from_id is not None:
            self._own.setdefault((from_id, entry[0]), {})[outcome.log] = outcome.own
        return entry

    def own_words(self, from_id: str, to_id: str) -> dict[str, str]:
        """The clicks from one state to the next that end the game, by their log entry: what each
        did, its sentence without the game's result (`Outcome.own`); {} for clicks that do not end it."""
        return dict(self._own.get((from_id, to_id), {}))

    def entry(self, node_id: str, option: str, key: str) -> Entry:
        """What a click on the place `key` does under `option` in that state: the recorded answer,
        or the referee's for a place the record does not list (a grid place off the picture)."""
        answers = self.node(node_id)["options"].get(option, {"targets": {}, "refusals": {}})
        if key in answers["targets"]:
            return answers["targets"][key]
        if key in answers["refusals"]:
            return answers["refusals"][key]
        return self._play(self.state(node_id), option, self.place(node_id, key))[0]

    def expand(self, moves: int) -> list[str]:
        """Visit every state reachable in at most `moves` legal clicks; the ids, start first."""
        frontier = [self.start_id]
        seen = {self.start_id}
        order = [self.start_id]
        for _ in range(moves):
            following = []
            for node_id in frontier:
                for option in self.node(node_id)["options"].values():
                    for next_id in [self.settle(node_id, target[0]) for target in option["targets"].values()]:
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

    def records(self, moves: int) -> dict[str, dict[str, Any]]:
        """The records of every state reachable in `moves` clicks, start first."""
        return {node_id: self._nodes[node_id] for node_id in self.expand(moves)}

    def known(self) -> dict[str, dict[str, Any]]:
        """The records of every state recorded so far, in the order they were recorded."""
        return dict(self._nodes)

    def lesson(self, moves: int, *, picture: str = "inferno", title: str = "", mode: str = "play",
               exercise: dict[str, Any] | None = None) -> dict[str, Any]:
        """The whole lesson as page data (see `rulesbook.lessons.data`): the states reachable in
        `moves` clicks. States one move further are listed without their own record; a static
        page says the lesson stops there."""
        from rulesbook.lessons.data import pack

        return pack(self.records(moves), self.start_id, picture=picture, title=title, mode=mode, exercise=exercise,
                    language=self.language)


def _whole_refusal(answers: list[dict[str, Any]]) -> str | None:
    """The one refusal a choice meets at every place, when nowhere takes it: the choice itself
    is refused, and says why when it is made ("a turn's cards are all disciples or all events
    (MOI-R04)"), rather than "0 cards it can reach"."""
    if any(answer["targets"] for answer in answers):
        return None
    said = {refusal for answer in answers for refusal in answer["refusals"].values()}
    return said.pop() if len(said) == 1 else None


def _place_order(key: str) -> tuple:
    """Grid places in reading order (row, then column), other names after them, alphabetically."""
    try:
        return (0, *parse_place(key), "")
    except ValueError:
        return (1, 0, 0, key)
