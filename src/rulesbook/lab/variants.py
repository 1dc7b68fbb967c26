"""Rule variants as a teacher writes them, checked before any game is played.

A variant is some `Rules` fields of one game (and, beside them, the table: `players` and `bots`).
Fields are given by value (`{"edition": "zh"}`), by text as the command line takes them
(`"edition=zh,two_pawns=true"`), or for data a teacher loads (a card set, a data pack) as the
object itself. Every value is checked against its field's type and every variant is set up once,
so a bad field, value or combination is a ValueError that names it before the first game.
"""

from __future__ import annotations

import itertools
import json
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any

from rulesbook.core.data import shown
from rulesbook.core.harness import Run
from rulesbook.core.house import HouseRule, HouseRuleError
from rulesbook.core.protocol import Game, split_bot_names
from rulesbook.core.rules import RulesData
from rulesbook.core.rulestext import rule_value_problem, split_fields

#: What a sweep may vary beside the rules: the table.
TABLE_KEYS = ("players", "bots")
#: A sweep's key for whole sets of rules side by side (house rules by name): {label: rules}.
RULES_KEY = "rules"


@dataclass(frozen=True)
class Variant:
    """One point of a sweep: its label, what it sets (value labels by key) and the run it plays."""

    label: str
    settings: dict[str, Any]
    run: Run
    default: bool = False


def rule_values(protocol: Game, rules: Any) -> dict[str, Any]:
    """The fields a `rules` argument sets: None (none), a mapping, `FIELD=VALUE` text, or a Rules
    value (then `fields_set`: the game's Rules made from them alone is that value)."""
    if rules is None:
        return {}
    if isinstance(rules, str):
        return {name: rule_value(protocol, name, text) for name, text in split_fields(rules, protocol.rules_example).items()} if rules else {}
    if isinstance(rules, Mapping):
        return {name: rule_value(protocol, name, value) for name, value in rules.items()}
    if isinstance(rules, protocol.rules_type):
        return fields_set(rules)
    given = f"the Rules of {rules.game_title}" if isinstance(rules, RulesData) else shown(rules)  # another game's
    raise ValueError(f"rules for {protocol.title} are its {protocol.rules_type.__name__}, a dict of fields or "
                     f"FIELD=VALUE text, not {given}")


def fields_set(rules: RulesData) -> dict[str, Any]:
    """The fields a Rules value sets, as its repr names them: those that set the printed defaults of
    others (Inferno's `edition`) where they differ from the game's defaults, and every other field
    where it differs from what they print. `type(rules)(**fields_set(rules)) == rules`: a Chinese
    ruleset with a field set back to its English reading keeps it (a difference from the game's
    defaults alone would drop it, and the edition would fill in the Chinese reading again).

    >>> from rulesbook.inferno import Rules
    >>> fields_set(Rules(edition="zh", play_limit=None))
    {'edition': 'zh', 'play_limit': None}
    """
    kind = type(rules)
    plain = kind()
    printed = kind(**{name: getattr(rules, name) for name in rules.printed_by}) if rules.printed_by else plain
    return {item.name: getattr(rules, item.name) for item in fields(rules)  # type: ignore[arg-type]
            if getattr(rules, item.name) != getattr(plain if item.name in rules.printed_by else printed, item.name)}


def rule_value(protocol: Game, name: str, value: Any) -> Any:
    """A field's value, checked by its type; text is read as the command line reads it, unless the
    field takes text, and a list as a record's JSON holds it (a tuple, house rules by name)."""
    protocol.check_rule_names([name])
    if isinstance(value, HouseRule) or (isinstance(value, list) and any(isinstance(item, HouseRule) for item in value)):
        value = tuple(value) if isinstance(value, list) else (value,)  # house rules as objects: one, or a list of them
    if isinstance(value, str) and rule_value_problem(protocol.rules_type, name, value):
        value = protocol.rule_from_text(name, value)  # ValueError: "bad value for the rule ..."
    elif isinstance(value, list) or (isinstance(value, tuple) and all(isinstance(item, str) for item in value)):
        value = protocol.rule_from_data(name, list(value))  # ["catch-up"], ("catch-up",), ["drain", "crush", "confuse"]
    problem = rule_value_problem(protocol.rules_type, name, value)
    if problem:
        raise ValueError(f"bad value for the rule {name!r} of {protocol.title}: {problem}")
    return value


