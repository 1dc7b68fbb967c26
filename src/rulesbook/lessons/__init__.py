"""Lessons as plain data for the interactive boards: states, legal targets, feedback, hints.

Pure standard library (no Jupyter): the rules library answers every question, this package
writes the answers down so that a board on a static page can run a lesson with no kernel.
What the boards share sits here: `graph` asks a game's referee about every click, and `data` is
the page-data contract every board shares. Each game's referees are a package of their own:
`inferno` (`bison_turn`, `whole_game`, `scoring_windows`), `hudai` (`table`: the table and the
demon's turn; `questions`: exercises, replays) and `madness` (`table`, `referee`, `exercises`).
"""

from typing import TYPE_CHECKING, Any

from rulesbook.lessons.data import EXERCISE_WORDS, exercise, number_words, pack, unpack
from rulesbook.lessons.graph import Choice, LessonGraph, Outcome, Referee, parse_place, place_key, refusal_text

if TYPE_CHECKING:
    from rulesbook.lessons.inferno.bison_turn import BISON, BisonLesson, BisonTurn, bison_lesson, cancel_rights, find_exercise, find_in_bison, path_lengths
    from rulesbook.lessons.inferno.scoring_windows import WindowsReferee, windows_exercise
    from rulesbook.lessons.inferno.whole_game import GameReferee, card_label, find_in_game, game_find_exercise
    from rulesbook.lessons.madness import ExpeditionReferee, LeadershipColumn, SledJudge, find_in_expedition

#: The games' referees, imported when first asked for: a Play page of one game, or a board of one
#: game in a notebook, never loads the other games' rules (in the browser, every import is paid for).
GAME_NAMES = {
    "rulesbook.lessons.inferno.bison_turn": ("BISON", "BisonLesson", "BisonTurn", "bison_lesson", "cancel_rights", "find_exercise",
                                             "find_in_bison", "path_lengths"),
    "rulesbook.lessons.inferno.scoring_windows": ("WindowsReferee", "windows_exercise"),
    "rulesbook.lessons.inferno.whole_game": ("GameReferee", "card_label", "find_in_game", "game_find_exercise"),
    "rulesbook.lessons.madness": ("ExpeditionReferee", "LeadershipColumn", "SledJudge", "find_in_expedition"),
}
_MODULE_OF = {name: module for module, names in GAME_NAMES.items() for name in names}


def __getattr__(name: str) -> Any:
    if name not in _MODULE_OF:
        raise AttributeError(f"module 'rulesbook.lessons' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(_MODULE_OF[name]), name)
    globals()[name] = value
    return value


__all__ = [
    "BISON",
    "BisonLesson",
    "BisonTurn",
    "Choice",
    "EXERCISE_WORDS",
    "ExpeditionReferee",
    "GameReferee",
    "LeadershipColumn",
    "LessonGraph",
    "Outcome",
    "Referee",
    "SledJudge",
    "WindowsReferee",
    "bison_lesson",
    "cancel_rights",
    "card_label",
    "exercise",
    "find_exercise",
    "find_in_expedition",
    "find_in_bison",
    "find_in_game",
    "game_find_exercise",
    "number_words",
    "pack",
    "parse_place",
    "path_lengths",
    "place_key",
    "refusal_text",
    "unpack",
    "windows_exercise",
]
