"""Hudai Pass cards: notation (``R5`` is the red Cog), card sets and their file, and the combo adjacency rule.

The card list is not printed in the rulebook; ruling HUD-R01 reconstructs it in ``data/cards.csv``.
A card set is a value: a teacher loads another file of the same format and passes the set in the
rules, ``Rules(cards=load_cards("my.csv"))``.
"""

from __future__ import annotations

import csv
import functools
import importlib.resources
import io
import os
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from rulesbook.core.data import LONE_SURROGATE, DataError, read_text, shown
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
#: Each symbol as the rulebook names it ("a red Cog").
SYMBOL_NAMES = {
    "drop": "Drop",
    "hammers": "Hammers",
    "circles": "3 Circles",
    "stones": "Stacked Stones",
    "cog": "Cog",
    "arrow": "Crop/Arrow",
}
#: Each symbol's move as the cards name it (rulebook, "Symbols"): what pictures and boards print.
MOVES = {"drop": "Stab", "hammers": "Build-up", "circles": "3rd eye", "stones": "Defend", "cog": "Flow", "arrow": "Pin"}
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
#: The powers as the rulebook writes them, for what a reader sees ("the left power (Mind pierce)").
POWER_NAMES = {
    "crush": "Crush",
    "mind_pierce": "Mind pierce",
    "defend": "Defend",
    "drain": "Drain",
    "confuse": "Confuse",
    "entangle": "Entangle",
}
DECKS = ("start", "mind", "corruption")
#: The most cards any card set holds: each colour has each value 1-6 once (a card's code is its colour and value).
MOST_CARDS = 6 * len(COLOURS)
# White and black cards may lie next to any colour (rulebook, "Colors"; HUD-R03).
WILD_COLOURS = frozenset("WK")


class CardFileError(RulesbookError, ValueError):
    """A card file that cannot be used: names the file, the line and the field at fault."""

    def __init__(self, path: str, line: int, field: str, reason: str):
        self.path = path
        self.line = line
        self.field = field
        self.reason = reason
        #: Where in the file: "line 3, field 'deck'", or less, or nothing.
        self.place = ", ".join(part for part in (f"line {line}" if line else "", f"field {field!r}" if field else "") if part)
        super().__init__(f"{path}, {self.place}: {reason}" if self.place else f"{path}: {reason}")


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

    def words(self) -> str:
        """The card as a sentence or a listener names it: "R5 (red Cog: Flow, value 5)"."""
        return f"{self.code} ({COLOURS[self.colour]} {SYMBOL_NAMES[self.symbol]}: {MOVES[self.symbol]}, value {self.value})"

    def label(self) -> str:
        """The card as a button names it: "R5 red Flow"."""
        return f"{self.code} {COLOURS[self.colour]} {MOVES[self.symbol]}"

    def __str__(self) -> str:
        return self.code


def parse_card(token: str, cards: CardSet | None = None) -> Card:
    """The card a code names, as the other games' `parse_card` gives theirs: its symbol and deck
    come from the card set (`cards`, else the reconstructed one, HUD-R01); NotationError names the
    token that is no card's code, or no card of that set.

    >>> parse_card("r5")
    Card(colour='R', symbol='cog', value=5, deck='mind')
    """
    code = card_code(token)
    cards = reconstructed_cards() if cards is None else cards
    if code not in cards:
        raise NotationError(token, f"{code} is not a card of this set ({cards.source})")
    return cards[code]


def card_code(token: str) -> str:
    """The canonical notation of a card token (``" r5"`` -> ``"R5"``); anything else raises
    NotationError naming the token. The code alone, with no card set: what the actions and piles hold."""
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
    return colour + digit


def parse_cards(text: str | Iterable[str]) -> list[str]:
    """``"W1 R2 R3"`` (or a list of tokens) -> canonical codes; raises NotationError on a bad token,
    or on what is neither text nor a list."""
    if not isinstance(text, (str, Iterable)) or isinstance(text, (bytes, dict)):
        raise NotationError(repr(text)[:60], "cards are text such as 'R5 W1', or a list of card codes")
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


