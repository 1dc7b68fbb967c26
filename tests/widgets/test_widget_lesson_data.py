"""Inferno's game referee speaks to the learner in words: its hints on any game moment name no
internal code. (The page-data contract is tested in tests/lessons/test_lesson_data.py, the board
shell's Python half in test_widget_board.py.)"""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from rulesbook.inferno import Phase, Rules, apply, legal_actions, new_game
from rulesbook.lessons import GameReferee


def moments(seed: int):
    rng = __import__("random").Random(seed)
    state = new_game(3, seed, Rules())
    while not state.is_over:
        if state.phase in (Phase.PLAY, Phase.STEP, Phase.PLACE_PAWN) and rng.random() < 0.2:
            yield state
        state, _ = apply(state, rng.choice(legal_actions(state)))


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 10_000))
def test_hints_on_any_game_moment_speak_words_not_codes(seed):
    for state in list(moments(seed))[:5]:
        referee = GameReferee(state)
        hint = referee.hint(state)
        codes = {option for choice in referee.choices(state) for option in choice.options.values()}
        assert not any(code in hint for code in codes if ":" in code), hint
        assert "\u00d7" not in hint and "Legal now" not in hint and not re.search(r"\bh\d", hint), hint
        assert hint[0].isupper() and hint.endswith(".")
