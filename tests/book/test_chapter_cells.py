"""What a reader meets in a chapter: no answer one click away, no checking code on the page, and
outputs that read as sentences, tables or pictures (issue 22).

- A check cell (it asserts, or names an exercise's answer) is tagged `remove-cell`, so jupyter-book
  leaves it out of the page, and its source is folded in JupyterLab (`jupyter.source_hidden`); so is
  the code of every `remove-input` cell. No code cell is `hide-input`: its code would be a click away.
- Every output the chapters show as plain text (what they print, or a cell's last value with no
  richer form) is prose: no Python repr (`ClassName(`), no bare tuple, list, set or dict, no path of
  the machine that built the book. Read from the executed chapters the book build used, as
  tests/book/test_chapters_ran.py does (`make book` first).
"""

from __future__ import annotations

import ast
import json
import re
import sys
from pathlib import Path

import nbformat
import pytest
from jupyter_cache import get_cache

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import chapters  # noqa: E402

CACHE = ROOT / "_build" / ".jupyter_cache"
CHAPTERS = [path for path in chapters.chapters() if path.suffix == ".ipynb"]
IDS = [str(path.relative_to(ROOT)) for path in CHAPTERS]
#: A cell that names an exercise's answer.
ANSWER = re.compile(r"exercise_answer|\[\"answers\"\]")
#: A Python repr in text: `Name(` as a call or a dataclass prints it (not "card(s)" nor the
#: `Rules(...)` an engine message tells a reader to type), or a path of this machine.
REPR = re.compile(r"\b(?!Rules\()[A-Z][A-Za-z]*\((?!s\))(?!\))|/work/|/tmp/|/home/|/Users/")
#: A bare value: a tuple, list, set or dict (or a quoted string) standing alone.
BARE = re.compile(r"""^\s*([(\[{].*[)\]}]|'.*'|".*")\s*$""", re.S)
BARE_LINE = re.compile(r"""^\s*[(\[{]['"(\d].*[)\]}]\s*$|\['[^']*'(, '[^']*')*\]""")


def code_cells(path: Path) -> list[dict]:
    return [cell for cell in json.loads(path.read_text(encoding="utf-8"))["cells"] if cell["cell_type"] == "code"]


def tags(cell: dict) -> set[str]:
    return set(cell.get("metadata", {}).get("tags", []))


def asserts(source: str) -> bool:
    return any(isinstance(node, ast.Assert) for node in ast.walk(ast.parse(source)))


@pytest.mark.parametrize("path", CHAPTERS, ids=IDS)
def test_check_cells_are_left_out_of_the_page_and_folded_in_jupyterlab(path):
    for cell in code_cells(path):
        source = "".join(cell["source"])
        assert "hide-input" not in tags(cell), f"{path.name}: a hide-input cell puts its code one click away:\n{source[:120]}"
        if ANSWER.search(source):
            assert "remove-cell" in tags(cell), f"{path.name}: a cell that names an answer is on the page:\n{source[:120]}"
        if tags(cell) & {"remove-cell", "remove-input"}:
            assert cell["metadata"].get("jupyter", {}).get("source_hidden") is True, (
                f"{path.name}: a hidden cell shows its code in JupyterLab:\n{source[:120]}")


@pytest.mark.parametrize("path", [path for path in CHAPTERS if "/lab/" not in str(path)],
                         ids=[name for name in IDS if "/lab/" not in name])
def test_the_games_check_cells_are_all_hidden(path):
    """In the games' chapters every cell with an assert statement is a check cell (the visible
    demonstrations print or draw; they do not assert)."""
    for cell in code_cells(path):
        source = "".join(cell["source"])
        shown = not tags(cell) & {"remove-cell", "remove-input"}
        assert not (shown and asserts(source)), f"{path.name}: an assert on the page:\n{source[:160]}"


