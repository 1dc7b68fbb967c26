"""`rulesbook new-chapter GAME SLUG`: a chapter in the book's standard shape, listed in _toc.yml in
its game's part, that passes nbval as written; every bad request is one line and exit status 2,
with nothing written."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from rulesbook.chapter import PARTS
from rulesbook.cli import main

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def project(tmp_path):
    shutil.copy(ROOT / "_toc.yml", tmp_path / "_toc.yml")
    return tmp_path


def test_a_new_chapter_of_each_game_is_listed_in_its_part_and_passes_nbval_as_written(project, capsys):
    for game in PARTS:
        assert main(["new-chapter", game, "my-rule", "--book", str(project)]) == 0
        said = capsys.readouterr().out
        assert f"wrote {project / 'book' / game / 'my-rule.ipynb'}" in said
        # the next steps as this machine runs them: no Makefile here, and this Python (no .venv in the folder)
        assert "make book" not in said and f"`{sys.executable} -m pytest --nbval-lax " in said
    toc = (project / "_toc.yml").read_text(encoding="utf-8").splitlines()
    original = (ROOT / "_toc.yml").read_text(encoding="utf-8").splitlines()
    for game in PARTS:
        at = toc.index(f"      - file: book/{game}/my-rule")
        assert toc[at + 1] == f"      - file: book/{game}/reference"  # in its part, before the Reference
    assert [line for line in toc if "my-rule" not in line] == original
    cells = json.loads((project / "book" / "inferno" / "my-rule.ipynb").read_text(encoding="utf-8"))["cells"]
    hidden = [cell for cell in cells if "remove-cell" in cell["metadata"].get("tags", [])]
    assert len(hidden) == 2 and all(cell["metadata"]["jupyter"]["source_hidden"] for cell in hidden)
    assert len({cell["id"] for cell in cells}) == len(cells)
    notebooks = [str(project / "book" / game / "my-rule.ipynb") for game in PARTS]
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--nbval-lax", *notebooks],
                          capture_output=True, text=True, cwd=project)
    assert done.returncode == 0, done.stdout[-3000:]


@pytest.mark.parametrize(("args", "says"), [
    (["chess", "x"], "no game 'chess'"),
    (["inferno", "My Rule"], "lower-case letters and digits"),
    (["inferno", "the-game-at-a-glance"], None),  # set up below: exists already
    (["hudai", "a" * 300], "at most 80 characters (it names the page's file and its address), not 300"),  # the OS's words came
    (["madness", "x" * 81], "not 81"),
])
def test_a_bad_request_is_one_line_exit_2_and_nothing_written(project, capsys, args, says):
    if says is None:
        (project / "book" / "inferno").mkdir(parents=True)
        (project / "book" / "inferno" / "the-game-at-a-glance.ipynb").write_text("{}")
        says = "exists already"
    before = (project / "_toc.yml").read_text(encoding="utf-8")
    assert main(["new-chapter", *args, "--book", str(project)]) == 2
    err = capsys.readouterr().err
    assert says in err and err.count("\n") == 1 and "Traceback" not in err
    assert (project / "_toc.yml").read_text(encoding="utf-8") == before
    assert sorted(path.name for path in project.rglob("*.ipynb")) in ([], ["the-game-at-a-glance.ipynb"])


def test_no_table_of_contents_or_no_part_for_the_game_is_said(tmp_path, capsys):
    assert main(["new-chapter", "hudai", "x", "--book", str(tmp_path)]) == 2
    assert "_toc.yml does not exist" in capsys.readouterr().err
    (tmp_path / "_toc.yml").mkdir()
    assert main(["new-chapter", "hudai", "x", "--book", str(tmp_path)]) == 2
    assert "_toc.yml is a folder, not the book's table of contents" in capsys.readouterr().err
    (tmp_path / "_toc.yml").rmdir()
    (tmp_path / "_toc.yml").write_text("format: jb-book\nroot: intro\nparts:\n  - caption: Other\n    chapters:\n      - file: a\n")
    assert main(["new-chapter", "hudai", "x", "--book", str(tmp_path)]) == 2
    assert "no part with the caption 'Hudai Pass'" in capsys.readouterr().err
    assert not (tmp_path / "book").exists()


def test_a_table_of_contents_that_is_not_utf8_is_said_and_nothing_written(tmp_path, capsys):
    (tmp_path / "_toc.yml").write_bytes(b"\xff\xfe")  # saved as UTF-16 by an editor: a traceback before
    assert main(["new-chapter", "inferno", "x", "--book", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err == f"rulesbook new-chapter: {tmp_path / '_toc.yml'} cannot be read as UTF-8 text: invalid start byte\n"
    assert not (tmp_path / "book").exists()


def test_a_table_of_contents_that_cannot_be_written_leaves_no_chapter_behind(project, capsys, monkeypatch):
    """The chapter and its entry both, or neither: a chapter the toc does not list would never be built."""
    write_text = Path.write_text

    def refuse_the_toc(path, *args, **kwargs):
        if path.name == "_toc.yml":
            raise PermissionError(13, "Permission denied", str(path))
        return write_text(path, *args, **kwargs)

    monkeypatch.setattr(Path, "write_text", refuse_the_toc)
    before = (project / "_toc.yml").read_text(encoding="utf-8")
    assert main(["new-chapter", "inferno", "x", "--book", str(project)]) == 2
    assert capsys.readouterr().err == f"rulesbook new-chapter: cannot write {project / '_toc.yml'}: Permission denied\n"
    assert not list(project.rglob("*.ipynb")) and (project / "_toc.yml").read_text(encoding="utf-8") == before
