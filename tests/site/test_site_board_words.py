"""What every board of the built site says, read from the pages' lesson data (no browser, issue 22).

- Every hand on show is named by its owner ("Red's hand"), never the bare "Hand".
- A choice never announces that it reaches "0 cards": when no place takes it for one reason, the
  choice itself is refused with that reason; for several, it says that a click on a place says
  why (rulesbook.lessons.graph).
- The move log writes one wording on every board: the move's action text, the notation that the
  reference chapters teach and game records use (each entry parses as an action of its game).
  Hudai Pass's demon moves by itself: its steps are the turn track's words.
- No exercise's answers are in its page data in the clear (issue 24): what a find says of each
  answer, its clue and its places as an answer list appear nowhere in it, yet the sealed data
  opens to the exercise's answers.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from site_browser import SITE

from rulesbook.hudai.actions import parse_action as hudai_action
from rulesbook.lessons import unpack
from rulesbook.lessons.data import opened_exercise
from rulesbook.inferno.actions import parse_action as inferno_action
from rulesbook.madness.actions import parse_action as madness_action

WIDGET_STATE = re.compile(r'<script type="application/vnd\.jupyter\.widget-state\+json">(.*?)</script>', re.S)
PARSERS = {"inferno": inferno_action, "hudai": hudai_action, "madness": madness_action}
#: The demon's steps in Hudai Pass's turn (rulesbook.lessons.hudai.table and the replay of
#: rulesbook.lessons.hudai.questions), logged as the turn track names them.
DEMON_STEPS = re.compile(r"\w+( \w+)? acts|the staged damage hits|the hand is filled( and feeds the demon)?|"
                         r"each hand card feeds a power|a black card corrupts|the set-aside cubes come back|"
                         r"a new turn begins|to turn \d+")


def lessons() -> list[tuple[str, dict]]:
    return [(f"{page.relative_to(SITE)} {lesson['title']!r}", lesson) for page, lesson in page_lessons()]


def page_lessons() -> list[tuple[Path, dict]]:
    found = []
    for page in sorted(SITE.glob("book/*/*.html")):
        match = WIDGET_STATE.search(page.read_text(encoding="utf-8"))
        if not match:
            continue
        for model in json.loads(match.group(1).replace("<\\/", "</"))["state"].values():
            lesson = model["state"].get("lesson")
            if lesson:
                found.append((page, lesson))
    return found


@pytest.fixture(scope="module")
def site_lessons():
    if not (SITE / "book").is_dir():
        pytest.fail("the site is not built: run `make book` (make test builds it first)")
    found = lessons()
    assert len(found) > 50, "every chapter's boards"
    return found


def test_every_hand_names_its_owner(site_lessons):
    for where, lesson in site_lessons:
        for node in lesson["nodes"].values():
            assert "handLabel" in node, f"{where}: a hand with no owner"
            label = lesson["texts"][node["handLabel"]]
            assert label.endswith(("'s hand", "'s hand (yours)")) or label == "The question", f"{where}: {label!r}"


def test_no_choice_announces_that_it_reaches_nothing(site_lessons):
    for where, lesson in site_lessons:
        said = {lesson["texts"][index] for node in lesson["nodes"].values()
                for choice in node["choices"].values() for index in choice.get("says", {}).values()}
        assert not [words for words in said if re.search(r"\b0 \w", words)], where
        assert all(words.endswith("A click on a place says why.") for words in said if ": no " in words), where


def test_every_board_logs_moves_in_one_wording(site_lessons):
    games = set()
    for where, lesson in site_lessons:
        if lesson["mode"] != "play":
            continue
        parse = PARSERS[lesson["picture"]]
        games.add(lesson["picture"])
        for node in lesson["nodes"].values():
            for entries in node["options"].values():
                for entry in entries:
                    if not isinstance(entry, list):
                        continue
                    log = lesson["texts"][entry[2]]
                    if lesson["picture"] == "hudai" and DEMON_STEPS.fullmatch(log):
                        continue
                    # raises, naming the entry, when it is not the move's action text (a replayed
                    # Hudai combo lists its actions: "play W5, value left, flow")
                    for action in log.split(", ") if lesson["picture"] == "hudai" else [log]:
                        parse(action)
    assert games == set(PARSERS)


def test_no_exercise_holds_its_answers_in_the_clear_issue_24():
    exercises = [(page, lesson) for page, lesson in page_lessons() if lesson["mode"] == "find"]
    assert len(exercises) > 30, "every chapter's exercises"
    for page, lesson in exercises:
        where = f"{page.relative_to(SITE)} {lesson['title']!r}"
        # The exercise's own data (another board on its page may show the same game played on:
        # a replay says what happened, as the page's text may)
        source = json.dumps(lesson, ensure_ascii=False)
        exercise = opened_exercise(lesson)
        assert exercise["answers"] and "answers" not in lesson["exercise"], where
        option = unpack(lesson)[lesson["start"]]["options"][exercise["option"]]
        for place in exercise["answers"]:
            reach = option["targets"][place][3]
            assert json.dumps(reach)[1:-1] not in source, f"{where}: what {place} says is in the page: {reach!r}"
        for clue in exercise["clues"].values():
            if not clue.startswith("try the"):  # the clue every answer shares names none
                assert json.dumps(clue)[1:-1] not in source, f"{where}: a clue is in the page: {clue!r}"
        if exercise["answers"] != unpack(lesson)[lesson["start"]]["places"]:  # not every place is one
            assert json.dumps(exercise["answers"]) not in source, where
        # The state's own hint, which a Hint gives in a lesson, named them ("G2 or R4 cost 4 or less")
        assert all(node["hint"] == "" for node in unpack(lesson).values()), where
