"""rulesbook.core.data: reading data from outside without trusting it. A file's size limit and its
encoding, JSON refused by what is wrong with it (in English and zh-TW), the depth and Unicode
checks, the JSON kinds, and the field readers (`expect`, `take`, `whole`, `items`, `only_fields`,
`of_game`), each refusal naming its field and saying why."""

from __future__ import annotations

import json
import math

import pytest
from hypothesis import given, strategies as st

from rulesbook.core import data
from rulesbook.core.data import (MAX_BYTES, MAX_DEPTH, DataError, check_json, expect, is_kind, items, kind_words, of_game,
                                 only_fields, parse_json, read_text, take, whole, within)
from rulesbook.core.messages import Message


def refusal(make) -> DataError:
    with pytest.raises(DataError) as refused:
        make()
    return refused.value


# --- DataError ---------------------------------------------------------------------------------


def test_a_data_error_names_its_field_before_its_reason_and_keeps_both():
    error = DataError("state.hands[2]", Message("expected {count} cards", count=3))
    assert (error.field, error.why, error.message) == ("state.hands[2]", "expected 3 cards", Message("expected {count} cards", count=3))
    assert str(error) == error.args[0] == "state.hands[2]: expected 3 cards"
    assert error.said() == Message("{field}: {why}", field="state.hands[2]", why=error.message)
    assert isinstance(error, ValueError)


def test_a_data_error_without_a_field_is_its_reason_alone():
    error = DataError("", "no game was given")
    assert str(error) == error.args[0] == error.why == "no game was given"
    assert error.said() == Message.text("no game was given")


# --- read_text ---------------------------------------------------------------------------------


def test_a_file_is_read_as_utf8_text_without_its_byte_order_mark(tmp_path):
    path = tmp_path / "state.json"
    path.write_bytes("\ufeff{\"name\": \"火焰山\"}".encode())
    assert read_text(path, "state") == "{\"name\": \"火焰山\"}"
    assert read_text(str(path), "state") == "{\"name\": \"火焰山\"}"


def test_a_file_of_exactly_the_limit_is_read_and_one_byte_more_is_refused(tmp_path):
    path = tmp_path / "pack.json"
    path.write_bytes(b"x" * 10)
    assert read_text(path, "pack", limit=10) == "x" * 10
    error = refusal(lambda: read_text(path, "pack", limit=9))
    assert error.field == "pack" and error.why == f"{str(path)!r} is larger than 9 bytes"


def test_a_file_that_never_ends_is_refused_after_the_default_limit():
    assert MAX_BYTES == 16 * 1024 * 1024
    error = refusal(lambda: read_text("/dev/zero", "record"))
    assert str(error) == "record: '/dev/zero' is larger than 16,777,216 bytes"


def test_a_file_that_cannot_be_opened_is_refused_with_the_systems_reason(tmp_path):
    missing = tmp_path / "nothing.json"
    error = refusal(lambda: read_text(missing, "state"))
    assert error.field == "state" and error.why == f"cannot read {str(missing)!r}: No such file or directory"
    assert error.__cause__ is None and error.__suppress_context__
    assert refusal(lambda: read_text(tmp_path, "state")).why == f"cannot read {str(tmp_path)!r}: Is a directory"


def test_a_file_refused_by_an_error_without_the_systems_words_is_refused_with_the_errors_text(monkeypatch):
    def refuse(path, mode):
        raise OSError("the disk went away")
    monkeypatch.setattr(data, "open", refuse, raising=False)
    assert str(refusal(lambda: read_text("state.json", "state"))) == "state: cannot read 'state.json': the disk went away"


def test_a_file_that_is_not_utf8_is_refused_at_its_first_bad_byte(tmp_path):
    path = tmp_path / "cards.csv"
    path.write_bytes(b"name,value\n\xe9t\xe9,1\n")
    error = refusal(lambda: read_text(path, "cards"))
    assert error.field == "cards" and error.why == f"{str(path)!r} is not UTF-8 text (byte 11)"
    assert error.__suppress_context__


# --- parse_json --------------------------------------------------------------------------------


