"""House rules of one's own: a small function run at a named moment of a game.

A house rule is a function from a state to the state it becomes, given a name and the moment at
which it runs (each game lists its moments: `rulesbook.inferno.rules.MOMENTS` ...). Defining one
registers it by its name, so that a game's record or state read from JSON, which carries only
the names (`Rules.to_dict`), finds the function again; defining the same name again replaces it
(a notebook cell run twice). A record also keeps each one's text and fingerprint
(`house_recorded`), so that it is not replayed under another function of the same name. A game plays one when its rules say so: `Rules(house=(catch_up,))`.

>>> from dataclasses import replace
>>> @house_rule("catch-up", "scoring", text="the last seat in the totals gains 2 points")
... def catch_up(state):
...     last = min(range(len(state.totals)), key=state.totals.__getitem__)
...     return replace(state, totals=tuple(t + 2 * (seat == last) for seat, t in enumerate(state.totals)))
>>> catch_up
HouseRule('catch-up', 'scoring')
>>> defined("catch-up") is catch_up
True
>>> from rulesbook.inferno import Rules
>>> Rules(house=(catch_up,)).to_dict()["house"]
['catch-up']
>>> Rules(house=(house_rule("late", "dusk")(lambda state: state),))
Traceback (most recent call last):
rulesbook.core.data.DataError: Rules.house: the house rule 'late' runs at 'dusk', a moment Mountain of Inferno does not have; its moments are round_start, scoring, turn_end
>>> forget("catch-up"); forget("late")
>>> Rules.from_dict({"house": ["catch-up"]})
Traceback (most recent call last):
rulesbook.core.data.DataError: rules.house: no house rule 'catch-up' is defined here; a house rule is a Python function: define it first, with rulesbook.core.house_rule('catch-up', moment) on it

When a moment comes, the game hands each of its house rules a copy of the state, and goes on
with what the function returns, read back as a state from outside is (`State.from_dict`: every
field's kind and range, then the game's invariants). A function that raises, returns no state
of the game, changes the rules, the seed or who plays, or leaves a state the game refuses is a
`HouseRuleError` naming the rule and the moment; the step that reached the moment returns
nothing, so the state given to it is untouched. A house rule may end a game, by setting the
fields that say it is over as the game's own end does: Hudai Pass's `phase=Phase.OVER` and
`outcome`, At the Mountains of Madness's `phase=Phase.OVER`, `result` and `won`; a state refused
for ending otherwise (the demon's health 0 with the game going on) is an error that says so.
"""

from __future__ import annotations

import hashlib
import inspect
import re
import textwrap
from collections.abc import Callable, Iterable
from dataclasses import FrozenInstanceError, dataclass, field
from typing import Any, ClassVar

from rulesbook.core.data import DataError, expect, only_fields, shown, take
from rulesbook.core.errors import RulesbookError
from rulesbook.core.events import Event

#: The house rules defined in this Python process, by name.
_DEFINED: dict[str, HouseRule] = {}


@dataclass(frozen=True)
class HouseRule:
    """A house rule: its `name` (what records carry), the `moment` it runs at, the `change` it makes
    (a function from a state to the state it becomes) and a sentence saying what it does."""

    name: str
    moment: str
    change: Callable[[Any], Any]
    text: str = ""
    #: What tells it from another house rule of its name, made when it is (`fingerprint_of`).
    fingerprint: str | None = field(init=False, repr=False, compare=False)
    #: Many of them, in a Rules error's words: a plain function given is the usual slip.
    MANY: ClassVar[str] = "house rules (a function becomes one with @rulesbook.core.house_rule(name, moment))"

    def __post_init__(self) -> None:
        for field, value in (("name", self.name), ("moment", self.moment), ("text", self.text)):
            if not isinstance(value, str):
                raise DataError(f"HouseRule.{field}", f"expected text, not {shown(value)}")
        if not self.name.strip():
            raise DataError("HouseRule.name", "a house rule needs a name, which records carry")
        if not callable(self.change):
            raise DataError("HouseRule.change", f"the house rule {self.name!r} changes a state with a function, "
                                                f"not {shown(self.change)}")
        object.__setattr__(self, "fingerprint", fingerprint_of(self.moment, self.change))

    def __repr__(self) -> str:
        return f"HouseRule({self.name!r}, {self.moment!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled by name (its function may live only in a notebook): read back where it is defined."""
        return defined, (self.name,)