def bound_names(tree: ast.AST) -> set[str]:
    """The names a cell binds at its top level: assigned, defined, imported, looped over."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names.update((alias.asname or alias.name).split(".")[0] for alias in node.names)
    return names


def used_names(tree: ast.AST) -> set[str]:
    return {node.id for node in ast.walk(tree) if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load)}


def hidden_names_needed(cells: list[dict]) -> list[tuple[str, str]]:
    """(name, the visible cell's start) for each name a visible cell reads that only a cell left
    out of the page (remove-cell) bound before it: a reader's copy, without those cells, would fail."""
    visible: set[str] = set()
    hidden: set[str] = set()
    needed = []
    for cell in cells:
        source = "".join(cell["source"])
        tree = ast.parse(source)
        if "remove-cell" in tags(cell):
            hidden |= bound_names(tree)
            continue
        own = bound_names(tree)  # a cell's own bindings (its imports, a comprehension's names) serve it
        needed += [(name, source[:80]) for name in sorted(used_names(tree) & hidden - visible - own)]
        visible |= own
    return needed


def test_the_needed_name_check_finds_a_name_only_a_hidden_cell_binds():
    cells = [{"source": ["from math import pi\n"], "metadata": {"tags": ["remove-cell"]}},
             {"source": ["tau = 2 * pi\n"], "metadata": {}},
             {"source": ["pi = 3\n"], "metadata": {}}, {"source": ["print(pi, tau)\n"], "metadata": {}}]
    assert hidden_names_needed(cells) == [("pi", "tau = 2 * pi\n")]


@pytest.mark.parametrize("path", CHAPTERS, ids=IDS)
def test_a_readers_copy_runs_without_the_cells_the_page_leaves_out(path):
    """The download and the live copy leave the check cells out (rulesbook.widgets.site.reader_copy):
    no visible cell may read a name that only a check cell binds."""
    assert hidden_names_needed(code_cells(path)) == [], path.name


def shown_texts(notebook) -> list[tuple[int, str, str]]:
    """Each plain-text output a reader sees: (cell index, kind, text). A cell's printed text is read
    whole: the kernel may send one print in two pieces (it did under load), which the page shows
    as one."""
    found = []
    for index, cell in enumerate(notebook.cells):
        if cell.cell_type != "code" or "remove-cell" in tags(cell) or "remove-output" in tags(cell):
            continue
        printing = False  # the output before this one was printed text, to be read on with it
        for output in cell.get("outputs", []):
            if output.output_type == "stream" and output.get("name") == "stdout":
                if printing:
                    found[-1] = (index, "printed", found[-1][2] + output.text)
                else:
                    found.append((index, "printed", output.text))
                printing = True
                continue
            printing = False
            if output.output_type in ("execute_result", "display_data") and set(output.data) == {"text/plain"}:
                found.append((index, "value", output.data["text/plain"]))
    return found


def raw(kind: str, text: str) -> str | None:
    """Why this output is not prose, or None."""
    if REPR.search(text):
        return f"a repr or a path: {REPR.search(text).group(0)!r}"
    if kind == "value" and BARE.match(text):
        return "a bare value"
    for line in text.splitlines():
        if BARE_LINE.search(line):
            return f"a printed list or tuple: {line.strip()[:80]!r}"
    return None


def test_a_print_sent_in_two_pieces_is_read_whole():
    cell = nbformat.v4.new_code_cell("print(...)", outputs=[
        nbformat.v4.new_output("stream", name="stdout", text="Red can reach"),
        nbformat.v4.new_output("stream", name="stdout", text=" (0, 1), (1, 0), the two cards beside it.\n"),
        nbformat.v4.new_output("execute_result", data={"text/plain": "(4, 4)"}),
        nbformat.v4.new_output("stream", name="stdout", text="Again.\n"),
    ])
    shown = shown_texts(nbformat.v4.new_notebook(cells=[cell]))
    assert shown == [(0, "printed", "Red can reach (0, 1), (1, 0), the two cards beside it.\n"), (0, "value", "(4, 4)"),
                     (0, "printed", "Again.\n")]
    assert raw(*shown[0][1:]) is None and raw(*shown[1][1:])


def test_the_checker_tells_prose_from_raw_values():
    for text in ["(DiscipleCard(disciple=<Disciple.DRAGON_HORSE: 'DH'>, value=2), (1, 0))", "([2, 4, 3, 1], 27, 4, 1)",
                 "(4, 4)", "{(0, 1), (1, 0)}", "GameState(round=1, ...)", "read from /work/main/src/cards.csv"]:
        assert raw("value", text), text
    assert raw("printed", "free cards: ['pawn 0,1', 'pawn 0,2']\n") and raw("printed", "[('R2', 'W1', 'G4')]\n")
    for text in ["The expedition escapes with 5 Relic(s): you won (MAD-R03).", "free cards: (0, 1), (0, 2)",
                 "refused (MOI-R15): a disciple must touch a card", "only with the optional rule, Rules(two_pawns=True)",
                 "Seed 4: turn 1 (combo)", "2 players: 4 rounds"]:
        assert raw("printed", text) is None, text


@pytest.mark.parametrize("path", CHAPTERS, ids=IDS)
def test_every_output_a_reader_sees_is_prose_a_table_or_a_picture(path):
    assert CACHE.is_dir(), "run `make book` first (make test does)"
    cache = get_cache(str(CACHE))
    record = cache.match_cache_notebook(nbformat.read(str(path), as_version=4))  # KeyError: never ran as it is now
    executed = cache.get_cache_bundle(record.pk).nb
    bad = [(index, why) for index, kind, text in shown_texts(executed) if (why := raw(kind, text))]
    assert not bad, f"{path.relative_to(ROOT)}: outputs that are not prose: {bad}"
