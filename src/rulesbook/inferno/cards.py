"""The 52 cards of Mountain of Inferno, as data (rulebook "Contents"; rulings MOI-R01, MOI-R02).

36 disciples (four disciples x nine cards: 4 x +1, 3 x +2, 1 x +3, 1 x -3) and 16 events
(3 Mighty Bison King, 3 Iron Fan Princess, 8 Red Boy with two per disciple picture, 2 Guan Yin).
The English rulebook says "18" events but lists 16; 36 + 16 = 52 (MOI-R01).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from enum import Enum


class _Named(Enum):
    """What a card's picture is called in each edition (its row of `_NAMES`)."""

    __hash__ = object.__hash__  # members are singletons; the default hashes the name, slowly

    @property
    def english(self) -> str:
        return _NAMES[self][0]

    @property
    def chinese(self) -> str:
        return _NAMES[self][1]


class Disciple(_Named):
    """The four disciples; the value is the two-letter code used in the notation."""

    MONKEY_KING = "MK"
    PIG_MONK = "PM"
    SANDY_BROTHER = "SB"
    DRAGON_HORSE = "DH"

    @property
    def code(self) -> str:
        return self._value_  # the plain attribute: Enum.value is a slow descriptor

    @classmethod
    def from_code(cls, code: str) -> Disciple:
        return cls(code.upper())


#: How many cards of each value every disciple has (rulebook "Card Descriptions").
DISCIPLE_VALUES: dict[int, int] = {+1: 4, +2: 3, +3: 1, -3: 1}


@dataclass(frozen=True, eq=False)
class DiscipleCard:
    """A disciple card: whose picture and how many points (the number in its corner).

    Cards are values with one object each: `DiscipleCard(Disciple.MONKEY_KING, 2)` is always the
    same object, so equal cards are identical, and hands, piles and tables compare and look them
    up as fast as Python compares anything (equality and hashing are identity's).
    """

    disciple: Disciple
    value: int
    _code: str = field(init=False, repr=False, default="")  # set once made (sorting asks for it often)

    def __new__(cls, disciple: Disciple, value: int) -> DiscipleCard:
        made = _DISCIPLES_MADE.get((disciple, value))
        return made if made is not None else super().__new__(cls)

    def __post_init__(self) -> None:
        if self.value not in DISCIPLE_VALUES:
            raise ValueError(f"no disciple card is worth {self.value:+d}; values are +1, +2, +3, -3 (rulebook, Card Descriptions)")
        object.__setattr__(self, "_code", f"{self.disciple._value_}{self.value:+d}")  # sorting asks for it often
        _DISCIPLES_MADE.setdefault((self.disciple, self.value), self)

    def __reduce__(self) -> tuple:
        return DiscipleCard, (self.disciple, self.value)  # a copy or an unpickled card is the one object too

    @property
    def code(self) -> str:
        return self._code

    def __str__(self) -> str:
        return self.code


class EventKind(_Named):
    """The four kinds of event card; the value is the code used in action texts."""

    MIGHTY_BISON_KING = "BISON"
    IRON_FAN_PRINCESS = "FAN"
    RED_BOY = "REDBOY"
    GUAN_YIN = "GUANYIN"

    @property
    def family(self) -> str:
        """The Bison King Family is discarded after use even when cancelled; Guan Yin saves."""
        return "Saviour" if self is EventKind.GUAN_YIN else "Bison King Family"


#: Every disciple's and event's name in the English and the Chinese editions.
_NAMES: dict[_Named, tuple[str, str]] = {
    Disciple.MONKEY_KING: ("Monkey King", "孫悟空"),
    Disciple.PIG_MONK: ("Pig Monk", "豬八戒"),
    Disciple.SANDY_BROTHER: ("Sandy Brother", "沙悟淨"),
    Disciple.DRAGON_HORSE: ("Dragon Horse", "白龍馬"),
    EventKind.MIGHTY_BISON_KING: ("Mighty Bison King", "牛魔王"),
    EventKind.IRON_FAN_PRINCESS: ("Iron Fan Princess", "鐵扇公主"),
    EventKind.RED_BOY: ("Red Boy", "紅孩兒"),
    EventKind.GUAN_YIN: ("Guan Yin", "觀世音菩薩"),
}


