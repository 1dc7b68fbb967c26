"""Errors a learner or a teacher may see: each says what was wrong and which rule says so."""

from __future__ import annotations

from rulesbook.core.messages import Message, spoken, term


class RulesbookError(Exception):
    """Base of every error the library raises on purpose: `say(language)` words it in that language
    where it was given as a `Message`; `str()` in the language spoken (`messages.speak`: English
    unless a zh-TW chapter said otherwise, so that a typo in a live zh-TW notebook is explained in
    zh-TW). Its `args` stay English."""

    def said(self) -> Message:
        """The whole error as one message (its English text as it is, where no template made it)."""
        return Message.text(Exception.__str__(self))

    def __str__(self) -> str:
        return self.say(spoken())

    def say(self, language: str = "en") -> str:
        """The error in that language ("en" or "zh-TW")."""
        return self.said().say(language)

    def __reduce__(self) -> tuple[object, ...]:
        """An error crosses processes whole (a lab worker's comes back to the teacher): rebuilt from
        its fields, not by calling the class with its English text (which took no rule, and broke
        the worker pool)."""
        return (_rebuilt, (type(self), self.args, self.__dict__))


def _rebuilt(kind: type[RulesbookError], args: tuple[object, ...], fields: dict[str, object]) -> RulesbookError:
    error = kind.__new__(kind)
    Exception.__init__(error, *args)
    error.__dict__.update(fields)
    return error


def reason_of(error: BaseException) -> Message:
    """What an error says, as a message to put inside another: the library's own errors can be
    said in zh-TW; any other error's text stays as it is.

    >>> reason_of(NotationError("BISON", Message("only a disciple is laid in the Mountain"))).say("zh-TW")
    "'BISON'：只有徒弟卡能擺進火焰山區"
    >>> reason_of(KeyError("seed")).say("zh-TW")
    "'seed'"
    """
    return error.said() if isinstance(error, RulesbookError) else Message.text(str(error))


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

    def said(self) -> Message:
        """The whole refusal as one message: the reason, then the rule it cites in brackets."""
        return Message("{reason} ({rule})", reason=self.message, rule=term(self.rule, "rule"))


def shown(value: object) -> str:
    """A value as an error message quotes it: its repr, cut at 60 characters (a record may hold an
    action of megabytes, and its error is one line)."""
    try:
        text = repr(value)
    except ValueError:  # a whole number past Python's digit limit (4,300): too long to write out at all
        return "a number too long to write out"
    return text if len(text) <= 60 else text[:57] + "..."


class NotationError(RulesbookError, ValueError):
    """Text that does not parse: names the offending token and where it stands.

    `row` and `column` count from 0; either may be None when the text has no grid. The reason may
    be given as a `Message` (kept as `message`), so that `say("zh-TW")` words it in zh-TW.

    >>> error = NotationError("MK+5", Message("malformed value {value}", value="'+5'"), 1, 2)
    >>> str(error)
    "'MK+5' at row 1, column 2: malformed value '+5'"
    """

    def __init__(self, token: str, reason: str | Message, row: int | None = None, column: int | None = None):
        self.token = token
        self.message = reason if isinstance(reason, Message) else Message.text(reason)
        self.reason = str(self.message)
        self.row = row
        self.column = column
        super().__init__(str(self.said()))

    def said(self) -> Message:
        """The token, where it stands, and why it does not parse."""
        token, row, column, reason = shown(self.token), self.row, self.column, self.message
        if row is not None and column is not None:
            return Message("{token} at row {row}, column {column}: {reason}", token=token, row=row, column=column, reason=reason)
        if row is not None:
            return Message("{token} at row {row}: {reason}", token=token, row=row, reason=reason)
        if column is not None:
            return Message("{token} at column {column}: {reason}", token=token, column=column, reason=reason)
        return Message("{token}: {reason}", token=token, reason=reason)
