"""Run each chapter under nbval once per change, several at a time, before `jupyter-book build` reads them.

Usage: python tools/chapters.py [--jobs N] [--cache DIR]

A chapter's inputs are its code cells and the library it uses: `rulesbook.core`, `lessons`,
`widgets`, `lab`, the game packages the chapter names (by module, or by name as in
`lab.simulate("hudai")`), the boards' JavaScript and CSS, and the data files beside it that its
code names ("search-strength.csv"). When
they change, the chapter's cached outputs are forgotten and its file is marked as changed for
Sphinx; then every chapter without cached outputs runs under nbval (pytest, each code cell a test
item, so a failure names the chapter and the cell; N pytest runs at a time), and what nbval
executed is cached in jupyter-cache (tools/nbval_cache.py), where the book build
(`execute_notebooks: cache`) finds it: each chapter runs once, as a test and for its page. A
chapter whose inputs did not change is not run again. A chapter that fails stops the build with
nbval's report.
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LIBRARY = ROOT / "src" / "rulesbook"
GAMES = ("inferno", "hudai", "madness")
TIMEOUT = 300  # seconds per cell, as in _config.yml


#: The books' folders, each with its table of contents: the English book and the zh-TW one.
BOOKS = (ROOT, ROOT / "zh-TW")


def chapters() -> list[Path]:
    """The notebooks of the tables of contents, in order: the English book's, then the zh-TW book's."""
    found = []
    for book in BOOKS:
        toc = (book / "_toc.yml").read_text(encoding="utf-8")
        found += [book / f"{name}.ipynb" for name in re.findall(r"^\s*-?\s*(?:file|root):\s*(\S+)\s*$", toc, re.M)]
    return [path for path in found if path.is_file()]


def code_of(notebook: dict) -> str:
    return "\n".join("".join(cell["source"]) for cell in notebook["cells"] if cell["cell_type"] == "code")


def _plays_only(path: Path) -> bool:
    """The Play pages' own files (widgets/play_*, lessons/play.py, widgets/play_site.py): no chapter runs them."""
    return path.name.startswith("play")


@functools.cache
def _all_files() -> tuple[Path, ...]:
    """The library's files and the boards' JavaScript and CSS (widgets/, without node_modules), but
    the Play pages' own."""
    library = [path for path in sorted(LIBRARY.rglob("*")) if path.is_file() and "__pycache__" not in path.parts]
    widgets = []
    for folder, subfolders, names in os.walk(ROOT / "widgets"):
        subfolders[:] = sorted(name for name in subfolders if name != "node_modules")
        widgets += [Path(folder) / name for name in names if name.endswith((".js", ".css"))]
    return tuple(path for path in library + sorted(widgets) if not _plays_only(path))


@functools.cache
def _file_digest(path: Path) -> bytes:
    return hashlib.sha256(path.read_bytes()).digest()


def library_files(code: str) -> list[Path]:
    """The library files a chapter's code may reach: everything but the games it never names."""
    unused = {game for game in GAMES if not re.search(rf"rulesbook\.{game}\b|import[^\n]*\b{game}\b|[\"']{game}[\"']", code)}
    return [path for path in _all_files()
            if not (path.is_relative_to(LIBRARY) and path.relative_to(LIBRARY).parts[0] in unused)]


def data_files(path: Path, code: str) -> list[Path]:
    """The data files beside a chapter that its code names by file name (a stored measurement,
    "search-strength.csv"): measured again, the chapter runs again."""
    return [file for file in sorted(path.parent.iterdir())
            if file.is_file() and file.suffix in (".csv", ".json") and re.search(rf"[\"']{re.escape(file.name)}[\"']", code)]


def inputs_hash(path: Path) -> str:
    notebook = json.loads(path.read_text(encoding="utf-8"))
    code = code_of(notebook)
    digest = hashlib.sha256(code.encode())
    for file in library_files(code) + data_files(path, code):
        digest.update(str(file.relative_to(ROOT)).encode())
        digest.update(_file_digest(file))
    return digest.hexdigest()


def run_under_nbval(paths: list[str], executed: Path) -> subprocess.Popen:
    """Start pytest with nbval on these chapters, one after another in one process: each code cell a
    test item; each chapter that passes is written, executed, into `executed` (tools/nbval_cache.py).
    Without hypothesis's plugin, which imports hypothesis at the end of every run (1.5 s)."""
    command = [
        sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", "no:hypothesispytest", "-p", "nbval_cache", "--nbval-lax",
        "--nbval-current-env", f"--nbval-cell-timeout={TIMEOUT}", f"--nbval-executed={executed}",
        "--rootdir", str(ROOT), "-q", "--no-header", "-rN", "--tb=short", *paths,
    ]
    env = dict(os.environ, RULESBOOK_PROGRESS="0",  # the lab's progress bars are not saved into a page
               PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT / "tools"), os.environ.get("PYTHONPATH")])))
    return subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


