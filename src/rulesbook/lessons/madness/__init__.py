"""Lessons over the At the Mountains of Madness engine: any expedition moment becomes a board.

`table` draws a seat's view of the table as page data, `referee` follows an expedition from any
moment (its docstring says how a board's choices map to the engine's actions), `exercises` asks
what the engine allows (find, judge a Sled, the Leadership column). Standard library only.
"""

from rulesbook.lessons.madness.exercises import (
    PHASES,
    LeadershipColumn,
    SledJudge,
    choice_key,
    find_in_expedition,
    leadership_exercise,
    sled_exercise,
)
from rulesbook.lessons.madness.referee import AT_A_PLAYER, AT_ONE_PLACE, STOPS, ExpeditionReferee, refusal_words
from rulesbook.lessons.madness.table import DECK, DIE, DISCARD, PLACE_WORDS, SLED, TIMER, player_of, player_place, table_view

__all__ = ["AT_A_PLAYER", "AT_ONE_PLACE", "DECK", "DIE", "DISCARD", "ExpeditionReferee", "LeadershipColumn", "PHASES",
           "PLACE_WORDS", "SLED", "STOPS", "SledJudge", "TIMER", "choice_key", "find_in_expedition", "leadership_exercise",
           "player_of", "player_place", "refusal_words", "sled_exercise", "table_view"]
