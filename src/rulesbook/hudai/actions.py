"""Every decision the monk makes, as a small value with a short text form that parses back.

Text forms: ``play R5``, ``discard W2``, ``black K3``, ``value left``, ``build``, ``eye left right``,
``defend``, ``stab``, ``flow``, ``pin centre``, ``blue``, ``red``, ``yellow right``, ``end``,
``remove W1``, ``keep``, ``swap G3``, ``obtain G3``, ``pass``. Each action class writes its text
(`text()`) and reads it back (`from_text`), side by side; `parse_action` picks the class by the
first word.

>>> PlayCard("R5").text(), parse_action("eye left right")
('play R5', ThirdEye(source='left', target='right'))
>>> PlayCard.from_text("play r5") == PlayCard("R5")
True
>>> parse_action("fly left")
Traceback (most recent call last):
rulesbook.core.errors.NotationError: 'fly': unknown action; expected one of: play, discard, black, value, build, eye, defend, stab, flow, pin, blue, red, yellow, end, remove, keep, swap, obtain, pass
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, TypeVar

from rulesbook.core.data import shown
from rulesbook.core.errors import NotationError
from rulesbook.core.messages import Message
from rulesbook.hudai.cards import COLOURS, card_code
from rulesbook.hudai.rules import POSITION_INDEX, POSITIONS

#: What the package front re-exports (`from rulesbook.hudai.actions import *`).
__all__ = [
    "ACTION_FORMS", "ACTIONS", "Action", "BlueWard", "BuildUp", "Defend", "DiscardCard", "EndCombo", "Flow", "FlowKeep", "FlowRemove",
    "Obtain", "Pass", "Pin", "PlayCard", "RedStrike", "Stab", "SwapRiver", "TakeBlack", "ThirdEye", "UseValue",
    "YellowPin", "parse_action",
]

CARD_CODES = frozenset(f"{colour}{value}" for colour in COLOURS for value in range(1, 7))
T = TypeVar("T", bound="Action")


def _arguments(kind: type[Action], text: Any, count: int, shape: str = "no argument") -> list[str]:
    """The words after the action's own word, when there are `count` of them; NotationError else."""
    if not isinstance(text, str):
        raise NotationError(repr(text), "an action is text such as 'play R5' or 'end'")
    parts = text.split()
    if not parts or parts[0].lower() != kind.word:
        raise NotationError(text, f"{kind.__name__} is written '{kind.word}' first")
    if len(parts) - 1 != count:
        raise NotationError(text, f"'{kind.word}' takes {shape}" if count else f"'{kind.word}' takes no argument")
    return parts[1:]


def _position(token: str, text: str) -> str:
    index = POSITION_INDEX.get(token.lower())
    if index is None:
        raise NotationError(text, f"{token!r} is not a demon power position; use left, centre or right")
    return POSITIONS[index]


class Action:
    """Base of the monk's decisions; `text()` is the short form that `from_text` (and
    `parse_action`) reads back. An action with no argument is its word alone."""

    __slots__ = ()
    word = ""

    def text(self) -> str:
        return self.word

    @classmethod
    def from_text(cls: type[T], text: str) -> T:
        _arguments(cls, text, 0)
        return cls()

    def __str__(self) -> str:
        return self.text()


class _OnCard(Action):
    """An action naming a card: the card is checked when the action is made, so a bad one is a
    NotationError, never a failure later."""

    __slots__ = ()
    card: str

    def __post_init__(self) -> None:
        if not isinstance(self.card, str) or self.card not in CARD_CODES:
            raise NotationError(repr(self.card), f"'{self.word}' names a card by its colour letter and value, like R5")

    def text(self) -> str:
        return f"{self.word} {self.card}"

    @classmethod
    def from_text(cls: type[T], text: str) -> T:
        [token] = _arguments(cls, text, 1, f"one card, like '{cls.word} R5'")
        return cls(card_code(token))  # type: ignore[call-arg]