def test_json_is_read_from_text_bytes_or_a_bytearray():
    assert parse_json('{"seed": 1}', "state") == parse_json(b'{"seed": 1}', "state") == parse_json(bytearray(b'{"seed": 1}'), "state") == {"seed": 1}


@pytest.mark.parametrize("value, kind", [(None, "NoneType"), (12, "int"), ({"seed": 1}, "dict")])
def test_what_is_not_json_text_is_refused_by_its_kind(value, kind):
    assert str(refusal(lambda: parse_json(value, "state"))) == f"state: expected JSON text, not {kind}"


def test_json_text_longer_than_the_limit_is_refused_before_it_is_parsed():
    assert parse_json("[1, 2]", "state", limit=6) == [1, 2]
    assert str(refusal(lambda: parse_json("[1, 2] ", "state", limit=6))) == "state: larger than 6 bytes"
    assert str(refusal(lambda: parse_json("[" * 5000, "state", limit=4999))) == "state: larger than 4,999 bytes"


def test_json_too_deep_for_python_is_refused_as_too_deep():
    error = refusal(lambda: parse_json("[" * 100_000 + "]" * 100_000, "record"))
    assert str(error) == f"record: nested deeper than {MAX_DEPTH} levels" and error.__suppress_context__


@pytest.mark.parametrize("depth", [1, 2, 63, 64, 65, 100])
def test_json_is_read_to_sixty_four_levels_and_no_deeper(depth):
    text = "[" * depth + "]" * depth
    if depth <= 64:
        assert parse_json(text, "state") == json.loads(text)
    else:
        assert str(refusal(lambda: parse_json(text, "state"))) == "state: nested deeper than 64 levels"
    objects = '{"a": ' * (depth - 1) + "{}" + "}" * (depth - 1)
    if depth <= 64:
        assert parse_json(objects, "state") == json.loads(objects)
    else:
        assert str(refusal(lambda: parse_json(objects, "state"))) == "state: nested deeper than 64 levels"


#: Text Python's json module refuses, what it says, and the catalogue's zh-TW for it.
BROKEN = [
    ("", "Expecting value", 1, 1, "這裡應該有一個值"),
    ('{1: 2}', "Expecting property name enclosed in double quotes", 1, 2, "這裡應該有一個以雙引號括起的欄位名稱"),
    ('{"a" 1}', "Expecting ':' delimiter", 1, 6, "這裡應該有冒號 ':'"),
    ('[1\n 2]', "Expecting ',' delimiter", 2, 2, "這裡應該有逗號 ','"),
    ('"abc', "Unterminated string starting at", 1, 1, "字串沒有結束"),
    ('"a\x01"', "Invalid control character at", 1, 3, "有不允許的控制字元"),
    ('"\\q"', "Invalid \\escape", 1, 2, "有無效的跳脫字元 \\"),
    ('"\\u12"', "Invalid \\uXXXX escape", 1, 3, "有無效的 \\uXXXX 跳脫"),
    ("1 2", "Extra data", 1, 3, "後面還有多餘的資料"),
]


@pytest.mark.parametrize("text, why, line, column, chinese", BROKEN)
def test_text_that_is_not_json_is_refused_with_where_and_why_in_both_languages(text, why, line, column, chinese):
    error = refusal(lambda: parse_json(text, "state"))
    assert str(error) == f"state: not JSON: {why} (line {line}, column {column})"
    assert error.say("zh-TW") == f"state：不是 JSON：{chinese}（第{line}行，第{column}字）"
    assert error.__suppress_context__


@pytest.mark.parametrize("why, chinese", [("Illegal trailing comma before end of object", "物件結尾前多了一個逗號"),
                                          ("Illegal trailing comma before end of array", "清單結尾前多了一個逗號")])
def test_newer_pythons_words_for_a_trailing_comma_are_said_in_zh_tw_too(monkeypatch, why, chinese):
    """Python 3.13 says these (3.11 says "Expecting value" or "Expecting property name ...")."""
    def refuse(text, **options):
        raise json.JSONDecodeError(why, text, 7)
    monkeypatch.setattr(json, "loads", refuse)
    error = refusal(lambda: parse_json('{"a": 1,}', "pack"))
    assert str(error) == f"pack: not JSON: {why} (line 1, column 8)"
    assert error.say("zh-TW") == f"pack：不是 JSON：{chinese}（第1行，第8字）"


