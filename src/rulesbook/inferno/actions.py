"""The decisions a player makes, as small values with a short text form that parses back.

Each action class has its text form and its parser side by side, like python-chess's
`Move.uci()` / `Move.from_uci()`: `action.text()` and `Kind.from_text(text)`; `parse_action`
reads any of them, dispatching on the first word through `PARSERS`. The actor is whoever the
state says must decide.

>>> parse_action("lay MK+2 -1,0") == LayDisciple(parse_card("MK+2"), (-1, 0))
True
>>> PlayBison.from_text("bison2 R 2,3").text()
'bison2 R 2,3'
>>> PlacePawn((0.0, 1))
Traceback (most recent call last):
rulesbook.core.data.DataError: PlacePawn.place: expected a place (row, column) of two whole numbers, not (0.0, 1)
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from operator import attrgetter
from typing import Any

from rulesbook.core.data import DataError, shown
from rulesbook.core.errors import NotationError
from rulesbook.core.messages import Message, counted
from rulesbook.inferno.cards import Card, Disciple, DiscipleCard, EventCard, EventKind, parse_card
from rulesbook.inferno.position import REACH, Colour, Coord, Memo

#: What the package front re-exports (`from rulesbook.inferno.actions import *`).
__all__ = [
    "ACTION_FORMS", "ACTIONS", "Action", "Cancel", "DiscardEvents", "EndPlay", "LayDisciple", "Pass", "PlacePawn", "PlayBison",
    "PlayPrincess", "PlayRedBoy", "Stay", "Step", "parse_action",
]

BISON = EventCard(EventKind.MIGHTY_BISON_KING)
FAN = EventCard(EventKind.IRON_FAN_PRINCESS)
GUAN_YIN = EventCard(EventKind.GUAN_YIN)


def red_boy(picture: Disciple) -> EventCard:
    known = _RED_BOYS.get(picture)
    return known if known is not None else EventCard(EventKind.RED_BOY, picture)


_RED_BOYS = {picture: EventCard(EventKind.RED_BOY, picture) for picture in Disciple}  # cards are values: made once
#: The cards of a Red Boy play, by its pictures (one, or two in code order).
_RED_BOY_CARDS: Memo = Memo(lambda pictures: tuple(map(red_boy, pictures)))
_CODE = attrgetter("code")


def format_place(place: Coord) -> str:
    """A place in an action's text form: row,column with no space, so it stays one word."""
    return f"{place[0]},{place[1]}"


def spoken_place(place: Coord) -> str:
    """A place in a sentence: (row, column), the one form the book, the boards and the events use."""
    return f"({place[0]}, {place[1]})"


#: The longest number a place may be written with: a place lies within `REACH` of (0, 0).
_DIGITS = len(str(REACH)) + 1
#: A coordinate as `format_place` writes it: ASCII digits, no leading zero, a minus sign only
#: before a number other than 0 (so "0", "-1", "12"; never "+1", "-0", "01", "1_0" or "١").
_COORDINATE = re.compile(r"0|-?[1-9][0-9]*", re.ASCII)


def parse_place(text: str) -> Coord:
    """A place from its text form row,column, as `format_place` writes it; NotationError naming
    the text otherwise."""
    row, comma, column = text.partition(",")
    why = Message("a place is written row,column, for example 0,1 or -1,2")
    near = Message("a place lies within {reach} of 0,0", reach=REACH)
    token = text if len(text) <= 40 else text[:37] + "..."
    if not comma or len(row) > _DIGITS or len(column) > _DIGITS:
        raise NotationError(token, why if not comma else near)
    if not (_COORDINATE.fullmatch(row) and _COORDINATE.fullmatch(column)):
        raise NotationError(token, why)
    place = int(row), int(column)
    if not all(-REACH <= number <= REACH for number in place):
        raise NotationError(token, near)
    return place


# --- what an action's fields must be (checked when it is made) --------------------------------------
def _check_place(kind: str, place: Any) -> None:
    if not (type(place) is tuple and len(place) == 2 and type(place[0]) is int and type(place[1]) is int
            and -REACH <= place[0] <= REACH and -REACH <= place[1] <= REACH):
        raise DataError(f"{kind}.place", Message("expected a place (row, column) of two whole numbers, not {value}", value=shown(place)))


def _check_colour(kind: str, colour: Any) -> None:
    if type(colour) is not Colour:
        raise DataError(f"{kind}.colour", Message("expected a Colour (Colour.RED, ...), not {value}", value=shown(colour)))


