"""Recorded games: the golden set replays, through the common record, to the results it was recorded with."""

import json
import pathlib

import pytest

from rulesbook.core.records import GameRecord
from rulesbook.inferno import State

GOLDEN = sorted((pathlib.Path(__file__).parent / "golden").glob("*.json"))


def test_the_golden_set_is_there():
    assert len(GOLDEN) >= 5


@pytest.mark.parametrize("path", GOLDEN, ids=[path.stem for path in GOLDEN])
def test_golden_games_replay_to_their_recorded_results(path):
    data = json.loads(path.read_text())
    expected = data["expected"]
    state = GameRecord.from_dict({key: value for key, value in data.items() if key != "expected"}).final_state()
    assert state.is_over
    assert list(state.totals) == expected["totals"]
    assert list(state.winners) == expected["winners"]
    assert [
        {"reason": r.reason, "ender": r.ender, "raw": list(r.raw), "scored": list(r.scored), "turns": r.turns}
        for r in state.results
    ] == expected["rounds"]
    assert str(state.mountain) == expected["final_mountain"]
    assert State.from_json(state.to_json()) == state