def fingerprint_of(moment: str, change: Callable[[Any], Any]) -> str | None:
    """Twelve hex digits of a hash of the moment and the function's source text, as a reader
    comparing two cells would compare them (indentation and trailing spaces aside), or None when
    Python kept no source (a function made by `exec`). Read when the rule is made, so a file
    edited later does not change it. A record carries it, so that a game is not replayed under
    another function of the same name (two notebooks' "catch-up"); the source, not the bytecode,
    so that the same cell gives the same fingerprint on every Python version.

    >>> fingerprint_of("scoring", fingerprint_of) == fingerprint_of("scoring", fingerprint_of)
    True
    >>> fingerprint_of("scoring", fingerprint_of) == fingerprint_of("turn_end", fingerprint_of)
    False
    >>> fingerprint_of("scoring", len) is None
    True
    """
    try:
        source = inspect.getsource(change)
    except (OSError, TypeError):
        return None
    lines = (line.rstrip() for line in textwrap.dedent(source).strip().splitlines())
    return hashlib.sha256("\n".join((moment, *lines)).encode()).hexdigest()[:12]


def house_rule(name: str, moment: str, text: str = "") -> Callable[[Callable[[Any], Any]], HouseRule]:
    """A decorator that makes a function a house rule of that name, run at that moment, and defines
    it here (replacing a house rule of the same name): `@house_rule("catch-up", "scoring")`."""

    def define(change: Callable[[Any], Any]) -> HouseRule:
        rule = HouseRule(name, moment, change, text or (change.__doc__ or "").strip())
        _DEFINED[name] = rule
        return rule

    return define


def defined(name: str) -> HouseRule:
    """The house rule defined here under that name; DataError (field `rules.house`) saying to define it."""
    rule = _DEFINED.get(name) if isinstance(name, str) else None
    if rule is None:
        raise DataError("rules.house", f"no house rule {shown(name)} is defined here; a house rule is a Python function: define it "
                                       f"first, with rulesbook.core.house_rule({shown(name)}, moment) on it")
    return rule


def forget(name: str) -> None:
    """The house rule of that name defined no more (nothing happens when there is none)."""
    _DEFINED.pop(name, None)


def check_house(house: tuple[HouseRule, ...], moments: tuple[str, ...], game: str) -> None:
    """DataError (field `Rules.house`) for a house rule at a moment the game does not have, or a
    name given twice."""
    seen: set[str] = set()
    for rule in house:
        if rule.moment not in moments:
            raise DataError("Rules.house", f"the house rule {rule.name!r} runs at {rule.moment!r}, a moment {game} "
                                           f"does not have; its moments are {', '.join(moments)}")
        if rule.name in seen:
            raise DataError("Rules.house", f"the house rule {rule.name!r} is given twice")
        seen.add(rule.name)


def house_from_data(value: Any) -> tuple[HouseRule, ...]:
    """The house rules that JSON names (a list of names), each as defined here."""
    if not isinstance(value, (list, tuple)) or not all(isinstance(name, str) for name in value):
        raise DataError("rules.house", f"expected a list of house rules' names, not {shown(value)}")
    return tuple(defined(name) for name in value)


def house_to_data(house: Iterable[HouseRule]) -> list[str]:
    return [rule.name for rule in house]


def house_recorded(house: Iterable[HouseRule]) -> dict[str, dict[str, str]]:
    """What a game's record keeps of each house rule beside its name: its text and its fingerprint
    (when Python kept the function's source)."""
    return {rule.name: {"text": rule.text} | ({"fingerprint": rule.fingerprint} if rule.fingerprint else {}) for rule in house}


#: A fingerprint as `fingerprint_of` writes it.
_FINGERPRINT = re.compile("[0-9a-f]{12}")