def test_words_of_the_json_module_no_catalogue_holds_are_kept_as_they_are(monkeypatch):
    def refuse(text, **options):
        raise json.JSONDecodeError("Something new", text, 0)
    monkeypatch.setattr(json, "loads", refuse)
    assert refusal(lambda: parse_json("[]", "pack")).say("zh-TW") == "pack：不是 JSON：Something new（第1行，第1字）"


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
def test_json_numbers_that_are_no_numbers_are_refused_by_name(constant):
    error = refusal(lambda: parse_json(f'{{"score": [{constant}]}}', "record"))
    assert str(error) == f"record: not JSON the game can read: {constant} is not a number JSON data may hold"
    assert error.__suppress_context__


def test_an_integer_longer_than_python_reads_is_refused_as_json_the_game_cannot_read():
    error = refusal(lambda: parse_json("1" * 5000, "record"))
    assert error.field == "record" and error.why.startswith("not JSON the game can read: Exceeds the limit")


# --- check_json --------------------------------------------------------------------------------


def nested(depth: int, leaf: object = 0) -> object:
    """Lists and objects taking turns, `depth` levels deep, around `leaf`."""
    value = leaf
    for level in range(depth):
        value = [value] if level % 2 else {"x": value}
    return value


@given(st.integers(min_value=1, max_value=12), st.integers(min_value=1, max_value=12))
def test_data_nested_to_the_limit_passes_and_one_level_more_is_refused(depth, limit):
    if depth <= limit:
        assert check_json(nested(depth), "state", limit) is None
    else:
        error = refusal(lambda: check_json(nested(depth), "state", limit))
        assert error.field == "state" and error.why == f"nested deeper than {limit} levels"


def test_depth_is_counted_in_lists_and_objects_only_and_in_every_branch():
    check_json([[["deep text", 1.5, None, True]]], "state", 3)  # a leaf is no level
    assert refusal(lambda: check_json([[1], [[2]]], "state", 2)).why == "nested deeper than 2 levels"  # the second branch
    assert refusal(lambda: check_json({"a": 1, "b": {"c": []}}, "state", 2)).why == "nested deeper than 2 levels"
    check_json(nested(MAX_DEPTH), "state")
    assert refusal(lambda: check_json(nested(MAX_DEPTH + 1), "state")).why == "nested deeper than 64 levels"


@pytest.mark.parametrize("data", ["\ud800", ["ok", "a\udfff"], {"a": {"b": "x\udc00"}}, {"\ud800": 1}, {"a": {"\udbff": 2}}])
def test_half_of_a_utf16_pair_anywhere_in_the_data_is_refused(data):
    error = refusal(lambda: check_json(data, "record"))
    assert error.field == "record" and error.why.endswith("is not Unicode text (it holds half of a UTF-16 pair)")


def test_text_that_is_whole_unicode_passes_the_check():
    check_json({"名": ["\U0001f600", "é", "plain"], "ascii": "x"}, "record")


# --- kinds -------------------------------------------------------------------------------------


json_values = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=5),
                           lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=3),
                           max_leaves=6)


@given(json_values)
def test_a_json_kind_is_what_json_means_by_it(value):
    """A bool is no number, a float no whole number, NaN and infinity no number at all."""
    assert is_kind(value, bool) == (type(value) is bool)
    assert is_kind(value, int) == (type(value) is int)
    assert is_kind(value, float) == (type(value) in (int, float) and math.isfinite(value))
    assert is_kind(value, str) == isinstance(value, str)
    assert is_kind(value, list) == isinstance(value, list) and is_kind(value, dict) == isinstance(value, dict)
    assert is_kind(value, (int, str)) == (is_kind(value, int) or is_kind(value, str))
    assert is_kind(value, (bool, float)) == (is_kind(value, bool) or is_kind(value, float))