class _OnPower(Action):
    """An action naming a demon power by its position (left, centre, right), checked when made."""

    __slots__ = ()
    power: str

    def __post_init__(self) -> None:
        if not isinstance(self.power, str) or self.power not in POSITIONS:
            raise NotationError(repr(self.power), f"'{self.word}' names a power position: left, centre or right")

    def text(self) -> str:
        return f"{self.word} {self.power}"

    @classmethod
    def from_text(cls: type[T], text: str) -> T:
        [token] = _arguments(cls, text, 1, f"one power position, like '{cls.word} left'")
        return cls(_position(token, text))  # type: ignore[call-arg]


@dataclass(frozen=True, slots=True)
class PlayCard(_OnCard):
    """Put a hand card at the end of the combo row (rulebook, Play one combo; HUD-R03)."""

    card: str
    word = "play"


@dataclass(frozen=True, slots=True)
class DiscardCard(_OnCard):
    """Discard a hand card for 1 purchase value (rulebook, Colors, last paragraphs)."""

    card: str
    word = "discard"


@dataclass(frozen=True, slots=True)
class TakeBlack(_OnCard):
    """Take one black corruption card from the open supply into the hand, once a turn, free."""

    card: str
    word = "black"


@dataclass(frozen=True, slots=True)
class UseValue(_OnPower):
    """The played card's value removes a cube from a power with that many cubes or fewer."""

    power: str
    word = "value"


@dataclass(frozen=True, slots=True)
class BuildUp(Action):
    """Hammers: purchase value 3."""

    word = "build"


@dataclass(frozen=True, slots=True)
class ThirdEye(Action):
    """3 Circles: move a cube from one demon power to another."""

    source: str
    target: str
    word = "eye"

    def __post_init__(self) -> None:
        for position in (self.source, self.target):
            if not isinstance(position, str) or position not in POSITIONS:
                raise NotationError(repr(position), "'eye' names two power positions: left, centre or right")

    def text(self) -> str:
        return f"eye {self.source} {self.target}"

    @classmethod
    def from_text(cls, text: str) -> ThirdEye:
        source, target = _arguments(cls, text, 2, "two power positions, like 'eye left right'")
        return cls(_position(source, text), _position(target, text))


@dataclass(frozen=True, slots=True)
class Defend(Action):
    """Stacked Stones: remove one cube of the demon's staged damage."""

    word = "defend"


@dataclass(frozen=True, slots=True)
class Stab(Action):
    """Drop: remove one of the demon's health cubes."""

    word = "stab"


@dataclass(frozen=True, slots=True)
class Flow(Action):
    """Cog: draw a card; then decide whether a combo card leaves the game (HUD-R04)."""

    word = "flow"


@dataclass(frozen=True, slots=True)
class Pin(_OnPower):
    """Crop/Arrow: set up to 3 cubes of a power aside until the demon's powers have acted."""

    power: str
    word = "pin"


@dataclass(frozen=True, slots=True)
class BlueWard(Action):
    """Blue colour: remove one cube of the demon's staged damage."""

    word = "blue"


@dataclass(frozen=True, slots=True)
class RedStrike(Action):
    """Red colour: remove one of the demon's health cubes."""

    word = "red"


@dataclass(frozen=True, slots=True)
class YellowPin(_OnPower):
    """Yellow colour: set 1 cube of a power aside until the demon's powers have acted."""

    power: str
    word = "yellow"


@dataclass(frozen=True, slots=True)
class EndCombo(Action):
    """Finish step 1, after any number of cards, none included (HUD-P14); the combo goes to the discard
    pile and step 2 begins."""

    word = "end"


@dataclass(frozen=True, slots=True)
class FlowRemove(_OnCard):
    """After Flow: remove this card of the combo from the game for good (HUD-R04)."""

    card: str
    word = "remove"


@dataclass(frozen=True, slots=True)
class FlowKeep(Action):
    """After Flow: remove nothing (the removal is optional, HUD-R04)."""

    word = "keep"


