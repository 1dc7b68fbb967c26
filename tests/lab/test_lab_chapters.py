"""The design lab's chapters (book/lab) as files: the part of the table of contents they make, and
what each experiment holds — the note that it runs in JupyterLab, a chart that says what it
shows, its figures asserted in hidden cells that show nothing, a method note, and an exercise whose
answer is folded away on the static site."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
LAB = ROOT / "book" / "lab"
TOC = yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))
PART = "The design lab"
INTRODUCTION = "book/lab/reading-experiments"
EXPERIMENTS = ["first-player-advantage", "how-rounds-end", "editions-compared", "hudai-card-sets", "madness-odds",
               "how-strong-are-the-bots", "on-a-cluster"]
METHOD = ("**Simulated:**", "**Intervals:**", "**What it cannot tell:**")
#: What a hidden check cell must never call: it would show something under its folded code.
SHOWING = {"print", "display", "chart", "plot", "show"}


def cells(name: str) -> list[dict]:
    return json.loads((ROOT / f"{name}.ipynb").read_text(encoding="utf-8"))["cells"]


def text(cell: dict) -> str:
    return "".join(cell["source"])


def hidden(cell: dict) -> bool:
    """A check cell: left out of the page (remove-cell) and folded in JupyterLab (tests/book/test_chapter_cells.py)."""
    return "remove-cell" in cell.get("metadata", {}).get("tags", [])


def test_the_design_lab_is_a_part_after_the_games_with_an_introduction_and_its_experiments():
    parts = TOC["parts"]
    captions = [part["caption"] for part in parts]
    assert captions.count(PART) == 1
    lab = parts[captions.index(PART)]
    assert [chapter["file"] for chapter in lab["chapters"]] == [INTRODUCTION, *(f"book/lab/{name}" for name in EXPERIMENTS)]
    games = [number for number, part in enumerate(parts)
             if any(re.match(r"book/(inferno|hudai|madness)/", chapter["file"]) for chapter in part["chapters"])]
    assert games and max(games) < captions.index(PART), "the design lab comes after the games' parts"
    assert sorted(path.stem for path in LAB.glob("*.ipynb")) == sorted([Path(INTRODUCTION).name, *EXPERIMENTS])


@pytest.mark.parametrize("name", [INTRODUCTION, *(f"book/lab/{name}" for name in EXPERIMENTS)])
def test_each_chapter_says_it_runs_in_jupyterlab_and_is_stored_without_outputs(name):
    first = text(cells(name)[0])
    assert "```{note}" in first and "make lab" in first and "JupyterLab" in first and "Run live" in first
    for cell in cells(name):
        if cell["cell_type"] == "code":
            assert cell["outputs"] == [] and cell["execution_count"] is None, text(cell)[:80]


@pytest.mark.parametrize("name", EXPERIMENTS)
def test_each_experiment_has_a_described_chart_checked_figures_a_method_and_a_folded_answer(name):
    chapter = cells(f"book/lab/{name}")
    visible = [text(cell) for cell in chapter if cell["cell_type"] == "code" and not hidden(cell)]
    checks = [text(cell) for cell in chapter if cell["cell_type"] == "code" and hidden(cell)]
    prose = [text(cell) for cell in chapter if cell["cell_type"] == "markdown"]
    assert any(re.search(r"^lab\.chart\(", source, re.M) for source in visible), "a chart, drawn by lab.chart"
    assert len(checks) >= 2 and all("assert " in source for source in checks)
    method = next((section for section in prose if section.startswith("## Method")), "")
    assert all(item in method for item in METHOD), f"{name}: the method note says {METHOD}"
    exercise = [number for number, cell in enumerate(chapter) if text(cell).startswith("## Exercise")]
    assert len(exercise) == 1, f"{name}: one exercise"
    answer = next(text(cell) for cell in chapter[exercise[0]:] if text(cell).startswith("```{dropdown} Answer"))
    assert answer.rstrip().endswith("```")
    answer_at = [text(cell) for cell in chapter].index(answer)
    assert any(hidden(cell) for cell in chapter[answer_at:]), f"{name}: the answer is checked by a hidden cell"
    assert any(section.startswith("## Common mistakes") for section in prose)


@pytest.mark.parametrize("name", EXPERIMENTS)
def test_hidden_check_cells_show_nothing(name):
    for cell in cells(f"book/lab/{name}"):
        if cell["cell_type"] != "code" or not hidden(cell):
            continue
        tree = ast.parse(text(cell))
        assert not isinstance(tree.body[-1], ast.Expr), f"{name}: a check cell ends with a value the page would show"
        calls = {node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
                 for node in ast.walk(tree) if isinstance(node, ast.Call)}
        assert not calls & SHOWING, f"{name}: a check cell calls {sorted(calls & SHOWING)}"
