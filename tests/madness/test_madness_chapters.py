"""The At the Mountains of Madness chapters as files, held to the Inferno chapters' standards and the
issue's: in the table of contents in the order a team meets the rules, stored without outputs,
visible code that uses only visible names, silent hidden check cells, tables that render as tables,
and in every chapter a board exercise, hidden assertions, a cited rule and a "Common mistakes" note.
Running the chapters is the book build's job (tests/book); the boards are the site tests'.
"""

from __future__ import annotations

import ast
import importlib.util
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("inferno_chapter_checks", ROOT / "tests" / "inferno" / "test_inferno_chapters.py")
_checks = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_checks)
cells, source, tags, called = _checks.cells, _checks.source, _checks.tags, _checks.called

TOC = (ROOT / "_toc.yml").read_text(encoding="utf-8")
PART = TOC.split("- caption: At the Mountains of Madness", 1)[1].split("- caption:", 1)[0]
ORDER = re.findall(r"file:\s*book/madness/(\S+)", PART)
CHAPTERS = [ROOT / "book" / "madness" / f"{name}.ipynb" for name in ORDER]
HIDDEN = {"hide-input", "remove-input", "remove-cell"}
#: Calls that print: never in a check cell. (A picture shows only as a cell's last value, which is checked too.)
PRINTING = {"print", "display", "tell", "turn_story"}
BOARDS = re.compile(r"MadnessExpedition\.(find|sled|leadership|turn)\(")
EXERCISES = re.compile(r"MadnessExpedition\.(find|sled|leadership)\(")
CITED = re.compile(r"MAD-[RP]\d\d|rulebook, \*[^*]+\*")


def test_the_part_lists_every_madness_chapter_in_the_order_a_team_meets_them():
    assert sorted(path.name for path in (ROOT / "book" / "madness").glob("*.ipynb")) == sorted(f"{name}.ipynb" for name in ORDER)
    assert len(ORDER) >= 12 and ORDER[0] == "goal-and-set-up" and ORDER[-1] == "reference"
    assert ORDER.index("moving-the-airplane") < ORDER.index("the-encounter-and-challenge-values") < ORDER.index(
        "resolution-and-rewards") < ORDER.index("failures-step-by-step") < ORDER.index("the-end-of-the-expedition")
    assert TOC.index("caption: At the Mountains of Madness") > TOC.index("caption: Mountain of Inferno")


@pytest.mark.parametrize("path", CHAPTERS, ids=[path.stem for path in CHAPTERS])
def test_chapters_are_stored_without_outputs(path):
    _checks.test_chapters_are_stored_without_outputs(path)


@pytest.mark.parametrize("path", CHAPTERS, ids=[path.stem for path in CHAPTERS])
def test_markdown_tables_from_code_render_as_tables(path):
    _checks.test_markdown_tables_from_code_render_as_tables(path)


@pytest.mark.parametrize("path", CHAPTERS, ids=[path.stem for path in CHAPTERS])
def test_visible_code_uses_only_names_defined_in_visible_cells(path):
    _checks.test_visible_code_uses_only_names_defined_in_visible_cells(path)


@pytest.mark.parametrize("path", CHAPTERS, ids=[path.stem for path in CHAPTERS])
def test_hidden_check_cells_show_nothing(path):
    for cell in cells(path):
        if cell["cell_type"] != "code" or "remove-cell" not in tags(cell):
            continue
        tree = ast.parse(source(cell))
        last = tree.body[-1] if tree.body else None
        assert not isinstance(last, ast.Expr), f"{path.stem}: a check cell ends with a value the page would show"
        printed = {called(node) for node in ast.walk(tree) if isinstance(node, ast.Call)} & PRINTING
        assert not printed, f"{path.stem}: a check cell calls {printed}"


@pytest.mark.parametrize("path", CHAPTERS, ids=[path.stem for path in CHAPTERS])
def test_every_chapter_has_an_exercise_assertions_a_cited_rule_and_common_mistakes(path):
    code = "\n".join(source(cell) for cell in cells(path) if cell["cell_type"] == "code" and not tags(cell) & HIDDEN)
    prose = "\n".join(source(cell) for cell in cells(path) if cell["cell_type"] == "markdown")
    hidden = [source(cell) for cell in cells(path) if "remove-cell" in tags(cell)]
    assert EXERCISES.search(code), f"{path.stem}: no exercise that checks itself on the static site"
    assert BOARDS.search(code) and "## Exercise" in prose
    assert hidden and all("assert" in text for text in hidden), f"{path.stem}: every hidden cell asserts what the page says"
    assert CITED.search(prose), f"{path.stem}: the prose cites no rulebook section and no ruling"
    assert "## Common mistakes" in prose and prose.rstrip().endswith(".")
    assert "Answer" in prose, f"{path.stem}: an exercise's answer, for readers without the board"