@dataclass(frozen=True, slots=True)
class SwapRiver(_OnCard):
    """Step 2: discard a Mind River card and draw a replacement, before obtaining (HUD-R08)."""

    card: str
    word = "swap"


@dataclass(frozen=True, slots=True)
class Obtain(_OnCard):
    """Step 2: take a Mind River card worth at most the purchase value into the hand (HUD-R08)."""

    card: str
    word = "obtain"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Step 2: obtain nothing this turn; the demon's steps follow."""

    word = "pass"


#: Every action class, in the order of a turn.
ACTIONS: tuple[type[Action], ...] = (PlayCard, DiscardCard, TakeBlack, UseValue, BuildUp, ThirdEye, Defend, Stab, Flow,
                                     Pin, BlueWard, RedStrike, YellowPin, EndCombo, FlowRemove, FlowKeep, SwapRiver,
                                     Obtain, Pass)
#: The class of each action word: how `parse_action` reads a text.
BY_WORD: dict[str, type[Action]] = {kind.word: kind for kind in ACTIONS}
WORDS = tuple(BY_WORD)


def parse_action(text: str) -> Action:
    """An action from its text form; malformed text (or a value that is no text) raises
    NotationError naming the word and why, in the other two games' words."""
    if not isinstance(text, str):
        raise NotationError(shown(text), "an action is text such as 'play R5' or 'end'")
    parts = text.split()
    if not parts:
        raise NotationError(text, Message("empty action; expected one of: {words}", words=", ".join(WORDS)))
    kind = BY_WORD.get(parts[0].lower())
    if kind is None:
        raise NotationError(parts[0], Message("unknown action; expected one of: {words}", words=", ".join(WORDS)))
    return kind.from_text(text)


#: Every action's text form with what it does and the rule behind it: the Reference chapter's table
#: (each text parses back to itself, which its test checks).
ACTION_FORMS: tuple[tuple[str, str, str], ...] = (
    ("play R5", "step 1: put R5 from your hand at the end of the combo", "Play one combo; HUD-R03, HUD-P01"),
    ("discard W2", "step 1: discard W2 from your hand for 1 purchase value", "Colors; HUD-P13"),
    ("black K3", "step 1: take K3 from the open black supply into your hand, once a turn", "Colors; HUD-P12"),
    ("value left", "the last card's value takes a cube off the left power", "Play one combo; Colors"),
    ("build", "Hammers: 3 purchase value", "Symbols"),
    ("eye left right", "3 Circles: move a cube from the left power to the right one", "Symbols; HUD-R09"),
    ("defend", "Stacked Stones: a cube off the staged damage", "Symbols; HUD-P06"),
    ("stab", "Drop: the demon loses a health cube", "Symbols; HUD-R07"),
    ("flow", "Cog: draw a card, then decide on a removal", "Symbols; HUD-R04"),
    ("pin centre", "Crop/Arrow: set up to 3 cubes of the centre power aside", "Symbols; HUD-P06, HUD-P07"),
    ("blue", "a blue card: a cube off the staged damage", "Colors"),
    ("red", "a red card: the demon loses a health cube", "Colors; HUD-R07"),
    ("yellow right", "a yellow card: set 1 cube of the right power aside", "Colors; HUD-P07"),
    ("remove W1", "after Flow: W1 of the combo leaves the game for good", "HUD-R04"),
    ("keep", "after Flow: remove nothing", "HUD-R04"),
    ("end", "end the combo: it goes to the discard pile, step 2 begins", "Play; HUD-P15"),
    ("swap G3", "step 2: G3 leaves the Mind River and a new card replaces it (once, first)", "HUD-R08, HUD-P09"),
    ("obtain G3", "step 2: take G3 into your hand if its value is at most the purchase value; steps 3-5 follow", "HUD-R08, HUD-P08"),
    ("pass", "step 2: obtain nothing; steps 3-5 follow", "HUD-R08"),
)
