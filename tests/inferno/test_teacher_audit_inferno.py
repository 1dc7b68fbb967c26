"""Mountain of Inferno's findings of a teacher's audit (H2, M1, M2): a ruleset labelled with one
edition that plays the other is refused, saying how to write it; an exercise on a choice with no
place on the Mountain is refused by name; the notation refuses indentation and blank lines that
would move cards to another column or row."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from rulesbook import teach
from rulesbook.core import NotationError
from rulesbook.core.data import DataError
from rulesbook.core.records import GameRecord
from rulesbook.inferno import Position, Rules, game_moment


def test_replace_to_another_edition_is_refused_saying_how_to_write_it():
    with pytest.raises(DataError) as caught:
        replace(Rules(), edition="zh")
    said = str(caught.value)
    assert said.startswith("Rules.edition: ")
    assert "all 11 of its edition switches at the EN values" in said
    assert "dataclasses.replace" in said and "Rules(edition='zh')" in said and "Rules(edition='en')" in said
    with pytest.raises(DataError, match=re.escape("Rules(edition='zh', play_limit=2)")):
        replace(Rules(play_limit=2), edition="zh")  # what was meant: the ZH preset with the one change
    with pytest.raises(DataError, match=re.escape("Rules(edition='en', two_pawns=True)")):
        replace(Rules(edition="zh", two_pawns=True), edition="en")


def test_a_record_whose_edition_alone_was_edited_is_refused_naming_that_way_too():
    """A teacher who typed "zh" over a record's "en" used no Python: the refusal names their way
    there (a record lists every switch), beside replace's, and how to write the rules meant."""
    data = GameRecord.play("inferno", 2, seed=1).to_dict()
    data["rules"]["edition"] = "zh"
    with pytest.raises(DataError) as caught:
        GameRecord.from_dict(data)
    said = str(caught.value)
    assert "the edition of a record's or a state's rules edited by hand" in said and "Rules(edition='en')" in said


def test_a_ruleset_that_follows_its_edition_in_most_switches_is_kept():
    for rules in (Rules(edition="zh", mixed_plays=True, event_discard=True, play_limit=None),
                  replace(Rules(edition="zh"), two_pawns=True), replace(Rules(), edition="en"),
                  Rules(mixed_plays=False, event_discard=False, play_limit=3, step_any_pawn=True, any_opponent_cancels=True)):
        assert Rules.from_dict(rules.to_dict()) == rules
        record = GameRecord.play("inferno", 2, seed=1, rules=rules)
        assert GameRecord.from_dict(record.to_dict()).rules == rules
    assert replace(Rules(edition="zh"), edition="zh") == Rules(edition="zh")


MOMENT = ("MK+1@R PM+1 SB+1@B DH+1", ["MK+2 BISON FAN", "SB+2"])


def test_an_exercise_on_a_choice_with_no_place_on_the_mountain_is_refused_by_name():
    discarding = game_moment(*MOMENT)
    with pytest.raises(ValueError) as caught:
        teach.exercise(discarding, "discard")
    said = str(caught.value)
    assert said.startswith("ask: the choice 'discard' (Discard with no effect) has no place on the Mountain to find")
    assert said.endswith("ask one that does: h0, h1, h2")
    with pytest.raises(ValueError) as caught:
        teach.exercise(discarding, "h5")
    assert "the choices are h0, h1, h2" in str(caught.value) and "discard" not in str(caught.value)
    stepping = game_moment(*MOMENT[:1], ["MK+2", "SB+2"], phase="step")
    with pytest.raises(ValueError, match=re.escape("the choice 'stay' (Stay where you are) has no place on the Mountain to find; "
                                                   "ask one that does: step")):
        teach.exercise(stepping, "stay")
    assert teach.exercise(stepping, "step").exercise["answers"] == ["0,1"]


def test_an_indented_row_or_a_blank_line_between_rows_is_refused():
    with pytest.raises(NotationError) as caught:
        Position.parse("MK+1 PM+1 SB+1\n     DH+1")
    assert str(caught.value) == ("'DH+1' at row 1, column 0: this row is indented and the others are not: write '.' for an empty place: "
                                 "columns are counted by tokens, not spaces")
    with pytest.raises(NotationError) as caught:
        Position.parse("MK+1\n\n   PM+1")
    assert str(caught.value).startswith("'PM+1' at row 1, column 0: a blank line between rows: ")
    assert str(caught.value).endswith("write '.' for an empty place: columns are counted by tokens, not spaces")
    with pytest.raises(NotationError, match="a blank line between rows"):
        Position.parse("MK+1 PM+1\n   \nSB+1 DH+1")  # blanks only: a blank line too
    with pytest.raises(NotationError, match="this row is indented and the others are not"):
        game_moment("MK+1@R PM+1\n  SB+1@B DH+1", ["MK+2"])


def test_a_common_indent_and_blank_lines_around_the_rows_are_fine():
    plain = Position.parse("MK+1 PM+1\nSB+1 DH+1")
    assert Position.parse("""
        MK+1 PM+1
        SB+1 DH+1
    """) == plain
    assert Position.parse("\n\n  MK+1 PM+1\n  SB+1 DH+1\n\n") == plain
    assert Position.parse("\tMK+1 PM+1\n\tSB+1 DH+1") == plain
    assert Position.parse("MK+1   PM+1\nSB+1   DH+1") == plain  # aligned with spaces between tokens
