"""An exercise's words agree with its board. A find exercise keeps the choice it asks about chosen
(a card, or a button such as *Move one card (step II)*), and pressing it again only says that it
stays chosen; so the chapter says the choice is made already, never that the reader must press it
first. The button's name is read from a board the library makes, in each book's language.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

from rulesbook.inferno import Phase, game_moment
from rulesbook.lessons import unpack
from rulesbook.widgets import InfernoBoard

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import chapters  # noqa: E402

CHAPTERS = [path for path in chapters.chapters() if path.suffix == ".ipynb" and "inferno" in path.parts]
IDS = [str(path.relative_to(ROOT)) for path in CHAPTERS]
#: An Inferno find exercise whose question is a button (a hand card's key is h0, h0+h1 ...).
BUTTON_EXERCISE = re.compile(r'find_in_game\(\s*\w+,\s*"(?P<choice>[a-z]+)"')
#: A moment at which each such button is on the board.
MOMENTS = {
    "step": dict(hands=["MK+1", "FAN"], phase=Phase.STEP),
    "pawn": dict(hands=["", ""], draw_pile=46, phase=Phase.PLACE_PAWN),
}
#: Telling the reader to press a button (its name, in bold, follows within a few words).
PRESS = {"en": re.compile(r"press\s+\*\*(?P<name>[^*]+)\*\*"), "zh-TW": re.compile(r"按[^*。：]{0,8}\*\*(?P<name>[^*]+)\*\*")}


def button_name(choice: str, language: str) -> str:
    """The name the board gives the button of `choice`, in `language`."""
    if choice not in MOMENTS:
        pytest.fail(f"no moment shows the button {choice!r}: add one to MOMENTS")
    mountain = "MK+1@R PM+1\nSB+1 DH+1@Y" if choice == "step" else "MK+1 PM+1\nSB+1 DH+1"
    board = InfernoBoard.find_in_game(game_moment(mountain, **MOMENTS[choice]), choice, language=language)
    try:
        lesson = board.lesson
        return unpack(lesson)[lesson["start"]]["choices"][choice]["label"]
    finally:
        board.close()


def cells(path: Path, kind: str) -> str:
    """The sources of a chapter's cells of one kind ("code", "markdown"), joined."""
    notebook = json.loads(path.read_text(encoding="utf-8"))
    return "\n".join("".join(cell["source"]) for cell in notebook["cells"] if cell["cell_type"] == kind)


@pytest.mark.parametrize("path", CHAPTERS, ids=IDS)
def test_an_exercise_never_asks_to_press_the_button_it_has_chosen_already(path):
    choices = {match["choice"] for match in BUTTON_EXERCISE.finditer(cells(path, "code"))}
    language = "zh-TW" if "zh-TW" in path.relative_to(ROOT).parts else "en"
    text = cells(path, "markdown")
    for choice in sorted(choices):
        name = button_name(choice, language)
        pressed = [match[0] for match in PRESS[language].finditer(text) if name.startswith(" ".join(match["name"].split()))]
        assert not pressed, f"{path.name}: the exercise has {name!r} chosen already, the text says {pressed}"
