"""Rules typed as text: `edition=zh,two_pawns=true`, as the command line and a teacher write them.

A value is read by the type of its field in the game's `Rules` dataclass, so one reader serves
every game: booleans (true/false, yes/no, on/off, 1/0), numbers, text, `None` where the field
allows it, and tuples (written `a/b/c`, or as JSON lists when they nest).
"""

from __future__ import annotations

import json
import math
import re
import types
import typing
from dataclasses import fields
from typing import Any, Literal, Union

from rulesbook.core.data import WHOLE_NUMBER, DataError, parse_json, shown
from rulesbook.core.house import HouseRule, defined
from rulesbook.core.rules import describe

_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}
#: A number as the rules are typed: ASCII digits, a sign, a point and an exponent (WHOLE_NUMBER
#: for a whole one). float() reads "٣", "nan" and "inf" too, which the command line refuses.
_NUMBER = re.compile(r"[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?")


def split_fields(text: str, example: str) -> dict[str, str]:
    """`a=1,b=[1,2]` -> {"a": "1", "b": "[1,2]"}; commas inside brackets stay in their value, and
    so do commas inside double quotes, which a value may wear to hold them (`cards="my,set.csv"`:
    the value is `my,set.csv`). A part that is not FIELD=VALUE is refused with `example`, rules of
    the game as they are written."""
    parts: list[str] = []
    depth, start, quoted = 0, 0, False
    for index, char in enumerate(text):
        if char == '"':
            quoted = not quoted
        elif quoted:
            continue
        elif char in "[(":
            depth += 1
        elif char in "])":
            depth -= 1
        elif char == "," and depth == 0:
            parts.append(text[start:index])
            start = index + 1
    parts.append(text[start:])
    values: dict[str, str] = {}
    for part in parts:
        name, equals, value = part.partition("=")
        name, value = name.strip(), value.strip()
        if not equals or not name:
            raise ValueError(f"{part.strip()!r} is not FIELD=VALUE (rules are written like {example})")
        if name in values:
            raise ValueError(f"the rule {name!r} is given twice")
        values[name] = value[1:-1] if len(value) >= 2 and value[0] == value[-1] == '"' else value
    return values


def field_from_text(rules_type: type, name: str, text: str) -> Any:
    """The value of field `name` of `rules_type` that `text` writes; ValueError saying what was expected."""
    hints = typing.get_type_hints(rules_type)
    if name not in {field.name for field in fields(rules_type)}:
        raise ValueError(f"there is no rule {name!r}")
    try:
        return value_from_text(hints[name], text)
    except ValueError as error:
        raise ValueError(f"bad value for the rule {name!r}: {error}") from None


def value_from_text(kind: Any, text: str) -> Any:
    origin = typing.get_origin(kind)
    args = typing.get_args(kind)
    if origin in (Union, types.UnionType):
        if type(None) in args and text.lower() in ("none", "null", ""):
            return None
        errors = []
        for option in args:
            if option is type(None):
                continue
            try:
                return value_from_text(option, text)
            except ValueError as error:
                errors.append(str(error))
        raise ValueError(" or ".join(errors))
    if origin is Literal:
        for option in args:
            if str(option) == text:
                return option
        raise ValueError(f"{text!r} is not one of {', '.join(map(str, args))}")
    if kind is bool:
        lowered = text.lower()
        if lowered in _TRUE:
            return True
        if lowered in _FALSE:
            return False
        raise ValueError(f"{text!r} is not true or false")
    if kind is int:
        try:
            if WHOLE_NUMBER.fullmatch(text.strip()):
                return int(text)
        except ValueError:  # more digits than Python reads
            pass
        raise ValueError(f"{text!r} is not a whole number")
    if kind is float:
        number = float(text) if _NUMBER.fullmatch(text.strip()) else math.nan
        if not math.isfinite(number):  # 1e999 too
            raise ValueError(f"{text!r} is not a number")
        return number
    if kind is str:
        return text
    if kind is HouseRule:  # by its name, as defined here
        return defined(text)
    if origin is tuple:
        items = _items(text)
        if args and args[-1] is Ellipsis:
            return tuple(_coerce(args[0], item) for item in items)
        if len(items) != len(args):
            raise ValueError(f"{text!r} should have {len(args)} parts")
        return tuple(_coerce(part, item) for part, item in zip(args, items))
    raise ValueError(f"{text!r} cannot stand for a {getattr(kind, '__name__', kind)}: give the value itself")


def _items(text: str) -> list[Any]:
    if text.startswith("["):
        try:  # read as a file's JSON is: no deeper than the files' limit, no NaN
            value = parse_json(text, "the list")
        except DataError as error:
            raise ValueError(f"{shown(text)} is not a JSON list the rules can read: {error.why}") from None
        return value  # a list: JSON text that starts with "[" is one
    return [part for part in text.split("/") if part]


def _coerce(kind: Any, item: Any) -> Any:
    """An item of a tuple: text read by its type, or a JSON value checked against it."""
    if isinstance(item, str):
        return value_from_text(kind, item)
    if typing.get_origin(kind) is tuple:
        if not isinstance(item, list):
            raise ValueError(f"{item!r} is not {describe(kind)}")
        return value_from_text(kind, json.dumps(item))
    if kind is bool and isinstance(item, bool):
        return item
    if kind in (int, float) and isinstance(item, (int, float)) and not isinstance(item, bool):
        if kind is float or isinstance(item, int):
            return kind(item)
    raise ValueError(f"{item!r} is not {describe(kind)}")


def value_problem(kind: Any, value: Any) -> str | None:
    """Why `value` cannot be a field of type `kind` (None when it can, or when the type says too
    little to tell): a notebook may pass any object, and `Rules` dataclasses do not check types."""
    origin = typing.get_origin(kind)
    args = typing.get_args(kind)
    if kind is Any or isinstance(kind, (str, typing.TypeVar)):
        return None
    if origin in (Union, types.UnionType):
        problems = [value_problem(option, value) for option in args]
        return None if None in problems else " or ".join(problem for problem in problems if problem)
    if kind is type(None):
        return None if value is None else f"{value!r} is not None"
    if origin is Literal:
        return None if value in args else f"{value!r} is not one of {', '.join(map(repr, args))}"
    if kind is bool:
        return None if isinstance(value, bool) else f"{value!r} is not true or false"
    if kind is int:
        return None if isinstance(value, int) and not isinstance(value, bool) else f"{value!r} is not a whole number"
    if kind is float:
        return None if isinstance(value, (int, float)) and not isinstance(value, bool) else f"{value!r} is not a number"
    if origin is tuple:
        return None if isinstance(value, (tuple, list)) else f"{value!r} is not a tuple"
    if isinstance(kind, type):
        return None if isinstance(value, kind) else f"{value!r} is not a {kind.__name__}"
    return None


def rule_value_problem(rules_type: type, name: str, value: Any) -> str | None:
    """Why `value` cannot be the rule `name` of `rules_type`, by the field's type; None if it can."""
    try:
        hints = typing.get_type_hints(rules_type)
    except (NameError, TypeError):  # a type only the type checker sees: nothing to check against
        return None
    return value_problem(hints[name], value) if name in hints else None
