"""Sentences said later, in English or in zh-TW: the library's one message catalogue (gettext).

A `Message` is an English template, the gettext msgid with named placeholders, and its data. It is
put together when said: `str()` in English, word for word the sentence every test and chapter
reads, `say("zh-TW")` from the catalogue's form of the template. A placeholder whose value is itself
a word (a card, a colour, a rule's section) holds a `term`, said in the same language; numbers,
places and the notation's letters stay as they are in both languages.

The catalogue a translator edits is ``locale/zh_TW/LC_MESSAGES/rulesbook.po`` beside this module;
``python tools/catalogue.py`` compiles it to the ``.mo`` read here (standard library only, so it
runs in Pyodide too). A template the catalogue lacks is said in English.

>>> refused = Message("there is no {colour} pawn on the Mountain", colour=term("red", "colour"))
>>> str(refused)
'there is no red pawn on the Mountain'
>>> refused.say("zh-TW")
'火焰山區沒有紅色唐僧標記'
>>> cards = Listed([term("BISON", "card"), "MK+2"])
>>> Message("you do not hold {cards}", cards=cards).say("zh-TW")
'你的手牌沒有牛魔王和MK+2'
>>> list(Message("you do not hold {cards}", cards=cards).msgids())
[(None, 'you do not hold {cards}'), ('list', 'and'), ('card', 'BISON')]
"""

from __future__ import annotations

import gettext
import io
import os
import struct  # noqa: F401  (gettext reads a .mo with it, imported when first read: here, so a Play zip holds it)
from collections.abc import Iterable, Iterator, Mapping
from functools import cache
from typing import Any

from rulesbook.core.words import capitalised, listed, whole_sentence

#: The languages the library speaks: English (the msgids themselves) and the zh-TW catalogue.
LANGUAGES = ("en", "zh-TW")
#: Where a language's compiled catalogue lies, inside rulesbook.core (so it travels with the code).
CATALOGUE = "locale/{folder}/LC_MESSAGES/rulesbook.mo"


#: The language said when none is given (`speak`): a chapter in zh-TW says it once at its top, and
#: its boards and its pictures' descriptions follow.
_SPOKEN = ["en"]


def speak(language: str) -> None:
    """Say every later sentence given no language in `language` ("en" or "zh-TW"): the boards
    (`rulesbook.widgets.speak` says it) and the pictures' descriptions."""
    _SPOKEN[0] = known_language(language)


def known_language(language: object) -> str:
    """The language, when the library speaks it; ValueError otherwise (a list or a dict too, which
    the catalogues' cache could not even look up)."""
    if not isinstance(language, str) or language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r}; the library speaks {listed(LANGUAGES, 'and')}")
    return language


def spoken(language: str | None = None) -> str:
    """The language to say a sentence in: `language` when given (checked), else the one `speak` chose."""
    if language is None:
        return _SPOKEN[0]
    return known_language(language)


def folder(language: str) -> str:
    """gettext's folder name of a language: zh-TW is zh_TW."""
    return language.replace("-", "_")


@cache
def catalogue(language: str) -> gettext.NullTranslations:
    """The language's translations, read once from the compiled catalogue (English: none needed)."""
    if known_language(language) == "en":
        return gettext.NullTranslations()
    return gettext.GNUTranslations(io.BytesIO(_read(CATALOGUE.format(folder=folder(language)))))


def _read(name: str) -> bytes:
    """A data file beside this module, read by the loader that read the module: from a folder, or
    from the zip a Play page imports the library from, with no module imported on the way (a Play
    zip holds only the modules its game's run imported)."""
    return __spec__.loader.get_data(os.path.join(os.path.dirname(__file__), name))  # type: ignore[union-attr]


def translated(language: str, context: str | None, msgid: str) -> str:
    """The catalogue's form of a msgid in that language (with its context), or the msgid itself."""
    if language == "en":
        return msgid
    translations = catalogue(known_language(language))
    return translations.gettext(msgid) if context is None else translations.pgettext(context, msgid)


def has_translation(language: str, context: str | None, msgid: str) -> bool:
    """Whether the language's catalogue holds this msgid (a test asks it of every message)."""
    if language == "en":
        return True
    key = msgid if context is None else f"{context}\x04{msgid}"
    return key in getattr(catalogue(known_language(language)), "_catalog", {})


def said(value: Any, language: str) -> Any:
    """A placeholder's value in that language: a message or a list of words said, anything else as it is."""
    say = getattr(value, "say", None)
    return value if say is None else say(language)


