"""What every game's `Rules` shares: its fields' types checked when it is made, and its JSON form.

A game's `Rules` is a frozen dataclass (its `repr=False`: RulesData's repr shows the fields that
differ from the printed game) that also derives from `RulesData`. Its field annotations
are the type checks (so `two_pawns="false"` is refused, not taken for true), `check()` holds the
checks of combinations, and both run at construction: the command line and the lab refuse a bad
rule before any game runs. `from_dict` refuses unknown fields by name.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True, repr=False)
... class Rules(RulesData):
...     expert: bool = False
...     rounds: tuple[tuple[int, int], ...] = ((2, 4),)
>>> Rules.from_dict({"rounds": [[3, 3]]})
Rules(rounds=((3, 3),))
>>> Rules()
Rules()
>>> Rules(expert="false")
Traceback (most recent call last):
rulesbook.core.data.DataError: Rules.expert: expected true or false, not 'false'
>>> Rules.from_dict({"expret": True})
Traceback (most recent call last):
rulesbook.core.data.DataError: rules: no field 'expret'; the fields are expert, rounds
"""

from __future__ import annotations

import types
from dataclasses import fields
from typing import Any, ClassVar, Literal, Self, Union, get_args, get_origin, get_type_hints

from rulesbook.core.data import DataError, is_kind, kind_name, only_fields, shown
from rulesbook.core.house import check_house, house_from_data, house_to_data
from rulesbook.core.messages import Message, term

#: The field of a game's Rules that holds its house rules as functions (`rulesbook.core.house`).
HOUSE = "house"


