"""Every chapter runs as a test, once per change: `make book` ran each one under nbval, top to
bottom in a fresh kernel, each code cell a test item (tools/chapters.py; a failing cell stops the
build, named by chapter and cell), and the site shows exactly the outputs nbval executed. Here: each chapter of the table of contents has an execution that matches its
current code and library, with no error output, and its page was built from it."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import nbformat
import pytest
from jupyter_cache import get_cache

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import chapters  # noqa: E402

CACHE = ROOT / "_build" / ".jupyter_cache"
CHAPTERS = chapters.chapters()


def test_the_book_has_chapters_and_was_built():
    assert len(CHAPTERS) >= 14
    assert CACHE.is_dir() and (ROOT / "_build" / "html" / "index.html").is_file(), "run `make book` first (make test does)"


@pytest.mark.parametrize("path", CHAPTERS, ids=[str(path.relative_to(ROOT)) for path in CHAPTERS])
def test_each_chapter_ran_with_its_current_code_and_library(path):
    name = str(path.relative_to(ROOT))
    cache = get_cache(str(CACHE))
    record = cache.match_cache_notebook(nbformat.read(str(path), as_version=4))  # KeyError: never ran as it is now
    stamps = json.loads((CACHE / "chapter-inputs.json").read_text())
    assert stamps.get(name) == chapters.inputs_hash(path), f"{name} last ran on another version of the library"
    executed = cache.get_cache_bundle(record.pk).nb
    errors = [output for cell in executed.cells if cell.cell_type == "code" for output in cell.get("outputs", [])
              if output.get("output_type") == "error"]
    assert not errors, f"{name} has error outputs"
    page = ROOT / "_build" / "html" / path.relative_to(ROOT).with_suffix(".html")
    assert page.is_file() and page.stat().st_mtime >= record.created.timestamp() - 1, f"{page} was not built from this run"
