"""The decisions a player makes, as small values with a short text form that parses back.

Texts (the actor is whoever the state says must decide):
``pawn 0,1`` place your pawn at setup; ``lay MK+2 -1,0`` lay a disciple;
``bison R 2,3`` / ``bison2 R 2,3`` move the red pawn with one or two Mighty Bison Kings;
``fan R 3,4`` Iron Fan Princess: the card under red, and red, to 3,4;
``redboy MK 1,2`` one Red Boy (picture MK) discards the card at 1,2; ``redboy2 MK,PM 1,2`` two;
``discard BISON REDBOY:SB`` discard 1-3 events with no effect (EN); ``end`` end step I;
``cancel GUANYIN`` / ``cancel FAN FAN`` answer an effect; ``pass`` let it happen;
``step R 1,2`` phase II, one step; ``stay`` no step.
"""

from __future__ import annotations

from dataclasses import dataclass
from operator import attrgetter

from rulesbook.core.errors import NotationError
from rulesbook.inferno.cards import Card, Disciple, DiscipleCard, EventCard, EventKind, parse_card
from rulesbook.inferno.position import Colour, Coord, Table

BISON = EventCard(EventKind.MIGHTY_BISON_KING)
FAN = EventCard(EventKind.IRON_FAN_PRINCESS)
GUAN_YIN = EventCard(EventKind.GUAN_YIN)


def red_boy(picture: Disciple) -> EventCard:
    known = _RED_BOYS.get(picture)
    return known if known is not None else EventCard(EventKind.RED_BOY, picture)


_RED_BOYS = {picture: EventCard(EventKind.RED_BOY, picture) for picture in Disciple}  # cards are values: made once
#: The cards of a Red Boy play, by its pictures (one, or two in code order).
_RED_BOY_CARDS: Table = Table(lambda pictures: tuple(map(red_boy, pictures)))


def format_place(place: Coord) -> str:
    """A place in an action's text form: row,column with no space, so it stays one word."""
    return f"{place[0]},{place[1]}"


def spoken_place(place: Coord) -> str:
    """A place in a sentence: (row, column), the one form the book, the boards and the events use."""
    return f"({place[0]}, {place[1]})"


def parse_place(text: str) -> Coord:
    row, comma, column = text.partition(",")
    try:
        if not comma:
            raise ValueError
        return int(row), int(column)
    except ValueError:
        raise NotationError(text, "a place is written row,column, for example 0,1 or -1,2") from None


@dataclass(frozen=True)
class PlacePawn:
    """Setup: put your pawn on a card of the Mountain (MOI-R19)."""

    place: Coord

    def __str__(self) -> str:
        return f"pawn {format_place(self.place)}"


@dataclass(frozen=True)
class LayDisciple:
    """Lay a disciple from your hand against the Mountain (rulebook I)."""

    card: DiscipleCard
    place: Coord

    @property
    def cards(self) -> tuple[Card, ...]:
        return (self.card,)

    def __str__(self) -> str:
        return f"lay {self.card.code} {format_place(self.place)}"


@dataclass(frozen=True)
class PlayBison:
    """One or two Mighty Bison Kings move a pawn 1-3 or 4-5 cards (MOI-R05)."""

    colour: Colour
    place: Coord
    count: int = 1

    @property
    def cards(self) -> tuple[Card, ...]:
        return (BISON,) * self.count

    @property
    def target(self) -> Colour:
        return self.colour

    def __str__(self) -> str:
        return f"bison{'' if self.count == 1 else self.count} {self.colour.letter} {format_place(self.place)}"


@dataclass(frozen=True)
class PlayPrincess:
    """Iron Fan Princess moves the card under a pawn, with the pawn, elsewhere (MOI-R15)."""

    colour: Colour
    place: Coord

    @property
    def cards(self) -> tuple[Card, ...]:
        return (FAN,)

    @property
    def target(self) -> Colour:
        return self.colour

    def __str__(self) -> str:
        return f"fan {self.colour.letter} {format_place(self.place)}"


@dataclass(frozen=True)
class PlayRedBoy:
    """One Red Boy discards a card of its picture; two discard any card (MOI-R16)."""

    pictures: tuple[Disciple, ...]
    place: Coord

    def __post_init__(self) -> None:
        # Two Red Boys are the same play whichever picture is named first.
        pictures = self.pictures
        if len(pictures) == 2 and pictures[0].code > pictures[1].code:
            object.__setattr__(self, "pictures", (pictures[1], pictures[0]))

    @property
    def cards(self) -> tuple[Card, ...]:
        return _RED_BOY_CARDS[self.pictures]

    @property
    def target(self) -> None:
        return None

    def __str__(self) -> str:
        codes = ",".join(picture.code for picture in self.pictures)
        return f"redboy{'' if len(self.pictures) == 1 else len(self.pictures)} {codes} {format_place(self.place)}"


@dataclass(frozen=True)
class DiscardEvents:
    """Discard one to three events with no effect, instead of playing (MOI-R04, EN)."""

    cards: tuple[EventCard, ...]

    def __str__(self) -> str:
        return "discard " + " ".join(card.code for card in self.cards)


@dataclass(frozen=True)
class EndPlay:
    """Finish step I and go on to the pawn's step."""

    def __str__(self) -> str:
        return "end"


@dataclass(frozen=True)
class Cancel:
    """Answer the effect just played with the cards that cancel it (MOI-R06)."""

    cards: tuple[EventCard, ...]

    def __str__(self) -> str:
        return "cancel " + " ".join(card.code for card in self.cards)


