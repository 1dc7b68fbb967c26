"""One game record for every game: the game, the seats, the seed, the rules and the actions as text.

A record replays through the protocol alone (`new_game`, `parse_action`, `apply`), so the same
code stores, replays and checks a game of Mountain of Inferno, Hudai Pass or At the Mountains
of Madness. Its JSON is the same in all three. Reading one trusts nothing: each field is
checked by kind and named when wrong, and each action is checked by the game when replayed.

>>> record = GameRecord.play("hudai", seed=1)
>>> GameRecord.from_json(record.to_json()).final_state() == record.final_state()
True
>>> GameRecord.from_json('{"game": "hudai", "version": 1, "players": 1, "seed": 1, "actions": "end"}')
Traceback (most recent call last):
rulesbook.core.data.DataError: record.actions: expected a list, not 'end'
>>> tampered = GameRecord("hudai", 1, 1, actions=["end", "obtain Y6"])
>>> try:
...     list(tampered.steps())
... except ReplayError as error:
...     print(error.field, error.number, error.cause.rule)
record.actions[1] 2 HUD-R08
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from rulesbook.core.data import DataError, expect, items, only_fields, parse_json, read_text, shown, take, within
from rulesbook.core.errors import reason_of
from rulesbook.core.house import check_recorded, house_recorded
from rulesbook.core.messages import Message
from rulesbook.core.protocol import Game, game as game_named, seat_bots
from rulesbook.core.rng import check_seed
from rulesbook.core.rules import HOUSE

#: The version of the record format this library writes and reads.
RECORD_VERSION = 1
#: The fields of a record's JSON ("bots", "rules" and "house" may be left out; "house" says what
#: the house rules that "rules" names were when played: `rulesbook.core.house.house_recorded`).
FIELDS = ("game", "version", "players", "seed", "rules", "house", "actions", "bots")


class ReplayStep(NamedTuple):
    """One recorded action replayed: the state before, the action's text, the state after, the events."""

    number: int
    before: Any
    text: str
    after: Any
    events: list[Any]


class ReplayError(DataError):
    """A recorded action the game refuses: `number` counts from 1 (as a replay prints it), the
    field is its index in the JSON (`record.actions[4]`), `cause` is the game's own error (an
    IllegalAction naming the rule, or a NotationError)."""

    def __init__(self, number: int, text: str, cause: ValueError):
        self.number = number
        self.text = text
        self.cause = cause
        super().__init__(f"record.actions[{number - 1}]", Message("action {number} {text} is refused: {cause}", number=number,
                                                                  text=shown(text), cause=reason_of(cause)))


