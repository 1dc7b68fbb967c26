"""`rulesbook new-chapter GAME SLUG`: a chapter in the book's standard shape, and its place in `_toc.yml`.

The chapter (book/<game>/<slug>.ipynb) has the four parts every chapter of the book has: what the
mechanic is, a board on a moment of the game, a worked example whose claims are asserted in a
hidden cell, and an exercise (`rulesbook.teach`) with its hidden check. It builds and passes nbval
as written; the teacher then changes the moment, the text and the question. Its `_toc.yml` entry
goes in the game's part, before the game's Reference chapter.

Standard library only: the notebook is JSON, the table of contents is edited as text.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from rulesbook.core.data import shown

#: Each game's part of the book: its caption in _toc.yml.
PARTS = {"inferno": "Mountain of Inferno", "hudai": "Hudai Pass", "madness": "At the Mountains of Madness"}
SLUG = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
#: The longest name a chapter takes: a file name and a web address, well within any system's limit.
MOST_LETTERS = 80

#: What changes from game to game: the import, the moment, the board, the worked example and its
#: check, and the exercise and its check.
_GAMES = {
    "inferno": {
        "moment": 'from rulesbook import teach\nfrom rulesbook.inferno import game_moment, placements\nfrom rulesbook.widgets import InfernoBoard\n\n'
                  'moment = game_moment("""\nMK+1@R PM+1 SB+1@B DH+1\n""", ["MK+2 BISON FAN", "SB+2"])\nInfernoBoard.game(moment)',
        "example": "print(len(placements(moment.mountain)), \"places where a disciple may be laid\")",
        "example_check": "assert len(placements(moment.mountain)) == 10",
        "exercise": 'teach.exercise(moment, "h0", prompt="Where may MK+2 be laid?", hint="look beside the cards")',
        "exercise_check": 'check = teach.exercise(moment, "h0")\nassert len(check.exercise["answers"]) == 10\n'
                          'assert "(rulebook I)" in check.click((-1, -1))',
    },
    "hudai": {
        "moment": 'from rulesbook import teach\nfrom rulesbook.hudai import game_moment, legal_actions\nfrom rulesbook.widgets import HudaiTable\n\n'
                  'moment = game_moment("W1", phase="obtain", purchase=4, river="G2 B5 R4")\nHudaiTable.game(moment)',
        "example": "print(len(legal_actions(moment)), \"things the monk may do now\")",
        "example_check": "assert len(legal_actions(moment)) > 2",
        "exercise": 'teach.exercise(moment, "obtain", prompt="With a purchase value of 4, which cards can the monk take?")',
        "exercise_check": 'check = teach.exercise(moment, "obtain")\nassert sorted(check.exercise["answers"]) == ["river:G2", "river:R4"]',
    },
    "madness": {
        "moment": 'from rulesbook import teach\nfrom rulesbook.madness import game_moment, legal_actions\nfrom rulesbook.widgets import MadnessExpedition\n\n'
                  'moment = game_moment(4, space="X1")\nMadnessExpedition.turn(moment)',
        "example": "print(len(legal_actions(moment)), \"things the Leader may do now\")",
        "example_check": "assert len(legal_actions(moment)) > 1",
        "exercise": 'teach.exercise(moment, "fly", prompt="Where may the Airplane go from here?")',
        "exercise_check": 'check = teach.exercise(moment, "fly")\nassert check.exercise["answers"]',
    },
}


class ChapterError(ValueError):
    """A chapter that cannot be written: the message says what and why."""


def notebook(game: str, slug: str) -> dict:
    """The chapter's notebook, in the book's standard shape."""
    parts = _GAMES[game]
    title = slug.replace("-", " ").capitalize()
    cells: list[dict] = []

    def add(kind: str, text: str, hidden: bool = False) -> None:
        cell: dict = {"cell_type": kind, "id": f"cell-{len(cells):02d}", "metadata": {}, "source": text.splitlines(True)}
        if kind == "code":
            cell.update(execution_count=None, outputs=[])
            if hidden:
                cell["metadata"] = {"tags": ["remove-cell"], "jupyter": {"source_hidden": True}}
        cells.append(cell)

    add("markdown", f"# {title}\n\nSay here, in a few sentences, what this chapter teaches and why it matters in a game of "
                    f"{PARTS[game]}. Quote the rulebook as a quotation, with its section.")
    add("markdown", "## The mechanic on a board\n\nChange the moment below to the one your chapter is about: the board referees "
                    "every click with the rules engine.")
    add("code", parts["moment"])
    add("markdown", "## A worked example\n\nWork one case through. Every claim your text makes about the position is "
                    "asserted in the hidden cell after it, so the book does not build if a claim is false.")
    add("code", parts["example"])
    add("code", parts["example_check"], hidden=True)
    add("markdown", "## Exercise\n\nAsk the reader to find every answer; the board says right or wrong, with the rule.")
    add("code", parts["exercise"])
    add("code", parts["exercise_check"], hidden=True)
    return {"cells": cells, "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
                                         "language_info": {"name": "python"}}, "nbformat": 4, "nbformat_minor": 5}


def with_entry(toc: str, game: str, entry: str) -> str:
    """The table of contents with `entry` in the game's part, before its Reference chapter (or last)."""
    lines = toc.splitlines(True)
    caption = f"- caption: {PARTS[game]}"
    heads = [i for i, line in enumerate(lines) if line.strip() == caption]
    if not heads:
        raise ChapterError(f"_toc.yml has no part with the caption {PARTS[game]!r}")
    end = heads[0] + 1
    while end < len(lines) and not lines[end].lstrip().startswith("- caption:") and (lines[end][:1].isspace() or not lines[end].strip()):
        end += 1
    chapters = [i for i in range(heads[0] + 1, end) if lines[i].lstrip().startswith("- file:")]
    if not chapters:
        raise ChapterError(f"_toc.yml: the part {PARTS[game]!r} lists no chapter to put the new one beside")
    first = lines[chapters[0]]
    new = f"{first[:len(first) - len(first.lstrip())]}- file: {entry}\n"
    at = next((i for i in chapters if lines[i].strip() == f"- file: book/{game}/reference"), chapters[-1] + 1)
    if not lines[at - 1].endswith("\n"):
        lines[at - 1] += "\n"
    return "".join(lines[:at] + [new] + lines[at:])