def make_rules(protocol: Game, values: Mapping[str, Any]) -> Any:
    """The game's Rules with these (checked) fields; a refusal names the fields given."""
    try:
        return protocol.rules(**values)
    except (ValueError, TypeError) as error:
        raise ValueError(f"{protocol.title} refuses the rules {settings_text(values)}: {error}") from None


def make_run(protocol: Game, games: int, players: int | None, seed: int | str, bots: Any, rules: Any) -> Run:
    """A checked run, set up once, so that a combination the game cannot start is refused now."""
    try:  # the Run sets up its first game: a combination the game cannot start is refused here
        run = Run(protocol.name, games, protocol.default_seats(players), seed, bot_names(bots), rules)
    except HouseRuleError:
        raise  # a teacher's own function failed: its error, with its traceback, is what to read
    except (ValueError, TypeError) as error:
        raise ValueError(str(error)) from None
    return run


def bot_names(bots: Any) -> tuple[str, ...]:
    """Bots per seat from "greedy,random" or a list of names (empty: the game's default bot)."""
    if bots is None:
        return ()
    if isinstance(bots, str):
        if not split_bot_names(bots):  # "," or " ": a slip, not the default bot
            raise ValueError(f"bots name one bot or more, comma-separated, not {bots!r}")
        return split_bot_names(bots)
    if isinstance(bots, Sequence) and all(isinstance(name, str) for name in bots):
        return tuple(bots)
    raise ValueError(f"bots are names, as 'greedy,random' or ['greedy', 'random'], not {bots!r}")


def variants(
    protocol: Game, grid: Mapping[str, Any], *, games: int, players: int | None, seed: int | str, bots: Any,
    rules: Any, baseline: bool = True,
) -> list[Variant]:
    """Every combination of the grid's values, in the grid's order, each checked and set up; the
    default (the `rules`, `players` and `bots` given) first when it is not one of them and
    `baseline` asks for it."""
    if not isinstance(grid, Mapping) or not grid:
        raise ValueError("a sweep needs the values to try, as {field: [value, ...]}")
    base = rule_values(protocol, rules)
    known = protocol.rule_fields()
    choices: list[list[tuple[str, Any]]] = []  # per key: (label, value)
    for key, values in grid.items():
        if key not in known and key not in TABLE_KEYS and key != RULES_KEY:
            raise ValueError(f"{protocol.title} has no rule {key!r}; a sweep varies its rules "
                             f"({', '.join(known)}), whole sets of them ({RULES_KEY!r}) or the table "
                             f"({', '.join(TABLE_KEYS)})")
        choices.append(_labelled(protocol, key, values))
    base_run = make_run(protocol, games, players, seed, bots, make_rules(protocol, base))
    found: list[Variant] = []
    for combination in itertools.product(*choices):
        setting = {key: value for key, (_, value) in zip(grid, combination)}
        labels = {key: text for key, (text, _) in zip(grid, combination)}
        # A whole set of rules is named by its own label (as its column holds it), a field by FIELD=VALUE.
        label = ", ".join(text if key == RULES_KEY else f"{key}={text}" for key, text in labels.items())
        table = {key: setting.pop(key) for key in TABLE_KEYS if key in setting}
        whole = setting.pop(RULES_KEY, {})
        try:
            run = make_run(protocol, games, table.get("players", players), seed, table.get("bots", bots),
                           protocol.rules(**{**base, **whole, **setting}))
        except HouseRuleError as error:
            error.add_note(f"(in the variant {label} of {protocol.title})")
            raise
        except (ValueError, TypeError) as error:
            raise ValueError(f"{protocol.title} refuses the variant {label}: {error}") from None
        default = run.rules == base_run.rules and run.players == base_run.players and run.bots == base_run.bots
        found.append(Variant(label, {key: _column_value(value, text) for key, (text, value) in zip(grid, combination)},
                             run, default))
    if baseline and not any(variant.default for variant in found):
        settings = {key: _column_value(*_default_value(base_run, key)) for key in grid}
        found.insert(0, Variant("default", settings, base_run, True))
    return found


