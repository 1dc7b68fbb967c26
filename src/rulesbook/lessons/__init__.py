"""Lessons as plain data for the interactive boards: states, legal targets, feedback, hints.

Pure standard library (no Jupyter): the rules library answers every question, this package
writes the answers down so that a board on a static page can run a lesson with no kernel.
"""

from rulesbook.lessons.bison import BISON, BisonLesson, BisonTurn, bison_lesson, cancel_rights, find_exercise, path_lengths
from rulesbook.lessons.game import GameReferee, card_label, find_in_game, game_find_exercise
from rulesbook.lessons.windows import WindowsReferee, windows_exercise
from rulesbook.lessons.graph import Choice, LessonGraph, Outcome, Referee, parse_place, place_key, refusal_text

__all__ = [
    "BISON",
    "BisonLesson",
    "BisonTurn",
    "Choice",
    "GameReferee",
    "card_label",
    "find_in_game",
    "game_find_exercise",
    "LessonGraph",
    "Outcome",
    "Referee",
    "bison_lesson",
    "cancel_rights",
    "find_exercise",
    "parse_place",
    "path_lengths",
    "place_key",
    "refusal_text",
    "WindowsReferee",
    "windows_exercise",
]
