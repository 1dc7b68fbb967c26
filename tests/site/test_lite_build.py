"""The live part of the built site (_build/html/lite, tools/lite.py): what it holds, read from disk.

Every chapter is there as the book has it, on the Pyodide kernel; Pyodide and every wheel are
self-hosted and the configuration never names an outside server; the library in the browser is
this checkout's; every chapter page links to its notebook there with a real "Run live" link.
The exception, the folders of lite/run_live.py's NOT_LIVE: no link, no copy, a note instead.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import re
import shutil
import subprocess
import tomllib
import zipfile
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import parse_qs, urljoin, urlparse

import pytest
from lite_browser import CHAPTERS, LITE, LIVE_CHECKS, LIVE_PAGE, NOT_LIVE_CHAPTERS, NOTEBOOKS, TOC, ZH_CHAPTERS
from run_live import NOT_LIVE, words
from site_browser import ROOT, SITE

from rulesbook.core.protocol import GAMES

PYODIDE = LITE / "static" / "pyodide"
URL = re.compile(r"\b(?:https?:)?//[\w.-]+\.[a-z]{2,}")


@pytest.fixture(scope="module")
def lock() -> dict:
    if not (SITE / LIVE_PAGE).is_file():
        pytest.fail("the live site is not built: run `make book` (LITE=1, the default)")
    return json.loads((PYODIDE / "pyodide-lock.json").read_text(encoding="utf-8"))


def code(notebook: dict) -> list[str]:
    return ["".join(cell["source"]) for cell in notebook["cells"] if cell["cell_type"] == "code"]


def left_out(notebook: dict) -> list[dict]:
    return [cell for cell in notebook["cells"] if "remove-cell" in cell.get("metadata", {}).get("tags", [])]


def test_every_chapter_is_there_as_the_book_has_it_on_the_pyodide_kernel(lock):
    """As the page has it: the cells the page leaves out (its checks) are not in the live copy."""
    assert CHAPTERS and ZH_CHAPTERS, "the tables of contents list chapter notebooks"
    for name in CHAPTERS + ZH_CHAPTERS:  # the zh-TW book's in the live site's zh-TW/ folder
        book = json.loads((ROOT / f"{name}.ipynb").read_text(encoding="utf-8"))
        live = json.loads((LITE / "files" / f"{name}.ipynb").read_text(encoding="utf-8"))
        assert not left_out(live), f"{name}: the live copy has the cells the page leaves out"
        shown = {**book, "cells": [cell for cell in book["cells"] if cell not in left_out(book)]}
        assert code(live) == code(shown), f"{name}: the live notebook's code is not the page's"
        assert [cell["cell_type"] for cell in live["cells"]] == [cell["cell_type"] for cell in shown["cells"]]
        assert all(cell.get("outputs", []) == [] for cell in live["cells"]), f"{name} carries outputs"
        assert live["metadata"]["kernelspec"]["name"] == "python"  # the Pyodide kernel's name
        # The app's contents index lists it, so the file browser and the kernel see it.
        listed = json.loads((LITE / "api" / "contents" / Path(name).parent / "all.json").read_text(encoding="utf-8"))
        assert f"{Path(name).name}.ipynb" in {item["name"] for item in listed["content"]}


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_each_chapters_download_leaves_out_what_the_page_leaves_out(name):
    """The page's .ipynb download (its _sources/ copy) has the chapter's visible cells, not its checks."""
    book = json.loads((ROOT / f"{name}.ipynb").read_text(encoding="utf-8"))
    download = json.loads((SITE / "_sources" / f"{name}.ipynb").read_text(encoding="utf-8"))
    assert not left_out(download), f"{name}: the download holds the cells the page leaves out"
    assert download["cells"] == [cell for cell in book["cells"] if cell not in left_out(book)]
    page = (SITE / f"{name}.html").read_text(encoding="utf-8")
    assert f"_sources/{name}.ipynb" in page, "the page links to its download"


def test_every_game_with_chapters_has_a_live_browser_check():
    """Each game's part is clicked live in JupyterLite; a part across the games (For teachers) runs
    live whole in Pyodide (test_lite_chapters_pyodide), on the same games' boards."""
    games = {name.split("/")[1] for name in CHAPTERS} & set(GAMES)
    assert games == set(GAMES)
    assert games <= set(LIVE_CHECKS), f"add a LiveCheck to tests/site/lite_browser.py for {games - set(LIVE_CHECKS)}"
    for game, check in LIVE_CHECKS.items():
        assert check.notebook.removesuffix(".ipynb") in CHAPTERS and check.notebook.startswith(f"book/{game}/")