@dataclass(frozen=True)
class Pass:
    """Let the effect just played happen."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True)
class Step:
    """Phase II: move a pawn one card orthogonally (MOI-R09)."""

    colour: Colour
    place: Coord

    def __str__(self) -> str:
        return f"step {self.colour.letter} {format_place(self.place)}"


@dataclass(frozen=True)
class Stay:
    """Phase II: leave the pawns where they are (the step is optional, MOI-R09)."""

    def __str__(self) -> str:
        return "stay"


#: Every action's text form: an example, what it does, the rule behind it (for the book's reference).
ACTION_FORMS: tuple[tuple[str, str, str], ...] = (
    ("pawn 0,1", "at setup, put your pawn on the card at (0, 1)", "MOI-R19"),
    ("lay MK+2 -1,0", "lay the disciple MK+2 from your hand at (-1, 0)", "rulebook I, MOI-R15"),
    ("bison R 2,3", "one Mighty Bison King: move the red pawn to (2, 3), 1-3 cards away", "MOI-R05"),
    ("bison2 R 2,3", "two Mighty Bison Kings: move the red pawn to (2, 3), 4-5 cards away", "MOI-R05"),
    ("fan R 3,4", "Iron Fan Princess: the card under the red pawn, pawn and all, to (3, 4); a card with two pawns is named by its first pawn", "MOI-R15, MOI-R22"),
    ("redboy MK 1,2", "one Red Boy with the MK picture: discard the Monkey King card at (1, 2)", "MOI-R16"),
    ("redboy2 DH,MK 1,2", "two Red Boys: discard any disciple, here the card at (1, 2)", "MOI-R16"),
    ("discard BISON REDBOY:SB", "EN only: discard one to three events with no effect, instead of playing", "MOI-R04"),
    ("end", "end step I after playing at least one card (or when nothing can be played)", "MOI-R18"),
    ("cancel GUANYIN", "answer the effect just played with the cards that cancel it", "MOI-R06"),
    ("pass", "let the effect just played happen", "MOI-R06"),
    ("step B 1,1", "phase II: move the blue pawn one card, onto a card with room", "MOI-R09"),
    ("stay", "phase II: move no pawn", "MOI-R09"),
)

Action = PlacePawn | LayDisciple | PlayBison | PlayPrincess | PlayRedBoy | DiscardEvents | EndPlay | Cancel | Pass | Step | Stay
Effect = PlayBison | PlayPrincess | PlayRedBoy

_WORDS = "pawn, lay, bison, bison2, fan, redboy, redboy2, discard, end, cancel, pass, step, stay"


def parse_action(text: str) -> Action:
    """An action from its text form; malformed text raises NotationError naming the word and why."""
    if not isinstance(text, str):
        raise NotationError(repr(text), "an action is text such as 'lay MK+2 0,2'")
    words = text.split()
    if not words:
        raise NotationError(text, f"empty action; expected one of: {_WORDS}")
    verb, args = words[0].lower(), words[1:]

    def need(count: int) -> None:
        if len(args) != count:
            raise NotationError(text, f"'{verb}' takes {count} argument(s), not {len(args)}")

    def colour(word: str) -> Colour:
        return Colour.parse(word)

    def events(words: list[str], least: int, most: int) -> tuple[EventCard, ...]:
        if not least <= len(words) <= most:
            raise NotationError(text, f"'{verb}' takes {least} to {most} event cards")
        cards = []
        for word in words:
            card = parse_card(word)
            if not isinstance(card, EventCard):
                raise NotationError(word, f"'{verb}' takes event cards, not a disciple")
            cards.append(card)
        return tuple(cards)

    if verb == "pawn":
        need(1)
        return PlacePawn(parse_place(args[0]))
    if verb == "lay":
        need(2)
        card = parse_card(args[0])
        if not isinstance(card, DiscipleCard):
            raise NotationError(args[0], "only a disciple is laid in the Mountain")
        return LayDisciple(card, parse_place(args[1]))
    if verb in ("bison", "bison1", "bison2"):
        need(2)
        return PlayBison(colour(args[0]), parse_place(args[1]), 2 if verb == "bison2" else 1)
    if verb == "fan":
        need(2)
        return PlayPrincess(colour(args[0]), parse_place(args[1]))
    if verb in ("redboy", "redboy1", "redboy2"):
        need(2)
        try:
            pictures = tuple(Disciple.from_code(code) for code in args[0].split(","))
        except ValueError:
            raise NotationError(args[0], "Red Boy pictures are disciple codes: MK, PM, SB, DH") from None
        if len(pictures) != (2 if verb == "redboy2" else 1):
            raise NotationError(args[0], f"'{verb}' takes {2 if verb == 'redboy2' else 1} picture(s)")
        return PlayRedBoy(tuple(sorted(pictures, key=lambda d: d.code)), parse_place(args[1]))
    if verb == "discard":
        return DiscardEvents(tuple(sorted(events(args, 1, 3), key=attrgetter("code"))))
    if verb == "cancel":
        return Cancel(tuple(sorted(events(args, 1, 2), key=attrgetter("code"))))
    if verb == "step":
        need(2)
        return Step(colour(args[0]), parse_place(args[1]))
    simple: dict[str, type[EndPlay | Pass | Stay]] = {"end": EndPlay, "pass": Pass, "stay": Stay}
    if verb in simple:
        need(0)
        return simple[verb]()
    raise NotationError(words[0], f"unknown action; expected one of: {_WORDS}")