def _check_events(kind: str, cards: Any, most: int) -> None:
    if not (type(cards) is tuple and 1 <= len(cards) <= most and all(type(card) is EventCard for card in cards)):
        raise DataError(f"{kind}.cards", Message("expected a tuple of 1 to {most} event cards, not {value}", most=most, value=shown(cards)))


def _words(text: Any, verbs: tuple[str, ...], count: int | None) -> list[str]:
    """The words after the verb, once the text is one of those verbs with `count` words after it."""
    if not isinstance(text, str):
        raise NotationError(shown(text), _NOT_TEXT)
    words = text.split()
    if not words or words[0].lower() not in verbs:
        raise NotationError(text, Message("expected an action starting with {verbs}", verbs=" or ".join(repr(v) for v in verbs)))
    args = words[1:]
    if count is not None and len(args) != count:
        raise NotationError(text, counted(count, "'{verb}' takes {count} argument, not {given}",
                                          "'{verb}' takes {count} arguments, not {given}", verb=words[0].lower(), given=len(args)))
    return args


def _events(text: str, words: list[str], least: int, most: int) -> tuple[EventCard, ...]:
    if not least <= len(words) <= most:
        raise NotationError(text, Message("'{verb}' takes {least} to {most} event cards", verb=text.split()[0].lower(), least=least,
                                          most=most))
    cards = []
    for word in words:
        card = parse_card(word)
        if not isinstance(card, EventCard):
            raise NotationError(word, Message("'{verb}' takes event cards, not a disciple", verb=text.split()[0].lower()))
        cards.append(card)
    return tuple(sorted(cards, key=_CODE))


@dataclass(frozen=True)
class PlacePawn:
    """Setup: put your pawn on a card of the Mountain (MOI-R19)."""

    place: Coord

    def __post_init__(self) -> None:
        _check_place("PlacePawn", self.place)

    def text(self) -> str:
        return f"pawn {format_place(self.place)}"

    @classmethod
    def from_text(cls, text: str) -> PlacePawn:
        return cls(parse_place(_words(text, ("pawn",), 1)[0]))

    __str__ = text


@dataclass(frozen=True)
class LayDisciple:
    """Lay a disciple from your hand against the Mountain (rulebook I)."""

    card: DiscipleCard
    place: Coord

    def __post_init__(self) -> None:
        if type(self.card) is not DiscipleCard:
            raise DataError("LayDisciple.card", Message("expected a disciple card (MK+2, ...), not {value}", value=shown(self.card)))
        _check_place("LayDisciple", self.place)

    @property
    def cards(self) -> tuple[Card, ...]:
        return (self.card,)

    def text(self) -> str:
        return f"lay {self.card.code} {format_place(self.place)}"

    @classmethod
    def from_text(cls, text: str) -> LayDisciple:
        code, place = _words(text, ("lay",), 2)
        card = parse_card(code)
        if not isinstance(card, DiscipleCard):
            raise NotationError(code, Message("only a disciple is laid in the Mountain"))
        return cls(card, parse_place(place))

    __str__ = text


@dataclass(frozen=True)
class PlayBison:
    """One or two Mighty Bison Kings move a pawn 1-3 or 4-5 cards (MOI-R05)."""

    colour: Colour
    place: Coord
    count: int = 1

    def __post_init__(self) -> None:
        _check_colour("PlayBison", self.colour)
        _check_place("PlayBison", self.place)
        if type(self.count) is not int or self.count not in (1, 2):
            raise DataError("PlayBison.count", Message("one or two Mighty Bison Kings are played together, not {value} (MOI-R05)",
                                                      value=shown(self.count)))

    @property
    def cards(self) -> tuple[Card, ...]:
        return (BISON,) * self.count

    @property
    def target(self) -> Colour:
        return self.colour

    def text(self) -> str:
        return f"bison{'' if self.count == 1 else self.count} {self.colour.letter} {format_place(self.place)}"

    @classmethod
    def from_text(cls, text: str) -> PlayBison:
        colour, place = _words(text, ("bison", "bison1", "bison2"), 2)
        return cls(Colour.parse(colour), parse_place(place), 2 if text.split()[0].lower() == "bison2" else 1)

    __str__ = text


