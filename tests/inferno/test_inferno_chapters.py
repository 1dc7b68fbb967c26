"""The Inferno chapters as files: what a reader sees is clean and self-contained.

Running every chapter is nbval's job (`make test`); these checks read the notebooks as stored:
no stored outputs, visible code that uses only names from visible cells, hidden check cells that
print nothing, Markdown tables that render as tables, one way of writing a place in the prose.
"""

import ast
import builtins
import json
import pathlib
import re

import pytest

CHAPTERS = sorted((pathlib.Path(__file__).resolve().parents[2] / "book" / "inferno").glob("*.ipynb"))
HIDDEN = {"hide-input", "remove-input", "remove-cell"}
#: Calls that print or draw something: a check cell must not show anything below its folded code.
SHOWING = {"print", "display", "show", "show_cards", "play_out", "moves", "picture"}


def cells(path):
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def source(cell) -> str:
    return "".join(cell["source"])


def tags(cell) -> set[str]:
    return set(cell.get("metadata", {}).get("tags", []))


def bound_names(tree: ast.AST) -> set[str]:
    """Every name a cell binds anywhere: assignments, imports, definitions, parameters, loop targets."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
            names.add(node.id)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.alias):
            names.add((node.asname or node.name).split(".")[0])
        elif isinstance(node, ast.arg):
            names.add(node.arg)
        elif isinstance(node, ast.ExceptHandler) and node.name:
            names.add(node.name)
    return names


def loaded_names(tree: ast.AST) -> set[str]:
    return {node.id for node in ast.walk(tree) if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load)}


def called(node: ast.Call) -> str:
    function = node.func
    return function.id if isinstance(function, ast.Name) else function.attr if isinstance(function, ast.Attribute) else ""


@pytest.mark.parametrize("path", CHAPTERS, ids=[path.stem for path in CHAPTERS])
def test_chapters_are_stored_without_outputs(path):
    for cell in cells(path):
        if cell["cell_type"] == "code":
            assert cell["outputs"] == [] and cell["execution_count"] is None, source(cell)[:80]


@pytest.mark.parametrize("path", CHAPTERS, ids=[path.stem for path in CHAPTERS])
def test_visible_code_uses_only_names_defined_in_visible_cells(path):
    known = set(dir(builtins)) | {"display", "get_ipython"}  # IPython puts these in every notebook
    for cell in cells(path):
        if cell["cell_type"] != "code" or tags(cell) & HIDDEN:
            continue
        tree = ast.parse(source(cell))
        known |= bound_names(tree)
        unknown = loaded_names(tree) - known
        assert not unknown, f"{path.stem}: a visible cell uses {sorted(unknown)}, defined only in hidden cells:\n{source(cell)[:200]}"


@pytest.mark.parametrize("path", CHAPTERS, ids=[path.stem for path in CHAPTERS])
def test_hidden_check_cells_show_nothing(path):
    own_refusal = any("def refusal(" in source(cell) for cell in cells(path))  # a chapter's own, silent helper
    for cell in cells(path):
        if cell["cell_type"] != "code" or "remove-cell" not in tags(cell):
            continue
        tree = ast.parse(source(cell))
        last = tree.body[-1] if tree.body else None
        assert not isinstance(last, ast.Expr) or (isinstance(last.value, ast.Call) and called(last.value) == "close"), (
            f"{path.stem}: a check cell ends with a value, which the page would show:\n{ast.unparse(last)}"
        )
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                assert called(node) not in SHOWING, f"{path.stem}: a check cell calls {called(node)}()"
                if called(node) == "refusal" and not own_refusal:  # the library's refusal returns, never prints
                    assert not node.keywords, f"{path.stem}: refusal() takes no keywords now: {ast.unparse(node)}"


@pytest.mark.parametrize("path", CHAPTERS, ids=[path.stem for path in CHAPTERS])
def test_markdown_tables_from_code_render_as_tables(path):
    # myst-nb reads a text/markdown output as CommonMark unless told otherwise, and CommonMark has no tables.
    for cell in cells(path):
        if cell["cell_type"] == "code" and "Markdown(" in source(cell):
            assert cell["metadata"].get("mystnb", {}).get("markdown_format") in ("gfm", "myst"), source(cell)[:80]


#: A place written row,column in running text (the action notation keeps it inside `code`).
BARE_PLACE = re.compile(r"(?<![\w.,])-?\d+,-?\d+(?![\w,])")


@pytest.mark.parametrize("path", CHAPTERS, ids=[path.stem for path in CHAPTERS])
def test_the_prose_writes_places_one_way(path):
    for cell in cells(path):
        if cell["cell_type"] != "markdown":
            continue
        prose = re.sub(r"```.*?```|`[^`]*`", "", source(cell), flags=re.S)
        assert not BARE_PLACE.findall(prose), f"{path.stem}: write places as (row, column): {BARE_PLACE.findall(prose)}"
        assert not re.search(r"\b1 cards\b", prose)