class Message:
    """A sentence to say later: its English template (the msgid), its context and its data.

    Messages are values: equal when template, context, data and whether it is said as a whole
    sentence (`Message.sentence`) are.
    """

    __slots__ = ("template", "context", "data", "plain", "whole")

    def __init__(self, template: str, /, **data: Any):
        self.template = template
        self.context: str | None = None
        self.data: Mapping[str, Any] = data
        self.plain = False  # a sentence given as text: said as it is, never formatted
        self.whole = False  # said as a whole sentence (`Message.sentence`)

    @classmethod
    def text(cls, text: str) -> Message:
        """A sentence with no placeholders given as plain text: its translation if the catalogue
        has one, else the text as it is (braces and all)."""
        message = cls(text)
        message.plain = True
        return message

    @classmethod
    def sentence(cls, template: str, /, **data: Any) -> Message:
        """A message said as a whole sentence: in English with a capital and one full stop, in
        zh-TW ended by 。 (`words.whole_sentence`). Its template, the msgid, is written as the
        words go inside a longer sentence ("{colour} draws {count}"), so both share one
        translation.

        >>> Message.sentence("{colour} draws {count}", colour="red", count=2).say()
        'Red draws 2.'
        """
        message = cls(template, **data)
        message.whole = True
        return message

    def say(self, language: str = "en") -> str:
        """The sentence in that language ("en" or "zh-TW")."""
        template = translated(language, self.context, self.template)
        text = template if self.plain else template.format(**{key: said(value, language) for key, value in self.data.items()})
        return whole_sentence(text, language) if self.whole else text

    def msgids(self) -> Iterator[tuple[str | None, str]]:
        """(context, msgid) of this message and of every message in its data."""
        yield self.context, self.template
        for value in self.data.values():
            yield from _msgids(value)

    def __str__(self) -> str:
        return self.say()

    def __repr__(self) -> str:
        if self.context is not None:
            return f"term({self.template!r}, {self.context!r})"
        data = "".join(f", {key}={value!r}" for key, value in self.data.items())
        return f"Message{'.sentence' if self.whole else ''}({self.template!r}{data})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Message):
            return NotImplemented
        return (self.template, self.context, self.whole, dict(self.data)) == (other.template, other.context, other.whole, dict(other.data))

    def __hash__(self) -> int:
        return hash((self.template, self.context))


def counted(count: int, one: str, many: str, /, **data: Any) -> Message:
    """A message whose words follow a number, `count` in its data: the template `one` when it is 1,
    else `many`. Each is its own msgid, as gettext's ngettext keeps them, so English says "1 card"
    and "2 cards" and zh-TW, which has one form, says both alike.

    >>> str(counted(1, "{count} card is left", "{count} cards are left")), str(counted(0, "{count} card is left", "{count} cards are left"))
    ('1 card is left', '0 cards are left')
    """
    return Message(one if count == 1 else many, count=count, **data)


def term(word: str, context: str) -> Message:
    """A word of the game said in a language (a card, a colour, a rule's section): the msgid is
    the English word, the context says which kind of word it is."""
    message = Message(word)
    message.context = context
    message.plain = True
    return message


class Listed:
    """Words listed in a sentence: "a, b and c" in English, "a、b和c" in zh-TW; with the joiner
    "," every word is set apart alike: "a, b, c", "a、b、c"."""

    __slots__ = ("items", "joiner", "empty")

    def __init__(self, items: Iterable[Any], joiner: str = "and", empty: str = "none"):
        self.items = tuple(items)
        self.joiner = joiner
        self.empty = empty

    def say(self, language: str = "en") -> str:
        words = [str(said(item, language)) for item in self.items]
        if self.joiner == ",":
            return (", " if language == "en" else "、").join(words)
        if language == "en":
            return listed(words, self.joiner, self.empty)
        if not words:
            return translated(language, "list", self.empty)
        last = words.pop()
        return "、".join(words) + translated(language, "list", self.joiner) + last if words else last

    def msgids(self) -> Iterator[tuple[str | None, str]]:
        if len(self.items) != 1 and self.joiner != ",":
            yield "list", self.joiner if self.items else self.empty
        for item in self.items:
            yield from _msgids(item)

    def __str__(self) -> str:
        return self.say()

    def __repr__(self) -> str:
        return f"Listed({list(self.items)!r}, {self.joiner!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Listed):
            return NotImplemented
        return (self.items, self.joiner, self.empty) == (other.items, other.joiner, other.empty)

    def __hash__(self) -> int:
        return hash((self.joiner, len(self.items)))


class Capitalised:
    """A message said with a capital first letter, as it begins a sentence (zh-TW has no capitals)."""

    __slots__ = ("message",)

    def __init__(self, message: Any):
        self.message = message

    def say(self, language: str = "en") -> str:
        return capitalised(str(said(self.message, language)))

    def msgids(self) -> Iterator[tuple[str | None, str]]:
        return _msgids(self.message)

    def __str__(self) -> str:
        return self.say()


def _msgids(value: Any) -> Iterator[tuple[str | None, str]]:
    msgids = getattr(value, "msgids", None)
    return iter(()) if msgids is None else msgids()
