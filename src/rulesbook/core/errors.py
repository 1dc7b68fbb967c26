"""Errors a learner or a teacher may see: each says what was wrong and which rule says so."""

from __future__ import annotations


class RulesbookError(Exception):
    """Base of every error the library raises on purpose."""


class IllegalAction(RulesbookError, ValueError):
    """An action the rules forbid in this state; the state is left untouched.

    `rule` is the rulebook section or ruling id (``"MOI-R05"``) that forbids it.
    """

    def __init__(self, reason: str, rule: str):
        self.reason = reason
        self.rule = rule
        super().__init__(f"{reason} ({rule})")


class NotationError(RulesbookError, ValueError):
    """Text that does not parse: names the offending token and where it stands.

    `row` and `column` count from 0; either may be None when the text has no grid.
    """

    def __init__(self, token: str, reason: str, row: int | None = None, column: int | None = None):
        self.token = token
        self.reason = reason
        self.row = row
        self.column = column
        where = []
        if row is not None:
            where.append(f"row {row}")
        if column is not None:
            where.append(f"column {column}")
        at = f" at {', '.join(where)}" if where else ""
        super().__init__(f"{token!r}{at}: {reason}")