def test_the_kinds_are_worded_in_english_and_zh_tw():
    assert str(kind_words((bool, float, dict))) == "true or false, a number or an object"
    assert kind_words((bool, float, dict)).say("zh-TW") == "true 或 false、數字或物件"
    assert (str(kind_words(list)), kind_words(list).say("zh-TW")) == ("a list", "清單")


# --- expect and take ---------------------------------------------------------------------------


def test_expect_gives_the_value_of_its_kind_back():
    assert expect(3, int, "state.seed") == 3 and expect("x", (int, str), "state.seed") == "x"
    assert expect(2, float, "state.score") == 2


@pytest.mark.parametrize("value, kind, said", [
    ("one", int, "expected a whole number, not 'one'"),
    (True, int, "expected a whole number, not True"),
    (1.5, int, "expected a whole number, not 1.5"),
    (float("nan"), float, "expected a number, not nan"),
    (1, bool, "expected true or false, not 1"),
    ([1], (str, int), "expected text or a whole number, not [1]"),
    (None, dict, "expected an object, not None"),
])
def test_expect_refuses_another_kind_naming_the_field_and_both_kinds(value, kind, said):
    error = refusal(lambda: expect(value, kind, "state.seed"))
    assert (error.field, error.why) == ("state.seed", said)


def test_expect_refuses_text_holding_half_of_a_utf16_pair():
    error = refusal(lambda: expect("a\ud800", str, "state.name"))
    assert error.field == "state.name" and error.why == "'a\\ud800' is not Unicode text (it holds half of a UTF-16 pair)"


def test_take_reads_a_field_of_its_kind():
    assert take({"seed": 7, "name": "x"}, "seed", int, "state") == 7


def test_take_names_a_missing_field_unless_it_has_a_default():
    error = refusal(lambda: take({"name": "x"}, "seed", int, "state"))
    assert (error.field, error.why) == ("state.seed", "missing")
    assert take({}, "seed", int, "state", 5) == 5
    assert take({}, "seed", int, "state", None) is None  # None is a default like any other
    assert take({"seed": 9}, "seed", int, "state", 5) == 9


def test_take_checks_a_present_field_even_with_a_default_and_names_it_under_where():
    error = refusal(lambda: take({"seed": "9"}, "seed", int, "record.state", 5))
    assert (error.field, error.why) == ("record.state.seed", "expected a whole number, not '9'")


def test_take_refuses_what_is_not_an_object():
    error = refusal(lambda: take([1], "seed", int, "state"))
    assert (error.field, error.why) == ("state", "expected an object, not [1]")


# --- whole, items, only_fields, of_game ---------------------------------------------------------


@given(st.integers(-20, 20), st.one_of(st.none(), st.integers(-10, 10)), st.one_of(st.none(), st.integers(-10, 10)))
def test_a_whole_number_is_read_within_its_bounds_and_refused_outside_them(value, low, high):
    inside = (low is None or value >= low) and (high is None or value <= high)
    if inside:
        assert whole(value, "rules.seats", low, high) == value
        return
    error = refusal(lambda: whole(value, "rules.seats", low, high))
    assert error.field == "rules.seats"
    if low is not None and high is not None:
        assert error.why == f"expected a whole number from {low} to {high}, not {value}"
    elif low is not None:
        assert error.why == f"expected a whole number at least {low}, not {value}"
    else:
        assert error.why == f"expected a whole number at most {high}, not {value}"


@pytest.mark.parametrize("value, low, high, said", [
    (1, 2, 4, "expected a whole number from 2 to 4, not 1"),
    (5, 2, 4, "expected a whole number from 2 to 4, not 5"),
    (-1, 0, None, "expected a whole number at least 0, not -1"),
    (10, None, 9, "expected a whole number at most 9, not 10"),
])
def test_a_whole_number_outside_its_bounds_is_refused_naming_the_bounds_it_has(value, low, high, said):
    error = refusal(lambda: whole(value, "rules.seats", low, high))
    assert (error.field, error.why) == ("rules.seats", said)


def test_a_whole_number_at_either_bound_is_read():
    assert whole(2, "n", 2, 4) == 2 and whole(4, "n", 2, 4) == 4 and whole(2, "n", 2) == 2 and whole(4, "n", high=4) == 4
    assert whole(-5, "n") == -5


