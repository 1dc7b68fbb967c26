"""The decisions of the expedition, as small values with the text the table speaks, which parses back.

Every text names who decides, then what: ``P1: move to C3``. Seats count from 0; texts count
players from 1. The Leader takes every decision but two: in the Encounter Phase any player may
put a card on the Sled or break the silence.

>>> parse_action("P1: move to C3")
MoveAirplane(player=0, space='C3')
>>> str(DrawMadness(0, parse_challenge("Tools 7-9"), 1))
'P1: for Tools 7-9, P2 draws Madness'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import ClassVar, Self

from rulesbook.core.errors import NotationError
from rulesbook.madness.challenges import CardFace, Challenge, parse_card, parse_challenge
from rulesbook.madness.pack import DIE_FACES, Pack, default_pack

#: What the package front re-exports (`from rulesbook.madness.actions import *`).
__all__ = [
    "ACTION_FORMS", "ACTIONS", "AcceptDie", "Action", "Deal", "DealTo", "DrawMadness", "GiveRelic", "IgnoreMadness",
    "MoveAirplane", "NoRest", "PlayCard", "RaiseHandLimit", "Reroll", "Resolve", "Rest", "RestartEncounter", "RollDie",
    "SearchTile", "Speak", "TakeArcane", "TimeUp", "parse_action",
]


def seat(text: str) -> int:
    """``"P3"`` (or ``"p3"``) -> 2 (seats count from 0, text counts players from 1)."""
    if not re.fullmatch(r"[Pp][1-9]", text):
        raise NotationError(text, "a player is written P1 to P5")
    return int(text[1:]) - 1


def seat_text(player: int) -> str:
    return f"P{player + 1}"


class _Decision:
    """What every action has: who decides, and the words said at the table (`text()`, read back
    by the class's `from_text`)."""

    __slots__ = ()
    player: int

    def text(self) -> str:
        raise NotImplementedError

    def __str__(self) -> str:
        return self.text()


def _heard(text: str) -> tuple[int, str]:
    """Who says it (their seat) and what, heard as at the table, where nobody hears case or blanks:
    ``p1:  MOVE to c3`` is ``P1: move to C3`` (`_matched` reads the words in any case, `_spelled`
    gives each name its own)."""
    said = " ".join(text.split()) if isinstance(text, str) else ""
    if ": " not in said:
        raise NotationError(str(text), "an action is written 'P1: what', e.g. 'P1: move to C3'")
    who, body = said.split(": ", 1)
    return seat(who), body


def _read(text: str, form: re.Pattern[str]) -> tuple[int, tuple[str, ...]]:
    """The seat and the parts of an action's text that `form` matches; NotationError otherwise."""
    player, body = _heard(text)
    match = _matched(form, body)
    if match is None:
        raise NotationError(body, f"expected the form {form.pattern!r}")
    return player, match.groups()


def _matched(form: re.Pattern[str], body: str) -> re.Match[str] | None:
    """The whole of `body` read by `form` in any case (``Move to C3``, ``REST``)."""
    return re.fullmatch(form.pattern, body, re.IGNORECASE)


def _spelled(name: str) -> str:
    """A space, a Relic or a face of the die as the shipped pack spells it, however typed
    (``c3`` is C3); a name it does not know, as typed (a pack of one's own is read to the letter)."""
    return _spellings(default_pack()).get(name.lower(), name)


@lru_cache(maxsize=1)
def _spellings(pack: Pack) -> dict[str, str]:
    """The pack's names by their lower case (a pack is one value while its file is unchanged)."""
    return {known.lower(): known for known in (*pack.spaces, *pack.relic_by_name, *DIE_FACES)}


@dataclass(frozen=True, slots=True)
class _Said(_Decision):
    """An action that is its words alone, after who says them (``P1: rest``): its FORM is the
    words to the letter, so the text and its reading are written once, here."""

    player: int

    FORM: ClassVar[re.Pattern[str]]

    def text(self) -> str:
        return f"{seat_text(self.player)}: {self.FORM.pattern}"

    @classmethod
    def from_text(cls, text: str) -> Self:
        player, _ = _read(text, cls.FORM)
        return cls(player)


@dataclass(frozen=True, slots=True)
class IgnoreMadness(_Decision):
    """Movement Phase: a Leadership token lets the target ignore their Madness for the turn."""

    player: int
    target: int

    FORM: ClassVar[re.Pattern[str]] = re.compile(r"ignore madness of (P\d)")

    def text(self) -> str:
        return f"{seat_text(self.player)}: ignore madness of {seat_text(self.target)}"

    @classmethod
    def from_text(cls, text: str) -> IgnoreMadness:
        player, found = _read(text, cls.FORM)
        return cls(player, seat(found[0]))


@dataclass(frozen=True, slots=True)
class MoveAirplane(_Decision):
    """Movement Phase: the Airplane goes to an adjacent space (on the first turn, a bottom-row Coast space)."""

    player: int
    space: str

    FORM: ClassVar[re.Pattern[str]] = re.compile(r"move to (\S+)")

    def text(self) -> str:
        return f"{seat_text(self.player)}: move to {self.space}"

    @classmethod
    def from_text(cls, text: str) -> MoveAirplane:
        player, found = _read(text, cls.FORM)
        return cls(player, _spelled(found[0]))


@dataclass(frozen=True, slots=True)
class PlayCard(_Decision):
    """Encounter Phase, any player: an Equipment or Injury card from the hand, face down on the Sled."""

    player: int
    card: CardFace

    FORM: ClassVar[re.Pattern[str]] = re.compile(r"play (.+)")

    def text(self) -> str:
        return f"{seat_text(self.player)}: play {self.card.text}"

    @classmethod
    def from_text(cls, text: str) -> PlayCard:
        player, found = _read(text, cls.FORM)
        return cls(player, parse_card(found[0]))


@dataclass(frozen=True, slots=True)
class Speak(_Said):
    """Encounter Phase, any player: speaking while communication is forbidden (MAD-P02)."""

    FORM: ClassVar[re.Pattern[str]] = re.compile(r"speak")


@dataclass(frozen=True, slots=True)
class TimeUp(_Said):
    """Encounter Phase: the Sand Timer has run out (the Leader calls it, MAD-P01)."""

    FORM: ClassVar[re.Pattern[str]] = re.compile(r"time up")


@dataclass(frozen=True, slots=True)
class RestartEncounter(_Said):
    """The timer has run out: a Leadership token turns it again."""

    FORM: ClassVar[re.Pattern[str]] = re.compile(r"restart encounter")


@dataclass(frozen=True, slots=True)
class Resolve(_Said):
    """The timer has run out: the Leader reveals the Sled (Resolution Phase)."""

    FORM: ClassVar[re.Pattern[str]] = re.compile(r"resolve")


@dataclass(frozen=True, slots=True)
class GiveRelic(_Decision):
    """Reward: the Leader gives the Relic card to a player (MAD-R07, MAD-P06)."""

    player: int
    relic: str
    target: int

    FORM: ClassVar[re.Pattern[str]] = re.compile(r"give (.+) to (P\d)")

    def text(self) -> str:
        return f"{seat_text(self.player)}: give {self.relic} to {seat_text(self.target)}"

    @classmethod
    def from_text(cls, text: str) -> GiveRelic:
        player, found = _read(text, cls.FORM)
        return cls(player, _spelled(found[0]), seat(found[1]))


@dataclass(frozen=True, slots=True)
class SearchTile(_Decision):
    """Reward Search: the Leader turns over the face-down tile on a space, for everyone, once (MAD-R09)."""

    player: int
    space: str

    FORM: ClassVar[re.Pattern[str]] = re.compile(r"search (\S+)")

    def text(self) -> str:
        return f"{seat_text(self.player)}: search {self.space}"

    @classmethod
    def from_text(cls, text: str) -> SearchTile:
        player, found = _read(text, cls.FORM)
        return cls(player, _spelled(found[0]))


@dataclass(frozen=True, slots=True)
class TakeArcane(_Decision):
    """Reward Arcane Equipment: the Leader's choice of Arcane card goes to the Equipment discard."""

    player: int
    card: CardFace

    FORM: ClassVar[re.Pattern[str]] = re.compile(r"take (.+)")

    def text(self) -> str:
        return f"{seat_text(self.player)}: take {self.card.text}"

    @classmethod
    def from_text(cls, text: str) -> TakeArcane:
        player, found = _read(text, cls.FORM)
        return cls(player, parse_card(found[0]))


@dataclass(frozen=True, slots=True)
class DrawMadness(_Decision):
    """A failed challenge's consequence: the target, below Level 3, draws a Madness card (MAD-R07)."""

    player: int
    challenge: Challenge
    target: int

    FORM: ClassVar[re.Pattern[str]] = re.compile(r"for (.+), (P\d) draws Madness")

    def text(self) -> str:
        return f"{seat_text(self.player)}: for {self.challenge.text}, {seat_text(self.target)} draws Madness"

    @classmethod
    def from_text(cls, text: str) -> DrawMadness:
        player, found = _read(text, cls.FORM)
        return cls(player, parse_challenge(found[0]), seat(found[1]))


@dataclass(frozen=True, slots=True)
class RollDie(_Decision):
    """A failed challenge's consequence: the Leader rolls the Penalty Die (MAD-R07)."""

    player: int
    challenge: Challenge

    FORM: ClassVar[re.Pattern[str]] = re.compile(r"for (.+), roll the Penalty Die")

    def text(self) -> str:
        return f"{seat_text(self.player)}: for {self.challenge.text}, roll the Penalty Die"

    @classmethod
    def from_text(cls, text: str) -> RollDie:
        player, found = _read(text, cls.FORM)
        return cls(player, parse_challenge(found[0]))


@dataclass(frozen=True, slots=True)
class AcceptDie(_Decision):
    """The Leader applies the face the Penalty Die shows."""

    player: int
    face: str

    FORM: ClassVar[re.Pattern[str]] = re.compile(r"accept (.+)")

    def text(self) -> str:
        return f"{seat_text(self.player)}: accept {self.face}"

    @classmethod
    def from_text(cls, text: str) -> AcceptDie:
        player, found = _read(text, cls.FORM)
        return cls(player, _face(found[0]))


@dataclass(frozen=True, slots=True)
class Reroll(_Said):
    """Resolution Phase: a Leadership token ignores the die's face and rolls again."""

    FORM: ClassVar[re.Pattern[str]] = re.compile(r"reroll")


@dataclass(frozen=True, slots=True)
class RaiseHandLimit(_Said):
    """Draw Phase: a Leadership token raises every hand size limit by one until the next Draw Phase."""

    FORM: ClassVar[re.Pattern[str]] = re.compile(r"raise hand limit")


@dataclass(frozen=True, slots=True)
class Deal(_Said):
    """Draw Phase: every hand is filled to the limit, or the deck runs out."""

    FORM: ClassVar[re.Pattern[str]] = re.compile(r"deal")


@dataclass(frozen=True, slots=True)
class DealTo(_Decision):
    """Draw Phase, when the deck cannot fill every hand: the Leader deals one card to the target (MAD-P09)."""

    player: int
    target: int

    FORM: ClassVar[re.Pattern[str]] = re.compile(r"deal to (P\d)")

    def text(self) -> str:
        return f"{seat_text(self.player)}: deal to {seat_text(self.target)}"

    @classmethod
    def from_text(cls, text: str) -> DealTo:
        player, found = _read(text, cls.FORM)
        return cls(player, seat(found[0]))


@dataclass(frozen=True, slots=True)
class Rest(_Said):
    """Rest Phase: one token to the box, the others back on the Sled, the discard shuffled in (MAD-R05)."""

    FORM: ClassVar[re.Pattern[str]] = re.compile(r"rest")


@dataclass(frozen=True, slots=True)
class NoRest(_Said):
    """Rest Phase: the expedition does not rest."""

    FORM: ClassVar[re.Pattern[str]] = re.compile(r"no rest")


Action = (
    IgnoreMadness | MoveAirplane | PlayCard | Speak | TimeUp | RestartEncounter | Resolve | GiveRelic | SearchTile
    | TakeArcane | DrawMadness | RollDie | AcceptDie | Reroll | RaiseHandLimit | Deal | DealTo | Rest | NoRest
)
#: Every action, in the order of the phases (the conformance test and `parse_action` read it).
ACTIONS: tuple[type, ...] = (
    IgnoreMadness, MoveAirplane, PlayCard, Speak, TimeUp, RestartEncounter, Resolve, GiveRelic, SearchTile,
    TakeArcane, DrawMadness, RollDie, AcceptDie, Reroll, RaiseHandLimit, Deal, DealTo, Rest, NoRest,
)
#: Players who are not the Leader may take only these (Encounter Phase, "Action").
ANY_PLAYER: frozenset[type] = frozenset({PlayCard, Speak})


#: Every action's text form: an example, what it does, the rule behind it (for the book's reference).
ACTION_FORMS: tuple[tuple[str, str, str], ...] = (
    ("P1: ignore madness of P3", "Movement Phase: a token lets P3 ignore their Madness this turn", "Discarding a Leadership Token"),
    ("P1: move to C3", "Movement Phase: the Airplane to C3", "Movement Phase"),
    ("P2: play Tools 6", "Encounter Phase: P2 puts a Tools 6 face down on the Sled", "Action"),
    ("P2: play Injury", "Encounter Phase: P2 gets rid of an Injury card", "Playing an Injury Card"),
    ("P3: speak", "Encounter Phase: P3 breaks the silence; the Penalty Die is rolled at once", "Action, MAD-P02"),
    ("P1: time up", "the Sand Timer has run out", "Encounter Phase, MAD-P01"),
    ("P1: restart encounter", "a token turns the timer again", "Discarding a Leadership Token (Encounter Phase)"),
    ("P1: resolve", "reveal the Sled and compare it with the challenges", "Overcoming a Challenge"),
    ("P1: give Specimen B to P2", "the Relic reward goes to P2, who draws a Madness card", "Relic, MAD-R07"),
    ("P1: search M3", "the Search reward: everyone sees the tile on M3 once", "Search, MAD-R09"),
    ("P1: take Arcane Books 10", "the Arcane Equipment reward, to the Equipment discard", "Arcane Equipment"),
    ("P1: for Tools 7-9, P2 draws Madness", "a failure's consequence: P2 draws Madness", "Failures, MAD-R07"),
    ("P1: for Tools 7-9, roll the Penalty Die", "a failure's consequence: the Penalty Die", "Failures, MAD-R07"),
    ("P1: accept Confusion", "apply the face the die shows", "Rolling the Penalty Die"),
    ("P1: reroll", "a token ignores the face and rolls again", "Discarding a Leadership Token (Resolution Phase)"),
    ("P1: raise hand limit", "a token raises every hand size limit by one", "Discarding a Leadership Token (Draw Phase)"),
    ("P1: deal", "fill every hand to the limit (or empty the deck)", "Draw Phase"),
    ("P1: deal to P2", "one card to P2 when the deck cannot fill every hand", "Draw Phase, MAD-P09"),
    ("P1: rest", "rest: a token to the box, the rest back to the Sled, reshuffle", "Rest Phase (optional), MAD-R05"),
    ("P1: no rest", "go on without resting", "Rest Phase (optional)"),
)


def _first_word(kind: type) -> str:
    return str(kind.FORM.pattern).split(" ", 1)[0]  # type: ignore[attr-defined]


def _opening(kind: type) -> str:
    """The words before the first thing an action names: "move to" of "move to (\\S+)"."""
    return str(kind.FORM.pattern).split(" (", 1)[0]  # type: ignore[attr-defined]


#: What each action begins with, before anything it names ("move to", "time up", "for" ...): the
#: words an unknown action is told to choose from.
_WORDS = ", ".join(dict.fromkeys(_opening(kind) for kind in ACTIONS))


#: The actions by the first word of what they say ("move", "for", "deal" ...): `parse_action`
#: tries only those.
_BY_FIRST_WORD: dict[str, tuple[type, ...]] = {}
for _kind in ACTIONS:
    _BY_FIRST_WORD[_first_word(_kind)] = (*_BY_FIRST_WORD.get(_first_word(_kind), ()), _kind)


#: The examples of `ACTION_FORMS` by the first word of what they say ("accept": "accept Confusion"):
#: what a text whose first word is known but whose rest does not fit is shown instead.
_EXAMPLES_BY_FIRST_WORD: dict[str, tuple[str, ...]] = {}
for _example, _, _ in ACTION_FORMS:
    _said = _example.split(": ", 1)[1]
    _word = _said.split(" ", 1)[0]
    _EXAMPLES_BY_FIRST_WORD[_word] = (*_EXAMPLES_BY_FIRST_WORD.get(_word, ()), _said)


def _face(text: str) -> str:
    face = _spelled(text)
    if face not in DIE_FACES:
        raise NotationError(text, f"the Penalty Die's faces are {', '.join(DIE_FACES)}")
    return face


def parse_action(text: str) -> Action:
    """The inverse of an action's text: ``"P1: move to C3"`` -> MoveAirplane(0, "C3"); else
    NotationError. As in the other two games, the words may be typed in any case and the blanks
    around and between them are no part of it: ``"p1:  Move to c3"`` is the same action."""
    player, body = _heard(text)
    word = body.split(" ", 1)[0].lower()
    for kind in _BY_FIRST_WORD.get(word, ()):
        if _matched(kind.FORM, body):  # type: ignore[attr-defined]
            action: Action = kind.from_text(text)  # type: ignore[attr-defined]
            return action
    if word in _EXAMPLES_BY_FIRST_WORD:
        forms = " or ".join(f"'{seat_text(player)}: {example}'" for example in _EXAMPLES_BY_FIRST_WORD[word])
        raise NotationError(body, f"expected an action such as {forms}")
    raise NotationError(body, f"unknown action; expected one of: {_WORDS}")