@dataclass(repr=False)
class GameRecord:
    """What it takes to replay a game exactly. `rules` is the game's Rules value."""

    game: str
    players: int
    seed: int | str
    rules: Any = None
    actions: list[str] = field(default_factory=list)
    bots: list[str] | None = None

    def __post_init__(self) -> None:
        """Checked as `from_dict` checks what it reads, so that `write` never makes a file that
        `read` and `rulesbook replay` refuse; a game's rules may be given as their JSON data."""
        protocol = within(lambda: game_named(self.game), "record.game")
        self.game = protocol.name
        within(lambda: protocol.default_seats(expect(self.players, int, "record.players")), "record.players")
        check_seed(self.seed, "record.seed")
        if isinstance(self.rules, dict):
            rules = self.rules
            self.rules = within(lambda: protocol.rules_from_dict(rules), "record.rules")
        elif self.rules is not None and not isinstance(self.rules, protocol.rules_type):
            raise DataError("record.rules", f"expected the rules of {protocol.title} (or their JSON data), not {shown(self.rules)}")
        if not isinstance(self.actions, tuple):  # a text would be taken for a list of letters
            expect(self.actions, list, "record.actions")
        self.actions = items(list(self.actions), "record.actions", _text, most=protocol.max_actions)
        if self.bots is not None:
            self.bots = items(list(self.bots) if isinstance(self.bots, tuple) else self.bots, "record.bots", _bot_name)
            if len(self.bots) != self.players:
                raise DataError("record.bots", Message("one bot name per seat: {players}, not {given}", players=self.players,
                                                       given=len(self.bots)))

    def __repr__(self) -> str:
        """The record in one line: its actions counted, not listed (a game has hundreds)."""
        rules = "" if self.rules is None else f", rules={self.rules!r}"
        bots = "" if self.bots is None else f", bots={self.bots!r}"
        return (f"GameRecord(game={self.game!r}, players={self.players!r}, seed={self.seed!r}{rules}, "
                f"{len(self.actions)} action{'' if len(self.actions) == 1 else 's'}{bots})")

    @property
    def protocol(self) -> Game:
        return game_named(self.game)

    def start(self) -> Any:
        return self.protocol.new_game(players=self.players, seed=self.seed, rules=self.rules)

    def steps(self) -> Iterator[ReplayStep]:
        """Each action replayed in turn through the checked `apply`; an action the game refuses
        (a tampered record) raises a ReplayError naming its index and the game's reason (the rule)."""
        protocol = self.protocol
        state = self.start()
        for number, text in enumerate(self.actions, 1):
            try:
                action = protocol.parse_action(state, text)
                after, events = protocol.apply(state, action)
            except ValueError as error:
                raise ReplayError(number, text, error) from error
            yield ReplayStep(number, state, text, after, events)
            state = after

    def replay(self) -> tuple[Any, list[tuple[str, list[Any]]]]:
        """The final state and, for each action, its text and the events it caused."""
        state = self.start()
        log = []
        for step in self.steps():
            log.append((step.text, step.events))
            state = step.after
        return state, log

    @classmethod
    def play(cls, game: str, players: int | None = None, seed: int | str = 0, rules: Any = None,
             bots: Sequence[Any] = ()) -> GameRecord:
        """A game played to the end by bots and recorded: `bots` are names (seeded from the seed
        and the seat) or bot objects, one per seat, repeated to fill the table; names may be
        typed as one text, "greedy,random"."""
        from rulesbook.core.harness import play

        protocol = game_named(game)
        seats = protocol.default_seats(players)
        chosen = list(seat_bots(bots)) or [protocol.bot_names[0]]
        table = [chosen[seat % len(chosen)] for seat in range(seats)]
        rules = rules if rules is not None else protocol.rules()
        played = play(protocol, seats, seed, rules, table, record=True)
        names = [bot if isinstance(bot, str) else getattr(bot, "name", type(bot).__name__) for bot in table]
        return cls(protocol.name, seats, seed, rules, played.texts, names)

    def final_state(self) -> Any:
        state = self.start()
        for step in self.steps():
            state = step.after
        return state

    # --- JSON -----------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        protocol = self.protocol
        rules = self.rules if self.rules is not None else protocol.rules()
        data: dict[str, Any] = {
            "game": self.game,
            "version": RECORD_VERSION,
            "players": self.players,
            "seed": self.seed,
            "rules": protocol.rules_to_dict(rules),
        }
        if getattr(rules, HOUSE, ()):
            data["house"] = house_recorded(getattr(rules, HOUSE))
        data["actions"] = list(self.actions)
        if self.bots is not None:
            data["bots"] = list(self.bots)
        return data

    @classmethod
    def from_dict(cls, data: Any) -> GameRecord:
        """A record from its JSON data; DataError naming the field that is missing or wrong
        ("record.actions[3]: expected text, not 7"). The actions are checked when replayed."""
        if isinstance(data, dict) and "phase" in data and "actions" not in data:  # a saved state: say so, not its 20 fields
            raise DataError("record", Message("this is a game's state (it has a phase and no actions), not a record: read it with "
                                              "rulesbook.game(name).from_json"))
        if isinstance(data, dict) and data.get("format") == "rulesbook-progress":
            raise DataError("record", Message("this is a reader's progress file, not a game record: read it with rulesbook.lab.progress"))
        if isinstance(data, dict) and not {"game", "actions"} & set(data):  # a summary, a pack: what it is not, not its fields
            raise DataError("record", Message("this is no game record (it has neither 'game' nor 'actions'): a record is what "
                                              "simulate --record, GameRecord.write or a Play page's Download the record writes"))
        only_fields(data, FIELDS, "record")
        version = take(data, "version", int, "record", default=1)  # records written by hand may leave it out
        if version != RECORD_VERSION:
            raise DataError("record.version", Message("version {version} is not one this library reads (it reads {reads})", version=version,
                                                     reads=RECORD_VERSION))
        protocol = within(lambda: game_named(take(data, "game", str, "record")), "record.game")
        players = within(lambda: protocol.default_seats(take(data, "players", int, "record")), "record.players")
        seed = check_seed(take(data, "seed", (int, str), "record"), "record.seed")
        actions = items(take(data, "actions", list, "record"), "record.actions", _text, most=protocol.max_actions)
        bots = data.get("bots")
        if bots is not None:
            bots = items(bots, "record.bots", _bot_name)
            if len(bots) != players:
                raise DataError("record.bots", Message("one bot name per seat: {players}, not {given}", players=players, given=len(bots)))
        rules_data = take(data, "rules", dict, "record", default={})
        try:
            rules = within(lambda: protocol.rules_from_dict(rules_data), "record.rules")
        except DataError as error:  # a house rule not defined here: what the record says its rules do
            said = data.get("house") if error.field == "record.rules.house" else None
            texts = [f"{name!r}: {entry['text']}" for name, entry in said.items()
                     if isinstance(entry, dict) and isinstance(entry.get("text"), str) and entry["text"]] if isinstance(said, dict) else []
            if texts:
                error.add_note(f"The record says what its house rules do: {'; '.join(texts)}")
            raise
        check_recorded(getattr(rules, HOUSE, ()), data.get("house", {}), "record.house")
        record = cls(protocol.name, players, seed, rules, actions, bots)
        within(record.start, "record")  # a combination of seats and rules the game cannot start
        return record

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=1)

    @classmethod
    def from_json(cls, text: str | bytes) -> GameRecord:
        """A record from its JSON text; DataError for text too large, too deep, not JSON or not a record."""
        return cls.from_dict(parse_json(text, "record"))

    @classmethod
    def read(cls, path: str | Path) -> GameRecord:
        """A record from its file, read no further than the size limit (`/dev/zero` is refused at once)."""
        return cls.from_json(read_text(path, "record"))

    def write(self, path: str | Path) -> None:
        """The record into its file, as `read` takes it back and `rulesbook replay` replays it."""
        Path(path).write_text(self.to_json() + "\n", encoding="utf-8")


def _text(value: Any, where: str) -> str:
    return str(expect(value, str, where))


#: The longest name a record gives a bot: a level ("search") or a bot class's name.
MOST_NAME = 80


def _bot_name(value: Any, where: str) -> str:
    """Who played a seat, as the record names it: one line of printable text, a bot's name or a
    level's; any bot may play, one of the game's or one written in Python, so any such name goes."""
    name = _text(value, where)
    if not name.strip() or len(name) > MOST_NAME or not name.isprintable():
        raise DataError(where, Message("a bot's name is one line of 1 to {most} printable characters, not {name}",
                                       most=MOST_NAME, name=shown(name)))
    return name
