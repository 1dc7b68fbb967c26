"""One event value for the three games: what happened, who did it, who may see it, and its data.

Lessons, boards and bots read an event's `kind` and `data` (the cards, places and counts it is
about), never its sentence: rewording an event cannot break an exercise. The sentence (`text`) is
for people, and is put together when first read, so a simulation of thousands of games words none.
When what words it returns a `Message` (rulesbook.core.messages), `say("zh-TW")` words it in zh-TW;
an event worded in plain English says that English in every language.

>>> event = Event("draw", "Red draws 2", seat=0, data={"count": 2})
>>> event.kind, event.seat, event.data["count"], str(event)
('draw', 0, 2, 'Red draws 2')
>>> later = Event.worded("draw", lambda count: f"Blue draws {count}", {"count": 1}, seat=1)
>>> later.text
'Blue draws 1'
>>> Event.worded("draw", lambda count: Message("the game is over"), {"count": 1}).say("zh-TW")
'遊戲已經結束'
>>> secret = Event("hand", "you draw Crates 14", seat=2, seen_by=(2,))
>>> secret.visible_to(2), secret.visible_to(0)
(True, False)
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from types import MappingProxyType
from typing import Any

from rulesbook.core.messages import Message

_NO_DATA: Mapping[str, Any] = MappingProxyType({})
_new = object.__new__
_set = object.__setattr__


class Event:
    """Something that happened: its kind, the seat that acted (None: the game itself), the seats
    that may see it (None: everyone at the table), its data, and its sentence.

    In all three games every action brings at least one event that reports it, whose seat is the
    seat that took the action (in Madness, the player the action names). Every other event the
    action brings is the game's own, in answer (a deal, a roll of the die, the demon's turn): its
    seat is None, or again that seat's when it is about that seat's own play (Inferno's draw up
    and the round its step ends).

    Events are values: equal when kind, text, seat, seen_by and data are. The engines make many,
    so an event is one slot holding one tuple, the quickest object CPython makes and reads.
    """

    __slots__ = ("_fields",)  # (kind, seat, seen_by, data, text, say): text None until worded
    _fields: tuple[str, int | None, tuple[int, ...] | None, Mapping[str, Any], str | None, Callable[..., str | Message] | None]

    def __init__(self, kind: str, text: str, seat: int | None = None, seen_by: tuple[int, ...] | None = None,
                 data: Mapping[str, Any] | None = None):
        _set(self, "_fields", (kind, seat, seen_by, _NO_DATA if data is None else data, text, None))

    @classmethod
    def worded(cls, kind: str, say: Callable[..., str | Message], data: Mapping[str, Any], seat: int | None = None,
               seen_by: tuple[int, ...] | None = None) -> Event:
        """An event whose sentence is `say(**data)` (a str, or a Message to say in any language),
        put together when first read."""
        event = _new(cls)
        _set(event, "_fields", (kind, seat, seen_by, data, None, say))
        return event

    @property
    def kind(self) -> str:
        return self._fields[0]

    @property
    def seat(self) -> int | None:
        return self._fields[1]

    @property
    def seen_by(self) -> tuple[int, ...] | None:
        return self._fields[2]

    @property
    def data(self) -> Mapping[str, Any]:
        return self._fields[3]

    @property
    def text(self) -> str:
        kind, seat, seen_by, data, text, say = self._fields
        if text is None:
            assert say is not None  # an event keeps its sentence or what to say it from
            text = str(say(**data))
            _set(self, "_fields", (kind, seat, seen_by, data, text, say))
        return text

    def say(self, language: str = "en") -> str:
        """The sentence in that language ("en" or "zh-TW"); `text` is the English."""
        return self.text if language == "en" else self.message().say(language)

    def message(self) -> Message:
        """The sentence as a message, worded again from the data (an English text as it is)."""
        say = self._fields[5]
        worded = self.text if say is None else say(**self.data)
        return worded if isinstance(worded, Message) else Message.text(worded)

    def visible_to(self, seat: int | None) -> bool:
        """Whether that seat may see the event (None, an onlooker, sees only what everyone sees)."""
        seen_by = self._fields[2]
        return seen_by is None or seat in seen_by

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        parts = [f"{self.kind!r}", f"{self.text!r}"]
        if self.seat is not None:
            parts.append(f"seat={self.seat!r}")
        if self.seen_by is not None:
            parts.append(f"seen_by={self.seen_by!r}")
        if self.data:
            parts.append(f"data={dict(self.data)!r}")
        return f"Event({', '.join(parts)})"

    def _key(self) -> tuple[Any, ...]:
        return (self.kind, self.text, self.seat, self.seen_by, dict(self.data))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Event):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash((self.kind, self.text, self.seat, self.seen_by))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"an Event does not change: cannot set {name!r}")

    def __reduce__(self) -> tuple[Any, ...]:
        return Event, (self.kind, self.text, self.seat, self.seen_by, dict(self.data))


def result_start(events: Sequence[Event], ending: Collection[str]) -> int:
    """Where the result begins among the events of a move that ends the game: the index of the
    first whose kind is one of the game's `ending` kinds (its engine's ENDING_EVENTS: the last
    round scored, who won, the expedition's escape), or len(events) when none is. A page that
    tells the game's ending in full tells of the move only what it did, the events before.

    >>> move = [Event("step", "Red steps"), Event("round", "round 3 ends"), Event("over", "the game is over")]
    >>> result_start(move, ("round", "over")), result_start(move[:1], ("round", "over"))
    (1, 1)
    """
    return next((index for index, event in enumerate(events) if event.kind in ending), len(events))