def check_recorded(house: tuple[HouseRule, ...], data: Any, where: str) -> None:
    """DataError (field `where['name']`) when a house rule defined here is not the one a record was
    played with (`house_recorded` wrote `data`): their fingerprints differ. A house rule the record
    says nothing of, or one whose source either side lacks, cannot be told apart and is taken."""
    named = [rule.name for rule in house]
    others = sorted(set(expect(data, dict, where)) - set(named))
    if others:
        raise DataError(where, f"{', '.join(map(repr, others))}: no house rule the rules name "
                               f"({', '.join(map(repr, named)) or 'they name none'})")
    for rule in house:
        if rule.name not in data:
            continue
        at = f"{where}[{rule.name!r}]"
        only_fields(data[rule.name], ("text", "fingerprint"), at)
        text = take(data[rule.name], "text", str, at, default="")
        printed = take(data[rule.name], "fingerprint", str, at, default=None)
        if printed is not None and not _FINGERPRINT.fullmatch(printed):
            raise DataError(f"{at}.fingerprint", f"expected twelve hex digits, as a record writes them, not {shown(printed)}")
        if printed and rule.fingerprint and printed != rule.fingerprint:
            raise DataError(at, f"the game was played under a house rule {rule.name!r} ({text or 'no text'}) other than the one "
                                f"defined here ({rule.text or 'no text'}): their moments or their functions' source differ (fingerprint {printed} "
                                f"in the record, {rule.fingerprint} here); define the record's {rule.name!r} first, or leave out "
                                f"the record's field \"house\" to replay it under the one defined here")


class HouseRuleError(RulesbookError, ValueError):
    """A house rule that failed at its moment: `rule` and `moment` name it, `why` says how."""

    def __init__(self, rule: HouseRule, moment: str, why: str):
        self.rule = rule
        self.moment = moment
        self.why = why
        super().__init__(f"house rule {rule.name!r} ({moment}): {why}")


def _said(name: str, moment: str) -> str:
    return f"House rule {name!r} ({moment})."


def at_moment(state: Any, moment: str, copy: Callable[[Any], Any] = lambda state: state) -> tuple[Any, list[Event]]:
    """The state once every house rule of its rules at this moment has changed it, in the order
    given, and an event for each ("House rule 'catch-up' (scoring)."). Each function is handed
    `copy(state)`, so that it may change a state whose lists are shared; HouseRuleError for a
    function that fails (see the module's docstring)."""
    events = []
    for rule in state.rules.house:
        if rule.moment == moment:
            state = _changed(rule, copy(state))
            events.append(Event.worded("house", _said, {"name": rule.name, "moment": moment}))
    return state, events


#: What a house rule leaves as it is, besides the rules: the seed, which fixes every shuffle (a
#: record's seed says which game was played), and who plays (Inferno's colours, Madness's names).
_KEPT = ("seed", "colours", "names")


#: A refusal about how a game ends (its invariants' words), which a house rule's error follows with
#: how a house rule may end the game, as the game's state says it (`CheckedState.house_ending`).
_ABOUT_THE_END = re.compile(r"game (ends|ended|is over|goes on)")


def _changed(rule: HouseRule, state: Any) -> Any:
    """What the rule makes of the state, checked by the game's own checks."""
    kind, rules = type(state), state.rules
    kept = {name: getattr(state, name) for name in _KEPT if hasattr(state, name)}  # before a function changes it in place
    try:
        changed = rule.change(state)
    except Exception as error:
        # Hudai's and Madness's states change in place; Inferno's is frozen, a slip from one game to another
        how = ("; this game's state is not changed in place: return dataclasses.replace(state, field=value)"
               if isinstance(error, FrozenInstanceError) else "")
        raise HouseRuleError(rule, rule.moment, f"the function raised {type(error).__name__}: {error}{how}") from error
    if type(changed) is not kind:
        raise HouseRuleError(rule, rule.moment, f"the function returned {shown(changed)}, not the game's state")
    if changed.rules != rules:
        raise HouseRuleError(rule, rule.moment, "the function changed the rules; a house rule changes the table")
    for name, value in kept.items():
        if getattr(changed, name) != value:
            raise HouseRuleError(rule, rule.moment, f"the function changed the state's {name}; a house rule changes the table, "
                                                    "not the seed or who plays")
    try:  # read back as a state from outside is: every field's kind and range, then the invariants
        read = kind.from_dict(changed.to_dict())
    except Exception as error:
        why = error.why if isinstance(error, DataError) and error.field == "state" else str(error)
        ending = getattr(kind, "house_ending", "") if _ABOUT_THE_END.search(why) else ""
        raise HouseRuleError(rule, rule.moment, f"the state it returned breaks the game's rules: {why}"
                                                + (f"; {ending}" if ending else "")) from error
    object.__setattr__(read, "rules", rules)  # the rules as given, not found again by their names
    return read