def test_the_configuration_is_self_hosted_and_never_asks_pypi(lock):
    configs = sorted(LITE.glob("**/jupyter-lite.json"))
    assert LITE / "jupyter-lite.json" in configs
    for path in configs:
        text = path.read_text(encoding="utf-8")
        assert not URL.search(text), f"{path.relative_to(SITE)} names an outside server: {URL.search(text)[0]}"
    kernel = json.loads((LITE / "jupyter-lite.json").read_text())["jupyter-config-data"]["litePluginSettings"][
        "@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["pyodideUrl"] == "./static/pyodide/pyodide.mjs"
    assert kernel["disablePyPIFallback"] is True
    assert all(url.startswith("./") for url in kernel["pipliteUrls"])
    assert (PYODIDE / "pyodide.mjs").is_file() and (PYODIDE / "pyodide.asm.wasm").is_file()


def test_the_lock_lists_exactly_the_wheels_shipped_with_their_sha256(lock):
    assert lock["info"]["python"].startswith("3.14")
    for name, entry in lock["packages"].items():
        wheel = PYODIDE / entry["file_name"]
        assert "/" not in entry["file_name"] and wheel.is_file(), f"{name}: {entry['file_name']} is not shipped"
        assert hashlib.sha256(wheel.read_bytes()).hexdigest() == entry["sha256"], f"{name}: sha256"
    shipped = {path.name for path in PYODIDE.glob("*.whl")}
    assert shipped == {entry["file_name"] for entry in lock["packages"].values()}
    # `import rulesbook` brings the widgets along, and their front end is the same version.
    packages = lock["packages"]
    assert packages["rulesbook"]["imports"] == ["rulesbook"] and "anywidget" in packages["rulesbook"]["depends"]
    assert {"ipywidgets", "psygnal", "typing-extensions"} <= set(packages["anywidget"]["depends"])
    front_end = json.loads((LITE / "extensions" / "anywidget" / "package.json").read_text())
    assert front_end["version"] == packages["anywidget"]["version"]
    # A package the site does not ship is not listed, so importing it asks no server.
    assert "matplotlib" not in packages and "numpy" not in packages


def test_the_library_in_the_browser_is_this_checkouts(lock):
    wheel = PYODIDE / lock["packages"]["rulesbook"]["file_name"]
    with zipfile.ZipFile(wheel) as archive:
        shipped = {name: archive.read(name) for name in archive.namelist() if name.startswith("rulesbook/")}
    source = ROOT / "src" / "rulesbook"
    for path in sorted(source.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
            name = f"rulesbook/{path.relative_to(source).as_posix()}"
            assert shipped.get(name) == path.read_bytes(), f"{name} in the live site is not this checkout's: make book"
    # and the files pyproject adds to the wheel (the boards' JavaScript and CSS)
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    added = pyproject["tool"]["hatch"]["build"]["targets"]["wheel"].get("force-include", {})
    for checkout, name in added.items():
        given = ROOT / checkout
        files = sorted(path for path in given.rglob("*") if path.is_file()) if given.is_dir() else [given]
        assert files, f"{checkout} holds no file"
        for path in files:
            inside = f"{name}/{path.relative_to(given).as_posix()}" if given.is_dir() else name
            assert shipped.get(inside) == path.read_bytes(), f"{inside} in the live site is not {path.relative_to(ROOT)}"


class Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[dict[str, str]] = []
        self._open: dict[str, str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "a":
            self._open = {**{k: v or "" for k, v in attrs}, "text": ""}
            self.links.append(self._open)

    def handle_endtag(self, tag: str) -> None:
        if tag == "a":
            self._open = None

    def handle_data(self, data: str) -> None:
        if self._open is not None:
            self._open["text"] += data


@pytest.mark.parametrize("name", CHAPTERS + ZH_CHAPTERS)
def test_each_chapter_page_links_to_its_notebook_in_the_live_site(lock, name):
    live = run_live_links(name)
    assert len(live) == 1, f"{name}: one link with the text {link_text(name)!r}"
    target = urlparse(urljoin(f"http://site/{name}.html", live[0]["href"]))
    assert target.path == f"/{LIVE_PAGE}" and (SITE / LIVE_PAGE).is_file()
    notebook = parse_qs(target.query)["path"][0]
    assert notebook == f"{name}.ipynb" and (LITE / "files" / notebook).is_file()
    assert ("新分頁" if name.startswith("zh-TW/") else "new tab") in live[0].get("title", "")  # it opens in a new tab, and says so


def test_a_page_without_a_notebook_has_no_run_live_link(lock):
    root = re.search(r"^root:\s*(\S+)\s*$", TOC, re.M).group(1)
    assert "btn-run-live" not in (SITE / f"{root}.html").read_text(encoding="utf-8")


def link_text(name: str) -> str:
    """The "Run live" link's text on a chapter's page, in its book's language."""
    return words("zh_TW" if name.startswith("zh-TW/") else "en").text


def run_live_links(name: str) -> list[dict[str, str]]:
    parser = Links()
    parser.feed((SITE / f"{name}.html").read_text(encoding="utf-8"))
    return [link for link in parser.links if " ".join(link["text"].split()) == link_text(name)]


def test_the_zh_books_run_live_link_speaks_chinese():
    assert link_text(ZH_CHAPTERS[0]) == "在瀏覽器執行"
    for name in ZH_CHAPTERS:  # the link, its tooltip, what it says from a file, and the chapter's text
        assert "Run live" not in (SITE / f"{name}.html").read_text(encoding="utf-8"), name


@pytest.mark.parametrize("name", NOT_LIVE_CHAPTERS)
def test_a_chapter_that_is_not_live_has_no_link_no_copy_and_says_how_to_run_it(lock, name):
    assert run_live_links(name) == [], f"{name}: a chapter of lite/run_live.py's NOT_LIVE has no 'Run live' link"
    assert not (LITE / "files" / f"{name}.ipynb").exists(), f"{name} is copied into the live site"
    listed = LITE / "api" / "contents" / Path(name).parent / "all.json"
    assert not listed.exists() or f"{Path(name).name}.ipynb" not in listed.read_text(encoding="utf-8")
    text = " ".join(re.sub(r"<[^>]+>", " ", (SITE / f"{name}.html").read_text(encoding="utf-8")).split())
    assert "make lab" in text and "JupyterLab" in text, f"{name} does not say to run it in JupyterLab (make lab)"


def test_each_folder_that_is_not_live_holds_chapters_of_the_book():
    for folder in NOT_LIVE:
        assert folder.endswith("/") and any(name.startswith(folder) for name in NOT_LIVE_CHAPTERS), (
            f"lite/run_live.py's NOT_LIVE lists {folder!r}, a folder with no chapter of the table of contents")


GAMES = ("hudai", "inferno", "madness")
#: What a Play page's worker loads (widgets/play_worker.js), and what it may not.
PLAY_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide-lock.json")
#: The most a first visit of a Play page may load for its engine, gzipped as a host sends it (MB):
#: Pyodide's interpreter is 3.8 of it.
PLAY_MB = 5.9


def play_engine(game: str) -> list[str]:
    """rulesbook's files a Play page of that game runs: core, lessons and the game's, without the
    other games' rules and lessons, and without the catalogue's .po (the library reads its .mo); the
    rest (widgets, lab, the command line) it never imports."""
    source = ROOT / "src" / "rulesbook"
    others = tuple(f"{part}{other}/" for other in GAMES if other != game for part in ("", "lessons/"))
    files = [path.relative_to(source).as_posix() for package in ("core", game, "lessons")
             for path in sorted((source / package).rglob("*"))
             if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".po"]
    return [f"rulesbook/{name}" for name in files if not name.startswith(others)]


@pytest.mark.parametrize("game", GAMES)
def test_the_play_pages_python_is_the_engine_and_the_library_part_it_imports(lock, game):
    """play_python_<game>.zip (tools/play_stdlib.mjs), Pyodide's standard library on a Play page:
    every module of rulesbook's core and lessons and of that one game as bytecode, their data files
    as the checkout has them, and no source, no other game, no widget, no static file; beside them,
    modules of the site's standard library, with what the Play server imports and not the command
    line's nor the tests'."""
    whole, part = PYODIDE / "python_stdlib.zip", PYODIDE / f"play_python_{game}.zip"
    with zipfile.ZipFile(whole) as library, zipfile.ZipFile(part) as play:
        names = play.namelist()
        engine = play_engine(game)
        wanted = {name + "c" if name.endswith(".py") else name for name in [*engine, "rulesbook/__init__.py"]}
        assert {name for name in names if name.startswith("rulesbook/")} == wanted
        for name in wanted:
            data = play.read(name)
            if name.endswith(".pyc"):  # unchecked hash-based bytecode of the browser's Python, as the library's
                assert data[:8] == library.read("json/__init__.pyc")[:8], name
            else:
                assert data == (ROOT / "src" / name).read_bytes(), f"{name} is not the checkout's"
        stdlib = [name for name in names if not name.startswith("rulesbook/")]
        assert stdlib and all(name.endswith(".pyc") and name in library.namelist() for name in stdlib)
        # Pyodide's own packages as the whole library has them (the rest is compiled as -OO does)
        assert all(play.read(name) == library.read(name) for name in stdlib if name.startswith(("_pyodide/", "pyodide/")))
        for module in ("json/__init__.pyc", "dataclasses.pyc", "hashlib.pyc", "random.pyc", "traceback.pyc"):
            assert module in names, module
        assert "asyncio/__init__.pyc" in names  # Pyodide's own start imports it
        for module in ("argparse.pyc", "unittest/__init__.pyc"):  # the command line's, the tests'
            assert module in library.namelist() and module not in names, module
    assert part.stat().st_size * 3 < whole.stat().st_size


@pytest.mark.parametrize("game", GAMES)
def test_a_play_page_loads_its_engine_in_few_bytes(lock, game):
    """What a Play page's worker loads (PLAY_FILES and its game's zip: no wheel), gzipped as a host
    sends it, stays under PLAY_MB; the wheel of the live chapters is no part of it."""
    files = [*PLAY_FILES, f"play_python_{game}.zip"]
    assert all((PYODIDE / name).is_file() for name in files)
    sent = sum(len(gzip.compress((PYODIDE / name).read_bytes(), 6)) for name in files)
    assert sent < PLAY_MB * 1e6, f"a Play page loads {sent / 1e6:.2f} MB gzipped (at most {PLAY_MB})"
    worker = (ROOT / "widgets" / "play_worker.js").read_text(encoding="utf-8")
    assert "play_python_${game}.zip" in worker and ".whl" not in worker and "loadPackage" not in worker


def test_byte_compiling_a_wheel_keeps_its_modules_warnings_off_the_build(tmp_path):
    """tools/lite_pyc.mjs compiles every module of the wheels, tests and all: a module's own
    SyntaxWarning (ipywidgets' tests have an invalid escape, "\\.") is nothing a publisher can act
    on, and is not printed among the build's lines."""
    pyodide = ROOT / "lite" / "node_modules" / "pyodide"
    if not (pyodide / "pyodide.mjs").is_file() or not shutil.which("node"):
        pytest.fail("Pyodide from npm or node is missing: run `make book`")
    wheel = "odd-1.0-py3-none-any.whl"
    for folder in ("in", "out"):
        (tmp_path / folder).mkdir()
    with zipfile.ZipFile(tmp_path / "in" / wheel, "w") as made:
        made.writestr("odd/__init__.py", 'PATTERN = "\\."\n')
        made.writestr("odd-1.0.dist-info/RECORD", "odd/__init__.py,,\n")
    done = subprocess.run(["node", str(ROOT / "tools" / "lite_pyc.mjs"), str(pyodide), str(tmp_path / "in"), str(tmp_path / "out"), wheel],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "SyntaxWarning" not in done.stdout + done.stderr, done.stderr
    names = zipfile.ZipFile(tmp_path / "out" / wheel).namelist()
    assert any(name.startswith("odd/__pycache__/__init__.") and name.endswith(".pyc") for name in names), names  # compiled all the same