#: The name of the project's reconstructed card set (HUD-R01) in the rules' dict form.
RECONSTRUCTED = "reconstructed"
DEFAULT_CARDS = "data/cards.csv"
#: The most bytes a card file may have: a few hundred times the 36 cards' file.
MAX_CARD_FILE = 1024 * 1024
CARD_FILE_HEADER = ("colour", "symbol", "value", "deck")


@dataclass(frozen=True)
class CardSet:
    """The cards of one game, a value passed in `Rules(cards=...)`.

    Two sets with the same cards are equal wherever they were read from: `source` (the file
    name) is provenance, not part of the value. Sets are hashable and picklable, so rules that
    hold one cross process boundaries and key caches.
    """

    cards: tuple[Card, ...]
    source: str = field(default="<cards>", compare=False)
    _by_code: dict[str, Card] = field(init=False, repr=False, compare=False)
    #: printed value by code, for hot loops (the engine, bots, simulations)
    value_of: dict[str, int] = field(init=False, repr=False, compare=False)
    _decks: dict[str, tuple[str, ...]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(self.cards))
        object.__setattr__(self, "_by_code", {card.code: card for card in self.cards})
        object.__setattr__(self, "value_of", {card.code: card.value for card in self.cards})
        object.__setattr__(self, "_decks", {name: tuple(card.code for card in self.cards if card.deck == name) for name in DECKS})

    def __getitem__(self, code: str) -> Card:
        return self._by_code[code]

    def __contains__(self, code: object) -> bool:
        return code in self._by_code

    def __len__(self) -> int:
        return len(self.cards)

    def deck(self, name: str) -> list[str]:
        """The codes of one deck (``start``, ``mind``, ``corruption``) in file order."""
        try:
            return list(self._decks[name])
        except KeyError:
            raise ValueError(f"there is no deck {name!r}; the decks are {', '.join(DECKS)}") from None

    @property
    def is_reconstructed(self) -> bool:
        """Whether these are the project's reconstructed cards (HUD-R01), read from any copy."""
        return self == reconstructed_cards()

    def to_csv(self) -> str:
        """The set in the card file format, for a teacher to save, edit and load again."""
        return "\n".join(self._lines()) + "\n"

    def _lines(self) -> list[str]:
        rows = [f"{COLOURS[card.colour]},{card.symbol},{card.value},{card.deck}" for card in self.cards]
        return [",".join(CARD_FILE_HEADER), *rows]

    def to_data(self) -> str | dict[str, Any]:
        """The set as JSON data: the reconstructed set by its name, any other set embedded whole
        (its card file's lines), so a record or a state replays without the file."""
        if self.is_reconstructed:
            return RECONSTRUCTED
        # a file called "reconstructed" is not HUD-R01's set: written as a path, so it reads back
        source = os.path.join(".", self.source) if _names_reconstructed(self.source) else self.source
        return {"source": source, "csv": self._lines()}

    @classmethod
    def from_data(cls, data: object) -> CardSet:
        """The set that `to_data` wrote. Bad data is a DataError naming `rules.cards.csv` and the
        line, counted in the embedded lines: the teacher's file had comments these lines leave out,
        so its own line numbers would point at the wrong card.

        >>> CardSet.from_data({"source": "my.csv", "csv": ["colour,symbol,value,deck", "white,drop,9,start"]})
        Traceback (most recent call last):
        rulesbook.core.data.DataError: rules.cards.csv: line 2, field 'value': 9 is outside 1-6 (the embedded lines counted from 1; the set was read from my.csv)
        """
        if data == RECONSTRUCTED or data is None:
            return reconstructed_cards()
        if not isinstance(data, dict) or not isinstance(data.get("csv"), list) or not all(isinstance(line, str) for line in data["csv"]):
            raise DataError("rules.cards", f"a card set is written {RECONSTRUCTED!r} (HUD-R01) or as "
                            f"{{'source': NAME, 'csv': [LINES]}}, not {shown(data)}")
        extra = sorted(str(key) for key in data if key not in ("source", "csv"))
        if extra:
            raise DataError(f"rules.cards.{extra[0]}", "is not a key of an embedded card set; its keys are source and csv")
        if not isinstance(data.get("source", ""), str):
            raise DataError("rules.cards.source", f"expected text, the name of the file the set was read from, not {shown(data['source'])}")
        for index, line in enumerate(data["csv"]):
            if _LINE_END.search(line):
                raise DataError(f"rules.cards.csv[{index}]", f"one line of a card file, not several: {shown(line)}")
        source = data.get("source") or "<cards>"
        try:
            cards = parse_card_file("\n".join(data["csv"]), source)
        except CardFileError as error:
            why = f"{error.reason} (the embedded lines counted from 1; the set was read from {source})"
            raise DataError("rules.cards.csv", f"{error.place}: {why}" if error.place else why) from None
        if _names_reconstructed(source) and not cards.is_reconstructed:
            raise DataError("rules.cards.source", f"{source!r} names the reconstructed set (HUD-R01), but these cards differ "
                                                  "from it; a set of one's own goes by its file's name")
        return cards