@dataclass(frozen=True)
class PlayPrincess:
    """Iron Fan Princess moves the card under a pawn, with the pawn, elsewhere (MOI-R15)."""

    colour: Colour
    place: Coord

    def __post_init__(self) -> None:
        _check_colour("PlayPrincess", self.colour)
        _check_place("PlayPrincess", self.place)

    @property
    def cards(self) -> tuple[Card, ...]:
        return (FAN,)

    @property
    def target(self) -> Colour:
        return self.colour

    def text(self) -> str:
        return f"fan {self.colour.letter} {format_place(self.place)}"

    @classmethod
    def from_text(cls, text: str) -> PlayPrincess:
        colour, place = _words(text, ("fan",), 2)
        return cls(Colour.parse(colour), parse_place(place))

    __str__ = text


@dataclass(frozen=True)
class PlayRedBoy:
    """One Red Boy discards a card of its picture; two discard any card (rulebook I); never one with a pawn (MOI-R16)."""

    pictures: tuple[Disciple, ...]
    place: Coord

    def __post_init__(self) -> None:
        pictures = self.pictures
        if not (type(pictures) is tuple and 1 <= len(pictures) <= 2 and all(type(p) is Disciple for p in pictures)):
            raise DataError("PlayRedBoy.pictures", Message("expected one or two disciples (Disciple.MONKEY_KING, ...), not {value} (rulebook I)",
                                                          value=shown(pictures)))
        _check_place("PlayRedBoy", self.place)
        # Two Red Boys are the same play whichever picture is named first.
        if len(pictures) == 2 and pictures[0].code > pictures[1].code:
            object.__setattr__(self, "pictures", (pictures[1], pictures[0]))

    @property
    def cards(self) -> tuple[Card, ...]:
        return _RED_BOY_CARDS[self.pictures]

    @property
    def target(self) -> None:
        return None

    def text(self) -> str:
        codes = ",".join(picture.code for picture in self.pictures)
        return f"redboy{'' if len(self.pictures) == 1 else len(self.pictures)} {codes} {format_place(self.place)}"

    @classmethod
    def from_text(cls, text: str) -> PlayRedBoy:
        codes, place = _words(text, ("redboy", "redboy1", "redboy2"), 2)
        verb = text.split()[0].lower()
        try:
            pictures = tuple(Disciple.from_code(code) for code in codes.split(","))
        except ValueError:
            raise NotationError(codes, Message("Red Boy pictures are disciple codes: MK, PM, SB, DH")) from None
        if len(pictures) != (2 if verb == "redboy2" else 1):
            raise NotationError(codes, counted(2 if verb == "redboy2" else 1, "'{verb}' takes {count} picture",
                                               "'{verb}' takes {count} pictures", verb=verb))
        return cls(tuple(sorted(pictures, key=_CODE)), parse_place(place))

    __str__ = text


@dataclass(frozen=True)
class DiscardEvents:
    """Discard one to three events with no effect, instead of playing (MOI-R04, EN)."""

    cards: tuple[EventCard, ...]

    def __post_init__(self) -> None:
        _check_events("DiscardEvents", self.cards, 3)

    def text(self) -> str:
        return "discard " + " ".join(card.code for card in self.cards)

    @classmethod
    def from_text(cls, text: str) -> DiscardEvents:
        return cls(_events(text, _words(text, ("discard",), None), 1, 3))

    __str__ = text


@dataclass(frozen=True)
class EndPlay:
    """Finish step I and go on to the pawn's step."""

    def text(self) -> str:
        return "end"

    @classmethod
    def from_text(cls, text: str) -> EndPlay:
        _words(text, ("end",), 0)
        return cls()

    __str__ = text


@dataclass(frozen=True)
class Cancel:
    """Answer the effect just played with the cards that cancel it (MOI-R06)."""

    cards: tuple[EventCard, ...]

    def __post_init__(self) -> None:
        _check_events("Cancel", self.cards, 2)

    def text(self) -> str:
        return "cancel " + " ".join(card.code for card in self.cards)

    @classmethod
    def from_text(cls, text: str) -> Cancel:
        return cls(_events(text, _words(text, ("cancel",), None), 1, 2))

    __str__ = text


@dataclass(frozen=True)
class Pass:
    """Let the effect just played happen."""

    def text(self) -> str:
        return "pass"

    @classmethod
    def from_text(cls, text: str) -> Pass:
        _words(text, ("pass",), 0)
        return cls()

    __str__ = text


