"""House rules in records (rulesbook.core.house): what mutation testing found no test for — a
record's house rules read one by one, its refusals' words and fields, and a fingerprint that stays
the same hash of the same source on every version (records written today must match tomorrow)."""

from __future__ import annotations

import hashlib

import pytest

from rulesbook.core.data import DataError
from rulesbook.core.house import check_recorded, fingerprint_of, forget, house_rule


@pytest.fixture(autouse=True)
def defined_here_only():
    yield
    for name in ("test-first", "test-second", "test-plain"):
        forget(name)


def _kept(state):
    return state


def _indented():
    def twice(state):
        if state:
            return state
        return state

    return twice


def _indented_again():
    def twice(state):
        if state:
            return state
            return state

    return twice


def test_a_fingerprint_is_this_hash_of_the_moment_and_the_source_lines():
    """Pinned: a record written by an earlier version carries fingerprints made this way."""
    source = "def _kept(state):\n    return state"
    assert fingerprint_of("scoring", _kept) == hashlib.sha256(f"scoring\n{source}".encode()).hexdigest()[:12]


def test_indentation_inside_a_function_is_part_of_its_fingerprint():
    """Only the function's own indentation and trailing spaces are set aside: a line moved into a
    block is another rule."""
    assert fingerprint_of("scoring", _indented()) != fingerprint_of("scoring", _indented_again())


def test_record_names_no_house_rule_here_lists_both_sides():
    first = house_rule("test-first", "scoring")(_kept)
    second = house_rule("test-second", "scoring")(_kept)
    with pytest.raises(DataError) as refused:
        check_recorded((first, second), {"test-x": {}, "test-y": {}}, "record.house")
    assert refused.value.field == "record.house"
    assert refused.value.why == "'test-x', 'test-y': no house rule the rules name ('test-first', 'test-second')"


def test_every_house_rule_of_the_record_is_checked_not_only_those_before_one_it_omits():
    first = house_rule("test-first", "scoring")(_kept)
    second = house_rule("test-second", "scoring")(_kept)
    with pytest.raises(DataError) as refused:
        check_recorded((first, second), {"test-second": {"fingerprint": "0" * 12}}, "record.house")
    assert refused.value.field == "record.house['test-second']"


def test_a_fingerprint_of_the_wrong_kind_names_its_field():
    first = house_rule("test-first", "scoring")(_kept)
    with pytest.raises(DataError) as refused:
        check_recorded((first,), {"test-first": {"fingerprint": 12}}, "record.house")
    assert refused.value.field == "record.house['test-first'].fingerprint"


def test_rules_with_no_text_either_side_are_said_to_have_none():
    plain = house_rule("test-plain", "scoring")(lambda state: state)
    assert plain.text == "" and plain.fingerprint
    with pytest.raises(DataError) as refused:
        check_recorded((plain,), {"test-plain": {"fingerprint": "0" * 12}}, "record.house")
    assert refused.value.why.startswith("the game was played under a house rule 'test-plain' (no text) other than the one "
                                        "defined here (no text): ")