def _names_reconstructed(source: str) -> bool:
    """Whether a set's source is the name the reconstructed set goes by (as the command line reads it)."""
    return source.strip().lower() == RECONSTRUCTED


def _read_default() -> str:
    return importlib.resources.files("rulesbook.hudai").joinpath(DEFAULT_CARDS).read_text(encoding="utf-8")


@functools.cache
def reconstructed_cards() -> CardSet:
    """The project's reconstructed card set (HUD-R01). Read once: it ships inside the package; a
    teacher's own file is read again on every `load_cards`."""
    return parse_card_file(_read_default(), f"rulesbook/hudai/{DEFAULT_CARDS}")


class _BadField(ValueError):
    def __init__(self, field: str, reason: str):
        super().__init__(reason)
        self.field = field
        self.reason = reason


def _card(row: dict[str, str]) -> Card:
    """One card from a row of the card file; _BadField names the field at fault."""
    colour_text = row["colour"]
    colour = colour_text.upper() if colour_text.upper() in COLOURS else COLOUR_LETTERS.get(colour_text.lower())
    if colour is None:
        raise _BadField("colour", f"{colour_text!r} is not a colour; use white, green, blue, red, yellow, black or W G B R Y K")
    symbol = row["symbol"].lower()
    if symbol not in SYMBOLS:
        raise _BadField("symbol", f"{row['symbol']!r} is not a symbol; use {', '.join(SYMBOLS)}")
    if not row["value"].isascii() or not row["value"].isdigit():  # int() would read '٣', '３' and '0_3' too
        raise _BadField("value", f"{row['value']!r} is not a whole number written in the digits 0-9")
    value = int(row["value"])
    if not 1 <= value <= 6:
        raise _BadField("value", f"{value} is outside 1-6")
    deck = row["deck"].lower()
    if deck not in DECKS:
        raise _BadField("deck", f"{row['deck']!r} is not a deck; use start, mind or corruption")
    if (deck == "corruption") != (colour == "K"):
        raise _BadField("deck", "black cards, and only they, form the corruption supply (rulebook, Setup)")
    return Card(colour, symbol, value, deck)


#: How a card file's lines end, as an editor counts them (str.splitlines would also split at form
#: feeds and Unicode separators pasted into a comment, and name the wrong line after them).
_LINE_END = re.compile(r"\r\n|\r|\n")
#: The longest field a card file may hold (Python's csv module refuses longer ones).
MAX_FIELD = csv.field_size_limit()


def _fields(line: str, number: int, source: str) -> list[str]:
    """The fields of one CSV line, without the empty ones a spreadsheet pads rows with."""
    try:
        fields = [text.strip() for text in next(csv.reader(io.StringIO(line)))]
    except csv.Error as error:
        raise CardFileError(source, number, "", f"not a CSV line: {error}") from None
    while fields and not fields[-1]:
        fields.pop()
    return fields