def write_chapter(book: str | Path, game: str, slug: str) -> Path:
    """Write book/<game>/<slug>.ipynb under the project folder `book` and list it in its _toc.yml."""
    if game not in PARTS:
        raise ChapterError(f"no game {game!r}; the games are {', '.join(PARTS)}")
    if not SLUG.fullmatch(slug):
        raise ChapterError(f"the chapter's name {shown(slug)}: lower-case letters and digits, words joined by '-' (such as 'my-rule')")
    if len(slug) > MOST_LETTERS:  # the file system's own refusal came later, naming a path the reader never typed
        raise ChapterError(f"the chapter's name {shown(slug)}: at most {MOST_LETTERS} characters (it names the page's file "
                           f"and its address), not {len(slug):,}")
    root = Path(book)
    toc_path = root / "_toc.yml"
    if toc_path.is_dir():
        raise ChapterError(f"{toc_path} is a folder, not the book's table of contents: give the book's project folder with --book")
    if not toc_path.is_file():
        raise ChapterError(f"{toc_path} does not exist: run this in the book's project folder, or give it with --book")
    path = root / "book" / game / f"{slug}.ipynb"
    if path.exists():
        raise ChapterError(f"{path} exists already: choose another name")
    entry = f"book/{game}/{slug}"
    try:
        toc = toc_path.read_text(encoding="utf-8")
    except UnicodeDecodeError as error:
        raise ChapterError(f"{toc_path} cannot be read as UTF-8 text: {error.reason}") from None
    except OSError as error:
        raise ChapterError(f"{toc_path} cannot be read: {error.strerror}") from None
    if re.search(rf"^\s*- file: {re.escape(entry)}\s*$", toc, re.M):
        raise ChapterError(f"_toc.yml lists {entry} already")
    changed = with_entry(toc, game, entry)
    try:  # the chapter and its entry both, or neither: a chapter the toc does not list is not built
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(notebook(game, slug), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        try:
            toc_path.write_text(changed, encoding="utf-8")
        except OSError:
            path.unlink()
            raise
    except OSError as error:
        raise ChapterError(f"cannot write {error.filename or path}: {error.strerror}") from None
    return path


__all__ = ["PARTS", "ChapterError", "notebook", "with_entry", "write_chapter"]
