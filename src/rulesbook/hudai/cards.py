"""Hudai Pass cards: notation (``R5`` is the red Cog), the card file, and the combo adjacency rule.

The card list is not printed in the rulebook; ruling HUD-R01 reconstructs it, and the engine
loads it from ``data/cards.csv`` so a teacher can hand it another file of the same format.
"""

from __future__ import annotations

import csv
import functools
import importlib.resources
import io
import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from rulesbook.core.errors import NotationError, RulesbookError

COLOURS = {"W": "white", "G": "green", "B": "blue", "R": "red", "Y": "yellow", "K": "black"}
COLOUR_LETTERS = {name: letter for letter, name in COLOURS.items()}

# Card symbols and what the monk does with them (rulebook, "Symbols"), in our own words.
SYMBOLS = {
    "drop": "stab",  # remove one of the demon's health cubes
    "hammers": "build_up",  # purchase value 3
    "circles": "third_eye",  # move a cube from one demon power to another
    "stones": "defend",  # remove one staged damage cube
    "cog": "flow",  # draw a card, then perhaps remove a combo card for good
    "arrow": "pin",  # set three cubes of a power aside until the end of the turn
}
# The same symbols on the demon's tiles are his powers (rulebook, "Powers").
POWERS = {
    "hammers": "crush",
    "circles": "mind_pierce",
    "stones": "defend",
    "drop": "drain",
    "cog": "confuse",
    "arrow": "entangle",
}
POWER_SYMBOLS = {power: symbol for symbol, power in POWERS.items()}
DECKS = ("start", "mind", "corruption")
# White and black cards may lie next to any colour (rulebook, "Colors"; HUD-R03).
WILD_COLOURS = frozenset("WK")


class CardFileError(RulesbookError, ValueError):
    """A card file that cannot be used: names the file, the line and the field at fault."""

    def __init__(self, path: str, line: int, field: str, reason: str):
        self.path = path
        self.line = line
        self.field = field
        self.reason = reason
        super().__init__(f"{path}, line {line}, field {field!r}: {reason}")


@dataclass(frozen=True, slots=True)
class Card:
    """One move card: its colour letter, symbol and printed value."""

    colour: str
    symbol: str
    value: int
    deck: str = "mind"

    @property
    def code(self) -> str:
        return f"{self.colour}{self.value}"

    @property
    def colour_name(self) -> str:
        return COLOURS[self.colour]

    @property
    def move(self) -> str:
        """What the symbol does for the monk (``stab``, ``flow`` ...)."""
        return SYMBOLS[self.symbol]

    @property
    def played_value(self) -> int:
        """The value when the monk plays it: green +1 (at most 6), black always 6 (HUD-R06)."""
        if self.colour == "K":
            return 6
        if self.colour == "G":
            return min(6, self.value + 1)
        return self.value

    def __str__(self) -> str:
        return self.code


def parse_card(token: str) -> tuple[str, int]:
    """``"R5"`` -> ``("R", 5)``; anything else raises NotationError naming the token."""
    if not isinstance(token, str):
        raise NotationError(repr(token), "a card is written as a colour letter and a value, like R5")
    text = token.strip()
    if len(text) != 2:
        raise NotationError(token, "a card is two characters: a colour letter (W G B R Y K) and a value 1-6, like R5")
    colour, digit = text[0].upper(), text[1]
    if colour not in COLOURS:
        raise NotationError(token, f"{text[0]!r} is not a colour letter; use W, G, B, R, Y or K")
    if digit not in "123456":
        raise NotationError(token, f"{digit!r} is not a card value; values run from 1 to 6")
    return colour, int(digit)


def format_card(colour: str, value: int) -> str:
    """The notation of a card: ``format_card("R", 5) == "R5"``."""
    if colour not in COLOURS or not 1 <= value <= 6:
        raise NotationError(f"{colour}{value}", "not a card: colour W G B R Y K and value 1-6")
    return f"{colour}{value}"


def card_code(token: str) -> str:
    """The canonical notation of a card token (``" r5"`` -> ``"R5"``)."""
    colour, value = parse_card(token)
    return f"{colour}{value}"


def parse_cards(text: str | Iterable[str]) -> list[str]:
    """``"W1 R2 R3"`` (or a list of tokens) -> canonical codes; raises NotationError on a bad token."""
    tokens = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return [card_code(token) for token in tokens]


def neighbours_fit(left: str, right: str) -> bool:
    """Two cards may lie side by side in a combo when they share a colour or one is white or black (HUD-R03)."""
    return left[0] == right[0] or left[0] in WILD_COLOURS or right[0] in WILD_COLOURS


