"""Challenges and the cards that overcome them, written as text (ruling MAD-R01).

A challenge is ``TYPE N`` (exact), ``TYPE A-B`` (a range) or ``TYPE A|B`` (either number).
A card is ``TYPE N``, ``Arcane TYPE N`` (ruling MAD-R02: value 10 in the shipped pack) or
``Injury``.

How played cards meet challenges (rulebook, "Overcoming a Challenge"): for each challenge the
Leader adds up *all* revealed cards of the challenge's equipment type; Arcane cards count for
their type; Injury cards count for nothing. There is no splitting of cards between challenges:
a card only ever matches the challenges of its own type (a tile with two challenges of one type
would see the same total twice). So in the Seals example Tools 6 + Tools 3 = 9 lies in 7-9
(success) and Books 4 + Books 2 = 6 falls short of 7-9 (failure).
"""

from __future__ import annotations

from dataclasses import dataclass

from rulesbook.core.errors import NotationError

EQUIPMENT_TYPES = ("Crates", "Tools", "Weapons", "Books")
_TYPE_BY_LOWER = {name.lower(): name for name in EQUIPMENT_TYPES}


@dataclass(frozen=True, slots=True)
class Challenge:
    """One challenge value: an exact number (low == high), a range, or either of two numbers."""

    type: str
    low: int
    high: int
    either: bool = False

    def met_by(self, total: int) -> bool:
        if self.either:
            return total == self.low or total == self.high
        return self.low <= total <= self.high

    def distance(self, total: int) -> int:
        """How far a total misses: the Confusion count (rulebook, "Rolling the Penalty Die").

        Below the value the lower number counts, above it the higher one; for an either-or
        value a total between the two numbers misses by the nearer one.
        """
        if self.met_by(total):
            return 0
        if total < self.low:
            return self.low - total
        if total > self.high:
            return total - self.high
        return min(total - self.low, self.high - total)

    @property
    def value_text(self) -> str:
        if self.low == self.high:
            return str(self.low)
        return f"{self.low}{'|' if self.either else '-'}{self.high}"

    @property
    def text(self) -> str:
        return f"{self.type} {self.value_text}"

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class CardFace:
    """What a card contributes: its equipment type and value (None for an Injury)."""

    type: str | None
    value: int
    arcane: bool = False

    @property
    def text(self) -> str:
        if self.type is None:
            return "Injury"
        return f"{'Arcane ' if self.arcane else ''}{self.type} {self.value}"

    def __str__(self) -> str:  # as a card of the other two games prints: its notation, which parse_card reads
        return self.text


def _equipment_type(word: str, whole: str) -> str:
    found = _TYPE_BY_LOWER.get(word.lower())
    if found is None:
        raise NotationError(whole, f"unknown equipment type {word!r}; expected one of {', '.join(EQUIPMENT_TYPES)} (Equipment Cards)")
    return found


def _number(word: str, whole: str, rule: str) -> int:
    """A value of a challenge (rule MAD-R01) or of a card (Equipment Cards): a whole number, 1 or more."""
    if not word.isdigit() or not word.isascii():
        raise NotationError(whole, f"{word!r} is not a whole number ({rule})")
    value = int(word)
    if value <= 0:
        raise NotationError(whole, f"a value must be at least 1 ({rule})")
    return value


def parse_challenge(text: str) -> Challenge:
    """``"Tools 7-9"`` -> Challenge; a malformed text raises NotationError naming it and why."""
    if not isinstance(text, str):
        raise NotationError(repr(text), "a challenge must be text such as 'Tools 7-9' (MAD-R01)")
    words = text.split()
    if len(words) != 2:
        raise NotationError(text, "a challenge is an equipment type and a value: 'Tools 14', 'Tools 7-9' or 'Tools 13|15' (MAD-R01)")
    kind = _equipment_type(words[0], text)
    value = words[1]
    for mark, either in (("-", False), ("|", True)):
        if mark in value:
            parts = value.split(mark)
            if len(parts) != 2:
                raise NotationError(text, f"a value has at most one {mark!r} (MAD-R01)")
            low, high = _number(parts[0], text, "MAD-R01"), _number(parts[1], text, "MAD-R01")
            if low >= high:
                raise NotationError(text, f"the first number must be smaller than the second ({low} vs {high}) (MAD-R01)")
            return Challenge(kind, low, high, either)
    number = _number(value, text, "MAD-R01")
    return Challenge(kind, number, number)


def parse_card(text: str) -> CardFace:
    """``"Tools 6"``, ``"Arcane Books 10"`` or ``"Injury"`` -> CardFace; else NotationError."""
    if not isinstance(text, str):
        raise NotationError(repr(text), "a card must be text such as 'Tools 6', 'Arcane Tools 10' or 'Injury'")
    words = text.split()
    if len(words) == 1 and words[0].lower() == "injury":
        return CardFace(None, 0)
    arcane = False
    if len(words) == 3 and words[0].lower() == "arcane":
        arcane = True
        words = words[1:]
    if len(words) != 2:
        raise NotationError(text, "a card is 'TYPE N', 'Arcane TYPE N' or 'Injury' (MAD-R02)")
    return CardFace(_equipment_type(words[0], text), _number(words[1], text, "Equipment Cards"), arcane)


def totals_by_type(cards: list[CardFace]) -> dict[str, int]:
    """The total value played of each equipment type (Injuries add nothing)."""
    totals = dict.fromkeys(EQUIPMENT_TYPES, 0)
    for card in cards:
        if card.type is not None:
            totals[card.type] = totals.get(card.type, 0) + card.value
    return totals


def resolve_challenges(challenges: list[str], cards: list[str]) -> list[bool]:
    """Which challenges the played cards overcome, in the challenges' order.

    >>> resolve_challenges(["Tools 7-9", "Books 7-9"], ["Tools 6", "Tools 3", "Books 4", "Books 2", "Injury"])
    [True, False]
    """
    parsed = [parse_challenge(text) for text in challenges]
    totals = totals_by_type([parse_card(text) for text in cards])
    return [challenge.met_by(totals.get(challenge.type, 0)) for challenge in parsed]