#: About how long a chapter runs, in seconds: one that simulates plays hundreds of games (the
#: design lab's: 25 to 55 s on a 2-core machine); the others draw boards (1 to 3 s).
SIMULATES = re.compile(r"\blab\.(simulate|sweep|strength)\(")
SIMULATION_SECONDS, BOARD_SECONDS = 30.0, 2.0


@functools.cache
def seconds(path: str) -> float:
    code = code_of(json.loads(Path(path).read_text(encoding="utf-8")))
    return SIMULATION_SECONDS if SIMULATES.search(code) else BOARD_SECONDS


def shares(paths: list[str], jobs: int) -> list[list[str]]:
    """The chapters dealt into `jobs` runs of about equal time: the longest first, each to the run
    with the least to do so far (the design lab's long chapters split between the runs)."""
    runs: list[list[str]] = [[] for _ in range(max(1, min(jobs, len(paths))))]
    loads = [0.0] * len(runs)
    for path in sorted(paths, key=lambda name: (-seconds(name), -Path(name).stat().st_size)):
        lightest = loads.index(min(loads))
        runs[lightest].append(path)
        loads[lightest] += seconds(path)
    return runs


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=max(1, len(os.sched_getaffinity(0))))
    parser.add_argument("--cache", type=Path, default=ROOT / "_build" / ".jupyter_cache")
    args = parser.parse_args(argv)

    stamps_file = args.cache / "chapter-inputs.json"
    stamps = json.loads(stamps_file.read_text()) if stamps_file.is_file() else {}
    # A stamp is written only once its chapter is in the cache (the two live in one folder): when
    # every stamp holds, nothing need be read from the cache (nor jupyter-cache imported, 3 s).
    if all(stamps.get(str(path.relative_to(ROOT))) == inputs_hash(path) for path in chapters()):
        print("chapters: every chapter is up to date")
        return 0
    import nbformat
    from jupyter_cache import get_cache
    from jupyter_cache.base import CacheBundleIn

    cache = get_cache(str(args.cache))
    todo = []
    for path in chapters():
        name = str(path.relative_to(ROOT))
        digest = inputs_hash(path)
        notebook = nbformat.read(str(path), as_version=4)
        try:
            record = cache.match_cache_notebook(notebook)
        except KeyError:
            record = None
        if record is not None and stamps.get(name) == digest:
            continue
        if record is not None:
            cache.remove_cache(record.pk)  # the library changed under it
            os.utime(path)  # so Sphinx reads the chapter again
        todo.append(str(path))
    if not todo:
        print("chapters: every chapter is up to date")
        return 0
    import nbval_cache  # pytest and nbval: only when a chapter runs

    print(f"chapters: running {len(todo)} of {len(chapters())} chapters under nbval, {args.jobs} at a time")
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        executed = Path(folder)
        runs = [run_under_nbval(paths, executed) for paths in shares(todo, args.jobs)]
        outputs = [run.communicate()[0] for run in runs]
        failed = [output for run, output in zip(runs, outputs) if run.returncode != 0]
        for line in (line for output in outputs for line in output.splitlines()):
            if line.startswith("nbval_cache:"):  # a kernel started again (tools/nbval_cache.py)
                print(f"  {line}", flush=True)
        for path in todo:
            name = str(Path(path).relative_to(ROOT))
            copy = executed / nbval_cache.executed_name(Path(path), ROOT)
            if not copy.is_file():
                print(f"  {name}: FAILED", flush=True)
                continue
            seconds = json.loads(copy.with_name(copy.name + ".json").read_text())["execution_seconds"]
            cache.cache_notebook_bundle(
                CacheBundleIn(nbformat.read(str(copy), as_version=4), str(Path(path).resolve()),
                              data={"execution_seconds": seconds}),
                check_validity=False, overwrite=True,
            )
            stamps[name] = inputs_hash(Path(path))
            print(f"  {name}: {seconds:.1f} s", flush=True)
        stamps_file.write_text(json.dumps(stamps, indent=1, sort_keys=True))
    print(f"chapters: {time.perf_counter() - started:.0f} s", flush=True)
    if failed:
        print("chapters: these chapters fail under nbval:\n" + "\n".join(failed), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
