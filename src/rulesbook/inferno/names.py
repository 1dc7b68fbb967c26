"""The game's words in both languages: cards, events, colours and key terms, as the zh-TW rulebook
writes them (its own terms: 徒弟卡, 事件卡, 唐僧標記, 牛魔王 ...). The zh-TW forms are the message
catalogue's (`rulesbook.core.messages`); this module says which words there are, and the notation
that writes each one, so the Reference chapter can print them side by side.

>>> colour_word(Colour.RED).say("zh-TW"), card_word(parse_card("REDBOY:PM")).say("zh-TW")
('紅', '紅孩兒（豬八戒）')
>>> str(card_word(parse_card("REDBOY:PM"))), card_word(parse_card("MK+2"))
('Red Boy (Pig Monk)', 'MK+2')
>>> names_table()[4]
('BISON', 'Mighty Bison King', '牛魔王')
"""

from __future__ import annotations

from rulesbook.core.messages import Message, term, translated
from rulesbook.inferno.cards import DECK, Card, Disciple, DiscipleCard, EventKind, parse_card  # noqa: F401 (parse_card: the examples)
from rulesbook.inferno.position import Colour

__all__ = ["TERMS", "card_word", "colour_word", "disciple_word", "names_table", "pawn_mark", "player_word", "rule_word"]

#: Every word of the game the catalogue names: (notation, English, context in the catalogue).
#: The notation is the project's own (cards' codes, colours' letters); "" where none writes it.
TERMS: tuple[tuple[str, str, str], ...] = (
    ("MK", "Monkey King", "disciple"),
    ("PM", "Pig Monk", "disciple"),
    ("SB", "Sandy Brother", "disciple"),
    ("DH", "Dragon Horse", "disciple"),
    ("BISON", "Mighty Bison King", "event"),
    ("FAN", "Iron Fan Princess", "event"),
    ("REDBOY", "Red Boy", "event"),
    ("GUANYIN", "Guan Yin", "event"),
    ("R", "red", "colour"),
    ("Y", "yellow", "colour"),
    ("B", "blue", "colour"),
    ("K", "black", "colour"),
    ("", "Mountain of Inferno", "term"),
    ("", "the Mountain", "term"),
    ("", "disciple card", "term"),
    ("", "event card", "term"),
    ("", "Bison King Family", "term"),
    ("", "Saviour", "term"),
    ("", "Xuanzang pawn", "term"),
    ("", "score marker", "term"),
    ("", "score track", "term"),
    ("", "draw pile", "term"),
    ("", "discard pile", "term"),
    ("", "hand", "term"),
    ("", "round", "term"),
    ("", "turn", "term"),
    ("", "first player", "term"),
    ("", "step I: play cards", "term"),
    ("", "step II: move the pawn", "term"),
    ("", "draw up to three cards", "term"),
    ("", "cancel", "term"),
    ("", "condition a: a complete cross", "term"),
    ("", "condition b: the draw pile runs out", "term"),
    ("", "optional rule: two pawns on a card", "term"),
)

#: The rulebook's sections the refusals cite (rulings' ids, MOI-R05, stay as they are).
RULE_SECTIONS: tuple[str, ...] = (
    "rulebook I", "rulebook, I", "rulebook, II", "rulebook I, MOI-R15", "rulebook, Play", "rulebook, End of the Game",
    "rulebook, Card Descriptions",
)


def colour_word(colour: Colour) -> Message:
    """A colour as a sentence names it: "red", 紅."""
    return term(colour.english, "colour")


def pawn_mark(colour: Colour, language: str = "en") -> str:
    """The mark on a pawn in a picture: its notation letter, or in zh-TW its colour's word (紅), as
    the board's words say (widgets/words.json, pawnMarkR ...). A letter of English words would
    mean nothing to a reader of Chinese, who tells the pawns apart by it as much as by colour.

    >>> pawn_mark(Colour.BLACK), pawn_mark(Colour.BLACK, "zh-TW")
    ('K', '黑')
    """
    return colour.letter if language == "en" else colour_word(colour).say(language)


def player_word(colour: Colour) -> Message:
    """A player, by their colour, as a sentence names them: "red", 紅方 (the red side)."""
    return term(colour.english, "player")


def disciple_word(disciple: Disciple) -> Message:
    """A disciple as a sentence names it: "Pig Monk", 豬八戒."""
    return term(disciple.english, "disciple")


def card_word(card: Card) -> Message | str:
    """A card as a sentence names it: a disciple card by its code in both languages (MK+2, the
    notation, which says its value), an event card by its name (Mighty Bison King, 牛魔王; Red Boy
    (Pig Monk), 紅孩兒（豬八戒）), as the board's hand names it: a learner reads "cancels it with
    Guan Yin", not the notation's GUANYIN."""
    if isinstance(card, DiscipleCard):
        return card.code
    if card.kind is EventKind.RED_BOY and card.picture is not None:
        return Message("Red Boy ({picture})", picture=disciple_word(card.picture))
    return term(card.kind.english, "event")


def rule_word(rule: str) -> Message:
    """A rule a refusal cites: a rulebook section is said in the language, a ruling id stays."""
    return term(rule, "rule")


def names_table(language: str = "zh-TW") -> list[tuple[str, str, str]]:
    """Every word of `TERMS` as a row (notation, English, that language's word), in order."""
    return [(notation, english, translated(language, context, english)) for notation, english, context in TERMS]


#: The codes of the event cards, each a word of the catalogue (context "card").
EVENT_CODES: tuple[str, ...] = tuple(dict.fromkeys(card.code for card in DECK if not isinstance(card, DiscipleCard)))
