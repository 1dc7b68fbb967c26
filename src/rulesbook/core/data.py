"""Reading data from outside (state JSON, records, card files, packs) without trusting it.

Every reader goes through here: a size limit before anything is parsed (a file that never ends,
such as /dev/zero, is refused after `MAX_BYTES`), JSON without NaN or Infinity, within
`MAX_DEPTH` levels and with no text that is not Unicode (a lone surrogate), and field checks that
name the field and say why (`DataError`, a ValueError).

>>> parse_json('{"seed": 1, "hands": [[1, 2]]}', "state")["hands"]
[[1, 2]]
>>> parse_json('[' * 5000 + ']' * 5000, "state")
Traceback (most recent call last):
rulesbook.core.data.DataError: state: nested deeper than 64 levels
>>> take({"seed": "one"}, "seed", int, "state")
Traceback (most recent call last):
rulesbook.core.data.DataError: state.seed: expected a whole number, not 'one'
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from rulesbook.core.errors import RulesbookError, reason_of, shown
from rulesbook.core.messages import Listed, Message, term

#: The most bytes one state, record, card file or pack may have: far above any real one.
MAX_BYTES = 16 * 1024 * 1024
#: The deepest nesting of lists and objects any of them has (a record: about 10).
MAX_DEPTH = 64

T = TypeVar("T")
_MISSING: Any = object()


class DataError(RulesbookError, ValueError):
    """Data that cannot be read: `field` names where ("state.hands[2]"), `why` says what is wrong
    (given as a `Message`, kept as `message`, it is said in zh-TW too; the field stays as it is)."""

    def __init__(self, field: str, why: str | Message):
        self.field = field
        self.message = why if isinstance(why, Message) else Message.text(why)
        self.why = str(self.message)
        super().__init__(f"{field}: {self.why}" if field else self.why)

    def said(self) -> Message:
        return Message("{field}: {why}", field=self.field, why=self.message) if self.field else self.message


def read_text(path: str | Path, what: str, limit: int = MAX_BYTES) -> str:
    """A file's text (UTF-8, a byte-order mark allowed), read no further than `limit` bytes."""
    try:
        with open(path, "rb") as file:
            raw = file.read(limit + 1)
    except OSError as error:
        raise DataError(what, Message("cannot read {path}: {error}", path=repr(str(path)), error=error.strerror or str(error))) from None
    if len(raw) > limit:
        raise DataError(what, Message("{path} is larger than {limit} bytes", path=repr(str(path)), limit=f"{limit:,}"))
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise DataError(what, Message("{path} is not UTF-8 text (byte {byte})", path=repr(str(path)), byte=error.start)) from None


#: What Python's json module says is wrong, as words the catalogue can say in zh-TW (another of its
#: messages stays as it is).
JSON_WORDS = {word.template: word for word in (
    term("Expecting value", "json"), term("Expecting property name enclosed in double quotes", "json"),
    term("Expecting ':' delimiter", "json"), term("Expecting ',' delimiter", "json"), term("Unterminated string starting at", "json"),
    term("Invalid control character at", "json"), term("Invalid \\escape", "json"), term("Invalid \\uXXXX escape", "json"),
    term("Extra data", "json"), term("Illegal trailing comma before end of object", "json"),
    term("Illegal trailing comma before end of array", "json"),
)}


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON data may hold")


class _Twice(Exception):
    def __init__(self, name: str):
        self.name = name


