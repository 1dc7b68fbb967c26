"""rulesbook.core.rules: what every game's `Rules` shares, on a small Rules of its own. The fields'
types checked when the rules are made (by hand or from JSON), the game's check run after them,
the JSON round trip (tuples as lists), the repr naming what differs from the printed game, the
refusal of another game's rules, and the annotations read (`fits`) and said in words (`describe`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Literal, Optional, Union

import pytest
from hypothesis import given, strategies as st

from rulesbook.core.data import DataError
from rulesbook.core.house import HouseRule
from rulesbook.core.rules import RulesData, check_value, describe, fits


@dataclass(frozen=True, repr=False)
class Rules(RulesData):
    game_title: ClassVar[str] = "Mountain of Inferno"
    expert: bool = False
    rounds: tuple[tuple[int, int], ...] = ((2, 4),)
    limit: int | None = None
    name: str = "plain"
    mode: Literal["en", "zh"] = "en"

    def check(self) -> None:
        if self.limit is not None and self.limit < 1:
            raise DataError("Rules.limit", f"must be at least 1, not {self.limit}")


@dataclass(frozen=True, repr=False)
class Other(RulesData):
    game_title: ClassVar[str] = "Hu Dai"
    seats: int = 2


@dataclass(frozen=True, repr=False)
class Table(RulesData):
    """Fields whose lists become tuples by their annotation: a pair of a number and a pair, a pair or none."""
    game_title: ClassVar[str] = "Hu Dai"
    house_moments: ClassVar[tuple[str, ...]] = ("scoring",)
    start: tuple[int, tuple[int, int]] = (0, (0, 0))
    reach: tuple[int, int] | None = None
    house: tuple[HouseRule, ...] = ()


#: The defaults of `Edition` that its edition prints (as Inferno's `edition` does).
PRINTED = {"en": (3, False), "zh": (5, True)}


@dataclass(frozen=True, repr=False)
class Edition(RulesData):
    printed_by: ClassVar[tuple[str, ...]] = ("edition",)
    edition: str = "en"
    hand: int = -1
    strict: Any = None

    def __post_init__(self) -> None:
        hand, strict = PRINTED[self.edition]
        if self.hand == -1:
            object.__setattr__(self, "hand", hand)
        if self.strict is None:
            object.__setattr__(self, "strict", strict)
        super().__post_init__()


def refusal(make) -> DataError:
    with pytest.raises(DataError) as refused:
        make()
    return refused.value


# --- made by hand ------------------------------------------------------------------------------


def test_rules_made_by_hand_keep_their_values_and_turn_lists_into_the_tuples_they_hold():
    rules = Rules(expert=True, rounds=[[3, 3], [4, 2]], limit=2)
    assert (rules.expert, rules.rounds, rules.limit) == (True, ((3, 3), (4, 2)), 2)
    assert rules == Rules(expert=True, rounds=((3, 3), (4, 2)), limit=2)


def test_a_keyword_that_is_no_field_is_refused_listing_the_fields():
    error = refusal(lambda: Rules(expret=True))
    assert (error.field, error.why) == ("Rules", "no field 'expret'; the fields are expert, limit, mode, name, rounds")


@pytest.mark.parametrize("values, field, said", [
    ({"expert": "false"}, "Rules.expert", "expected true or false, not 'false'"),
    ({"expert": 1}, "Rules.expert", "expected true or false, not 1"),
    ({"limit": 2.0}, "Rules.limit", "expected a whole number or none (null), not 2.0"),
    ({"name": 3}, "Rules.name", "expected text, not 3"),
    ({"mode": "fr"}, "Rules.mode", "expected one of 'en', 'zh', not 'fr'"),
    ({"rounds": [[3, "3"]]}, "Rules.rounds", "expected a list of lists of 2 whole numbers, not ((3, '3'),)"),
    ({"rounds": [[3, 3, 3]]}, "Rules.rounds", "expected a list of lists of 2 whole numbers, not ((3, 3, 3),)"),
    ({"rounds": ((3, 3), [4, 4])}, "Rules.rounds", "expected a list of lists of 2 whole numbers, not ((3, 3), [4, 4])"),
    ({"name": ["a"]}, "Rules.name", "expected text, not ['a']"),  # a list is made a tuple only where one is asked for
])
def test_a_field_of_the_wrong_type_is_refused_when_the_rules_are_made(values, field, said):
    error = refusal(lambda: Rules(**values))
    assert (error.field, error.why) == (field, said)


def test_lists_become_tuples_at_every_level_the_annotation_asks_for_one():
    table = Table(start=[1, [2, 3]], reach=[3, 5])
    assert (table.start, table.reach) == ((1, (2, 3)), (3, 5))
    assert Table.from_dict({"start": [1, [2, 3]], "reach": [3, 5]}) == table
    assert Table(reach=None).reach is None
    error = refusal(lambda: Table(start=[1, [2, 3, 4]]))
    assert (error.field, error.why) == ("Rules.start", "expected a list of 2: a whole number, a list of 2 whole numbers, not (1, (2, 3, 4))")


def test_the_games_own_check_runs_once_the_types_are_right():
    assert refusal(lambda: Rules(limit=0)).why == "must be at least 1, not 0"
    assert refusal(lambda: Rules(limit="0")).why == "expected a whole number or none (null), not '0'"  # the type first


def test_the_types_of_a_rules_class_are_read_once_and_kept():
    assert Rules.field_types() is Rules.field_types()
    assert Rules.field_types()["limit"] == (int | None) and Other.field_types()["seats"] is int


# --- JSON ----------------------------------------------------------------------------------------


def test_rules_are_written_as_plain_json_and_read_back():
    rules = Rules(expert=True, rounds=((3, 3), (4, 2)), mode="zh")
    data = rules.to_dict()
    assert data == {"expert": True, "rounds": [[3, 3], [4, 2]], "limit": None, "name": "plain", "mode": "zh"}
    assert all(type(pair) is list for pair in data["rounds"])
    assert Rules.from_dict(data) == rules and Rules.from_dict({}) == Rules()


def test_rules_read_from_json_name_an_unknown_field_and_a_bad_value():
    error = refusal(lambda: Rules.from_dict({"expert": True, "zz": 1, "aa": 2}))
    assert (error.field, error.why) == ("rules", "no field 'aa', 'zz'; the fields are expert, limit, mode, name, rounds")
    error = refusal(lambda: Rules.from_dict({"rounds": [[3]]}))
    assert (error.field, error.why) == ("Rules.rounds", "expected a list of lists of 2 whole numbers, not ((3,),)")
    error = refusal(lambda: Rules.from_dict([["expert", True]]))
    assert (error.field, error.why) == ("rules", "expected an object, not [['expert', True]]")


@given(st.booleans(), st.lists(st.tuples(st.integers(2, 4), st.integers(1, 9)), max_size=4), st.none() | st.integers(1, 99),
       st.text(max_size=6).filter(lambda text: not any("\ud800" <= c <= "\udfff" for c in text)), st.sampled_from(["en", "zh"]))
def test_any_rules_go_through_json_and_back_unchanged(expert, rounds, limit, name, mode):
    rules = Rules(expert=expert, rounds=tuple(rounds), limit=limit, name=name, mode=mode)
    assert Rules.from_dict(rules.to_dict()) == rules
    assert Rules.from_dict({"rounds": [list(pair) for pair in rounds]}).rounds == tuple(rounds)


@pytest.fixture
def house():
    """A house rule defined for the test, and forgotten after."""
    from rulesbook.core.house import forget, house_rule

    try:
        yield house_rule("test-rules-core", "scoring")(lambda state: state)
    finally:
        forget("test-rules-core")


def test_house_rules_are_written_by_name_and_read_back_and_none_says_nothing(house):
    table = Table(house=(house,))
    assert table.to_dict()["house"] == ["test-rules-core"]
    assert Table.from_dict(table.to_dict()) == table
    assert "house" not in Table().to_dict() and Table.from_dict({"house": []}) == Table()
    error = refusal(lambda: Table.from_dict({"house": "test-rules-core"}))
    assert (error.field, error.why) == ("rules.house", "expected a list of house rules' names, not 'test-rules-core'")


def test_a_house_rule_at_a_moment_the_game_lacks_or_given_twice_is_refused_when_the_rules_are_made(house):
    from rulesbook.core.house import forget, house_rule

    try:
        elsewhere = house_rule("test-rules-core-turn", "turn")(lambda state: state)
        error = refusal(lambda: Table(house=(house, elsewhere)))
        assert (error.field, error.why) == ("Rules.house", "the house rule 'test-rules-core-turn' runs at 'turn', a moment Hu Dai "
                                                           "does not have; its moments are scoring")
    finally:
        forget("test-rules-core-turn")
    error = refusal(lambda: Table(house=(house, house)))
    assert (error.field, error.why) == ("Rules.house", "the house rule 'test-rules-core' is given twice")


# --- repr and given ----------------------------------------------------------------------------


def test_the_repr_names_only_the_fields_that_differ_from_the_printed_game():
    assert repr(Rules()) == "Rules()"
    assert repr(Rules(limit=3, expert=True)) == "Rules(expert=True, limit=3)"
    assert repr(Rules(rounds=[[3, 3]])) == "Rules(rounds=((3, 3),))"


def test_the_repr_of_an_edition_names_what_differs_from_that_editions_print():
    assert repr(Edition()) == "Edition()"
    assert repr(Edition(edition="zh")) == "Edition(edition='zh')"  # its hand and strictness are zh's
    assert repr(Edition(edition="zh", hand=3)) == "Edition(edition='zh', hand=3)"  # en's hand, not zh's
    assert repr(Edition(hand=5)) == "Edition(hand=5)"


def test_the_rules_a_game_is_given_are_its_own_rules_or_refused():
    rules = Rules(expert=True)
    assert Rules.given(rules) is rules
    error = refusal(lambda: Rules.given(Other()))
    assert (error.field, error.why) == ("rules", "expected the Rules of Mountain of Inferno, not those of Hu Dai")
    error = refusal(lambda: Rules.given({"expert": True}))
    assert (error.field, error.why) == ("rules", "expected the Rules of Mountain of Inferno, not {'expert': True}")
    # the game's name is said in zh-TW as the catalogue has it (this Other's title is in no catalogue)
    assert refusal(lambda: Rules.given(Other())).say("zh-TW") == "rules：應為火焰山的規則（Rules），而不是Hu Dai的規則"
    assert refusal(lambda: Rules.given(3)).say("zh-TW") == "rules：應為火焰山的規則（Rules），而不是3"
    error = refusal(lambda: Other.given(Rules()))
    assert str(error) == "rules: expected the Rules of Hu Dai, not those of Mountain of Inferno"
    assert error.say("zh-TW") == "rules：應為Hu Dai的規則（Rules），而不是火焰山的規則"


# --- annotations -------------------------------------------------------------------------------


class Pack:
    """A class a field may hold (a game's data set)."""


@pytest.mark.parametrize("value, hint, fit", [
    (object(), Any, True),
    (None, None, True), (None, type(None), True), (0, None, False),
    (None, int | None, True), (3, Optional[int], True), ("3", Union[int, None], False),
    (1, Literal[1, 2], True), (True, Literal[1], False), (1, Literal[True], False), (3, Literal[1, 2], False),
    ((), tuple[int, ...], True), ((1, 2, 3), tuple[int, ...], True), ((1, "2"), tuple[int, ...], False), ([1], tuple[int, ...], False),
    ((1, "a"), tuple[int, str], True), (("a", 1), tuple[int, str], False), ((1,), tuple[int, str], False), ((1, "a", 2), tuple[int, str], False),
    (True, bool, True), (1, bool, False), (True, int, False), (2, float, True), (float("inf"), float, False), ("x", str, True),
    (Pack(), Pack, True), ("Pack", Pack, False),
    ([1], list[int], True), ("anything", "Pack", True),  # annotations it does not read: the game's check covers them
])
def test_a_value_fits_an_annotation_as_json_data_would(value, hint, fit):
    assert fits(value, hint) is fit


@pytest.mark.parametrize("hint, said", [
    (Literal["en", "zh"], "one of 'en', 'zh'"),
    (int | None, "a whole number or none (null)"),
    (tuple[float, ...], "a list of numbers"),
    (tuple[bool, ...], "a list of true or false values"),
    (tuple[str, ...], "a list of texts"),
    (tuple[tuple[str, ...], ...], "a list of lists of texts"),
    (tuple[tuple[tuple[int, ...], ...], ...], "a list of lists of lists of whole numbers"),
    (tuple[tuple[int, str], ...], "a list of lists of 2: a whole number, text"),
    (tuple[int, int, int], "a list of 3 whole numbers"),
    (tuple[Pack, ...], "a list of Pack values"),
    (tuple[HouseRule, ...], "a list of " + HouseRule.MANY),
    (Pack, "a Pack"),
    (float, "a number"),
])
def test_an_annotation_is_said_in_words(hint, said):
    assert describe(hint) == said


def test_a_refused_value_is_named_by_where_with_what_was_expected():
    check_value((1, 2), tuple[int, int], "Rules.bison_reach")
    error = refusal(lambda: check_value((1, 2, 3), tuple[int, int], "Rules.bison_reach"))
    assert (error.field, error.why) == ("Rules.bison_reach", "expected a list of 2 whole numbers, not (1, 2, 3)")