def test_whole_refuses_what_is_no_whole_number():
    assert str(refusal(lambda: whole(2.0, "rules.seats", 1, 4))) == "rules.seats: expected a whole number, not 2.0"
    assert str(refusal(lambda: whole(True, "rules.seats", 0, 4))) == "rules.seats: expected a whole number, not True"


def test_items_reads_each_item_naming_it_by_its_place():
    seen = items([3, 4], "state.hands", lambda item, where: (item, where))
    assert seen == [(3, "state.hands[0]"), (4, "state.hands[1]")]
    assert items([], "state.hands", lambda item, where: item, most=0) == []
    error = refusal(lambda: items([1, "x"], "state.hands", lambda item, where: expect(item, int, where)))
    assert (error.field, error.why) == ("state.hands[1]", "expected a whole number, not 'x'")


def test_items_refuses_more_than_most_and_what_is_not_a_list():
    assert items([1, 2], "hands", lambda item, where: item, most=2) == [1, 2]
    error = refusal(lambda: items([1, 2, 3], "hands", lambda item, where: item, most=2))
    assert (error.field, error.why) == ("hands", "holds 3 items; at most 2")
    error = refusal(lambda: items({"a": 1}, "hands", lambda item, where: item))
    assert (error.field, error.why) == ("hands", "expected a list, not {'a': 1}")


def test_only_fields_gives_the_object_back_or_names_every_unknown_field_in_order():
    data = {"seed": 1}
    assert only_fields(data, ("seed", "hands"), "state") is data
    error = refusal(lambda: only_fields({"zeta": 1, "seed": 1, "alpha": 2}, {"seed", "hands", "game"}, "state"))
    assert (error.field, error.why) == ("state", "no field 'alpha', 'zeta'; the fields are game, hands, seed")
    assert refusal(lambda: only_fields("seed", ("seed",), "state")).why == "expected an object, not 'seed'"


def test_a_state_of_this_game_or_of_no_named_game_is_accepted():
    assert of_game({"game": "hudai", "seed": 1}, "hudai", "Hu Dai") is None
    assert of_game({"seed": 1}, "hudai", "Hu Dai") is None


def test_a_state_of_another_game_is_refused_by_what_it_is():
    error = refusal(lambda: of_game({"game": "madness"}, "hudai", "Hu Dai"))
    assert (error.field, error.why) == ("state.game", "this is a state of 'madness', not of Hu Dai")
    error = refusal(lambda: of_game({"game": "hudai"}, "inferno", "Mountain of Inferno"))
    assert error.say("zh-TW") == "state.game：這是'hudai'的遊戲狀態，不是火焰山的"  # the game's name as the catalogue says it
    error = refusal(lambda: of_game({"game": 3}, "hudai", "Hu Dai"))
    assert (error.field, error.why) == ("state.game", "expected text, not 3")


# --- within ------------------------------------------------------------------------------------


def test_within_keeps_the_reason_and_words_another_errors_text_as_it_is():
    def refusing(error):
        def make():
            raise error
        return make
    error = refusal(lambda: within(refusing(DataError("Rules.hand_size", Message("must be at least {low}, not {value}", low=1, value=0))),
                                   "state.rules"))
    assert str(error) == "state.rules.hand_size: must be at least 1, not 0" and error.__suppress_context__
    error = refusal(lambda: within(refusing(ValueError("is for 2 to 4 players, not 7")), "record.players"))
    assert str(error) == "record.players: is for 2 to 4 players, not 7" and error.__suppress_context__
    kept = DataError("state[2].seat", "kept")
    assert refusal(lambda: within(refusing(kept), "state.rules")) is kept
    assert refusal(lambda: within(refusing(DataError("Rules.seats", "odd")), "record.game.rules")).field == "record.game.rules.seats"
    assert refusal(lambda: within(refusing(DataError("Rules.seats", "odd")), "record")).field == "record.rules.seats"
    assert refusal(lambda: within(refusing(DataError("game.seats", "odd")), "record.game")).field == "record.game.seats"
    assert refusal(lambda: within(refusing(DataError("players", "odd")), "record.table.players")).field == "record.table.players"