def _default_value(run: Run, key: str) -> tuple[Any, str]:
    if key == RULES_KEY:
        return "default", "default"
    value = run.players if key == "players" else ",".join(run.bots) if key == "bots" else getattr(run.rules, key)
    return value, label(value)


def _labelled(protocol: Game, key: str, values: Any) -> list[tuple[str, Any]]:
    """A key's values with readable labels: the teacher's own ({label: value}) or made from each value."""
    if isinstance(values, Mapping):
        pairs = [(str(text), value) for text, value in values.items()]
    elif isinstance(values, (str, bytes)) or not isinstance(values, (Sequence, set, frozenset)):
        raise ValueError(f"the values of {key!r} are a list (or {{label: value}}), not {values!r}")
    else:
        pairs = [(label(value), value) for value in values]
    if not pairs:
        raise ValueError(f"{key!r} has no values to try")
    if key == "players":  # checked when each variant is set up
        return pairs
    if key == "bots":
        named = isinstance(values, Mapping)
        return [(text if named else ",".join(bot_names(value)), bot_names(value)) for text, value in pairs]
    if key == RULES_KEY:  # each a Rules value, a dict of fields or FIELD=VALUE text: the fields it sets
        named = isinstance(values, Mapping)
        fields_set = [(text, rule_values(protocol, value)) for text, value in pairs]
        return _distinct([(text if named else settings_text(found), found) for text, found in fields_set])
    return _distinct([(text, rule_value(protocol, key, value)) for text, value in pairs])


def _distinct(pairs: list[tuple[str, Any]]) -> list[tuple[str, Any]]:
    """Labels made distinct (two card sets both called "custom" become "custom", "custom #2")."""
    seen: dict[str, int] = {}
    out = []
    for text, value in pairs:
        seen[text] = seen.get(text, 0) + 1
        out.append((text if seen[text] == 1 else f"{text} #{seen[text]}", value))
    return out


def _column_value(value: Any, text: str) -> Any:
    """What a sweep's column holds: the value itself when it is a plain one (so it plots on an
    axis), else its label."""
    return value if value is None or isinstance(value, (bool, int, float, str)) else text


def label(value: Any) -> str:
    """A value in a few readable words: plain values as the command line writes them (`a/b/c`,
    nested lists as JSON), data objects by their name, title or file name, else by their type.

    >>> label(("drain", "crush", "confuse")), label(((2, 4), (3, 3))), label(True), label(())
    ('drain/crush/confuse', '[[2,4],[3,3]]', 'True', 'none')
    """
    if value is None or isinstance(value, (bool, int, float, str)):
        return str(value)
    if isinstance(value, (tuple, list)):
        if not value:
            return "none"
        if all(item is None or isinstance(item, (bool, int, float, str)) for item in value):
            return "/".join(map(str, value))
        if not any(isinstance(item, (tuple, list, dict)) for item in value):  # objects, as house rules: by name
            return "/".join(label(item) for item in value)
        try:
            return json.dumps(value, separators=(",", ":"))
        except TypeError:
            return "[" + ", ".join(label(item) for item in value) + "]"
    for attribute in ("label", "name", "title"):
        text = getattr(value, attribute, None)
        if isinstance(text, str) and text:
            return text
    for attribute in ("path", "source", "file"):
        path = getattr(value, attribute, None)
        if isinstance(path, (str, os.PathLike)) and str(path):
            return os.path.basename(os.fspath(path))
    if isinstance(value, os.PathLike):
        return os.path.basename(os.fspath(value))
    return type(value).__name__


def settings_text(values: Mapping[str, Any]) -> str:
    return ", ".join(f"{name}={label(value)}" for name, value in values.items()) or "(the defaults)"