class RulesData:
    """Type checks from the annotations and the JSON round trip, for a frozen `Rules` dataclass."""

    #: Fields whose values are checked by the game itself (data sets such as cards or a pack).
    _hints: ClassVar[dict[type, dict[str, Any]]] = {}
    #: The game's name, and the moments at which its house rules may run (a game with a field `house`).
    game_title: ClassVar[str] = "this game"
    house_moments: ClassVar[tuple[str, ...]] = ()
    #: Fields whose value sets the printed defaults of others (Inferno's edition), for the repr.
    printed_by: ClassVar[tuple[str, ...]] = ()

    def __new__(cls, *args: Any, **values: Any) -> Self:
        """A field of another name is refused as in a rules file, listing the fields (a misspelt
        keyword would otherwise be Python's bare TypeError, naming none of them)."""
        only_fields(values, tuple(item.name for item in fields(cls)), "Rules")  # type: ignore[arg-type]
        return super().__new__(cls)

    def __post_init__(self) -> None:
        hints = self.field_types()
        for item in fields(self):  # type: ignore[arg-type]
            value = getattr(self, item.name)
            if isinstance(value, list):  # given by hand as a list: the tuples its annotation asks for, as a rules file's
                object.__setattr__(self, item.name, _tuples(value, hints[item.name]))
        self.check_types()
        if hasattr(self, HOUSE):
            check_house(getattr(self, HOUSE), self.house_moments, self.game_title)
        self.check()

    def __repr__(self) -> str:
        """The rules as the call that makes them, naming only what differs from the printed game
        (`Rules(edition='zh')`, whose other fields are that edition's): a record, a help page or an
        error shows one line, not every field."""
        plain = type(self)()
        printed = type(self)(**{name: getattr(self, name) for name in self.printed_by}) if self.printed_by else plain
        changed = [f"{item.name}={getattr(self, item.name)!r}" for item in fields(self)  # type: ignore[arg-type]
                   if getattr(self, item.name) != getattr(plain if item.name in self.printed_by else printed, item.name)]
        return f"{type(self).__name__}({', '.join(changed)})"

    def check(self) -> None:
        """The game's checks of values and combinations, once every field has its type."""

    @classmethod
    def given(cls, rules: object) -> Self:
        """The rules a new game is given, when they are this game's; DataError naming `rules`
        otherwise (another game's Rules, or no Rules at all, would fail later on something else)."""
        if isinstance(rules, cls):
            return rules
        game = term(cls.game_title, "term")
        if isinstance(rules, RulesData):
            raise DataError("rules", Message("expected the Rules of {game}, not those of {other}", game=game,
                                             other=term(rules.game_title, "term")))
        raise DataError("rules", Message("expected the Rules of {game}, not {value}", game=game, value=shown(rules)))

    @classmethod
    def field_types(cls) -> dict[str, Any]:
        if cls not in RulesData._hints:
            RulesData._hints[cls] = get_type_hints(cls)
        return RulesData._hints[cls]

    def check_types(self) -> None:
        """DataError naming the first field whose value is not of its annotated type."""
        hints = self.field_types()
        for item in fields(self):  # type: ignore[arg-type]
            check_value(getattr(self, item.name), hints[item.name], f"Rules.{item.name}")

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON data: tuples as lists, each field as `field_to_data` writes it; no house rule
        says nothing (so the JSON of rules as printed is as it was before house rules were)."""
        return {item.name: self.field_to_data(item.name, getattr(self, item.name)) for item in fields(self)  # type: ignore[arg-type]
                if item.name != HOUSE or getattr(self, HOUSE)}

    def field_to_data(self, name: str, value: Any) -> Any:
        """A field as JSON data; a game overrides it for its data sets (cards, a pack). House rules
        are written by name."""
        if name == HOUSE:
            return house_to_data(value)
        return _plain(value)

    @classmethod
    def from_dict(cls, data: Any) -> Any:
        """The rules that `to_dict` wrote; DataError naming an unknown field or a bad value."""
        names = tuple(item.name for item in fields(cls))  # type: ignore[arg-type]
        only_fields(data, names, "rules")
        hints = cls.field_types()
        values = {name: cls.field_from_data(name, _tuples(value, hints[name])) for name, value in data.items()}
        return cls(**values)

    @classmethod
    def field_from_data(cls, name: str, value: Any) -> Any:
        """A field from JSON data; a game overrides it for its data sets (cards, a pack). House rules
        are found by name among those defined here (`rulesbook.core.house`)."""
        if name == HOUSE:
            return house_from_data(value)
        return value


def check_value(value: Any, hint: Any, where: str) -> None:
    """DataError unless the value fits the annotation: bool, int, float, str, a class, X | None,
    Literal[...], tuple[X, ...] and tuple[X, Y]."""
    if not fits(value, hint):
        raise DataError(where, f"expected {describe(hint)}, not {shown(value)}")


def fits(value: Any, hint: Any) -> bool:
    origin = get_origin(hint)
    if hint is Any:
        return True
    if hint is type(None) or hint is None:
        return value is None
    if origin in (Union, types.UnionType):
        return any(fits(value, arg) for arg in get_args(hint))
    if origin is Literal:
        return any(value == arg and type(value) is type(arg) for arg in get_args(hint))
    if origin is tuple:
        args = get_args(hint)
        if not isinstance(value, tuple):
            return False
        if len(args) == 2 and args[1] is Ellipsis:
            return all(fits(item, args[0]) for item in value)
        return len(value) == len(args) and all(fits(item, arg) for item, arg in zip(value, args))
    if hint in (bool, int, float, str):
        return is_kind(value, hint)
    if isinstance(hint, type):
        return isinstance(value, hint)
    return True  # an annotation this checker does not read (the game's check() covers it)


def describe(hint: Any) -> str:
    """An annotation in words, for an error message: "a list of 2 whole numbers", "a Pack".

    >>> describe(tuple[tuple[int, int], ...])
    'a list of lists of 2 whole numbers'
    """
    origin = get_origin(hint)
    if hint is type(None) or hint is None:
        return "none (null)"
    if origin in (Union, types.UnionType):
        return " or ".join(describe(arg) for arg in get_args(hint))
    if origin is Literal:
        return "one of " + ", ".join(repr(arg) for arg in get_args(hint))
    if origin is tuple:
        return "a " + _list_words(get_args(hint))
    if hint in (bool, int, float, str):
        return kind_name(hint)
    return f"a {getattr(hint, '__name__', hint)}"


#: Each JSON kind's name for many of it ("a list of whole numbers").
_MANY = {bool: "true or false values", int: "whole numbers", float: "numbers", str: "texts"}


def _list_words(args: tuple[Any, ...]) -> str:
    """A tuple annotation's arguments as a list's words, without its article: "list of 2 texts"."""
    if len(args) == 2 and args[1] is Ellipsis:
        return f"list of {_many(args[0])}"
    if len(set(args)) == 1:
        return f"list of {len(args)} {_many(args[0])}"
    return f"list of {len(args)}: " + ", ".join(describe(arg) for arg in args)


def _many(hint: Any) -> str:
    if get_origin(hint) is tuple:
        return _list_words(get_args(hint)).replace("list", "lists", 1)
    # A class may say many of itself in words (HouseRule: how a function becomes one).
    return _MANY.get(hint) or getattr(hint, "MANY", None) or f"{getattr(hint, '__name__', hint)} values"


def _tuples(value: Any, hint: Any) -> Any:
    """JSON lists turned into the tuples the annotation asks for (nothing else changes)."""
    origin = get_origin(hint)
    if origin in (Union, types.UnionType):
        for arg in get_args(hint):
            if get_origin(arg) is tuple:
                return _tuples(value, arg)
        return value
    if origin is tuple and isinstance(value, list):
        args = get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_tuples(item, args[0]) for item in value)
        return tuple(_tuples(item, arg) for item, arg in zip(value, args)) if len(value) == len(args) else tuple(value)
    return value


def _plain(value: Any) -> Any:
    if isinstance(value, (tuple, list)):
        return [_plain(item) for item in value]
    return value
