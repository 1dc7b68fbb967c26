"""Rules typed as text (`rulesbook.core.rulestext`), as the command line's `--rules` and a teacher's
`variant("...")` write them: every kind of field a game's `Rules` has, read from its text, and a
clear refusal for each way the text can be wrong; and a value given as an object checked by the
field's type (`value_problem`), as the lab checks a notebook's values.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Literal

import pytest
from hypothesis import given, strategies as st

from rulesbook.core.rules import RulesData
from rulesbook.core.rulestext import field_from_text, rule_value_problem, split_fields, value_from_text, value_problem


class Pack:
    """A data set a game reads itself (its rule_from_text reads a file), not text."""


@dataclass(frozen=True)
class Rules(RulesData):
    expert: bool = False
    edition: Literal["en", "zh"] = "en"
    limit: int | None = None


@pytest.mark.parametrize(("text", "fields"), [
    ("expert=true", {"expert": "true"}),
    (" expert = yes , limit=3 ", {"expert": "yes", "limit": "3"}),
    ("windows=[[1,2],[3,4]],limit=1", {"windows": "[[1,2],[3,4]]", "limit": "1"}),  # commas in brackets stay
    ("pair=(1,2),name=a=b", {"pair": "(1,2)", "name": "a=b"}),  # a value may hold "="
    ("limit=", {"limit": ""}),
    ("name=X1,limit=2", {"name": "X1", "limit": "2"}),  # letters are no brackets
    ('name="my,set [1].csv",limit=2', {"name": "my,set [1].csv", "limit": "2"}),  # a value in quotes keeps its commas
    ('windows=["a,b"],name=" x "', {"windows": '["a,b"]', "name": " x "}),  # JSON keeps its quotes
])
def test_fields_are_split_at_the_commas_outside_brackets(text, fields):
    assert split_fields(text, "expert=true") == fields


@pytest.mark.parametrize(("text", "said"), [
    ("expert", "'expert' is not FIELD=VALUE (rules are written like expert=true,limit=3)"),
    ("=1", "'=1' is not FIELD=VALUE"),
    ("limit=1,,expert=no", "'' is not FIELD=VALUE"),
    ("limit=1,limit=2", "the rule 'limit' is given twice"),
])
def test_text_that_is_not_fields_is_refused_saying_why(text, said):
    with pytest.raises(ValueError, match="^" + said.replace("(", r"\(").replace(")", r"\)")):
        split_fields(text, "expert=true,limit=3")


@pytest.mark.parametrize(("kind", "text", "value"), [
    (bool, "true", True), (bool, "YES", True), (bool, "On", True), (bool, "1", True),
    (bool, "false", False), (bool, "No", False), (bool, "off", False), (bool, "0", False),
    (int, "12", 12), (int, "-3", -3), (float, "0.25", 0.25), (float, "2", 2.0), (str, "Red Boy", "Red Boy"),
    (Literal["en", "zh"], "zh", "zh"), (Literal[3, 4], "4", 4),
    (int | None, "none", None), (int | None, "NULL", None), (int | None, "", None), (int | None, "7", 7),
    (None | int, "7", 7), (tuple[int], "5", (5,)), (tuple[int, str, int], "1/a/2", (1, "a", 2)),
    (str | None, "None", None), (Literal["a"] | int, "5", 5),
    (tuple[int, ...], "1/2/3", (1, 2, 3)), (tuple[int, ...], "1//2/", (1, 2)), (tuple[int, ...], "", ()),
    (tuple[int, ...], "[1, 2]", (1, 2)), (tuple[float, ...], "[1, 2.5]", (1.0, 2.5)),
    (tuple[bool, ...], "[true, false]", (True, False)), (tuple[bool, ...], "yes/no", (True, False)),
    (tuple[int, str], "1/Red", (1, "Red")), (tuple[int, str], '[1, "Red"]', (1, "Red")),
    (tuple[tuple[int, int], ...], "[[1, 2], [3, 4]]", ((1, 2), (3, 4))),
    (tuple[tuple[int, int], ...], "[]", ()),
])
def test_a_value_is_read_by_its_fields_type(kind, text, value):
    read = value_from_text(kind, text)
    assert read == value and type(read) is type(value)
    if isinstance(value, tuple) and value:
        assert [type(item) for item in read] == [type(item) for item in value]


@pytest.mark.parametrize(("kind", "text", "said"), [
    (bool, "maybe", "'maybe' is not true or false"),
    (int, "1.5", "'1.5' is not a whole number"),
    (float, "half", "'half' is not a number"),
    (Literal["en", "zh"], "fr", "'fr' is not one of en, zh"),
    (int | None, "x", "'x' is not a whole number"),
    (Literal["a"] | int, "x", "'x' is not one of a or 'x' is not a whole number"),
    (tuple[int, ...], "1/x", "'x' is not a whole number"),
    (tuple[int, ...], "[1, 2", "'[1, 2' is not a JSON list the rules can read: not JSON: Expecting ',' delimiter (line 1, column 6)"),
    (tuple[int, ...], "[NaN]", "'[NaN]' is not a JSON list the rules can read: not JSON the game can read: NaN is not a number JSON data may hold"),
    (tuple[int, ...], "[1, 2.5]", "2.5 is not a whole number"),
    (tuple[int, ...], "[true]", "True is not a whole number"),
    (tuple[bool, ...], "[1]", "1 is not true or false"),
    (tuple[int, str], "1", "'1' should have 2 parts"),
    (tuple[tuple[int, int], ...], "[[1, 2], 3]", "3 is not a list of 2 whole numbers"),
    (tuple[tuple[int, int], ...], "[[1, 2, 3]]", "'[1, 2, 3]' should have 2 parts"),
    (tuple[tuple[int, int], ...], '{"a": 1}', "'{\"a\": 1}' should have 2 parts"),
    (Pack, "pack.json", "'pack.json' cannot stand for a Pack: give the value itself"),
    ("Pack", "pack.json", "'pack.json' cannot stand for a Pack: give the value itself"),  # an annotation as text
])
def test_a_value_its_field_cannot_take_is_refused_saying_why(kind, text, said):
    with pytest.raises(ValueError) as refused:
        value_from_text(kind, text)
    assert str(refused.value) == said


@given(st.text(st.sampled_from("0123456789+-_ .e٣３²߁"), max_size=6))
def test_a_whole_number_is_read_from_the_ascii_digits_alone(text):
    """int() reads "٣", "３" and "1_0" too; the command line's own options and the games' notation
    read none of them, so a rule typed so is refused as they are."""
    written = re.fullmatch(r"[+-]?[0-9]+", text.strip())
    try:
        value = value_from_text(int, text)
    except ValueError as error:
        assert not written and str(error) == f"{text!r} is not a whole number"
    else:
        assert written and value == int(text.strip())


@pytest.mark.parametrize("text", ["nan", "inf", "-Infinity", "1e999", "٣.٥", "1_0.5", "0x1p3", ""])
def test_a_number_that_is_no_finite_number_in_ascii_digits_is_refused(text):
    with pytest.raises(ValueError) as refused:
        value_from_text(float, text)
    assert str(refused.value) == f"{text!r} is not a number"


@pytest.mark.parametrize(("text", "value"), [("0.25", 0.25), (".5", 0.5), ("2.", 2.0), ("-1e3", -1000.0), (" 7 ", 7.0)])
def test_a_number_in_ascii_digits_is_read(text, value):
    assert value_from_text(float, text) == value


def test_text_that_opens_a_json_list_and_is_not_one_is_refused():
    for text in ("[1]x", "[", "[1, 2,]", "[NaN"):
        with pytest.raises(ValueError) as refused:
            value_from_text(tuple[int, ...], text)
        assert str(refused.value).startswith(f"{text!r} is not a JSON list the rules can read: not JSON")


def test_a_list_nested_too_deep_is_refused_as_a_files_json_is():
    """Read by json.loads alone, 5,000 brackets raised RecursionError: a traceback on the command line."""
    with pytest.raises(ValueError) as refused:
        value_from_text(tuple[tuple[int, int], ...], "[" * 5000 + "]" * 5000)
    assert str(refused.value).endswith("is not a JSON list the rules can read: nested deeper than 64 levels")


def test_a_field_is_named_in_its_refusal():
    assert field_from_text(Rules, "limit", "none") is None and field_from_text(Rules, "edition", "zh") == "zh"
    with pytest.raises(ValueError, match=r"^there is no rule 'limits'$"):
        field_from_text(Rules, "limits", "3")
    with pytest.raises(ValueError, match=r"^bad value for the rule 'expert': 'maybe' is not true or false$"):
        field_from_text(Rules, "expert", "maybe")


@pytest.mark.parametrize(("kind", "value", "problem"), [
    (Any, object(), None), ("Pack", 3, None),
    (int | None, None, None), (int | None, 3, None), (int | None, "3", "'3' is not a whole number or '3' is not None"),
    (type(None), None, None), (type(None), 0, "0 is not None"),
    (Literal["en", "zh"], "zh", None), (Literal["en", "zh"], "fr", "'fr' is not one of 'en', 'zh'"),
    (bool, False, None), (bool, 0, "0 is not true or false"),
    (int, 3, None), (int, True, "True is not a whole number"), (int, 3.0, "3.0 is not a whole number"),
    (float, 3, None), (float, 0.5, None), (float, False, "False is not a number"), (float, "1", "'1' is not a number"),
    (tuple[int, ...], (1,), None), (tuple[int, ...], [1], None), (tuple[int, ...], "1/2", "'1/2' is not a tuple"),
    (Pack, Pack(), None), (Pack, "pack.json", "'pack.json' is not a Pack"),
    (list[int], "x", None),  # a type this check does not read: the game's own check covers it
])
def test_a_value_given_as_an_object_is_checked_by_its_fields_type(kind, value, problem):
    assert value_problem(kind, value) == problem


def test_a_rules_value_problem_is_found_by_the_fields_name():
    assert rule_value_problem(Rules, "expert", "yes") == "'yes' is not true or false"
    assert rule_value_problem(Rules, "expert", True) is None
    assert rule_value_problem(Rules, "nothing", 1) is None  # an unknown name is refused elsewhere

    @dataclass(frozen=True)
    class Unread(RulesData):
        pack: "NotDefinedAnywhere" = None  # type: ignore[name-defined]  # noqa: F821

    assert rule_value_problem(Unread, "pack", 1) is None  # a type only the type checker sees


@pytest.mark.parametrize("name", ["inferno", "hudai", "madness"])
def test_each_game_shows_rules_of_its_own_as_the_example_and_they_read(name):
    """The example a refusal shows is written in the game's own rules, and changes them."""
    import rulesbook

    game = rulesbook.game(name)
    rules = game.rules_from_text(game.rules_example)
    written = split_fields(game.rules_example, "")
    assert set(written) <= set(game.rule_fields()) and len(written) == 2
    assert all(getattr(rules, field) != getattr(game.rules(), field) for field in written)
    with pytest.raises(ValueError) as refused:
        game.rules_from_text("x")
    assert str(refused.value) == f"'x' is not FIELD=VALUE (rules are written like {game.rules_example})"


def test_every_unknown_rule_name_is_named_in_order_even_when_a_name_is_no_text():
    """A mapping of rules typed in the lab may hold a key that is not text: sorted as text."""
    import rulesbook

    game = rulesbook.game("hudai")
    with pytest.raises(ValueError) as refused:
        game.check_rule_names(["zz", 5, "monk_health", "aa"])
    assert str(refused.value) == f"Hudai Pass has no rule 5, 'aa', 'zz'; its rules are {', '.join(game.rule_fields())}"
