"""Hudai Pass's lessons: `table` (a referee of the monk's table, a click at a time, and the
demon's turn step by step) and `questions` (the chapters' exercises and replays). Every answer is
the engine's, read from its events' data, never from their sentences."""

from rulesbook.lessons.hudai.questions import (
    CardsQuestion,
    LossQuestion,
    PowersQuestion,
    ReplayReferee,
    TableQuestion,
    TrackQuestion,
    action_place,
    find_in_table,
    longest_combo,
)
from rulesbook.lessons.hudai.table import (
    LESSON_WORDS,
    MONK,
    Moment,
    TableReferee,
    TurnStep,
    card_label,
    moment,
    place_words,
    table_view,
    turn_steps,
)

__all__ = [
    "CardsQuestion",
    "LESSON_WORDS",
    "LossQuestion",
    "MONK",
    "Moment",
    "PowersQuestion",
    "ReplayReferee",
    "TableQuestion",
    "TableReferee",
    "TrackQuestion",
    "TurnStep",
    "action_place",
    "card_label",
    "find_in_table",
    "longest_combo",
    "moment",
    "place_words",
    "table_view",
    "turn_steps",
]
