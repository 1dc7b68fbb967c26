"""The engine's speed tricks, in one place: each reads like a note on CPython's internals, and each
stays only because `benchmarks/run.py speed` shows it pays (3 % or more of a random playout).

A random playout lists the legal actions and applies one, tens of thousands of times a second,
and every step copies a `State` with a field or two changed. Everywhere else the engine is
written plainly; these are the few places where the plain way costs a measurable share.
"""

from __future__ import annotations

from typing import Any

from rulesbook.inferno.state import Phase, State

_new = object.__new__
_set = object.__setattr__

#: The phases as module names. On Python 3.11 each `Phase.PLAY` goes through the enum class's
#: `__getattr__` hook (about 80 ns), and every step of a playout asks for a phase or two.
PLACE_PAWN, PLAY, RESPOND, STEP, OVER = Phase


def replace(state: State, **changes: Any) -> State:
    """A copy with some fields changed, as `dataclasses.replace` makes it but several times faster.

    The copy's fields are a copy of the fields' dict, set as the new object's. The copy is made
    with dict(), not .copy(): a state made by its class keeps its fields in a dict that shares
    its keys with the class, and a copy of that kind of dict makes every field read slower
    (about 20 ns instead of 8 on CPython 3.11: the interpreter's fast path for reading an
    attribute does not take it); dict() makes a plain one, and copies stay plain."""
    fields = dict(state.__dict__)
    fields.update(changes)
    return made(fields)


def fields_of(state: State) -> dict[str, Any]:
    """The state's fields as a plain dict to edit and hand to `made` (see `replace`)."""
    return dict(state.__dict__)


def made(fields: dict[str, Any]) -> State:
    """A state with exactly these fields (a dict from `fields_of`), without running the class's __init__."""
    new = _new(State)
    _set(new, "__dict__", fields)
    return new


#: `Step(*pair)` without the Python-level `__new__` of the protocol's named tuple.
as_step = tuple.__new__