def _rows(text: str, source: str) -> tuple[list[str], list[tuple[int, dict[str, str]]]]:
    """The header and the rows (with their line numbers) of a card file; a row may leave its last
    columns blank (they are read as blank fields, which the card's own checks then refuse by line)."""
    if len(text) > MAX_CARD_FILE:
        raise CardFileError(source, 0, "", f"{len(text):,} characters: more than a card file of 36 cards may have ({MAX_CARD_FILE:,})")
    header: list[str] | None = None
    rows: list[tuple[int, dict[str, str]]] = []
    for number, line in enumerate(_LINE_END.split(text.removeprefix("\ufeff")), start=1):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if len(stripped) > MAX_FIELD:
            raise CardFileError(source, number, "", f"the line is {len(stripped):,} characters long; a card's line is short")
        fields = _fields(stripped, number, source)
        if not fields:
            continue
        if header is None:
            header = [name.lower() for name in fields]
            twice = next((name for index, name in enumerate(header) if name and name in header[:index]), None)
            if twice is not None:
                raise CardFileError(source, number, twice, f"the header row names the column {twice!r} twice; each column once")
            for needed in CARD_FILE_HEADER:
                if needed not in header:
                    # A spreadsheet set to a European locale saves CSV with semicolons: one field, all four names.
                    hint = "; the fields are separated by semicolons: save the file as CSV with commas" if len(fields) == 1 and ";" in fields[0] else ""
                    raise CardFileError(source, number, needed, f"the header row must name the columns colour, symbol, value, deck; got {', '.join(fields)}{hint}")
            continue
        if len(fields) > len(header):
            raise CardFileError(source, number, "(row)", f"expected {len(header)} fields ({', '.join(header)}), found {len(fields)}")
        rows.append((number, dict(zip(header, fields + [""] * (len(header) - len(fields))))))
    if header is None:
        raise CardFileError(source, 1, "(header)", "the file has no header row and no cards")
    return header, rows


def parse_card_file(text: str, source: str = "<cards>") -> CardSet:
    """Read the card CSV format (see the comment lines of data/cards.csv); errors name the line and field.

    Spreadsheet exports load too: a byte-order mark (Excel's "CSV UTF-8"), Windows line ends,
    and rows padded with empty fields. A blank field of a named column is read as blank, and
    refused as that field's error on its line.

    >>> parse_card_file("colour,symbol,value,deck\\nwhite,drop,1,start\\nwhite,cog,5")
    Traceback (most recent call last):
    rulesbook.hudai.cards.CardFileError: <cards>, line 3, field 'deck': '' is not a deck; use start, mind or corruption
    """
    _, rows = _rows(text, source)
    cards: list[Card] = []
    seen: dict[str, int] = {}
    for number, row in rows:
        try:
            card = _card(row)
        except _BadField as error:
            raise CardFileError(source, number, error.field, error.reason) from None
        if card.code in seen:
            raise CardFileError(source, number, "value", f"{card.code} is already defined on line {seen[card.code]}; each colour has each value once")
        seen[card.code] = number
        cards.append(card)
    last = rows[-1][0] if rows else 1
    for deck, why in (("start", "the monk's starting deck (white in the reconstructed set)"),
                      ("mind", "the mind deck that deals the Mind River (green, blue, red and yellow in the reconstructed set)")):
        if not any(card.deck == deck for card in cards):
            raise CardFileError(source, last, "deck", f"no card's deck is {deck!r}: the set needs {why} (HUD-R01)")
    # A file name's bytes that are not UTF-8 reach Python as lone surrogates: the set's source keeps
    # U+FFFD in their place, so that a record, the summary and the page can say the name in UTF-8
    # (the record carries the cards themselves; the name only says where they came from).
    return CardSet(tuple(cards), LONE_SURROGATE.sub("\ufffd", source))


def load_cards(path: str | os.PathLike[str] | None = None) -> CardSet:
    """The card set in the file at `path` (any name), read now; the reconstructed set (HUD-R01) when None.

    Nothing is cached by path: a file edited and loaded again gives its new cards. A file larger
    than any card file (or one that never ends, such as /dev/zero) is refused unread."""
    if path is None:
        return reconstructed_cards()
    name = os.fspath(path)
    try:
        text = read_text(name, "cards", MAX_CARD_FILE)
    except DataError as error:
        raise CardFileError(name, 0, "", error.why) from None
    return parse_card_file(text, name)
