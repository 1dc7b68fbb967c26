"""Game records (rulesbook.core.records): what mutation testing found no test for — the field each
refusal names (the game, the actions' limit, a bot's name, an unreadable file). A teacher who
hand-edits a record is told which field to mend."""

from __future__ import annotations

import pytest

import rulesbook
from rulesbook.core.data import DataError
from rulesbook.core.records import GameRecord


def test_a_record_of_no_known_game_names_the_field_game():
    with pytest.raises(DataError) as refused:
        GameRecord("chess", 2, 1)
    assert refused.value.field == "record.game"


@pytest.mark.parametrize("game", ["inferno", "hudai", "madness"])
def test_a_record_longer_than_any_game_is_refused_by_its_count(game):
    """A game's longest possible play bounds a record: a file of a million actions is refused
    before one of them is read, not replayed for minutes."""
    protocol = rulesbook.game(game)
    players = protocol.default_seats(None)
    with pytest.raises(DataError) as refused:
        GameRecord(game, players, 1, actions=["x"] * (protocol.max_actions + 1))
    assert refused.value.field == "record.actions"
    assert f"at most {protocol.max_actions}" in refused.value.why
    assert len(GameRecord(game, players, 1, actions=["pass"] * protocol.max_actions).actions) == protocol.max_actions


@pytest.mark.parametrize("bots", [["random", 3, "random"], ("random", "", "random")])
def test_a_bad_bot_name_names_its_seat_in_the_field_bots(bots):
    with pytest.raises(DataError) as refused:
        GameRecord("inferno", 3, 1, bots=bots)
    assert refused.value.field == "record.bots[1]"


def test_an_unreadable_record_file_names_the_record(tmp_path):
    with pytest.raises(DataError) as refused:
        GameRecord.read(tmp_path / "no such record.json")
    assert refused.value.field == "record" and "no such record.json" in refused.value.why
