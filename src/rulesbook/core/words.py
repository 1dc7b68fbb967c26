"""Words the games share: lists, counts and sentences, written once so every game says them alike.

>>> listed(["MK+1", "PM+2", "SB-3"])
'MK+1, PM+2 and SB-3'
>>> listed(["Drop", "Cog"], "or")
'Drop or Cog'
>>> listed([])
'none'
>>> plural(1, "cube"), plural(3, "cube"), plural(2, "Injury", "Injuries")
('1 cube', '3 cubes', '2 Injuries')
>>> sentence("the demon attacks")
'The demon attacks.'
>>> capitalised("yes! the PM-3 is right")
'Yes! the PM-3 is right'
"""

from __future__ import annotations

from collections.abc import Iterable


def listed(items: Iterable[str], joiner: str = "and", empty: str = "none") -> str:
    """The items as a sentence lists them: "a", "a and b", "a, b and c" (`empty` for none)."""
    items = list(items)
    if not items:
        return empty
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + f" {joiner} " + items[-1]


def plural(count: int, word: str, many: str | None = None) -> str:
    """A count with its noun: 1 cube, 2 cubes (`many` where the plural is not the word plus s)."""
    return f"{count} {word if count == 1 else (many or word + 's')}"


def capitalised(text: str) -> str:
    """The text with a capital first letter and nothing else changed."""
    return text[:1].upper() + text[1:]


def sentence(text: str) -> str:
    """The text as a whole sentence: a capital first letter and one full stop at the end
    (a question or an exclamation keeps its own mark)."""
    text = capitalised(text.strip())
    if text.endswith(("?", "!")):
        return text
    return text.rstrip(".") + "."


def whole_sentence(text: str, language: str = "en") -> str:
    """A sentence in its language's shape: English with a capital and one full stop (`sentence`),
    zh-TW ended by its full stop 。 unless it has its own mark.

    >>> whole_sentence("red draws 2"), whole_sentence("紅方抽2張牌", "zh-TW")
    ('Red draws 2.', '紅方抽2張牌。')
    """
    if language == "en":
        return sentence(text)
    return text if text.endswith(("。", "？", "！")) else text + "。"
