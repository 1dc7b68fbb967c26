"""Errors a learner or a teacher may see: each says what was wrong and which rule says so."""

from __future__ import annotations

from rulesbook.core.messages import Message, term


class RulesbookError(Exception):
    """Base of every error the library raises on purpose."""


class IllegalAction(RulesbookError, ValueError):
    """An action the rules forbid in this state; the state is left untouched.

    `rule` is the rulebook section or ruling id (``"MOI-R05"``) that forbids it. `reason` and
    `rule` are English; the reason may be given as a `Message`, kept as `message`, so that
    `say(language)` words the refusal in another language (a ruling id stays as it is).

    >>> error = IllegalAction(Message("a card already lies at {place}", place="(0, 1)"), "rulebook I")
    >>> str(error)
    'a card already lies at (0, 1) (rulebook I)'
    >>> error.say("zh-TW")
    '(0, 1)已經有卡牌了（中文規則書〈２.遊戲進行〉(1)）'
    """

    def __init__(self, reason: str | Message, rule: str):
        self.message = reason if isinstance(reason, Message) else Message.text(reason)
        self.reason = str(self.message)
        self.rule = rule
        super().__init__(f"{self.reason} ({rule})")

    def say(self, language: str = "en") -> str:
        """The refusal in that language ("en" or "zh-TW"): the reason, then the rule in brackets."""
        return self.said().say(language)

    def said(self) -> Message:
        """The whole refusal as one message: the reason and the rule it cites."""
        return Message("{reason} ({rule})", reason=self.message, rule=term(self.rule, "rule"))


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