def is_legal_combo(cards: Sequence[str] | str, max_white: int = 2) -> bool:
    """The adjacency rule alone (HUD-R03): neighbours share a colour unless one is white or black;
    at most two white cards. Raises NotationError for a token that is not a card."""
    codes = parse_cards(cards)
    if sum(1 for code in codes if code[0] == "W") > max_white:
        return False
    return all(neighbours_fit(a, b) for a, b in zip(codes, codes[1:]))


@dataclass(frozen=True)
class CardSet:
    """The cards of one game, keyed by notation; `source` says which file they came from."""

    cards: tuple[Card, ...]
    source: str

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_code", {card.code: card for card in self.cards})
        # printed value by code, for hot loops (bots, simulations)
        object.__setattr__(self, "value_of", {card.code: card.value for card in self.cards})

    def __getitem__(self, code: str) -> Card:
        return self._by_code[code]  # type: ignore[attr-defined]

    def __contains__(self, code: object) -> bool:
        return code in self._by_code  # type: ignore[attr-defined]

    def deck(self, name: str) -> list[str]:
        """The codes of one deck (``start``, ``mind``, ``corruption``) in file order."""
        return [card.code for card in self.cards if card.deck == name]


DEFAULT_CARDS = "data/cards.csv"


def _read_default() -> str:
    return importlib.resources.files("rulesbook.hudai").joinpath(DEFAULT_CARDS).read_text(encoding="utf-8")


def parse_card_file(text: str, source: str = "<cards>") -> CardSet:
    """Read the card CSV format (see the comment lines of data/cards.csv); errors name the line and field."""
    rows = []
    header: list[str] | None = None
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        fields = next(csv.reader(io.StringIO(stripped)))
        fields = [field.strip() for field in fields]
        if header is None:
            header = [field.lower() for field in fields]
            for needed in ("colour", "symbol", "value", "deck"):
                if needed not in header:
                    raise CardFileError(source, number, needed, f"the header row must name the columns colour, symbol, value, deck; got {', '.join(fields)}")
            continue
        if len(fields) != len(header):
            raise CardFileError(source, number, "(row)", f"expected {len(header)} fields ({', '.join(header)}), found {len(fields)}")
        rows.append((number, dict(zip(header, fields))))
    if header is None:
        raise CardFileError(source, 1, "(header)", "the file has no header row and no cards")
    cards: list[Card] = []
    seen: dict[str, int] = {}
    for number, row in rows:
        colour_text = row["colour"]
        colour = colour_text.upper() if colour_text.upper() in COLOURS else COLOUR_LETTERS.get(colour_text.lower())
        if colour is None:
            raise CardFileError(source, number, "colour", f"{colour_text!r} is not a colour; use white, green, blue, red, yellow, black or W G B R Y K")
        symbol = row["symbol"].lower()
        if symbol not in SYMBOLS:
            raise CardFileError(source, number, "symbol", f"{row['symbol']!r} is not a symbol; use {', '.join(SYMBOLS)}")
        try:
            value = int(row["value"])
        except ValueError:
            raise CardFileError(source, number, "value", f"{row['value']!r} is not a whole number") from None
        if not 1 <= value <= 6:
            raise CardFileError(source, number, "value", f"{value} is outside 1-6")
        deck = row["deck"].lower()
        if deck not in DECKS:
            raise CardFileError(source, number, "deck", f"{row['deck']!r} is not a deck; use start, mind or corruption")
        if deck == "corruption" and colour != "K" or colour == "K" and deck != "corruption":
            raise CardFileError(source, number, "deck", "black cards, and only they, form the corruption supply (rulebook, Setup)")
        code = f"{colour}{value}"
        if code in seen:
            raise CardFileError(source, number, "value", f"{code} is already defined on line {seen[code]}; each colour has each value once")
        seen[code] = number
        cards.append(Card(colour, symbol, value, deck))
    if not any(card.deck == "start" for card in cards):
        raise CardFileError(source, rows[-1][0] if rows else 1, "deck", "the file has no starting deck cards")
    return CardSet(tuple(cards), source)


@functools.lru_cache(maxsize=16)
def load_cards(path: str | os.PathLike[str] | None = None) -> CardSet:
    """The card set in `path`, or the project's reconstructed set (HUD-R01) when None."""
    if path is None:
        return parse_card_file(_read_default(), f"rulesbook/hudai/{DEFAULT_CARDS}")
    try:
        with open(path, encoding="utf-8") as file:
            text = file.read()
    except OSError as error:
        raise CardFileError(str(path), 0, "(file)", f"cannot read the file: {error.strerror or error}") from None
    return parse_card_file(text, str(path))