@dataclass(frozen=True, eq=False)
class EventCard:
    """An event card; only a Red Boy carries a disciple picture (MOI-R02). One object each, like
    `DiscipleCard`."""

    kind: EventKind
    picture: Disciple | None = None
    _code: str = field(init=False, repr=False, default="")  # set once made (sorting asks for it often)

    def __new__(cls, kind: EventKind, picture: Disciple | None = None) -> EventCard:
        made = _EVENTS_MADE.get((kind, picture))
        return made if made is not None else super().__new__(cls)

    def __post_init__(self) -> None:
        if (self.kind is EventKind.RED_BOY) != (self.picture is not None):
            raise ValueError("a Red Boy card carries exactly one disciple picture; no other event has one (MOI-R02)")
        code = f"{self.kind._value_}:{self.picture.code}" if self.picture else self.kind._value_
        object.__setattr__(self, "_code", code)  # sorting asks for it often
        _EVENTS_MADE.setdefault((self.kind, self.picture), self)

    def __reduce__(self) -> tuple:
        return EventCard, (self.kind, self.picture)

    @property
    def code(self) -> str:
        return self._code

    def __str__(self) -> str:
        return self.code


#: The one object of each card, by (disciple, value) and by (kind, picture).
_DISCIPLES_MADE: dict[tuple[Disciple, int], DiscipleCard] = {}
_EVENTS_MADE: dict[tuple[EventKind, Disciple | None], EventCard] = {}


Card = DiscipleCard | EventCard

#: Event counts (MOI-R01); Red Boys are counted per picture below (MOI-R02).
EVENT_COUNTS: dict[EventKind, int] = {
    EventKind.MIGHTY_BISON_KING: 3,
    EventKind.IRON_FAN_PRINCESS: 3,
    EventKind.RED_BOY: 8,
    EventKind.GUAN_YIN: 2,
}
RED_BOYS_PER_PICTURE = 2


def full_deck() -> tuple[Card, ...]:
    """All 52 cards in a fixed order: disciples by disciple and value, then the events."""
    cards: list[Card] = []
    for disciple in Disciple:
        for value, count in DISCIPLE_VALUES.items():
            cards.extend(DiscipleCard(disciple, value) for _ in range(count))
    for kind, count in EVENT_COUNTS.items():
        if kind is EventKind.RED_BOY:
            for disciple in Disciple:
                cards.extend(EventCard(kind, disciple) for _ in range(RED_BOYS_PER_PICTURE))
        else:
            cards.extend(EventCard(kind) for _ in range(count))
    return tuple(cards)


DECK: tuple[Card, ...] = full_deck()
DECK_COUNTS: Counter = Counter(DECK)
DISCIPLE_CARDS: tuple[DiscipleCard, ...] = tuple(card for card in DECK if isinstance(card, DiscipleCard))
EVENT_CARDS: tuple[EventCard, ...] = tuple(card for card in DECK if isinstance(card, EventCard))


def count_rule(card: Card) -> str:
    """Where the deck's count of this card is written: a disciple's in the rulebook's Card
    Descriptions, a Red Boy's picture by ruling MOI-R02, another event's by MOI-R01."""
    if isinstance(card, DiscipleCard):
        return "rulebook, Card Descriptions"
    return "MOI-R02" if card.kind is EventKind.RED_BOY else "MOI-R01"


#: Each card by its code as written (`Card.code`): records and replays read thousands of them.
_BY_CODE: dict[str, Card] = {card.code: card for card in DECK}


def parse_card(code: str) -> Card:
    """A card from its code: ``MK+2`` (the + may be left out), ``BISON``, ``FAN``, ``REDBOY:PM``, ``GUANYIN``."""
    from rulesbook.core.errors import NotationError
    from rulesbook.core.messages import Message, term

    known = _BY_CODE.get(code) if type(code) is str else None
    if known is not None:
        return known
    if not isinstance(code, str):
        raise NotationError(repr(code)[:40], Message("a card is written as its code, such as MK+2 or BISON"))
    text = code.strip().upper()
    kind_code, _, picture_code = text.partition(":")
    for kind in EventKind:
        if kind_code == kind.value:
            if kind is EventKind.RED_BOY:
                try:
                    return EventCard(kind, Disciple.from_code(picture_code))
                except ValueError:
                    raise NotationError(code[:40], Message("a Red Boy is written REDBOY:MK, REDBOY:PM, REDBOY:SB or REDBOY:DH (MOI-R02)")) from None
            if picture_code:
                raise NotationError(code[:40], Message("only a Red Boy carries a picture; write {code} (MOI-R02)", code=kind.value))
            return EventCard(kind)
    for disciple in Disciple:
        if text.startswith(disciple.code):
            rest = text[len(disciple.code):]
            if rest[:1] not in ("+", "-"):
                rest = "+" + rest
            if rest[1:].isascii() and rest[1:].isdigit() and len(rest) <= 4 and int(rest) in DISCIPLE_VALUES:
                return DiscipleCard(disciple, int(rest))
            raise NotationError(code[:40], Message("no {disciple} card has that value; the deck has +1, +2, +3 and -3 (rulebook, Card Descriptions)",
                                                   disciple=term(disciple.english, "disciple")))
    raise NotationError(
        code[:40], Message("unknown card; expected a disciple such as MK+2 or an event: BISON, FAN, REDBOY:MK, GUANYIN")
    )