@dataclass(frozen=True)
class Step:
    """Phase II: move a pawn one card orthogonally (MOI-R09)."""

    colour: Colour
    place: Coord

    def __post_init__(self) -> None:
        _check_colour("Step", self.colour)
        _check_place("Step", self.place)

    def text(self) -> str:
        return f"step {self.colour.letter} {format_place(self.place)}"

    @classmethod
    def from_text(cls, text: str) -> Step:
        colour, place = _words(text, ("step",), 2)
        return cls(Colour.parse(colour), parse_place(place))

    __str__ = text


@dataclass(frozen=True)
class Stay:
    """Phase II: leave the pawns where they are (the step is optional, MOI-R09)."""

    def text(self) -> str:
        return "stay"

    @classmethod
    def from_text(cls, text: str) -> Stay:
        _words(text, ("stay",), 0)
        return cls()

    __str__ = text


#: Every action's text form: an example, what it does, the rule behind it (for the book's reference).
ACTION_FORMS: tuple[tuple[str, str, str], ...] = (
    ("pawn 0,1", "at setup, put your pawn on the card at (0, 1)", "MOI-R19"),
    ("lay MK+2 -1,0", "lay the disciple MK+2 from your hand at (-1, 0)", "rulebook I, MOI-R15"),
    ("bison R 2,3", "one Mighty Bison King: move the red pawn to (2, 3), 1-3 cards away", "MOI-R05"),
    ("bison2 R 2,3", "two Mighty Bison Kings: move the red pawn to (2, 3), 4-5 cards away", "MOI-R05"),
    ("fan R 3,4", "Iron Fan Princess: the card under the red pawn, pawn and all, to (3, 4); a card with two pawns is named by its first pawn", "MOI-R15, MOI-R22"),
    ("redboy MK 1,2", "one Red Boy with the MK picture: discard the Monkey King card at (1, 2)", "rulebook I, MOI-R16"),
    ("redboy2 DH,MK 1,2", "two Red Boys: discard any disciple, here the card at (1, 2)", "rulebook I, MOI-R16"),
    ("discard BISON REDBOY:SB", "EN only: discard one to three events with no effect, instead of playing", "MOI-R04"),
    ("end", "end step I after playing at least one card (or when nothing can be played)", "MOI-R18"),
    ("cancel GUANYIN", "answer the effect just played with the cards that cancel it", "MOI-R06"),
    ("pass", "let the effect just played happen", "MOI-R06"),
    ("step B 1,1", "step II: move the blue pawn one card, onto a card with room", "MOI-R09"),
    ("stay", "step II: move no pawn", "MOI-R09"),
)

Action = PlacePawn | LayDisciple | PlayBison | PlayPrincess | PlayRedBoy | DiscardEvents | EndPlay | Cancel | Pass | Step | Stay
Effect = PlayBison | PlayPrincess | PlayRedBoy

#: Every action class, in the order of the text forms above.
ACTIONS: tuple[type, ...] = (PlacePawn, LayDisciple, PlayBison, PlayPrincess, PlayRedBoy, DiscardEvents, EndPlay, Cancel,
                             Pass, Step, Stay)

#: The parser of each first word.
PARSERS: dict[str, Callable[[str], Any]] = {
    "pawn": PlacePawn.from_text, "lay": LayDisciple.from_text,
    "bison": PlayBison.from_text, "bison1": PlayBison.from_text, "bison2": PlayBison.from_text,
    "fan": PlayPrincess.from_text,
    "redboy": PlayRedBoy.from_text, "redboy1": PlayRedBoy.from_text, "redboy2": PlayRedBoy.from_text,
    "discard": DiscardEvents.from_text, "end": EndPlay.from_text, "cancel": Cancel.from_text, "pass": Pass.from_text,
    "step": Step.from_text, "stay": Stay.from_text,
}
_WORDS = "pawn, lay, bison, bison2, fan, redboy, redboy2, discard, end, cancel, pass, step, stay"
_NOT_TEXT = Message("an action is text such as 'lay MK+2 0,2'")


def parse_action(text: str) -> Action:
    """An action from its text form; malformed text raises NotationError naming the word and why."""
    if not isinstance(text, str):
        raise NotationError(shown(text), _NOT_TEXT)
    words = text.split()
    if not words:
        raise NotationError(text, Message("empty action; expected one of: {words}", words=_WORDS))
    parser = PARSERS.get(words[0].lower())
    if parser is None:
        raise NotationError(words[0], Message("unknown action; expected one of: {words}", words=_WORDS))
    return parser(text)