def _once_each(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object whose fields are named once each: JSON itself would keep the last of two,
    and a record edited by hand to say `"seed": 1` twice would replay a game nobody meant."""
    data: dict[str, Any] = {}
    for name, value in pairs:
        if name in data:
            raise _Twice(name)
        data[name] = value
    return data


def parse_json(text: str | bytes, what: str, limit: int = MAX_BYTES) -> Any:
    """JSON data, refused with a DataError naming `what` when too large, too deep or not JSON."""
    if not isinstance(text, (str, bytes, bytearray)):
        raise DataError(what, Message("expected JSON text, not {kind}", kind=type(text).__name__))
    if len(text) > limit:
        raise DataError(what, Message("larger than {limit} bytes", limit=f"{limit:,}"))
    try:
        data = json.loads(text, parse_constant=_no_constant, object_pairs_hook=_once_each)
    except _Twice as twice:
        raise DataError(what, Message("the field {name} is given twice in one object; which one was meant?",
                                      name=shown(twice.name))) from None
    except RecursionError:
        raise DataError(what, Message("nested deeper than {limit} levels", limit=MAX_DEPTH)) from None
    except json.JSONDecodeError as error:
        raise DataError(what, Message("not JSON: {why} (line {line}, column {column})", why=JSON_WORDS.get(error.msg, error.msg), line=error.lineno,
                                      column=error.colno)) from None
    except ValueError as error:  # NaN, Infinity, or an integer longer than Python's digit limit
        raise DataError(what, Message("not JSON the game can read: {why}", why=str(error))) from None
    check_json(data, what)
    return data


#: Half of a UTF-16 pair alone: JSON may write one (`"\\ud800"`), but it is no Unicode text, and
#: nothing holding it could be written out as UTF-8 again (a record, a pack in a record).
LONE_SURROGATE = re.compile("[\ud800-\udfff]")

#: A whole number as typed: ASCII digits, with a sign. int() reads "３", "٣" and "1_0" too, which
#: neither the command line, the rules' text nor the games' notation take as a number.
WHOLE_NUMBER = re.compile(r"[+-]?[0-9]+")
#: The most digits a typed number has: 15, which every JavaScript number keeps exactly (a Play
#: page's seed goes to the page and back) and more than any count of games or seats needs.
TYPED_DIGITS = 15


def typed_whole(text: str) -> int | None:
    """The whole number a person typed, one rule for the command line and the Play pages: ASCII
    digits, a sign before them, spaces around, at most TYPED_DIGITS digits; None for any other text
    (a seed keeps it as a word; a count refuses it naming its field).

    >>> typed_whole(" +7 "), typed_whole("-0"), typed_whole("٣"), typed_whole("9" * 16)
    (7, 0, None, None)
    """
    typed = text.strip()
    if not WHOLE_NUMBER.fullmatch(typed) or len(typed.lstrip("+-")) > TYPED_DIGITS:
        return None
    return int(typed)


def check_json(data: Any, what: str, limit: int = MAX_DEPTH) -> None:
    """DataError when lists and objects nest deeper than `limit` (checked without recursion), or
    when a text (a value or a field's name) holds a lone surrogate."""
    todo = [(data, 1)]
    while todo:
        value, depth = todo.pop()
        if isinstance(value, str):
            _check_text(value, what)
        elif isinstance(value, (list, dict)):
            if depth > limit:
                raise DataError(what, Message("nested deeper than {limit} levels", limit=limit))
            if isinstance(value, dict):
                for name in value:
                    _check_text(name, what)
            todo.extend((item, depth + 1) for item in (value.values() if isinstance(value, dict) else value))


def _check_text(text: Any, what: str) -> None:
    if isinstance(text, str) and not text.isascii() and LONE_SURROGATE.search(text):
        raise DataError(what, Message("{text} is not Unicode text (it holds half of a UTF-16 pair)", text=shown(text)))


_KINDS: dict[type, Message] = {
    bool: term("true or false", "kind"), int: term("a whole number", "kind"), float: term("a number", "kind"),
    str: term("text", "kind"), list: term("a list", "kind"), dict: term("an object", "kind"),
}


def kind_name(kind: type | tuple[type, ...]) -> str:
    """How an error names a JSON kind: 'a whole number', 'text or a whole number'."""
    return str(kind_words(kind))


def kind_words(kind: type | tuple[type, ...]) -> Listed:
    """A JSON kind as a sentence names it, in either language ("a whole number", 整數)."""
    kinds = kind if isinstance(kind, tuple) else (kind,)
    return Listed([_KINDS.get(k, k.__name__) for k in kinds], "or")


def is_kind(value: Any, kind: type | tuple[type, ...]) -> bool:
    """isinstance for JSON values: a bool is no number, a float no whole number, NaN no number."""
    kinds = kind if isinstance(kind, tuple) else (kind,)
    for k in kinds:
        if k is bool and type(value) is bool:
            return True
        if k is int and type(value) is int:
            return True
        if k is float and type(value) in (int, float) and math.isfinite(value):
            return True
        if k not in (bool, int, float) and isinstance(value, k):
            return True
    return False


def expect(value: Any, kind: type | tuple[type, ...], where: str) -> Any:
    """The value if it is of that kind; DataError naming `where` otherwise. A text is Unicode text
    (`check_json`): a seed or a name typed with a lone surrogate could be neither hashed nor saved."""
    if not is_kind(value, kind):
        raise DataError(where, Message("expected {kind}, not {value}", kind=kind_words(kind), value=shown(value)))
    _check_text(value, where)
    return value


def take(data: Any, name: str, kind: type | tuple[type, ...], where: str, default: Any = _MISSING) -> Any:
    """`data[name]`, of that kind; DataError naming `where.name` when missing or of another kind."""
    expect(data, dict, where)
    if name not in data:
        if default is not _MISSING:
            return default
        raise DataError(f"{where}.{name}", Message("missing"))
    return expect(data[name], kind, f"{where}.{name}")


def whole(value: Any, where: str, low: int | None = None, high: int | None = None) -> int:
    """A whole number within [low, high]; DataError naming `where` otherwise."""
    expect(value, int, where)
    if (low is not None and value < low) or (high is not None and value > high):
        value = shown(value)  # a number of a thousand digits is cut, as any value quoted
        if low is not None and high is not None:
            why = Message("expected a whole number from {low} to {high}, not {value}", low=low, high=high, value=value)
        elif low is not None:
            why = Message("expected a whole number at least {low}, not {value}", low=low, value=value)
        else:
            why = Message("expected a whole number at most {high}, not {value}", high=high, value=value)
        raise DataError(where, why)
    return int(value)


def items(value: Any, where: str, read: Callable[[Any, str], T], most: int | None = None) -> list[T]:
    """A list read item by item by `read(item, where[i])`; at most `most` items."""
    expect(value, list, where)
    if most is not None and len(value) > most:
        raise DataError(where, Message("holds {count} items; at most {most}", count=len(value), most=most))
    return [read(item, f"{where}[{i}]") for i, item in enumerate(value)]


def only_fields(data: Any, known: tuple[str, ...] | set[str] | frozenset[str], where: str) -> dict[str, Any]:
    """The object itself, once it is an object with no field outside `known`."""
    expect(data, dict, where)
    unknown = sorted(set(data) - set(known))
    if unknown:
        raise DataError(where, Message("no field {unknown}; the fields are {known}", unknown=", ".join(repr(name) for name in unknown),
                                       known=", ".join(sorted(known))))
    return data


def of_game(data: Any, name: str, title: str) -> None:
    """A state's "game" field, when it has one, names this game: a state of another game is refused
    by what it is, not by the first field this game's states lack.

    >>> of_game({"game": "hudai"}, "inferno", "Mountain of Inferno")
    Traceback (most recent call last):
    rulesbook.core.data.DataError: state.game: this is a state of 'hudai', not of Mountain of Inferno
    """
    if take(data, "game", str, "state", name) != name:
        raise DataError("state.game", Message("this is a state of {game}, not of {title}", game=shown(data["game"]),
                                              title=term(title, "term")))


def within(make: Callable[[], T], where: str) -> T:
    """What `make` gives; its refusal (a DataError, a game's ValueError, a Rules' TypeError) as a
    DataError naming `where`. A part read by its own reader (the rules of a state or a record)
    names its fields from its own root ("Rules.hand_size"); here they are named from the
    document's ("state.rules.hand_size"). A DataError named from the document's root is kept.

    >>> from rulesbook.hudai import Rules
    >>> within(lambda: Rules.from_dict({"hand_size": 0}), "state.rules")
    Traceback (most recent call last):
    rulesbook.core.data.DataError: state.rules.hand_size: must be at least 1, not 0
    >>> within(lambda: Rules.from_dict({"hand_size": 0}), "record")
    Traceback (most recent call last):
    rulesbook.core.data.DataError: record.rules.hand_size: must be at least 1, not 0
    """
    try:
        return make()
    except DataError as error:
        if error.field.split(".")[0].split("[")[0] == where.split(".")[0]:
            raise
        head, _, rest = error.field.partition(".")
        inner = rest if head in (where.rsplit(".", 1)[-1], "rules", "Rules") else error.field  # "players" for record.players
        if head == "Rules" and where.rsplit(".", 1)[-1] != "rules":  # a rule refused by the whole document's check
            inner = f"rules.{rest}"
        raise DataError(f"{where}.{inner}" if inner else where, error.message) from None
    except (ValueError, TypeError) as error:
        raise DataError(where, reason_of(error)) from None


