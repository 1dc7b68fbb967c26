"""The shape of the code: no function or method in src/rulesbook longer than 80 lines.

Counted by the syntax tree (`end_lineno - lineno + 1`: the `def` line to the last line of the body,
its docstring included). Data declarations do not count: a function whose body is a single
`return` of a literal (after its docstring), and data at module level (no function at all).
"""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src" / "rulesbook"
MOST_LINES = 80


def is_data(function: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """A function that only returns a literal: a table written as code."""
    body = function.body
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
        body = body[1:]
    if len(body) != 1 or not isinstance(body[0], ast.Return) or body[0].value is None:
        return False
    try:
        ast.literal_eval(body[0].value)
    except ValueError:
        return False
    return True


def long_functions(root: Path = SRC, most: int = MOST_LINES) -> list[tuple[str, int, str, int]]:
    """(file, line, qualified name, lines) of every function longer than `most` lines."""
    found = []
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        todo: list[tuple[ast.AST, str]] = [(tree, "")]
        while todo:
            node, prefix = todo.pop()
            for child in ast.iter_child_nodes(node):
                name = prefix
                if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    name = f"{prefix}{child.name}"
                    if not isinstance(child, ast.ClassDef):
                        lines = (child.end_lineno or child.lineno) - child.lineno + 1
                        if lines > most and not is_data(child):
                            found.append((str(path.relative_to(root.parent)), child.lineno, name, lines))
                    name += "."
                todo.append((child, name))
    return sorted(found)


def test_no_function_is_longer_than_80_lines():
    offenders = long_functions()
    listed = "\n".join(f"  {path}:{line} {name}: {lines} lines" for path, line, name, lines in offenders)
    assert not offenders, f"functions over {MOST_LINES} lines (split them where their steps are already separate):\n{listed}"


def test_the_measure_counts_lines_and_passes_over_data(tmp_path):
    body = "\n".join(f"    x{i} = {i}" for i in range(80))
    (tmp_path / "sample.py").write_text(
        f"def long():\n{body}\n\n"                       # 81 lines: too long
        f"def short():\n{body[:-len('    x79 = 79') - 1]}\n\n"  # 80 lines: allowed
        "def table():\n    '''Data.'''\n    return {\n" + "".join(f"        'k{i}': {i},\n" for i in range(90)) + "    }\n\n"
        "class Shape:\n    def method(self):\n" + "\n".join(f"        y{i} = {i}" for i in range(85)) + "\n",
        encoding="utf-8")
    assert [(name, lines) for _, _, name, lines in long_functions(tmp_path)] == [("long", 81), ("Shape.method", 86)]
